#!/usr/bin/env bash
# Runs the lab's calibration suite: the A/A checks of every interval and test the lab
# reports, each over many seeds, and prints one Markdown table per check (the tables that
# docs/statistics.md, "Calibration", records with their date). Each check asserts that the
# measured rate is within the binomial tolerance of its nominal rate, so the script exits
# non-zero when one is not.
#
# Usage: scripts/calibrate.sh [TEST...]
#   TEST  calibrate_intervals, calibrate_lab or calibrate_sprt (default: all three)
# Environment: CALIBRATE_SEEDS overrides the number of seeds (runs) of each check; fewer
# than 200 (20 for the sweeps) is a quick look, not a calibration.
# About 11 minutes on an idle 2-core machine after the release build (several hundred runs).
set -euo pipefail

cd "$(dirname "$0")/.."
tests=("$@")
if [[ ${#tests[@]} -eq 0 ]]; then
    tests=(calibrate_intervals calibrate_lab calibrate_sprt)
fi
# calibrate_intervals and calibrate_sprt call the lab (modules of lab/tests/it/);
# calibrate_lab runs `sim compare` and `sim sweep` (a module of sim-cli/tests/it/). Each
# crate's integration tests are one binary, `it`; a module's tests are selected by the
# filter `MODULE::`.
lab=()
cli=()
for t in "${tests[@]}"; do
    case "$t" in
        calibrate_lab) cli+=("$t::") ;;
        calibrate_intervals | calibrate_sprt) lab+=("$t::") ;;
        *) echo "scripts/calibrate.sh: unknown check '$t' (calibrate_intervals, calibrate_lab, calibrate_sprt)" >&2; exit 2 ;;
    esac
done
status=0
if [[ ${#lab[@]} -gt 0 ]]; then
    cargo test --release -p lab --test it -- --ignored --nocapture --test-threads=1 "${lab[@]}" || status=$?
fi
if [[ ${#cli[@]} -gt 0 ]]; then
    cargo test --release -p sim-cli --test it -- --ignored --nocapture --test-threads=1 "${cli[@]}" || status=$?
fi
exit "$status"

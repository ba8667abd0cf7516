#!/usr/bin/env bash
# Calibration of the lab's crazy_eights against OpenSpiel's (same game, same
# distributions, time per random game).
#
#   benches/openspiel/calibrate.sh [GAMES] [SEED]      (defaults: 100000 games, seed 1)
#
# 1. Creates a throwaway venv in a temporary folder and installs open_spiel into it with
#    pip (set PYTHON=/path/to/python to use an interpreter that already has pyspiel).
# 2. Plays GAMES uniformly random games of crazy_eights(players=2) in OpenSpiel's C++
#    (one pyspiel.evaluate_bots call per game, two uniform random bots).
# 3. Plays GAMES random games in the lab's engine (engine/examples/crazy_eights_random.rs,
#    per-game lengths and returns) and a `sim run` of GAMES games (random vs random,
#    --no-duplicate, one thread).
# 4. Compares (benches/openspiel/calibrate.py compare): mean game length, length
#    distribution (Kolmogorov-Smirnov and chi-square), seat 0's outcomes and returns,
#    and the sim run's outcomes and mean length; each with its p-value and PASS/FAIL.
#    Then prints the time per game of each side: each side plays its games REPEATS times
#    (default 3) and the best time is kept.
#
# Exit status: 0 when every test passes, 1 otherwise. Takes a few minutes on 2 cores
# (most of it installing open_spiel and building the lab in release mode).
set -euo pipefail

GAMES=${1:-100000}
SEED=${2:-1}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

echo "== crazy_eights calibration: $GAMES games a side, seed $SEED, $(date -u +%Y-%m-%dT%H:%MZ)"
echo "   machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load average $(cut -d' ' -f1-3 /proc/loadavg)"

if [ -z "${PYTHON:-}" ]; then
    echo "== installing open_spiel into a throwaway venv ($TMP/venv)"
    python3 -m venv "$TMP/venv"
    "$TMP/venv/bin/pip" install --quiet --disable-pip-version-check open_spiel
    PYTHON=$TMP/venv/bin/python
fi
echo "   $("$PYTHON" -m pip show open_spiel 2>/dev/null | grep -E '^(Name|Version)' | xargs)"

echo "== building the lab (release)"
(cd "$ROOT" && cargo build --quiet --release -p sim-cli -p engine --example crazy_eights_random)

# Each side runs REPEATS times (the same games each time); the best time per game is
# kept, as the least disturbed by whatever else the machine runs.
REPEATS=${REPEATS:-3}
best() { sed -E 's/.* ([0-9.]+) us per game.*/\1/' | sort -g | head -1; }

echo "== OpenSpiel: $GAMES random games, $REPEATS times"
os_times=""
for _ in $(seq "$REPEATS"); do
    line=$("$PYTHON" "$ROOT/benches/openspiel/calibrate.py" openspiel "$GAMES" "$SEED" "$TMP/openspiel.csv")
    echo "   $line"
    os_times="$os_times$line"$'\n'
done

echo "== lab engine: $GAMES random games, $REPEATS times"
lab_times=""
for _ in $(seq "$REPEATS"); do
    line=$("$TARGET/release/examples/crazy_eights_random" "$GAMES" "$SEED" 2>&1 >"$TMP/lab.csv")
    echo "   $line"
    lab_times="$lab_times$line"$'\n'
done

echo "== lab sim run: $GAMES games, $REPEATS times"
sim_times=""
for _ in $(seq "$REPEATS"); do
    rm -rf "$TMP/run"
    line=$("$TARGET/release/sim" run --game crazy_eights --agents random,random --games "$GAMES" \
        --no-duplicate --threads 1 --seed "$SEED" --out "$TMP/run" | grep -E '^elapsed')
    echo "   $line"
    us=$(echo "$line" | sed -E 's/.*, ([0-9.]+) games\/s.*/\1/' | awk '{printf "%.3f", 1e6 / $1}')
    sim_times="$sim_times $us us per game"$'\n'
done

echo "== comparison"
status=0
"$PYTHON" "$ROOT/benches/openspiel/calibrate.py" compare "$TMP/openspiel.csv" "$TMP/lab.csv" \
    "$TMP/run" || status=$?

echo "== time per random game, best of $REPEATS (one thread; wall clock, so a busy machine slows every side)"
os_us=$(printf "%s" "$os_times" | best)
lab_us=$(printf "%s" "$lab_times" | best)
sim_us=$(printf "%s" "$sim_times" | best)
awk -v o="$os_us" -v l="$lab_us" -v s="$sim_us" 'BEGIN {
    printf "  OpenSpiel C++ (evaluate_bots)   %8.3f us\n", o
    printf "  lab engine (example loop)       %8.3f us   %5.1fx faster\n", l, o / l
    printf "  lab sim run (agents, stats)     %8.3f us   %5.1fx faster\n", s, o / s
}'
exit $status

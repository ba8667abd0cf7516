#!/usr/bin/env bash
# Throughput of several `sim` builds on one `sim bench` workload, timed back to back:
# each round runs every build once, in turn, so that a burst of load on a shared machine
# touches every build alike; prints, per build, the median and the best games/s of the
# rounds, then every round's figure (sorted). With RUN=1, each round instead times a whole
# `sim --agents random,random` run of GAMES games on one thread from outside (process,
# statistics and report files included), as `benches/compare-openspiel.sh` does: games
# played by two seats (GRANGOL, Crazy Eights, Helvetia Cup).
#
# Usage: scripts/bench-ab.sh ROUNDS GAME GAMES SIM...
#   ROUNDS  rounds (11 gives a steady median on the 2-core machine)
#   GAME    the game whose random games `sim bench --game GAME` plays
#   GAMES   games a run (`--games`)
#   SIM     two or more `sim` binaries (an older build: `git worktree add` it and build it
#           with its own CARGO_TARGET_DIR). For a change worth less than about 10%, build
#           every SIM with `cargo build --profile before -p sim-cli` (one codegen unit;
#           CARGO_PROFILE_BEFORE_DEBUG=0 builds it faster): the release profile's 16
#           codegen units move what the compiler inlines when unrelated code moves, and
#           two release builds of the same hot code measured 25,000 and 28,000 LASTUF
#           games/s in the same rounds (docs/performance.md, "LASTUF's plays tested
#           together"). `before` puts the binary in target/before/sim.
#
# Example: scripts/bench-ab.sh 11 lastuf 10000 /tmp/base/release/sim target/release/sim
set -euo pipefail
if [ $# -lt 4 ]; then
    sed -n '2,23p' "$0" >&2
    exit 2
fi
rounds=$1 game=$2 games=$3
shift 3
for _ in $(seq "$rounds"); do
    for sim in "$@"; do
        if [ "${RUN:-0}" = 1 ]; then
            out=$(mktemp -d)
            start=$(date +%s.%N)
            "$sim" --game "$game" --agents random,random --games "$games" --threads 1 \
                --out "$out/run" -q >/dev/null
            rate=$(echo "$games / ($(date +%s.%N) - $start)" | bc -l | cut -d. -f1)
            rm -rf "$out"
        else
            rate=$("$sim" bench --game "$game" --games "$games" -q | awk '/games\/s/ {print $(NF-3); exit}')
        fi
        echo "$sim $rate"
    done
done | sort -k1,1 -k2,2n | awk '
    { rates[$1] = rates[$1] " " $2; n[$1]++ }
    END {
        for (sim in rates) {
            split(substr(rates[sim], 2), r, " ")
            printf "%s  median %s  best %s  (all:%s)\n", sim, r[int((n[sim] + 1) / 2)], r[n[sim]], rates[sim]
        }
    }'

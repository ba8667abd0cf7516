#!/usr/bin/env bash
# Side by side with OpenSpiel on identical work, one thread each, in one run:
#
#   1. random playouts of crazy_eights(players=2): whole games in C++ on OpenSpiel's side
#      (pyspiel.evaluate_bots with uniform random bots, one call per game), whole games
#      in `sim bench` on ours; games/s and applied actions/s for both, and their ratio;
#   2. MCTS searches of equal iterations from the same start states (the states of our
#      `sim bench --search` lines, replayed action by action in OpenSpiel, whose action
#      codes ours share): microseconds per iteration, both sides, and their ratio.
#      OpenSpiel's side is its C++ MCTSBot with one random rollout per iteration
#      (perfect-information MCTS on the true state: OpenSpiel's ISMCTSBot needs
#      information-state strings, which its crazy_eights does not implement); ours is the
#      lab's ISMCTS, which also samples a determinization every iteration.
#
# Usage: benches/compare-openspiel.sh [GAMES] [ITERATIONS] [SEARCHES]
#   GAMES       random games per side (default 100000)
#   ITERATIONS  iterations per search (default 1000)
#   SEARCHES    searches per side (default 10)
#
# Needs python3 (with venv) and network access to PyPI; installs `open_spiel` into a
# throwaway virtual environment that is removed at the end. Run it on a quiet machine:
# both sides run in turn in the same run, so their ratio is fair even on a noisy one.
set -euo pipefail
cd "$(dirname "$0")/.."

games=${1:-100000}
iterations=${2:-1000}
searches=${3:-10}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== installing open_spiel into a throwaway virtual environment"
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet open_spiel numpy
"$work/venv/bin/python" -c 'import pyspiel, sys; print("open_spiel", pyspiel.__file__ and "ok", "python", sys.version.split()[0])'

echo "== building sim"
cargo build --release --quiet -p sim-cli

echo "== ours: sim bench --game crazy_eights --games $games --search $iterations --searches $searches"
target/release/sim bench --game crazy_eights --games "$games" \
    --search "$iterations" --searches "$searches" | tee "$work/ours.txt"

echo "== OpenSpiel, then the comparison"
"$work/venv/bin/python" - "$work/ours.txt" "$games" "$iterations" <<'PY'
import re
import sys
import time

import numpy as np
import pyspiel

ours_file, games, iterations = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
text = open(ours_file).read()
game = pyspiel.load_game("crazy_eights(players=2)")

# --- random games --------------------------------------------------------------------
m = re.search(r"^crazy_eights\s+random,random\s+(\d+) games\s+(\d+) actions.*?"
              r"([\d.]+) games/s\s+([\d.]+) actions/s", text, re.M)
if not m:
    sys.exit("cannot find the random,random line of sim bench in:\n" + text)
our_games, our_actions = int(m.group(1)), int(m.group(2))
our_gps, our_aps = float(m.group(3)), float(m.group(4))

# Mean game length on OpenSpiel's side (applied actions, chance included), from games
# played in Python (their speed is not measured), to turn games/s into actions/s.
rng = np.random.default_rng(1)
lengths = []
for _ in range(2000):
    s = game.new_initial_state()
    while not s.is_terminal():
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            p = np.array([q for _, q in outcomes])
            s.apply_action(outcomes[rng.choice(len(outcomes), p=p / p.sum())][0])
        else:
            legal = s.legal_actions()
            s.apply_action(legal[rng.integers(len(legal))])
    lengths.append(len(s.history()))
os_length = float(np.mean(lengths))

bots = [pyspiel.make_uniform_random_bot(p, 1000 + p) for p in range(2)]
pyspiel.evaluate_bots(game.new_initial_state(), bots, 0)  # warm up
start = time.perf_counter()
for i in range(games):
    pyspiel.evaluate_bots(game.new_initial_state(), bots, i)
seconds = time.perf_counter() - start
os_gps = games / seconds
os_aps = os_gps * os_length

print()
print("random playouts of crazy_eights(players=2), one thread")
print(f"  {'':10} {'games/s':>12} {'actions/s':>14} {'actions/game':>13}")
print(f"  {'OpenSpiel':10} {os_gps:12.0f} {os_aps:14.0f} {os_length:13.1f}")
print(f"  {'sim':10} {our_gps:12.0f} {our_aps:14.0f} {our_actions / our_games:13.1f}")
print(f"  ratio (sim / OpenSpiel): {our_gps / os_gps:.1f}x games/s, "
      f"{our_aps / os_aps:.1f}x actions/s")

# --- MCTS searches ---------------------------------------------------------------------
starts = re.findall(r"^search \d+: start ([\d ]+) \| (\d+) iterations, ([\d.]+) us/iteration",
                    text, re.M)
if not starts:
    sys.exit("cannot find the search lines of sim bench in:\n" + text)
os_us, our_us = [], []
for k, (history, done, us) in enumerate(starts):
    state = game.new_initial_state()
    for a in history.split():
        state.apply_action(int(a))
    assert not state.is_chance_node() and not state.is_terminal()
    bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, 100 + k), 2.0,
                          iterations, 1000, False, 100 + k, False)
    start = time.perf_counter()
    bot.step(state)
    os_us.append((time.perf_counter() - start) * 1e6 / iterations)
    our_us.append(float(us))
print()
print(f"MCTS, {len(starts)} searches of {iterations} iterations from the same start states")
print(f"  OpenSpiel MCTSBot (random rollout): {np.mean(os_us):8.2f} us/iteration")
print(f"  sim mcts (ISMCTS, random playout):  {np.mean(our_us):8.2f} us/iteration")
print(f"  ratio (OpenSpiel / sim): {np.mean(os_us) / np.mean(our_us):.1f}x cheaper per iteration")
PY

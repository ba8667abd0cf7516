#!/usr/bin/env bash
# Side by side with OpenSpiel on identical work, one thread each, in one run:
#
#   1. random playouts of crazy_eights(players=2): whole games in C++ on OpenSpiel's side
#      (pyspiel.evaluate_bots with uniform random bots, one call per game); on ours, whole
#      games in `sim bench` (the game loop) and a whole `sim` run timed from outside (its
#      statistics, summary and report files included); games/s of each, and the ratios;
#   2. MCTS searches of equal iterations from the same start states (the states of our
#      `sim bench --search` lines, replayed action by action in OpenSpiel, whose action
#      codes ours share): microseconds per iteration, both sides, and their ratio.
#      OpenSpiel's side is its C++ MCTSBot with one random rollout per iteration
#      (perfect-information MCTS on the true state: OpenSpiel's ISMCTSBot needs
#      information-state strings, which its crazy_eights does not implement); ours is the
#      lab's ISMCTS, which also samples a determinization every iteration.
#
# Usage: benches/compare-openspiel.sh [GAMES] [ITERATIONS] [SEARCHES] [ROUNDS]
#   GAMES       random games per side and round (default 100000)
#   ITERATIONS  iterations per search (default 1000)
#   SEARCHES    searches per side (default 10)
#   ROUNDS      rounds of random games (default 3): each round times our side, then
#               OpenSpiel's, back to back; the ratio reported is the median of the rounds'
#               ratios, so that a burst of load on a shared machine moves one round only
# SIM=PATH times another `sim` binary (an older build, for a before/after) instead of the
# one built here.
#
# Needs python3 (with venv) and network access to PyPI; installs `open_spiel` into a
# throwaway virtual environment that is removed at the end. Run it on a quiet machine:
# both sides run in turn in the same run, so their ratio is fair even on a noisy one.
set -euo pipefail
cd "$(dirname "$0")/.."

games=${1:-100000}
iterations=${2:-1000}
searches=${3:-10}
rounds=${4:-3}
sim=${SIM:-target/release/sim}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== installing open_spiel into a throwaway virtual environment"
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet open_spiel numpy
"$work/venv/bin/python" -c 'import pyspiel, sys; print("open_spiel", pyspiel.__file__ and "ok", "python", sys.version.split()[0])'

echo "== building sim"
cargo build --release --quiet -p sim-cli

echo "== ours: the search start states (sim bench --game crazy_eights --search $iterations --searches $searches)"
"$sim" bench --game crazy_eights --games 1000 \
    --search "$iterations" --searches "$searches" | tee "$work/ours.txt"

echo "== random games, ours then OpenSpiel, $rounds rounds; then the searches"
"$work/venv/bin/python" - "$work/ours.txt" "$games" "$iterations" "$rounds" "$sim" <<'PY'
import re
import subprocess
import sys
import time

import numpy as np
import pyspiel

ours_file, games, iterations = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rounds, sim = int(sys.argv[4]), sys.argv[5]
text = open(ours_file).read()
game = pyspiel.load_game("crazy_eights(players=2)")

# --- random games --------------------------------------------------------------------
def our_random(text):
    """(games, actions, games/s, actions/s) of the random,random line of `sim bench`."""
    m = re.search(r"^crazy_eights\s+random,random\s+(\d+) games\s+(\d+) actions.*?"
                  r"([\d.]+) games/s\s+([\d.]+) actions/s", text, re.M)
    if not m:
        sys.exit("cannot find the random,random line of sim bench in:\n" + text)
    return int(m.group(1)), int(m.group(2)), float(m.group(3)), float(m.group(4))

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

def openspiel_gps():
    """OpenSpiel's games/s over `games` whole games in C++, one evaluate_bots call each."""
    start = time.perf_counter()
    for i in range(games):
        pyspiel.evaluate_bots(game.new_initial_state(), bots, i)
    return games / (time.perf_counter() - start)

def our_run_gps(out):
    """Games/s of a whole `sim run` of `games` random games on one thread, timed from
    outside: the process, its statistics and its files included."""
    start = time.perf_counter()
    subprocess.run([sim, "--game", "crazy_eights", "--agents", "random,random",
                    "--games", str(games), "--threads", "1", "--out", out, "-q"],
                   capture_output=True, text=True, check=True)
    return games / (time.perf_counter() - start)

print()
print(f"random playouts of crazy_eights(players=2), one thread, {rounds} rounds of "
      f"{games} games a side, back to back: `sim bench` (the game loop), a whole `sim` run "
      f"(statistics and files), then OpenSpiel")
print(f"  {'round':6} {'bench games/s':>14} {'run games/s':>12} {'OpenSpiel games/s':>18} "
      f"{'bench ratio':>12} {'run ratio':>10}")
bench_ratios, run_ratios = [], []
for r in range(rounds):
    run = subprocess.run([sim, "bench", "--game", "crazy_eights",
                          "--games", str(games), "-q"],
                         capture_output=True, text=True, check=True)
    our_games, our_actions, our_gps, _ = our_random(run.stdout)
    run_gps = our_run_gps(f"{ours_file}.run{r}")
    os_gps = openspiel_gps()
    bench_ratios.append(our_gps / os_gps)
    run_ratios.append(run_gps / os_gps)
    print(f"  {r + 1:<6} {our_gps:14.0f} {run_gps:12.0f} {os_gps:18.0f} "
          f"{bench_ratios[-1]:11.1f}x {run_ratios[-1]:9.1f}x")
ratio, run_ratio = float(np.median(bench_ratios)), float(np.median(run_ratios))
print(f"  actions a game: OpenSpiel {os_length:.1f}, sim {our_actions / our_games:.1f}")
print(f"  ratio (sim / OpenSpiel), median of the rounds: {ratio:.1f}x games/s in the game "
      f"loop ({ratio * (our_actions / our_games) / os_length:.1f}x actions/s), "
      f"{run_ratio:.1f}x for the whole run")

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

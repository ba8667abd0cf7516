#!/usr/bin/env python3
"""An A/A-style check between two `sim` builds whose play may differ only in how random
streams are used (issue 42's forced decisions: the random agent no longer draws at a
decision with one legal action, so every game after the first forced decision differs,
but the distribution of outcomes must not).

    scripts/aa-check.py SIM_A SIM_B [--games N] [--seed S] [--agents SPEC,...] [GAME ...]

For each game (default: the five embedded games),
runs `sim run --agents random,... --games N --threads 2` with each build on the same seed
and compares, seat by seat, what `summary.csv` gives with a standard error: mean goals
for, mean actions, mean turns, win rate and draw rate. Prints one line per comparison
with z = (B - A) / sqrt(se_A^2 + se_B^2), and at the end the largest |z| against the
Bonferroni bound for that many two-sided tests at 5% (the family's 95%). Exit status 1
when a |z| passes the bound.
"""
import argparse
import csv
import math
import os
import subprocess
import sys
import tempfile
from statistics import NormalDist

GAMES = {"grangol": 2, "crazy_eights": 2, "lastuf": 4, "memory": 2, "helvetia": 2}
# Fewer Helvetia games: one takes about 4,500 actions.
SCALE = {"helvetia": 0.1}


def run(sim, game, seats, games, seed, agent, out):
    agents = ",".join([agent] * seats)
    subprocess.run(
        [sim, "run", "--game", game, "--agents", agents, "--games", str(games),
         "--threads", "2", "--seed", str(seed), "-q", "--out", out],
        check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(out, "summary.csv")) as f:
        return {row["seat"]: row for row in csv.DictReader(f)}


def binomial_se(p, n):
    return math.sqrt(max(p * (1 - p), 1e-12) / n)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("sim_a")
    ap.add_argument("sim_b")
    ap.add_argument("--games", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--agent", default="random")
    ap.add_argument("game", nargs="*")
    args = ap.parse_args()
    games = args.game or list(GAMES)
    tests = []
    with tempfile.TemporaryDirectory() as tmp:
        for game in games:
            n = max(100, int(args.games * SCALE.get(game, 1.0)))
            rows = []
            for k, sim in enumerate([args.sim_a, args.sim_b]):
                out = os.path.join(tmp, f"{game}-{k}")
                rows.append(run(sim, game, GAMES[game], n, args.seed, args.agent, out))
            a, b = rows
            for seat in sorted(a):
                ra, rb = a[seat], b[seat]
                na, nb = int(ra["games"]), int(rb["games"])
                for metric, se in [("mean_goals_for", "mean_goals_for_se"),
                                   ("mean_actions", "mean_actions_se"),
                                   ("mean_turns", "mean_turns_se"),
                                   ("win_rate", None), ("draw_rate", None)]:
                    va, vb = float(ra[metric]), float(rb[metric])
                    if se:
                        sa, sb = float(ra[se]), float(rb[se])
                    else:
                        sa, sb = binomial_se(va, na), binomial_se(vb, nb)
                    s = math.hypot(sa, sb)
                    z = (vb - va) / s if s > 0 else 0.0
                    tests.append(abs(z))
                    print(f"{game:13} seat {seat} {metric:15} A {va:10.4f}  B {vb:10.4f}  "
                          f"z {z:+.2f}   ({n} games each)")
    bound = NormalDist().inv_cdf(1 - 0.025 / len(tests))
    worst = max(tests)
    over2 = sum(1 for z in tests if z > 1.96)
    print(f"{len(tests)} comparisons; largest |z| {worst:.2f} (Bonferroni bound at 95% for "
          f"the family: {bound:.2f}); |z| > 1.96 in {over2} (about {0.05 * len(tests):.1f} "
          f"expected by chance)")
    sys.exit(1 if worst > bound else 0)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Calibration of the lab's crazy_eights against OpenSpiel's: the same game, the same
distributions, and the time per random game.

Two subcommands, called by `calibrate.sh`:

  calibrate.py openspiel GAMES SEED OUT.csv
      plays GAMES uniformly random games of crazy_eights(players=2) in OpenSpiel's C++:
      one `pyspiel.evaluate_bots` call per game with two `make_uniform_random_bot`s (the
      whole game runs in C++; chance nodes are sampled by `SampleAction` from a
      std::mt19937 seeded with SEED + game index). Writes game,length,return0,return1
      (length: len(state.history()), chance outcomes included) and prints the time.

  calibrate.py compare OPENSPIEL.csv OURS.csv [RUN_DIR]
      compares the two samples (standard library only): mean game length (Welch z test),
      the length distributions (two-sample Kolmogorov-Smirnov; chi-square on binned
      lengths), seat 0's outcome (chi-square on win/draw/loss), seat 0's mean return
      (Welch z test) and its binned distribution (chi-square). With RUN_DIR (the folder
      of a `sim run --no-duplicate`), also the run's seat-0 outcomes (summary.csv) and
      mean game length (run.json). Prints each statistic, its p-value and PASS (p >= ALPHA) or FAIL.
"""

import csv
import json
import math
import sys
import time

ALPHA = 0.001


def play_openspiel(games, seed, out):
    import pyspiel

    game = pyspiel.load_game("crazy_eights(players=2)")
    bots = [pyspiel.make_uniform_random_bot(0, seed), pyspiel.make_uniform_random_bot(1, seed + 1)]
    rows = []
    start = time.perf_counter()
    for g in range(games):
        state = game.new_initial_state()
        returns = pyspiel.evaluate_bots(state, bots, seed + g)
        rows.append((g, len(state.history()), int(returns[0]), int(returns[1])))
    secs = time.perf_counter() - start
    with open(out, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["game", "length", "return0", "return1"])
        w.writerows(rows)
    print(f"OpenSpiel {pyspiel.__version__ if hasattr(pyspiel, '__version__') else ''}: "
          f"{games} games in {secs:.3f} s: {secs * 1e6 / games:.3f} us per game "
          f"(one thread, evaluate_bots from Python)")


def read(path):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    lengths = [int(r["length"]) for r in rows]
    r0 = [int(r["return0"]) for r in rows]
    r1 = [int(r["return1"]) for r in rows]
    return lengths, r0, r1


# ----- distributions (standard library only) ------------------------------------------


def normal_sf(z):
    return 0.5 * math.erfc(z / math.sqrt(2))


def gammaincc(a, x):
    """Regularized upper incomplete gamma Q(a, x) (Numerical Recipes 6.2)."""
    if x <= 0:
        return 1.0
    if x < a + 1:
        term = total = 1.0 / a
        n = a
        for _ in range(10000):
            n += 1
            term *= x / n
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(-x + a * math.log(x) - math.lgamma(a)))
    b = x + 1 - a
    c = 1 / 1e-300
    d = 1 / b
    h = d
    for i in range(1, 10000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1e-300 if abs(d) < 1e-300 else d
        c = b + an / c
        c = 1e-300 if abs(c) < 1e-300 else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return math.exp(-x + a * math.log(x) - math.lgamma(a)) * h


def chi2_sf(x, dof):
    return gammaincc(dof / 2, x / 2)


def kolmogorov_sf(lam):
    """P(K > lam) for the Kolmogorov distribution."""
    if lam < 0.2:
        return 1.0
    s = 0.0
    for k in range(1, 200):
        term = 2 * (-1) ** (k - 1) * math.exp(-2 * k * k * lam * lam)
        s += term
        if abs(term) < 1e-16:
            break
    return min(1.0, max(0.0, s))


def ks_two_sample(a, b):
    a, b = sorted(a), sorted(b)
    n, m = len(a), len(b)
    i = j = 0
    d = 0.0
    while i < n and j < m:
        x = min(a[i], b[j])
        while i < n and a[i] == x:
            i += 1
        while j < m and b[j] == x:
            j += 1
        d = max(d, abs(i / n - j / m))
    ne = n * m / (n + m)
    lam = (math.sqrt(ne) + 0.12 + 0.11 / math.sqrt(ne)) * d
    return d, kolmogorov_sf(lam)


def welch(a, b):
    def mv(x):
        mu = sum(x) / len(x)
        return mu, sum((v - mu) ** 2 for v in x) / (len(x) - 1)

    (ma, va), (mb, vb) = mv(a), mv(b)
    se = math.sqrt(va / len(a) + vb / len(b))
    z = (ma - mb) / se if se > 0 else 0.0
    return ma, mb, z, 2 * normal_sf(abs(z))


def chi2_table(counts_a, counts_b):
    """Chi-square test of homogeneity of two count vectors over the same bins; bins with
    a total below 10 are merged into their neighbour."""
    bins = []
    acc = [0, 0]
    for x, y in zip(counts_a, counts_b):
        acc = [acc[0] + x, acc[1] + y]
        if acc[0] + acc[1] >= 10:
            bins.append(acc)
            acc = [0, 0]
    if acc[0] + acc[1] > 0:
        if bins:
            bins[-1] = [bins[-1][0] + acc[0], bins[-1][1] + acc[1]]
        else:
            bins.append(acc)
    na = sum(b[0] for b in bins)
    nb = sum(b[1] for b in bins)
    stat = 0.0
    for x, y in bins:
        t = x + y
        for obs, n in ((x, na), (y, nb)):
            exp = t * n / (na + nb)
            stat += (obs - exp) ** 2 / exp
    dof = len(bins) - 1
    return stat, dof, chi2_sf(stat, dof) if dof > 0 else 1.0


def binned(values, edges):
    counts = [0] * (len(edges) + 1)
    for v in values:
        k = 0
        while k < len(edges) and v >= edges[k]:
            k += 1
        counts[k] += 1
    return counts


def outcome_counts(r0, r1):
    w = sum(1 for a, b in zip(r0, r1) if a > b)
    d = sum(1 for a, b in zip(r0, r1) if a == b)
    return [w, d, len(r0) - w - d]


def verdict(p):
    return "PASS" if p >= ALPHA else "FAIL"


def compare(os_path, ours_path, run_dir=None):
    ol, o0, o1 = read(os_path)
    ul, u0, u1 = read(ours_path)
    print(f"samples: OpenSpiel {len(ol)} games, lab {len(ul)} games; PASS when p >= {ALPHA}")
    results = []

    def report(name, text, p):
        results.append(verdict(p))
        print(f"  {name:<34} {text:<58} p = {p:.4g}  {verdict(p)}")

    mo, mu, z, p = welch(ol, ul)
    report("mean game length (actions)", f"OpenSpiel {mo:.3f}, lab {mu:.3f}, z = {z:+.3f}", p)
    d, p = ks_two_sample(ol, ul)
    report("game length distribution (KS)", f"D = {d:.5f}", p)
    pooled = sorted(ol + ul)
    edges = sorted({pooled[len(pooled) * k // 25] for k in range(1, 25)})
    stat, dof, p = chi2_table(binned(ol, edges), binned(ul, edges))
    report("game length, 25 quantile bins", f"chi2 = {stat:.2f}, dof = {dof}", p)
    oc, uc = outcome_counts(o0, o1), outcome_counts(u0, u1)
    stat, dof, p = chi2_table(oc, uc)
    report(
        "seat 0 win/draw/loss",
        f"OpenSpiel {oc[0]}/{oc[1]}/{oc[2]}, lab {uc[0]}/{uc[1]}/{uc[2]}, chi2 = {stat:.2f}",
        p,
    )
    mo, mu, z, p = welch(o0, u0)
    report("seat 0 mean return (points)", f"OpenSpiel {mo:.3f}, lab {mu:.3f}, z = {z:+.3f}", p)
    mo, mu, z, p = welch(o1, u1)
    report("seat 1 mean return (points)", f"OpenSpiel {mo:.3f}, lab {mu:.3f}, z = {z:+.3f}", p)
    edges = [-300, -250, -200, -175, -150, -125, -100, -90, -80, -70, -60, -50, -40, -30, -20,
             -10, 0, 1]
    stat, dof, p = chi2_table(binned(o0, edges), binned(u0, edges))
    report("seat 0 return, binned (0 = won)", f"chi2 = {stat:.2f}, dof = {dof}", p)
    if run_dir:
        with open(f"{run_dir}/summary.csv") as f:
            rows = [r for r in csv.DictReader(f) if r["seat"] == "0"]
        w = sum(int(r["wins"]) for r in rows)
        dr = sum(int(r["draws"]) for r in rows)
        lo = sum(int(r["losses"]) for r in rows)
        stat, dof, p = chi2_table(oc, [w, dr, lo])
        report("sim run: seat 0 win/draw/loss", f"sim {w}/{dr}/{lo}, chi2 = {stat:.2f}", p)
        with open(f"{run_dir}/run.json") as f:
            run = json.load(f)
        n = run["games"]
        mean = run["actions"] / n
        mo = sum(ol) / len(ol)
        var = sum((x - mo) ** 2 for x in ol) / (len(ol) - 1)
        # The run gives no per-game lengths: OpenSpiel's variance stands for both.
        z = (mo - mean) / math.sqrt(var / len(ol) + var / n)
        report("sim run: mean game length", f"OpenSpiel {mo:.3f}, sim {mean:.3f}, z = {z:+.3f}",
               2 * normal_sf(abs(z)))
    fails = results.count("FAIL")
    print(f"overall: {'PASS' if fails == 0 else 'FAIL'} ({len(results) - fails} of "
          f"{len(results)} tests pass)")
    return fails == 0


def main():
    if len(sys.argv) >= 5 and sys.argv[1] == "openspiel":
        play_openspiel(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
    elif len(sys.argv) in (4, 5) and sys.argv[1] == "compare":
        ok = compare(sys.argv[2], sys.argv[3], sys.argv[4] if len(sys.argv) == 5 else None)
        sys.exit(0 if ok else 1)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()

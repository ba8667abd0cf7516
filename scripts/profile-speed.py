#!/usr/bin/env python3
"""Compares the speed of `sim` built with different Cargo profiles, as ratios timed back to
back on this machine (docs/performance.md, "Build profiles").

    scripts/profile-speed.py [--rounds 3] [--games 4000] [--headline-games 1000] before release dist

Builds `sim` in each profile (`cargo build --profile P -p sim-cli`; the first profile is
the reference), then plays, in rounds that alternate the profiles:
  - `sim bench -q --games G --search-games 40`: every workload's games per second;
  - the headline, `sim --game grangol --agents mcts,greedy --games H --threads 1`: its
    wall-clock time.
`--sim NAME=PATH` (repeatable) compares built binaries instead, for example two commits
`sim` copied aside: `scripts/profile-speed.py --sim old=/tmp/sim-old --sim new=target/release/sim`.
Prints, per profile, the median over the rounds of each workload's games/s divided by the
reference's, their geometric mean, and the headline's speed ratio (reference time / time).
A ratio above 1 is faster than the reference. The bench signatures must match across
profiles (same games); the script fails otherwise.
"""

import argparse
import math
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def build(profile):
    subprocess.run(["cargo", "build", "--quiet", "--profile", profile, "-p", "sim-cli"],
                   cwd=ROOT, check=True)
    folder = "debug" if profile == "dev" else profile
    return ROOT / "target" / folder / "sim"


def bench(sim, games):
    """{workload: (signature, games/s)} of one `sim bench`."""
    out = subprocess.run([str(sim), "bench", "-q", "--games", str(games), "--search-games", "40"],
                         check=True, capture_output=True, text=True).stdout
    rows = {}
    for line in out.splitlines():
        parts = line.split()
        if "games/s" not in parts:
            continue
        at = parts.index("signature")
        rows[f"{parts[0]} {parts[1]}"] = (parts[at + 1], float(parts[at + 2]))
    return rows


def headline(sim, games, out):
    start = time.perf_counter()
    subprocess.run([str(sim), "--game", "grangol", "--agents", "mcts,greedy", "--games",
                    str(games), "--threads", "1", "--seed", "3", "--out", str(out), "-q"],
                   check=True, capture_output=True)
    return time.perf_counter() - start


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("profiles", nargs="*")
    ap.add_argument("--sim", action="append", default=[], metavar="NAME=PATH",
                    help="a built binary to compare, instead of profiles")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--headline-games", type=int, default=1000)
    args = ap.parse_args()
    if args.sim:
        sims = dict(s.split("=", 1) for s in args.sim)
        args.profiles = list(sims)
    else:
        sims = {p: build(p) for p in args.profiles}
    speeds = {p: {} for p in args.profiles}
    times = {p: [] for p in args.profiles}
    signatures = {}
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(args.rounds):
            for p in args.profiles:
                for name, (sig, rate) in bench(sims[p], args.games).items():
                    if signatures.setdefault(name, sig) != sig:
                        sys.exit(f"{p}: {name} has signature {sig}, another profile {signatures[name]}")
                    speeds[p].setdefault(name, []).append(rate)
                times[p].append(headline(sims[p], args.headline_games, Path(tmp) / f"{p}-{r}"))
                print(f"round {r + 1}: {p} done", file=sys.stderr)
    ref = args.profiles[0]
    names = list(speeds[ref])
    print(f"{'workload':44}" + "".join(f"{p:>10}" for p in args.profiles))
    geo = {p: [] for p in args.profiles}
    for name in names:
        base = statistics.median(speeds[ref][name])
        cells = []
        for p in args.profiles:
            ratio = statistics.median(speeds[p][name]) / base
            geo[p].append(math.log(ratio))
            cells.append(f"{ratio:10.3f}")
        print(f"{name:44}" + "".join(cells))
    print(f"{'bench, geometric mean':44}" + "".join(
        f"{math.exp(sum(geo[p]) / len(geo[p])):10.3f}" for p in args.profiles))
    base = statistics.median(times[ref])
    print(f"{'mcts,greedy headline (time ratio)':44}" + "".join(
        f"{base / statistics.median(times[p]):10.3f}" for p in args.profiles))
    print(f"{'mcts,greedy headline (median s)':44}" + "".join(
        f"{statistics.median(times[p]):10.2f}" for p in args.profiles))


if __name__ == "__main__":
    main()

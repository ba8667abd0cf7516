#!/usr/bin/env python3
"""Each crate's share of a clean build, from the HTML report of `cargo build --timings`
(target/cargo-timings/cargo-timing.html): one Markdown row per crate, its compile time
(seconds of one rustc, build scripts included) and its share of the sum, largest first.
Used for docs/dependencies.md.

    cargo build --release -p sim-cli --features full --timings
    scripts/dep-shares.py target/cargo-timings/cargo-timing.html [--top 40]
"""

import argparse
import json
import re

ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
ap.add_argument("html")
ap.add_argument("--top", type=int, default=40)
args = ap.parse_args()
text = open(args.html, encoding="utf-8").read()
units = json.loads(re.search(r"const UNIT_DATA = (\[.*?\]);\n", text, re.S).group(1))
total = sum(u["duration"] for u in units)
by_crate = {}
for u in units:
    by_crate[u["name"]] = by_crate.get(u["name"], 0.0) + u["duration"]
print(f"{len(by_crate)} crates, {total:.0f} s of compile time in all")
print()
print("| crate | seconds | share |")
print("|---|---|---|")
rows = sorted(by_crate.items(), key=lambda kv: -kv[1])
for name, secs in rows[: args.top]:
    print(f"| {name} | {secs:.1f} | {100 * secs / total:.1f}% |")
rest = sum(s for _, s in rows[args.top:])
print(f"| the other {len(rows) - args.top} | {rest:.1f} | {100 * rest / total:.1f}% |")

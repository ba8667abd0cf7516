#!/usr/bin/env python3
"""Checks that the lab's crates are compiled once between the builds CI makes.

Cargo compiles a crate again when one of its dependencies has other features, and it
unifies features over what one command builds. So the engine, the agents, the reports and
the lab are shared by the three builds of .ci/run (the tests, `cargo test --workspace`;
the features' tests, `--features sim-cli/full`; the Python wheel, `-p python` with
`datasets`) only if every crate they depend on has the same features in all three. The
crate workspace-hack turns on the union (its Cargo.toml says why); this check fails,
naming the crate and the feature sets, when a new dependency or feature breaks it. The
fix is to add the missing features to workspace-hack/Cargo.toml.

Run from the repository's root (scripts/check-deps.sh runs it).
"""
import subprocess
import sys

# Each build's packages and edges: the two test builds with their dev-dependencies (cargo
# test unifies their features too), the wheel without.
BUILDS = {
    "tests (cargo test --workspace)": ["--workspace", "-e", "normal,build,dev"],
    "features (--workspace --features sim-cli/full)": [
        "--workspace", "--features", "sim-cli/full", "-e", "normal,build,dev"],
    "wheel (-p python --features datasets)": [
        "-p", "python", "--features", "pyo3/extension-module,datasets", "-e", "normal,build"],
}


def cargo_tree(args):
    out = subprocess.run(
        ["cargo", "tree", "--locked", "--prefix", "none", "--no-dedupe", "-f", "{p}|{f}"] + args,
        capture_output=True, text=True, check=True,
    ).stdout
    return [line for line in out.splitlines() if "|" in line]


def package(p):
    """name and version of a `{p}` field, without the path or the proc-macro mark."""
    return " ".join(p.replace(" (*)", "").split(" ")[:2])


def main():
    # The crates the lab is built from (normal and build dependencies, proc macros too).
    closure = {package(line.split("|")[0]) for line in cargo_tree(["-p", "lab", "-e", "normal,build"])}
    seen = {}
    for build, args in BUILDS.items():
        features = {}
        for line in cargo_tree(args):
            p, f = line.split("|", 1)
            name = package(p)
            if name in closure:
                features.setdefault(name, set()).add(f.replace(" (*)", "").strip())
        seen[build] = features
    bad = 0
    for name in sorted(closure):
        sets = {build: sorted(seen[build].get(name, set())) for build in BUILDS}
        if len({tuple(v) for v in sets.values()}) > 1:
            bad += 1
            detail = "; ".join(f"{b}: {' / '.join(v) or '-'}" for b, v in sets.items())
            print(f"check-shared-features: {name} has other features in other builds: {detail}", file=sys.stderr)
    if bad:
        print("check-shared-features: add the missing features to workspace-hack/Cargo.toml, or the "
              "builds compile the engine, agents, reports and lab again", file=sys.stderr)
        return 1
    print(f"check-shared-features: the {len(closure)} crates the lab is built from have the same "
          f"features in the tests', the features' and the wheel's builds")
    return 0


if __name__ == "__main__":
    sys.exit(main())

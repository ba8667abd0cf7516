#!/usr/bin/env bash
# Builds the Python package's wheel: one abi3 wheel (CPython 3.9 and later), manylinux
# 2.35, checked by maturin's auditwheel, into target/wheels/ (or the folder given as the
# first argument). Needs Python 3.9+ with pip; maturin is installed into a build venv
# (target/build-venv) on first use. Arguments after the folder go to `maturin build`
# (.ci/run gives `--profile dev`). Prints the wheel's path last. `--prepare` only makes
# the build venv and stops (.ci/run does it beside the Rust build).
#
#   scripts/build-wheel.sh            # target/wheels/soccerlab-*.whl
#   pip install target/wheels/soccerlab-*-abi3-*.whl
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
venv=target/build-venv
if [ ! -x "$venv/bin/maturin" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "maturin>=1.8,<2"
fi
if [ "${1:-}" = --prepare ]; then
    exit 0
fi
out="$(realpath -m "${1:-target/wheels}")"
shift $(($# > 0 ? 1 : 0))
mkdir -p "$out"
rm -f "$out"/soccerlab-*.whl
# pyproject.toml sets the profile (`wheel`), the features, strip and the manylinux tag.
"$venv/bin/maturin" build --manifest-path python/Cargo.toml --out "$out" "$@"
ls "$out"/soccerlab-*.whl

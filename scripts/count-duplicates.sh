#!/usr/bin/env bash
# Issue 40's count of duplicated places in the non-test source: copies every tracked `.rs`
# file of a checkout, less test files (`tests/` folders, `testing.rs` and its folder,
# `*_tests.rs`, `tests.rs`, the battery and the benches) and less each file's
# `#[cfg(test)] mod … { … }` block, into a scratch folder, then runs the `duplicates`
# tool of the developers' library over it. Prints the tool's rows; its first line counts
# the pairs, and a row marked `boilerplate` is one the tool itself calls thin (field
# lists, macro data).
#
# Usage: scripts/count-duplicates.sh [CHECKOUT]   (default: this one)
# Needs `duplicates` on the PATH (a developer tool, not a dependency of the lab).
set -euo pipefail
repo=$(cd "${1:-$(dirname "$0")/..}" && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cd "$repo"
git ls-files '*.rs' \
    | grep -v -E '(^|/)tests/|^benches/|(^|/)testing\.rs$|(^|/)testing/|(^|/)solitaire\.rs$|(^|/)battery\.rs$|_tests\.rs$|(^|/)tests\.rs$' \
    | while read -r f; do
        mkdir -p "$out/$(dirname "$f")"
        python3 - "$f" "$out/$f" <<'PY'
import re
import sys

src = open(sys.argv[1]).read().split("\n")
out, i = [], 0
while i < len(src):
    line = src[i]
    if line.startswith("#[cfg(test)]") and i + 1 < len(src) \
            and re.match(r"(pub(\(crate\))? )?mod \w+ \{", src[i + 1]):
        # Skip to the module's closing brace at column 0.
        j = i + 2
        while j < len(src) and src[j] != "}":
            j += 1
        i = j + 1
        continue
    out.append(line)
    i += 1
open(sys.argv[2], "w").write("\n".join(out))
PY
    done
cd "$out" && duplicates --repo . --most 200 --seconds 120

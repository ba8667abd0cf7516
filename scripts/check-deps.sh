#!/usr/bin/env bash
# The dependency check CI runs (.ci/run): the crates of the default `sim` build and their
# duplicated versions must be exactly those listed in .ci/deps/, so that no crate (a heavy
# one, or a second version of one) enters the default build unnoticed. A change of
# dependencies updates the lists with `scripts/check-deps.sh --update`, and the commit shows
# what came in or went out; docs/dependencies.md says what each direct dependency costs.
# Then scripts/check-shared-features.py: the crates the lab is built from have the same
# features in the tests', the features' and the wheel's builds (workspace-hack/Cargo.toml).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
dir=.ci/deps
tree() {
    # Every package (name and version) the default build of sim compiles, proc-macros and
    # build scripts' dependencies included; the workspace's own crates without their path.
    cargo tree --locked -p sim-cli -e normal,build --prefix none --format '{p}' "$@" |
        sed -e 's/ (\*)$//' -e 's/ (proc-macro)$//' -e 's/ (\/.*)$//' | grep -v '^$' | sort -u
}
tree >"$dir/.crates.now"
tree -d --depth 0 >"$dir/.duplicates.now"
if [ "${1:-}" = "--update" ]; then
    mv "$dir/.crates.now" "$dir/default-crates.txt"
    mv "$dir/.duplicates.now" "$dir/default-duplicates.txt"
    echo "updated $dir/default-crates.txt ($(wc -l <"$dir/default-crates.txt") crates) and $dir/default-duplicates.txt"
    exit 0
fi
status=0
for list in crates duplicates; do
    want="$dir/default-$list.txt"
    now="$dir/.$list.now"
    added=$(comm -13 "$want" "$now")
    gone=$(comm -23 "$want" "$now")
    if [ -n "$added" ]; then
        echo "check-deps: new in the default build's $list (not in $want): $(echo $added | tr '\n' ' ')" >&2
        status=1
    fi
    if [ -n "$gone" ]; then
        echo "check-deps: no longer in the default build's $list (still in $want): $(echo $gone | tr '\n' ' ')" >&2
        status=1
    fi
    rm -f "$now"
done
if [ "$status" -ne 0 ]; then
    echo "check-deps: if the change is meant, measure its cost (docs/dependencies.md), then run scripts/check-deps.sh --update and commit the lists" >&2
    exit 1
fi
echo "check-deps: the default build has the $(wc -l <"$dir/default-crates.txt") listed crates and $(wc -l <"$dir/default-duplicates.txt") listed duplicate versions"
python3 scripts/check-shared-features.py

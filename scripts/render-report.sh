#!/usr/bin/env bash
# Renders a run folder's report.html (made by `sim report DIR`) to a PNG screenshot of the
# whole page with a headless Chromium or Google Chrome, to look at the page as a person would.
# The page's height is measured first (in a copy with a one-line script that writes it into
# the DOM; the report itself stays script-free), then the window is made that tall.
#
# Usage: scripts/render-report.sh DIR [OUT.png]
#   DIR      a run folder holding report.html
#   OUT.png  where to write the screenshot (default: DIR/report.png)
# Environment: BROWSER=/path/to/chrome picks the browser; WIDTH sets the window width in
# pixels (default 1200); WINDOW=WIDTHxHEIGHT sets the window size and skips the measuring.
# Exits non-zero when no browser is found, DIR/report.html is missing, no PNG is written,
# or the page the browser built holds no chart.
set -euo pipefail

if [[ $# -lt 1 || $# -gt 2 || "$1" == "-h" || "$1" == "--help" ]]; then
    echo "usage: $0 DIR [OUT.png]" >&2
    exit 2
fi

dir=$1
html="$dir/report.html"
if [[ ! -f "$html" ]]; then
    echo "error: no report at '$html' (run: sim report '$dir')" >&2
    exit 1
fi
out=${2:-"$dir/report.png"}

browser=${BROWSER:-}
if [[ -z "$browser" ]]; then
    for candidate in chromium chromium-browser google-chrome google-chrome-stable chrome; do
        if command -v "$candidate" >/dev/null 2>&1; then
            browser=$(command -v "$candidate")
            break
        fi
    done
fi
if [[ -z "$browser" ]]; then
    echo "error: no headless browser found (install chromium, e.g. apt-get install chromium," >&2
    echo "       or set BROWSER=/path/to/chrome)" >&2
    exit 1
fi

abs_html=$(cd "$(dirname "$html")" && pwd)/$(basename "$html")
case "$out" in
    /*) abs_out=$out ;;
    *) abs_out=$(pwd)/$out ;;
esac
mkdir -p "$(dirname "$abs_out")"
rm -f "$abs_out"

# A throwaway profile, so the run does not touch the user's browser profile.
profile=$(mktemp -d)
scratch=$(mktemp -d)
trap 'rm -rf "$profile" "$scratch"' EXIT

# --no-sandbox is needed when running as root (containers, CI).
sandbox=()
if [[ $(id -u) -eq 0 ]]; then
    sandbox=(--no-sandbox)
fi

flags=(--headless --disable-gpu "${sandbox[@]}" --user-data-dir="$profile" --hide-scrollbars
    --no-first-run --disable-extensions --disable-background-networking)

width=${WIDTH:-1200}
if [[ -n "${WINDOW:-}" ]]; then
    size=${WINDOW/x/,}
else
    # The document's full height at this width, from a copy of the page that writes it
    # into an attribute of <body>, read back from the DOM the browser built.
    measure="$scratch/measure.html"
    sed 's#</body>#<script>document.body.setAttribute("data-page-height", String(Math.ceil(document.documentElement.scrollHeight)));</script></body>#' \
        "$abs_html" >"$measure"
    height=$("$browser" "${flags[@]}" --window-size="$width,900" --dump-dom "file://$measure" 2>/dev/null |
        grep -o 'data-page-height="[0-9]*"' | grep -o '[0-9]\+' || true)
    if [[ -z "$height" || "$height" -lt 100 ]]; then
        echo "error: could not measure the page's height with $browser" >&2
        exit 1
    fi
    size="$width,$height"
fi

"$browser" "${flags[@]}" --screenshot="$abs_out" --window-size="$size" \
    "file://$abs_html" >/dev/null 2>&1 || true

if [[ ! -s "$abs_out" ]]; then
    echo "error: $browser wrote no screenshot to '$abs_out'" >&2
    exit 1
fi

# The page as the browser built it: every chart must be a rendered SVG element with
# content (and the page must not have asked for anything online).
dom=$("$browser" "${flags[@]}" --dump-dom "file://$abs_html" 2>/dev/null || true)
charts=$(grep -o '<svg' <<<"$dom" | wc -l)
shapes=$(grep -oE '<(rect|circle|line|polyline|path)' <<<"$dom" | wc -l)
if [[ $charts -lt 1 || $shapes -lt 10 ]]; then
    echo "error: the browser's page has $charts charts and $shapes drawn shapes" >&2
    exit 1
fi
echo "wrote $abs_out (${size/,/x} pixels; $charts charts, $shapes shapes in the rendered page)"

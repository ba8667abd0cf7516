#!/usr/bin/env bash
# What a user sees of `sim`, recorded so that two builds can be compared: for each of 56
# commands (every command, every game, and the errors users meet), its standard output,
# standard error, exit status and the files it wrote.
#
#   scripts/behaviour-diff.sh record SIM DIR     # run every command with the binary SIM
#   scripts/behaviour-diff.sh compare DIR_A DIR_B
#
# `record` writes DIR/NN.cmd (the command), NN.out, NN.err, NN.status and NN.files/ (the
# command's output folder or file), with what differs from one run to the next masked:
# times (`12.3 s`, `elapsed_seconds`, games per second), the commit and version, temporary
# paths, dates. `compare` diffs two recordings and exits 1 if they differ. Typical use:
# build the older commit, copy its `target/release/sim` aside, build this one, record both
# and compare (docs/performance.md, issue 40's check that nothing a user sees changed).
set -euo pipefail

mask() {
    sed -E \
        -e 's#/tmp/[A-Za-z0-9._/-]*#TMP#g' \
        -e 's/tmp\.[A-Za-z0-9]+/tmp.X/g; s/\.tmp-[A-Za-z0-9]+/.tmp-X/g' \
        -e 's/[0-9]+(\.[0-9]+)? ?(s|ms|µs|ns)\b/T s/g' \
        -e 's/"(elapsed_seconds|started_unix_seconds|cpu_ms_per_game|seconds|wall_seconds|games_per_second|elapsed|started|finished|created|cpu_seconds|time_ms|ms_per_game|seconds_per_game|iterations_per_second)": ?[^,}]*/"\1": T/g' \
        -e 's/[0-9.]+ (games|actions|decisions|iterations)\/s/R \1\/s/g' \
        -e 's/commit [0-9a-f]{6,}(-dirty)?/commit C/g' \
        -e 's/\(commit [^)]*\)/(commit C)/g' \
        -e 's/[0-9]{4}-[0-9]{2}-[0-9]{2}[T ][0-9:.]+Z?/DATE/g' \
        -e 's/"content_hash": ?"[0-9a-f]+"/"content_hash": H/g' \
        -e 's/[0-9.]+ games&#x2f;s/R games\/s/g' \
        -e 's/^([a-z_]+,[0-9]+,[^,]*,(true|false),[^,]*,)[0-9.]+/\1T/' \
        -e 's/^([0-9]+ +[^ ]+ +(-|[0-9]+) +)[0-9.]+/\1T/' \
        -e 's#(<tr><td class="n">[0-9]+</td><td>[^<]*(<b>[^<]*</b>)?</td><td class="n">[^<]*</td><td class="n">)[0-9.]+#\1T#g' \
        -e 's/ +/ /g'
}

record() {
    local sim dir n=0
    sim=$(realpath "$1")
    dir=$2
    mkdir -p "$dir"
    dir=$(realpath "$dir")
    local work
    work=$(mktemp -d)
    cd "$work"
    # Called as `sim` from the PATH, so the command lines the files record do not
    # depend on where the binary is.
    mkdir "$work/bin"
    cp "$sim" "$work/bin/sim"
    run() {
        n=$((n + 1))
        local id
        id=$(printf %02d "$n")
        printf '%s\n' "$*" >"$dir/$id.cmd"
        local status=0
        PATH="$work/bin:$PATH" sim "$@" >"$work/out" 2>"$work/err" </dev/null || status=$?
        mask <"$work/out" >"$dir/$id.out"
        mask <"$work/err" >"$dir/$id.err"
        echo "$status" >"$dir/$id.status"
        if [ -e "$work/o" ]; then
            mkdir -p "$dir/$id.files"
            if [ -d "$work/o" ]; then
                (cd "$work/o" && find . -type f | sort) | while read -r f; do
                    mkdir -p "$(dirname "$dir/$id.files/$f")"
                    mask <"$work/o/$f" >"$dir/$id.files/$f"
                done
            else
                mask <"$work/o" >"$dir/$id.files/file"
            fi
            rm -rf "$work/o"
        fi
    }
    local g
    for g in grangol lastuf memory crazy_eights helvetia; do
        local games=200 players=()
        [ "$g" = helvetia ] && games=20
        [ "$g" = lastuf ] && players=(--players 2)
        run run --game "$g" "${players[@]}" --agents random,greedy --games "$games" --seed 1 \
            --threads 2 -q --out o
        run trace --game "$g" "${players[@]}" --agents random,random --games 1 --seed 1
        run rules --game "$g"
        run agents --game "$g"
        run bench --game "$g" --games 20 --search-games 2
    done
    run run --game lastuf --players 4 --agents random,greedy,random,greedy --games 100 --seed 2 -q --out o
    run run --game grangol --agents random,greedy,mcts --games 60 --seed 3 -q --out o
    run run --game grangol --agents random,random --games 100 --seed 1 --shard 1/2 -q --out o
    run rules --game grangol --format toml
    run rules --game grangol --rules interchangeable --set deck.cards.TIRO=8
    run games
    run agents
    run completions bash
    run man
    run compare --game grangol --agents greedy,random --games 200 --seed 1 \
        --rules default --rules interchangeable -q --out o
    run sweep --game grangol --agents greedy,random --games 100 --seed 1 \
        --vary deck.cards.TIRO=6..8 -q --out o
    run tune --game grangol --agents greedy,random --games 400 --seed 1 \
        --vary deck.cards.TIRO=6..8 --target draw_rate=0.2 -q --out o
    run card-value --game grangol --agents greedy,greedy --card TIRO --copies 2 --games 200 \
        --seed 1 -q --out o
    run card-value --game lastuf --players 2 --agents random,random --games 100 --seed 1 \
        -q --out o
    run card-value --game crazy_eights --agents random,random --games 100 --seed 1 -q --out o
    run fit-eval --game grangol --games 40 --seed 1 -q --out o
    run ladder --game memory --players 1 --games 40 --seed 1 --calibration-games 2 \
        --max-iterations 100 -q --out o
    run replay --game helvetia --agents random,random --games 1 --seed 1 --out o
    run replay --game grangol --agents random,random --games 1 --seed 1 --out o
    run selfplay --game grangol --agents random,random --games 10 --seed 1 --out o
    run play --game crazy_eights --vs random --seed 1 --save o
    run resume no-such-folder
    run merge no-such-folder
    run report no-such-folder
    run --game chess --agents random,random --games 1
    run --game grangol --agents random,random --games 0
    run --game grangol --agents 'mcts(iterations=-1),random' --games 1
    run --game grangol --agents 'onnx(model=x.onnx),random' --games 1
    run --game grangol --agents random,random --games 1 --set deck.cards.NOPE=1
    run --game grangol --agents random,random --games 1 --rules no-such-rules
    run --bogus
    rm -rf "$work"
    echo "recorded $n commands in $dir"
}

case "${1:-}" in
record) record "$2" "$3" ;;
compare)
    if diff -r "$2" "$3"; then
        echo "identical: $(ls "$2"/*.cmd | wc -l) commands"
    else
        exit 1
    fi
    ;;
*)
    echo "usage: $0 record SIM DIR | compare DIR_A DIR_B" >&2
    exit 2
    ;;
esac

#!/usr/bin/env bash
# Self-play data in the two formats (docs/ENGINE.md, "Self-play data"):
# for each game, `tamerlane datagen` of the same run ($GAMES games at
# $NODES nodes a move, seed $SEED) as text, as binary with every position
# and as binary with the quiet ones; prints the positions, the bytes per
# position of each file (its size over its positions, the header
# included) and the positions per second of the text run (wall clock,
# one thread).
#
#   tools/bench/datagen_formats.sh [path/to/tamerlane]
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${1:-target/release/tamerlane}
GAMES=${GAMES:-4}
NODES=${NODES:-5000}
SEED=${SEED:-1}
if [ "$BIN" = target/release/tamerlane ]; then
    cargo build --release --quiet -p tamerlane-cli
fi
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
printf '%-10s %9s %9s %9s %11s %11s %12s %9s\n' game positions quiet 'text B/p' 'binary B/p' 'quiet B/p' 'text s' 'pos/s'
for game in tamerlane chess makruk; do
    run() { "$BIN" datagen --game "$game" --games "$GAMES" --nodes "$NODES" --seed "$SEED" "$@" >/dev/null; }
    start=$(date +%s.%N)
    run --out "$DIR/$game.txt"
    end=$(date +%s.%N)
    run --format binary --filter all --out "$DIR/$game.all.bin"
    run --format binary --out "$DIR/$game.bin"
    n=$(grep -vc '^#' "$DIR/$game.txt")
    size() { stat -c %s "$1"; }
    # The quiet file's record count, from its header (bytes 24..31).
    q=$(od -An -t u8 -j 24 -N 8 "$DIR/$game.bin" | tr -d ' ')
    awk -v g="$game" -v n="$n" -v q="$q" -v t="$(size "$DIR/$game.txt")" \
        -v a="$(size "$DIR/$game.all.bin")" -v b="$(size "$DIR/$game.bin")" \
        -v s="$start" -v e="$end" 'BEGIN {
        printf "%-10s %9d %9d %9.1f %11.1f %11.1f %12.2f %9.0f\n",
            g, n, q, t / n, a / n, b / q, e - s, n / (e - s) }'
done

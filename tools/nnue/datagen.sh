#!/bin/sh
# The self-play data of `make train` (docs/TRAINING.md): GAMES games of
# GAME in chunks of CHUNK games (by --first, so the files are those of one
# run of the seed), JOBS processes at a time, the engine configured by
# CONFIG (`full,hce`: the hand-made evaluation; `full`: the embedded net,
# or the net file EVAL_FILE when given), into DIR/FIRST-COUNT.bin.
# Resumable: a chunk is written to .part and renamed when complete;
# complete chunks are kept. One run at a time per DIR: the run holds a
# lock (flock) on DIR itself, inherited by its workers, so that a second
# run (or a restart while the workers of a stopped one still live) is
# refused instead of writing the same chunks.
#
#   tools/nnue/datagen.sh BIN GAME GAMES CHUNK NODES SEED JOBS CONFIG DIR [EVAL_FILE]
set -eu
[ $# -eq 9 ] || [ $# -eq 10 ] ||
	{ echo "usage: $0 BIN GAME GAMES CHUNK NODES SEED JOBS CONFIG DIR [EVAL_FILE]" >&2; exit 2; }
bin=$1 game=$2 games=$3 chunk=$4 nodes=$5 seed=$6 jobs=$7 config=$8 dir=$9 eval_file=${10:-}
mkdir -p "$dir"
exec 9<"$dir"
flock -n 9 || { echo "$0: another run is writing $dir (it holds the directory's lock)" >&2; exit 1; }
first=0
while [ "$first" -lt "$games" ]; do
	count=$((games - first < chunk ? games - first : chunk))
	echo "$first $count"
	first=$((first + chunk))
done | xargs -P "$jobs" -n 2 sh -c '
	dir=$0 bin=$1 game=$2 seed=$3 nodes=$4 config=$5 eval_file=$6 first=$7 count=$8
	out=$(printf "%s/%06d-%04d.bin" "$dir" "$first" "$count")
	[ -f "$out" ] && exit 0
	"$bin" datagen --game "$game" --games "$count" --first "$first" --seed "$seed" --nodes "$nodes" \
		--config "$config" ${eval_file:+--eval-file "$eval_file"} --opening-plies 8 \
		--format binary --out "$out.part" >/dev/null &&
		mv "$out.part" "$out" && echo "wrote $out"' "$dir" "$bin" "$game" "$seed" "$nodes" "$config" "$eval_file"

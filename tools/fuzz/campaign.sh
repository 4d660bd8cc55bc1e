#!/usr/bin/env bash
# Runs one fuzz campaign: tools/fuzz/campaign.sh TARGET SECONDS
#
# Builds the targets on the stable toolchain (`cargo fuzz build -s none`,
# no sanitizer, so no nightly needed), fuzzes TARGET for SECONDS of wall
# time at the lowest CPU priority in one process, starting from the committed
# corpus (fuzz/corpus/TARGET) and the seeds (fuzz/seeds/TARGET), then
# minimizes everything (`-set_cover_merge=1`: a smallest set of inputs with
# all the features) into fuzz/corpus/TARGET. The libFuzzer log,
# with the final stats, is left in fuzz/corpus-tmp/TARGET.log; crash inputs
# in fuzz/corpus-tmp/artifacts/TARGET/.
set -euo pipefail

target=${1:?usage: campaign.sh TARGET SECONDS}
seconds=${2:?usage: campaign.sh TARGET SECONDS}
root=$(cd "$(dirname "$0")/../.." && pwd)
fuzz="$root/fuzz"
bin="$fuzz/target/x86_64-unknown-linux-gnu/release/$target"
work="$fuzz/corpus-tmp/$target"
keep="$fuzz/corpus/$target"
seeds="$fuzz/seeds/$target"
art="$fuzz/corpus-tmp/artifacts/$target"
log="$fuzz/corpus-tmp/$target.log"

if [ -z "${NO_BUILD:-}" ]; then
    (cd "$fuzz" && nice -n 19 cargo fuzz build -s none -O "$target")
fi
mkdir -p "$work" "$keep" "$art"
dirs=("$work" "$keep")
[ -d "$seeds" ] && dirs+=("$seeds")

# -rss_limit_mb bounds memory; -max_len 4096 leaves room for records and
# long protocol lines.
nice -n 19 "$bin" "${dirs[@]}" \
    -max_total_time="$seconds" -print_final_stats=1 \
    -rss_limit_mb=2048 -timeout=10 -max_len="${MAX_LEN:-4096}" \
    -artifact_prefix="$art/" >"$log" 2>&1 || echo "campaign $target: libFuzzer exited with $? (see $log)"

# Minimize into the committed corpus.
tmp=$(mktemp -d)
nice -n 19 "$bin" -set_cover_merge=1 -max_len="${MAX_LEN:-4096}" "$tmp" "${dirs[@]}" \
    >"$fuzz/corpus-tmp/$target.merge.log" 2>&1
rm -rf "$keep"
mv "$tmp" "$keep"
echo "== $target: final stats =="
grep -E "stat::|DONE|ERROR|crash|SUMMARY" "$log" | tail -20 || true
echo "corpus: $(ls "$keep" | wc -l) files, $(cat "$keep"/* | wc -c) bytes"

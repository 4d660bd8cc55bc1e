#!/usr/bin/env bash
# Bounded smoke run of every fuzz target (run before a release; `make
# fuzz-smoke`): builds the targets on the stable toolchain and fuzzes each
# for SECONDS (default 30) from the committed corpus and seeds. New inputs
# go to a temporary directory, so the committed corpora are not changed.
# Fails on the first crash, leaving its input in fuzz/corpus-tmp/artifacts/.
#
#   tools/fuzz/smoke.sh [SECONDS] [TARGET...]
set -euo pipefail

seconds=${1:-30}
shift || true
root=$(cd "$(dirname "$0")/../.." && pwd)
fuzz="$root/fuzz"
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(tfen_roundtrip move_parse playout rule_set_parse record_reader engine_command)
fi

if ! command -v cargo-fuzz >/dev/null 2>&1; then
    echo "smoke.sh: cargo-fuzz is missing: cargo install cargo-fuzz" >&2
    exit 2
fi
# `-s none`: no sanitizer, so the stable toolchain builds the targets.
(cd "$fuzz" && cargo fuzz build -s none -O)

status=0
for t in "${targets[@]}"; do
    bin="$fuzz/target/x86_64-unknown-linux-gnu/release/$t"
    scratch=$(mktemp -d)
    art="$fuzz/corpus-tmp/artifacts/$t"
    mkdir -p "$art"
    dirs=("$scratch")
    for d in "$fuzz/corpus/$t" "$fuzz/seeds/$t"; do
        [ -d "$d" ] && dirs+=("$d")
    done
    echo "== $t: ${seconds}s =="
    if nice -n 19 "$bin" "${dirs[@]}" -max_total_time="$seconds" -print_final_stats=1 \
        -rss_limit_mb=2048 -timeout=10 -max_len=8192 -artifact_prefix="$art/" \
        >"$scratch.log" 2>&1; then
        grep -E "^#[0-9]+[[:space:]]+DONE" "$scratch.log" | tail -1 || true
    else
        echo "smoke.sh: $t FAILED; log follows, input in $art/" >&2
        tail -40 "$scratch.log" >&2
        status=1
    fi
    rm -rf "$scratch" "$scratch.log"
done
exit $status

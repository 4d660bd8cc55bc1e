#!/usr/bin/env bash
# Deterministic cost figures for one or more builds of the CLI: callgrind's
# total instruction count of `tamerlane perft 4` (initial position) and of
# `tamerlane analyze --depth 7` on the initial position and the three
# middlegames of tools/bench/search_speed.sh, with the nodes searched and
# the instructions per node. Instruction counts do not depend on the load
# of the machine, so builds measured one after the other compare exactly.
#
#   tools/bench/callgrind_counts.sh [BIN ...]   (default: target/release/tamerlane)
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ $# -eq 0 ]; then
    cargo build --release --quiet -p tamerlane-cli
    set -- target/release/tamerlane
fi
command -v valgrind >/dev/null || { echo "callgrind_counts.sh: valgrind is missing (apt-get install valgrind)" >&2; exit 1; }
POSITIONS=(
    "initial"
    "e3dtdn3/Cn1gv1fg2r/prpnptpgpvpkpfpee1pp/1c7pdk/11/4NT5/3PE2PV4/PPPDPC1PFPK1PGPTPNPR/R2G1KVGR2/E1C1DFD3E w K 00 1 18"
    "e3d1d3e/1nCgvkfgtnr/prpnptpgpvpkpfpepcpd1/3c6pp/9PN1/11/3PE3PG3/PPPDPC1PFPKPV1PT1PR/R2GFKVG1R1/E2ND1DcC1E w Kk 00 0 18"
    "e1c1d1d3e/rntg1kfgt1r/prpnptpgvpkpfpepc1pp/4pv6/9R1/4PE3C2/2PC1T1TPGPT1PN/PPPD2PFPKPV3PR/R2GFKVG3/E1C1D1D3E w Kk 00 3 18"
)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Total instructions ("summary:" line of the callgrind output file).
instr() { grep -E '^(summary|totals):' "$1" | head -1 | awk '{print $2}'; }
for bin in "$@"; do
    echo "== $bin"
    valgrind --tool=callgrind --callgrind-out-file="$tmp/perft" "$bin" perft 4 >/dev/null 2>&1
    printf '%-14s %15s\n' "perft 4" "$(instr "$tmp/perft")"
    i=0
    for p in "${POSITIONS[@]}"; do
        if [ "$p" = initial ]; then args=(); name=initial; else args=(--tfen "$p"); name="middlegame $i"; fi
        out=$(valgrind --tool=callgrind --callgrind-out-file="$tmp/search" "$bin" analyze --depth 7 "${args[@]}" 2>&1)
        nodes=$(echo "$out" | grep 'nodes in' | awk '{print $1}')
        best=$(echo "$out" | grep '^bestmove' | awk '{print $2}')
        total=$(instr "$tmp/search")
        printf '%-14s %15s  nodes %9s  per node %6d  best %s\n' "$name d7" "$total" "$nodes" $((total / nodes)) "$best"
        i=$((i + 1))
    done
done

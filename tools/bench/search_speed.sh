#!/usr/bin/env bash
# Single-threaded search speed of the engine: `tamerlane analyze` for 5 s
# (or $MOVETIME ms) on the initial position and three middlegame positions
# (from engine games, 30 plies in; the same ones as docs/experiments/LOG.md,
# "Search speed (single thread)"); then the same for chess (start,
# Kiwipete) and Makruk (start, a position eight plies in).
# Prints nodes, nodes/s and the depth completed for each. $CONFIG, when
# set, is the engine configuration of every search (e.g. `full,hce`: the
# hand-made evaluation instead of the embedded net).
#
#   [MOVETIME=5000] [CONFIG=full,hce] tools/bench/search_speed.sh [path/to/tamerlane]
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${1:-target/release/tamerlane}
MOVETIME=${MOVETIME:-5000}
if [ "$BIN" = target/release/tamerlane ]; then
    cargo build --release --quiet -p tamerlane-cli
fi
# One row a search: name | game | position (empty: the start) | moves.
POSITIONS=(
    "initial|tamerlane||"
    "middlegame 1|tamerlane|e3dtdn3/Cn1gv1fg2r/prpnptpgpvpkpfpee1pp/1c7pdk/11/4NT5/3PE2PV4/PPPDPC1PFPK1PGPTPNPR/R2G1KVGR2/E1C1DFD3E w K 00 1 18|"
    "middlegame 2|tamerlane|e3d1d3e/1nCgvkfgtnr/prpnptpgpvpkpfpepcpd1/3c6pp/9PN1/11/3PE3PG3/PPPDPC1PFPKPV1PT1PR/R2GFKVG1R1/E2ND1DcC1E w Kk 00 0 18|"
    "middlegame 3|tamerlane|e1c1d1d3e/rntg1kfgt1r/prpnptpgvpkpfpepc1pp/4pv6/9R1/4PE3C2/2PC1T1TPGPT1PN/PPPD2PFPKPV3PR/R2GFKVG3/E1C1D1D3E w Kk 00 3 18|"
    "chess start|chess||"
    "kiwipete|chess|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|"
    "makruk start|makruk||"
    "makruk 8 plies|makruk||c3c4 f6f5 b1c3 g8f6 d3d4 c6c5 g1e2 b8d7"
)
printf '%-14s %12s %12s %6s\n' position nodes nodes/s depth
for row in "${POSITIONS[@]}"; do
    IFS='|' read -r name game fen moves <<< "$row"
    args=(--game "$game")
    if [ -n "$fen" ]; then args+=(--tfen "$fen"); fi
    if [ -n "${CONFIG:-}" ]; then args+=(--config "$CONFIG"); fi
    # shellcheck disable=SC2086 # the moves are separate arguments
    out=$("$BIN" analyze --movetime "$MOVETIME" "${args[@]}" $moves 2>&1)
    depth=$(echo "$out" | grep '^info depth' | tail -1 | awk '{print $3}')
    summary=$(echo "$out" | grep 'nodes in')
    nodes=$(echo "$summary" | awk '{print $1}')
    nps=$(echo "$summary" | awk '{print $(NF-1)}')
    printf '%-14s %12s %12s %6s\n' "$name" "$nodes" "$nps" "$depth"
done

#!/usr/bin/env bash
# Measures bulk-counting perft speed, in one run on one machine:
#   - tamerlane (this project) from the Tamerlane initial position, and its
#     Makruk from the Makruk start position (`--game makruk`),
#   - Fairy-Stockfish `go perft` on its `grand` (10x10), `shatranj` and
#     `makruk` variants,
#   - FIDE chess: `tamerlane perft --game chess` against Stockfish `go perft`
#     from the initial position (depth 6) and Kiwipete (depth 5),
# then runs the criterion benches. Prints Markdown tables for docs/BENCHMARKS.md.
#
# Usage: tools/bench/perft_comparison.sh [--no-criterion] [--chess-only]
# Installs Debian's fairy-stockfish, stockfish and bc packages if missing
# (needs root or sudo).
set -euo pipefail
cd "$(dirname "$0")/../.."
RUN_CRITERION=1
TAMERLANE=1
for arg in "$@"; do
    case "$arg" in
        --no-criterion) RUN_CRITERION=0 ;;
        --chess-only) RUN_CRITERION=0; TAMERLANE=0 ;;
        *) echo "usage: $0 [--no-criterion] [--chess-only]" >&2; exit 2 ;;
    esac
done

SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
command -v bc >/dev/null || { $SUDO apt-get update -qq; $SUDO apt-get install -y -qq bc >/dev/null; }
# The path of a Debian games package's program, installed if missing.
engine() { # package
    local path
    path=$(command -v "$1" || true)
    [ -n "$path" ] || [ ! -x "/usr/games/$1" ] || path="/usr/games/$1"
    if [ -z "$path" ]; then
        $SUDO apt-get update -qq
        $SUDO apt-get install -y -qq "$1" >/dev/null
        path="/usr/games/$1"
    fi
    echo "$path"
}
[ "$TAMERLANE" = 0 ] || FSF=$(engine fairy-stockfish)
SF=$(engine stockfish)

cargo build --release --quiet -p tamerlane-cli
BIN=target/release/tamerlane

now() { date +%s.%N; }

# Best of three wall-clock times of a command (stdout discarded).
best_time() {
    local best=""
    for _ in 1 2 3; do
        local t0 t1 dt
        t0=$(now); "$@" >/dev/null 2>&1; t1=$(now)
        dt=$(echo "$t1 - $t0" | bc -l)
        if [ -z "$best" ] || [ "$(echo "$dt < $best" | bc -l)" = 1 ]; then best=$dt; fi
    done
    echo "$best"
}

fsf_perft() { # variant depth
    printf 'uci\nsetoption name UCI_Variant value %s\nposition startpos\ngo perft %s\nquit\n' "$1" "$2" | "$FSF"
}

fsf_nodes() { fsf_perft "$1" "$2" 2>/dev/null | awk '/Nodes searched/ {print $3}'; }


sf_perft() { # fen depth
    printf 'position fen %s\ngo perft %s\nquit\n' "$1" "$2" | "$SF"
}

sf_nodes() { sf_perft "$1" "$2" 2>/dev/null | awk '/Nodes searched/ {print $3}'; }

echo "Machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; $(uname -sr)"
echo "Date: $(date -u +%Y-%m-%d)"
[ "$TAMERLANE" = 0 ] || echo "fairy-stockfish: $($FSF <<<'quit' 2>/dev/null | head -1)"
echo "stockfish: $($SF <<<'quit' 2>/dev/null | head -1)"
echo
echo "| program | position | depth | leaves | seconds (best of 3) | M leaves/s |"
echo "|---|---|---|---|---|---|"

row() { # program position depth leaves seconds
    printf '| %s | %s | %s | %s | %.3f | %.1f |\n' "$1" "$2" "$3" "$4" "$5" "$(echo "$4 / $5 / 1000000" | bc -l)"
}

if [ "$TAMERLANE" = 1 ]; then
    leaves=$($BIN perft 5 2>/dev/null)
    secs=$(best_time "$BIN" perft 5)
    row tamerlane "Tamerlane initial" 5 "$leaves" "$secs"
    leaves=$($BIN perft 6 --game makruk 2>/dev/null)
    secs=$(best_time "$BIN" perft 6 --game makruk)
    row tamerlane "Makruk start" 6 "$leaves" "$secs"

    # Fairy-Stockfish: subtract its start-up (a depth-1 perft) from the timing.
    base=$(best_time fsf_perft grand 1)
    for spec in "grand 4" "shatranj 6" "makruk 6"; do
        read -r variant depth <<<"$spec"
        leaves=$(fsf_nodes "$variant" "$depth")
        secs=$(best_time fsf_perft "$variant" "$depth")
        secs=$(echo "$secs - $base" | bc -l)
        row "Fairy-Stockfish" "$variant startpos" "$depth" "$leaves" "$secs"
    done
fi

# FIDE chess: ours and Stockfish's, each position and depth side by side.
START="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWIPETE="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
base=$(best_time sf_perft "$START" 1)
for spec in "start 6" "kiwipete 5"; do
    read -r name depth <<<"$spec"
    fen=$START; [ "$name" = start ] || fen=$KIWIPETE
    leaves=$($BIN perft --game chess --fen "$fen" "$depth" 2>/dev/null)
    secs=$(best_time "$BIN" perft --game chess --fen "$fen" "$depth")
    row "tamerlane --game chess" "chess $name" "$depth" "$leaves" "$secs"
    leaves=$(sf_nodes "$fen" "$depth")
    secs=$(best_time sf_perft "$fen" "$depth")
    row "Stockfish (whole process)" "chess $name" "$depth" "$leaves" "$secs"
    row "Stockfish (start-up subtracted)" "chess $name" "$depth" "$leaves" "$(echo "$secs - $base" | bc -l)"
done

if [ "$RUN_CRITERION" = 1 ]; then
    echo
    cargo bench --quiet --bench perft 2>&1 | grep -E "^[a-z].*/|time:|thrpt:" || true
fi

#!/usr/bin/env bash
# Measures bulk-counting perft speed, in one run on one machine:
#   - tamerlane (this project) from the Tamerlane initial position, and its
#     Makruk from the Makruk start position (`--game makruk`),
#   - Fairy-Stockfish `go perft` on its `grand` (10x10), `shatranj` and
#     `makruk` variants,
# then runs the criterion benches. Prints a Markdown table for docs/BENCHMARKS.md.
#
# Usage: tools/bench/perft_comparison.sh [--no-criterion]
# Installs Debian's fairy-stockfish and bc packages if missing (needs root or sudo).
set -euo pipefail
cd "$(dirname "$0")/../.."
RUN_CRITERION=1
[ "${1:-}" != "--no-criterion" ] || RUN_CRITERION=0

SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
command -v bc >/dev/null || { $SUDO apt-get update -qq; $SUDO apt-get install -y -qq bc >/dev/null; }
FSF=$(command -v fairy-stockfish || true)
[ -n "$FSF" ] || [ ! -x /usr/games/fairy-stockfish ] || FSF=/usr/games/fairy-stockfish
if [ -z "$FSF" ]; then
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq fairy-stockfish >/dev/null
    FSF=/usr/games/fairy-stockfish
fi

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


echo "Machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; $(uname -sr)"
echo "Date: $(date -u +%Y-%m-%d)"
echo "fairy-stockfish: $($FSF <<<'quit' 2>/dev/null | head -1)"
echo
echo "| program | position | depth | leaves | seconds (best of 3) | M leaves/s |"
echo "|---|---|---|---|---|---|"

row() { # program position depth leaves seconds
    printf '| %s | %s | %s | %s | %.3f | %.1f |\n' "$1" "$2" "$3" "$4" "$5" "$(echo "$4 / $5 / 1000000" | bc -l)"
}

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

if [ "$RUN_CRITERION" = 1 ]; then
    echo
    cargo bench --quiet --bench perft 2>&1 | grep -E "^[a-z].*/|time:|thrpt:" || true
fi

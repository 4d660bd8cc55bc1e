#!/usr/bin/env python3
"""Differential test: the chess side of the Rust `tamerlane` CLI
(`--game chess`) against python-chess.

python-chess plays random games from the initial position and from
positions rich in special rules (castling, en passant, promotions, sparse
endgames for the material draws and the 75-move rule). Part of the time it
steers: towards checkmate (a mating move, when it sees one), towards
special moves (castling, en passant, promotions, captures), and towards
repetitions (a piece stepping back to where it came from), so
that fivefold repetition happens too. For every position reached:

- the sorted legal UCI moves must equal `tamerlane moves --game chess --stdin`;
- for the move played and up to two others, the FEN after the move must
  equal `tamerlane apply --game chess --stdin`;

and for every game, the outcome after all its moves (python-chess's
automatic endings: checkmate, stalemate, insufficient material, fivefold
repetition, 75-move rule; or none) must equal
`tamerlane outcome --game chess --stdin`, which refuses any move after its
own first terminal event, so an ending found too early shows up as well.

    tools/reference/chess_crosscheck.py --binary target/release/tamerlane \\
        --games 300 --plies 400 --seed 1

With `--san-vectors N` it instead prints N lines `FEN | UCI | SAN` from the
same random games, python-chess's SAN of one move per position (the source
of tamerlane-core/tests/data/chess/san.txt).

Exit status 0 when everything agrees, 1 on any disagreement (the first
ones are printed) and also when python-chess is not installed: the check
fails, it is never skipped.
"""

import argparse
import random
import subprocess
import sys

try:
    import chess
except ImportError:
    print("chess_crosscheck: FAILED: python-chess is not installed "
          "(pip install chess, or `make venv` for the project's .venv)", file=sys.stderr)
    sys.exit(1)

STARTS = [
    chess.STARTING_FEN,
    # Kiwipete and the published perft positions 3-6.
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    # Castling on both sides with attacked squares around.
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1",
    # En passant: pins along the rank and the diagonal, capture from check.
    "8/8/8/K2pP2q/8/8/8/7k w - d6 0 1",
    "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1",
    "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1",
    "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
    "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
    # Promotions.
    "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1",
    "8/PPP4k/8/8/8/8/4Kppp/8 w - - 0 1",
    # Sparse endgames: insufficient material, stalemates, the 75-move rule.
    "8/8/3k4/8/8/3K4/8/8 w - - 0 1",
    "8/8/3k4/8/8/3KB3/8/8 w - - 0 1",
    "8/8/3k4/8/8/3KN3/8/8 b - - 0 1",
    "8/2b5/3k4/8/8/3KB3/8/8 w - - 0 1",
    "8/3b4/3k4/8/8/3KB3/8/8 w - - 0 1",
    "8/8/3k4/3n4/8/3KN3/8/8 w - - 0 1",
    "8/8/3kq3/8/8/3KN3/8/8 w - - 0 1",
    "8/8/3k4/8/2B5/3KB3/8/8 w - - 0 1",
    "8/8/3k4/8/8/3KBN2/8/8 w - - 0 1",
    "8/8/3k4/3p4/8/3KB3/8/8 w - - 0 1",
    "8/8/3k4/8/8/3KR3/8/8 w - - 0 1",
    "k7/8/1Q6/8/8/8/8/7K w - - 0 1",
    "8/8/3k4/8/8/3KR3/8/8 w - - 138 90",
    "4k3/8/8/8/8/8/8/R3K2R w KQ - 145 100",
    "8/8/2nk4/8/8/2BK4/8/8 b - - 120 80",
]


def special(board, move):
    """Moves worth steering towards: they exercise the special rules."""
    return (board.is_castling(move) or board.is_en_passant(move)
            or move.promotion is not None or board.is_capture(move))


def mating_move(board, moves):
    """A legal move that checkmates, if there is one."""
    for m in moves:
        if board.gives_check(m):
            board.push(m)
            mate = board.is_checkmate()
            board.pop()
            if mate:
                return m
    return None


def step_back(board, moves):
    """A move returning the piece the side to move moved last to where it
    came from, if legal (it makes repetitions)."""
    if len(board.move_stack) < 2:
        return None
    last = board.move_stack[-2]
    back = chess.Move(last.to_square, last.from_square)
    return back if back in moves else None


def play_games(args, rng):
    """Random games; returns the positions, the moves to apply and the games."""
    positions, applies, games = [], [], []
    for g in range(args.games):
        start = STARTS[g % len(STARTS)]
        board = chess.Board(start)
        shuffle = rng.random() < 0.3
        for _ in range(args.plies):
            if board.outcome() is not None:
                break
            fen = board.fen()
            moves = list(board.legal_moves)
            positions.append((fen, " ".join(sorted(m.uci() for m in moves))))
            back = step_back(board, moves) if shuffle else None
            mate = mating_move(board, moves) if rng.random() < 0.5 else None
            specials = [m for m in moves if special(board, m)]
            if mate is not None:
                move = mate
            elif back is not None and rng.random() < 0.8:
                move = back
            elif specials and rng.random() < 0.3:
                move = rng.choice(specials)
            else:
                move = rng.choice(moves)
            for m in {move, *rng.sample(moves, min(2, len(moves)))}:
                after = chess.Board(fen)
                after.push(m)
                applies.append((fen, m.uci(), after.fen()))
            board.push(move)
        if board.outcome() is not None:
            # The final position too: its moves (none, or some for the
            # automatic draws that leave moves).
            positions.append((board.fen(), " ".join(sorted(m.uci() for m in board.legal_moves))))
        games.append((start, [m.uci() for m in board.move_stack], expected_outcome(board)))
    return positions, applies, games


def print_san_vectors(args, rng):
    """Prints `FEN | UCI | SAN` lines: every move that needs its origin
    named (disambiguation) first, then special moves (castling, en passant,
    promotion, capture, check), then others."""
    positions, _, _ = play_games(args, rng)
    rng.shuffle(positions)
    ambiguous, other = [], []
    for fen, _ in positions:
        board = chess.Board(fen)
        for move in board.legal_moves:
            san = board.san(move)
            piece = board.piece_type_at(move.from_square)
            plain = len(chess.square_name(move.to_square)) + 1 + board.is_capture(move)
            if piece != chess.PAWN and not board.is_castling(move) and len(san.rstrip("+#")) > plain:
                ambiguous.append((fen, move.uci(), san))
            elif special(board, move) or board.gives_check(move) or rng.random() < 0.05:
                other.append((fen, move.uci(), san))
    chosen = ambiguous[: args.san_vectors // 2]
    chosen += rng.sample(other, min(len(other), args.san_vectors - len(chosen)))
    for fen, uci, san in chosen:
        print(f"{fen} | {uci} | {san}")
    return 0


def expected_outcome(board):
    """python-chess's automatic outcome in the CLI's words."""
    outcome = board.outcome()
    if outcome is None:
        return "none"
    name = {
        chess.Termination.CHECKMATE: "checkmate",
        chess.Termination.STALEMATE: "stalemate",
        chess.Termination.INSUFFICIENT_MATERIAL: "insufficient-material",
        chess.Termination.SEVENTYFIVE_MOVES: "seventy-five-moves",
        chess.Termination.FIVEFOLD_REPETITION: "fivefold-repetition",
    }[outcome.termination]
    who = {chess.WHITE: "white", chess.BLACK: "black", None: "draw"}[outcome.winner]
    return f"{who} {name}"


def run(binary, subcommand, lines):
    out = subprocess.run([binary, subcommand, "--game", "chess", "--stdin"],
                         input="\n".join(lines) + "\n", capture_output=True, text=True,
                         check=True).stdout
    got = out.split("\n")[: len(lines)]
    if len(got) < len(lines):
        got += ["(no output)"] * (len(lines) - len(got))
    return got


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--binary", default="target/release/tamerlane")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--plies", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--san-vectors", type=int, default=0, metavar="N")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    if args.san_vectors:
        return print_san_vectors(args, rng)

    positions, applies, games = play_games(args, rng)
    mismatches = []

    got = run(args.binary, "moves", [fen for fen, _ in positions])
    for (fen, want), have in zip(positions, got):
        if want != have:
            w, h = set(want.split()), set(have.split())
            mismatches.append(f"MOVES DIFFER in {fen}\n  only python-chess: {sorted(w - h)}"
                              f"\n  only rust: {sorted(h - w)}\n  rust said: {have[:200]}")
    got = run(args.binary, "apply", [f"{fen} | {m}" for fen, m, _ in applies])
    for (fen, m, want), have in zip(applies, got):
        if want != have:
            mismatches.append(f"APPLY DIFFERS for {m} in {fen}\n  python-chess: {want}\n  rust:         {have}")
    got = run(args.binary, "outcome", [f"{start} | {' '.join(moves)}" for start, moves, _ in games])
    endings = {}
    for (start, moves, want), have in zip(games, got):
        endings[want] = endings.get(want, 0) + 1
        if want != have:
            mismatches.append(f"OUTCOME DIFFERS after {len(moves)} plies from {start}\n"
                              f"  moves: {' '.join(moves)}\n  python-chess: {want}\n  rust:         {have}")

    checked = len(positions) + len(applies) + len(games)
    if mismatches:
        for m in mismatches[:5]:
            print(m)
        print(f"chess crosscheck: {len(mismatches)} mismatches out of {checked} checks (seed {args.seed})")
        return 1
    print(f"{len(positions)} positions, {len(applies)} applied moves and {len(games)} game outcomes "
          f"agree with python-chess {chess.__version__} (seed {args.seed})")
    print("endings: " + ", ".join(f"{k} {v}" for k, v in sorted(endings.items())))
    print(f"chess crosscheck: {checked} passed, 0 mismatches")
    return 0


if __name__ == "__main__":
    sys.exit(main())

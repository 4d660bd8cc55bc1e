#!/usr/bin/env python3
"""Differential test: the Rust `tamerlane` CLI against the independent Python
reference (`tamerlane_ref.py`, written from docs/RULES.md alone).

Random playouts are driven by the reference from the start position of the
rule set and from positions rich in special rules, preferring rare moves
(pawn-of-pawns moves, royal moves, promotions, swaps) a third of the time.
For every position reached, the sorted legal-move lists of both
implementations must be equal; for a sample of moves, the TFEN after `apply`
must be equal too.  With --outcome-games, random games are also compared by
their outcome (`tamerlane outcome`).

    python3 tools/reference/crosscheck.py --binary target/release/tamerlane \\
        --games 60 --plies 120 --seed 1
    python3 tools/reference/crosscheck.py --rules swap-with=any --outcome-games 20
    python3 tools/reference/crosscheck.py --every-option --games 12 --outcome-games 12

Interface assumed of the binary (R is passed only when it is not empty, so
the default run works with a binary that has no --rules option):
  BIN moves [--rules R] --stdin    one TFEN per line -> sorted legal moves
                                   on one line, space-separated
  BIN apply [--rules R] --stdin    "TFEN | MOVE" per line -> resulting TFEN
  BIN outcome [--rules R] [--tfen T] MOVE...
                                   stdout `none` or `<white|black|draw>
                                   <reason>`, exit 0; moves past the end of
                                   the game: exit 2, nothing on stdout, and
                                   the ply at which the game ended on stderr
`--binary tools/reference/tamerlane_ref.py` runs the harness against the
reference itself, which has the same subcommands.

Exit status 0 when everything agrees, 1 on the first disagreement (printed).
"""

import argparse
import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tamerlane_ref as ref  # noqa: E402

# General start positions (default rules; each is also used under options
# when it is valid there).
STARTS = [
    "e1c1d1d1c1e/rntgvkfgtnr/prpnptpgpvpkpfpepcpdpp/11/11/11/11/PPPDPCPEPFPKPVPGPTPNPR/RNTGFKVGTNR/E1C1D1D1C1E w Kk 00 0 1",
    "11/PRPNPTPGPFPVPEPCPDPK1/11/11/10k/11/11/11/11/K10 w - 00 0 1",
    "11/2PP8/11/11/5k5/3r1r1n3/11/11/5K5/11 w - 00 0 1",
    "2PP8/11/11/11/5k5/3r1r1n3/11/11/5K5/11 w - 10 0 1",
    "3r7/4PP6/11/11/5k5/11/11/5F5/K10/11 w - 10 0 1",
    "S10/11/11/11/5k5/11/11/11/11/10A w - 00 0 1",
    "11/(a)K10/11/11/11/11/11/11/10k/11 w - 00 0 1",
    "4r5k/11/11/11/11/4K6/11/11/11/R9N w K 00 0 1",
    "10k/11/11/11/11/11/1pr9/T1n6pr1/1v5r1PR1/K9G w K 00 0 1",
    "k4r5/11/11/11/11/11/2t8/11/4NR3g1/5K1V3 w - 00 0 1",
    # Rook pawns advanced on both wings, a talia pawn missing.
    "e1c1d1d1c1e/rntgvkfgtnr/1pn1pgpvpkpfpepcpdpp/11/pr10/10PR/11/PPPDPCPEPFPKPVPGPTPNPR/RNTGFKVGTNR/E1C1D1D1C1E w Kk 00 0 6",
]

# Start positions that exercise one option each (hand-made; the reasons are
# in selftest_rules.py where the same positions are worked out by hand).
OPTION_STARTS = {
    "swap-when": [
        # stuck but unchecked King: the swap a1k10 only under check-or-stuck
        "10T/9pr1/11/11/5k5/1r9/11/11/9r1/K10 w K 00 0 1",
        # a King in check from a rook, a swap partner on a2
        "5k5/11/11/11/11/11/11/5r5/R4K5/11 w K 00 0 1",
        # open rook files against Kings with swap rights
        "r9r/5k5/4pfpkpv4/11/11/11/11/4PFPKPV4/5K5/R9R w Kk 00 0 1",
    ],
    "swap-with": [
        # King in check with a pawn neighbour (and a pawn far away)
        "10k/5r5/11/11/11/PR10/11/4PF6/5K5/11 w K 00 0 1",
        # black King on its last rank: no swap with its pawn
        "10K/11/11/11/11/11/11/4pf6/11/R4k5 b k 00 0 1",
        "r9r/5k5/4pfpkpv4/11/11/11/11/4PFPKPV4/5K5/R9R w Kk 00 0 1",
    ],
    "citadel-entry": [
        # Princes (no King) near the enemy citadel, on both sides
        "11/S9r/11/S10/11/11/10s/11/R9s/11 w - 00 0 1",
        "S4k5/S10/11/11/11/11/11/11/11/R10 w - 00 0 1",
        # King and Prince side by side; a black Prince near wc
        "5k5/K10/S10/11/11/11/11/10s/11/11 w - 00 0 1",
    ],
    "pawn-of-pawns": [
        # a placed (stage 1) pawn of pawns about to arrive again
        "5k5/1PP9/11/11/11/2r1r6/11/11/11/5K5 w - 10 0 1",
        "K9r/3PP7/11/11/11/11/11/11/11/5k5 w - 10 0 1",
        "5K5/11/11/11/11/6R1R2/11/11/9pp1/5k5 b - 01 0 1",
    ],
    "placement-onto": [
        # enemy pieces on fork squares
        "1PP3k5/11/11/11/11/2r1r6/3n7/11/11/5K5 w - 10 5 1",
        "5k5/2PP8/11/1r1n1r5/2f1v6/11/11/11/11/10K w - 00 0 1",
        "1PP3k5/11/11/11/11/2r1r6/3pp7/11/11/5K5 w - 11 5 1",
    ],
    "placement-targets": [
        # trapped pieces (an elephant boxed in by its King)
        "e9PP/11/2k8/11/11/11/11/11/11/5K5 w - 10 0 1",
        "2PP8/11/e10/11/2k8/11/11/11/11/5K5 w - 10 0 1",
        "f9PP/1n9/11/11/5k5/11/11/11/11/5K5 w - 10 0 1",
    ],
    "lone-royal": [
        # a lone royal in check, about to promote a pawn of kings
        "11/4PK6/11/11/10k/r10/11/11/11/K10 w - 00 0 1",
        "K9r/4PK6/11/11/11/11/11/11/11/5k5 w - 00 0 1",
        # ... or to make an Adventitious King (third arrival)
        "11/1PP9/11/11/10k/r10/11/11/11/K10 w - 20 0 1",
    ],
    "royals-only": [
        "11/K10/r10/11/11/11/11/10k/11/11 w - 00 0 1",
        "11/K10/11/11/11/11/11/10k/11/R10 w - 00 0 1",
    ],
    "repetition": [
        "11/K10/11/11/11/11/11/10k/11/R10 w - 00 0 1",
        "5k5/11/11/11/11/11/11/11/11/5K4R w - 00 0 1",
    ],
    "move-limit": [
        "11/K10/11/11/11/11/11/10k/11/R10 w - 00 0 1",
        "4r5k/11/11/11/11/4K6/11/11/11/R9N w K 00 0 1",
    ],
}

# --every-option: the default, each single non-default value (integer
# options: the ends of the range, a value random games reach, and off),
# then the preset.
EVERY_OPTION = [
    "", "swap-when=check", "swap-with=any", "citadel-entry=king-only",
    "pawn-of-pawns=one-arrival", "placement-onto=enemy",
    "placement-targets=fork-or-trapped", "lone-royal=before-move",
    "royals-only=off", "repetition=2", "repetition=10", "repetition=off",
    "move-limit=1", "move-limit=12", "move-limit=10000", "move-limit=off",
    "seed-001",
]


class Mismatch(Exception):
    """The two implementations disagree (the message says how)."""


def starts_for(rules, every):
    """Start positions for a pass: the preset's own start, the starts of the
    options that differ from the default (all of them if `every`), then
    the general starts; those invalid under the rule set are left out."""
    keys = [k for k in ref.RULE_KEYS if every or rules[k] != ref.RULE_DEFAULTS[k]]
    # Round robin over the options, so that a few games already reach each.
    rounds = max(len(OPTION_STARTS[k]) for k in keys) if keys else 0
    cands = [rules.start_tfen()] + [OPTION_STARTS[k][i] for i in range(rounds)
                                    for k in keys if i < len(OPTION_STARTS[k])] + STARTS
    out = []
    for t in cands:
        try:
            ref.parse_tfen(t, rules)
        except ValueError:
            continue
        if t not in out:
            out.append(t)
    return out


def is_rare(pos, move):
    """Moves worth steering towards: they exercise the special rules."""
    board = pos.board
    frm, to = ref.move_squares(move)
    piece = board[frm]
    kind = ref.KIND[piece]
    return (kind in ("K", "S", "A", "PP", "PK") or to in (ref.WC, ref.BC)
            or board[to] is not None and ref.COLOR[board[to]] == ref.COLOR[piece])


def rules_args(rule_string):
    return ["--rules", rule_string] if rule_string else []


def call(binary, args, stdin=None):
    """Run the binary; returns (exit status, stdout, stderr)."""
    p = subprocess.run([binary] + args, input=stdin, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def run_stdin(binary, subcommand, lines, rule_string):
    code, out, err = call(binary, [subcommand] + rules_args(rule_string) + ["--stdin"],
                          "\n".join(lines) + "\n")
    if code != 0:
        raise Mismatch("%s %s --stdin failed with exit %d: %s"
                       % (binary, subcommand, code, err.strip()[:500]))
    return out.split("\n")[: len(lines)]


def check_moves(binary, rule_string, rules, starts, games, plies, rng):
    """Legal-move lists and applied moves along random playouts."""
    positions, expected, applies = [], [], []
    for g in range(games):
        pos = ref.parse_tfen(starts[g % len(starts)], rules)
        for _ in range(plies):
            tfen = ref.format_tfen(pos)
            children = dict(ref.legal_children(pos, rules))
            moves = sorted(children)
            positions.append(tfen)
            expected.append(" ".join(moves))
            if not moves:
                break
            for m in rng.sample(moves, min(2, len(moves))):
                applies.append((tfen, m, ref.format_tfen(children[m])))
            rare = [m for m in moves if is_rare(pos, m)]
            m = rng.choice(rare) if rare and rng.random() < 0.34 else rng.choice(moves)
            pos = children[m]

    got = run_stdin(binary, "moves", positions, rule_string)
    for tfen, want, have in zip(positions, expected, got):
        if want != have:
            w, h = set(want.split()), set(have.split())
            raise Mismatch("MOVES DIFFER in %s\n  only reference: %s\n  only binary: %s"
                           % (tfen, sorted(w - h), sorted(h - w)))
    got = run_stdin(binary, "apply", ["%s | %s" % (t, m) for t, m, _ in applies], rule_string)
    for (tfen, m, want), have in zip(applies, got):
        if want != have:
            raise Mismatch("APPLY DIFFERS for %s in %s\n  reference: %s\n  binary:    %s"
                           % (m, tfen, want, have))
    return len(positions), len(applies)


def with_clock(tfen, clock):
    fields = tfen.split(" ")
    fields[4] = str(clock)
    return " ".join(fields)


def random_game(rules, starts, plies, rng):
    """A random game: (start tfen, moves, expected outcome or GameOverError).

    A third of the starts get a halfmove clock just below (sometimes at) the
    move limit; a side repeats its previous move backwards 30% of the time
    so that repetitions happen.  The list stops at the end of the game, is
    cut short, or (a fifth of the time) continues one move past the end."""
    start = rng.choice(starts)
    limit = rules.limit("move-limit")
    if limit is not None and rng.random() < 0.34:
        start = with_clock(start, max(0, limit - rng.randint(0, 8)))
    pos = ref.parse_tfen(start, rules)
    moves, history = [], []
    result = ref.game_outcome(pos, [], rules)
    seen = {ref.repetition_key(pos): 1}
    while result is None and len(moves) < plies:
        children = dict(ref.legal_children(pos, rules))
        back = None
        if len(history) >= 2:
            prev = history[-2]                      # this side's last move
            back = prev[2:] + prev[:2] if len(prev) == 4 else None
        if back in children and rng.random() < 0.3:
            m = back
        else:
            rare = [m for m in children if is_rare(pos, m)]
            m = rng.choice(sorted(rare) if rare and rng.random() < 0.34 else sorted(children))
        moves.append(m)
        history.append(m)
        pos = children[m]
        key = ref.repetition_key(pos)
        seen[key] = seen.get(key, 0) + 1
        result = ref.terminal_event(pos, rules, seen[key], len(moves))
    r = rng.random()
    if result is not None and r < 0.2:
        extra = sorted(ref.legal_moves(pos, rules)) or moves[-1:] or ["f3f4"]
        moves.append(rng.choice(extra))
    elif r < 0.4 and moves:
        moves = moves[: rng.randint(0, len(moves) - 1)]
    try:
        want = ref.game_outcome(ref.parse_tfen(start, rules), moves, rules)
    except ref.GameOverError as e:
        want = e
    return start, moves, want


def check_outcomes(binary, rule_string, rules, starts, games, plies, rng):
    """`outcome` of random games, one process per game."""
    for _ in range(games):
        start, moves, want = random_game(rules, starts, plies, rng)
        tfen_args = [] if start == rules.start_tfen() and rng.random() < 0.5 else ["--tfen", start]
        args = ["outcome"] + rules_args(rule_string) + tfen_args + moves
        code, out, err = call(binary, args)
        show = "rules %r, start %s, moves %s" % (rule_string, start, " ".join(moves))
        if isinstance(want, ref.GameOverError):
            if code != 2 or out.strip() or not re.search(r"\b%d\b" % want.ply, err):
                raise Mismatch("OUTCOME: expected exit 2 naming ply %d (%s); got exit %d, "
                               "stdout %r, stderr %r\n  %s"
                               % (want.ply, want.outcome, code, out, err.strip(), show))
        else:
            expect = "none" if want is None else str(want)
            if code != 0 or out.strip() != expect:
                raise Mismatch("OUTCOME DIFFERS: reference %r, binary %r (exit %d, %s)\n  %s"
                               % (expect, out.strip(), code, err.strip(), show))
    return games


def one_pass(args, rule_string, every, rng):
    rules = ref.parse_rules(rule_string)
    starts = starts_for(rules, every)
    npos, napp = check_moves(args.binary, rule_string, rules, starts, args.games,
                             args.plies, rng)
    nout = check_outcomes(args.binary, rule_string, rules, starts, args.outcome_games,
                          args.plies, rng)
    print("rules %r: %d positions, %d applied moves, %d outcomes agree"
          % (rule_string, npos, napp, nout))
    return npos + napp + nout


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--binary", default="target/release/tamerlane")
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--plies", type=int, default=120)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rules", default="", help="rule-set string (docs/RULES.md, section 9)")
    ap.add_argument("--every-option", action="store_true",
                    help="one pass per single non-default option value, and seed-001")
    ap.add_argument("--outcome-games", type=int, default=0,
                    help="random games per pass compared by `outcome` (default 0)")
    args = ap.parse_args()
    if args.every_option and args.rules:
        ap.error("--every-option and --rules exclude each other")
    try:
        ref.parse_rules(args.rules)
    except ref.RulesError as e:
        ap.error(str(e))
    rng = random.Random(args.seed)
    passes = EVERY_OPTION if args.every_option else [args.rules]
    total = 0
    try:
        for rs in passes:
            # The default pass of --every-option also plays every option start.
            total += one_pass(args, rs, args.every_option and rs == "", rng)
    except Mismatch as e:
        print(e)
        print("(seed %d)" % args.seed)
        print("crosscheck: %d passed, 1 failed" % total)
        return 1
    print("(seed %d)" % args.seed)
    print("crosscheck: %d passed, 0 failed" % total)
    return 0


if __name__ == "__main__":
    sys.exit(main())

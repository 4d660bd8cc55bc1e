"""Hand-derived self-tests of the rule options (docs/RULES.md, section 9), the
rule-set strings and the game outcome (section 6, and section 9, "Games
stay ended"), run by `tamerlane_ref.py selftest`.

Every expected value below was worked out by hand from the rules; the
reasoning is in the comment above each case.  Most cases give the same
position under the default rules and under one option, so each shows both a
positive and a negative effect of that option.  Board coordinates: files a..k
left to right, rank 1 at White's side; a white pawn attacks the two squares
diagonally in front of it (upwards), a black pawn the two below it.
"""

import random

import tamerlane_ref as ref

D = ""   # the default rule set

# ---------------------------------------------------------------------------
# Legal moves: (tfen, move prefix, {rule string: expected moves with prefix})
# ---------------------------------------------------------------------------
MOVE_CASES = [
    # ---- swap-when --------------------------------------------------------
    # White K a1 (swap right), T k10; black pr j9, k f6, r b5, r j2.  a2 and
    # b2 are on the j2 rook's rank, b1 and b2 on the b5 rook's file: the King
    # cannot step.  The Talia's only diagonal (to j9) starts on an occupied
    # square: no move.  The King is not attacked (no rook on the a file or
    # rank 1).  Default: stuck, so the swap a1k10 is the only move (k10 is
    # safe: the j9 pawn attacks i8/k8).  swap-when=check: the King is not
    # attacked, so no swap and no move at all.
    ("10T/9pr1/11/11/5k5/1r9/11/11/9r1/K10 w K 00 0 1", "",
     {D: "a1k10", "swap-when=check": ""}),
    # White K f2 (swap right) attacked by the rook f3; R a2.  King steps:
    # e1 e2 g1 g2 and the capture f3 (f1, e3, g3 stay on the rook's lines).
    # The rook a2 cannot help.  The King is attacked, so the swap with a2
    # (a2 is safe) is allowed under both values.
    ("5k5/11/11/11/11/11/11/5r5/R4K5/11 w K 00 0 1", "",
     {D: "f2a2 f2e1 f2e2 f2f3 f2g1 f2g2",
      "swap-when=check": "f2a2 f2e1 f2e2 f2f3 f2g1 f2g2"}),
    # White K f2 not attacked, with moves: no swap (f2a2) under either value.
    ("5k5/11/11/11/11/11/11/11/R4K5/11 w K 00 0 1", "f2",
     {D: "f2e1 f2e2 f2e3 f2f1 f2f3 f2g1 f2g2 f2g3",
      "swap-when=check": "f2e1 f2e2 f2e3 f2f1 f2f3 f2g1 f2g2 f2g3"}),

    # ---- swap-with --------------------------------------------------------
    # White K f2 in check from the rook f9 (f8..f3 empty), PF e3, black k
    # k10.  Steps: e1 e2 g1 g2 g3 (f1 and f3 stay on the f file, e3 is
    # occupied); the pawn cannot block.  swap-with=any adds f2e3: the King
    # lands on e3 (off the f file and rank 9), and f2 (rank 2) is neither
    # rank 1 nor rank 10 for a white pawn.
    ("10k/5r5/11/11/11/11/11/4PF6/5K5/11 w K 00 0 1", "",
     {D: "f2e1 f2e2 f2g1 f2g2 f2g3",
      "swap-with=any": "f2e1 f2e2 f2e3 f2g1 f2g2 f2g3"}),
    # The partner need not be adjacent: PR a5, King to a5 is safe.
    ("10k/5r5/11/11/11/PR10/11/11/5K5/11 w K 00 0 1", "",
     {D: "f2e1 f2e2 f2e3 f2g1 f2g2 f2g3",
      "swap-with=any": "f2a5 f2e1 f2e2 f2e3 f2g1 f2g2 f2g3"}),
    # The King on f1, White's first rank: a pawn may not go there, so no
    # swap with PF e2 even under any.  Steps e1 g1 g2 (f2 on the f file).
    ("10k/5r5/11/11/11/11/11/11/4PF6/5K5 w K 00 0 1", "",
     {D: "f1e1 f1g1 f1g2", "swap-with=any": "f1e1 f1g1 f1g2"}),
    # Black k f1 in check from R a1 along rank 1; pf e3.  Rank 1 is the
    # black pawn's last rank: no swap f1e3.  Steps e2 f2 g2 (e1, g1 on rank 1).
    ("10K/11/11/11/11/11/11/4pf6/11/R4k5 b k 00 0 1", "",
     {D: "f1e2 f1f2 f1g2", "swap-with=any": "f1e2 f1f2 f1g2"}),
    # The pawn of pawns is never a partner (PP e3 instead of PF).
    ("10k/5r5/11/11/11/11/11/4PP6/5K5/11 w K 00 0 1", "",
     {D: "f2e1 f2e2 f2g1 f2g2 f2g3", "swap-with=any": "f2e1 f2e2 f2g1 f2g2 f2g3"}),

    # ---- citadel-entry ----------------------------------------------------
    # Two white Princes next to bc, no King: both are the highest royal
    # present, so both may enter bc by default; king-only forbids it.
    ("S4k5/S10/11/11/11/11/11/11/11/11 w - 00 0 1", "a",
     {D: "a10b10 a10b9 a10bc a9a8 a9b10 a9b8 a9b9 a9bc",
      "citadel-entry=king-only": "a10b10 a10b9 a9a8 a9b10 a9b8 a9b9"}),
    # The King itself (a9) enters under both; the Prince a8 under neither.
    ("5k5/K10/S10/11/11/11/11/11/11/11 w - 00 0 1", "a",
     {D: "a8a7 a8b7 a8b8 a8b9 a9a10 a9b10 a9b8 a9b9 a9bc",
      "citadel-entry=king-only": "a8a7 a8b7 a8b8 a8b9 a9a10 a9b10 a9b8 a9b9 a9bc"}),
    # Black Prince k2 (no black King) next to wc: k2wc only by default.
    ("11/11/11/11/11/11/11/5K5/10s/11 b - 00 0 1", "",
     {D: "k2j1 k2j2 k2j3 k2k1 k2k3 k2wc",
      "citadel-entry=king-only": "k2j1 k2j2 k2j3 k2k1 k2k3"}),
    # The Adventitious King's own citadel is unchanged: k2wc under both.
    ("5k5/11/11/11/11/11/11/11/10A/K10 w - 00 0 1", "k2",
     {D: "k2j1 k2j2 k2j3 k2k1 k2k3 k2wc",
      "citadel-entry=king-only": "k2j1 k2j2 k2j3 k2k1 k2k3 k2wc"}),

    # ---- pawn-of-pawns ----------------------------------------------------
    # White K a10 in check from the rook k10 along rank 10; PP d9 at stage 1.
    # Default: d9d10 is the second arrival, f3 is empty so the pawn jumps
    # there and rank 10 stays open: illegal.  one-arrival: the pawn waits on
    # d10 and blocks the rook: legal.  a10bc: the King enters bc.
    ("K9r/3PP7/11/11/11/11/11/11/11/5k5 w - 10 0 1", "",
     {D: "a10a9 a10b9 a10bc", "pawn-of-pawns=one-arrival": "a10a9 a10b9 a10bc d9d10"}),
    # Stage 0: the first arrival waits on d10 under both: legal.
    ("K9r/3PP7/11/11/11/11/11/11/11/5k5 w - 00 0 1", "",
     {D: "a10a9 a10b9 a10bc d9d10",
      "pawn-of-pawns=one-arrival": "a10a9 a10b9 a10bc d9d10"}),
    # A waiting pawn at stage 1 is placed under both (forks c5 and e5).
    ("1PP3k5/11/11/11/11/2r1r6/11/11/11/5K5 w - 10 5 1", "b10",
     {D: "b10d4", "pawn-of-pawns=one-arrival": "b10d4"}),

    # ---- placement-onto ---------------------------------------------------
    # White PP waiting b10 (stage 1); black r c5, r e5, n d4, k f10.  Only a
    # pawn on d4 attacks c5 and e5 together (c3 sees b4/d4, e3 d4/f4, e9 and
    # g9 only f10).  d4 holds the knight: no placement by default; enemy:
    # b10d4 captures it and forks the rooks.
    ("1PP3k5/11/11/11/11/2r1r6/3n7/11/11/5K5 w - 10 5 1", "b10",
     {D: "", "placement-onto=enemy": "b10d4"}),
    # The same with the black King on d4: a royal is never a target.
    ("1PP9/11/11/11/11/2r1r6/3k7/11/11/5K5 w - 10 5 1", "b10",
     {D: "", "placement-onto=enemy": ""}),
    # Black's waiting pp on d1 (its last rank) with black rooks c2 and e2:
    # d1 is the only fork square, and a waiting pawn of pawns is never a
    # target.
    ("1PP3k5/11/11/11/11/10K/11/11/2r1r6/3pp7 w - 11 0 1", "b10",
     {D: "", "placement-onto=enemy": ""}),
    # A black rook on d1 instead: captured by b10d1 (own first rank allowed).
    ("1PP3k5/11/11/11/11/10K/11/11/2r1r6/3r7 w - 10 0 1", "b10",
     {D: "", "placement-onto=enemy": "b10d1"}),
    # A placed (no longer waiting) black pp on d4 may be taken.
    ("1PP3k5/11/11/11/11/2r1r6/3pp7/11/11/5K5 w - 11 5 1", "b10",
     {D: "", "placement-onto=enemy": "b10d4"}),

    # ---- placement-targets ------------------------------------------------
    # White PP waiting k10; black e a10, k c8.  The elephant's only leap from
    # a10 is c8, its own King: trapped.  A pawn on b9 attacks a10 (and the
    # empty c10): no fork, but with fork-or-trapped k10b9 is allowed.  No
    # square attacks both a10 and c8 (b9 vs b7/d7).
    ("e9PP/11/2k8/11/11/11/11/11/11/5K5 w - 10 0 1", "k10",
     {D: "", "placement-targets=fork-or-trapped": "k10b9"}),
    # A white knight on c8 instead: the elephant can capture it, so it is
    # not trapped: no placement.
    ("e9PP/11/2N8/11/5k5/11/11/11/11/5K5 w - 10 0 1", "k10",
     {D: "", "placement-targets=fork-or-trapped": ""}),
    # Judged after the move: the elephant a8 leaps to c10 or c6.  c6 holds
    # its King and c10 the waiting white PP (uncapturable), so it is stuck
    # before the move; but lifting the pawn from c10 to b7 frees c10, so
    # after the placement it is not trapped: no c10b7.
    ("2PP8/11/e10/11/2k8/11/11/11/11/5K5 w - 10 0 1", "c10",
     {D: "", "placement-targets=fork-or-trapped": ""}),
    # Forks stay allowed: e4 (d5, f5) and g4 (f5, h5); nothing is trapped.
    ("2PP8/11/11/11/5k5/3r1r1n3/11/11/11/K10 w - 10 0 1", "c10",
     {D: "c10e4 c10g4", "placement-targets=fork-or-trapped": "c10e4 c10g4"}),

    # ---- lone-royal -------------------------------------------------------
    # White K a1 (only royal) in check from the rook a5; PK e9.  Steps b1
    # and b2 are safe, a2 is not.  e9e10 makes a Prince: by default legal
    # (two royals afterwards), before-move: the King is still attacked.
    ("11/4PK6/11/11/10k/r10/11/11/11/K10 w - 00 0 1", "",
     {D: "a1b1 a1b2 e9e10", "lone-royal=before-move": "a1b1 a1b2"}),
    # K a10 in check from the rook k10: the Prince on e10 blocks the rank,
    # so e9e10 is legal under both; a10bc enters the citadel.
    ("K9r/4PK6/11/11/11/11/11/11/11/5k5 w - 00 0 1", "",
     {D: "a10a9 a10b9 a10bc e9e10", "lone-royal=before-move": "a10a9 a10b9 a10bc e9e10"}),
    # Two royals before the move (K a1 in check, S k1): section 4 applies
    # unchanged, every step is legal under both (the S cannot enter wc).
    ("11/11/11/11/10k/r10/11/11/11/K9S w - 00 0 1", "",
     {D: "a1a2 a1b1 a1b2 k1j1 k1j2 k1k2",
      "lone-royal=before-move": "a1a2 a1b1 a1b2 k1j1 k1j2 k1k2"}),
    # The lone King followed through a swap (case above, swap-when): same.
    ("5k5/11/11/11/11/11/11/5r5/R4K5/11 w K 00 0 1", "",
     {D: "f2a2 f2e1 f2e2 f2f3 f2g1 f2g2",
      "lone-royal=before-move": "f2a2 f2e1 f2e2 f2f3 f2g1 f2g2"}),

    # ---- seed-001 (combined options) --------------------------------------
    # Black f a10, n b9, k f6; white PP waiting k10.  placement-onto=enemy
    # lets k10b9 take the knight, but then the ferz can capture the pawn on
    # b9: not trapped; c10 is empty: no fork.  No other square qualifies
    # (a8/c8 attack the knight, which moves freely).
    ("f9PP/1n9/11/11/5k5/11/11/11/11/5K5 w - 10 0 1", "k10",
     {D: "", "seed-001": ""}),
    # The seed-001 start: the same 24 first moves as the standard array
    # (every pawn one step; the pieces behind are the same).
    (ref.SEED001_TFEN, "",
     {"seed-001": "a3a4 b2a4 b2c4 b2d1 b3b4 c1b4 c1d4 c3c4 d3d4 e2d1 e2f1 e3e4 "
                  "f2f1 f3f4 g3g4 h3h4 i1h4 i1j4 i3i4 j2h1 j2i4 j2k4 j3j4 k3k4"}),
]

# ---------------------------------------------------------------------------
# Applying a move: (rules, tfen, move, resulting tfen)
# ---------------------------------------------------------------------------
APPLY_CASES = [
    # Second arrival of a stage-1 pawn: default jumps to the empty f3
    # (stage 2); one-arrival waits on b10 and the stage stays 1.
    (D, "5k5/1PP9/11/11/11/11/11/11/11/5K5 w - 10 5 1", "b9b10",
     "5k5/11/11/11/11/11/11/5PP5/11/5K5 b - 20 0 1"),
    ("pawn-of-pawns=one-arrival", "5k5/1PP9/11/11/11/11/11/11/11/5K5 w - 10 5 1", "b9b10",
     "1PP3k5/11/11/11/11/11/11/11/11/5K5 b - 10 0 1"),
    # First arrival: the same under both.
    ("pawn-of-pawns=one-arrival", "5k5/1PP9/11/11/11/11/11/11/11/5K5 w - 00 5 1", "b9b10",
     "1PP3k5/11/11/11/11/11/11/11/11/5K5 b - 10 0 1"),
    # A swap with a pawn: the right is used up, the clock is not reset.
    ("swap-with=any", "10k/5r5/11/11/11/11/11/4PF6/5K5/11 w K 00 5 1", "f2e3",
     "10k/5r5/11/11/11/11/11/4K6/5PF5/11 b - 00 6 1"),
    # A placement capturing a placed black pp: black's stage stays 1.
    ("placement-onto=enemy", "1PP3k5/11/11/11/11/2r1r6/3pp7/11/11/5K5 w - 11 5 1", "b10d4",
     "5k5/11/11/11/11/2r1r6/3PP7/11/11/5K5 b - 11 0 1"),
    # A placement capturing the knight.
    ("seed-001", "1PP3k5/11/11/11/11/2r1r6/3n7/11/11/5K5 w - 10 5 1", "b10d4",
     "5k5/11/11/11/11/2r1r6/3PP7/11/11/5K5 b - 10 0 1"),
]

# ---------------------------------------------------------------------------
# Game outcome: (rules, start tfen or None, moves, expected) where expected
# is None, (winner, reason, ply), ("past-end", ply) for a move list that
# continues after the end, or ("illegal", move number).
# ---------------------------------------------------------------------------
SHUFFLE = "a9a8 k3k4 a8a9 k4k3".split()     # back to the start after 4 plies
KR_K = "11/K10/11/11/11/11/11/10k/11/R10 w - 00 0 1"   # K a9, R a1 v k k3

OUTCOME_CASES = [
    # swap-when=check: the stuck King may not swap, White has no move and
    # is not attacked: stalemate, Black wins, at the start.
    (D, "10T/9pr1/11/11/5k5/1r9/11/11/9r1/K10 w K 00 0 1", [], None),
    ("swap-when=check", "10T/9pr1/11/11/5k5/1r9/11/11/9r1/K10 w K 00 0 1", [],
     ("black", "stalemate", 0)),
    ("swap-when=check", "10T/9pr1/11/11/5k5/1r9/11/11/9r1/K10 w K 00 0 1", ["a1k10"],
     ("past-end", 0)),
    # lone-royal: as the first lone-royal case, plus a black rook b4 that
    # covers b1 and b2.  Default: e9e10 is still legal; before-move: no move,
    # the single royal is attacked: checkmate.
    (D, "11/4PK6/11/11/10k/r10/1r9/11/11/K10 w - 00 0 1", [], None),
    ("lone-royal=before-move", "11/4PK6/11/11/10k/r10/1r9/11/11/K10 w - 00 0 1", [],
     ("black", "checkmate", 0)),
    # citadel-entry: the Prince (no King) enters by default: citadel draw at
    # ply 1 (the rook a1 keeps it from being a royals-only draw at once).
    (D, "S4k5/11/11/11/11/11/11/11/11/R10 w - 00 0 1", ["a10bc"], ("draw", "citadel", 1)),
    ("citadel-entry=king-only", "S4k5/11/11/11/11/11/11/11/11/R10 w - 00 0 1", ["a10bc"],
     ("illegal", 1)),
    # royals-only: only royals on the board.
    (D, "11/K10/11/11/11/11/11/10k/11/11 w - 00 0 1", [], ("draw", "royals-only", 0)),
    ("royals-only=off", "11/K10/11/11/11/11/11/10k/11/11 w - 00 0 1", [], None),
    ("royals-only=off", "11/K10/11/11/11/11/11/10k/11/11 w - 00 0 1", SHUFFLE, None),
    # ... reached by the capture of the last rook.
    (D, "11/K10/r10/11/11/11/11/10k/11/11 w - 00 0 1", ["a9a8"], ("draw", "royals-only", 1)),
    ("royals-only=off", "11/K10/r10/11/11/11/11/10k/11/11 w - 00 0 1", ["a9a8"], None),
    # A rook on the board: no royals-only draw under either.
    (D, KR_K, [], None),
    # No legal move comes before royals only: K a1 boxed in by k b3 and s c1.
    (D, "11/11/11/11/11/11/11/1k9/11/K1s8 w - 00 0 1", [], ("black", "stalemate", 0)),
    ("royals-only=off", "11/11/11/11/11/11/11/1k9/11/K1s8 w - 00 0 1", [],
     ("black", "stalemate", 0)),
    # repetition: the start counts as the first occurrence.
    (D, KR_K, SHUFFLE, None),
    ("repetition=2", KR_K, SHUFFLE, ("draw", "repetition", 4)),
    (D, KR_K, SHUFFLE * 2, ("draw", "repetition", 8)),
    ("repetition=off", KR_K, SHUFFLE * 2, None),
    ("repetition=10", KR_K, SHUFFLE * 2, None),
    ("repetition=2", KR_K, SHUFFLE + ["a9a8"], ("past-end", 4)),
    (D, KR_K, SHUFFLE * 2 + ["a9a8"], ("past-end", 8)),
    # Repetition (6.4) before the move limit (6.5) at the same ply.
    ("repetition=2,move-limit=4", KR_K, SHUFFLE, ("draw", "repetition", 4)),
    # move-limit: the clock at or above N, the start's clock included.
    ("move-limit=1", KR_K, ["a9a8"], ("draw", "move-limit", 1)),
    ("move-limit=2", KR_K, ["a9a8"], None),
    (D, "11/K10/11/11/11/11/11/10k/11/R10 w - 00 199 1", [], None),
    (D, "11/K10/11/11/11/11/11/10k/11/R10 w - 00 199 1", ["a9a8"], ("draw", "move-limit", 1)),
    (D, "11/K10/11/11/11/11/11/10k/11/R10 w - 00 200 1", [], ("draw", "move-limit", 0)),
    (D, "11/K10/11/11/11/11/11/10k/11/R10 w - 00 200 1", ["a9a8"], ("past-end", 0)),
    ("move-limit=off", "11/K10/11/11/11/11/11/10k/11/R10 w - 00 5000 1", ["a9a8"], None),
    ("move-limit=10000", "11/K10/11/11/11/11/11/10k/11/R10 w - 00 9999 1", ["a9a8"],
     ("draw", "move-limit", 1)),
    # A swap with a pawn advances the clock (5 -> 6).
    ("swap-with=any,move-limit=6", "10k/5r5/11/11/11/11/11/4PF6/5K5/11 w K 00 5 1", ["f2e3"],
     ("draw", "move-limit", 1)),
    # seed-001 has no repetition, move-limit or royals-only draw.
    ("seed-001", KR_K, SHUFFLE * 2, None),
    ("seed-001", "11/K10/11/11/11/11/11/10k/11/R10 w - 00 9999 1", ["a9a8"], None),
    ("seed-001", "11/K10/11/11/11/11/11/10k/11/11 w - 00 0 1", [], None),
    # The citadel draw (6.1) under seed-001: the King still may enter.
    ("seed-001", KR_K, ["a9bc"], ("draw", "citadel", 1)),
    # The seed-001 start, no move: nothing has happened.
    ("seed-001", None, [], None),
]

# ---------------------------------------------------------------------------
# Rule strings: (string, canonical form, or None for an error)
# ---------------------------------------------------------------------------
SEED_PAIRS = ("swap-when=check,swap-with=any,citadel-entry=king-only,"
              "pawn-of-pawns=one-arrival,placement-onto=enemy,"
              "placement-targets=fork-or-trapped,royals-only=off,repetition=off,"
              "move-limit=off")
RULE_STRINGS = [
    ("", ""), ("default", ""), ("seed-001", SEED_PAIRS), (SEED_PAIRS, SEED_PAIRS),
    # repetition=3 is the default value: not printed.
    ("seed-001,repetition=3", SEED_PAIRS.replace("repetition=off,", "")),
    ("seed-001,swap-when=check-or-stuck", SEED_PAIRS.replace("swap-when=check,", "")),
    ("swap-when=check", "swap-when=check"), ("move-limit=200", ""),
    ("repetition=off,swap-when=check", "swap-when=check,repetition=off"),
    ("default,move-limit=1", "move-limit=1"), ("move-limit=10000", "move-limit=10000"),
    ("repetition=2", "repetition=2"), ("repetition=10", "repetition=10"),
    ("lone-royal=before-move,royals-only=off", "lone-royal=before-move,royals-only=off"),
    ("Default", None), ("SEED-001", None), ("swap-when=Check", None),
    ("seed-001,", None), (",seed-001", None), ("swap-when=check,,repetition=2", None),
    (",", None), ("swap-when=check,seed-001", None), ("seed-001,default", None),
    ("default,default", None), (" swap-when=check", None), ("swap-when = check", None),
    ("swap-when=check\t", None), ("swap-when=check\n", None), ("repetition=1", None),
    ("repetition=11", None), ("repetition=03", None), ("repetition=+3", None),
    ("repetition=-3", None), ("repetition=3.0", None), ("repetition=1e1", None),
    ("repetition=\u0663", None), ("move-limit=0", None), ("move-limit=10001", None),
    ("move-limit=", None), ("move-limit=99999999999999999999999", None),
    ("foo=bar", None), ("swap-when=check,swap-when=check", None),
    ("swap-when=check,swap-when=check-or-stuck", None), ("swap-when", None),
    ("seed-002", None), ("swap-when=check=1", None), ("=check", None),
    ("repetition=on", None), ("royals-only=on", None),
]

# TFEN validity under a rule set: (rules, tfen, valid?)
TFEN_CASES = [
    # Stage 2 is impossible under one-arrival.
    (D, "5k5/11/11/11/11/11/11/5PP5/11/5K5 b - 20 0 1", True),
    ("pawn-of-pawns=one-arrival", "5k5/11/11/11/11/11/11/5PP5/11/5K5 b - 20 0 1", False),
    ("seed-001", "5k5/11/11/11/11/11/11/5PP5/11/5K5 b - 02 0 1", False),
    ("pawn-of-pawns=one-arrival", "1PP3k5/11/11/11/11/11/11/11/11/5K5 b - 10 0 1", True),
    # Other options do not change TFEN validity.
    ("swap-with=any", "5k5/11/11/11/11/11/11/5PP5/11/5K5 b - 20 0 1", True),
]


def _kind_of_move(pos, move):
    """'swap', 'place', 'citadel' (into the opponent's) or 'other'."""
    b = pos.board
    frm, to = ref.move_squares(move)
    p, q = b[frm], b[to]
    if ref.KIND[p] == "K" and q is not None and ref.COLOR[q] == pos.side:
        return "swap"
    if ref.is_waiting(p, frm) and pos.stage[pos.side] == 1:
        return "place"
    if to == ref.OWN_CITADEL[ref.OPP[pos.side]]:
        return "citadel"
    return "other"


def option_properties(rng, positions=150):
    """Random positions: each option adds or removes only moves of its own
    kind, in the direction the rules give (checks that can fail whenever an
    option leaks into unrelated moves)."""
    opts = {k: ref.parse_rules(k) for k in (
        "swap-when=check", "swap-with=any", "citadel-entry=king-only",
        "placement-onto=enemy", "placement-targets=fork-or-trapped",
        "lone-royal=before-move", "royals-only=off", "repetition=off",
        "move-limit=1")}
    n = 0
    for _ in range(positions):
        pos = ref._random_position(rng)
        for _ in range(rng.randint(0, 6)):
            d = set(ref.legal_moves(pos))
            kinds = {m: _kind_of_move(pos, m) for m in d}
            got = {k: set(ref.legal_moves(pos, r)) for k, r in opts.items()}
            for m in got["swap-with=any"] | got["placement-onto=enemy"] | \
                    got["placement-targets=fork-or-trapped"]:
                kinds.setdefault(m, _kind_of_move(pos, m))

            def only(diff, kind):
                return all(kinds[m] == kind for m in diff)
            tf = ref.format_tfen(pos)
            g = got["swap-when=check"]
            assert g <= d and only(d - g, "swap"), tf
            g = got["swap-with=any"]
            assert {m for m in g if kinds[m] != "swap"} == {m for m in d if kinds[m] != "swap"}, tf
            assert d <= g and all(ref.IS_PAWN[pos.board[ref.move_squares(m)[1]]] for m in g - d), tf
            g = got["citadel-entry=king-only"]
            assert g <= d and only(d - g, "citadel"), tf
            for k in ("placement-onto=enemy", "placement-targets=fork-or-trapped"):
                g = got[k]
                assert {m for m in d if kinds[m] != "swap"} <= g and only(
                    {m for m in g - d if kinds[m] != "swap"}, "place"), (k, tf)
            assert got["lone-royal=before-move"] <= d, tf
            for k in ("royals-only=off", "repetition=off", "move-limit=1"):
                assert got[k] == d, (k, tf)
            n += 1
            if not d:
                break
            pos = ref.apply(pos, rng.choice(sorted(d)))
    return n


def run():
    """Check every case; raise AssertionError on the first failure."""
    n = 0
    for tfen, prefix, by_rules in MOVE_CASES:
        for rs, want in by_rules.items():
            rules = ref.parse_rules(rs)
            got = sorted(m for m in ref.legal_moves(ref.parse_tfen(tfen, rules), rules)
                         if m.startswith(prefix))
            assert got == sorted(want.split()), (rs, tfen, got)
            n += 1
    for rs, tfen, move, want in APPLY_CASES:
        rules = ref.parse_rules(rs)
        got = ref.format_tfen(ref.apply(ref.parse_tfen(tfen, rules), move, rules))
        assert got == want, (rs, tfen, move, got)
        n += 1
    for rs, tfen, moves, want in OUTCOME_CASES:
        rules = ref.parse_rules(rs)
        start = ref.parse_tfen(tfen or rules.start_tfen(), rules)
        try:
            res = ref.game_outcome(start, moves, rules)
            got = None if res is None else (res.winner, res.reason, res.ply)
        except ref.GameOverError as e:
            got = ("past-end", e.ply)
        except ref.IllegalMoveError as e:
            got = ("illegal", e.move_number)
        assert got == want, (rs, tfen, moves, got)
        n += 1
    for s, want in RULE_STRINGS:
        try:
            got = ref.format_rules(ref.parse_rules(s))
        except ref.RulesError:
            got = None
        assert got == want, (s, got)
        n += 1
    for rs, tfen, valid in TFEN_CASES:
        try:
            ref.parse_tfen(tfen, ref.parse_rules(rs))
            ok = True
        except ValueError:
            ok = False
        assert ok == valid, (rs, tfen)
        n += 1
    # Start positions: a leading preset brings its array, the same values
    # written as pairs do not.
    assert ref.parse_rules("seed-001").start_tfen() == ref.SEED001_TFEN
    assert ref.parse_rules("seed-001,repetition=3").start_tfen() == ref.SEED001_TFEN
    assert ref.parse_rules(SEED_PAIRS).start_tfen() == ref.INITIAL_TFEN
    assert ref.parse_rules("default").start_tfen() == ref.INITIAL_TFEN
    # The seed-001 array is the mirror image: the black King on f9 above the
    # white King on f2, the black pp on a8 above the white PP on a3.
    seed = ref.parse_tfen(ref.SEED001_TFEN)
    for f in range(ref.NF):
        for r in range(ref.NR):
            p, q = seed.board[ref.sq_of(f, r)], seed.board[ref.sq_of(f, ref.NR - 1 - r)]
            assert (p is None and q is None) or (p.swapcase() == q), (f, r)
    return n + option_properties(random.Random(2024))

#!/usr/bin/env python3
"""Independent reference implementation of Tamerlane chess move generation.

Written from the rules alone (docs/RULES.md, sections 1-9), without the
Rust code, as a slow but clear test oracle.  Python 3.9+, standard library only.

Public API
----------
parse_rules(s) -> RuleSet                 (raises RulesError, section 9 syntax)
format_rules(rules) -> str                (canonical form)
parse_tfen(s, rules) -> Position          (raises ValueError on malformed input)
format_tfen(pos) -> str                   (canonical form; parse/format round-trips)
legal_moves(pos, rules) -> list[str]      (coordinate move strings, section 8.2)
apply(pos, move_str, rules) -> Position   (raises ValueError if the move is not legal)
perft(pos, depth, rules) -> int
divide(pos, depth, rules) -> dict[str, int]
game_outcome(start, moves, rules) -> Outcome or None
                                          (raises GameOverError / IllegalMoveError)
`rules` is optional everywhere (default: DEFAULT_RULES, sections 1-8).

CLI: see USAGE below (`tamerlane_ref.py` without arguments prints it).
"""

import random
import re
import sys
import time

# ---------------------------------------------------------------------------
# Board geometry
# ---------------------------------------------------------------------------
# Ordinary squares: index = rank * 11 + file, file 0..10 (a..k), rank 0..9
# (ranks 1..10).  The two citadels get the extra indices 110 and 111.

FILES = "abcdefghijk"
NF, NR = 11, 10
WC = 110   # White's citadel, geometrically "l2" (right of k2)
BC = 111   # Black's citadel, geometrically left of a9
NSQ = 112
CITADELS = (WC, BC)

WHITE, BLACK = "w", "b"
OPP = {WHITE: BLACK, BLACK: WHITE}
OWN_CITADEL = {WHITE: WC, BLACK: BC}
# The king-pawn start square used by the second arrival of the pawn of pawns.
KING_PAWN_START = {WHITE: 2 * NF + 5, BLACK: 7 * NF + 5}   # f3, f8
LAST_RANK = {WHITE: NR - 1, BLACK: 0}       # promotion rank (rank index)
FIRST_RANK = {WHITE: 0, BLACK: NR - 1}      # own first rank (rank index)
FORWARD = {WHITE: 1, BLACK: -1}


def sq_of(f, r):
    return r * NF + f


def on_board(f, r):
    return 0 <= f < NF and 0 <= r < NR


def file_of(s):
    return s % NF


def rank_of(s):
    return s // NF


def sq_name(s):
    if s == WC:
        return "wc"
    if s == BC:
        return "bc"
    return FILES[s % NF] + str(s // NF + 1)


SQ_NAMES = [sq_name(s) for s in range(NSQ)]
SQ_INDEX = {n: s for s, n in enumerate(SQ_NAMES)}


def move_squares(move):
    """The (from, to) square indices of a coordinate move string."""
    for i in (2, 3):
        if move[:i] in SQ_INDEX and move[i:] in SQ_INDEX:
            return SQ_INDEX[move[:i]], SQ_INDEX[move[i:]]
    raise ValueError("not a coordinate move string: %r" % move)

# Squares a king step away from each square, citadels included.
CITADEL_NEIGHBOURS = {
    WC: [sq_of(10, 0), sq_of(10, 1), sq_of(10, 2)],   # k1 k2 k3
    BC: [sq_of(0, 7), sq_of(0, 8), sq_of(0, 9)],      # a8 a9 a10
}


def _sym(a, b):
    """All (+-a, +-b) and (+-b, +-a) offsets, without duplicates."""
    out = []
    for x, y in ((a, b), (b, a)):
        for sx in (1, -1):
            for sy in (1, -1):
                o = (x * sx, y * sy)
                if o not in out:
                    out.append(o)
    return out


def _leap_table(offsets):
    table = []
    for s in range(NF * NR):
        f, r = file_of(s), rank_of(s)
        table.append([sq_of(f + df, r + dr) for df, dr in offsets
                      if on_board(f + df, r + dr)])
    return table


ORTHO_DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG_DIRS = [(1, 1), (1, -1), (-1, 1), (-1, -1)]

FERZ_T = _leap_table(_sym(1, 1))
VIZIER_T = _leap_table(_sym(1, 0))
KNIGHT_T = _leap_table(_sym(1, 2))
ELEPHANT_T = _leap_table(_sym(2, 2))
CAMEL_T = _leap_table(_sym(1, 3))
DABBABA_T = _leap_table(_sym(2, 0))

# King steps (ordinary squares + citadels).
KSTEP = _leap_table(ORTHO_DIRS + DIAG_DIRS) + [None, None]
for _c, _nbrs in CITADEL_NEIGHBOURS.items():
    KSTEP[_c] = list(_nbrs)
    for _n in _nbrs:
        KSTEP[_n].append(_c)


def _rays(dirs):
    table = []
    for s in range(NF * NR):
        f, r = file_of(s), rank_of(s)
        rays = []
        for df, dr in dirs:
            ray = []
            k = 1
            while on_board(f + k * df, r + k * dr):
                ray.append(sq_of(f + k * df, r + k * dr))
                k += 1
            rays.append(ray)
        table.append(rays)
    return table


ORTHO_RAYS = _rays(ORTHO_DIRS)
DIAG_RAYS = _rays(DIAG_DIRS)

# Giraffe: one diagonal step to d, then >= 3 squares straight on, away from the
# start, along either orthogonal component of that diagonal.
# GIRAFFE_FWD[s] = list of (d, [ray_a, ray_b]) where ray = squares d + k*o, k>=1.
GIRAFFE_FWD = []
for _s in range(NF * NR):
    _f, _r = file_of(_s), rank_of(_s)
    _entries = []
    for _dx, _dy in DIAG_DIRS:
        if not on_board(_f + _dx, _r + _dy):
            continue
        _d = (_f + _dx, _r + _dy)
        _rs = []
        for _ox, _oy in ((_dx, 0), (0, _dy)):
            _ray = []
            _k = 1
            while on_board(_d[0] + _k * _ox, _d[1] + _k * _oy):
                _ray.append(sq_of(_d[0] + _k * _ox, _d[1] + _k * _oy))
                _k += 1
            _rs.append(_ray)
        _entries.append((sq_of(*_d), _rs))
    GIRAFFE_FWD.append(_entries)

# Reverse giraffe table derived mechanically from the forward geometry:
# GIRAFFE_TO[t] = list of (giraffe_square, path) where path = the squares that
# must be empty (diagonal square and straight squares before t).
GIRAFFE_TO = [[] for _ in range(NF * NR)]
for _s in range(NF * NR):
    for _d, _rs in GIRAFFE_FWD[_s]:
        for _ray in _rs:
            for _k in range(3, len(_ray) + 1):      # target = _ray[_k-1], k>=3
                _t = _ray[_k - 1]
                GIRAFFE_TO[_t].append((_s, tuple([_d] + _ray[:_k - 1])))

# Squares from which a pawn of the given colour attacks t.
PAWN_FROM = {WHITE: [], BLACK: []}
for _t in range(NF * NR):
    _f, _r = file_of(_t), rank_of(_t)
    for _c in (WHITE, BLACK):
        _rr = _r - FORWARD[_c]
        PAWN_FROM[_c].append([sq_of(_f + _df, _rr) for _df in (-1, 1)
                              if on_board(_f + _df, _rr)])
# Squares a pawn of the given colour on s attacks (diagonally forward).
PAWN_ATT = {WHITE: [], BLACK: []}
for _s in range(NF * NR):
    _f, _r = file_of(_s), rank_of(_s)
    for _c in (WHITE, BLACK):
        _rr = _r + FORWARD[_c]
        PAWN_ATT[_c].append([sq_of(_f + _df, _rr) for _df in (-1, 1)
                             if on_board(_f + _df, _rr)])

# ---------------------------------------------------------------------------
# Pieces
# ---------------------------------------------------------------------------
# A piece is its TFEN token: "K", "r", "PP", "pk", ...

PIECE_LETTERS = "KSAFVRNECDTG"
PAWN_OF = "RNTGFVECDKP"       # the X in "P"+X
ROYAL_KINDS = ("K", "S", "A")
ROYAL_RANK = {"K": 3, "S": 2, "A": 1}

TOKENS = []
for _L in PIECE_LETTERS:
    TOKENS += [_L, _L.lower()]
for _X in PAWN_OF:
    TOKENS += ["P" + _X, "p" + _X.lower()]

COLOR = {t: (WHITE if t[0].isupper() else BLACK) for t in TOKENS}
KIND = {t: t.upper() for t in TOKENS}
IS_PAWN = {t: len(t) == 2 for t in TOKENS}
IS_ROYAL = {t: KIND[t] in ROYAL_KINDS for t in TOKENS}


def tok(kind, color):
    return kind if color == WHITE else kind.lower()


def promoted(pawn):
    """Piece an ordinary pawn becomes on the last rank (not the pawn of pawns)."""
    x = KIND[pawn][1]
    return tok("S" if x == "K" else x, COLOR[pawn])


def is_waiting(piece, s):
    """A pawn of pawns standing on its last rank is waiting: it cannot be
    captured, attacks nothing and has no ordinary moves.  (A pawn of pawns on
    its last rank always has stage >= 1; TFEN validation enforces that.)"""
    return (piece is not None and KIND[piece] == "PP" and s < NF * NR
            and rank_of(s) == LAST_RANK[COLOR[piece]])


# ---------------------------------------------------------------------------
# Rule sets (docs/RULES.md, section 9)
# ---------------------------------------------------------------------------
# A rule set maps every option key to its value, written as in the rule
# string ("check", "off", "3").  Keys are kept in the order of the rules'
# table, which is also the order of the canonical form.

class RulesError(ValueError):
    """A malformed rule-set string (section 9 syntax or values)."""


# (key, default, other choices).  An integer option lists its range instead:
# ("int", low, high); `off` is always allowed for those.
RULE_OPTIONS = (
    ("swap-when", "check-or-stuck", ("check",)),
    ("swap-with", "officer", ("any",)),
    ("citadel-entry", "highest-royal", ("king-only",)),
    ("pawn-of-pawns", "three-arrivals", ("one-arrival",)),
    ("placement-onto", "empty", ("enemy",)),
    ("placement-targets", "fork", ("fork-or-trapped",)),
    ("lone-royal", "after-move", ("before-move",)),
    ("royals-only", "draw", ("off",)),
    ("repetition", "3", ("int", 2, 10)),
    ("move-limit", "200", ("int", 1, 10000)),
)
RULE_KEYS = tuple(k for k, _, _ in RULE_OPTIONS)
RULE_DEFAULTS = {k: d for k, d, _ in RULE_OPTIONS}

SEED001_TFEN = ("e1c1d1d1c1e/rntgfkvgtnr/pppnptpgpfpkpvpgptpnpr/11/11/11/11/"
                "PPPNPTPGPFPKPVPGPTPNPR/RNTGFKVGTNR/E1C1D1D1C1E w Kk 00 0 1")

# name -> (values that differ from the default, start position)
PRESETS = {
    "default": ({}, None),          # None: the standard array (section 7)
    "seed-001": ({
        "swap-when": "check", "swap-with": "any", "citadel-entry": "king-only",
        "pawn-of-pawns": "one-arrival", "placement-onto": "enemy",
        "placement-targets": "fork-or-trapped", "royals-only": "off",
        "repetition": "off", "move-limit": "off"}, SEED001_TFEN),
}


class RuleSet:
    """One value per option, plus the start position of a leading preset."""

    __slots__ = ("values", "preset_start")

    def __init__(self, values=None, preset_start=None):
        self.values = dict(RULE_DEFAULTS)
        self.values.update(values or {})
        self.preset_start = preset_start

    def __getitem__(self, key):
        return self.values[key]

    def limit(self, key):
        """Integer value of `repetition` / `move-limit`, None for `off`."""
        v = self.values[key]
        return None if v == "off" else int(v)

    def start_tfen(self):
        return self.preset_start or INITIAL_TFEN

    def __str__(self):
        return format_rules(self)

    def __repr__(self):
        return "RuleSet(%r)" % format_rules(self)


def _rule_value(key, value, item):
    """Check one value of `key`; returns it unchanged or raises RulesError."""
    default = RULE_DEFAULTS[key]
    choices = [c for k, _, c in RULE_OPTIONS if k == key][0]
    if choices[0] == "int":
        lo, hi = choices[1], choices[2]
        if value == "off":
            return value
        if not re.fullmatch(r"[0-9]+", value):
            raise RulesError("rules: %r: value of %s must be an integer %d..%d or "
                             "'off', got %r" % (item, key, lo, hi, value))
        if len(value) > 1 and value[0] == "0":
            raise RulesError("rules: %r: integer %r has a leading zero" % (item, value))
        if not lo <= int(value) <= hi:
            raise RulesError("rules: %r: %s=%s is out of range %d..%d"
                             % (item, key, value, lo, hi))
        return value
    allowed = (default,) + choices
    if value not in allowed:
        raise RulesError("rules: %r: unknown value %r for %s (expected one of %s)"
                         % (item, value, key, ", ".join(allowed)))
    return value


def parse_rules(s):
    """Parse a rule-set string (section 9).  Raises RulesError."""
    if not isinstance(s, str):
        raise RulesError("rules: the rule set must be a string")
    if s == "":
        return RuleSet()
    items = s.split(",")
    values, start, seen = {}, None, set()
    for i, item in enumerate(items):
        where = "item %d of %r" % (i + 1, s)
        if item == "":
            raise RulesError("rules: empty item (%s)" % where)
        if any(ch.isspace() or not ch.isprintable() for ch in item):
            raise RulesError("rules: %r contains whitespace or a control character "
                             "(%s)" % (item, where))
        if item != item.lower():
            raise RulesError("rules: %r must be lower case (%s)" % (item, where))
        if "=" not in item:
            if item not in PRESETS:
                raise RulesError("rules: %r is neither a preset (%s) nor a "
                                 "key=value pair (%s)"
                                 % (item, ", ".join(PRESETS), where))
            if i != 0:
                raise RulesError("rules: preset %r must be the first item (%s)"
                                 % (item, where))
            values.update(PRESETS[item][0])
            start = PRESETS[item][1]
            continue
        key, value = item.split("=", 1)
        if key not in RULE_DEFAULTS:
            raise RulesError("rules: unknown key %r (%s); known keys: %s"
                             % (key, where, ", ".join(RULE_KEYS)))
        if key in seen:
            raise RulesError("rules: duplicate key %r (%s)" % (key, where))
        seen.add(key)
        values[key] = _rule_value(key, value, item)
    return RuleSet(values, start)


def format_rules(rules):
    """Canonical form: the keys that differ from the default, in table order."""
    return ",".join("%s=%s" % (k, rules[k]) for k in RULE_KEYS
                    if rules[k] != RULE_DEFAULTS[k])


DEFAULT_RULES = RuleSet()


# ---------------------------------------------------------------------------
# Position
# ---------------------------------------------------------------------------

class Position:
    __slots__ = ("board", "side", "swap", "stage", "halfmove", "fullmove")

    def __init__(self, board, side, swap, stage, halfmove, fullmove):
        self.board = board            # list of NSQ entries: token or None
        self.side = side              # "w" / "b"
        self.swap = swap              # dict colour -> bool (king-swap right)
        self.stage = stage            # dict colour -> 0/1/2 (pawn of pawns)
        self.halfmove = halfmove
        self.fullmove = fullmove

    def copy(self):
        return Position(self.board[:], self.side, dict(self.swap),
                        dict(self.stage), self.halfmove, self.fullmove)

    def __str__(self):
        return format_tfen(self)

    def __repr__(self):
        return "Position(%r)" % format_tfen(self)

    def __eq__(self, other):
        return isinstance(other, Position) and format_tfen(self) == format_tfen(other)

    def __hash__(self):
        return hash(format_tfen(self))


INITIAL_TFEN = ("e1c1d1d1c1e/rntgvkfgtnr/prpnptpgpvpkpfpepcpdpp/11/11/11/11/"
                "PPPDPCPEPFPKPVPGPTPNPR/RNTGFKVGTNR/E1C1D1D1C1E w Kk 00 0 1")

# ---------------------------------------------------------------------------
# TFEN
# ---------------------------------------------------------------------------

FIELD_NAMES = {1: "placement", 2: "side to move", 3: "king-swap rights",
               4: "pawn-of-pawns stages", 5: "halfmove clock",
               6: "fullmove number"}


def _err(field, msg, col=None):
    where = "TFEN field %d (%s)" % (field, FIELD_NAMES[field])
    if col is not None:
        where += ", column %d" % col
    return ValueError("%s: %s" % (where, msg))


def _read_token(text, i, field, col0, what):
    """Read one piece token from text at i; return (token, length)."""
    ch = text[i]
    if ch in PIECE_LETTERS or ch in PIECE_LETTERS.lower():
        return ch, 1
    if ch in "Pp":
        if i + 1 >= len(text):
            raise _err(field, "%s: pawn token '%s' lacks its second letter"
                       % (what, ch), col0 + i)
        x = text[i + 1]
        t = ch + x
        if t not in COLOR:
            raise _err(field, "%s: unknown pawn token '%s' (both letters must be "
                       "of one case, second letter one of %s)"
                       % (what, t, PAWN_OF), col0 + i)
        return t, 2
    raise _err(field, "%s: unknown piece letter %r" % (what, ch), col0 + i)


def parse_tfen(s, rules=DEFAULT_RULES):
    """Read a TFEN; `rules` matters only for the stage digits (at most 1
    under pawn-of-pawns=one-arrival).  Raises ValueError naming the field."""
    if not isinstance(s, str):
        raise ValueError("TFEN must be a string")
    fields = s.split(" ")
    if len(fields) != 6:
        raise ValueError("TFEN: expected 6 fields separated by single spaces, "
                         "got %d (%r)" % (len(fields), s))
    cols = []
    c = 1
    for fl in fields:
        cols.append(c)
        c += len(fl) + 1
    for i, fl in enumerate(fields):
        if fl == "":
            raise _err(i + 1, "empty field", cols[i])

    # ---- field 1: placement
    board = [None] * NSQ
    ranks = fields[0].split("/")
    if len(ranks) != NR:
        raise _err(1, "expected 10 rank strings separated by '/', got %d" % len(ranks))
    col = cols[0]
    for idx, text in enumerate(ranks):
        r = NR - 1 - idx                 # rank index; rank number r+1
        what = "rank %d" % (r + 1)
        f = 0
        i = 0
        prev_digit = False
        while i < len(text):
            ch = text[i]
            if ch == "(":
                j = text.find(")", i)
                if j < 0:
                    raise _err(1, "%s: unclosed '('" % what, col + i)
                inner = text[i + 1:j]
                if inner == "":
                    raise _err(1, "%s: empty citadel parentheses" % what, col + i)
                t, ln = _read_token(inner, 0, 1, col + i + 1, what + " citadel")
                if ln != len(inner):
                    raise _err(1, "%s: a citadel holds exactly one piece, got %r"
                               % (what, inner), col + i)
                if r == 8 and i == 0:
                    cit = BC
                elif r == 1 and j == len(text) - 1:
                    cit = WC
                else:
                    raise _err(1, "%s: a citadel may only be written at the start "
                               "of the rank-9 string (bc) or at the end of the "
                               "rank-2 string (wc)" % what, col + i)
                if not IS_ROYAL[t]:
                    raise _err(1, "%s: non-royal piece '%s' on citadel %s"
                               % (what, t, sq_name(cit)), col + i)
                board[cit] = t
                i = j + 1
                prev_digit = False
            elif ch in "0123456789":
                j = i
                while j < len(text) and text[j] in "0123456789":
                    j += 1
                num = text[i:j]
                if num[0] == "0":
                    raise _err(1, "%s: empty count %r has a leading zero or is zero"
                               % (what, num), col + i)
                n = int(num)
                if n > NF:
                    raise _err(1, "%s: empty count %d exceeds 11" % (what, n), col + i)
                if prev_digit:   # cannot happen (digit runs are maximal); defensive
                    raise _err(1, "%s: two adjacent empty counts" % what, col + i)
                if f + n > NF:
                    raise _err(1, "%s: squares sum past 11" % what, col + i)
                f += n
                i = j
                prev_digit = True
            else:
                t, ln = _read_token(text, i, 1, col, what)
                if f >= NF:
                    raise _err(1, "%s: more than 11 squares" % what, col + i)
                board[sq_of(f, r)] = t
                f += 1
                i += ln
                prev_digit = False
        if f != NF:
            raise _err(1, "%s: covers %d squares, expected 11" % (what, f), col)
        col += len(text) + 1

    # ---- field 2: side to move
    if fields[1] not in ("w", "b"):
        raise _err(2, "expected 'w' or 'b', got %r" % fields[1], cols[1])
    side = fields[1]

    # ---- field 3: king-swap rights
    if fields[2] not in ("-", "K", "k", "Kk"):
        raise _err(3, "expected one of '-', 'K', 'k', 'Kk', got %r" % fields[2], cols[2])
    swap = {WHITE: "K" in fields[2], BLACK: "k" in fields[2]}

    # ---- field 4: stages
    st = fields[3]
    if len(st) != 2 or any(ch not in "012" for ch in st):
        raise _err(4, "expected two digits 0..2 (White then Black), got %r" % st, cols[3])
    stage = {WHITE: int(st[0]), BLACK: int(st[1])}
    if rules["pawn-of-pawns"] == "one-arrival" and "2" in st:
        raise _err(4, "stage 2 is impossible under pawn-of-pawns=one-arrival "
                   "(digits must be 0 or 1), got %r" % st, cols[3])

    # ---- fields 5, 6: counters
    if not re.fullmatch(r"0|[1-9][0-9]*", fields[4]):
        raise _err(5, "expected a non-negative decimal integer without leading "
                   "zeros, got %r" % fields[4], cols[4])
    halfmove = int(fields[4])
    if not re.fullmatch(r"[1-9][0-9]*", fields[5]):
        raise _err(6, "expected a positive decimal integer without leading "
                   "zeros, got %r" % fields[5], cols[5])
    fullmove = int(fields[5])

    # ---- semantic validation
    for c in (WHITE, BLACK):
        name = "White" if c == WHITE else "Black"
        mine = [(q, p) for q, p in enumerate(board) if p is not None and COLOR[p] == c]
        if not any(IS_ROYAL[p] for _, p in mine):
            raise _err(1, "%s has no royal piece (K, S or A)" % name)
        kings = [q for q, p in mine if KIND[p] == "K"]
        if len(kings) > 1:
            raise _err(1, "%s has more than one King (%s)"
                       % (name, " ".join(sq_name(q) for q in kings)))
        pps = [q for q, p in mine if KIND[p] == "PP"]
        if len(pps) > 1:
            raise _err(1, "%s has more than one pawn of pawns (%s)"
                       % (name, " ".join(sq_name(q) for q in pps)))
        own = board[OWN_CITADEL[c]]
        if own is not None and COLOR[own] == c and KIND[own] in ("K", "S"):
            raise _err(1, "%s %s stands on its own citadel %s (only an "
                       "Adventitious King may)" % (name, own, sq_name(OWN_CITADEL[c])))
        if swap[c] and not kings:
            raise _err(3, "king-swap right for %s, which has no King" % name, cols[2])
        for q, p in mine:
            if not IS_PAWN[p]:
                continue
            r = rank_of(q)
            if KIND[p] != "PP" and r == LAST_RANK[c]:
                raise _err(1, "%s pawn %s on its promotion rank at %s"
                           % (name, p, sq_name(q)))
            if KIND[p] == "PP" and r == LAST_RANK[c] and stage[c] == 0:
                raise _err(1, "%s pawn of pawns on its last rank at %s with stage 0"
                           % (name, sq_name(q)))
            if r == FIRST_RANK[c] and not (KIND[p] == "PP" and stage[c] in (1, 2)):
                raise _err(1, "%s pawn %s on its own first rank at %s"
                           % (name, p, sq_name(q)))

    return Position(board, side, swap, stage, halfmove, fullmove)


def format_tfen(pos):
    b = pos.board
    parts = []
    for r in range(NR - 1, -1, -1):
        out = ""
        if r == 8 and b[BC] is not None:
            out += "(" + b[BC] + ")"
        empty = 0
        for f in range(NF):
            p = b[sq_of(f, r)]
            if p is None:
                empty += 1
            else:
                if empty:
                    out += str(empty)
                    empty = 0
                out += p
        if empty:
            out += str(empty)
        if r == 1 and b[WC] is not None:
            out += "(" + b[WC] + ")"
        parts.append(out)
    rights = ("K" if pos.swap[WHITE] else "") + ("k" if pos.swap[BLACK] else "")
    return "%s %s %s %d%d %d %d" % ("/".join(parts), pos.side, rights or "-",
                                    pos.stage[WHITE], pos.stage[BLACK],
                                    pos.halfmove, pos.fullmove)


# ---------------------------------------------------------------------------
# Attacks
# ---------------------------------------------------------------------------

def attack_targets(board, s):
    """Ordinary squares the piece on ordinary-or-citadel square s could capture
    on by its movement pattern (whatever stands there).  Forward, obvious
    implementation; used for move generation of non-royal pieces and to
    cross-check is_attacked."""
    p = board[s]
    k = KIND[p]
    if k in ROYAL_KINDS:
        return [t for t in KSTEP[s] if t < NF * NR]
    if IS_PAWN[p]:
        if is_waiting(p, s):
            return []
        return list(PAWN_ATT[COLOR[p]][s])
    if k == "F":
        return list(FERZ_T[s])
    if k == "V":
        return list(VIZIER_T[s])
    if k == "N":
        return list(KNIGHT_T[s])
    if k == "E":
        return list(ELEPHANT_T[s])
    if k == "C":
        return list(CAMEL_T[s])
    if k == "D":
        return list(DABBABA_T[s])
    out = []
    if k == "R":
        for ray in ORTHO_RAYS[s]:
            for t in ray:
                out.append(t)
                if board[t] is not None:
                    break
        return out
    if k == "T":
        for ray in DIAG_RAYS[s]:
            if not ray or board[ray[0]] is not None:
                continue          # adjacent diagonal square occupied/off board
            for t in ray[1:]:
                out.append(t)
                if board[t] is not None:
                    break
        return out
    if k == "G":
        for d, rays in GIRAFFE_FWD[s]:
            if board[d] is not None:
                continue
            for ray in rays:
                for i, t in enumerate(ray):
                    if i >= 2:                 # k = i + 1 >= 3 squares straight
                        out.append(t)
                    if board[t] is not None:
                        break
        return out
    raise AssertionError("unknown piece %r" % p)


def is_attacked(board, t, by):
    """Is ordinary square t attacked by a piece of colour `by`?  Citadels are
    never attacked.  Reverse lookup (fast); equivalent to
    any(t in attack_targets(board, s) for s with colour `by`)."""
    if t >= NF * NR:
        return False
    for s in KSTEP[t]:            # royals, including one standing on a citadel
        p = board[s]
        if p is not None and COLOR[p] == by and IS_ROYAL[p]:
            return True
    F_, V_, N_, E_, C_, D_, R_, T_, G_ = (tok(x, by) for x in "FVNECDRTG")
    for s in FERZ_T[t]:
        if board[s] == F_:
            return True
    for s in VIZIER_T[t]:
        if board[s] == V_:
            return True
    for s in KNIGHT_T[t]:
        if board[s] == N_:
            return True
    for s in ELEPHANT_T[t]:
        if board[s] == E_:
            return True
    for s in CAMEL_T[t]:
        if board[s] == C_:
            return True
    for s in DABBABA_T[t]:
        if board[s] == D_:
            return True
    for s in PAWN_FROM[by][t]:
        p = board[s]
        if p is not None and COLOR[p] == by and IS_PAWN[p] and not is_waiting(p, s):
            return True
    for ray in ORTHO_RAYS[t]:
        for s in ray:
            p = board[s]
            if p is not None:
                if p == R_:
                    return True
                break
    for ray in DIAG_RAYS[t]:
        for i, s in enumerate(ray):
            p = board[s]
            if p is not None:
                if i >= 1 and p == T_:
                    return True
                break
    for g, path in GIRAFFE_TO[t]:
        if board[g] == G_:
            for x in path:
                if board[x] is not None:
                    break
            else:
                return True
    return False


def is_attacked_slow(board, t, by):
    if t >= NF * NR:
        return False
    for s, p in enumerate(board):
        if p is not None and COLOR[p] == by and t in attack_targets(board, s):
            return True
    return False


# ---------------------------------------------------------------------------
# Move generation
# ---------------------------------------------------------------------------
# Internal move: (frm, to, kind) with kind in
#   "n"  ordinary move/capture (promotions and pawn-of-pawns arrivals implied)
#   "place"     pawn-of-pawns placement (stage 1, waiting)
#   "transfer"  pawn-of-pawns transfer to f3/f8 (stage 2, waiting)
#   "swap"      king swap


def royal_squares(board, color):
    return [s for s, p in enumerate(board) if p is not None and COLOR[p] == color
            and IS_ROYAL[p]]


def is_finished(pos):
    """A royal stands on the opponent's citadel: the game is over (draw)."""
    p = pos.board[WC]
    if p is not None and COLOR[p] == BLACK:
        return True
    p = pos.board[BC]
    if p is not None and COLOR[p] == WHITE:
        return True
    return False


def _capturable(board, t, side):
    """Ordinary square t holds an enemy piece that may be captured."""
    q = board[t]
    return q is not None and COLOR[q] != side and not is_waiting(q, t)


def is_trapped(board, s):
    """The piece on s has no pseudo-legal move: every target of its movement
    pattern is off the board, blocked, or holds a piece it may not capture
    (a friendly piece or a waiting pawn of pawns).  Checks and the side to
    move are ignored (placement-targets=fork-or-trapped)."""
    side = COLOR[board[s]]
    return not any(board[t] is None or _capturable(board, t, side)
                   for t in attack_targets(board, s))


def placement_allowed(board, t, side, rules):
    """Is the pawn of pawns of `side`, standing on t of `board` (the board
    after the placement), placed legitimately?  Fork: both diagonal-forward
    squares hold capturable enemy pieces (royals count).  With
    placement-targets=fork-or-trapped, also: one of them holds an enemy
    non-royal, non-pawn piece that is trapped."""
    att = PAWN_ATT[side][t]
    if len(att) == 2 and all(_capturable(board, a, side) for a in att):
        return True
    if rules["placement-targets"] == "fork-or-trapped":
        for a in att:
            q = board[a]
            if (q is not None and COLOR[q] != side and not IS_ROYAL[q]
                    and not IS_PAWN[q] and is_trapped(board, a)):
                return True
    return False


def placements(pos, frm, rules):
    """Placement moves of the waiting pawn of pawns on frm (stage 1).  The
    target is an empty ordinary square or, with placement-onto=enemy, one
    holding an enemy non-royal piece or pawn that is not a waiting pawn of
    pawns.  The condition is judged on the board after the move."""
    b = pos.board
    side = pos.side
    out = []
    for t in range(NF * NR):
        q = b[t]
        if q is not None and not (rules["placement-onto"] == "enemy"
                                  and COLOR[q] != side and not IS_ROYAL[q]
                                  and not is_waiting(q, t)):
            continue
        att = PAWN_ATT[side][t]
        # Quick filter: some attacked square must hold an enemy piece (the
        # squares other than frm and t are the same before and after).
        if not any(b[a] is not None and COLOR[b[a]] != side for a in att):
            continue
        after = b[:]
        after[frm] = None
        after[t] = b[frm]
        if placement_allowed(after, t, side, rules):
            out.append((frm, t, "place"))
    return out


def pseudo_moves(pos, rules=DEFAULT_RULES):
    """Ordinary moves, placements and transfers (no king swap), not yet
    checked for leaving the royal attacked."""
    b = pos.board
    side = pos.side
    moves = []
    royals = [b[s] for s in royal_squares(b, side)]
    highest = max((ROYAL_RANK[KIND[p]] for p in royals), default=0)
    for s in range(NSQ):
        p = b[s]
        if p is None or COLOR[p] != side:
            continue
        if IS_ROYAL[p]:
            for t in KSTEP[s]:
                if t >= NF * NR:                       # citadel
                    if b[t] is not None:
                        continue                       # entered only when empty
                    if t == OWN_CITADEL[side]:
                        if KIND[p] == "A":
                            moves.append((s, t, "n"))
                    elif rules["citadel-entry"] == "king-only":
                        if KIND[p] == "K":
                            moves.append((s, t, "n"))
                    elif ROYAL_RANK[KIND[p]] == highest:
                        moves.append((s, t, "n"))
                elif b[t] is None or _capturable(b, t, side):
                    moves.append((s, t, "n"))
        elif IS_PAWN[p]:
            if is_waiting(p, s):
                st = pos.stage[side]
                if st == 1:
                    moves += placements(pos, s, rules)
                elif st == 2:
                    kp = KING_PAWN_START[side]
                    if b[kp] is None:
                        moves.append((s, kp, "transfer"))
                continue
            t = s + NF * FORWARD[side]
            if 0 <= t < NF * NR and b[t] is None:
                moves.append((s, t, "n"))
            for t in PAWN_ATT[side][s]:
                if _capturable(b, t, side):
                    moves.append((s, t, "n"))
        else:
            for t in attack_targets(b, s):
                if b[t] is None or _capturable(b, t, side):
                    moves.append((s, t, "n"))
    return moves


def make(pos, move, rules=DEFAULT_RULES):
    """Apply an internal move without any legality check."""
    frm, to, mk = move
    n = pos.copy()
    b = n.board
    side = pos.side
    opp = OPP[side]
    piece = b[frm]
    reset = False
    if mk == "swap":
        b[frm], b[to] = b[to], b[frm]      # a King move: the clock runs on
        n.swap[side] = False
    elif mk in ("place", "transfer"):
        b[to] = piece                      # a placement may capture the occupant
        b[frm] = None
        reset = True
    else:
        captured = b[to]
        b[to] = piece
        b[frm] = None
        if captured is not None:
            reset = True
            if KIND[captured] == "K":
                n.swap[opp] = False          # King captured: the right is gone
        if IS_PAWN[piece]:
            reset = True
            if rank_of(to) == LAST_RANK[side]:
                if KIND[piece] == "PP":
                    st = pos.stage[side]
                    if st == 0 or rules["pawn-of-pawns"] == "one-arrival":
                        n.stage[side] = 1    # first arrival: waits there
                    elif st == 1:            # second arrival
                        n.stage[side] = 2
                        kp = KING_PAWN_START[side]
                        if b[kp] is None:
                            b[kp] = piece
                            b[to] = None
                        # else: waits on the last rank
                    else:                    # third arrival
                        b[to] = tok("A", side)
                else:
                    b[to] = promoted(piece)
    n.halfmove = 0 if reset else pos.halfmove + 1
    if side == BLACK:
        n.fullmove += 1
    n.side = opp
    return n


def _legal_after(child, side):
    """General legality rule, judged on the position after the move."""
    rs = royal_squares(child.board, side)
    if len(rs) > 1:
        return True
    if len(rs) == 0:
        return False
    return not is_attacked(child.board, rs[0], OPP[side])


def _swap_partner(board, k, s, side, rules):
    """May the King on k exchange squares with the friendly piece on the
    ordinary square s?  Officers always; with swap-with=any also an ordinary
    pawn (not the pawn of pawns), unless the King's square is on the pawn's
    first or last rank."""
    p = board[s]
    if s == k or p is None or COLOR[p] != side:
        return False
    if not IS_PAWN[p]:
        return True
    return (rules["swap-with"] == "any" and KIND[p] != "PP"
            and rank_of(k) not in (FIRST_RANK[side], LAST_RANK[side]))


def legal_children(pos, rules=DEFAULT_RULES):
    """List of (move_string, child_position) for every legal move."""
    if is_finished(pos):
        return []
    side = pos.side
    b = pos.board
    royals = royal_squares(b, side)
    if not royals:
        return []
    # lone-royal=before-move: a single royal before the move is followed
    # through it and must not be attacked afterwards.
    lone = royals[0] if len(royals) == 1 and rules["lone-royal"] == "before-move" else None

    def legal(move, child):
        if lone is None:
            return _legal_after(child, side)
        where = move[1] if move[0] == lone else lone
        return not is_attacked(child.board, where, OPP[side])

    out = []
    for m in pseudo_moves(pos, rules):
        c = make(pos, m, rules)
        if legal(m, c):
            out.append((SQ_NAMES[m[0]] + SQ_NAMES[m[1]], c))
    if pos.swap[side]:
        ksq = [s for s in range(NF * NR) if b[s] == tok("K", side)]
        if ksq:
            k = ksq[0]
            attacked = is_attacked(b, k, OPP[side])
            stuck = not out and rules["swap-when"] == "check-or-stuck"
            if attacked or stuck:
                for s in range(NF * NR):           # partners on ordinary squares
                    if not _swap_partner(b, k, s, side, rules):
                        continue
                    m = (k, s, "swap")
                    c = make(pos, m, rules)
                    if not is_attacked(c.board, s, OPP[side]) and legal(m, c):
                        out.append((SQ_NAMES[k] + SQ_NAMES[s], c))
    names = [m for m, _ in out]
    assert len(names) == len(set(names)), "duplicate move string"
    return out


def legal_moves(pos, rules=DEFAULT_RULES):
    return [m for m, _ in legal_children(pos, rules)]


def apply(pos, move_str, rules=DEFAULT_RULES):
    for m, c in legal_children(pos, rules):
        if m == move_str:
            return c
    raise ValueError("illegal or malformed move %r in position %s"
                     % (move_str, format_tfen(pos)))


def perft(pos, depth, rules=DEFAULT_RULES):
    if depth == 0:
        return 1
    ch = legal_children(pos, rules)
    if depth == 1:
        return len(ch)
    return sum(perft(c, depth - 1, rules) for _, c in ch)


def divide(pos, depth, rules=DEFAULT_RULES):
    if depth < 1:
        raise ValueError("divide needs depth >= 1")
    return {m: perft(c, depth - 1, rules) for m, c in legal_children(pos, rules)}


# ---------------------------------------------------------------------------
# Game outcome (section 6, 8.4: the first terminal event ends the game)
# ---------------------------------------------------------------------------

class IllegalMoveError(ValueError):
    """A move of a move list is not legal (or not a move string)."""

    def __init__(self, move_number, move, reason):
        self.move_number = move_number  # 1-based index in the list
        self.move = move
        ValueError.__init__(self, "move %d (%s): %s" % (move_number, move, reason))


class GameOverError(ValueError):
    """A move was given after the game had already ended."""

    def __init__(self, ply, outcome, move_number, move):
        self.ply = ply                  # plies played when the game ended
        self.outcome = outcome
        self.move_number = move_number  # 1-based index of the offending move
        self.move = move
        ValueError.__init__(
            self, "move %d (%s) continues past the end: the game ended at ply "
            "%d (%s %s)" % (move_number, move, ply, outcome.winner, outcome.reason))


class Outcome:
    """winner: "white", "black" or "draw"; reason: checkmate, stalemate,
    citadel, royals-only, repetition or move-limit; ply: plies played from
    the start position when the game ended."""

    __slots__ = ("winner", "reason", "ply")

    def __init__(self, winner, reason, ply):
        self.winner, self.reason, self.ply = winner, reason, ply

    def __str__(self):
        return "%s %s" % (self.winner, self.reason)

    def __repr__(self):
        return "Outcome(%r, %r, ply=%d)" % (self.winner, self.reason, self.ply)


COLOR_NAME = {WHITE: "white", BLACK: "black"}


def repetition_key(pos):
    """What "same position" compares: placement, side, swap rights, stages."""
    return " ".join(format_tfen(pos).split(" ")[:4])


def terminal_event(pos, rules, occurrences, ply):
    """The first rule of section 6 that applies to the side to move, as an
    Outcome, or None.  `occurrences`: how often this position has occurred
    in the game so far, this time included."""
    side = pos.side
    b = pos.board
    if is_finished(pos):
        return Outcome("draw", "citadel", ply)
    if not legal_children(pos, rules):
        rs = royal_squares(b, side)
        mate = len(rs) == 1 and is_attacked(b, rs[0], OPP[side])
        return Outcome(COLOR_NAME[OPP[side]], "checkmate" if mate else "stalemate", ply)
    if rules["royals-only"] == "draw" and all(p is None or IS_ROYAL[p] for p in b):
        return Outcome("draw", "royals-only", ply)
    rep = rules.limit("repetition")
    if rep is not None and occurrences >= rep:
        return Outcome("draw", "repetition", ply)
    lim = rules.limit("move-limit")
    if lim is not None and pos.halfmove >= lim:
        return Outcome("draw", "move-limit", ply)
    return None


def game_outcome(start, moves, rules=DEFAULT_RULES):
    """Play `moves` (strings) from `start`; return the first terminal event
    (an Outcome) or None.  Raises GameOverError if moves continue after the
    end, IllegalMoveError for an illegal move."""
    seen = {}
    pos = start
    key = repetition_key(pos)
    seen[key] = 1
    result = terminal_event(pos, rules, 1, 0)
    for i, m in enumerate(moves):
        if result is not None:
            raise GameOverError(result.ply, result, i + 1, m)
        try:
            pos = apply(pos, m, rules)
        except ValueError as e:
            raise IllegalMoveError(i + 1, m, e)
        key = repetition_key(pos)
        seen[key] = seen.get(key, 0) + 1
        result = terminal_event(pos, rules, seen[key], i + 1)
    return result


# ---------------------------------------------------------------------------
# Self test
# ---------------------------------------------------------------------------

def _random_position(rng):
    """A random valid position (for consistency checks)."""
    while True:
        board = [None] * NSQ
        stage = {WHITE: rng.randint(0, 2), BLACK: rng.randint(0, 2)}
        empties = list(range(NF * NR))
        rng.shuffle(empties)
        for c in (WHITE, BLACK):
            board[empties.pop()] = tok("K" if rng.random() < 0.8 else "S", c)
            if rng.random() < 0.3:
                board[empties.pop()] = tok(rng.choice("SA"), c)
            for _ in range(rng.randint(0, 14)):
                board[empties.pop()] = tok(rng.choice("FVRNECDTGTGTG"), c)
            for _ in range(rng.randint(0, 8)):
                s = empties.pop()
                r = rank_of(s)
                x = rng.choice(PAWN_OF)
                if x == "P":
                    x = "K"
                if r in (0, NR - 1):
                    empties.insert(0, s)
                    continue
                board[s] = tok("P" + x, c)
            if rng.random() < 0.7:
                s = empties.pop()
                if rank_of(s) == FIRST_RANK[c] and stage[c] == 0:
                    pass
                elif rank_of(s) == LAST_RANK[c] and stage[c] == 0:
                    pass
                else:
                    board[s] = tok("PP", c)
        if rng.random() < 0.3 and board[WC] is None:
            board[WC] = "A"
        if rng.random() < 0.3 and board[BC] is None:
            board[BC] = "a"
        swap = {}
        for c in (WHITE, BLACK):
            swap[c] = (tok("K", c) in board) and rng.random() < 0.7
        pos = Position(board, rng.choice("wb"), swap, stage, 0, 1)
        try:
            pos = parse_tfen(format_tfen(pos))
        except ValueError:
            continue
        # the side that just moved must not have left its single royal en prise
        if _legal_after(pos, OPP[pos.side]):
            return pos


# (TFEN, move prefix filter, expected legal moves with that prefix)
SCENARIOS = [
    # giraffe and talia geometry
    ("k10/11/11/11/11/11/11/11/3G7/10K w - 00 0 1", "d2",
     "d2c10 d2c6 d2c7 d2c8 d2c9 d2e10 d2e6 d2e7 d2e8 d2e9 d2h1 d2h3 d2i1 "
     "d2i3 d2j1 d2j3 d2k3"),
    ("k10/11/11/11/11/11/11/11/3T7/10K w - 00 0 1", "d2",
     "d2a5 d2b4 d2f4 d2g5 d2h6 d2i7 d2j8 d2k9"),
    # only an Adventitious King enters its own citadel
    ("5k5/11/11/11/11/11/11/11/10K/11 w - 00 0 1", "k2", "k2j1 k2j2 k2j3 k2k1 k2k3"),
    ("5k5/11/11/11/11/11/11/11/10A/K10 w - 00 0 1", "k2",
     "k2j1 k2j2 k2j3 k2k1 k2k3 k2wc"),
    # only the highest-ranked royal enters the opponent's citadel
    ("5k5/K10/S10/11/11/11/11/11/11/11 w - 00 0 1", "a",
     "a8a7 a8b7 a8b8 a8b9 a9a10 a9b10 a9b8 a9b9 a9bc"),
    ("S4k5/S10/11/11/11/11/11/11/11/11 w - 00 0 1", "a",
     "a10b10 a10b9 a10bc a9a8 a9b10 a9b8 a9b9 a9bc"),
    # finished position
    ("5k5/(K)11/11/11/11/11/11/11/11/11 b - 00 1 1", "", ""),
    # royal on a citadel attacks the adjacent squares; occupied citadel
    ("11/(a)1K9/11/11/11/11/11/11/11/4k6 w - 00 0 1", "",
     "b9b10 b9b8 b9c10 b9c8 b9c9"),
    ("11/11/11/11/11/11/11/10k/9K1(A)/11 b - 00 0 1", "", "k3j2 k3j4 k3k4"),
    # waiting pawn of pawns cannot be captured, blocks
    ("1PP3k5/11/11/11/11/11/11/11/11/1r3K5 b - 10 5 1", "b1",
     "b1a1 b1b2 b1b3 b1b4 b1b5 b1b6 b1b7 b1b8 b1b9 b1c1 b1d1 b1e1 b1f1"),
    # placement
    ("1PP3k5/11/11/11/11/2r1r6/11/11/11/5K5 w - 10 5 1", "",
     "b10d4 f1f2 f1g1 f1g2"),
    # second arrival judged with the pawn on f3: illegal, no fallback
    ("K9r/3PP7/11/11/11/11/11/11/11/5k5 w - 10 0 1", "", "a10a9 a10b9 a10bc"),
    ("K9r/3PP7/11/11/11/11/11/11/11/5k5 w - 00 0 1", "",
     "a10a9 a10b9 a10bc d9d10"),
    ("K9r/3PP7/11/11/11/11/11/5N5/11/5k5 w - 10 0 1", "",
     "a10a9 a10b9 a10bc d9d10"),
    # king swap when attacked / only when no other move
    ("5k5/11/11/11/11/11/11/5r5/R4K5/11 w K 00 0 1", "",
     "f2a2 f2e1 f2e2 f2f3 f2g1 f2g2"),
    ("10T/9pr1/11/11/5k5/1r9/11/11/9r1/K10 w K 00 0 1", "", "a1k10"),
    ("10T/9pr1/11/11/5k5/1r9/11/11/9r1/K10 w - 00 0 1", "", ""),
    ("5k5/5R5/11/11/11/4s6/11/11/11/5K5 b k 00 0 1", "f10",
     "f10e10 f10e5 f10e9 f10f9 f10g10 f10g9"),
]

# (TFEN, move, resulting TFEN)
APPLY_SCENARIOS = [
    ("5k5/1PP9/11/11/11/11/11/11/11/5K5 w - 00 5 1", "b9b10",
     "1PP3k5/11/11/11/11/11/11/11/11/5K5 b - 10 0 1"),
    ("1PP3k5/11/11/11/11/2r1r6/11/11/11/5K5 w - 10 5 1", "b10d4",
     "5k5/11/11/11/11/2r1r6/3PP7/11/11/5K5 b - 10 0 1"),
    ("5k5/1PP9/11/11/11/11/11/11/11/5K5 w - 10 5 1", "b9b10",
     "5k5/11/11/11/11/11/11/5PP5/11/5K5 b - 20 0 1"),
    ("5k5/1PP9/11/11/11/11/11/5N5/11/5K5 w - 10 5 1", "b9b10",
     "1PP3k5/11/11/11/11/11/11/5N5/11/5K5 b - 20 0 1"),
    ("1PP2k6/11/11/11/11/4N6/11/11/11/5K5 w - 20 3 2", "b10f3",
     "4k6/11/11/11/11/4N6/11/5PP5/11/5K5 b - 20 0 2"),
    ("5k5/1PP9/11/11/11/11/11/11/11/5K5 w - 20 5 1", "b9b10",
     "1A3k5/11/11/11/11/11/11/11/11/5K5 b - 20 0 1"),
    ("k10/1PK1PR7/11/11/11/11/11/11/11/10K w - 00 0 1", "b9b10",
     "kS9/3PR7/11/11/11/11/11/11/11/10K b - 00 0 1"),
    ("k10/11/11/11/11/11/11/11/1pk1pp7/10K b - 01 0 1", "d2d1",
     "k10/11/5pp5/11/11/11/11/11/1pk9/10K w - 02 0 2"),
    ("5k5/5R5/11/11/11/4s6/11/11/11/5K5 w Kk 00 0 1", "f9f10",
     "5R5/11/11/11/11/4s6/11/11/11/5K5 b K 00 0 1"),
    ("10T/9pr1/11/11/5k5/1r9/11/11/9r1/K10 w K 00 0 1", "a1k10",
     "10K/9pr1/11/11/5k5/1r9/11/11/9r1/T10 b - 00 1 1"),
    ("5k5/K10/11/11/11/11/11/11/11/11 w - 00 0 1", "a9bc",
     "5k5/(K)11/11/11/11/11/11/11/11/11 b - 00 1 1"),
]


def selftest():
    t0 = time.time()
    start = parse_tfen(INITIAL_TFEN)
    assert format_tfen(start) == INITIAL_TFEN
    expect = sorted("a3a4 b3b4 c3c4 d3d4 e3e4 f3f4 g3g4 h3h4 i3i4 j3j4 k3k4 "
                    "c1b4 c1d4 i1h4 i1j4 b2a4 b2c4 b2d1 j2i4 j2k4 j2h1 "
                    "e2d1 e2f1 f2f1".split())
    assert sorted(legal_moves(start)) == expect, sorted(legal_moves(start))
    for d, n in ((1, 24), (2, 576), (3, 14518)):
        got = perft(start, d)
        assert got == n, (d, got, n)
    print("initial perft 1-3 ok (%.1fs)" % (time.time() - t0))
    for tf, filt, exp in SCENARIOS:
        got = sorted(m for m in legal_moves(parse_tfen(tf)) if m.startswith(filt))
        assert got == sorted(exp.split()), (tf, got)
    for tf, m, exp in APPLY_SCENARIOS:
        got = format_tfen(apply(parse_tfen(tf), m))
        assert got == exp, (tf, m, got, exp)
    print("rule scenarios ok")
    rng = random.Random(12345)
    checked = 0
    for _ in range(300):
        pos = _random_position(rng)
        for _ in range(rng.randint(0, 20)):
            tf = format_tfen(pos)
            assert format_tfen(parse_tfen(tf)) == tf
            for t in range(NF * NR):
                for c in (WHITE, BLACK):
                    assert is_attacked(pos.board, t, c) == is_attacked_slow(pos.board, t, c), (tf, sq_name(t), c)
                    checked += 1
            ch = legal_children(pos)
            if not ch:
                break
            pos = rng.choice(ch)[1]
    print("attack cross-check ok (%d square/colour pairs, %.1fs)"
          % (checked, time.time() - t0))
    import selftest_rules                  # hand-derived option cases
    print("rule-option cases ok (%d checks)" % selftest_rules.run())


# ---------------------------------------------------------------------------
# CLI
# ---------------------------------------------------------------------------

USAGE = """usage:
  tamerlane_ref.py perft DEPTH [TFEN] [--rules R]
  tamerlane_ref.py divide DEPTH [TFEN] [--rules R]
  tamerlane_ref.py moves [TFEN] [--rules R]
  tamerlane_ref.py moves --stdin [--rules R]   one TFEN per line -> one line of moves
  tamerlane_ref.py apply TFEN MOVE [--rules R]
  tamerlane_ref.py apply --stdin [--rules R]   "TFEN | MOVE" per line -> resulting TFEN
  tamerlane_ref.py outcome [--rules R] [--tfen TFEN] [MOVE...]
  tamerlane_ref.py rules STRING                 canonical form of a rule set
  tamerlane_ref.py selftest
(TFEN may be one quoted argument or its six fields as separate arguments; it
 defaults to the start position of the rule set.  R is a rule-set string,
 docs/RULES.md section 9; default: the empty string.  Errors: exit status 2.)"""


class UsageError(ValueError):
    """Bad command line."""


def _options(args, allowed):
    """Split `args` into (options dict, positional list).  Options take a
    value (`--rules R`, `--rules=R`, `--tfen T`) except `--stdin`."""
    opts, pos = {}, []
    i = 0
    while i < len(args):
        a = args[i]
        if not a.startswith("--"):
            pos.append(a)
            i += 1
            continue
        name, eq, value = a.partition("=")
        if name not in allowed:
            raise UsageError("unknown option %r here (allowed: %s)"
                             % (name, ", ".join(allowed) or "none"))
        if name in opts:
            raise UsageError("option %s given twice" % name)
        if name == "--stdin":
            if eq:
                raise UsageError("--stdin takes no value")
            opts[name] = True
            i += 1
            continue
        if not eq:
            if i + 1 >= len(args):
                raise UsageError("option %s needs a value" % name)
            value = args[i + 1]
            i += 1
        opts[name] = value
        i += 1
    return opts, pos


def _tfen_arg(args, rules):
    return parse_tfen(" ".join(args), rules) if args else parse_tfen(rules.start_tfen(), rules)


def _depth_arg(a):
    if not re.fullmatch(r"[0-9]+", a):
        raise UsageError("DEPTH must be a non-negative integer, got %r" % a)
    return int(a)


def _stdin_lines():
    for line in sys.stdin:
        yield line[:-1] if line.endswith("\n") else line


def _strip_cr(line):
    return line[:-1] if line.endswith("\r") else line


def _moves_stdin(rules):
    """One TFEN per line -> sorted legal moves, or `error: ...` and carry on."""
    for line in _stdin_lines():
        try:
            print(" ".join(sorted(legal_moves(parse_tfen(_strip_cr(line), rules), rules))))
        except ValueError as e:
            print("error: %s" % e)


def _apply_stdin(rules):
    """`TFEN | MOVE` per line -> resulting TFEN, or `error: ...`."""
    for line in _stdin_lines():
        tfen, sep, move = _strip_cr(line).rpartition(" | ")
        try:
            if not sep:
                raise ValueError("expected 'TFEN | MOVE', got %r" % line)
            print(format_tfen(apply(parse_tfen(tfen, rules), move, rules)))
        except ValueError as e:
            print("error: %s" % e)


def _run(cmd, rest):
    """Run one subcommand; raises ValueError (incl. UsageError) on errors."""
    if cmd == "rules":
        opts, pos = _options(rest, ("--rules",))
        given = pos + ([opts["--rules"]] if "--rules" in opts else [])
        if len(given) != 1:
            raise UsageError("rules takes exactly one STRING")
        print(format_rules(parse_rules(given[0])))
        return
    if cmd == "selftest":
        _options(rest, ())
        selftest()
        return
    allowed = {"perft": ("--rules",), "divide": ("--rules",),
               "moves": ("--rules", "--stdin"), "apply": ("--rules", "--stdin"),
               "outcome": ("--rules", "--tfen")}
    if cmd not in allowed:
        raise UsageError("unknown subcommand %r" % cmd)
    opts, pos = _options(rest, allowed[cmd])
    rules = parse_rules(opts.get("--rules", ""))
    if opts.get("--stdin"):
        if pos:
            raise UsageError("%s --stdin takes no positional arguments" % cmd)
        (_moves_stdin if cmd == "moves" else _apply_stdin)(rules)
    elif cmd in ("perft", "divide"):
        if not pos:
            raise UsageError("%s needs DEPTH" % cmd)
        p, depth = _tfen_arg(pos[1:], rules), _depth_arg(pos[0])
        if cmd == "perft":
            print(perft(p, depth, rules))
        else:
            if depth < 1:
                raise UsageError("divide needs DEPTH >= 1")
            d = divide(p, depth, rules)
            for m in sorted(d):
                print("%s: %d" % (m, d[m]))
            print("total: %d" % sum(d.values()))
    elif cmd == "moves":
        print(" ".join(sorted(legal_moves(_tfen_arg(pos, rules), rules))))
    elif cmd == "apply":
        if len(pos) < 2:
            raise UsageError("apply needs TFEN and MOVE")
        print(format_tfen(apply(_tfen_arg(pos[:-1], rules), pos[-1], rules)))
    else:
        start = parse_tfen(opts["--tfen"] if "--tfen" in opts else rules.start_tfen(), rules)
        result = game_outcome(start, pos, rules)
        print("none" if result is None else str(result))


def main(argv):
    if not argv:
        print(USAGE, file=sys.stderr)
        return 2
    try:
        _run(argv[0], argv[1:])
    except UsageError as e:
        print("error: %s\n%s" % (e, USAGE), file=sys.stderr)
        return 2
    except ValueError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""The float reference of the networks (tamerlane-ai/src/nnue) and a writer
of net files, with numpy: the Rust code's features, forward pass and file
format written again from docs/ENGINE.md, "Networks (NNUE)", so that the two
implementations check each other.

    python3 tools/nnue/reference.py check [--eval CMD] [--seed N]

`check` draws a float network for each game (seeded), writes it quantised
to a net file, evaluates tools/nnue/positions.txt with the Rust code
(`cargo run -q -p tamerlane-ai --example nnue_eval -- NET`, or CMD) and
compares each output with the float forward pass of the same weights:
with the weights as quantised (the Rust output may differ only by its
integer divisions: at most SCALE / (QA * QB) + 1 centipawns), and with the
weights before quantisation (within the bound the rounding of the weights
gives, computed per position). Exits 1 on a difference.

Importable: `feature`, `features`, `bucket`, `forward`, `quantise`, `write_net`,
`read_net`, `rounding_bound`.
"""

import argparse
import os
import shlex
import subprocess
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "reference"))
import tamerlane_ref  # noqa: E402  (the Python rules: its TFEN reader)

# The architecture (tamerlane-ai/src/nnue/arch.rs).
ARCH_ID = 1
HIDDEN = 256
BUCKETS = 8
QA, QB, SCALE = 255, 64, 400
MAX_OUTPUT_WEIGHT = 127
MAGIC = b"TMLNNUE\0"
VERSION = 1

# The games: their number in the header, squares, roles (in the order of
# the core's Role::ALL) and men at the start.
GAMES = {
    "tamerlane": dict(number=0, squares=112, roles=23, max_men=56),
    "chess": dict(number=1, squares=64, roles=6, max_men=32),
    "makruk": dict(number=2, squares=64, roles=6, max_men=32),
}
TAMERLANE_TOKENS = ["K", "S", "A", "F", "V", "R", "N", "E", "C", "D", "T", "G",
                    "PR", "PN", "PT", "PG", "PF", "PV", "PE", "PC", "PD", "PK", "PP"]
BOARD8_LETTERS = {"chess": "PNBRQK", "makruk": "PMSNRK"}


def n_features(game):
    g = GAMES[game]
    return 2 * g["roles"] * g["squares"]


def oriented(game, sq, view):
    """The square seen from `view` ("w"/"b"): Black turns Tamerlane's and
    Makruk's boards by 180 degrees (citadels swapped) and flips chess's ranks."""
    if view == "w":
        return sq
    if game == "tamerlane":
        return {110: 111, 111: 110}.get(sq, 109 - sq)
    if game == "chess":
        return sq ^ 56
    return 63 - sq


def men(game, fen):
    """(square, colour "w"/"b", role index) of each man, and the side to move."""
    if game == "tamerlane":
        pos = tamerlane_ref.parse_tfen(fen)
        out = []
        for sq, token in enumerate(pos.board):
            if token:
                colour = "w" if token[0].isupper() else "b"
                out.append((sq, colour, TAMERLANE_TOKENS.index(token.upper())))
        return out, pos.side
    placement, side = fen.split()[:2]
    out = []
    for i, row in enumerate(placement.split("/")):
        rank, file = 7 - i, 0
        for c in row:
            if c.isdigit():
                file += int(c)
                continue
            colour = "w" if c.isupper() else "b"
            out.append((rank * 8 + file, colour, BOARD8_LETTERS[game].index(c.upper())))
            file += 1
    return out, side


def feature(game, view, sq, colour, role):
    """The feature of a man of `colour` ("w"/"b") and role index `role` on
    square `sq`, seen from `view` ("w"/"b")."""
    g = GAMES[game]
    return ((colour != view) * g["roles"] + role) * g["squares"] + oriented(game, sq, view)


def features(game, fen):
    """The active features of each view, and the side to move and men."""
    placed, side = men(game, fen)
    views = {view: [feature(game, view, sq, colour, role) for sq, colour, role in placed]
             for view in "wb"}
    return views, side, len(placed)


def bucket(game, n_men):
    return min(max(n_men - 1, 0) * BUCKETS // GAMES[game]["max_men"], BUCKETS - 1)


def forward(net, game, fen):
    """The float output in centipawns for the side to move."""
    views, side, n_men = features(game, fen)
    other = "b" if side == "w" else "w"
    act = {v: np.clip(net["ft_b"] + net["ft_w"][views[v]].sum(axis=0), 0, 1) ** 2
           for v in "wb"}
    b = bucket(game, n_men)
    out = act[side] @ net["out_w"][b, 0] + act[other] @ net["out_w"][b, 1] + net["out_b"][b]
    return SCALE * out


def random_net(game, seed):
    """Float weights: accumulators spread over and beyond SCReLU's [0, 1]."""
    rng = np.random.default_rng(seed)
    return dict(
        ft_w=rng.uniform(-0.12, 0.12, (n_features(game), HIDDEN)),
        ft_b=rng.uniform(-0.2, 0.8, HIDDEN),
        out_w=rng.uniform(-1.9, 1.9, (BUCKETS, 2, HIDDEN)),
        out_b=rng.uniform(-0.5, 0.5, BUCKETS),
    )


def quantise(net):
    """The integers of the net file (and, as floats, what they stand for)."""
    q = dict(
        ft_w=np.round(net["ft_w"] * QA).astype(np.int16),
        ft_b=np.round(net["ft_b"] * QA).astype(np.int16),
        out_w=np.clip(np.round(net["out_w"] * QB), -MAX_OUTPUT_WEIGHT,
                      MAX_OUTPUT_WEIGHT).astype(np.int16),
        out_b=np.round(net["out_b"] * QA * QB).astype(np.int32),
    )
    back = dict(ft_w=q["ft_w"] / QA, ft_b=q["ft_b"] / QA, out_w=q["out_w"] / QB,
                out_b=q["out_b"] / (QA * QB))
    return q, back


def fnv1a64(data):
    h = 0xCBF29CE484222325
    for byte in data:
        h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


# The header's u32 fields after MAGIC, in order (docs/ENGINE.md).
HEADER_FIELDS = ("version", "game", "architecture", "features", "hidden", "buckets", "QA", "QB",
                 "SCALE", "reserved")


def header_values(game):
    """The values of HEADER_FIELDS in a net file of `game`."""
    return [VERSION, GAMES[game]["number"], ARCH_ID, n_features(game), HIDDEN, BUCKETS,
            QA, QB, SCALE, 0]


def payload_layout(game):
    """The payload's arrays in file order: name, little-endian dtype, shape."""
    return [("ft_w", "<i2", (n_features(game), HIDDEN)), ("ft_b", "<i2", (HIDDEN,)),
            ("out_w", "<i2", (BUCKETS, 2, HIDDEN)), ("out_b", "<i4", (BUCKETS,))]


def write_net(path, game, q):
    """Writes the quantised net `q` in the format of docs/ENGINE.md."""
    payload = b"".join(q[name].astype(dtype).tobytes() for name, dtype, _ in payload_layout(game))
    header = MAGIC + np.array(header_values(game), dtype="<u4").tobytes()
    header += np.array([len(payload), fnv1a64(payload)], dtype="<u8").tobytes()
    assert len(header) == 64
    with open(path, "wb") as f:
        f.write(header + payload)


def net_game(path):
    """The game a net file's header names (only the header is read and
    checked for the magic; read_net checks the rest), a ValueError naming
    what is wrong otherwise."""
    with open(path, "rb") as f:
        head = f.read(16)
    if len(head) < 16 or head[:8] != MAGIC:
        raise ValueError(f"{path}: not a net file (no {MAGIC!r} header)")
    number = int(np.frombuffer(head[12:16], dtype="<u4")[0])
    for game, spec in GAMES.items():
        if spec["number"] == number:
            return game
    raise ValueError(f"{path}: header field game is {number}, not one of "
                     f"{sorted(spec['number'] for spec in GAMES.values())}")


def read_net(path, game):
    """The float weights a net file of `game` stands for (the inverse of
    `quantise` then `write_net`): the header's game, architecture and sizes
    and the payload's length and hash checked, a ValueError naming what is
    wrong otherwise."""
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < 64 or data[:8] != MAGIC:
        raise ValueError(f"{path}: not a net file (no {MAGIC!r} header)")
    fields = np.frombuffer(data[8:48], dtype="<u4")
    for name, got, expected in zip(HEADER_FIELDS, fields, header_values(game)):
        if got != expected:
            raise ValueError(f"{path}: header field {name} is {got}, expected {expected} "
                             f"(a {game} net of architecture {ARCH_ID})")
    length, digest = (int(x) for x in np.frombuffer(data[48:64], dtype="<u8"))
    payload = data[64:]
    if len(payload) != length:
        raise ValueError(f"{path}: payload of {len(payload)} bytes, the header says {length}")
    if fnv1a64(payload) != digest:
        raise ValueError(f"{path}: the weights' hash does not match the header (damaged file)")
    q, at = {}, 0
    for name, dtype, shape in payload_layout(game):
        n = int(np.prod(shape)) * np.dtype(dtype).itemsize
        q[name] = np.frombuffer(payload[at:at + n], dtype=dtype).reshape(shape)
        at += n
    if at != len(payload):
        raise ValueError(f"{path}: payload of {len(payload)} bytes, architecture {ARCH_ID} "
                         f"holds {at}")
    return dict(ft_w=q["ft_w"] / QA, ft_b=q["ft_b"] / QA, out_w=q["out_w"] / QB,
                out_b=q["out_b"] / (QA * QB))


def rounding_bound(net, game, fen):
    """How far the output can move when the weights are rounded: each
    accumulator value by at most (active + 1) / (2 QA), each output weight
    by 1 / (2 QB), the output bias by 1 / (2 QA QB)."""
    views, side, n_men = features(game, fen)
    other = "b" if side == "w" else "w"
    b = bucket(game, n_men)
    total = 0.5 / (QA * QB)
    for v, half in ((side, 0), (other, 1)):
        d = (len(views[v]) + 1) * 0.5 / QA
        x = net["ft_b"] + net["ft_w"][views[v]].sum(axis=0)
        hi = np.clip(np.abs(x) + d, 0, 1)
        total += np.sum((2 * hi * d + d * d) * np.abs(net["out_w"][b, half]))
        total += np.sum(hi ** 2) * 0.5 / QB
    return SCALE * total


def check(args):
    positions = {}
    with open(os.path.join(os.path.dirname(__file__), "positions.txt")) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                game, fen = (s.strip() for s in line.split("|"))
                positions.setdefault(game, []).append(fen)
    failed = 0
    exact_slack = SCALE / (QA * QB) + 1
    with tempfile.TemporaryDirectory() as tmp:
        for i, (game, fens) in enumerate(positions.items()):
            net = random_net(game, args.seed + i)
            q, back = quantise(net)
            path = os.path.join(tmp, f"{game}.nnue")
            write_net(path, game, q)
            run = subprocess.run(shlex.split(args.eval) + [path], input="\n".join(fens) + "\n",
                                 capture_output=True, text=True)
            if run.returncode != 0:
                sys.exit(f"{args.eval}: {run.stderr.strip()}")
            for fen, line in zip(fens, run.stdout.splitlines()):
                rust = int(line)
                as_quantised = forward(back, game, fen)
                as_float = forward(net, game, fen)
                bound = rounding_bound(net, game, fen)
                ok = abs(rust - as_quantised) <= exact_slack and \
                    abs(rust - as_float) <= bound + exact_slack
                failed += not ok
                print(f"{'ok  ' if ok else 'FAIL'} {game:9} rust {rust:6d}  float(quantised) "
                      f"{as_quantised:9.2f}  float {as_float:9.2f}  bound {bound:5.1f}  {fen}")
    print(f"{failed} failed" if failed else "all within the quantisation error")
    return 1 if failed else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("check", help="compare the Rust outputs with the float reference")
    c.add_argument("--eval", default="cargo run -q -p tamerlane-ai --example nnue_eval --",
                   help="the command that evaluates a net's positions")
    c.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    return check(args)


if __name__ == "__main__":
    sys.exit(main())

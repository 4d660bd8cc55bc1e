"""``python -m tamerlane.cluster datagen|match ... --address ADDR``: the
cluster jobs from the command line, with a progress line on stderr
(``docs/CLUSTER.md``). A Ctrl-C stops a job cleanly: a data-generation
run saves what is finished (run it again to resume), a match writes the
records of its finished games."""

from __future__ import annotations

import argparse
import sys

from . import ClusterError, datagen, match


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m tamerlane.cluster")
    sub = p.add_subparsers(dest="job", required=True)

    d = sub.add_parser("datagen", help="self-play positions with scores, in shards")
    d.add_argument("--game", default="tamerlane", choices=["tamerlane", "chess", "makruk"])
    d.add_argument("--games", type=int, default=100)
    d.add_argument("--seed", type=int, default=1)
    d.add_argument("--out", required=True, help="the output folder (resumed if it exists)")
    d.add_argument("--nodes", type=int, default=5000, help="nodes searched per move")
    d.add_argument("--rules", default="")
    d.add_argument("--opening-plies", type=int, default=6)
    d.add_argument("--config", default="full")
    d.add_argument("--hash", type=int, default=16, help="MiB of each engine's table")
    d.add_argument("--shard-games", type=int, default=16)
    d.add_argument("--format", default="text", choices=["text", "binary"])
    d.add_argument("--filter", choices=["quiet", "all"], help="default: all in text, quiet in binary")
    d.add_argument("--address", default=None, help="the Ray cluster ('auto': this machine's)")
    d.add_argument("--workers", type=int, help="shards made at once (default: all CPUs)")

    m = sub.add_parser("match", help="an engine match, with an optional SPRT")
    m.add_argument("--game", default="tamerlane", choices=["tamerlane", "chess", "makruk"])
    m.add_argument("--a", default="full")
    m.add_argument("--b", default="plain")
    m.add_argument("--a-cmd")
    m.add_argument("--b-cmd")
    m.add_argument("--a-name")
    m.add_argument("--b-name")
    m.add_argument("--games", type=int, default=200)
    m.add_argument("--nodes", type=int)
    m.add_argument("--depth", type=int)
    m.add_argument("--movetime", type=int, help="milliseconds per move")
    m.add_argument("--sprt", help="ELO0,ELO1")
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--rules", default="")
    m.add_argument("--opening-plies", type=int, default=4)
    m.add_argument("--max-plies", type=int)
    m.add_argument("--hash", type=int, default=16)
    m.add_argument("--out", help="write the game records here")
    m.add_argument("--address", default=None)
    m.add_argument("--workers", type=int, help="games played at once (default: all CPUs)")
    return p


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.job == "datagen":
            s = datagen(
                args.game, args.games, args.seed, args.out, args.nodes, args.rules,
                opening_plies=args.opening_plies, config=args.config, hash_mib=args.hash,
                shard_games=args.shard_games, address=args.address, workers=args.workers,
                format=args.format, filter=args.filter,
            )
            print(
                f"{s.games} games, {s.positions} positions in {s.shards} shards "
                f"({s.made} made now) in {s.out}"
            )
        else:
            limits = {
                k: v
                for k, v in (("nodes", args.nodes), ("depth", args.depth), ("movetime", args.movetime))
                if v is not None
            }
            sprt = None
            if args.sprt:
                e0, _, e1 = args.sprt.partition(",")
                sprt = (float(e0), float(e1))
            r = match(
                args.a, args.b, args.game, args.games, limits, sprt, args.seed, args.out,
                rules=args.rules, opening_plies=args.opening_plies, ply_cap=args.max_plies,
                a_cmd=args.a_cmd, b_cmd=args.b_cmd, a_name=args.a_name, b_name=args.b_name,
                hash_mib=args.hash, address=args.address, workers=args.workers,
            )
            print(
                f"{r.games} games: +{r.wins} ={r.draws} -{r.losses} "
                f"({100 * r.score:.1f}%)"
            )
            if sprt is not None:
                at = f" at game {r.decided_at}" if r.decided_at is not None else ""
                print(f"sprt [{sprt[0]:g}, {sprt[1]:g}]: {r.sprt}{at}")
    except KeyboardInterrupt:
        print("\ninterrupted: what was finished is saved; run again to resume", file=sys.stderr)
        return 130
    except (ValueError, TypeError, ClusterError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

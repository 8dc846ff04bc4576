"""``python -m bot.ai bench|arena``: time the AI's decisions, or play the levels against each other.

python -m bot.ai bench tigris --seats 4 --level strong --positions 50 --seed 1
python -m bot.ai arena tigris --seats 2 --games 200 --levels strong,normal --seed 1
"""

from __future__ import annotations

import argparse
import sys

from bot.ai import GAMES, LEVELS
from bot.ai.arena import RANDOM, ArenaResult, arena, bench


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.ai", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    b = commands.add_parser("bench", help="time decisions on positions of seeded random games")
    b.add_argument("game", choices=GAMES)
    b.add_argument("--seats", type=int, default=2)
    b.add_argument("--level", choices=LEVELS, default="strong")
    b.add_argument("--positions", type=int, default=50)
    b.add_argument("--seed", type=int, default=1)
    b.add_argument("--iterations", type=int, default=None, help="override strong's search budget")
    a = commands.add_parser("arena", help="play two levels against each other, seats rotated")
    a.add_argument("game", choices=GAMES)
    a.add_argument("--seats", type=int, default=2)
    a.add_argument("--games", type=int, default=200)
    a.add_argument(
        "--levels",
        default="strong,normal",
        help=f"A,B: A takes one seat (rotated), B every other; levels {', '.join(LEVELS)}, random",
    )
    a.add_argument("--seed", type=int, default=1)
    a.add_argument("--workers", type=int, default=1)
    a.add_argument("--iterations", type=int, default=None, help="override strong's search budget")
    a.add_argument("--quiet", action="store_true", help="print only the final figures")
    args = parser.parse_args(argv)
    if args.command == "bench":
        figures = bench(
            args.game, args.seats, args.level, args.positions, args.seed, args.iterations
        )
        print(
            f"{args.game} {args.seats} seats, level {args.level}, "
            f"{figures['positions']:.0f} positions (seed {args.seed}):"
        )
        for kind in ("wall", "cpu"):
            median, p90, most = (figures[f"{kind}_{k}"] * 1000 for k in ("median", "p90", "max"))
            print(
                f"  {kind:4} per decision: median {median:.0f} ms, p90 {p90:.0f} ms, "
                f"max {most:.0f} ms"
            )
        return 0
    levels = args.levels.split(",")
    if len(levels) != 2 or any(level not in (*LEVELS, RANDOM) for level in levels):
        parser.error("--levels takes two of easy, normal, strong, random, e.g. strong,normal")

    def progress(result: ArenaResult) -> None:
        if not args.quiet and result.games % 5 == 0 and result.games < args.games:
            print(result.lines()[1].strip(), f"after {result.games} games", flush=True)

    result = arena(
        args.game,
        args.seats,
        (levels[0], levels[1]),
        args.games,
        args.seed,
        workers=args.workers,
        iterations=args.iterations,
        progress=progress,
    )
    print("\n".join(result.lines()))
    return 0


if __name__ == "__main__":
    sys.exit(main())

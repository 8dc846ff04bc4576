"""``python -m bot.ai bench|arena``: time the AI's decisions, or play the levels against each other.

python -m bot.ai bench                  (every game and level: median and max CPU per decision)
python -m bot.ai bench GAME --seats 4 --level strong --positions 50 --seed 1 --source normal
python -m bot.ai arena GAME --seats 2 --games 200 --levels strong,normal --seed 1
(GAME: a title's name, see ``bot.titles``)
"""

from __future__ import annotations

import argparse
import sys

from bot import titles
from bot.ai import LEVELS, SearchLimit
from bot.ai.arena import POSITION_SOURCES, RANDOM, UNBOUNDED, ArenaResult, arena, bench


def bench_tables() -> tuple[tuple[str, int], ...]:
    """What ``bench`` without a game times: each game with an AI, at each of its benchmark
    seat counts (and every level)."""
    return tuple((t.name, seats) for t in titles.titles() if t.ai.module for seats in t.bench.seats)


def ai_games() -> tuple[str, ...]:
    """The titles with an AI (a title without one has nothing to time or play)."""
    return tuple(t.name for t in titles.titles() if t.ai.module)


def _bench_table(args: argparse.Namespace, limit: SearchLimit | None) -> None:
    """One line per game and level: median, p90 and max CPU (and wall) per decision."""
    print(
        f"{args.positions} positions per line (seed {args.seed}, from {args.source} games); "
        "CPU median / p90 / max, wall median / p90 / max, per decision:"
    )
    for game, seats in bench_tables():
        for level in LEVELS:
            figures = bench(
                game,
                seats,
                level,
                args.positions,
                args.seed,
                args.iterations,
                source=args.source,
                limit=limit,
            )
            cpu, wall = (
                " / ".join(f"{figures[f'{kind}_{k}'] * 1000:.0f}" for k in ("median", "p90", "max"))
                for kind in ("cpu", "wall")
            )
            print(f"  {game} {seats} seats, {level:6}  CPU {cpu} ms   wall {wall} ms", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.ai", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    b = commands.add_parser("bench", help="time decisions on positions of seeded random games")
    b.add_argument(
        "game", choices=ai_games(), nargs="?", help="one game (default: all, every level)"
    )
    b.add_argument("--seats", type=int, default=2)
    b.add_argument("--level", choices=LEVELS, default="strong")
    b.add_argument("--positions", type=int, default=50)
    b.add_argument("--seed", type=int, default=1)
    b.add_argument("--iterations", type=int, default=None, help="override strong's search budget")
    b.add_argument(
        "--source",
        choices=POSITION_SOURCES,
        default="random",
        help="positions from uniform random games or from games of normal AIs",
    )
    b.add_argument(
        "--unbounded", action="store_true", help="strong without its budget (as before budgets)"
    )
    a = commands.add_parser("arena", help="play two levels against each other, seats rotated")
    a.add_argument("game", choices=ai_games())
    a.add_argument("--seats", type=int, default=2)
    a.add_argument("--games", type=int, default=200)
    a.add_argument(
        "--levels",
        default="strong,normal",
        help=(
            f"A,B: A takes one seat (rotated), B every other; levels {', '.join(LEVELS)}, "
            f"{RANDOM}, {UNBOUNDED} (strong without its search budget)"
        ),
    )
    a.add_argument("--seed", type=int, default=1)
    a.add_argument("--workers", type=int, default=1)
    a.add_argument("--iterations", type=int, default=None, help="override strong's search budget")
    a.add_argument("--quiet", action="store_true", help="print only the final figures")
    args = parser.parse_args(argv)
    if args.command == "bench":
        limit = SearchLimit.unbounded() if args.unbounded else None
        if args.game is None:
            _bench_table(args, limit)
            return 0
        figures = bench(
            args.game,
            args.seats,
            args.level,
            args.positions,
            args.seed,
            args.iterations,
            source=args.source,
            limit=limit,
        )
        print(
            f"{args.game} {args.seats} seats, level {args.level}, "
            f"{figures['positions']:.0f} positions (seed {args.seed}, from {args.source} games):"
        )
        for kind in ("wall", "cpu"):
            median, p90, most = (figures[f"{kind}_{k}"] * 1000 for k in ("median", "p90", "max"))
            print(
                f"  {kind:4} per decision: median {median:.0f} ms, p90 {p90:.0f} ms, "
                f"max {most:.0f} ms"
            )
        return 0
    levels = args.levels.split(",")
    if len(levels) != 2 or any(level not in (*LEVELS, RANDOM, UNBOUNDED) for level in levels):
        parser.error(
            f"--levels takes two of easy, normal, strong, {RANDOM}, {UNBOUNDED}, e.g. strong,normal"
        )

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

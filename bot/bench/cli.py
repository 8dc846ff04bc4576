"""The command line of ``python -m bot.bench``: one bot process (:mod:`bot.bench.moves`) or
several shards (``--processes N``, :mod:`bot.bench.processes`)."""

from __future__ import annotations

import argparse
import asyncio
import os

from bot.bench import moves, processes, reviews
from bot.bench.moves import run

DESCRIPTION = (moves.__doc__ or "").split("\n")[0]


def _rates(text: str) -> list[float]:
    rates = [float(part) for part in text.split(",") if part.strip()]
    if not rates or any(r <= 0 for r in rates):
        raise argparse.ArgumentTypeError("rates are positive numbers, e.g. 10,20,30,40")
    return sorted(rates)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.bench", description=DESCRIPTION)
    parser.add_argument("--games", type=int, default=100, help="simultaneous tables (100)")
    from bot import titles

    names = titles.title_names()
    parser.add_argument("--game", default=names[0], choices=names)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--moves", type=int, default=1000, help="moves to time per rate (1000)")
    parser.add_argument("--rate", type=float, default=20.0, help="moves per second (20)")
    parser.add_argument(
        "--sweep", type=_rates, default=None, help="rates to play in turn, e.g. 10,20,30,40"
    )
    parser.add_argument(
        "--limit", type=float, default=300.0, help="board p99 the sweep looks for (300 ms)"
    )
    parser.add_argument("--burst", action="store_true", help="every table moves at once")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--no-validate", action="store_true", help="skip the fake's OpenAPI check of requests"
    )
    parser.add_argument(
        "--render-workers",
        type=int,
        default=os.cpu_count() or 2,
        help="the bot's RENDER_WORKERS (one per core; 0: threads)",
    )
    parser.add_argument(
        "--slow-core",
        type=float,
        default=1.0,
        help="run the bot on cores this many times slower (throttled; 1: as they are)",
    )
    parser.add_argument(
        "--capacity-factor",
        type=float,
        default=2.5,
        help="how much slower the cores of the capacity line are (2.5)",
    )
    parser.add_argument("--profile", default=None, help="write a cProfile of the bot to FILE")
    parser.add_argument("--ai-tables", type=int, default=0, help="tables of AI seats only (0)")
    parser.add_argument("--ai-level", default="strong", choices=["easy", "normal", "strong"])
    parser.add_argument("--ai-seats", type=int, default=2, help="seats at each AI table (2)")
    parser.add_argument("--ai-workers", type=int, default=2, help="AI worker processes (2)")
    parser.add_argument(
        "--reviews",
        type=reviews.counts,
        default=None,
        help="review counts, e.g. 0,2,4: one round per count at --rate, that many /game review"
        " asks kept in flight on finished games meanwhile; prints each move's board wall time"
        " and the CPU of the bot and its render workers in its window (p50/p95/max), and each"
        " review's CPU (median/max). 2026-12-07 (docs/benchmarks.md): with 4 reviews in flight"
        " the boards stayed within the rounds without reviews (p50 26-27 vs 21-29 ms); CPU per"
        " T&E review median/max 2 seats 3.6-4.8/6.0 s, 3 seats 6.7/6.8 s, 4 seats 8.9/9.4 s",
    )
    parser.add_argument(
        "--review-games", type=int, default=6, help="finished games the reviews cycle over (6)"
    )
    parser.add_argument(
        "--review-game", default=names[0], choices=names, help="their title (the first)"
    )
    parser.add_argument(
        "--review-seats", type=int, default=2, help="their seats (2), played by normal AIs"
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=0,
        help="run N `python -m bot` processes, shards 0..N-1 of N, instead of the in-process bot",
    )
    parser.add_argument(
        "--database",
        default=None,
        help="with --processes: an SQLite file or a postgresql:// URL (default: a fresh file)",
    )
    args = parser.parse_args(argv)
    if args.slow_core < 1 or args.capacity_factor <= 0:
        parser.error("--slow-core is 1 or more, --capacity-factor above 0")
    if args.reviews and (args.processes or args.burst or args.sweep):
        parser.error("--reviews runs one bot at one --rate (no --processes, --burst, --sweep)")
    if args.reviews and args.review_games < max(args.reviews):
        parser.error("--review-games must be at least the largest count of --reviews")
    try:
        if args.processes:
            return asyncio.run(processes.run(args))
        return asyncio.run(run(args))
    except asyncio.CancelledError:
        print("bench stopped")
        return 130

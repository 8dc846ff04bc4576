"""``python -m bot ratings simulate|rebuild|bench``.

- ``simulate [--seed N] [--runs N]``: the model comparison the parameters were chosen from.
- ``rebuild [--db PATH-OR-URL]``: recompute every rating and history row from the results (default
  database: ``DATABASE_URL``, else ``DATABASE_PATH``, from the environment or ``.env``, else
  ``var/bot.sqlite3``).
- ``bench [--games N] [--players N] [--seed N]``: time a rating update (the model alone and the
  whole database step) and the leaderboard (query and image), wall and CPU per operation.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from bot import ratings
from bot.ratings.model import Skill, rate
from bot.ratings.simulate import main_text
from bot.running.settings import database_location
from bot.storage import is_postgres_url
from bot.storage.db import shown_url
from bot.storage.tables import Database, EndReason, TableStatus

USAGE = "usage: python -m bot ratings {simulate,rebuild,bench} [options]"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot ratings")
    sub = parser.add_subparsers(dest="command", required=True)
    simulate = sub.add_parser("simulate", help="compare rating models on simulated players")
    simulate.add_argument("--seed", type=int, default=1)
    simulate.add_argument("--runs", type=int, default=5)
    rebuild = sub.add_parser("rebuild", help="recompute every rating from the results")
    rebuild.add_argument("--db", default=None, help="an SQLite file or a postgresql:// URL")
    bench = sub.add_parser("bench", help="time a rating update and the leaderboard")
    bench.add_argument("--games", type=int, default=500)
    bench.add_argument("--players", type=int, default=200)
    bench.add_argument("--seed", type=int, default=1)
    return parser


def main(argv: Sequence[str]) -> int:
    args = _parser().parse_args(list(argv))
    if args.command == "simulate":
        print(main_text(args.seed, args.runs))
        return 0
    if args.command == "rebuild":
        path = database_location() if args.db is None else _location(args.db)
        if isinstance(path, Path) and not path.is_file():
            print(f"No database at {path}.")
            return 2
        count = asyncio.run(_rebuild(path))
        shown = shown_url(path) if isinstance(path, str) else path
        print(f"Rebuilt the ratings from {count} rated results in {shown}.")
        return 0
    return asyncio.run(_bench(args.games, args.players, args.seed))


def _location(text: str) -> Path | str:
    return text if is_postgres_url(text) else Path(text)


async def _rebuild(path: Path | str) -> int:
    db = await Database.open(path)
    try:
        return await ratings.rebuild(db)
    finally:
        await db.close()


# -- benchmark --------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Seat:
    user_id: int


@dataclass(frozen=True)
class _Finished:
    id: int
    game: str
    guild_id: int | None
    players: tuple[_Seat, ...]
    rated: bool = True


def _timed(samples: list[tuple[float, float]], run: Callable[[], object]) -> None:
    wall, cpu = time.perf_counter(), time.process_time()
    run()
    samples.append((time.perf_counter() - wall, time.process_time() - cpu))


def _median_ms(samples: list[tuple[float, float]]) -> str:
    wall = statistics.median(s[0] for s in samples) * 1000
    cpu = statistics.median(s[1] for s in samples) * 1000
    return f"median {wall:.3f} ms wall, {cpu:.3f} ms CPU ({len(samples)} runs)"


async def _bench(games: int, players: int, seed: int) -> int:
    from renderers.ratings import BoardLine, render_leaderboard

    rng = random.Random(seed)
    for size in (2, 4):
        model: list[tuple[float, float]] = []
        for _ in range(2000):
            skills = [Skill(rng.uniform(15, 35), rng.uniform(1, 8)) for _ in range(size)]
            places = list(range(size))
            rng.shuffle(places)
            _timed(model, partial(rate, skills, places))
        print(f"openskill update, {size} players (model only): {_median_ms(model)}")
    guild = 1
    with tempfile.TemporaryDirectory() as folder:
        db = await Database.open(Path(folder) / "bench.sqlite3")
        try:
            steps: list[tuple[float, float]] = []
            updates: list[tuple[float, float]] = []
            for index in range(games):
                size = 2 if index % 2 else 4
                game = f"{size}-player game"  # ratings are kept per game name
                users = rng.sample(range(1, players + 1), size)
                async with db.write() as q:
                    table_id = await q.insert_table(
                        game=game,
                        guild_id=guild,
                        channel_id=10_000 + index,
                        creator_id=users[0],
                        max_seats=size,
                        seat_order="join",
                        options={},
                        setup=None,
                        seed=index,
                        at=float(index),
                    )
                    for user in users:
                        await q.add_seat(table_id, user, f"Player {user}")
                    await q.set_started(table_id, {u: s for s, u in enumerate(users)}, index)
                table = _Finished(table_id, game, guild, tuple(_Seat(u) for u in users))
                order = list(range(size))
                rng.shuffle(order)
                ranking = [[seat] for seat in order]
                wall, cpu = time.perf_counter(), time.process_time()
                async with db.write() as q:  # the end of a game, as the service commits it
                    await q.set_ended(
                        table_id, status=TableStatus.FINISHED, reason=EndReason.OVER, at=index + 0.5
                    )
                    began, cpu_began = time.perf_counter(), time.process_time()
                    await ratings.record_result(q, table, EndReason.OVER, ranking, index + 0.5)
                    updates.append((time.perf_counter() - began, time.process_time() - cpu_began))
                steps.append((time.perf_counter() - wall, time.process_time() - cpu))
            print(
                "result and rating update inside the transaction (reads, openskill, writes; "
                f"2 and 4 players alternating): {_median_ms(updates)}"
            )
            print(f"the whole game-end transaction incl. commit (fsync): {_median_ms(steps)}")
            query: list[tuple[float, float]] = []
            image: list[tuple[float, float]] = []
            for _ in range(20):
                wall, cpu = time.perf_counter(), time.process_time()
                board = await ratings.leaderboard(db, guild, "4-player game", players + 1)
                query.append((time.perf_counter() - wall, time.process_time() - cpu))
                lines = [
                    BoardLine(
                        e.rank, e.name, e.rating, e.games, e.win_percent, e.trend, e.provisional
                    )
                    for e in board.entries
                ]
                title = "Tigris & Euphrates · leaderboard"
                _timed(image, partial(render_leaderboard, title, lines, None, "en"))
            print(
                f"leaderboard query ({board.total} players, top {len(board.entries)}): "
                f"{_median_ms(query)}"
            )
            print(f"leaderboard image ({len(board.entries)} lines, PNG): {_median_ms(image)}")
        finally:
            await db.close()
    return 0

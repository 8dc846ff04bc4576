"""``python -m bot.bench --reviews 0,2,4``: the boards' latency while post-game reviews run.

Before the bot starts, the driver plays ``--review-games`` finished games of `normal` AIs
(``--review-game``, ``--review-seats``; seeded by ``--seed``) straight into the database, each at
a table in a channel and a server of its own, recorded as posted (the bot starts with nothing to
catch up). Then, for each count N of ``--reviews``, ``--moves`` moves are timed at ``--rate`` while
N players keep asking for reviews with ``/game review`` (each asks again as soon as the last one is
posted, on a table no review is running for), as a server full of finished games would. After each
review is posted the driver deletes it from ``game_reviews``, so the next ask of that table is
computed again: the load stays N reviews in flight (the bot's long lane runs one at a time per
process, the rest queue) for the whole round.

For each move: the board's wall latency (as every round reports it) and the CPU the bot's process
and its render workers (the processes at the bot's priority: what a board waits for) used from the
move's delivery to its board in the channel, read per thread from ``/proc/PID/task/*/schedstat``
(nanoseconds; Linux). Moves at a steady rate seldom overlap, so that window's CPU is mostly the
move's own; work the reviews do at the bot's priority falls in it too, and shows there. For each
review: its wall time from the ask to "Posted in the channel" and the CPU it took in the review
worker (``cpu_ms``, stored with it).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import os
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from bot.service import Player, Service
from bot.storage.reviews import ReviewQueries
from bot.storage.tables import TableStatus

#: Review tables: server ``i`` is this plus ``i << 22`` (one table per server, so the per-server
#: limit of reviews in flight never refuses the bench's asks), channel ``i`` this plus ``i``.
GUILD_BASE = 860_000_000_000_000_000
CHANNEL_BASE = 870_000_000_000_000_000
#: Players of the review tables (their ids apart from the timed tables').
PLAYER_BASE = 300_000
#: How long a review may take before the bench gives up on it (a queue of several behind a
#: loaded machine's long lane).
REVIEW_TIMEOUT = 600.0


def counts(text: str) -> list[int]:
    """``--reviews``: review counts, e.g. ``0,2,4`` (or ``0/2/4``)."""
    found = [int(part) for part in text.replace("/", ",").split(",") if part.strip()]
    if not found or any(n < 0 for n in found):
        raise argparse.ArgumentTypeError("review counts are 0 or more, e.g. 0,2,4")
    return found


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))]


# --------------------------------------------------------------------- CPU of one move's window


def run_ns(pids: list[int]) -> int:
    """Nanoseconds the threads of ``pids`` have run so far (``schedstat``: finer than the
    clock ticks of ``/proc/PID/stat``, which are as long as a whole move's CPU)."""
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError):
            for task in os.scandir(f"/proc/{pid}/task"):
                with (
                    contextlib.suppress(OSError, ValueError, IndexError),
                    open(f"{task.path}/schedstat") as stat,
                ):
                    total += int(stat.read().split()[0])
    return total


# ------------------------------------------------------------------------ the finished games


@dataclass(frozen=True)
class Finished:
    """A finished table the bench reviews: its id, server and channel."""

    table_id: int
    guild: int
    channel: int


async def prepare(path: Any, args: argparse.Namespace) -> list[Finished]:
    """``--review-games`` games of `normal` AIs played to the end in the database at ``path``
    (seeded by ``--seed``), recorded as posted, their replays as posted too."""
    from bot.ai import choose_action
    from bot.ai.worker import decision_seed

    seeds = itertools.count(args.seed * 1000 + 7)
    service = await Service.open(path, seed_source=lambda: next(seeds))
    players = tuple(Player(PLAYER_BASE + s, f"reviewer{s}") for s in range(args.review_seats))
    found = []
    try:
        for index in range(args.review_games):
            guild, channel = GUILD_BASE + (index << 22), CHANNEL_BASE + index
            table = await service.create_started(
                game=args.review_game,
                guild_id=guild,
                channel_id=channel,
                creator_id=players[0].user_id,
                players=players,
                language="en",
            )
            while table.status == TableStatus.ACTIVE:
                for seat in await service.to_act(table.id):
                    decision = await service.seat_decision(table.id, seat)
                    if decision is None:
                        continue
                    now, view, legal = decision
                    seed = decision_seed(now.seed, now.version, seat)
                    action = choose_action(args.review_game, view, legal, "normal", seed)
                    await service.submit(table.id, now.players[seat].user_id, action)
                table = await service.get(table.id)
            await service.set_posted(table.id, table.version, None, ())
            await service.set_replay_posted(table.id)
            found.append(Finished(table.id, guild, channel))
    finally:
        await service.close()
    return found


# ------------------------------------------------------------------------------- the asking


@dataclass
class ReviewLoad:
    """``count`` players asking for reviews in turn until :meth:`stop`; what each took."""

    fake: Any
    payloads: Any
    service: Service
    tables: list[Finished]
    count: int
    wall_s: list[float] = field(default_factory=list)
    cpu_s: list[float] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    _busy: set[int] = field(default_factory=set)
    _stopping: bool = False
    _tasks: list[asyncio.Task[None]] = field(default_factory=list)
    _turn: itertools.count[int] = field(default_factory=itertools.count)

    def start(self) -> None:
        if self.count and len(self.tables) < self.count:
            raise SystemExit(f"--reviews {self.count} needs --review-games {self.count} or more")
        self._tasks = [asyncio.create_task(self._asker(n)) for n in range(self.count)]

    async def stop(self) -> None:
        """Ask no more; wait for the reviews in flight (their posts are not left half done)."""
        self._stopping = True
        await asyncio.gather(*self._tasks)

    def _next(self) -> Finished:
        while True:
            table = self.tables[next(self._turn) % len(self.tables)]
            if table.table_id not in self._busy:
                return table

    async def _asker(self, number: int) -> None:
        user = str(PLAYER_BASE)  # anyone may ask for a finished table's review
        while not self._stopping:
            table = self._next()
            self._busy.add(table.table_id)
            try:
                await self.ask(table, user)
            finally:
                self._busy.discard(table.table_id)

    async def ask(self, table: Finished, user: str) -> None:
        """``/game review table:N`` in the table's channel; waits for its last answer."""
        p = self.payloads
        guild = str(table.guild)
        payload = p.slash(
            "game",
            {"table": table.table_id},
            sub="review",
            channel_data=p.channel(str(table.channel), guild_id=guild),
            guild_id=guild,
            user_id=user,
        )
        mark = self.fake.mark()
        began = time.perf_counter()
        await self.fake.push_interaction(payload)
        answer = await self.fake.wait_for(
            lambda c: (
                c.interaction is not None
                and c.interaction["id"] == payload["id"]
                and bool(c.content)
                and not c.content.startswith("Preparing the review")
            ),
            start=mark,
            timeout=REVIEW_TIMEOUT,
        )
        if not answer.content.startswith("Posted in the channel"):
            self.refused.append(answer.content)
            await asyncio.sleep(1.0)
            return
        self.wall_s.append(time.perf_counter() - began)
        async with self.service.db.write() as q:
            cpu = await ReviewQueries(q).forget(table.table_id)
        if cpu is not None:
            self.cpu_s.append(cpu)


def summary(values: list[float], unit: str = "ms", scale: float = 1.0) -> str:
    """``p50 / p95 / max`` of ``values``."""
    if not values:
        return "-"
    return (
        " / ".join(
            f"{scale * v:.1f}"
            for v in (percentile(values, 50), percentile(values, 95), max(values))
        )
        + f" {unit}"
    )


def review_line(load: ReviewLoad) -> str:
    """What the reviews of one round took."""
    if not load.count:
        return "  no reviews running"
    cpu = (
        f"median {statistics.median(load.cpu_s):.2f} s, max {max(load.cpu_s):.2f} s"
        if load.cpu_s
        else "-"
    )
    wall = (
        f"median {statistics.median(load.wall_s):.1f} s, max {max(load.wall_s):.1f} s"
        if load.wall_s
        else "-"
    )
    refused = f"; refused {len(load.refused)}: {load.refused[0]!r}" if load.refused else ""
    return (
        f"  reviews: {load.count} asked at a time, {len(load.wall_s)} posted; CPU per review"
        f" (review worker) {cpu}; ask -> posted {wall}{refused}"
    )


def board_line(now: Any) -> str:
    """A round's boards (a :class:`bot.bench.moves.Round`): wall latency and the CPU of each
    move's window, p50 / p95 / max."""
    return (
        f"  board per move, p50 / p95 / max: wall {summary(now.board_ms)};"
        f" CPU of the bot and its render workers in the move's window {summary(now.window_cpu_ms)}"
    )


def comparison(rounds: list[Any]) -> str:
    """The rounds side by side: what reviews running did to the boards."""
    lines = [
        "reviews | board wall p50 / p95 / max | board CPU p50 / p95 / max | bot CPU per move"
        " | reviews posted | review CPU median / max"
    ]
    for now in rounds:
        load = now.review_load
        cpu = (
            f"{statistics.median(load.cpu_s):.2f} / {max(load.cpu_s):.2f} s"
            if load is not None and load.cpu_s
            else "-"
        )
        posted = len(load.wall_s) if load is not None else 0
        lines.append(
            f"{now.reviews:7d} | {summary(now.board_ms):>26} | {summary(now.window_cpu_ms):>25}"
            f" | {now.bot_ms:13.1f} ms | {posted:14d} | {cpu}"
        )
    return "\n".join(lines)

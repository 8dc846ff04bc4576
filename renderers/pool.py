"""The render pool: worker processes that draw images off the bot's event loop.

The renderers are pure functions of plain data, so a worker needs nothing but their arguments.
:class:`RenderPool` keeps each table's boards on one worker (it redraws only what a move
changed) and gives long drawings (replays) a lane of their own. ``bot.ui.images`` decides when
the bot draws in it; the benchmarks use it directly.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

import renderers
from bot.i18n import DEFAULT
from bot.running.workers import WorkerPool

__all__ = ["REPLAY_NICENESS", "RenderPool", "default_workers"]

T = TypeVar("T")


def default_workers() -> int:
    """``RENDER_WORKERS`` by default: one process per core."""
    return os.cpu_count() or 2


def _timed(function: Callable[..., bytes], args: tuple[Any, ...]) -> tuple[bytes, float]:
    """Runs in a worker: the image and the CPU time it took there."""
    began = time.process_time()
    data = function(*args)
    return data, time.process_time() - began


def _warm(views: list[tuple[str, dict[str, Any]]]) -> None:
    """Runs in a worker: draws each game's opening board (the result is not needed)."""
    for game, view in views:
        renderers.render_board(game, view, DEFAULT)


#: A replay's worker runs this much below the bot's priority (as the AI's): it must not slow a
#: board down.
REPLAY_NICENESS = 10


class RenderPool:
    """``workers`` processes drawing images; :attr:`cpu_seconds` sums the CPU time the drawings
    took in them (the bench reports it with the bot's own).

    Each worker is a pool of one process of its own, so a table's boards can go to the same
    worker: it keeps that table's last board and redraws only what a move changed
    (``renderers.incremental``). A board goes elsewhere when its worker has more to draw than
    the least busy one (any worker draws the same bytes; a board without its table's last one
    is drawn in full).

    Long drawings (a finished game's replay, seconds of CPU) and the AI's reviews go to a lane of
    their own (:meth:`draw_long`): one more worker, started at the first replay, at a lower
    priority and in the idle scheduling class (it runs on a core only when the bot, its render
    workers and the AI's searches leave it free), so a replay or a review never holds a worker
    another table's next board waits for, nor a core a board could use.
    """

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise ValueError("the render pool needs at least one worker")
        self.workers = workers
        # At the bot's own priority: a board is what a player waits for after a move.
        self._lanes = [WorkerPool(1, name="render") for _ in range(workers)]
        self._waiting = [0] * workers
        self.cpu_seconds = 0.0
        self.images = 0
        self._long: WorkerPool | None = None

    def _lane(self, table: Hashable | None) -> int:
        idle = min(range(self.workers), key=self._waiting.__getitem__)
        if table is None:
            return idle
        own = hash(table) % self.workers
        return own if self._waiting[own] <= self._waiting[idle] + 1 else idle

    async def run(self, function: Callable[..., T], *args: Any, table: Hashable = None) -> T:
        """``function(*args)`` in a worker (``table``'s own one if it is not far behind)."""
        lane = self._lane(table)
        self._waiting[lane] += 1
        try:
            return await self._lanes[lane].run(function, *args)
        finally:
            self._waiting[lane] -= 1

    async def draw(
        self, function: Callable[..., bytes], *args: Any, table: Hashable = None
    ) -> bytes:
        data, cpu = await self.run(_timed, function, args, table=table)
        self.cpu_seconds += cpu
        self.images += 1
        return data

    async def draw_long(self, function: Callable[..., bytes], *args: Any) -> bytes:
        """:meth:`draw` in the long drawings' own worker (one at a time, the rest queue). A
        worker that dies is replaced but the call is not made again: the caller decides (a
        replay is tried twice in all, see :mod:`bot.ui.replays`)."""
        if self._long is None:
            self._long = WorkerPool(1, name="replay", niceness=REPLAY_NICENESS, idle=True)
        data, cpu = await self._long.run(_timed, function, args, retry=False)
        self.cpu_seconds += cpu
        self.images += 1
        return data

    async def warm_up(self) -> None:
        """Start every worker and let each draw every game's opening board once (imports,
        fonts and the cached static layers), so the first boards players wait for are quick."""
        from bot.games import game_names, get_game

        views = []
        for name in game_names():
            game = get_game(name)
            views.append((name, game.view(game.new_game(2, 1), None)))
        await asyncio.gather(
            *(lane.run(_warm, views) for lane in self._lanes), return_exceptions=True
        )

    def pids(self) -> list[int]:
        """The worker processes running now (none before the first call)."""
        return [pid for lane in self._lanes for pid in lane.pids()]

    def shutdown(self) -> None:
        """Stop the workers; a call in flight is dropped after a second (see ``WorkerPool``)."""
        for lane in self._lanes:
            lane.shutdown()
        if self._long is not None:
            self._long.shutdown()

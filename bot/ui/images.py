"""PNG images (boards, hands, leaderboards, rating cards, standings), rendered off the event loop.

Every image the bot sends is drawn by :func:`render`: in the bot's :class:`RenderPool` (worker
processes, ``RENDER_WORKERS``) when one serves the running event loop, else in a thread of the
bot's own process (``RENDER_WORKERS=0``, and tests that build a bot without starting it). The
renderers are pure functions of plain data, so a worker needs nothing but their arguments.
"""

from __future__ import annotations

import asyncio
import os
import time
import weakref
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

import renderers
import renderers.replay
from bot import presenters
from bot.i18n import DEFAULT
from bot.running.workers import WorkerPool

T = TypeVar("T")

# In threads, at most this many images are drawn at once (per event loop): drawing holds the GIL
# much of the time, and a queue of renders must not starve the event loop that acknowledges moves.
RENDER_SLOTS = os.cpu_count() or 2
_slots: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = (
    weakref.WeakKeyDictionary()
)
# The render pool of each event loop's bot. Looked up by loop because images are asked for deep
# in the UI code (a board after a move, a leaderboard), where the bot is not at hand.
_pools: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, RenderPool] = (
    weakref.WeakKeyDictionary()
)


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

    Long drawings (a finished game's replay, seconds of CPU) go to a lane of their own
    (:meth:`draw_long`): one more worker, started at the first replay, at a lower priority, so a
    replay never holds a worker another table's next board waits for.
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
            self._long = WorkerPool(1, name="replay", niceness=REPLAY_NICENESS)
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
        """Stop the workers; a call in flight is dropped."""
        for lane in self._lanes:
            lane.shutdown()
        if self._long is not None:
            self._long.shutdown()


def use_render_pool(pool: RenderPool | None) -> None:
    """Draw this event loop's images in ``pool`` (``None``: in threads again)."""
    loop = asyncio.get_running_loop()
    if pool is None:
        _pools.pop(loop, None)
    else:
        _pools[loop] = pool


def stop_using_render_pool(pool: RenderPool) -> None:
    """Draw in threads again if ``pool`` serves this event loop (another bot's pool stays)."""
    loop = asyncio.get_running_loop()
    if _pools.get(loop) is pool:
        del _pools[loop]


def _render_slots() -> asyncio.Semaphore:
    loop = asyncio.get_running_loop()
    slots = _slots.get(loop)
    if slots is None:
        slots = _slots[loop] = asyncio.Semaphore(RENDER_SLOTS)
    return slots


_long_slots: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = (
    weakref.WeakKeyDictionary()
)


async def render_long(function: Callable[..., bytes], *args: Any) -> bytes:
    """:func:`render` for a long drawing (a replay): in the render pool's long lane, or in
    threads one at a time, so it never takes a slot a board is waiting for."""
    loop = asyncio.get_running_loop()
    pool = _pools.get(loop)
    if pool is not None:
        return await pool.draw_long(function, *args)
    slot = _long_slots.get(loop)
    if slot is None:
        slot = _long_slots[loop] = asyncio.Semaphore(1)
    async with slot:
        data: bytes = await asyncio.to_thread(function, *args)
    return data


async def render(function: Callable[..., bytes], *args: Any, table: Hashable = None) -> bytes:
    """``function(*args)``, a renderer returning PNG bytes, in the render pool (``table``'s own
    worker where it can) or a thread."""
    pool = _pools.get(asyncio.get_running_loop())
    if pool is not None:
        return await pool.draw(function, *args, table=table)
    async with _render_slots():
        data: bytes = await asyncio.to_thread(function, *args)
    return data


async def board_png(
    game: str, view: dict[str, Any], *, lang: str, table: int | None = None
) -> bytes:
    """The public board as PNG bytes in ``lang``; with ``table``, redrawn from that table's last
    board where its worker has it (the same bytes)."""
    shown = presenters.localize_view(game, view, lang=lang)
    return await render(renderers.render_board, game, shown, lang, table, table=table)


async def private_png(game: str, view: dict[str, Any], *, lang: str) -> bytes:
    """One player's private view (hand, hidden scores) as PNG bytes in ``lang``."""
    shown = presenters.localize_view(game, view, lang=lang)
    return await render(renderers.render_private, game, shown, lang)


async def replay_gif(
    game: str,
    frames: list[dict[str, Any]],
    *,
    lang: str,
    turns: list[int] | None = None,
    changed: list[tuple[str, ...]] | None = None,
) -> bytes:
    """A finished game's replay (public views; ``turns[i]`` the turn of frame ``i``, default
    one per turn; ``changed[i]`` the squares framed on it) as an animated GIF in ``lang``."""
    shown = [presenters.localize_view(game, frame, lang=lang) for frame in frames]
    return await render_long(
        renderers.replay.render_replay, game, shown, lang, "gif", turns, changed
    )


async def turn_png(
    game: str,
    view: dict[str, Any],
    *,
    turn: int,
    total: int,
    changed: tuple[str, ...],
    lang: str,
) -> bytes:
    """A finished game's turn as a still in ``lang``: the board after it under its banner, the
    squares it changed framed."""
    shown = presenters.localize_view(game, view, lang=lang)
    return await render(renderers.replay.render_turn, game, shown, turn, total, changed, lang)


async def chart_png(game: str, story: dict[str, Any], *, lang: str) -> bytes:
    """A finished game's score story as PNG bytes in ``lang`` (in the long drawings' lane: it
    is drawn after the final result, and must not take a board's place)."""
    return await render_long(renderers.replay.render_chart, game, story, lang)

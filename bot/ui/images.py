"""PNG images (boards, hands, leaderboards, rating cards, standings), rendered off the event loop.

Every image the bot sends is drawn by :func:`render`: in the bot's :class:`RenderPool` (worker
processes, ``RENDER_WORKERS``) when one serves the running event loop, else in a thread of the
bot's own process (``RENDER_WORKERS=0``, and tests that build a bot without starting it). The
pool itself is :mod:`renderers.pool` (the benchmarks use it without the bot).
"""

from __future__ import annotations

import asyncio
import io
import logging
import os
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

import discord

import renderers
import renderers.replay
from bot import i18n, presenters, titles
from bot.ai import seats as ai_seats
from bot.running.ids import short_id
from bot.service import Table
from bot.ui.lang import tr

# The pool lives with the renderers (the benchmarks use it without the bot); the bot's code
# names it here.
from renderers.pool import RenderPool as RenderPool
from renderers.pool import default_workers as default_workers

T = TypeVar("T")

log = logging.getLogger(__name__)

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


#: Tables whose last board this process keeps in mind (its public view, and what changed on
#: it), to show the next board's changes; per event loop, as the render pools (each
#: bot's tables apart: table numbers start at 1 in every database).
BOARDS_KEPT = 256
Boards = OrderedDict[int, tuple[Any, "dict[str, Any] | None"]]
_boards: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Boards] = weakref.WeakKeyDictionary()
_boards_outside_a_loop: Boards = OrderedDict()


def _last_boards() -> Boards:
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return _boards_outside_a_loop
    kept = _boards.get(loop)
    if kept is None:
        kept = _boards[loop] = OrderedDict()
    return kept


def with_changes(game: str, view: dict[str, Any], table: int | None) -> dict[str, Any]:
    """``view`` with what changed since ``table``'s previous board drawn here, where the title's
    images show it (a view holding the title's ``drawing.board_key``; their
    ``changes(before, after)``, e.g. T&E's ghosts of removed pieces and frames of changed
    squares). The same board drawn again keeps its changes; a table not drawn here yet (after a
    restart) has none, and its images frame the last action's squares. The final board has none
    either: it is also the last frame of the replay, drawn from the views alone."""
    entry = titles.title(game)
    key = entry.drawing.board_key if entry is not None else None
    changes = getattr(renderers.images(game), "changes", None) if key is not None else None
    if table is None or changes is None or key not in view:
        return view
    kept = _last_boards()
    previous = kept.pop(table, None)
    if previous is None or view.get("game_over"):
        found = None
    elif previous[0] == view:  # the same state shown again (`/game status`)
        found = previous[1]
    else:  # a move, even one that leaves the board as it was (a swap: nothing is framed)
        found = changes(previous[0], view)
    kept[table] = (view, found)
    while len(kept) > BOARDS_KEPT:
        kept.popitem(last=False)
    return {**view, **found} if found else view


async def board_png(
    game: str,
    view: dict[str, Any],
    *,
    lang: str,
    table: int | None = None,
    changes: bool = True,
) -> bytes:
    """The public board as PNG bytes in ``lang``; with ``table``, redrawn from that table's last
    board where its worker has it (the same bytes), showing what changed since that board
    unless not ``changes`` (the final board: the replay's last frame, drawn from views alone)."""
    if changes:
        view = with_changes(game, view, table)
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


# --- a table's images as Discord files ------------------------------------------------------


def marked(table: Table, view: dict[str, Any], lang: str = i18n.DEFAULT) -> dict[str, Any]:
    """``view`` for an image: the seats an AI plays listed under ``ai_seats`` (public: the
    renderers draw the robot mark on their panels) and every seat's display name under
    ``seat_names`` (an AI seat's in ``lang``, without the robot: the images draw their own)."""
    names = [
        tr(ai_seats.ai_label(p.user_id), lang) if ai_seats.is_ai(p.user_id) else p.name
        for p in table.players
    ]
    robots = [s for s, p in enumerate(table.players) if ai_seats.is_ai(p.user_id)]
    shown = {**view, "seat_names": names}
    return {**shown, "ai_seats": robots} if robots else shown


async def render_file(
    game: str,
    view: dict[str, Any],
    filename: str,
    *,
    private: bool = False,
    lang: str,
    table_id: int | None = None,
    changes: bool = True,
) -> discord.File | None:
    """A rendered image (its words in ``lang``) as a file, or None (logged with an id) if
    rendering failed. A board with ``table_id`` is redrawn from that table's last board (and
    shows what changed since, unless not ``changes``)."""
    try:
        if private:
            data = await private_png(game, view, lang=lang)
        else:
            data = await board_png(game, view, lang=lang, table=table_id, changes=changes)
    except Exception:
        error_id = short_id()
        log.exception("rendering %s failed [%s]", game, error_id)
        return None
    return discord.File(io.BytesIO(data), filename)

"""PNG images of a table, rendered off the event loop."""

from __future__ import annotations

import asyncio
import os
import weakref
from typing import Any

import renderers
from bot import presenters

# At most this many images are drawn at once (per event loop): drawing holds the GIL much of the
# time, and a queue of renders must not starve the event loop that acknowledges moves.
RENDER_SLOTS = os.cpu_count() or 2
_slots: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = (
    weakref.WeakKeyDictionary()
)


def _render_slots() -> asyncio.Semaphore:
    loop = asyncio.get_running_loop()
    slots = _slots.get(loop)
    if slots is None:
        slots = _slots[loop] = asyncio.Semaphore(RENDER_SLOTS)
    return slots


async def board_png(game: str, view: dict[str, Any], lang: str = "en") -> bytes:
    """The public board as PNG bytes in ``lang`` (rendered in a worker thread)."""
    render = renderers.render_board
    shown = presenters.localize_view(game, view, lang)
    async with _render_slots():
        data: bytes = await asyncio.to_thread(render, game, shown, lang)
    return data


async def private_png(game: str, view: dict[str, Any], lang: str = "en") -> bytes:
    """One player's private view (hand, hidden scores) as PNG bytes in ``lang``."""
    render = renderers.render_private
    shown = presenters.localize_view(game, view, lang)
    async with _render_slots():
        data: bytes = await asyncio.to_thread(render, game, shown, lang)
    return data

"""PNG images of a table, rendered off the event loop."""

from __future__ import annotations

import asyncio
import importlib
from typing import Any


def _renderers() -> Any:
    # Imported by name: the renderers package is developed in parallel and merged separately.
    return importlib.import_module("renderers")


async def board_png(game: str, view: dict[str, Any]) -> bytes:
    """The public board as PNG bytes (rendered in a worker thread)."""
    render = _renderers().render_board
    data: bytes = await asyncio.to_thread(render, game, view)
    return data


async def private_png(game: str, view: dict[str, Any]) -> bytes:
    """One player's private view (hand, hidden scores) as PNG bytes."""
    render = _renderers().render_private
    data: bytes = await asyncio.to_thread(render, game, view)
    return data

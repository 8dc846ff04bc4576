"""Pure functions from an engine's view to PNG bytes (see the images issue).

``render_board(game, view, lang)`` draws the public image from the public view
(``view(state, None)``); ``render_private(game, view, lang)`` draws a seat's own image from that
seat's view. The language is a required argument: a forgotten one is a type error, not an
English image. Renderers receive only views, never a full state, so they cannot show a secret
the view does not carry.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Hashable
from types import ModuleType
from typing import Any

from bot import titles

__all__ = ["images", "render_board", "render_private"]

Renderer = Callable[[dict[str, Any], str], bytes]


def images(game: str) -> ModuleType:
    """The renderer module of title ``game`` (its ``render_board``, ``render_private`` and
    ``board_image``), imported on first use."""
    title = titles.title(game)
    if title is None:
        known = ", ".join(titles.title_names())
        raise ValueError(f"no images for game {game!r} (known: {known})")
    return importlib.import_module(title.images)


def _renderers(game: str, view: dict[str, Any]) -> tuple[Renderer, Renderer]:
    module = images(game)
    if view.get("game") not in (None, game):
        raise ValueError(f"a {view.get('game')!r} view cannot be drawn as {game!r}")
    return module.render_board, module.render_private


def render_board(
    game: str, view: dict[str, Any], lang: str, table: Hashable | None = None
) -> bytes:
    """PNG of the public board, drawn from the public view.

    With ``table`` (any key naming the table), only what changed since that table's last board
    drawn in this process is redrawn (``renderers.incremental``); the bytes are the same.
    Raises ValueError for a seat's own view: it could carry that seat's secrets.
    """
    board, _ = _renderers(game, view)
    if view.get("viewer") is not None:
        raise ValueError("the public board is drawn from the public view (viewer None)")
    title = titles.title(game)
    if table is not None and title is not None and title.drawing.incremental is not None:
        from renderers import incremental

        return incremental.render_board(game, view, lang, table)
    return board(view, lang)


def render_private(game: str, view: dict[str, Any], lang: str) -> bytes:
    """PNG of what one seat alone may see, drawn from that seat's view."""
    _, private = _renderers(game, view)
    if view.get("viewer") is None:
        raise ValueError("a private image is drawn from a seat's own view (viewer set)")
    return private(view, lang)

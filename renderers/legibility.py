"""How large the images' texts read in the feed: a phone fits an attachment into about
400 x 400 CSS px (the image shrunk to fit, never enlarged), so a text drawn ``s`` pixels tall
on a ``w x h`` image reads ``s * min(1, 400 / w, 400 / h)`` CSS px there.

``python -m renderers legibility`` prints, per game and image kind, the smallest text a player
reads (any text with a letter or a digit; symbols such as a dynasty's sign are shapes, not
text) over positions of seeded games in every language, in CSS px; the images' target is at
least :data:`READABLE` (the size a phone's small print starts at).
"""

from __future__ import annotations

import argparse
import io
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from PIL import Image

from renderers import _draw, images, render_board, render_private

#: The box a phone fits an image into, in CSS px.
FEED = 400
#: The smallest text, in CSS px once fitted into :data:`FEED`, a player reads without zooming.
READABLE = 11.0
_WORDS = re.compile(r"\w")


@dataclass(frozen=True)
class Smallest:
    """The smallest text of one image: its size in CSS px once fitted, and the text."""

    css_px: float
    text: str
    size: tuple[int, int]


def fitted_scale(width: int, height: int, box: int = FEED) -> float:
    """How much a ``width x height`` image shrinks to fit a ``box`` square (1: not at all)."""
    return min(1.0, box / width, box / height)


def _forget_drawings(module: ModuleType) -> None:
    """Clear the caches of drawn sprites and static layers, so their texts are drawn again."""
    for value in vars(module).values():
        clear = getattr(value, "cache_clear", None)
        if clear is not None and callable(clear):
            clear()


def smallest_text(game: str, draw: Callable[[], bytes]) -> Smallest:
    """The smallest text ``draw()`` (a renderer call of ``game``'s) draws, fitted to the feed."""
    _forget_drawings(images(game))
    with _draw.measuring() as found:
        png = draw()
    width, height = Image.open(io.BytesIO(png)).size
    scale = fitted_scale(width, height)
    texts = [(size, text) for text, size in found if _WORDS.search(text)]
    if not texts:
        return Smallest(float("inf"), "", (width, height))
    size, text = min(texts)
    return Smallest(size * scale, text, (width, height))


def smallest_of_board(game: str, view: dict[str, Any], lang: str) -> Smallest:
    return smallest_text(game, lambda: render_board(game, view, lang))


def smallest_of_private(game: str, view: dict[str, Any], lang: str) -> Smallest:
    return smallest_text(game, lambda: render_private(game, view, lang))


def survey(
    games: Sequence[str], langs: Sequence[str], seed: int, positions: int
) -> list[tuple[str, str, Smallest]]:
    """Per game and image kind, the smallest text over the positions and languages."""
    from bot.presenters import localize_view
    from renderers.samples import sample_views

    found: list[tuple[str, str, Smallest]] = []
    for game in games:
        views = sample_views(game, seed, positions)
        for kind, pick, measure in (
            ("board", 0, smallest_of_board),
            ("private", 1, smallest_of_private),
        ):
            each = [
                measure(game, localize_view(game, pair[pick], lang=lang), lang)
                for pair in views
                for lang in langs
            ]
            found.append((game, kind, min(each, key=lambda s: s.css_px)))
    return found


def main(argv: Sequence[str] | None = None) -> int:
    from bot import titles
    from bot.i18n import catalog

    parser = argparse.ArgumentParser(prog="python -m renderers legibility", description=__doc__)
    parser.add_argument(
        "--games", default=",".join(titles.title_names()), help="comma-separated game names"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the random games")
    parser.add_argument("--positions", type=int, default=4, help="positions per game")
    args = parser.parse_args(argv)
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    langs = ["en", *catalog.TRANSLATED]
    print(f"smallest text once fitted into {FEED}x{FEED} CSS px (target {READABLE:g} px)")
    for game, kind, small in survey(games, langs, args.seed, args.positions):
        width, height = small.size
        print(
            f"{game:8} {kind:8} {width}x{height}  {small.css_px:5.1f} px  "
            f"{'ok' if small.css_px >= READABLE else 'too small'}  ({small.text!r})"
        )
    return 0

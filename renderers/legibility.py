"""How large the images' texts read in the feed: a phone fits an attachment into about
400 x 400 CSS px (the image shrunk to fit, never enlarged), so a text drawn ``s`` pixels tall
on a ``w x h`` image reads ``s * min(1, 400 / w, 400 / h)`` CSS px there.

``python -m renderers legibility`` prints, per game and image kind, the smallest text a player
reads (any text with a letter or a digit; symbols such as a dynasty's sign are shapes, not
text) over positions of seeded games in every language, in CSS px; the images' target is at
least :data:`READABLE` (the size a phone's small print starts at). Then the same for the
replay's "turn N of M" banner over each game's board, and for the server's images (`/stats`,
the league standings, the rating leaderboard and cards) drawn from :func:`server_samples`.
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


def smallest_text(
    game: str | None, draw: Callable[[], bytes], only: Callable[[str], bool] | None = None
) -> Smallest:
    """The smallest text ``draw()`` (a renderer call of ``game``'s, None: an image of no game)
    draws, fitted to the feed; with ``only``, among the texts it accepts."""
    if game is not None:
        _forget_drawings(images(game))
    with _draw.measuring() as found:
        png = draw()
    width, height = Image.open(io.BytesIO(png)).size
    scale = fitted_scale(width, height)
    texts = [
        (size, text) for text, size in found if _WORDS.search(text) and (only is None or only(text))
    ]
    if not texts:
        return Smallest(float("inf"), "", (width, height))
    size, text = min(texts)
    return Smallest(size * scale, text, (width, height))


def smallest_of_board(game: str, view: dict[str, Any], lang: str) -> Smallest:
    return smallest_text(game, lambda: render_board(game, view, lang))


def smallest_of_private(game: str, view: dict[str, Any], lang: str) -> Smallest:
    return smallest_text(game, lambda: render_private(game, view, lang))


def smallest_of_banner(game: str, view: dict[str, Any], lang: str) -> Smallest:
    """The replay's "turn N of M" banner over ``view``'s board (the board's own texts are
    :func:`smallest_of_board`'s)."""
    from renderers.replay import render_turn, turn_caption

    caption = turn_caption(game, 88, 88, lang)  # two-digit numbers: the widest usual caption
    return smallest_text(
        game, lambda: render_turn(game, view, 88, 88, [], lang), lambda text: text == caption
    )


def server_samples(lang: str) -> list[tuple[str, Callable[[], bytes]]]:
    """The server's images drawn as large as the bot draws them for a phone: `/stats` with every
    title's statistics (four-digit totals), league standings of :data:`league.PHONE_ROWS`
    players with a champion and the statistic column, a leaderboard's top and the caller's own
    line further down, rating cards of two titles; long names."""
    from bot import titles
    from bot.presenters import game_title
    from renderers import league, ratings, stats

    name = "Bartholomew the Magnificent III"
    blocks = [
        stats.StatsBlock(
            game_title(t.name, lang=lang),
            120,
            37,
            tuple(
                stats.StatsLine(label, 1000 + 37 * i, (1000 + 37 * i) / 120)
                for i, label in enumerate(t.statistics.labels.values())
            ),
        )
        for t in titles.titles()
        if t.statistics.labels
    ][:2]
    rows = [
        {
            "rank": i + 1,
            "name": name if i == 1 else f"Player {i + 1}",
            "points": 11.5 - i,
            "played": 11,
            "wins": 11 - i,
            "buchholz": 60.5 - i,
            "stat": 140 - i,
            "note": "left" if i == league.PHONE_ROWS - 1 else "",
        }
        for i in range(league.PHONE_ROWS)
    ]
    standings = {
        "title": "Spring league",
        "subtitle": "Round robin: final standings after 11 rounds, 12 players",
        "champion": "Player 1",
        "rows": rows,
        "stat": next(iter(stats.LEAGUE_LABELS.values())),
    }
    lines = [
        ratings.BoardLine(
            i + 1 if i < 16 else None,
            name if i == 1 else f"Player {i + 1}",
            1912 - 9.5 * i,
            120 - i,
            61.5 - i,
            (-1) ** i * (i + 3),
            i >= 16,
        )
        for i in range(20)
    ]
    caller = ratings.BoardLine(131, name, 1402, 1200, 25.0, -14, False, True)
    chart = tuple(1500 + i * 7 + (i % 5) * 9 for i in range(40))
    cards = [
        ratings.CardData(
            game_title(t.name, lang=lang),
            name,
            1777,
            12,
            130,
            False,
            10,
            1200,
            600,
            ((1, 12.0), (2, -8.2), (4, -30.0), (3, 4.0), (1, 10.0)),
            chart,
        )
        for t in titles.titles()
        if t.statistics.labels
    ][:2]
    # the longest printed game name heads the leaderboard: the worst case
    heading = max((game_title(t.name, lang=lang) for t in titles.titles()), key=len)
    return [
        ("stats", lambda: stats.render_stats(name, blocks, lang)),
        ("league", lambda: league.render_standings(standings, lang)),
        ("leaders", lambda: ratings.render_leaderboard(heading, lines, caller, lang)),
        ("rating", lambda: ratings.render_cards(cards, lang)),
    ]


def survey_server(langs: Sequence[str]) -> list[tuple[str, str, Smallest]]:
    """Per server image, the smallest text over the languages."""
    found: dict[str, list[Smallest]] = {}
    for lang in langs:
        for kind, draw in server_samples(lang):
            found.setdefault(kind, []).append(smallest_text(None, draw))
    return [("server", kind, min(each, key=lambda s: s.css_px)) for kind, each in found.items()]


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
        banners = [
            smallest_of_banner(game, localize_view(game, pair[0], lang=lang), lang)
            for pair in views[-1:]
            for lang in langs
        ]
        found.append((game, "banner", min(banners, key=lambda s: s.css_px)))
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
    rows = survey(games, langs, args.seed, args.positions) + survey_server(langs)
    for game, kind, small in rows:
        width, height = small.size
        print(
            f"{game:8} {kind:8} {width}x{height}  {small.css_px:5.1f} px  "
            f"{'ok' if small.css_px >= READABLE else 'too small'}  ({small.text!r})"
        )
    return 0

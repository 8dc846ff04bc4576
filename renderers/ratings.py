"""Rating images: the server leaderboard and a player's rating card with a history chart.

Pure functions from plain data to PNG bytes, in the boards' fonts and colours. Nothing here is
secret; names arrive as players chose them and are drawn as text (no Markdown in images). Titles
and footers may be :class:`bot.i18n.Text`, drawn in the image's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import C_, N_, tr
from renderers import _table
from renderers import palette as P
from renderers._draw import clipped, draw_text, fit_size, png_bytes, text_width, wrap
from renderers._table import PHONE_PX, ROW_PX

__all__ = ["BoardLine", "CardData", "render_cards", "render_leaderboard"]

UP = (84, 190, 110)
DOWN = (226, 88, 76)
CHART_LINE = P.ACCENT
CHART_GRID = P.PANEL_LINE

WIDTH = _table.WIDTH
MARGIN = _table.MARGIN
TITLE_PX = 32
HEADER = 72
ROW = 44
#: The leaderboard image shows this many lines (then the caller's own, when further down): the
#: rest of the top is in the message's text. Within 800 x 800 on a phone's 400 x 400.
SHOWN = 10
RANK_RIGHT = MARGIN + 58  # room for a three-digit rank (the caller further down)
NAME_X = RANK_RIGHT + 18
ARROW_W = 24  # the trend's triangle, then its number


@dataclass(frozen=True)
class BoardLine:
    """One leaderboard line. ``rank`` None: provisional (listed, not ranked)."""

    rank: int | None
    name: str
    rating: float
    games: int
    win_percent: float
    trend: float
    provisional: bool
    highlight: bool = False  # the caller's own line


@dataclass(frozen=True)
class CardData:
    """One game on a player's card."""

    title: Any  # the game's title: a str or a bot.i18n.Text
    name: str
    rating: float
    rank: int | None
    ranked: int
    provisional: bool
    provisional_games: int
    games: int
    wins: int
    recent: tuple[tuple[int, float], ...]  # (place, rating change), oldest first
    chart: tuple[float, ...]  # shown rating over the charted games


def _arrow(draw: ImageDraw.ImageDraw, x: float, y: float, trend: float) -> None:
    """A triangle up (green), down (red) or a dim dash for no change, centred at (x, y)."""
    if trend >= 0.5:
        draw.polygon([(x - 9, y + 7), (x + 9, y + 7), (x, y - 9)], fill=UP)
    elif trend <= -0.5:
        draw.polygon([(x - 9, y - 7), (x + 9, y - 7), (x, y + 9)], fill=DOWN)
    else:
        draw.rectangle((x - 8, y - 2, x + 8, y + 1), fill=P.TEXT_DIM)


def _cells(line: BoardLine) -> dict[str, str]:
    """A line's numbers as drawn (no words to translate)."""
    moved = line.trend >= 0.5 or line.trend <= -0.5
    return {
        "rating": f"{line.rating:.0f}" + ("?" if line.provisional else ""),
        "games": str(line.games),
        "wins": f"{line.win_percent:.0f}%",
        "trend": f"{line.trend:+.0f}" if moved else "",
    }


#: Each number column's key and heading (the rank and the name come first).
HEADINGS = (
    ("rating", C_("rating image", "Rating")),
    ("games", C_("rating image", "Games")),
    ("wins", C_("rating image", "Win %")),
    ("trend", C_("rating image", "Trend")),
)
RANK_HEADING = C_("rating image", "#")
NAME_HEADING = C_("rating image", "Player")


def _columns(lines: Sequence[BoardLine], lang: str) -> list[_table.Column]:
    cells = [_cells(line) for line in lines]
    # the trend's number sits right of its triangle: its column is the triangle wider
    widest_trend = "+00" if not cells else max((c["trend"] for c in cells), key=len) or "+0"
    return _table.number_columns(
        [
            (
                key,
                tr(heading, lang),
                [widest_trend + "  "] if key == "trend" else [c[key] for c in cells],
                "bold" if key == "rating" else "regular",
            )
            for key, heading in HEADINGS
        ],
        WIDTH - MARGIN - 12,
    )


def _line(
    draw: ImageDraw.ImageDraw,
    top: int,
    line: BoardLine,
    shade: bool,
    columns: Sequence[_table.Column],
    name_room: float,
) -> None:
    """One leaderboard line: numbers and the player's name, no words to translate."""
    y = top + ROW // 2
    if line.highlight:
        draw.rectangle((MARGIN, top, WIDTH - MARGIN, top + ROW - 1), fill=P.PANEL_ACTIVE)
    elif shade:
        draw.rectangle((MARGIN, top, WIDTH - MARGIN, top + ROW - 1), fill=P.PANEL)
    colour = P.TEXT_DIM if line.provisional else P.TEXT
    rank = "–" if line.rank is None else str(line.rank)
    draw_text(draw, (RANK_RIGHT, y), rank, ROW_PX, "bold", colour, "rm")
    name, size = _table.name_text(line.name, name_room)
    draw_text(draw, (NAME_X, y), name, size, fill=colour, anchor="lm")
    cells = _cells(line)
    for column in columns:
        if column.key == "trend":
            left = column.right - column.width
            _arrow(draw, left + ARROW_W / 2, y, line.trend)
            if cells["trend"]:
                xy = (left + ARROW_W + 6, y)
                draw_text(draw, xy, cells["trend"], PHONE_PX, fill=P.TEXT_DIM, anchor="lm")
            continue
        weight = "bold" if column.key == "rating" else "regular"
        draw_text(draw, (column.right, y), cells[column.key], ROW_PX, weight, colour, "rm")


def render_leaderboard(
    title: Any,
    lines: Sequence[BoardLine],
    caller: BoardLine | None,
    lang: str,
) -> bytes:
    """The first :data:`SHOWN` lines, then (after a gap) the caller's own line when it is further
    down: ``caller``, or a highlighted line past the first :data:`SHOWN`. ``title`` is a text or
    a plain string; what the columns mean and the lines past :data:`SHOWN` are in the message."""
    title = tr(title, lang)
    shown = list(lines[:SHOWN])
    own = caller or next((line for line in lines[SHOWN:] if line.highlight), None)
    columns = _columns([*shown, *([own] if own else [])], lang)
    heading_h = _table.heading_height(columns)
    rows = len(shown) + (2 if own is not None else 0) + (1 if not shown else 0)
    height = HEADER + heading_h + rows * ROW + MARGIN
    image = Image.new("RGB", (WIDTH, height), P.BACKGROUND)
    draw = ImageDraw.Draw(image)
    size = fit_size(title, WIDTH - 2 * MARGIN, TITLE_PX, "bold", minimum=PHONE_PX + 4)
    shown_title = clipped(title, WIDTH - 2 * MARGIN, size, "bold")
    draw_text(draw, (MARGIN, HEADER // 2 + 4), shown_title, size, "bold", P.TEXT, "lm")
    name_room = columns[0].right - columns[0].width - _table.GAP - NAME_X
    baseline = HEADER + heading_h - 8
    rank_heading = tr(RANK_HEADING, lang)
    name_heading = clipped(tr(NAME_HEADING, lang), name_room, PHONE_PX, "bold")
    draw_text(draw, (RANK_RIGHT, baseline), rank_heading, PHONE_PX, "bold", P.TEXT_DIM, "rs")
    draw_text(draw, (NAME_X, baseline), name_heading, PHONE_PX, "bold", P.TEXT_DIM, "ls")
    _table.draw_headings(draw, HEADER, columns)
    top = HEADER + heading_h
    draw.line((MARGIN, top - 2, WIDTH - MARGIN, top - 2), fill=P.PANEL_LINE, width=2)
    if not shown:
        nobody = tr(C_("rating image", "No rated games yet."), lang)
        draw_text(draw, (NAME_X, top + ROW // 2), nobody, ROW_PX, fill=P.TEXT_DIM, anchor="lm")
        top += ROW
    for index, line in enumerate(shown):
        _line(draw, top, line, index % 2 == 1, columns, name_room)
        top += ROW
    if own is not None:
        draw_text(draw, (WIDTH // 2, top + ROW // 2), "⋯", 28, fill=P.TEXT_DIM, anchor="mm")
        top += ROW
        _line(draw, top, own, False, columns, name_room)
    return png_bytes(image)


def _ordinal(place: int, lang: str) -> str:
    """A finishing place: 1st, 2nd, ... (1위, 1. in Korean and Turkish)."""
    last = place if place < 20 else place % 10
    if last == 1:
        text = C_("rating image", "{n}st", n=place)
    elif last == 2:
        text = C_("rating image", "{n}nd", n=place)
    elif last == 3:
        text = C_("rating image", "{n}rd", n=place)
    else:
        text = C_("rating image", "{n}th", n=place)
    return tr(text, lang)


CARD_W = WIDTH
CARD_H = 320
#: left, top, right, bottom of the chart area within a card: the right half, under the header
CHART = (420, 96, WIDTH - MARGIN - 14, 224)
RATING_PX = 64
LEFT_W = CHART[0] - MARGIN - 24  # the texts left of the chart keep clear of it


def _chart(draw: ImageDraw.ImageDraw, top: int, values: Sequence[float], lang: str) -> None:
    left, ctop, right, bottom = CHART[0], top + CHART[1], CHART[2], top + CHART[3]
    draw.rectangle((left, ctop, right, bottom), fill=P.BACKGROUND, outline=P.PANEL_LINE)
    if len(values) < 2:
        empty = tr(C_("rating image", "no rated games yet"), lang)
        centre = ((left + right) / 2, (ctop + bottom) / 2)
        shown = clipped(empty, right - left - 16, PHONE_PX)
        draw_text(draw, centre, shown, PHONE_PX, fill=P.TEXT_DIM, anchor="mm")
        return
    low, high = min(values), max(values)
    span = max(high - low, 20.0)  # a nearly flat history stays nearly flat
    middle = (low + high) / 2
    low, high = middle - span / 2, middle + span / 2
    inner = (left + 8, ctop + 12, right - 8, bottom - 12)

    def point(index: int, value: float) -> tuple[float, float]:
        x = inner[0] + (inner[2] - inner[0]) * index / (len(values) - 1)
        y = inner[3] - (inner[3] - inner[1]) * (value - low) / (high - low)
        return (x, y)

    for fraction in (0.25, 0.5, 0.75):
        y = inner[3] - (inner[3] - inner[1]) * fraction
        draw.line((left + 1, y, right - 1, y), fill=CHART_GRID, width=1)
    points = [point(i, v) for i, v in enumerate(values)]
    draw.line(points, fill=CHART_LINE, width=4, joint="curve")
    x, y = points[-1]
    draw.ellipse((x - 6, y - 6, x + 6, y + 6), fill=CHART_LINE)
    draw_text(draw, (left, ctop - 6), f"{high:.0f}", PHONE_PX, fill=P.TEXT_DIM, anchor="ld")
    draw_text(draw, (left, bottom + 6), f"{low:.0f}", PHONE_PX, fill=P.TEXT_DIM, anchor="lt")
    games = len(values) - 1
    charted = tr(N_("last {n} game", "last {n} games", games), lang)
    shown = clipped(charted, (right - left) * 0.7, PHONE_PX)
    draw_text(draw, (right, bottom + 6), shown, PHONE_PX, fill=P.TEXT_DIM, anchor="rt")


def _card(draw: ImageDraw.ImageDraw, top: int, card: CardData, lang: str) -> None:
    draw.rounded_rectangle(
        (MARGIN - 8, top + 8, CARD_W - MARGIN + 8, top + CARD_H - 8), radius=12, fill=P.PANEL
    )
    # the game first, never cut; then the player's name (the same on every card) in the room left
    room = CARD_W - 2 * MARGIN - 10
    title = clipped(tr(card.title, lang), room, 28, "bold")
    draw_text(draw, (MARGIN + 4, top + 46), title, 28, "bold", P.TEXT, "lm")
    x = MARGIN + 4 + text_width(title, 28, "bold")
    name = clipped(f" · {card.name}", room - x, ROW_PX)
    draw_text(draw, (x, top + 46), name, ROW_PX, fill=P.TEXT_DIM, anchor="lm")
    rating = f"{card.rating:.0f}" + ("?" if card.provisional else "")
    colour = P.TEXT_DIM if card.provisional else P.ACCENT
    draw_text(draw, (MARGIN + 4, top + 124), rating, RATING_PX, "bold", colour, "lm")
    if card.provisional:
        standing = N_(
            "provisional: {n} of {total} game",
            "provisional: {n} of {total} games",
            card.provisional_games,
            n=card.games,
            total=card.provisional_games,
        )
    else:
        standing = C_("rating image", "rank {rank} of {ranked}", rank=card.rank, ranked=card.ranked)
    lines = wrap(tr(standing, lang), LEFT_W, ROW_PX)
    share = 100.0 * card.wins / card.games if card.games else 0.0
    record = tr(
        C_(
            "rating image",
            "{games} games · {wins} wins ({percent}%)",
            games=card.games,
            wins=card.wins,
            percent=round(share),
        ),
        lang,
    )
    y = top + 180
    for line in lines[:2]:
        draw_text(draw, (MARGIN + 4, y), line, ROW_PX, fill=P.TEXT, anchor="lm")
        y += 32
    for line in wrap(record, LEFT_W, PHONE_PX)[: 3 - min(2, len(lines))]:
        draw_text(draw, (MARGIN + 4, y), line, PHONE_PX, fill=P.TEXT_DIM, anchor="lm")
        y += 30
    recent_y = top + CARD_H - 40
    x = MARGIN + 4
    recent = tr(C_("rating image", "Recent:"), lang)
    draw_text(draw, (x, recent_y), recent, PHONE_PX, fill=P.TEXT_DIM, anchor="lm")
    x += round(text_width(recent, PHONE_PX)) + 14
    for place, change in reversed(card.recent):  # newest first
        label = f"{_ordinal(place, lang)} {change:+.0f}"
        width = text_width(label, PHONE_PX, "bold")
        if x + width > CARD_W - MARGIN - 8:
            break
        tint = UP if change >= 0.5 else DOWN if change <= -0.5 else P.TEXT_DIM
        draw_text(draw, (x, recent_y), label, PHONE_PX, "bold", tint, "lm")
        x += int(width) + 24
    _chart(draw, top, card.chart, lang)


def render_cards(cards: Sequence[CardData], lang: str) -> bytes:
    """One card per game, stacked (two games: 800 x 640, within a phone's 400 x 400 at half)."""
    image = Image.new("RGB", (CARD_W, CARD_H * max(1, len(cards))), P.BACKGROUND)
    draw = ImageDraw.Draw(image)
    for index, card in enumerate(cards):
        _card(draw, index * CARD_H, card, lang)
    return png_bytes(image)

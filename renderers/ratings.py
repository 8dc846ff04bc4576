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
from renderers import palette as P
from renderers._draw import clipped, draw_text, fit_size, png_bytes, text_width

__all__ = ["BoardLine", "CardData", "render_cards", "render_leaderboard"]

UP = (84, 190, 110)
DOWN = (226, 88, 76)
CHART_LINE = P.ACCENT
CHART_GRID = P.PANEL_LINE

WIDTH = 760
MARGIN = 20
HEADER = 64
ROW = 34
COLUMNS = {  # left edge of each column
    "rank": MARGIN + 8,
    "name": MARGIN + 64,
    "rating": MARGIN + 400,
    "games": MARGIN + 500,
    "wins": MARGIN + 580,
    "trend": MARGIN + 670,
}


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
        draw.polygon([(x - 7, y + 5), (x + 7, y + 5), (x, y - 7)], fill=UP)
    elif trend <= -0.5:
        draw.polygon([(x - 7, y - 5), (x + 7, y - 5), (x, y + 7)], fill=DOWN)
    else:
        draw.rectangle((x - 6, y - 1, x + 6, y + 1), fill=P.TEXT_DIM)


def _line(draw: ImageDraw.ImageDraw, top: int, line: BoardLine, shade: bool) -> None:
    """One leaderboard line: numbers and the player's name, no words to translate."""
    y = top + ROW // 2
    if line.highlight:
        draw.rectangle((MARGIN, top, WIDTH - MARGIN, top + ROW - 1), fill=P.PANEL_ACTIVE)
    elif shade:
        draw.rectangle((MARGIN, top, WIDTH - MARGIN, top + ROW - 1), fill=P.PANEL)
    colour = P.TEXT_DIM if line.provisional else P.TEXT
    rank = "–" if line.rank is None else str(line.rank)
    draw_text(draw, (COLUMNS["rank"], y), rank, 17, "bold", colour, "lm")
    name_width = COLUMNS["rating"] - COLUMNS["name"] - 16
    name = clipped(line.name, name_width, 17)
    draw_text(draw, (COLUMNS["name"], y), name, 17, fill=colour, anchor="lm")
    rating = f"{line.rating:.0f}" + ("?" if line.provisional else "")
    draw_text(draw, (COLUMNS["rating"] + 70, y), rating, 17, "bold", colour, "rm")
    draw_text(draw, (COLUMNS["games"] + 50, y), str(line.games), 16, fill=colour, anchor="rm")
    percent = f"{line.win_percent:.0f}%"
    draw_text(draw, (COLUMNS["wins"] + 60, y), percent, 16, fill=colour, anchor="rm")
    _arrow(draw, COLUMNS["trend"] + 20, y, line.trend)
    if line.trend >= 0.5 or line.trend <= -0.5:
        trend = f"{line.trend:+.0f}"
        draw_text(draw, (COLUMNS["trend"] + 32, y), trend, 13, fill=P.TEXT_DIM, anchor="lm")


#: Each column's heading, anchor and offset from its left edge.
HEADINGS = (
    ("rank", C_("rating image", "#"), "lm", 0),
    ("name", C_("rating image", "Player"), "lm", 0),
    ("rating", C_("rating image", "Rating"), "rm", 70),
    ("games", C_("rating image", "Games"), "rm", 50),
    ("wins", C_("rating image", "Win %"), "rm", 60),
    ("trend", C_("rating image", "Trend"), "lm", 0),
)
HEADING_W = 76  # the widest a column heading may be (the narrowest column's width)


def render_leaderboard(
    title: Any,
    lines: Sequence[BoardLine],
    caller: BoardLine | None,
    footer: Any,
    lang: str,
) -> bytes:
    """The top players, then (after a gap) the caller's own line when it is further down.
    ``title`` and ``footer`` are texts or plain strings."""
    title = tr(title, lang)
    footer = tr(footer, lang)
    rows = len(lines) + (2 if caller is not None else 0) + (1 if not lines else 0)
    height = HEADER + 30 + rows * ROW + 44
    image = Image.new("RGB", (WIDTH, height), P.BACKGROUND)
    draw = ImageDraw.Draw(image)
    size = fit_size(title, WIDTH - 2 * MARGIN, 26, "bold")
    draw_text(draw, (MARGIN, 34), title, size, "bold", P.TEXT, "lm")
    head_y = HEADER + 12
    for key, heading, anchor, dx in HEADINGS:
        text = tr(heading, lang)
        size = fit_size(text, HEADING_W, 14, "bold")
        draw_text(draw, (COLUMNS[key] + dx, head_y), text, size, "bold", P.TEXT_DIM, anchor)
    draw.line((MARGIN, HEADER + 26, WIDTH - MARGIN, HEADER + 26), fill=P.PANEL_LINE, width=2)
    top = HEADER + 30
    if not lines:
        nobody = tr(C_("rating image", "No rated games yet."), lang)
        draw_text(draw, (MARGIN + 8, top + ROW // 2), nobody, 17, fill=P.TEXT_DIM, anchor="lm")
        top += ROW
    for index, line in enumerate(lines):
        _line(draw, top, line, index % 2 == 1)
        top += ROW
    if caller is not None:
        draw_text(draw, (WIDTH // 2, top + ROW // 2), "⋯", 20, fill=P.TEXT_DIM, anchor="mm")
        top += ROW
        _line(draw, top, caller, False)
        top += ROW
    shown = clipped(footer, WIDTH - 2 * MARGIN, 14)
    draw_text(draw, (MARGIN, top + 22), shown, 14, fill=P.TEXT_DIM, anchor="lm")
    return png_bytes(image)


CARD_W = 760
CARD_H = 250
CHART = (400, 70, 740, 220)  # left, top, right, bottom of the chart area within a card


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


def _chart(draw: ImageDraw.ImageDraw, top: int, values: Sequence[float], lang: str) -> None:
    left, ctop, right, bottom = CHART[0], top + CHART[1], CHART[2], top + CHART[3]
    draw.rectangle((left, ctop, right, bottom), fill=P.PANEL, outline=P.PANEL_LINE)
    if len(values) < 2:
        empty = tr(C_("rating image", "no rated games yet"), lang)
        centre = ((left + right) / 2, (ctop + bottom) / 2)
        draw_text(draw, centre, empty, 14, fill=P.TEXT_DIM, anchor="mm")
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
    draw.line(points, fill=CHART_LINE, width=3, joint="curve")
    x, y = points[-1]
    draw.ellipse((x - 4, y - 4, x + 4, y + 4), fill=CHART_LINE)
    draw_text(draw, (left + 4, ctop - 4), f"{high:.0f}", 12, fill=P.TEXT_DIM, anchor="ld")
    draw_text(draw, (left + 4, bottom + 4), f"{low:.0f}", 12, fill=P.TEXT_DIM, anchor="lt")
    games = len(values) - 1
    charted = tr(N_("last {n} game", "last {n} games", games), lang)
    draw_text(draw, (right, bottom + 4), charted, 12, fill=P.TEXT_DIM, anchor="rt")


def _card(draw: ImageDraw.ImageDraw, top: int, card: CardData, lang: str) -> None:
    draw.rectangle((MARGIN - 8, top + 6, CARD_W - MARGIN + 8, top + CARD_H - 6), fill=P.PANEL)
    title = f"{card.name} · {tr(card.title, lang)}"
    header = clipped(title, CARD_W - 2 * MARGIN - 10, 22, "bold")
    draw_text(draw, (MARGIN, top + 32), header, 22, "bold", P.TEXT, "lm")
    rating = f"{card.rating:.0f}" + ("?" if card.provisional else "")
    colour = P.TEXT_DIM if card.provisional else P.ACCENT
    draw_text(draw, (MARGIN, top + 98), rating, 52, "bold", colour, "lm")
    room = CHART[0] - MARGIN - 12  # text on the left keeps clear of the chart
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
    shown = tr(standing, lang)
    draw_text(draw, (MARGIN, top + 142), shown, fit_size(shown, room, 17), fill=P.TEXT, anchor="lm")
    share = 100.0 * card.wins / card.games if card.games else 0.0
    percent = f"{share:.0f}"
    record = tr(
        C_(
            "rating image",
            "{games} games · {wins} wins ({percent}%)",
            games=card.games,
            wins=card.wins,
            percent=percent,
        ),
        lang,
    )
    size = fit_size(record, room, 16)
    draw_text(draw, (MARGIN, top + 170), record, size, fill=P.TEXT_DIM, anchor="lm")
    x = MARGIN
    recent = tr(C_("rating image", "Recent:"), lang)
    draw_text(draw, (x, top + 206), recent, 14, fill=P.TEXT_DIM, anchor="lm")
    x += max(58, round(text_width(recent, 14)) + 3)
    for place, change in reversed(card.recent):  # newest first
        label = f"{_ordinal(place, lang)} {change:+.0f}"
        width = text_width(label, 14, "bold")
        if x + width > CHART[0] - 12:
            break
        tint = UP if change >= 0.5 else DOWN if change <= -0.5 else P.TEXT_DIM
        draw_text(draw, (x, top + 206), label, 14, "bold", tint, "lm")
        x += int(width) + 10
    _chart(draw, top, card.chart, lang)


def render_cards(cards: Sequence[CardData], lang: str) -> bytes:
    """One card per game, stacked."""
    image = Image.new("RGB", (CARD_W, CARD_H * max(1, len(cards))), P.BACKGROUND)
    draw = ImageDraw.Draw(image)
    for index, card in enumerate(cards):
        _card(draw, index * CARD_H, card, lang)
    return png_bytes(image)

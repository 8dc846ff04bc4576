"""Rating images: the server leaderboard and a player's rating card with a history chart.

Pure functions from plain data to PNG bytes, in the boards' fonts and colours. Nothing here is
secret; names arrive as players chose them and are drawn as text (no Markdown in images).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderers import palette as P
from renderers._draw import fit_size, font, png_bytes, text_width

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

    title: str
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


def _clipped(text: str, width: float, size: int, weight: str = "regular") -> str:
    if text_width(text, size, weight) <= width:
        return text
    while text and text_width(text + "…", size, weight) > width:
        text = text[:-1]
    return text + "…"


def _arrow(draw: ImageDraw.ImageDraw, x: float, y: float, trend: float) -> None:
    """A triangle up (green), down (red) or a dim dash for no change, centred at (x, y)."""
    if trend >= 0.5:
        draw.polygon([(x - 7, y + 5), (x + 7, y + 5), (x, y - 7)], fill=UP)
    elif trend <= -0.5:
        draw.polygon([(x - 7, y - 5), (x + 7, y - 5), (x, y + 7)], fill=DOWN)
    else:
        draw.rectangle((x - 6, y - 1, x + 6, y + 1), fill=P.TEXT_DIM)


def _line(draw: ImageDraw.ImageDraw, top: int, line: BoardLine, shade: bool) -> None:
    y = top + ROW // 2
    if line.highlight:
        draw.rectangle((MARGIN, top, WIDTH - MARGIN, top + ROW - 1), fill=P.PANEL_ACTIVE)
    elif shade:
        draw.rectangle((MARGIN, top, WIDTH - MARGIN, top + ROW - 1), fill=P.PANEL)
    colour = P.TEXT_DIM if line.provisional else P.TEXT
    rank = "–" if line.rank is None else str(line.rank)
    draw.text((COLUMNS["rank"], y), rank, font=font(17, "bold"), fill=colour, anchor="lm")
    name_width = COLUMNS["rating"] - COLUMNS["name"] - 16
    name = _clipped(line.name, name_width, 17)
    draw.text((COLUMNS["name"], y), name, font=font(17), fill=colour, anchor="lm")
    rating = f"{line.rating:.0f}" + ("?" if line.provisional else "")
    draw.text((COLUMNS["rating"] + 70, y), rating, font=font(17, "bold"), fill=colour, anchor="rm")
    draw.text((COLUMNS["games"] + 50, y), str(line.games), font=font(16), fill=colour, anchor="rm")
    draw.text(
        (COLUMNS["wins"] + 60, y),
        f"{line.win_percent:.0f}%",
        font=font(16),
        fill=colour,
        anchor="rm",
    )
    _arrow(draw, COLUMNS["trend"] + 20, y, line.trend)
    if line.trend >= 0.5 or line.trend <= -0.5:
        draw.text(
            (COLUMNS["trend"] + 32, y),
            f"{line.trend:+.0f}",
            font=font(13),
            fill=P.TEXT_DIM,
            anchor="lm",
        )


def render_leaderboard(
    title: str,
    lines: Sequence[BoardLine],
    caller: BoardLine | None,
    footer: str,
    lang: str = "en",
) -> bytes:
    """The top players, then (after a gap) the caller's own line when it is further down."""
    rows = len(lines) + (2 if caller is not None else 0) + (1 if not lines else 0)
    height = HEADER + 30 + rows * ROW + 44
    image = Image.new("RGB", (WIDTH, height), P.BACKGROUND)
    draw = ImageDraw.Draw(image)
    size = fit_size(title, WIDTH - 2 * MARGIN, 26, "bold")
    draw.text((MARGIN, 34), title, font=font(size, "bold"), fill=P.TEXT, anchor="lm")
    head_y = HEADER + 12
    for key, text, anchor, dx in (
        ("rank", "#", "lm", 0),
        ("name", "Player", "lm", 0),
        ("rating", "Rating", "rm", 70),
        ("games", "Games", "rm", 50),
        ("wins", "Win %", "rm", 60),
        ("trend", "Trend", "lm", 0),
    ):
        draw.text(
            (COLUMNS[key] + dx, head_y),
            text,
            font=font(14, "bold"),
            fill=P.TEXT_DIM,
            anchor=anchor,
        )
    draw.line((MARGIN, HEADER + 26, WIDTH - MARGIN, HEADER + 26), fill=P.PANEL_LINE, width=2)
    top = HEADER + 30
    if not lines:
        draw.text(
            (MARGIN + 8, top + ROW // 2),
            "No rated games yet.",
            font=font(17),
            fill=P.TEXT_DIM,
            anchor="lm",
        )
        top += ROW
    for index, line in enumerate(lines):
        _line(draw, top, line, index % 2 == 1)
        top += ROW
    if caller is not None:
        draw.text((WIDTH // 2, top + ROW // 2), "⋯", font=font(20), fill=P.TEXT_DIM, anchor="mm")
        top += ROW
        _line(draw, top, caller, False)
        top += ROW
    draw.text(
        (MARGIN, top + 22),
        _clipped(footer, WIDTH - 2 * MARGIN, 14),
        font=font(14),
        fill=P.TEXT_DIM,
        anchor="lm",
    )
    return png_bytes(image)


CARD_W = 760
CARD_H = 250
CHART = (400, 70, 740, 220)  # left, top, right, bottom of the chart area within a card


def _ordinal(place: int) -> str:
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(place if place < 20 else place % 10, "th")
    return f"{place}{suffix}"


def _chart(draw: ImageDraw.ImageDraw, top: int, values: Sequence[float]) -> None:
    left, ctop, right, bottom = CHART[0], top + CHART[1], CHART[2], top + CHART[3]
    draw.rectangle((left, ctop, right, bottom), fill=P.PANEL, outline=P.PANEL_LINE)
    if len(values) < 2:
        draw.text(
            ((left + right) / 2, (ctop + bottom) / 2),
            "no rated games yet",
            font=font(14),
            fill=P.TEXT_DIM,
            anchor="mm",
        )
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
    draw.text((left + 4, ctop - 4), f"{high:.0f}", font=font(12), fill=P.TEXT_DIM, anchor="ld")
    draw.text((left + 4, bottom + 4), f"{low:.0f}", font=font(12), fill=P.TEXT_DIM, anchor="lt")
    draw.text(
        (right, bottom + 4),
        f"last {len(values) - 1} games",
        font=font(12),
        fill=P.TEXT_DIM,
        anchor="rt",
    )


def _card(draw: ImageDraw.ImageDraw, top: int, card: CardData) -> None:
    draw.rectangle((MARGIN - 8, top + 6, CARD_W - MARGIN + 8, top + CARD_H - 6), fill=P.PANEL)
    header = _clipped(f"{card.name} · {card.title}", CARD_W - 2 * MARGIN - 10, 22, "bold")
    draw.text((MARGIN, top + 32), header, font=font(22, "bold"), fill=P.TEXT, anchor="lm")
    rating = f"{card.rating:.0f}" + ("?" if card.provisional else "")
    colour = P.TEXT_DIM if card.provisional else P.ACCENT
    draw.text((MARGIN, top + 98), rating, font=font(52, "bold"), fill=colour, anchor="lm")
    if card.provisional:
        standing = f"provisional: {card.games} of {card.provisional_games} games"
    else:
        standing = f"rank {card.rank} of {card.ranked}"
    draw.text((MARGIN, top + 142), standing, font=font(17), fill=P.TEXT, anchor="lm")
    percent = 100.0 * card.wins / card.games if card.games else 0.0
    draw.text(
        (MARGIN, top + 170),
        f"{card.games} games · {card.wins} wins ({percent:.0f}%)",
        font=font(16),
        fill=P.TEXT_DIM,
        anchor="lm",
    )
    x = MARGIN
    draw.text((x, top + 206), "Recent:", font=font(14), fill=P.TEXT_DIM, anchor="lm")
    x += 58
    for place, change in reversed(card.recent):  # newest first
        label = f"{_ordinal(place)} {change:+.0f}"
        width = text_width(label, 14, "bold")
        if x + width > CHART[0] - 12:
            break
        tint = UP if change >= 0.5 else DOWN if change <= -0.5 else P.TEXT_DIM
        draw.text((x, top + 206), label, font=font(14, "bold"), fill=tint, anchor="lm")
        x += int(width) + 10
    _chart(draw, top, card.chart)


def render_cards(cards: Sequence[CardData], lang: str = "en") -> bytes:
    """One card per game, stacked."""
    image = Image.new("RGB", (CARD_W, CARD_H * max(1, len(cards))), P.BACKGROUND)
    draw = ImageDraw.Draw(image)
    for index, card in enumerate(cards):
        _card(draw, index * CARD_H, card)
    return png_bytes(image)

"""The league standings image: a pure function from plain data to PNG bytes.

``render_standings(data)`` takes ``title``, ``subtitle``, ``champion`` (a name or None) and
``rows``: dicts with ``rank``, ``name``, ``points``, ``played``, ``wins``, ``buchholz`` and
``note`` (e.g. "left"); numbers may be given as numbers or already formatted text. Texts (title,
subtitle, note) may be :class:`bot.i18n.Text`, drawn in the image's language. Same fonts and
colours as the boards. With ``stat`` (a heading text), each row's ``stat`` value is drawn in one
more column before the points (the name's column gives it room).
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import C_, decimal, tr
from renderers import palette as P
from renderers._draw import draw_text, fit_size, png_bytes, text_width

__all__ = ["render_standings"]

WIDTH = 760
MARGIN = 24
ROW_H = 34
HEAD_H = 104
CHAMPION_H = 48
COLUMNS = (  # (key, heading, right edge x; the name is left-aligned at NAME_X)
    ("rank", C_("standings image", "#"), 70),
    ("name", C_("standings image", "Player"), 0),
    ("played", C_("standings image", "Played"), 470),
    ("wins", C_("standings image", "Wins"), 550),
    ("buchholz", C_("standings image", "Opp. pts"), 650),
    ("points", C_("standings image", "Points"), WIDTH - MARGIN - 8),
)
NAME_X = 92
NAME_W = 300
HEADING_GAP = 12  # the least room between two headings, so that two never read as one
#: The columns with a statistic (``data["stat"]``): the name's column is narrower, the other
#: columns keep their widths.
STAT_NAME_W = 180
STAT_COLUMNS: tuple[tuple[str, Any, int], ...] = (
    ("rank", COLUMNS[0][1], 70),
    ("name", COLUMNS[1][1], 0),
    ("played", COLUMNS[2][1], 350),
    ("wins", COLUMNS[3][1], 430),
    ("buchholz", COLUMNS[4][1], 530),
    ("stat", None, 650),
    ("points", COLUMNS[5][1], WIDTH - MARGIN - 8),
)


def _heading_room(
    index: int, columns: tuple[tuple[str, Any, int], ...] = COLUMNS, name_w: int = NAME_W
) -> float:
    """How wide a column's heading may be: up to the column before it (the name's column is
    ``name_w`` wide)."""
    key, _, right = columns[index]
    if key == "name":
        return name_w
    before = MARGIN if index == 0 else columns[index - 1][2] or NAME_X + name_w
    return right - before - HEADING_GAP


GOLD = (255, 204, 0)
SILVER = (200, 204, 212)
BRONZE = (205, 127, 50)


def _number(value: Any, lang: str) -> str:
    """A cell's number: points may be halves, written the language's way ("4,5" in Turkish)."""
    if isinstance(value, float):
        return decimal(value, lang)
    return str(value)


def render_standings(data: dict[str, Any], lang: str) -> bytes:
    """PNG of the standings table."""
    rows: list[dict[str, Any]] = list(data.get("rows") or [])
    champion = data.get("champion")
    height = HEAD_H + ROW_H * (max(1, len(rows)) + 1) + MARGIN
    if champion:
        height += CHAMPION_H
    image = Image.new("RGB", (WIDTH, height), P.BACKGROUND)
    draw = ImageDraw.Draw(image)
    title = tr(data.get("title", C_("standings image", "League")), lang)
    draw_text(
        draw, (MARGIN, 18), title, fit_size(title, WIDTH - 2 * MARGIN, 30, "bold"), "bold", P.TEXT
    )
    subtitle = tr(data.get("subtitle", ""), lang)
    draw_text(
        draw, (MARGIN, 60), subtitle, fit_size(subtitle, WIDTH - 2 * MARGIN, 18), fill=P.TEXT_DIM
    )
    y = HEAD_H
    if champion:
        text = tr(C_("standings image", "Champion: {name}", name=champion), lang)
        draw.rounded_rectangle(
            (MARGIN, y, WIDTH - MARGIN, y + CHAMPION_H - 10), radius=8, fill=P.PANEL_ACTIVE
        )
        size = fit_size(text, WIDTH - 2 * MARGIN - 24, 24, "bold")
        draw_text(draw, (MARGIN + 12, y + 8), text, size, "bold", GOLD)
        y += CHAMPION_H
    stat = data.get("stat")
    columns, name_w = (COLUMNS, NAME_W) if stat is None else (STAT_COLUMNS, STAT_NAME_W)
    for index, (key, heading, right) in enumerate(columns):
        label = tr(stat if key == "stat" else heading, lang)
        size = fit_size(label, _heading_room(index, columns, name_w), 16, "bold")
        x = NAME_X if key == "name" else right - text_width(label, size, "bold")
        draw_text(draw, (x, y + 8), label, size, "bold", P.TEXT_DIM)
    y += ROW_H
    draw.line((MARGIN, y - 2, WIDTH - MARGIN, y - 2), fill=P.PANEL_LINE, width=2)
    if not rows:
        draw_text(
            draw,
            (NAME_X, y + 6),
            tr(C_("standings image", "Nobody yet."), lang),
            18,
            fill=P.TEXT_DIM,
        )
    for index, row in enumerate(rows):
        if index % 2 == 0:
            draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + ROW_H - 1), fill=P.PANEL)
        rank = int(row.get("rank", index + 1))
        medal = {1: GOLD, 2: SILVER, 3: BRONZE}.get(rank)
        left = bool(row.get("note"))
        colour = P.TEXT_DIM if left else P.TEXT
        for key, _, right in columns:
            if key == "name":
                name = str(row.get("name", ""))
                note = tr(row.get("note") or "", lang)
                if note:
                    shown = tr(C_("standings image", "{name} ({note})", name=name, note=note), lang)
                else:
                    shown = name
                size = fit_size(shown, name_w, 18)
                draw_text(draw, (NAME_X, y + 7), shown, size, fill=colour)
                continue
            text = _number(row.get(key, ""), lang)
            weight = "bold" if key in ("points", "rank") else "regular"
            fill = medal if key == "rank" and medal and not left else colour
            draw_text(draw, (right - text_width(text, 18, weight), y + 7), text, 18, weight, fill)
        y += ROW_H
    return png_bytes(image)

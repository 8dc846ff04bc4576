"""The league standings image: a pure function from plain data to PNG bytes.

``render_standings(data)`` takes ``title``, ``subtitle``, ``champion`` (a name or None) and
``rows``: dicts with ``rank``, ``name``, ``points``, ``played``, ``wins``, ``buchholz`` and
``note`` (e.g. "left"); numbers may be given as numbers or already formatted text. Texts (title,
subtitle, note) may be :class:`bot.i18n.Text`, drawn in the image's language. Same fonts and
colours as the boards. With ``stat`` (a heading text), each row's ``stat`` value is drawn in one
more column before the points.

Drawn for the phone's feed (800 px wide, every text at least 22 px: 11 CSS px once fitted into
400): up to :data:`PHONE_ROWS` players the image stays within 800 x 800. A glance needs the
rank, the name, the wins, the tie-break, the statistic and the points; the games played are in
the message's lines under the image, not in the image.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import C_, decimal, tr
from renderers import _table
from renderers import palette as P
from renderers._draw import clipped, draw_text, fit_size, png_bytes, wrap
from renderers._table import MARGIN, PHONE_PX, ROW_PX, WIDTH

__all__ = ["render_standings"]

ROW_H = 44
TITLE_PX = 34
CHAMPION_PX = 28
CHAMPION_H = 60
RANK_RIGHT = MARGIN + 44  # the rank's right edge; the name starts after it
NAME_X = RANK_RIGHT + 20
#: The most players the image shows within 800 x 800, champion and two-line headings included;
#: a larger league makes a taller image (the phone shows it smaller; a tap shows it whole).
PHONE_ROWS = 12
#: Each column's key and heading ("played" is in the message's lines, not in the image).
COLUMNS = (
    ("rank", C_("standings image", "#")),
    ("name", C_("standings image", "Player")),
    ("wins", C_("standings image", "Wins")),
    ("buchholz", C_("standings image", "Opp. pts")),
    ("points", C_("standings image", "Points")),
)

GOLD = (255, 204, 0)
SILVER = (200, 204, 212)
BRONZE = (205, 127, 50)


def _number(value: Any, lang: str) -> str:
    """A cell's number: points may be halves, written the language's way ("4,5" in Turkish)."""
    if isinstance(value, float):
        return decimal(value, lang)
    return str(value)


def _subtitle_lines(subtitle: str) -> list[str]:
    """The subtitle on at most two lines (the message says it all too)."""
    lines = wrap(subtitle, WIDTH - 2 * MARGIN, PHONE_PX)
    if len(lines) > 2:
        lines = [lines[0], clipped(" ".join(lines[1:]), WIDTH - 2 * MARGIN, PHONE_PX)]
    return lines


def columns_of(data: dict[str, Any], lang: str) -> list[_table.Column]:
    """The number columns, laid out for this data's numbers and this language's headings."""
    rows: list[dict[str, Any]] = list(data.get("rows") or [])
    stat = data.get("stat")
    keys = [key for key, _ in COLUMNS[2:]]
    headings = {key: tr(heading, lang) for key, heading in COLUMNS}
    if stat is not None:
        keys.insert(2, "stat")
        headings["stat"] = tr(stat, lang)
    return _table.number_columns(
        [
            (
                key,
                headings[key],
                [_number(row.get(key, ""), lang) for row in rows],
                "bold" if key == "points" else "regular",
            )
            for key in keys
        ],
        WIDTH - MARGIN - 12,
    )


def render_standings(data: dict[str, Any], lang: str) -> bytes:
    """PNG of the standings table."""
    rows: list[dict[str, Any]] = list(data.get("rows") or [])
    champion = data.get("champion")
    title = tr(data.get("title", C_("standings image", "League")), lang)
    subtitle = _subtitle_lines(tr(data.get("subtitle", ""), lang))
    columns = columns_of(data, lang)
    heading_h = _table.heading_height(columns)
    head_h = 24 + TITLE_PX + 16 + 30 * len(subtitle) + 8
    height = head_h + heading_h + ROW_H * max(1, len(rows)) + MARGIN
    if champion:
        height += CHAMPION_H
    image = Image.new("RGB", (WIDTH, height), P.BACKGROUND)
    draw = ImageDraw.Draw(image)
    size = fit_size(title, WIDTH - 2 * MARGIN, TITLE_PX, "bold", minimum=PHONE_PX + 4)
    shown = clipped(title, WIDTH - 2 * MARGIN, size, "bold")
    draw_text(draw, (MARGIN, 24 + TITLE_PX), shown, size, "bold", P.TEXT, "ls")
    for index, line in enumerate(subtitle):
        y = 24 + TITLE_PX + 16 + 30 * index + PHONE_PX
        draw_text(draw, (MARGIN, y), line, PHONE_PX, fill=P.TEXT_DIM, anchor="ls")
    y = head_h
    if champion:
        text = tr(C_("standings image", "Champion: {name}", name=champion), lang)
        draw.rounded_rectangle(
            (MARGIN, y, WIDTH - MARGIN, y + CHAMPION_H - 10), radius=10, fill=P.PANEL_ACTIVE
        )
        room = WIDTH - 2 * MARGIN - 32
        size = fit_size(text, room, CHAMPION_PX, "bold", minimum=PHONE_PX)
        shown = clipped(text, room, size, "bold")
        draw_text(draw, (MARGIN + 16, y + (CHAMPION_H - 10) // 2), shown, size, "bold", GOLD, "lm")
        y += CHAMPION_H
    name_room = columns[0].right - columns[0].width - _table.GAP - NAME_X
    rank_heading = tr(COLUMNS[0][1], lang)
    name_heading = clipped(tr(COLUMNS[1][1], lang), name_room, PHONE_PX, "bold")
    baseline = y + heading_h - 8
    draw_text(draw, (RANK_RIGHT, baseline), rank_heading, PHONE_PX, "bold", P.TEXT_DIM, "rs")
    draw_text(draw, (NAME_X, baseline), name_heading, PHONE_PX, "bold", P.TEXT_DIM, "ls")
    _table.draw_headings(draw, y, columns)
    y += heading_h
    draw.line((MARGIN, y - 2, WIDTH - MARGIN, y - 2), fill=P.PANEL_LINE, width=2)
    if not rows:
        nobody = tr(C_("standings image", "Nobody yet."), lang)
        draw_text(draw, (NAME_X, y + ROW_H // 2), nobody, ROW_PX, fill=P.TEXT_DIM, anchor="lm")
    for index, row in enumerate(rows):
        if index % 2 == 0:
            draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + ROW_H - 1), fill=P.PANEL)
        middle = y + ROW_H // 2
        rank = int(row.get("rank", index + 1))
        medal = {1: GOLD, 2: SILVER, 3: BRONZE}.get(rank)
        left = bool(row.get("note"))
        colour = P.TEXT_DIM if left else P.TEXT
        rank_fill = medal if medal and not left else colour
        draw_text(draw, (RANK_RIGHT, middle), str(rank), ROW_PX, "bold", rank_fill, "rm")
        name = str(row.get("name", ""))
        note = tr(row.get("note") or "", lang)
        if note:
            name = tr(C_("standings image", "{name} ({note})", name=name, note=note), lang)
        shown, size = _table.name_text(name, name_room)
        draw_text(draw, (NAME_X, middle), shown, size, fill=colour, anchor="lm")
        for column in columns:
            text = _number(row.get(column.key, ""), lang)
            weight = "bold" if column.key == "points" else "regular"
            draw_text(draw, (column.right, middle), text, ROW_PX, weight, colour, "rm")
        y += ROW_H
    return png_bytes(image)

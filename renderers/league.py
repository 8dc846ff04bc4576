"""The league standings image: a pure function from plain data to PNG bytes.

``render_standings(data)`` takes ``title``, ``subtitle``, ``champion`` (a name or None) and
``rows``: dicts with ``rank``, ``name``, ``points``, ``played``, ``wins``, ``buchholz`` and
``note`` (e.g. "left"); numbers may be given as numbers or already formatted text. Same fonts
and colours as the boards.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from renderers import palette as P
from renderers._draw import fit_size, font, png_bytes, text_width

__all__ = ["render_standings"]

WIDTH = 760
MARGIN = 24
ROW_H = 34
HEAD_H = 104
CHAMPION_H = 48
COLUMNS = (  # (key, heading, right edge x; the name is left-aligned at NAME_X)
    ("rank", "#", 70),
    ("name", "Player", 0),
    ("played", "Played", 470),
    ("wins", "Wins", 550),
    ("buchholz", "Opp. pts", 650),
    ("points", "Points", WIDTH - MARGIN - 8),
)
NAME_X = 92
NAME_W = 300
GOLD = (255, 204, 0)
SILVER = (200, 204, 212)
BRONZE = (205, 127, 50)


def _number(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def render_standings(data: dict[str, Any], lang: str = "en") -> bytes:
    """PNG of the standings table."""
    rows: list[dict[str, Any]] = list(data.get("rows") or [])
    champion = data.get("champion")
    height = HEAD_H + ROW_H * (max(1, len(rows)) + 1) + MARGIN
    if champion:
        height += CHAMPION_H
    image = Image.new("RGB", (WIDTH, height), P.BACKGROUND)
    draw = ImageDraw.Draw(image)
    title = str(data.get("title", "League"))
    draw.text(
        (MARGIN, 18),
        title,
        font=font(fit_size(title, WIDTH - 2 * MARGIN, 30, "bold"), "bold"),
        fill=P.TEXT,
    )
    subtitle = str(data.get("subtitle", ""))
    draw.text(
        (MARGIN, 60),
        subtitle,
        font=font(fit_size(subtitle, WIDTH - 2 * MARGIN, 18), "regular"),
        fill=P.TEXT_DIM,
    )
    y = HEAD_H
    if champion:
        text = f"Champion: {champion}"
        draw.rounded_rectangle(
            (MARGIN, y, WIDTH - MARGIN, y + CHAMPION_H - 10), radius=8, fill=P.PANEL_ACTIVE
        )
        size = fit_size(text, WIDTH - 2 * MARGIN - 24, 24, "bold")
        draw.text((MARGIN + 12, y + 8), text, font=font(size, "bold"), fill=GOLD)
        y += CHAMPION_H
    heading = font(16, "bold")
    for key, label, right in COLUMNS:
        x = NAME_X if key == "name" else right - text_width(label, 16, "bold")
        draw.text((x, y + 8), label, font=heading, fill=P.TEXT_DIM)
    y += ROW_H
    draw.line((MARGIN, y - 2, WIDTH - MARGIN, y - 2), fill=P.PANEL_LINE, width=2)
    if not rows:
        draw.text((NAME_X, y + 6), "Nobody yet.", font=font(18), fill=P.TEXT_DIM)
    for index, row in enumerate(rows):
        if index % 2 == 0:
            draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + ROW_H - 1), fill=P.PANEL)
        rank = int(row.get("rank", index + 1))
        medal = {1: GOLD, 2: SILVER, 3: BRONZE}.get(rank)
        left = bool(row.get("note"))
        colour = P.TEXT_DIM if left else P.TEXT
        for key, _, right in COLUMNS:
            if key == "name":
                name = str(row.get("name", ""))
                note = str(row.get("note") or "")
                shown = f"{name} ({note})" if note else name
                size = fit_size(shown, NAME_W, 18)
                draw.text((NAME_X, y + 7), shown, font=font(size), fill=colour)
                continue
            text = _number(row.get(key, ""))
            weight = "bold" if key in ("points", "rank") else "regular"
            fill = medal if key == "rank" and medal and not left else colour
            draw.text(
                (right - text_width(text, 18, weight), y + 7),
                text,
                font=font(18, weight),
                fill=fill,
            )
        y += ROW_H
    return png_bytes(image)

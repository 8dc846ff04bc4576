"""Take-away's images: the pile as a row of counters, a seat's hand as its cards (Pillow)."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from renderers._draw import png_bytes

COUNTER = 24


def board_image(view: dict[str, Any], lang: str) -> Image.Image:
    """The pile: one dot per counter left, one bar per seat for the counters taken."""
    image = Image.new("RGB", (16 * COUNTER, 4 * COUNTER), (240, 232, 210))
    draw = ImageDraw.Draw(image)
    for i in range(int(view["pile"])):
        x = COUNTER // 2 + i * COUNTER
        draw.ellipse([x, 8, x + COUNTER - 6, 8 + COUNTER - 6], fill=(120, 70, 30))
    for player in view["players"]:
        y = 2 * COUNTER + int(player["seat"]) * (COUNTER - 4)
        width = int(player["taken"]) * COUNTER
        draw.rectangle([COUNTER // 2, y, COUNTER // 2 + width, y + 12], fill=(40, 90, 150))
    return image


def render_board(view: dict[str, Any], lang: str) -> bytes:
    return png_bytes(board_image(view, lang))


def render_private(view: dict[str, Any], lang: str) -> bytes:
    """The viewer's own cards as bars of their value (the board beside them)."""
    image = board_image(view, lang)
    draw = ImageDraw.Draw(image)
    for i, card in enumerate(view["hand"]):
        x = 9 * COUNTER + i * COUNTER
        draw.rectangle([x, 3 * COUNTER - 8 * int(card), x + COUNTER - 6, 3 * COUNTER], fill="red")
    return png_bytes(image)

"""Targi images: the 5x5 table with both players' camps, and a player's own hand card.

Both take the engine's ``view(state, seat)`` dict (see the Targi ``VIEW.md``) and nothing else.
Goods carry their notation letter (D, S, P, G) as well as a colour and shape, tribe symbols have
their own silhouettes, and the two players are told apart by name and by a filled (blue) or
hollow (white) piece, so nothing depends on colour vision alone.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import C_, N_, Text, named, tr
from renderers import palette as P
from renderers._draw import (
    ai_seats_of,
    draw_text,
    fit_size,
    font,
    robot_sprite,
    supersampled,
    text_width,
    wrap,
)
from renderers._text import seat_text
from renderers.indexed import png_bytes

# ---- geometry ---------------------------------------------------------------------------------
CARD_W = 168
CARD_H = 156
GAP = 8
MARGIN = 16
BAND = 30  # coloured title band at the top of a card
FOOT = 34  # bottom strip of a card kept free for pieces, VP and the cell name
GRID_X = MARGIN
GRID_Y = MARGIN
GRID_W = 5 * CARD_W + 4 * GAP
GRID_H = 5 * CARD_H + 4 * GAP
PANEL_X = GRID_X + GRID_W + 20
PANEL_W = 524
WIDTH = PANEL_X + PANEL_W + MARGIN
HEIGHT = GRID_Y + GRID_H + MARGIN
MINI_W = 116  # a displayed card in a player's camp
MINI_H = 50
MINI_GAP = 6
TOKEN = 26  # a goods token in the panel

PRIVATE_W = 900
PRIVATE_H = 440
PRIVATE_CARD = (280, 290)  # the hand card, drawn large

SEAT_NAMES = ("blue", "white")
SEAT_TITLES = (C_("Targi image", "Blue"), C_("Targi image", "White"))
GOODS_ORDER = ("D", "S", "P", "G", "VP")
GOOD_KEYS = {"D": "dates", "S": "salt", "P": "pepper", "G": "gold", "VP": "vp"}
SYMBOL_NAMES = {
    "targia": C_("Targi image", "Targia"),
    "camel_rider": C_("Targi image", "Camel Rider"),
    "tent": C_("Targi image", "Tent"),
    "well": C_("Targi image", "Well"),
    "oasis": C_("Targi image", "Oasis"),
}
#: The border card (by its English name in the view) that a pending decision comes from.
PENDING_SOURCES = {
    "noble": "Noble",
    "merchant": "Merchant",
    "fata_morgana": "Fata Morgana",
    "silversmith": "Silversmith",
}
PHASES = {
    "raid": C_("Targi image", "raid"),
    "place": C_("Targi image", "placing Targi"),
    "act": C_("Targi image", "actions"),
    "limits": C_("Targi image", "end of round"),
    "over": C_("Targi image", "game over"),
}
#: Context of the rule texts printed on the cards (``short`` in the card data, which the views
#: give as a border card's ``short`` and a tribe or goods card's ``effect``); this domain's
#: catalogue collects them (see :func:`card_texts`).
CARD_TEXT = "targi card text"
BUNDLE = re.compile(r"(\d+)\s*(VP|D|S|P|G)\b", re.IGNORECASE)
CELL = re.compile(r"\b([A-C][1-3])\b")
NUMBER = re.compile(r"\b(1[0-6]|[1-9])\b")


def seat_name(seat: int, lang: str) -> str:
    """The seat's colour name, as players call each other at the table."""
    if 0 <= seat < len(SEAT_TITLES):
        return tr(SEAT_TITLES[seat], lang)
    return tr(C_("Targi image", "Seat {seat}", seat=seat), lang)


def card_name(name: str, lang: str) -> str:
    """A card's name (as the card data has it) in ``lang``."""
    return tr(named("targi card", name), lang) if name else name


def card_text(text: str, lang: str) -> str:
    """A rule text printed on a card (as the card data has it) in ``lang``."""
    return tr(named(CARD_TEXT, text), lang) if text else text


def card_texts() -> Iterator[tuple[str, str | None]]:
    """Every rule text the cards print, for this domain's catalogue (message, context)."""
    import json

    from bot.games.datafiles import data_dir

    data = json.loads((data_dir() / "targi-cards.json").read_text(encoding="utf-8"))
    # the views give every card's short text (a tribe or goods card's as its "effect")
    printed = [entry.get("short") for kind in ("border", "tribe", "goods") for entry in data[kind]]
    for text in dict.fromkeys(printed):  # each once, in the data's order
        if text:
            yield text, CARD_TEXT


def name_font(name: str, room: float, size: int, smallest_bold: int) -> tuple[int, str]:
    """The size and weight a card or symbol name is drawn in to fit ``room``: bold, shrunk
    down to ``smallest_bold``; a name that would need smaller is drawn condensed instead (a
    long name, "Kabile Genişlemesi", reads better narrow than tiny)."""
    bold = fit_size(name, room, size, "bold", minimum=smallest_bold)
    if text_width(name, bold, "bold") <= room:
        return bold, "bold"
    return fit_size(name, room, size, "condensed"), "condensed"


def grid_xy(row: int, column: int) -> tuple[int, int]:
    """Top-left pixel of the card at ``[row, column]`` on the 5x5 layout."""
    return GRID_X + column * (CARD_W + GAP), GRID_Y + row * (CARD_H + GAP)


def parse_bundle(text: str | None) -> list[tuple[str, int]]:
    """``"1D 2P"`` -> ``[("D", 1), ("P", 2)]`` in notation order."""
    found: dict[str, int] = {}
    for count, letter in BUNDLE.findall(text or ""):
        key = letter.upper()
        found[key] = found.get(key, 0) + int(count)
    return [(k, found[k]) for k in GOODS_ORDER if k in found]


# ---- sprites ----------------------------------------------------------------------------------
def _good_shape(
    draw: ImageDraw.ImageDraw, letter: str, box: tuple[float, float, float, float], s: int
) -> None:
    x0, y0, x1, y1 = box
    w = x1 - x0
    fill = P.GOODS[GOOD_KEYS[letter]]
    edge = P.OUTLINE
    line = max(1, round(s * 1.2))
    if letter == "D":  # dates: a brown oval fruit
        draw.ellipse((x0 + w * 0.12, y0, x1 - w * 0.12, y1), fill=fill, outline=edge, width=line)
    elif letter == "S":  # salt: a white block
        draw.rounded_rectangle(box, radius=w * 0.12, fill=fill, outline=edge, width=line)
    elif letter == "P":  # pepper: a dark sack
        draw.polygon(
            [
                (x0 + w * 0.3, y0),
                (x1 - w * 0.3, y0),
                (x1 - w * 0.2, y0 + w * 0.25),
                (x1, y1),
                (x0, y1),
                (x0 + w * 0.2, y0 + w * 0.25),
            ],
            fill=fill,
            outline=edge,
            width=line,
        )
    elif letter == "G":  # gold: a coin
        draw.ellipse(box, fill=fill, outline=P.GOLD_EDGE, width=line)
        draw.ellipse(
            (x0 + w * 0.14, y0 + w * 0.14, x1 - w * 0.14, y1 - w * 0.14),
            outline=P.GOLD_RIM,
            width=line,
        )
    else:  # victory points: a silver cross
        c = (x0 + x1) / 2
        arm = w * 0.2
        cross = [
            (c - arm, y0),
            (c + arm, y0),
            (c + arm, c - arm + y0 - x0),
            (x1, c - arm + y0 - x0),
            (x1, c + arm + y0 - x0),
            (c + arm, c + arm + y0 - x0),
            (c + arm, y1),
            (c - arm, y1),
            (c - arm, c + arm + y0 - x0),
            (x0, c + arm + y0 - x0),
            (x0, c - arm + y0 - x0),
            (c - arm, c - arm + y0 - x0),
        ]
        draw.polygon(cross, fill=fill, outline=edge, width=line)


@lru_cache(maxsize=32)
def good_sprite(letter: str, size: int) -> Image.Image:
    """A goods token (or gold, or a VP cross) with its notation letter on it."""

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        side = size * s
        _good_shape(draw, letter, (s, s, side - s, side - s), s)
        dark = letter in ("D", "P")
        label = "" if letter == "VP" else letter
        if label:
            draw.text(
                (side / 2, side * 0.56),
                label,
                font=font(round(side * 0.5), "bold"),
                fill=P.WHITE if dark else P.TEXT_DARK,
                anchor="mm",
            )

    return supersampled((size, size), paint)


def _symbol_shape(
    draw: ImageDraw.ImageDraw,
    symbol: str,
    box: tuple[float, float, float, float],
    fill: P.RGB,
    back: tuple[int, ...] = (0, 0, 0, 0),
) -> None:
    """The silhouette of a tribe symbol: Targia, Camel Rider, Tent, Well, Oasis."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cx = x0 + w / 2
    if symbol == "targia":  # a veiled woman: head and robe
        draw.ellipse((cx - w * 0.16, y0, cx + w * 0.16, y0 + h * 0.32), fill=fill)
        draw.polygon([(cx, y0 + h * 0.3), (x1 - w * 0.14, y1), (x0 + w * 0.14, y1)], fill=fill)
    elif symbol == "camel_rider":  # a camel with two humps and a rider
        draw.ellipse((x0 + w * 0.1, y0 + h * 0.4, x0 + w * 0.5, y0 + h * 0.75), fill=fill)
        draw.ellipse((x0 + w * 0.38, y0 + h * 0.4, x0 + w * 0.78, y0 + h * 0.75), fill=fill)
        draw.ellipse((x0 + w * 0.33, y0 + h * 0.02, x0 + w * 0.51, y0 + h * 0.2), fill=fill)
        draw.rectangle((x0 + w * 0.37, y0 + h * 0.18, x0 + w * 0.47, y0 + h * 0.45), fill=fill)
        draw.line(
            [(x0 + w * 0.74, y0 + h * 0.55), (x1 - w * 0.06, y0 + h * 0.25)],
            fill=fill,
            width=round(w * 0.1),
        )
        draw.ellipse((x1 - w * 0.16, y0 + h * 0.14, x1, y0 + h * 0.3), fill=fill)
        for lx in (0.2, 0.36, 0.52, 0.66):
            draw.rectangle((x0 + w * lx, y0 + h * 0.7, x0 + w * (lx + 0.07), y1), fill=fill)
    elif symbol == "tent":  # a wide tent with a dark door
        draw.polygon([(x0, y1), (cx, y0 + h * 0.12), (x1, y1)], fill=fill)
        draw.polygon([(cx - w * 0.12, y1), (cx, y0 + h * 0.55), (cx + w * 0.12, y1)], fill=back)
    elif symbol == "well":  # a ring of stones under a crossbeam
        draw.line(
            [
                (x0 + w * 0.18, y0 + h * 0.55),
                (x0 + w * 0.18, y0 + h * 0.05),
                (x1 - w * 0.18, y0 + h * 0.05),
                (x1 - w * 0.18, y0 + h * 0.55),
            ],
            fill=fill,
            width=round(w * 0.09),
        )
        draw.line([(cx, y0 + h * 0.05), (cx, y0 + h * 0.42)], fill=fill, width=round(w * 0.05))
        draw.rectangle((cx - w * 0.09, y0 + h * 0.34, cx + w * 0.09, y0 + h * 0.5), fill=fill)
        draw.rounded_rectangle((x0, y0 + h * 0.56, x1, y1), radius=w * 0.08, fill=fill)
    else:  # oasis: a palm tree
        draw.polygon(
            [
                (cx - w * 0.06, y1),
                (cx - w * 0.01, y0 + h * 0.3),
                (cx + w * 0.07, y0 + h * 0.3),
                (cx + w * 0.08, y1),
            ],
            fill=fill,
        )
        for angle in (200, 235, 270, 305, 340):
            rad = math.radians(angle)
            tip = (cx + math.cos(rad) * w * 0.5, y0 + h * 0.3 + math.sin(rad) * h * 0.3 + h * 0.14)
            draw.line([(cx, y0 + h * 0.3), tip], fill=fill, width=round(w * 0.11))


@lru_cache(maxsize=32)
def symbol_sprite(symbol: str, size: int, on_colour: bool = True) -> Image.Image:
    """A tribe symbol in white on a disc of the symbol's colour (or plain, in its colour)."""

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        side = size * s
        colour = P.SYMBOLS.get(symbol, P.CARD_EDGE)
        if on_colour:
            draw.ellipse((0, 0, side - 1, side - 1), fill=colour, outline=P.WHITE, width=s)
            m = side * 0.2
            _symbol_shape(draw, symbol, (m, m, side - m, side - m), P.WHITE, colour)
        else:
            _symbol_shape(draw, symbol, (0, 0, side - 1, side - 1), colour)

    return supersampled((size, size), paint)


@lru_cache(maxsize=8)
def targi_sprite(seat: int, size: int) -> Image.Image:
    """A Targi figure in the player's colour: blue is filled, white is light with a dark edge."""

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        side = size * s
        name = SEAT_NAMES[seat % 2]
        fill = P.TARGI_PLAYERS[name]
        edge = P.TARGI_PLAYER_EDGE[name]
        line = round(side * 0.06)
        draw.polygon(
            [(side * 0.5, side * 0.22), (side * 0.9, side * 0.97), (side * 0.1, side * 0.97)],
            fill=fill,
            outline=edge,
            width=line,
        )
        draw.ellipse(
            (side * 0.3, side * 0.02, side * 0.7, side * 0.42), fill=fill, outline=edge, width=line
        )
        draw.line(
            [(side * 0.3, side * 0.22), (side * 0.7, side * 0.22)],
            fill=edge,
            width=round(side * 0.08),
        )  # the veil

    return supersampled((size, size), paint)


@lru_cache(maxsize=8)
def marker_sprite(seat: int, size: int) -> Image.Image:
    """A tribe marker (a cylinder seen from the side) in the player's colour."""

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        side = size * s
        name = SEAT_NAMES[seat % 2]
        fill = P.TARGI_PLAYERS[name]
        edge = P.TARGI_PLAYER_EDGE[name]
        line = round(side * 0.07)
        draw.rectangle((side * 0.08, side * 0.3, side * 0.92, side * 0.78), fill=fill)
        draw.ellipse(
            (side * 0.08, side * 0.56, side * 0.92, side * 0.98),
            fill=fill,
            outline=edge,
            width=line,
        )
        draw.rectangle((side * 0.08 + line, side * 0.3, side * 0.92 - line, side * 0.78), fill=fill)
        draw.line([(side * 0.08, side * 0.22), (side * 0.08, side * 0.78)], fill=edge, width=line)
        draw.line([(side * 0.92, side * 0.22), (side * 0.92, side * 0.78)], fill=edge, width=line)
        draw.ellipse(
            (side * 0.08, side * 0.02, side * 0.92, side * 0.44),
            fill=fill,
            outline=edge,
            width=line,
        )

    return supersampled((size, size), paint)


@lru_cache(maxsize=4)
def robber_sprite(size: int) -> Image.Image:
    """The robber: a grey hooded figure with a dark mask band."""

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        side = size * s
        line = round(side * 0.05)
        draw.polygon(
            [(side * 0.5, side * 0.15), (side * 0.94, side * 0.97), (side * 0.06, side * 0.97)],
            fill=P.ROBBER,
            outline=P.OUTLINE,
            width=line,
        )
        draw.ellipse(
            (side * 0.26, side * 0.02, side * 0.74, side * 0.5),
            fill=P.ROBBER,
            outline=P.OUTLINE,
            width=line,
        )
        draw.rectangle((side * 0.3, side * 0.2, side * 0.7, side * 0.32), fill=P.OUTLINE)

    return supersampled((size, size), paint)


@lru_cache(maxsize=4)
def start_token_sprite(size: int) -> Image.Image:
    """The start-player amulet."""

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        side = size * s
        draw.polygon(
            [(side * 0.5, 0), (side, side * 0.5), (side * 0.5, side), (0, side * 0.5)],
            fill=P.TREASURE,
            outline=P.OUTLINE,
            width=round(1.5 * s),
        )
        draw.ellipse((side * 0.36, side * 0.36, side * 0.64, side * 0.64), fill=P.OUTLINE)

    return supersampled((size, size), paint)


# ---- cards ------------------------------------------------------------------------------------
def _draw_bundle(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    bundle: list[tuple[str, int]],
    x: float,
    y: float,
    size: int,
    max_width: float,
) -> float:
    """Tokens for a bundle ("2x D"), left to right from ``(x, y)``; returns the x after them."""
    for letter, count in bundle:
        sprite = good_sprite(letter, size)
        repeat = count if count <= 3 and (count * size) < max_width / 2 else 1
        for _ in range(repeat):
            image.paste(sprite, (round(x), round(y)), sprite)
            x += size * 0.8
        x += size * 0.2
        if repeat == 1 and count > 1:
            draw.text(
                (x, y + size / 2),
                f"×{count}",
                font=font(round(size * 0.7), "bold"),
                fill=P.TEXT_DARK,
                anchor="lm",
            )
            x += size * 1.2
        x += 2
    return x


def _card_key(card: dict[str, Any]) -> tuple[str, ...]:
    fields = ("id", "type", "name", "symbol", "cost", "cost_alternative", "vp", "gives", "effect")
    return tuple(str(card.get(f)) for f in fields)


@lru_cache(maxsize=256)
def _card_sprite(key: tuple[str, ...], width: int, height: int, lang: str) -> Image.Image:
    card = dict(
        zip(
            ("id", "type", "name", "symbol", "cost", "cost_alternative", "vp", "gives", "effect"),
            key,
            strict=True,
        )
    )
    scale = width / CARD_W
    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    band = round(BAND * scale)
    if card["type"] == "tribe":
        colour = P.SYMBOLS.get(card["symbol"], P.CARD_EDGE)
        draw.rounded_rectangle(
            (0, 0, width - 1, height - 1),
            radius=round(8 * scale),
            fill=P.CARD,
            outline=colour,
            width=round(3 * scale),
        )
        draw.rounded_rectangle((0, 0, width - 1, band), radius=round(8 * scale), fill=colour)
        draw.rectangle((0, band - round(8 * scale), width - 1, band), fill=colour)
        icon = symbol_sprite(card["symbol"], band - 4, False)
        white = Image.new("RGBA", icon.size, P.WHITE)
        image.paste(white, (round(5 * scale), 2), icon)
        title = tr(SYMBOL_NAMES.get(card["symbol"], C_("Targi image", "Tribe")), lang)
        room = width - band - round(50 * scale)
        size, weight = name_font(title, room, round(16 * scale), round(12 * scale))
        draw_text(draw, (band + round(6 * scale), band / 2), title, size, weight, P.WHITE, "lm")
        vp = card["vp"] if card["vp"] not in ("None", "") else "0"
        badge = round(28 * scale)
        cross = good_sprite("VP", badge)
        bx, by = width - badge - round(30 * scale), height - badge - round(6 * scale)
        image.paste(cross, (bx, by), cross)
        draw.text(
            (width - round(8 * scale), by + badge / 2),
            vp,
            font=font(round(24 * scale), "bold"),
            fill=P.TEXT_DARK,
            anchor="rm",
        )
        token = round(22 * scale)
        x = _draw_bundle(
            image,
            draw,
            parse_bundle(card["cost"]),
            round(6 * scale),
            band + round(5 * scale),
            token,
            width,
        )
        alternative = parse_bundle(card["cost_alternative"]) if card["cost_alternative"] else []
        if alternative:
            word = tr(C_("Targi image", "or"), lang)
            draw_text(
                draw,
                (x, band + round(5 * scale) + token / 2),
                word,
                round(14 * scale),
                "bold",
                P.TEXT_DARK,
                "lm",
            )
            # "or" is 17 px wide in English; a longer word pushes the alternative right
            gap = max(round(20 * scale), round(text_width(word, round(14 * scale), "bold") + 3))
            _draw_bundle(
                image,
                draw,
                alternative,
                x + gap,
                band + round(5 * scale),
                token,
                width,
            )
        if card["effect"] not in ("None", ""):
            text = card_text(card["effect"], lang)
        else:
            text = tr(C_("Targi image", "Victory points only"), lang)
        _card_text(draw, text, band + round(32 * scale), width, height - round(FOOT * scale), scale)
    else:
        draw.rounded_rectangle(
            (0, 0, width - 1, height - 1),
            radius=round(8 * scale),
            fill=P.BORDER_GOODS,
            outline=P.CARD_EDGE,
            width=round(2 * scale),
        )
        label = tr(C_("Targi image", "Goods card"), lang)
        size = fit_size(label, width - 12, round(14 * scale), "bold")
        draw_text(draw, (width / 2, round(14 * scale)), label, size, "bold", P.TEXT_DARK, "mm")
        gives = parse_bundle(card["gives"])
        token = round(34 * scale)
        top = round(28 * scale)
        if gives:
            total = sum(min(c, 3) * token * 0.8 + token * 0.2 + 2 for _, c in gives)
            _draw_bundle(image, draw, gives, (width - total) / 2, top, token, width)
        elif "choice" in card["name"]:  # one good of your choice: dates, salt or pepper
            x = (width - 3 * token - 2 * round(22 * scale)) / 2
            for i, letter in enumerate(("D", "S", "P")):
                _draw_bundle(image, draw, [(letter, 1)], x, top, token, width)
                x += token
                if i < 2:
                    draw.text(
                        (x + round(11 * scale), top + token / 2),
                        "/",
                        font=font(round(20 * scale), "bold"),
                        fill=P.TEXT_DARK,
                        anchor="mm",
                    )
                    x += round(22 * scale)
        _card_text(
            draw,
            card_text(card["effect"], lang)
            if card["effect"] != "None"
            else card_name(card["name"], lang),
            top + token + round(8 * scale),
            width,
            height - round(FOOT * scale),
            scale,
        )
    return image


def _card_text(
    draw: ImageDraw.ImageDraw, text: str, top: float, width: int, height: int, scale: float
) -> None:
    """Short rule text in the condensed font, as many lines as fit."""
    size = round(15 * scale)
    line_height = size + round(2 * scale)
    room = int((height - top) // line_height)
    lines = wrap(text, width - 12 * scale, size, "condensed")
    if len(lines) > room:
        lines = lines[:room]
        lines[-1] = lines[-1].rstrip(".,") + "…"
    for i, line in enumerate(lines):
        draw_text(
            draw, (round(6 * scale), top + i * line_height), line, size, "condensed", P.TEXT_DARK
        )


def card_sprite(
    card: dict[str, Any], width: int = CARD_W, height: int = CARD_H, *, lang: str
) -> Image.Image:
    """A face-up tribe or goods card (drawn once per card, size and language, then reused)."""
    return _card_sprite(_card_key(card), width, height, lang)


@lru_cache(maxsize=8)
def card_back_sprite(width: int, height: int, lang: str) -> Image.Image:
    """A face-down card: the deck's back."""
    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (0, 0, width - 1, height - 1), radius=8, fill=P.CARD_BACK, outline=P.CARD_EDGE, width=2
    )
    for i in range(-height, width, 18):
        draw.line([(i, height - 6), (i + height, 6)], fill=P.CARD_BACK_MARK, width=2)
    draw.rounded_rectangle(
        (10, 10, width - 11, height - 11), radius=6, outline=P.CARD_BACK_MARK, width=3
    )
    label = tr(C_("Targi image", "face down"), lang)
    draw_text(
        draw,
        (width / 2, height / 2),
        label,
        fit_size(label, width - 30, 16, "bold"),
        "bold",
        P.CARD,
        "mm",
        stroke_width=3,
        stroke_fill=P.CARD_BACK,
    )
    return image


def _border_card(image: Image.Image, entry: dict[str, Any], lang: str) -> None:
    x, y = grid_xy(*entry["grid"])
    draw = ImageDraw.Draw(image)
    kind = str(entry.get("kind"))
    body = {"action": P.BORDER_ACTION, "goods": P.BORDER_GOODS}.get(kind, P.RAID_BODY)
    band = {"action": P.CARD_EDGE, "goods": P.GOODS_BAND}.get(kind, P.RAID)
    draw.rounded_rectangle(
        (x, y, x + CARD_W - 1, y + CARD_H - 1), radius=8, fill=body, outline=band, width=2
    )
    draw.rounded_rectangle((x, y, x + CARD_W - 1, y + BAND), radius=8, fill=band)
    draw.rectangle((x, y + BAND - 8, x + CARD_W - 1, y + BAND), fill=band)
    draw.ellipse((x + 3, y + 3, x + BAND - 3, y + BAND - 3), fill=P.CARD)
    draw.text(
        (x + BAND / 2, y + BAND / 2),
        str(entry["number"]),
        font=font(15, "bold"),
        fill=P.TEXT_DARK,
        anchor="mm",
    )
    name = card_name(str(entry.get("name", "")), lang)
    size = 17 if text_width(name, 17, "bold") < CARD_W - BAND - 8 else 14
    size, weight = name_font(name, CARD_W - BAND - 5, size, smallest_bold=14)  # 3 px clear
    draw_text(draw, (x + BAND + 3, y + BAND / 2), name, size, weight, P.WHITE, "lm")
    source = str(entry.get("short", ""))
    short = card_text(source, lang).replace("->", "→")
    if kind == "goods":  # the band names the good; the token shows it with its letter
        letter = next((k for k, v in GOOD_KEYS.items() if v in source), "")
        if letter:
            token = 50
            sprite = good_sprite(letter, token)
            image.paste(sprite, (x + (CARD_W - token) // 2, y + BAND + 10), sprite)
        return
    size = 16 if kind == "raid" else 15
    lines = wrap(short, CARD_W - 14, size, "condensed")[:4]
    for i, line in enumerate(lines):
        draw_text(
            draw, (x + 7, y + BAND + 5 + i * (size + 3)), line, size, "condensed", P.TEXT_DARK
        )


@lru_cache(maxsize=6)
def _base_table(border: tuple[tuple[tuple[str, Any], ...], ...], lang: str) -> Image.Image:
    """Background and the 16 border cards (they never move): drawn once, copied per render."""
    image = Image.new("RGB", (WIDTH, HEIGHT), P.BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (GRID_X - 8, GRID_Y - 8, GRID_X + GRID_W + 7, GRID_Y + GRID_H + 7), radius=14, fill=P.SAND
    )
    inner_x, inner_y = grid_xy(1, 1)
    draw.rounded_rectangle(
        (
            inner_x - 5,
            inner_y - 5,
            inner_x + 3 * CARD_W + 2 * GAP + 4,
            inner_y + 3 * CARD_H + 2 * GAP + 4,
        ),
        radius=10,
        fill=P.SAND_DARK,
    )
    for entry in border:
        _border_card(image, dict(entry), lang)
    return image


def base_table(view: dict[str, Any], lang: str) -> Image.Image:
    """The cached static layer for the view's border cards."""
    border = tuple(
        tuple(
            (k, tuple(v) if isinstance(v, list) else v)
            for k, v in sorted(entry.items())
            if k in ("number", "name", "kind", "short", "grid")
        )
        for entry in view.get("border", [])
    )
    return _base_table(border, lang)


# ---- the public table -------------------------------------------------------------------------
def _paste(image: Image.Image, sprite: Image.Image, x: float, y: float) -> None:
    image.paste(sprite, (round(x), round(y)), sprite)


def _frame(
    draw: ImageDraw.ImageDraw,
    x: int,
    y: int,
    colour: P.RGB,
    brackets: bool,
    width: int = CARD_W,
    height: int = CARD_H,
) -> None:
    """A solid frame (last action) or corner brackets (the pending decision) around a card."""
    if not brackets:
        draw.rounded_rectangle(
            (x - 5, y - 5, x + width + 4, y + height + 4), radius=10, outline=colour, width=5
        )
        return
    arm = 34
    for sx, sy in ((0, 0), (1, 0), (0, 1), (1, 1)):
        cx = x - 5 + sx * (width + 9)
        cy = y - 5 + sy * (height + 9)
        dx = -arm if sx else arm
        dy = -arm if sy else arm
        draw.line((cx, cy, cx + dx, cy), fill=colour, width=6)
        draw.line((cx, cy, cx, cy + dy), fill=colour, width=6)


def _places(view: dict[str, Any]) -> tuple[dict[str, tuple[int, int]], dict[int, tuple[int, int]]]:
    cells = {str(c["cell"]): grid_xy(*c["grid"]) for c in view.get("centre", [])}
    numbers = {int(b["number"]): grid_xy(*b["grid"]) for b in view.get("border", [])}
    return cells, numbers


def _action_places(text: str) -> tuple[list[str], list[int]]:
    """Cells and border numbers an action names ("use B2", "place 5", "move B2 C3")."""
    words = text.split()
    verb = words[0].lower() if words else ""
    cells = CELL.findall(text.upper()) if verb in ("use", "move") else []
    numbers = [int(n) for n in NUMBER.findall(text)] if verb in ("place", "use") else []
    return cells, numbers


def _draw_table(
    image: Image.Image,
    view: dict[str, Any],
    lang: str,
    wanted: Callable[[int, int], bool] | None = None,
) -> None:
    """The cards and pieces on the table, the last action's frames and the pending decision's
    brackets. ``wanted(x, y)``: whether the card at ``x, y`` is drawn (a board redrawn in part
    draws only the cards it takes; the frames, in the gaps, are always drawn)."""
    draw = ImageDraw.Draw(image)
    cells, numbers = _places(view)
    for raid in view.get("raid_track", []):
        if raid.get("done") and int(raid["card"]) in numbers:
            x, y = numbers[int(raid["card"])]
            if wanted is not None and not wanted(x, y):
                continue
            # the badge stays clear of the robber standing at the card's right
            draw.rounded_rectangle(
                (x + 8, y + CARD_H - 44, x + 108, y + CARD_H - 12), radius=6, fill=P.RAID
            )
            raided = tr(C_("Targi image", "✓ raided"), lang)
            size = fit_size(raided, 94, 17, "bold")
            draw_text(draw, (x + 58, y + CARD_H - 28), raided, size, "bold", P.WHITE, "mm")
    for entry in view.get("centre", []):
        x, y = grid_xy(*entry["grid"])
        if wanted is not None and not wanted(x, y):
            continue
        card = entry.get("card")
        if card == "face_down":
            _paste(image, card_back_sprite(CARD_W, CARD_H, lang), x, y)
        elif isinstance(card, dict):
            _paste(image, card_sprite(card, lang=lang), x, y)
        else:
            draw.rounded_rectangle(
                (x + 4, y + 4, x + CARD_W - 5, y + CARD_H - 5),
                radius=8,
                outline=P.CARD_EDGE,
                width=2,
            )
            empty = tr(C_("Targi image", "empty"), lang)
            draw_text(
                draw, (x + CARD_W / 2, y + CARD_H / 2), empty, 16, fill=P.CARD_EDGE, anchor="mm"
            )
        draw.rounded_rectangle(
            (x + CARD_W - 36, y + 5, x + CARD_W - 5, y + 25),
            radius=6,
            fill=P.CARD,
            outline=P.CARD_EDGE,
        )
        draw.text(
            (x + CARD_W - 20, y + 15),
            entry["cell"],
            font=font(14, "bold"),
            fill=P.TEXT_DARK,
            anchor="mm",
        )
        if entry.get("marker") is not None:
            _paste(image, marker_sprite(int(entry["marker"]), 44), x + 6, y + CARD_H - 48)
    for entry in view.get("border", []):
        x, y = grid_xy(*entry["grid"])
        if wanted is not None and not wanted(x, y):
            continue
        if entry.get("robber"):
            _paste(image, robber_sprite(52), x + CARD_W - 58, y + CARD_H - 56)
        if entry.get("targi") is not None:
            _paste(image, targi_sprite(int(entry["targi"]), 54), x + 6, y + CARD_H - 58)
    last = view.get("last_action") or {}
    last_cells, last_numbers = _action_places(str(last.get("action", "")))
    for cell in last_cells:
        if cell in cells:
            _frame(draw, *cells[cell], P.ACCENT, brackets=False)
    for number in last_numbers:
        if number in numbers:
            _frame(draw, *numbers[number], P.ACCENT, brackets=False)
    pending = view.get("pending") or {}
    if pending.get("cell") in cells:
        _frame(draw, *cells[str(pending["cell"])], P.PENDING, brackets=True)
    # the border card a pending decision comes from
    source = PENDING_SOURCES.get(str(pending.get("kind")))
    if pending.get("source") == "expansion":
        source = "Tribal Expansion"
    for entry in view.get("border", []):
        if source and entry.get("name") == source:
            _frame(draw, *grid_xy(*entry["grid"]), P.PENDING, brackets=True)


def _seat_text(text: str, lang: str) -> str:
    """Event text with ``@N`` replaced by the seat's colour."""
    return seat_text(text, lambda seat: seat_name(seat, lang), lang)


def _pending_lines(view: dict[str, Any], lang: str) -> list[str]:
    """What the table waits for, in a line or two."""
    pending = view.get("pending")
    if view.get("game_over"):
        return []
    if not pending:
        return []
    who = seat_name(int(pending.get("seat", 0)), lang)
    kind = pending.get("kind")
    lines: list[Text]
    if kind == "raid":
        lines = [
            C_(
                "Targi image",
                "{player} pays raid {raid}: {demand}",
                player=who,
                raid=pending.get("raid"),
                demand=card_text(str(pending.get("demand", "")), lang),
            )
        ]
    elif kind == "place":
        left = int(pending.get("left", 1))
        lines = [
            N_(
                "{player} places a Targi ({n} left)",
                "{player} places a Targi ({n} left)",
                left,
                player=who,
            )
        ]
    elif kind == "act":
        pieces = ", ".join(str(p) for p in pending.get("pieces", []))
        if pieces:
            lines = [
                C_("Targi image", "{player} resolves cards: {cards}", player=who, cards=pieces)
            ]
        else:
            lines = [C_("Targi image", "{player} acts", player=who)]
    elif kind == "tribe":
        card = pending.get("card")
        name = (
            card_name(str(card.get("name")), lang)
            if isinstance(card, dict)
            else tr(C_("Targi image", "a tribe card"), lang)
        )
        where = pending.get("cell") or card_name("Tribal Expansion", lang)
        lines = [
            C_("Targi image", "{player}: display, hand or discard", player=who),
            C_("Targi image", "{card} ({where})", card=name, where=where),
        ]
    elif kind == "noble":
        lines = [
            C_("Targi image", "{player} at the Noble: display or discard the hand card", player=who)
        ]
    elif kind == "merchant":
        lines = [C_("Targi image", "{player} trades at the Merchant", player=who)]
    elif kind == "silversmith":
        lines = [C_("Targi image", "{player} exchanges at the Silversmith", player=who)]
    elif kind == "fata_morgana":
        lines = [C_("Targi image", "{player} moves a tribe marker (Fata Morgana)", player=who)]
    elif kind == "take":
        count, why = pending.get("count", 1), _why(str(pending.get("why") or ""), lang)
        if why:
            lines = [
                C_("Targi image", "{player} takes {count}: {why}", player=who, count=count, why=why)
            ]
        else:
            lines = [C_("Targi image", "{player} takes {count}", player=who, count=count)]
    elif kind == "rearrange":
        lines = [C_("Targi image", "{player} may move two displayed cards", player=who)]
    elif kind == "limits":
        excess = pending.get("excess")
        lines = [C_("Targi image", "{player} drops {n} goods (limit 10)", player=who, n=excess)]
    else:
        lines = [C_("Targi image", "{player} to act", player=who)]
    return [tr(line, lang) for line in lines]


def _why(why: str, lang: str) -> str:
    """Why a seat takes goods (the view gives a reason in English or a card's name)."""
    reasons = {
        "goods card: 1 good of your choice": C_("Targi image", "goods card: 1 good of your choice"),
        "Oasis consolation good": C_("Targi image", "Oasis consolation good"),
    }
    return tr(reasons[why], lang) if why in reasons else card_name(why, lang)


#: Camp cards drawn once per process, by (card, language, the player box's fill): a panel shows
#: 24 of them and redraws them with every board (pasted, they are the pixels drawn afresh:
#: each lies within its own box on the box's plain fill, at whole-pixel positions).
_MINI_TILES: dict[tuple[str, str, P.RGB], Image.Image] = {}
_MINI_TILES_KEPT = 512
#: False: camp cards drawn in place (what the tests compare the tiles with)
CAMP_TILES = True


def _mini_tile(card: dict[str, Any] | None, lang: str, fill: P.RGB) -> Image.Image:
    """:func:`_mini_card` drawn on its own, on ``fill``."""
    key = (repr(card), lang, fill)
    tile = _MINI_TILES.get(key)
    if tile is None:
        if len(_MINI_TILES) >= _MINI_TILES_KEPT:
            _MINI_TILES.clear()
        tile = Image.new("RGB", (MINI_W, MINI_H), fill)
        _mini_card(tile, ImageDraw.Draw(tile), card, 0, 0, lang)
        _MINI_TILES[key] = tile
    return tile


def _mini_card(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    card: dict[str, Any] | None,
    x: int,
    y: int,
    lang: str,
) -> None:
    """A card in a camp: symbol, its name and VP; an empty slot is a faint outline."""
    if card is None:
        draw.rounded_rectangle(
            (x, y, x + MINI_W - 1, y + MINI_H - 1), radius=6, outline=P.PANEL_LINE, width=2
        )
        return
    symbol = str(card.get("symbol"))
    draw.rounded_rectangle(
        (x, y, x + MINI_W - 1, y + MINI_H - 1),
        radius=6,
        fill=P.SYMBOLS.get(symbol, P.CARD_EDGE),
        outline=P.OUTLINE,
    )
    icon = symbol_sprite(symbol, MINI_H - 14, False)
    white = Image.new("RGBA", icon.size, P.WHITE)
    image.paste(white, (x + 5, y + 7), icon)
    symbol_name = SYMBOL_NAMES.get(symbol)
    name = tr(symbol_name, lang) if symbol_name is not None else "?"
    size, weight = name_font(name, MINI_W - MINI_H + 4, 15, smallest_bold=10)  # 2 px clear
    draw_text(draw, (x + MINI_H - 6, y + 14), name, size, weight, P.WHITE, "lm")
    vp = tr(C_("Targi image", "{n} VP", n=card.get("vp") or 0), lang)
    size = fit_size(vp, MINI_W - MINI_H + 4, 16, "bold")
    draw_text(draw, (x + MINI_W - 8, y + MINI_H - 6), vp, size, "bold", P.WHITE, "rd")


def _draw_player(
    image: Image.Image,
    view: dict[str, Any],
    player: dict[str, Any],
    x: int,
    y: int,
    height: int,
    lang: str,
) -> None:
    draw = ImageDraw.Draw(image)
    seat = int(player["seat"])
    acting = seat in view.get("to_act", [])
    right = x + PANEL_W
    draw.rounded_rectangle(
        (x, y, right, y + height),
        radius=10,
        fill=P.PANEL_ACTIVE if acting else P.PANEL,
        outline=P.ACCENT if acting else P.PANEL_LINE,
        width=3 if acting else 1,
    )
    _paste(image, targi_sprite(seat, 40), x + 10, y + 8)
    title = seat_name(seat, lang)
    if view.get("viewer") == seat:
        title = tr(C_("Targi image", "{name} (you)", name=title), lang)
    draw_text(draw, (x + 58, y + 10), title, 26, "bold", P.TEXT)
    tx = x + 62 + text_width(title, 26, "bold")
    if player.get("start_player"):
        _paste(image, start_token_sprite(26), tx + 4, y + 14)
        tx += 34
    if seat in ai_seats_of(view):  # played by an AI
        _paste(image, robot_sprite(30), round(tx) + 6, y + 10)
        tx += 34
    if acting:
        to_act = tr(C_("Targi image", "▶ to act"), lang)
        draw_text(draw, (right - 12, y + 12), to_act, 21, "bold", P.ACCENT, "ra")
    score = player.get("score") or {}
    if "vp" in score:
        if view.get("game_over"):
            points = C_("Targi image", "{n} VP", n=score["vp"])
        else:
            points = C_("Targi image", "{n} VP now", n=score["vp"])
        draw_text(draw, (right - 12, y + 40), tr(points, lang), 19, "bold", P.TEXT, "ra")
    # goods, gold and VP tokens
    gx = x + 12
    gy = y + 54
    for letter, key in (
        ("D", "dates"),
        ("S", "salt"),
        ("P", "pepper"),
        ("G", "gold"),
        ("VP", "vp_tokens"),
    ):
        _paste(image, good_sprite(letter, TOKEN), gx, gy)
        draw.text(
            (gx + TOKEN + 4, gy + TOKEN / 2),
            str(player.get(key, 0)),
            font=font(21, "bold"),
            fill=P.TEXT,
            anchor="lm",
        )
        gx += TOKEN + 40
    allowed = int(player.get("targi_allowed", 3))
    if allowed != 3:
        only = tr(C_("Targi image", "only {n} Targi", n=allowed), lang)
        size = fit_size(only, right - 8 - gx, 16, "bold")
        draw_text(draw, (gx, gy + TOKEN / 2), only, size, "bold", P.PENDING, "lm")
    # hand card
    hy = gy + TOKEN + 10
    if "hand" in player:
        hand = player["hand"]
        if isinstance(hand, dict):
            name = card_name(str(hand.get("name")), lang)
            if not player.get("hand_playable", True) and not view.get("game_over"):
                held = C_("Targi image", "Hand: {card} (from next round)", card=name)
            else:
                held = C_("Targi image", "Hand: {card}", card=name)
        else:
            held = C_("Targi image", "Hand: empty")
    elif player.get("hand_held"):
        held = C_("Targi image", "Hand: a secret card")
    else:
        held = C_("Targi image", "Hand: empty")
    lines = wrap(tr(held, lang), PANEL_W - 24, 17)
    shown = lines[0] + ("…" if len(lines) > 1 else "")
    draw_text(draw, (x + 12, hy), shown, 17, fill=P.TEXT_DIM)
    # the camp: 3 rows of 4
    cy = hy + 28
    display = player.get("display", [[], [], []])
    for row in range(3):
        cards = display[row] if row < len(display) else []
        for slot in range(4):
            card = cards[slot] if slot < len(cards) else None
            at = (x + 12 + slot * (MINI_W + MINI_GAP), cy + row * (MINI_H + MINI_GAP))
            if CAMP_TILES:
                image.paste(_mini_tile(card, lang, P.PANEL_ACTIVE if acting else P.PANEL), at)
            else:
                _mini_card(image, draw, card, *at, lang)


def _draw_panel(image: Image.Image, view: dict[str, Any], lang: str) -> None:
    draw = ImageDraw.Draw(image)
    x = PANEL_X
    y = GRID_Y - 6
    phase = PHASES.get(str(view.get("phase")), str(view.get("phase", "")))
    if view.get("game_over"):
        heading = tr(C_("Targi image", "Game over"), lang)
    else:
        heading = tr(
            C_("Targi image", "Round {n}: {phase}", n=view.get("round", 1), phase=phase), lang
        )
    draw_text(draw, (x, y), heading, fit_size(heading, PANEL_W, 30, "bold"), "bold", P.TEXT)
    y += 38
    for line in _pending_lines(view, lang):
        for part in wrap(line, PANEL_W, 19)[:2]:
            draw_text(draw, (x, y), part, 19, fill=P.ACCENT)
            y += 23
    final = view.get("final") or {}
    if final.get("ranking"):
        scores = final.get("scores") or []
        parts = []
        for group in final["ranking"]:
            parts.append(
                " = ".join(
                    f"{seat_name(s, lang)} {scores[s].get('vp', '?') if s < len(scores) else '?'}"
                    for s in group
                )
            )
        final_line = tr(C_("Targi image", "Final: {ranking}", ranking=" > ".join(parts)), lang)
        size = fit_size(final_line, PANEL_W, 19, "bold")
        draw_text(draw, (x, y), final_line, size, "bold", P.ACCENT)
        y += 23
    decks = view.get("decks") or {}
    raids = " ".join(
        ("✓" if r.get("done") else str(r.get("raid"))) for r in view.get("raid_track", [])
    )
    status = tr(
        C_(
            "Targi image",
            "Decks: {tribe} tribe, {goods} goods   Raids: {raids}",
            tribe=decks.get("tribe", 0),
            goods=decks.get("goods", 0),
            raids=raids,
        ),
        lang,
    )
    draw_text(draw, (x, y + 2), status, fit_size(status, PANEL_W, 17), fill=P.TEXT_DIM)
    y += 28
    players = view.get("players", [])
    block = 292
    for player in players:
        _draw_player(image, view, player, x, y, block - 10, lang)
        y += block
    last = view.get("last_action")
    if last:
        who = seat_name(int(last["seat"]), lang)
        text = tr(
            C_("Targi image", "Last: {player}: {action}", player=who, action=last["action"]), lang
        )
        draw_text(draw, (x, y), wrap(text, PANEL_W, 18)[0], 18, fill=P.TEXT)
        y += 24
    for event in view.get("events", [])[:3]:
        for line in wrap("• " + _seat_text(str(event.get("text", "")), lang), PANEL_W, 16)[:2]:
            if y > HEIGHT - 24:
                return
            draw_text(draw, (x, y), line, 16, fill=P.TEXT_DIM)
            y += 21


def board_image(view: dict[str, Any], lang: str) -> Image.Image:
    """The public table: the 5x5 cards with pieces, both camps, the status."""
    image = base_table(view, lang).copy()
    _draw_table(image, view, lang)
    _draw_panel(image, view, lang)
    return image


def render_board(view: dict[str, Any], lang: str) -> bytes:
    """PNG of the public table."""
    return png_bytes(board_image(view, lang))


# ---- the private image ------------------------------------------------------------------------
def private_image(view: dict[str, Any], lang: str) -> Image.Image:
    """The seat's hand card, the card it must decide about (if only it sees it), its supplies."""
    seat = view.get("viewer")
    me = next((p for p in view.get("players", []) if p.get("seat") == seat), None)
    if me is None or seat is None:
        raise ValueError("a private image needs the seat's own view (viewer is missing)")
    image = Image.new("RGB", (PRIVATE_W, PRIVATE_H), P.BACKGROUND)
    draw = ImageDraw.Draw(image)
    _paste(image, targi_sprite(int(seat), 44), 20, 14)
    heading = tr(C_("Targi image", "{player}: your hand", player=seat_name(int(seat), lang)), lang)
    draw_text(
        draw, (74, 18), heading, fit_size(heading, PRIVATE_W - 94, 32, "bold"), "bold", P.TEXT
    )
    width, height = PRIVATE_CARD
    x, y = 24, 74
    hand = me.get("hand")
    if isinstance(hand, dict):
        _paste(image, card_sprite(hand, width, height, lang=lang), x, y)
        _caption(draw, card_name(str(hand.get("name", "")), lang), x, y + height + 8, width)
        playable = bool(me.get("hand_playable", True))
        if playable:
            when = tr(C_("Targi image", "playable now"), lang)
        else:
            when = tr(C_("Targi image", "playable from next round"), lang)
        size = fit_size(when, width, 18, "bold", minimum=12)
        draw_text(draw, (x, y + height + 34), when, size, "bold", P.TEXT if playable else P.PENDING)
    else:
        draw.rounded_rectangle(
            (x, y, x + width, y + height), radius=12, outline=P.PANEL_LINE, width=3
        )
        none = tr(C_("Targi image", "no hand card"), lang)
        size = fit_size(none, width - 16, 24)
        draw_text(draw, (x + width / 2, y + height / 2), none, size, fill=P.TEXT_DIM, anchor="mm")
    x += width + 28
    pending = view.get("pending") or {}
    card = pending.get("card")
    if pending.get("seat") == seat and isinstance(card, dict) and pending.get("kind") == "tribe":
        _paste(image, card_sprite(card, width, height, lang=lang), x, y)
        _caption(draw, card_name(str(card.get("name", "")), lang), x, y + height + 8, width)
        decide = tr(C_("Targi image", "to decide: display, hand or discard"), lang)
        # may run past the card towards the supplies, as the English does, but not off the image
        size = fit_size(decide, PRIVATE_W - x - 16, 17, "bold", minimum=12)
        draw_text(draw, (x, y + height + 34), decide, size, "bold", P.ACCENT)
        x += width + 28
    supplies = tr(C_("Targi image", "Supplies"), lang)
    size = fit_size(supplies, PRIVATE_W - x - 16, 22, "bold")
    draw_text(draw, (x, y - 4), supplies, size, "bold", P.TEXT)
    sy = y + 34
    for letter, key in (
        ("D", "dates"),
        ("S", "salt"),
        ("P", "pepper"),
        ("G", "gold"),
        ("VP", "vp_tokens"),
    ):
        _paste(image, good_sprite(letter, 32), x, sy)
        draw.text(
            (x + 42, sy + 16), str(me.get(key, 0)), font=font(24, "bold"), fill=P.TEXT, anchor="lm"
        )
        sy += 42
    return image


def _caption(draw: ImageDraw.ImageDraw, text: str, x: int, y: int, width: int) -> None:
    size = fit_size(text, width, 19, "bold", minimum=13)
    draw_text(draw, (x, y), text, size, "bold", P.TEXT)


def render_private(view: dict[str, Any], lang: str) -> bytes:
    """PNG of the seat's own hand card."""
    return png_bytes(private_image(view, lang))

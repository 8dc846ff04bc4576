"""Targi images: the 5x5 table with both players' camps, and a player's own hand card.

Both take the engine's ``view(state, seat)`` dict (see the Targi ``VIEW.md``) and nothing else.
Goods carry their notation letter (D, S, P, G) as well as a colour and shape, tribe symbols have
their own silhouettes, and the two players are told apart by name and by a filled (blue) or
hollow (white) piece, so nothing depends on colour vision alone.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import C_, named, tr
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
# Square, because Discord fits an image into about 400x400 CSS px in a phone's feed: at 1200 px
# a text a player needs is drawn at least PHONE_TEXT px (11 CSS px there); the full rule texts
# stay in DETAIL px print for the tapped, zoomed image.
CARD_W = 228
CARD_H = 168
GAP = 8
MARGIN = 14
PHONE_TEXT = 33  # 11 CSS px once the 1200 px image is fitted into 400 px
DETAIL = 13  # rule texts, read zoomed in
BAND = 44  # title band at the top of a card (a two-line border card name: BAND + NAME_LINE)
NAME_LINE = 34
NAME_X = 58  # a border card's name, after its number
GRID_X = MARGIN
GRID_Y = MARGIN
GRID_W = 5 * CARD_W + 4 * GAP
GRID_H = 5 * CARD_H + 4 * GAP
WIDTH = GRID_X + GRID_W + MARGIN
PANEL_X = GRID_X
PANEL_Y = GRID_Y + GRID_H + MARGIN
PANEL_GAP = 8
PANEL_W = (GRID_W - PANEL_GAP) // 2  # one player's box; the two stand side by side
PANEL_H = 292
HEIGHT = PANEL_Y + PANEL_H + 8
MINI_W = 104  # a displayed card in a player's camp: symbol and VP
MINI_H = 54
MINI_GAP = 6
TOKEN = 38  # a goods token in the panel
#: Kept clear of text on every card (relative to the card's top-left): where a tribe marker,
#: a Targi figure and the robber stand (see :func:`piece_boxes`).
MARKER = (CARD_W - 112, 1, 40)  # x, y, size: in the band, between the VP and the cell badge
FIGURE = (6, CARD_H - 58, 54)
ROBBER = (CARD_W - 58, CARD_H - 56, 52)
CELL_BADGE = (CARD_W - 64, 4, CARD_W - 4, 40)

PRIVATE_W = 680
PRIVATE_H = 530
PRIVATE_CARD = (300, 221)  # the hand card, drawn large; its rule text is written under it
PRIVATE_TEXT = 22  # 13 CSS px once the private image is fitted into 400 px

SEAT_NAMES = ("blue", "white")
SEAT_TITLES = (C_("Targi image", "Blue"), C_("Targi image", "White"))
GOODS_ORDER = ("D", "S", "P", "G", "VP")
GOOD_KEYS = {"D": "dates", "S": "salt", "P": "pepper", "G": "gold", "VP": "vp"}
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
Glyph = tuple[str, str]  # ("text", "+1"), ("good", "D"), ("any", ""), ("symbol", "tent"), ...
_GOOD_LETTER = {"dates": "D", "salt": "S", "pepper": "P", "gold": "G"}
END: Glyph = ("text", "⚑")  # scored at the game's end
ONCE: Glyph = ("text", "1×")
VP_CROSS: Glyph = ("good", "VP")
ANY: Glyph = ("any", "")


@lru_cache(maxsize=1)
def _tribe_rules() -> dict[str, dict[str, Any]]:
    """Each tribe card's rule (card data), by card id."""
    import json

    from bot.games.datafiles import data_dir

    data = json.loads((data_dir() / "targi-cards.json").read_text(encoding="utf-8"))
    return {str(entry["id"]): dict(entry.get("rule") or {}) for entry in data["tribe"]}


def effect_glyphs(card_id: str) -> list[Glyph]:
    """A tribe card's effect in icons and numbers, read in a phone's feed: ⚑ scored at the end,
    1× once, a symbol, a goods token, ? a good of your choice, −1 a discount. The rule text stays
    on the card in small print for the zoomed image."""
    rule = _tribe_rules().get(card_id, {})
    kind = rule.get("kind")
    symbol: Glyph = ("symbol", str(rule.get("symbol", "")))
    per = ("text", f"/{rule.get('per', 2)}")
    vp = ("text", f"+{rule.get('vp', 1)}")
    glyphs: dict[str, list[Glyph]] = {
        "income": [("text", "+1"), ("good", _GOOD_LETTER.get(str(rule.get("good")), "D"))],
        "gain_choice": [
            ONCE,
            ("text", "3"),
            ANY,
            ("text", "/"),
            ("good", "G"),
            ("text", "/"),
            VP_CROSS,
        ],
        "mixed_rows": [END, ("mixed", ""), ("text", f"→{rule.get('vp', 4)}"), VP_CROSS],
        "per_symbol": [END, vp, VP_CROSS, per, symbol],
        "discount": [symbol, ("text", "−1"), ANY],
        "raid_vp": [("robber", ""), vp, VP_CROSS],
        "row_end": [END, vp, VP_CROSS],
        "more_cards": [END, ("card", ""), ("text", ">"), vp, VP_CROSS],
        "goods_per_empty": [ONCE, ANY, per, ("slot", "")],
        "goods_per_card": [ONCE, ANY, per, ("card", "")],
        "noble_discount": [("number", "1"), ("text", "−1"), ANY],
        "opponent_two_targi": [("targi", ""), ("text", "=2")],
        "merchant_swap": [("number", "5"), ANY, ("text", "⇄"), ANY],
        "min_cards": [END, ("text", f"{rule.get('cards', 10)}"), ("card", ""), vp, VP_CROSS],
        "play_hand": [("card", ""), ("text", "+1"), ANY],
        "ignore_robber": [("targi", ""), ("robber", ""), ("text", "✓")],
        "stored_gold": [("text", "+1"), ("good", "G")],
        "rearrange": [ONCE, ("card", ""), ("text", "⇄"), ("card", "")],
        "consolation": [("text", "+1"), ANY],
        "raid_immunity": [("robber", ""), ("text", "0")],
    }
    return glyphs.get(str(kind), [])


@lru_cache(maxsize=16)
def any_good_sprite(size: int) -> Image.Image:
    """A good of the player's choice: a grey token with a question mark."""

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        side = size * s
        draw.rounded_rectangle(
            (s, s, side - s, side - s),
            radius=side * 0.2,
            fill=P.CARD_EDGE,
            outline=P.OUTLINE,
            width=max(1, round(s * 1.2)),
        )
        draw.text(
            (side / 2, side * 0.54),
            "?",
            font=font(round(side * 0.62), "bold"),
            fill=P.WHITE,
            anchor="mm",
        )

    return supersampled((size, size), paint)


def _glyph_width(glyph: Glyph, size: int) -> float:
    kind, text = glyph
    if kind == "text":
        return text_width(text, size, "bold")
    if kind == "number":
        return size * 1.3
    if kind in ("card", "slot"):
        return size * 0.75
    if kind == "mixed":
        return size * 1.2
    return float(size)


GLYPH_GAP = 0.08  # between two glyphs of a row, in text sizes


def glyphs_width(glyphs: list[Glyph], size: int) -> float:
    """How wide :func:`draw_glyphs` draws ``glyphs`` at ``size``."""
    gaps = size * GLYPH_GAP * max(0, len(glyphs) - 1)
    return sum(_glyph_width(g, size) for g in glyphs) + gaps


def draw_glyphs(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    glyphs: list[Glyph],
    x: float,
    mid: float,
    size: int,
) -> float:
    """``glyphs`` left to right from ``x``, centred on ``mid``, texts at ``size`` px; returns the
    x after them."""
    icon = round(size * 1.02)
    for kind, text in glyphs:
        top = round(mid - icon / 2)
        if kind == "text":
            draw_text(draw, (x, mid), text, size, "bold", P.TEXT_DARK, "lm")
        elif kind == "good":
            _paste(image, good_sprite(text, icon), x, top)
        elif kind == "any":
            _paste(image, any_good_sprite(icon), x, top)
        elif kind == "symbol":
            _paste(image, symbol_sprite(text, icon), x, top)
        elif kind == "robber":
            _paste(image, robber_sprite(icon), x, top)
        elif kind == "targi":
            _paste(image, targi_sprite(1, icon), x, top)
        elif kind == "number":  # a border card, by its number
            w = size * 1.3
            draw.rounded_rectangle((x, top, x + w, top + icon), radius=icon // 3, fill=P.CARD_EDGE)
            draw_text(draw, (x + w / 2, mid), text, size, "bold", P.WHITE, "mm")
        elif kind in ("card", "slot"):  # a displayed card, or an empty slot of the display
            w = size * 0.72
            if kind == "card":
                draw.rounded_rectangle((x, top, x + w, top + icon), radius=4, fill=P.CARD_EDGE)
            else:
                draw.rounded_rectangle(
                    (x, top, x + w, top + icon), radius=4, outline=P.CARD_EDGE, width=3
                )
        elif kind == "mixed":  # a row of different symbols
            third = size * 0.4
            for i, symbol in enumerate(("targia", "tent", "well")):
                colour = P.SYMBOLS.get(symbol, P.CARD_EDGE)
                left = x + i * third
                draw.rectangle(
                    (left, top + icon * 0.2, left + third - 2, top + icon * 0.8), fill=colour
                )
        x += _glyph_width((kind, text), size) + size * GLYPH_GAP
    return x


def cost_glyphs(card: dict[str, Any]) -> list[Glyph]:
    """What a tribe card costs: a count and a token per good, ``/`` before the alternative."""
    glyphs: list[Glyph] = []
    for letter, count in parse_bundle(card.get("cost")):
        glyphs += [("text", str(count)), ("good", letter)]
    alternative = parse_bundle(card.get("cost_alternative"))
    if alternative:
        glyphs.append(("text", "/"))
        for letter, count in alternative:
            glyphs += [("text", str(count)), ("good", letter)]
    return glyphs


def _card_key(card: dict[str, Any]) -> tuple[str, ...]:
    fields = ("id", "type", "name", "symbol", "cost", "cost_alternative", "vp", "gives", "effect")
    return tuple(str(card.get(f)) for f in fields)


def fine_text(
    draw: ImageDraw.ImageDraw,
    text: str,
    lines: Sequence[tuple[float, float, float]],
    size: int,
    weight: str = "condensed",
    fill: P.RGB = P.TEXT_DARK,
    **options: Any,
) -> None:
    """Small print (a rule text, read zoomed in; a label the picture already tells) flowed into
    ``lines`` (each its top y, left and right x): as many words as fit on each, an ellipsis if
    the lines run out."""
    words = text.split()
    for number, (y, left, right) in enumerate(lines):
        if not words:
            return
        line = words.pop(0)
        while words and text_width(f"{line} {words[0]}", size, weight) <= right - left:
            line = f"{line} {words.pop(0)}"
        if words and number == len(lines) - 1:
            while line and text_width(line + "…", size, weight) > right - left:
                line = line[:-1]
            line = line.rstrip(" .,") + "…"
        draw_text(draw, (left, y), line, size, weight, fill, **options)


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

    def px(value: float) -> int:
        return round(value * scale)

    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    band = px(BAND)
    big = px(PHONE_TEXT)
    detail = px(DETAIL)
    line = detail + px(1)
    text_top = px(126)
    lines = int((height - px(3) - text_top) // line)
    rows = [(text_top + i * line, px(6), width - px(6)) for i in range(lines)]
    if card["type"] == "tribe":
        colour = P.SYMBOLS.get(card["symbol"], P.CARD_EDGE)
        draw.rounded_rectangle(
            (0, 0, width - 1, height - 1), radius=px(8), fill=P.CARD, outline=colour, width=px(3)
        )
        draw.rounded_rectangle((0, 0, width - 1, band), radius=px(8), fill=colour)
        draw.rectangle((0, band - px(8), width - 1, band), fill=colour)
        icon = symbol_sprite(card["symbol"], band - px(8), False)
        white = Image.new("RGBA", icon.size, P.WHITE)
        image.paste(white, (px(6), px(4)), icon)
        # the card's victory points, in the band beside its symbol
        vp = card["vp"] if card["vp"] not in ("None", "") else "0"
        cross = good_sprite("VP", px(30))
        _paste(image, cross, px(50), (band - cross.height) / 2)
        draw_text(draw, (px(84), band / 2), vp, big, "bold", P.WHITE, "lm")
        draw_glyphs(image, draw, cost_glyphs(card), px(6), px(66), big)
        draw_glyphs(image, draw, effect_glyphs(card["id"]), px(6), px(106), big)
        if card["effect"] not in ("None", ""):
            text = card_text(card["effect"], lang)
        else:
            text = tr(C_("Targi image", "Victory points only"), lang)
        fine_text(draw, text, rows, detail)
    else:
        draw.rounded_rectangle(
            (0, 0, width - 1, height - 1),
            radius=px(8),
            fill=P.BORDER_GOODS,
            outline=P.CARD_EDGE,
            width=px(2),
        )
        label = tr(C_("Targi image", "Goods card"), lang)
        size = fit_size(label, px(MARKER[0] - 10), detail + px(1), "bold")
        fine_text(draw, label, [(px(8), px(6), px(MARKER[0] - 4))], size, "bold")
        gives = parse_bundle(card["gives"])
        glyphs: list[Glyph]
        if gives:
            glyphs = []
            for letter, count in gives:
                glyphs += [("text", f"+{count}"), ("good", letter)]
        elif "choice" in card["name"]:  # one good of your choice: dates, salt or pepper
            glyphs = [("text", "+1"), ("good", "D"), ("text", "/"), ("good", "S"), ("text", "/")]
            glyphs.append(("good", "P"))
        else:
            glyphs = []
        room = width - px(12)
        wide = glyphs_width(glyphs, big)
        draw_glyphs(image, draw, glyphs, max(px(6), (room - wide) / 2 + px(6)), px(84), big)
        text = card_text(card["effect"], lang) if card["effect"] != "None" else ""
        fine_text(draw, text or card_name(card["name"], lang), rows, detail)
    return image


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
    label = tr(C_("Targi image", "face down"), lang)  # the pattern tells it at a phone's size
    size = fit_size(label, width - 30, 16, "bold")
    left = (width - text_width(label, size, "bold")) / 2
    line = [(height / 2 - size * 0.6, left, width)]
    fine_text(draw, label, line, size, "bold", P.CARD, stroke_width=3, stroke_fill=P.CARD_BACK)
    return image


def border_name_lines(name: str) -> tuple[list[str], int, str]:
    """A border card's name on one line beside its number, or on two (the second under the
    number) when it is too long; at the phone size, never smaller."""
    first = CARD_W - NAME_X - 4
    for weight in ("bold", "condensed"):
        if text_width(name, PHONE_TEXT, weight) <= first:
            return [name], PHONE_TEXT, weight
    lines = wrap(name, first, PHONE_TEXT, "condensed")
    if len(lines) == 2 and text_width(lines[1], PHONE_TEXT, "condensed") <= CARD_W - 14:
        return lines, PHONE_TEXT, "condensed"
    return [name], fit_size(name, first, PHONE_TEXT, "condensed"), "condensed"


def border_text_lines(entry: dict[str, Any], lang: str) -> list[tuple[float, float, float]]:
    """Where a border card's rule text may go (relative to the card): under its band, and beside
    the Targi figure's and the robber's places near the bottom, never over them."""
    names, _, _ = border_name_lines(card_name(str(entry.get("name", "")), lang))
    band = BAND + NAME_LINE * (len(names) - 1)
    kind = str(entry.get("kind"))
    top = band + (46 if kind == "raid" else 4)
    line = DETAIL + 1
    rows: list[tuple[float, float, float]] = []
    y = top
    while y + line <= CARD_H - 4:
        bottom = y + DETAIL * 1.4  # the glyphs' box reaches below the line's pitch
        left, right = 7.0, CARD_W - 7.0
        if bottom > FIGURE[1]:
            left = FIGURE[0] + FIGURE[2] + 4
        if bottom > ROBBER[1]:
            right = ROBBER[0] - 4
        if kind == "raid" and bottom > CARD_H - 46:  # the "raided" badge's row
            break
        rows.append((y, left, right))
        y += line
    return rows


def _border_card(image: Image.Image, entry: dict[str, Any], lang: str) -> None:
    x, y = grid_xy(*entry["grid"])
    draw = ImageDraw.Draw(image)
    kind = str(entry.get("kind"))
    body = {"action": P.BORDER_ACTION, "goods": P.BORDER_GOODS}.get(kind, P.RAID_BODY)
    band_colour = {"action": P.CARD_EDGE, "goods": P.GOODS_BAND}.get(kind, P.RAID)
    name = card_name(str(entry.get("name", "")), lang)
    names, size, weight = border_name_lines(name)
    band = BAND + NAME_LINE * (len(names) - 1)
    draw.rounded_rectangle(
        (x, y, x + CARD_W - 1, y + CARD_H - 1), radius=8, fill=body, outline=band_colour, width=2
    )
    draw.rounded_rectangle((x, y, x + CARD_W - 1, y + band), radius=8, fill=band_colour)
    draw.rectangle((x, y + band - 8, x + CARD_W - 1, y + band), fill=band_colour)
    draw.rounded_rectangle((x + 3, y + 4, x + NAME_X - 5, y + BAND - 4), radius=10, fill=P.CARD)
    number = str(entry["number"])
    draw_text(
        draw, (x + NAME_X / 2 - 1, y + BAND / 2), number, PHONE_TEXT, "bold", P.TEXT_DARK, "mm"
    )
    for i, part in enumerate(names):
        left = x + NAME_X if i == 0 else x + 7
        draw_text(draw, (left, y + BAND / 2 + i * NAME_LINE), part, size, weight, P.WHITE, "lm")
    source = str(entry.get("short", ""))
    short = card_text(source, lang).replace("->", "→")
    if kind == "goods":  # the band names the good; the token shows it with its letter
        letter = next((k for k, v in GOOD_KEYS.items() if v in source), "")
        if letter:
            glyphs: list[Glyph] = [("text", "+1"), ("good", letter)]
            wide = glyphs_width(glyphs, 44)
            draw_glyphs(image, draw, glyphs, x + (CARD_W - wide) / 2, y + band + 40, 44)
        return
    if kind == "raid":  # what the raid takes: goods (or gold) or victory points
        demand = raid_glyphs(source)
        draw_glyphs(image, draw, demand, x + 8, y + band + 22, PHONE_TEXT)
    rows = [(y + top, x + left, x + right) for top, left, right in border_text_lines(entry, lang)]
    fine_text(draw, short, rows, DETAIL)


RAID = re.compile(r"(\d+) (goods?|gold) or (\d+) VP(.*)")


def raid_glyphs(short: str) -> list[Glyph]:
    """What a raid takes (from the border card's rule text, "2 goods or 1 VP"): goods of the
    player's choice or gold, or victory points; ⚑ when the raid also ends the game."""
    match = RAID.match(short)
    if match is None:
        return []
    goods, kind, points, rest = match.groups()
    taken: Glyph = ("good", "G") if kind == "gold" else ANY
    glyphs = [("text", goods), taken, ("text", "/"), ("text", points), VP_CROSS]
    return [*glyphs, END] if "end" in rest else glyphs


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


def _robber_at(view: dict[str, Any], raid: dict[str, Any]) -> bool:
    """Whether the robber stands on the raid's card."""
    return any(
        b.get("robber") and int(b["number"]) == int(raid["card"]) for b in view.get("border", [])
    )


def changed_places(view: dict[str, Any]) -> tuple[list[str], list[int]]:
    """The centre cells and border cards the last move changed: those its action names and
    those its events name (the cell a card was taken from, the tribe markers put down)."""
    last = view.get("last_action") or {}
    cells, numbers = _action_places(str(last.get("action", "")))
    for event in view.get("events") or []:
        params = event.get("params") or {}
        named = [params.get("cell"), *(params.get("cells") or [])]  # a card, the markers put
        for cell in named:
            if isinstance(cell, str) and CELL.fullmatch(cell) and cell not in cells:
                cells.append(cell)
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
            # the badge stays clear of the robber when it stands on the card
            right = ROBBER[0] - 4 if raid.get("robber") or _robber_at(view, raid) else CARD_W - 6
            draw.rounded_rectangle(
                (x + 6, y + CARD_H - 44, x + right, y + CARD_H - 6), radius=6, fill=P.RAID
            )
            raided = tr(C_("Targi image", "✓ raided"), lang)
            size, weight = name_font(raided, right - 14, PHONE_TEXT, PHONE_TEXT)
            mid = (x + (right + 6) / 2, y + CARD_H - 25)
            draw_text(draw, mid, raided, size, weight, P.WHITE, "mm")
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
            empty = tr(C_("Targi image", "empty"), lang)  # the outline tells it on a phone
            left = x + (CARD_W - text_width(empty, 16)) / 2
            fine_text(
                draw, empty, [(y + CARD_H / 2 - 10, left, x + CARD_W)], 16, "regular", P.CARD_EDGE
            )
        left, top, right, bottom = CELL_BADGE
        draw.rounded_rectangle(
            (x + left, y + top, x + right, y + bottom), radius=8, fill=P.CARD, outline=P.CARD_EDGE
        )
        badge = (x + (left + right) / 2, y + (top + bottom) / 2)
        draw_text(draw, badge, str(entry["cell"]), PHONE_TEXT, "bold", P.TEXT_DARK, "mm")
        if entry.get("marker") is not None:
            mx, my, size = MARKER
            _paste(image, marker_sprite(int(entry["marker"]), size), x + mx, y + my)
    for entry in view.get("border", []):
        x, y = grid_xy(*entry["grid"])
        if wanted is not None and not wanted(x, y):
            continue
        if entry.get("robber"):
            _paste(image, robber_sprite(ROBBER[2]), x + ROBBER[0], y + ROBBER[1])
        if entry.get("targi") is not None:
            _paste(
                image, targi_sprite(int(entry["targi"]), FIGURE[2]), x + FIGURE[0], y + FIGURE[1]
            )
    last_cells, last_numbers = changed_places(view)
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
    """A card in a camp: its symbol and its VP (its name is the symbol's; the colour and the
    silhouette tell it at a phone's size); an empty slot is a faint outline."""
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
    icon = symbol_sprite(symbol, MINI_H - 12, False)
    white = Image.new("RGBA", icon.size, P.WHITE)
    image.paste(white, (x + 5, y + 6), icon)
    cross = good_sprite("VP", 24)
    _paste(image, cross, x + MINI_H - 4, y + (MINI_H - 24) // 2)
    vp = str(card.get("vp") or 0)
    draw_text(draw, (x + MINI_W - 8, y + MINI_H / 2), vp, PHONE_TEXT, "bold", P.WHITE, "rm")


def player_name(view: dict[str, Any], seat: int, lang: str) -> str:
    """What the images call a seat: the player's display name (``seat_names``), else its colour."""
    names = view.get("seat_names") or []
    if 0 <= seat < len(names) and str(names[seat] or "").strip():
        return str(names[seat]).strip()
    return seat_name(seat, lang)


def _clipped(text: str, room: float, size: int, weight: str) -> str:
    """``text``, cut with an ellipsis to fit ``room`` at ``size``."""
    if text_width(text, size, weight) <= room:
        return text
    while text and text_width(text + "…", size, weight) > room:
        text = text[:-1]
    return text.rstrip() + "…"


def _draw_player(
    image: Image.Image,
    view: dict[str, Any],
    player: dict[str, Any],
    x: int,
    y: int,
    lang: str,
) -> None:
    """A player's box: figure and name, VP, goods, the camp (3 rows of 4) and the hand card."""
    draw = ImageDraw.Draw(image)
    seat = int(player["seat"])
    acting = seat in view.get("to_act", [])
    right = x + PANEL_W
    fill = P.PANEL_ACTIVE if acting else P.PANEL
    draw.rounded_rectangle(
        (x, y, right, y + PANEL_H),
        radius=10,
        fill=fill,
        outline=P.ACCENT if acting else P.PANEL_LINE,
        width=4 if acting else 1,
    )
    _paste(image, targi_sprite(seat, 44), x + 8, y + 6)
    score = player.get("score") or {}
    vp = tr(C_("Targi image", "{n} VP", n=score.get("vp", 0)), lang) if "vp" in score else ""
    vp_size = fit_size(vp, 150, 36, "bold", minimum=PHONE_TEXT)
    draw_text(draw, (right - 12, y + 28), vp, vp_size, "bold", P.TEXT, "rm")
    marks = 0
    if player.get("start_player"):
        marks += 34
    if seat in ai_seats_of(view):
        marks += 38
    lead = "▶ " if acting else ""
    room = right - 12 - text_width(vp, vp_size, "bold") - 16 - marks - (x + 58)
    title = _clipped(lead + player_name(view, seat, lang), room, PHONE_TEXT + 3, "bold")
    draw_text(
        draw, (x + 58, y + 28), title, PHONE_TEXT + 3, "bold", P.ACCENT if acting else P.TEXT, "lm"
    )
    tx = x + 58 + text_width(title, PHONE_TEXT + 3, "bold") + 6
    if player.get("start_player"):
        _paste(image, start_token_sprite(28), tx, y + 14)
        tx += 34
    if seat in ai_seats_of(view):  # played by an AI
        _paste(image, robot_sprite(32), round(tx), y + 12)
    # goods, gold and VP tokens
    gx = x + 12
    gy = y + 56
    for letter, key in (
        ("D", "dates"),
        ("S", "salt"),
        ("P", "pepper"),
        ("G", "gold"),
        ("VP", "vp_tokens"),
    ):
        _paste(image, good_sprite(letter, TOKEN), gx, gy)
        draw_text(
            draw,
            (gx + TOKEN + 5, gy + TOKEN / 2),
            str(player.get(key, 0)),
            PHONE_TEXT,
            "bold",
            P.TEXT,
            "lm",
        )
        gx += TOKEN + 5 + 64
    # the camp: 3 rows of 4, and the hand card beside it
    cy = y + 104
    display = player.get("display", [[], [], []])
    for row in range(3):
        cards = display[row] if row < len(display) else []
        for slot in range(4):
            card = cards[slot] if slot < len(cards) else None
            at = (x + 10 + slot * (MINI_W + MINI_GAP), cy + row * (MINI_H + MINI_GAP))
            if CAMP_TILES:
                image.paste(_mini_tile(card, lang, fill), at)
            else:
                _mini_card(image, draw, card, *at, lang)
    hx = x + 10 + 4 * (MINI_W + MINI_GAP) + 6
    label = tr(C_("Targi image", "Hand"), lang)
    size = fit_size(label, right - 8 - hx, PHONE_TEXT, "bold", minimum=PHONE_TEXT)
    draw_text(draw, ((hx + right - 6) / 2, cy + MINI_H / 2), label, size, "bold", P.TEXT_DIM, "mm")
    hy = cy + MINI_H + MINI_GAP
    hand = player.get("hand")
    if isinstance(hand, dict):
        _mini_card(image, draw, hand, hx, hy, lang)
        if not player.get("hand_playable", True) and not view.get("game_over"):
            # playable from the next round: a clock hand over the card
            draw_text(
                draw, (hx + MINI_W / 2, hy + MINI_H + 26), "↻", PHONE_TEXT, "bold", P.PENDING, "mm"
            )
    elif player.get("hand_held"):  # a secret card: its back
        _paste(image, card_back_sprite(MINI_W, MINI_H, lang), hx, hy)
    else:
        draw.rounded_rectangle(
            (hx, hy, hx + MINI_W - 1, hy + MINI_H - 1), radius=6, outline=P.PANEL_LINE, width=2
        )


def status_texts(view: dict[str, Any], lang: str) -> list[str]:
    """What the table image leaves to the message beside it: the round and phase, the decks and
    raids, a player who places fewer Targi (in ``lang``)."""
    phase = PHASES.get(str(view.get("phase")), str(view.get("phase", "")))
    if view.get("game_over"):
        heading = tr(C_("Targi image", "Game over"), lang)
    else:
        heading = tr(
            C_("Targi image", "Round {n}: {phase}", n=view.get("round", 1), phase=phase), lang
        )
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
    # The image's wide gap between the decks and the raids is a separator in one line of text.
    parts = [" ".join(part.split()) for part in re.split(r"\s{2,}", status.strip())]
    lines = [" · ".join([heading, *parts])]
    for player in view.get("players", []):
        allowed = int(player.get("targi_allowed", 3))
        if allowed != 3:
            only = tr(C_("Targi image", "only {n} Targi", n=allowed), lang)
            lines.append(f"{player_name(view, int(player['seat']), lang)}: {only}")
    return lines


def _draw_panel(image: Image.Image, view: dict[str, Any], lang: str) -> None:
    """The two players' boxes side by side under the table."""
    for i, player in enumerate(view.get("players", [])[:2]):
        _draw_player(image, view, player, PANEL_X + i * (PANEL_W + PANEL_GAP), PANEL_Y, lang)


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
    """The seat's hand card, the card it must decide about (if only it sees it), its supplies:
    each card drawn large with its name and rule text written under it."""
    seat = view.get("viewer")
    me = next((p for p in view.get("players", []) if p.get("seat") == seat), None)
    if me is None or seat is None:
        raise ValueError("a private image needs the seat's own view (viewer is missing)")
    image = Image.new("RGB", (PRIVATE_W, PRIVATE_H), P.BACKGROUND)
    draw = ImageDraw.Draw(image)
    _paste(image, targi_sprite(int(seat), 48), 20, 12)
    heading = tr(
        C_("Targi image", "{player}: your hand", player=player_name(view, int(seat), lang)), lang
    )
    size = fit_size(heading, PRIVATE_W - 94, 34, "bold", minimum=PRIVATE_TEXT + 4)
    draw_text(
        draw, (78, 36), _clipped(heading, PRIVATE_W - 94, size, "bold"), size, "bold", P.TEXT, "lm"
    )
    width, height = PRIVATE_CARD
    x, y = 24, 72
    hand = me.get("hand")
    if isinstance(hand, dict):
        _paste(image, card_sprite(hand, width, height, lang=lang), x, y)
        playable = bool(me.get("hand_playable", True))
        if playable:
            when = tr(C_("Targi image", "playable now"), lang)
        else:
            when = tr(C_("Targi image", "playable from next round"), lang)
        _card_caption(draw, hand, when, P.TEXT if playable else P.PENDING, x, y + height, lang)
    else:
        draw.rounded_rectangle(
            (x, y, x + width, y + height), radius=12, outline=P.PANEL_LINE, width=3
        )
        none = tr(C_("Targi image", "no hand card"), lang)
        size = fit_size(none, width - 16, 28, minimum=PRIVATE_TEXT)
        draw_text(draw, (x + width / 2, y + height / 2), none, size, fill=P.TEXT_DIM, anchor="mm")
    x += width + 32
    pending = view.get("pending") or {}
    card = pending.get("card")
    if pending.get("seat") == seat and isinstance(card, dict) and pending.get("kind") == "tribe":
        _paste(image, card_sprite(card, width, height, lang=lang), x, y)
        decide = tr(C_("Targi image", "to decide: display, hand or discard"), lang)
        _card_caption(draw, card, decide, P.ACCENT, x, y + height, lang)
    # the supplies, in a row at the bottom
    sx, sy = 24, PRIVATE_H - 58
    for letter, key in (
        ("D", "dates"),
        ("S", "salt"),
        ("P", "pepper"),
        ("G", "gold"),
        ("VP", "vp_tokens"),
    ):
        _paste(image, good_sprite(letter, 40), sx, sy)
        draw_text(draw, (sx + 48, sy + 20), str(me.get(key, 0)), 30, "bold", P.TEXT, "lm")
        sx += 128
    return image


def _card_caption(
    draw: ImageDraw.ImageDraw,
    card: dict[str, Any],
    note: str,
    colour: P.RGB,
    x: int,
    y: int,
    lang: str,
) -> None:
    """Under a large card: its name, its rule text (whole, wrapped) and ``note``."""
    width = PRIVATE_CARD[0]
    name = card_name(str(card.get("name", "")), lang)
    size = fit_size(name, width, PRIVATE_TEXT + 2, "bold", minimum=PRIVATE_TEXT - 3)
    lines = wrap(name, width, size, "bold")[:2]
    y += 10
    for line in lines:
        draw_text(draw, (x, y), line, size, "bold", P.TEXT)
        y += size + 6
    effect = str(card.get("effect") or "")
    text = card_text(effect, lang) if effect not in ("", "None") else ""
    for line in wrap(text, width, PRIVATE_TEXT - 2, "condensed")[:4]:
        draw_text(draw, (x, y), line, PRIVATE_TEXT - 2, "condensed", P.TEXT)
        y += PRIVATE_TEXT + 2
    y += 4
    size = fit_size(note, width, PRIVATE_TEXT, "bold", minimum=PRIVATE_TEXT - 3)
    for line in wrap(note, width, size, "bold")[:2]:
        draw_text(draw, (x, y), line, size, "bold", colour)
        y += size + 4


def render_private(view: dict[str, Any], lang: str) -> bytes:
    """PNG of the seat's own hand card."""
    return png_bytes(private_image(view, lang))

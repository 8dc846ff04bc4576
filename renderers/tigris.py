"""Tigris & Euphrates images: the public board with the players under it, and a player's own tiles.

Both take the engine's ``view(state, seat)`` dict (see the T&E view shape) and nothing else.
Every colour also has a symbol (temple, farm waves, market coin, settlement house) so that the
four colours never rely on colour vision alone; leaders carry their owner's dynasty symbol.
"""

from __future__ import annotations

import json
import math
import re
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import C_, DEFAULT, N_, Text, tr
from renderers import palette as P
from renderers._draw import (
    DATA_DIR,
    SEAT_NAMES_KEY,
    ai_seats_of,
    clipped,
    draw_text,
    fit_size,
    font,
    glyph_painter,
    robot_sprite,
    supersampled,
    text_width,
    wrap,
)
from renderers._text import drawable_name, seat_text
from renderers.indexed import png_bytes

# ---- geometry (every position on the board image comes from these numbers) -------------------
# Discord fits an image into about 400 x 400 CSS px on a phone: a 1192-px-wide board shows at a
# third of its size, so every text on it is drawn at least READABLE_PX tall (11-12 CSS px there).
COLUMNS = 16
ROWS = 11
CELL = 68
MARGIN = 52  # room for the A-P / 1-11 coordinates
BOARD_X = MARGIN
BOARD_Y = MARGIN
BOARD_W = COLUMNS * CELL
BOARD_H = ROWS * CELL
WIDTH = BOARD_X + BOARD_W + MARGIN
STRIP_Y = BOARD_Y + BOARD_H + MARGIN  # the strip under the board: turn, bag, the players
STRIP_PAD = 16
HEADER_H = 58
BOX_GAP = 12
BOX_W = (WIDTH - 2 * STRIP_PAD - BOX_GAP) // 2
BOX_H = 118  # name; leaders, catastrophes, hand (and the points once the game is over)
BOX_H_SCORED = 160  # open scoring: the points on a third row
TEXT_PX = 36  # the strip's texts and the coordinates
READABLE_PX = 35  # no text of the board is drawn smaller (fit_size stops here, then clips)
TILE_INSET = 4  # gap between a tile and its square's edge

PRIVATE_TILE = 150
PRIVATE_W = 800
PRIVATE_H = 560
PRIVATE_TEXT_PX = 26
PRIVATE_READABLE_PX = 22  # 11 CSS px on an 800-px-wide image fitted to 400


def height_for(seats: int, scored: bool = False) -> int:
    """The board image's height: the map, the strip's header and a box per player, two to a row,
    a row taller with open scoring (fixed for a game, so a replay's frames are all one size)."""
    rows = (max(1, seats) + 1) // 2
    box = BOX_H_SCORED if scored else BOX_H
    return STRIP_Y + HEADER_H + rows * box + (rows - 1) * BOX_GAP + STRIP_PAD


HEIGHT = height_for(4, scored=True)  # the tallest board


def open_scoring(view: dict[str, Any]) -> bool:
    """Whether the points are public all game long (the option), not only at the end."""
    return bool((view.get("options") or {}).get("open_scoring"))


COLOURS = ("red", "blue", "green", "black")
#: The leaders of each colour, as a war or revolt names them ("War of priests").
LEADERS = {
    "red": C_("T&E image", "priests"),
    "blue": C_("T&E image", "farmers"),
    "green": C_("T&E image", "traders"),
    "black": C_("T&E image", "kings"),
}
TILE_NAMES = {
    "red": C_("T&E image", "temple"),
    "blue": C_("T&E image", "farm"),
    "green": C_("T&E image", "market"),
    "black": C_("T&E image", "settlement"),
}
DYNASTY_NAMES = {
    "archer": C_("T&E image", "Archer"),
    "bull": C_("T&E image", "Bull"),
    "pot": C_("T&E image", "Pot"),
    "lion": C_("T&E image", "Lion"),
}
DYNASTY_GLYPHS = {"archer": "♐", "bull": "♉", "pot": "⚱", "lion": "♌"}
WAR_GLYPH = "⚔"
SQUARE_PATTERN = re.compile(r"\b([A-P])(1[01]|[1-9])\b")


def square_xy(label: str) -> tuple[int, int]:
    """Top-left pixel of a square given in notation ("F3")."""
    column = ord(label[0]) - ord("A")
    row = int(label[1:]) - 1
    return BOARD_X + column * CELL, BOARD_Y + row * CELL


@lru_cache(maxsize=1)
def board_map() -> tuple[frozenset[tuple[int, int]], frozenset[tuple[int, int]]]:
    """River squares and corner-treasure squares as ``(col, row)`` pairs, from the board data."""
    data = json.loads((DATA_DIR / "tigris-board.json").read_text(encoding="utf-8"))
    river = frozenset((c, r) for c, r in data["river"])
    corners = frozenset((t["pos"][0], t["pos"][1]) for t in data["temples"] if t["corner"])
    return river, corners


# ---- symbols -----------------------------------------------------------------------------------
def _draw_symbol(
    draw: ImageDraw.ImageDraw,
    colour: str,
    box: tuple[float, float, float, float],
    fill: P.RGB,
    back: P.RGB,
) -> None:
    """The shape that stands for ``colour`` (temple, farm waves, market coin, settlement house),
    in ``fill`` on a ``back`` ground."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    if colour == "red":  # temple: pediment, three columns, base
        draw.polygon([(x0, y0 + h * 0.34), (x0 + w / 2, y0), (x1, y0 + h * 0.34)], fill=fill)
        draw.rectangle((x0, y1 - h * 0.14, x1, y1), fill=fill)
        for i in range(3):
            cx = x0 + w * (0.18 + 0.32 * i)
            draw.rectangle((cx - w * 0.08, y0 + h * 0.38, cx + w * 0.08, y1 - h * 0.14), fill=fill)
    elif colour == "blue":  # farm: three furrows of water
        for i in range(3):
            base = y0 + h * (0.2 + 0.3 * i)
            points = [
                (x0 + w * t / 24, base + math.sin(t / 24 * 2 * math.pi * 1.5) * h * 0.09)
                for t in range(25)
            ]
            draw.line(points, fill=fill, width=max(2, round(h * 0.13)), joint="curve")
    elif colour == "green":  # market: a coin with a square hole
        draw.ellipse(box, fill=fill)
        hole = w * 0.17
        cx, cy = x0 + w / 2, y0 + h / 2
        draw.rectangle((cx - hole, cy - hole, cx + hole, cy + hole), fill=back)
    else:  # settlement: a house
        draw.polygon(
            [
                (x0 + w * 0.08, y0 + h * 0.45),
                (x0 + w / 2, y0),
                (x1 - w * 0.08, y0 + h * 0.45),
                (x1 - w * 0.18, y0 + h * 0.45),
                (x1 - w * 0.18, y1),
                (x0 + w * 0.18, y1),
                (x0 + w * 0.18, y0 + h * 0.45),
            ],
            fill=fill,
        )


@lru_cache(maxsize=32)
def tile_sprite(colour: str, size: int) -> Image.Image:
    """A civilisation tile: the colour with its symbol in white."""

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        side = size * s
        draw.rounded_rectangle(
            (0, 0, side - 1, side - 1),
            radius=side * 0.12,
            fill=P.TIGRIS_COLOURS[colour],
            outline=P.TIGRIS_COLOUR_EDGE[colour],
            width=max(1, round(side * 0.035)),
        )
        m = side * 0.24
        _draw_symbol(draw, colour, (m, m, side - m, side - m), P.WHITE, P.TIGRIS_COLOURS[colour])

    return supersampled((size, size), paint)


@lru_cache(maxsize=64)
def leader_sprite(colour: str, dynasty: str, size: int) -> Image.Image:
    """A leader: a disc in its role's colour, the owner's dynasty symbol, a role badge."""

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        side = size * s
        ring = side * 0.05
        draw.ellipse((ring, ring, side - ring, side - ring), fill=P.WHITE)
        inner = ring * 2.2
        draw.ellipse((inner, inner, side - inner, side - inner), fill=P.TIGRIS_COLOURS[colour])
        glyph = DYNASTY_GLYPHS.get(dynasty, "?")
        draw.text(
            (side * 0.43, side * 0.43),
            glyph,
            font=font(round(side * 0.52), "bold"),
            fill=P.WHITE,
            anchor="mm",
            stroke_width=max(1, round(side * 0.012)),  # thin zodiac strokes read better thicker
            stroke_fill=P.WHITE,
        )
        badge = (side * 0.56, side * 0.56, side * 0.98, side * 0.98)
        draw.ellipse(
            badge, fill=P.WHITE, outline=P.TIGRIS_COLOUR_EDGE[colour], width=round(s * 1.5)
        )
        pad = (badge[2] - badge[0]) * 0.22
        _draw_symbol(
            draw,
            colour,
            (badge[0] + pad, badge[1] + pad, badge[2] - pad, badge[3] - pad),
            P.TIGRIS_COLOURS[colour],
            P.WHITE,
        )

    return supersampled((size, size), paint)


@lru_cache(maxsize=8)
def treasure_sprite(corner: bool, size: int) -> Image.Image:
    """A treasure gem; a corner treasure sits in a silver ring so it is told apart at a glance."""

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        side = size * s
        if corner:
            draw.ellipse(
                (0, 0, side - 1, side - 1), fill=P.CORNER_TREASURE_RING, outline=P.OUTLINE, width=s
            )
        m = side * (0.18 if corner else 0.04)
        c = side / 2
        diamond = [(c, m), (side - m, c), (c, side - m), (m, c)]
        draw.polygon(diamond, fill=P.TREASURE, outline=P.TREASURE_EDGE, width=round(1.5 * s))
        draw.polygon([(c, m + side * 0.12), (c + side * 0.14, c), (c, c)], fill=P.TREASURE_SHINE)

    return supersampled((size, size), paint)


@lru_cache(maxsize=4)
def catastrophe_sprite(size: int) -> Image.Image:
    """A catastrophe tile: dark stone with a bright cross."""

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        side = size * s
        draw.rounded_rectangle(
            (0, 0, side - 1, side - 1),
            radius=side * 0.1,
            fill=P.CATASTROPHE,
            outline=P.OUTLINE,
            width=s,
        )
        m = side * 0.22
        width = round(side * 0.13)
        draw.line((m, m, side - m, side - m), fill=P.CATASTROPHE_MARK, width=width)
        draw.line((m, side - m, side - m, m), fill=P.CATASTROPHE_MARK, width=width)

    return supersampled((size, size), paint)


@lru_cache(maxsize=4)
def face_down_sprite(size: int) -> Image.Image:
    """A face-down tile (under a monument, or left over)."""

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        side = size * s
        draw.rounded_rectangle(
            (0, 0, side - 1, side - 1),
            radius=side * 0.1,
            fill=P.FACE_DOWN,
            outline=P.OUTLINE,
            width=s,
        )

    return supersampled((size, size), paint)


@lru_cache(maxsize=16)
def monument_sprite(first: str, second: str, size: int) -> Image.Image:
    """A monument over its 2x2 block: split diagonally into its two colours and symbols."""

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        side = size * s
        draw.rounded_rectangle((0, 0, side - 1, side - 1), radius=side * 0.08, fill=P.MONUMENT_EDGE)
        b = side * 0.035
        draw.polygon([(b, b), (side - b, b), (b, side - b)], fill=P.TIGRIS_COLOURS[first])
        draw.polygon(
            [(side - b, b), (side - b, side - b), (b, side - b)], fill=P.TIGRIS_COLOURS[second]
        )
        # a stepped tower in outline, the monument's silhouette
        steps = [(0.30, 0.70), (0.38, 0.56), (0.46, 0.42)]
        for i, (left, top) in enumerate(steps):
            bottom = 0.84 if i == 0 else steps[i - 1][1]
            draw.rectangle(
                (side * left, side * top, side * (1 - left), side * bottom),
                outline=P.WHITE,
                width=round(side * 0.02),
            )
        q = side * 0.2
        _draw_symbol(
            draw,
            first,
            (side * 0.07, side * 0.07, side * 0.07 + q, side * 0.07 + q),
            P.WHITE,
            P.TIGRIS_COLOURS[first],
        )
        _draw_symbol(
            draw,
            second,
            (side * 0.93 - q, side * 0.93 - q, side * 0.93, side * 0.93),
            P.WHITE,
            P.TIGRIS_COLOURS[second],
        )

    return supersampled((size, size), paint)


@lru_cache(maxsize=4)
def unification_sprite(size: int) -> Image.Image:
    """The unification marker of a war: a gold ring with crossed swords."""

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        side = size * s
        draw.ellipse(
            (0, 0, side - 1, side - 1), fill=P.UNIFICATION, outline=P.OUTLINE, width=round(2 * s)
        )
        glyph_painter(WAR_GLYPH, P.OUTLINE, round(size * 0.62))(draw, s)

    return supersampled((size, size), paint)


@lru_cache(maxsize=8)
def dynasty_sprite(dynasty: str, size: int) -> Image.Image:
    """A dynasty's symbol on a light disc (the player's badge in the panel)."""

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        side = size * s
        draw.ellipse((0, 0, side - 1, side - 1), fill=P.BADGE, outline=P.OUTLINE, width=s)
        glyph_painter(DYNASTY_GLYPHS.get(dynasty, "?"), P.TEXT_DARK, round(size * 0.6))(draw, s)

    return supersampled((size, size), paint)


@lru_cache(maxsize=4)
def shield_sprite(size: int) -> Image.Image:
    """The defender's mark: a light shield with a dark rim (the attacker's is the sword)."""

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        side = size * s
        outline = [
            (side * 0.12, side * 0.1),
            (side * 0.88, side * 0.1),
            (side * 0.86, side * 0.5),
            (side * 0.5, side * 0.95),
            (side * 0.14, side * 0.5),
        ]
        draw.polygon(outline, fill=P.WHITE, outline=P.OUTLINE, width=round(side * 0.08))
        draw.line(
            [(side * 0.5, side * 0.18), (side * 0.5, side * 0.8)],
            fill=P.PENDING,
            width=round(side * 0.12),
        )

    return supersampled((size, size), paint)


@lru_cache(maxsize=4)
def sword_sprite(size: int) -> Image.Image:
    """The attacker's mark: crossed swords on a light disc."""

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        side = size * s
        draw.ellipse(
            (side * 0.04, side * 0.04, side * 0.96, side * 0.96),
            fill=P.WHITE,
            outline=P.OUTLINE,
            width=round(side * 0.07),
        )
        glyph_painter(WAR_GLYPH, P.OUTLINE, round(size * 0.66))(draw, s)

    return supersampled((size, size), paint)


@lru_cache(maxsize=64)
def ghost_sprite(kind: str, colour: str, dynasty: str, size: int) -> Image.Image:
    """A piece removed since the previous board: its sprite faded, in a dashed ring of the
    board's outline colour, so it reads as "was here" and never as a piece."""
    sprite = (
        leader_sprite(colour, dynasty, size) if kind == "leader" else tile_sprite(colour, size)
    ).copy()
    alpha = sprite.getchannel("A").point(lambda a: a * 2 // 5)
    sprite.putalpha(alpha)

    def dashes(draw: ImageDraw.ImageDraw, s: int) -> None:
        side = size * s
        width = round(side * 0.05)
        steps = 16
        for step in range(0, steps, 2):
            if kind == "leader":
                draw.arc(
                    (width, width, side - width, side - width),
                    step * 360 / steps,
                    (step + 1) * 360 / steps,
                    fill=P.OUTLINE,
                    width=width,
                )
            else:
                a, b = side * step / steps, side * (step + 1) / steps
                near, far = width / 2, side - width / 2
                for line in (((a, near), (b, near)), ((a, far), (b, far))):
                    draw.line(line, P.OUTLINE, width)
                    draw.line([(y, x) for x, y in line], P.OUTLINE, width)

    ring = supersampled((size, size), dashes)
    sprite.alpha_composite(ring)
    return sprite


@lru_cache(maxsize=4)
def hand_sprite(size: int) -> Image.Image:
    """Tiles in hand: two face-down tiles fanned."""

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        side = size * s
        for dx in (0.0, 0.26):
            draw.rounded_rectangle(
                (side * dx, side * (0.26 - dx), side * (dx + 0.72), side * (0.98 - dx)),
                radius=side * 0.08,
                fill=P.FACE_DOWN,
                outline=P.OUTLINE,
                width=round(side * 0.05),
            )

    return supersampled((size, size), paint)


# ---- the static map ------------------------------------------------------------------------------
@lru_cache(maxsize=4)
def base_board(height: int = HEIGHT) -> Image.Image:
    """River, land, corner frames and coordinates: drawn once per height, copied for each board."""
    river, corners = board_map()
    image = Image.new("RGB", (WIDTH, height), P.BACKGROUND)
    draw = ImageDraw.Draw(image)
    for row in range(ROWS):
        for column in range(COLUMNS):
            x, y = BOARD_X + column * CELL, BOARD_Y + row * CELL
            is_river = (column, row) in river
            draw.rectangle(
                (x, y, x + CELL - 1, y + CELL - 1),
                fill=P.RIVER if is_river else P.LAND,
                outline=P.RIVER_GRID if is_river else P.LAND_GRID,
            )
            if is_river:
                for k in (0.35, 0.7):
                    wave = [
                        (
                            x + 8 + t * (CELL - 16) / 10,
                            y + CELL * k + math.sin(t / 10 * 2 * math.pi) * 3,
                        )
                        for t in range(11)
                    ]
                    draw.line(wave, fill=P.RIVER_WAVE, width=2)
            if (column, row) in corners:
                draw.rectangle(
                    (x + 1, y + 1, x + CELL - 2, y + CELL - 2), outline=P.CORNER_FRAME, width=3
                )
                draw.rectangle(
                    (x + 6, y + 6, x + CELL - 7, y + CELL - 7), outline=P.CORNER_FRAME, width=1
                )
    label_font = font(TEXT_PX, "bold")
    for column in range(COLUMNS):
        cx = BOARD_X + column * CELL + CELL / 2
        letter = chr(ord("A") + column)
        for cy in (BOARD_Y / 2, BOARD_Y + BOARD_H + MARGIN / 2):
            draw.text((cx, cy), letter, font=label_font, fill=P.COORDINATE, anchor="mm")
    for row in range(ROWS):
        cy = BOARD_Y + row * CELL + CELL / 2
        for cx in (BOARD_X / 2, BOARD_X + BOARD_W + MARGIN / 2):
            # "10" and "11" a little narrower, so they keep clear of the map's edge
            size = TEXT_PX if row < 9 else READABLE_PX
            label = str(row + 1)
            draw.text((cx, cy), label, font=font(size, "bold"), fill=P.COORDINATE, anchor="mm")
    draw.rectangle(
        (BOARD_X - 1, BOARD_Y - 1, BOARD_X + BOARD_W, BOARD_Y + BOARD_H), outline=P.OUTLINE, width=1
    )
    return image


# ---- the public board ----------------------------------------------------------------------------
def _paste(image: Image.Image, sprite: Image.Image, x: float, y: float) -> None:
    image.paste(sprite, (round(x), round(y)), sprite)


def _dynasties(view: dict[str, Any]) -> dict[int, str]:
    return {int(p["seat"]): str(p["dynasty"]) for p in view.get("players", [])}


def _name(dynasty: str, lang: str) -> str:
    """The dynasty's name in ``lang`` (a seat without a display name is called by it)."""
    name = DYNASTY_NAMES.get(dynasty)
    return tr(name, lang) if name is not None else dynasty.capitalize()


def player_name(view: dict[str, Any], seat: int, lang: str) -> str:
    """What the images call a seat: the player's display name (``view["seat_names"]``, added by
    the bot) as the fonts can draw it, else the seat's dynasty."""
    names = view.get(SEAT_NAMES_KEY) or []
    if 0 <= seat < len(names) and str(names[seat]).strip():
        return drawable_name(str(names[seat]))
    dynasty = _dynasties(view).get(seat)
    if dynasty is None:
        return tr(C_("T&E image", "seat {seat}", seat=seat), lang)
    return _name(dynasty, lang)


def _seat_text(text: str, dynasties: dict[int, str], lang: str) -> str:
    """Event text with ``@N`` replaced by the seat's dynasty name."""
    return seat_text(text, lambda seat: _name(dynasties.get(seat, f"@{seat}"), lang), lang)


def _word(words: dict[str, Text], colour: Any, lang: str) -> str:
    """The word for a colour id from ``words`` in ``lang`` (an unknown id as it is)."""
    word = words.get(str(colour))
    return tr(word, lang) if word is not None else str(colour)


def _outline_square(
    draw: ImageDraw.ImageDraw, label: str, colour: P.RGB, brackets: bool, span: int = 1
) -> None:
    """Mark a square (or the ``span`` x ``span`` block from it): a solid frame (a change since
    the previous board) or corner brackets (a pending decision)."""
    x, y = square_xy(label)
    side = span * CELL
    if not brackets:
        draw.rectangle((x, y, x + side - 1, y + side - 1), outline=P.OUTLINE, width=6)
        draw.rectangle((x + 1, y + 1, x + side - 2, y + side - 2), outline=colour, width=4)
        return
    arm = CELL // 3
    for sx, sy in ((0, 0), (1, 0), (0, 1), (1, 1)):
        cx = x + sx * (side - 1)
        cy = y + sy * (side - 1)
        dx = -arm if sx else arm
        dy = -arm if sy else arm
        for width, fill in ((9, P.OUTLINE), (5, colour)):
            draw.line((cx, cy, cx + dx, cy), fill=fill, width=width)
            draw.line((cx, cy, cx, cy + dy), fill=fill, width=width)


def pending_marks(pending: dict[str, Any] | None) -> list[tuple[str, int]]:
    """The squares a pending decision is about, each with its span: a monument's choices frame
    their whole 2x2 block (the square named is its top-left corner)."""
    if not pending:
        return []
    span = 2 if pending.get("kind") == "monument" else 1
    marks = [(str(s), span) for s in pending.get("squares", [])]
    if pending.get("square"):
        marks.append((str(pending["square"]), 1))
    return marks


def fighters(view: dict[str, Any]) -> dict[str, str]:
    """The squares of the two leaders of a revolt or war waiting for support, each with its
    side (``attacker`` or ``defender``)."""
    pending = view.get("pending") or {}
    if pending.get("kind") != "support":
        return {}
    colour = pending.get("leader_colour") or pending.get("colour")
    sides = {pending.get("attacker"): "attacker", pending.get("defender"): "defender"}
    return {
        str(leader["square"]): sides[leader.get("seat")]
        for leader in view.get("board", {}).get("leaders", [])
        if leader.get("colour") == colour and leader.get("seat") in sides
    }


def _square_of(column: int, row: int) -> str:
    return f"{chr(ord('A') + column)}{row + 1}"


def _squares_by_piece(board: dict[str, Any]) -> dict[str, tuple[Any, ...]]:
    """What each occupied square holds, comparably (tile, treasure, leader, catastrophe,
    unification marker, monument)."""
    held: dict[str, list[Any]] = {}
    for tile in board.get("tiles", []):
        held.setdefault(tile["square"], []).append(
            ("tile", tile["colour"], bool(tile.get("face_down")), bool(tile.get("treasure")))
        )
    for leader in board.get("leaders", []):
        held.setdefault(leader["square"], []).append(("leader", leader["colour"], leader["seat"]))
    for square in board.get("catastrophes", []):
        held.setdefault(square, []).append(("catastrophe",))
    if board.get("unification"):
        held.setdefault(board["unification"], []).append(("unification",))
    for monument in board.get("monuments", []):
        held.setdefault(monument["square"], []).append(("monument", *monument["colours"]))
    return {square: tuple(pieces) for square, pieces in held.items()}


def changes(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """What changed on the board from the public view ``before`` to ``after`` (the boards a
    table showed one after the other), as ``after`` carries it for the image: ``changed``, the
    squares whose pieces changed (framed), and ``ghosts``, the tiles and leaders gone from the
    board since (drawn faded where they stood)."""
    old, new = before.get("board", {}), after.get("board", {})
    was, now = _squares_by_piece(old), _squares_by_piece(new)
    changed = sorted(
        (square for square in set(was) | set(now) if was.get(square) != now.get(square)),
        key=lambda s: (int(s[1:]), s[0]),
    )
    # a ghost only where nothing stands now (a catastrophe or a piece hides it anyway)
    covered = (
        {t["square"] for t in new.get("tiles", [])}
        | {x["square"] for x in new.get("leaders", [])}
        | set(new.get("catastrophes", []))
    )
    now_at = {(x["seat"], x["colour"]): x["square"] for x in new.get("leaders", [])}
    ghosts: dict[str, list[dict[str, Any]]] = {
        "tiles": [
            {"square": t["square"], "colour": t["colour"]}
            for t in old.get("tiles", [])
            if t["square"] not in covered and not t.get("face_down")
        ],
        # a leader withdrawn, beaten or moved: a ghost where it stood
        "leaders": [
            {"square": x["square"], "colour": x["colour"], "seat": x["seat"]}
            for x in old.get("leaders", [])
            if x["square"] not in covered and now_at.get((x["seat"], x["colour"])) != x["square"]
        ],
    }
    return {"changed": changed, "ghosts": ghosts}


def changed_marks(view: dict[str, Any]) -> list[tuple[str, int]]:
    """The squares framed as changed, each with its span: the view's ``changed`` squares (a
    monument's 2x2 block framed whole when all of it changed), or, in a view without them, the
    squares the last action names."""
    board = view.get("board", {})
    monuments = {m["square"] for m in board.get("monuments", [])}
    if "changed" not in view:
        action = str((view.get("last_action") or {}).get("action", ""))
        marks = []
        for match in SQUARE_PATTERN.finditer(action):
            square = match.group(0)
            built = action.startswith("monument") and square in monuments
            marks.append((square, 2 if built else 1))
        return marks
    changed = [str(s) for s in view.get("changed") or []]
    left = set(changed)
    marks = []
    for square in sorted(monuments, key=lambda s: (int(s[1:]), s[0])):
        column, row = ord(square[0]) - ord("A"), int(square[1:]) - 1
        block = {_square_of(column + dc, row + dr) for dc in (0, 1) for dr in (0, 1)}
        if block <= left:
            marks.append((square, 2))
            left -= block
    marks.extend((square, 1) for square in changed if square in left)
    return marks


def _draw_pieces(image: Image.Image, view: dict[str, Any]) -> None:
    board = view.get("board", {})
    dynasties = _dynasties(view)
    tile = CELL - 2 * TILE_INSET
    ghosts = view.get("ghosts") or {}
    for entry in ghosts.get("tiles", []):
        x, y = square_xy(entry["square"])
        _paste(
            image, ghost_sprite("tile", entry["colour"], "", tile), x + TILE_INSET, y + TILE_INSET
        )
    for leader in ghosts.get("leaders", []):
        x, y = square_xy(leader["square"])
        dynasty = dynasties.get(int(leader["seat"]), "?")
        _paste(image, ghost_sprite("leader", leader["colour"], dynasty, CELL - 4), x + 2, y + 2)
    covered: set[str] = set()
    for monument in board.get("monuments", []):
        column, row = ord(monument["square"][0]) - ord("A"), int(monument["square"][1:])
        covered.update(f"{chr(ord('A') + column + dc)}{row + dr}" for dc in (0, 1) for dr in (0, 1))
    for entry in board.get("tiles", []):
        x, y = square_xy(entry["square"])
        if entry.get("face_down"):
            if entry["square"] not in covered:
                _paste(image, face_down_sprite(tile), x + TILE_INSET, y + TILE_INSET)
        else:
            _paste(image, tile_sprite(entry["colour"], tile), x + TILE_INSET, y + TILE_INSET)
        if entry.get("treasure"):
            size = CELL // 2 if entry.get("corner") else CELL * 2 // 5
            _paste(
                image, treasure_sprite(bool(entry.get("corner")), size), x + CELL - size - 1, y + 1
            )
    for monument in board.get("monuments", []):
        x, y = square_xy(monument["square"])
        first, second = monument["colours"]
        _paste(
            image,
            monument_sprite(first, second, 2 * CELL - 2 * TILE_INSET),
            x + TILE_INSET,
            y + TILE_INSET,
        )
    for square in board.get("catastrophes", []):
        x, y = square_xy(square)
        _paste(image, catastrophe_sprite(tile), x + TILE_INSET, y + TILE_INSET)
    fighting = fighters(view)
    draw = ImageDraw.Draw(image)
    for leader in board.get("leaders", []):
        x, y = square_xy(leader["square"])
        dynasty = dynasties.get(int(leader["seat"]), "?")
        side = fighting.get(leader["square"])
        if side is not None:  # a leader in the revolt or war: a ring of the pending colour
            draw.ellipse((x + 1, y + 1, x + CELL - 2, y + CELL - 2), fill=P.OUTLINE)
            draw.ellipse((x + 3, y + 3, x + CELL - 4, y + CELL - 4), fill=P.PENDING)
            _paste(image, leader_sprite(leader["colour"], dynasty, CELL - 16), x + 8, y + 8)
            mark = sword_sprite(30) if side == "attacker" else shield_sprite(30)
            _paste(image, mark, x, y)
        else:
            _paste(image, leader_sprite(leader["colour"], dynasty, CELL - 4), x + 2, y + 2)
    if board.get("unification"):
        x, y = square_xy(board["unification"])
        # small enough that the tile waiting under it still shows its colour around the ring
        size = CELL * 5 // 8
        _paste(image, unification_sprite(size), x + (CELL - size) / 2, y + (CELL - size) / 2)


def _highlight(image: Image.Image, view: dict[str, Any]) -> None:
    draw = ImageDraw.Draw(image)
    for square, span in changed_marks(view):
        _outline_square(draw, square, P.ACCENT, brackets=False, span=span)
    for square, span in pending_marks(view.get("pending")):
        _outline_square(draw, square, P.PENDING, brackets=True, span=span)


def _fit(text: str, width: float, size: int, weight: str, minimum: int) -> tuple[str, int]:
    """``text`` and the size to draw it at within ``width``: shrunk down to ``minimum``, then
    cut with "…" (the message text beside the image says it whole)."""
    size = fit_size(text, width, size, weight, minimum=minimum)
    return clipped(text, width, size, weight), size


def _heading(view: dict[str, Any], lang: str) -> str:
    """The strip's title: the game over, the revolt or war being fought, or the turn."""
    pending = view.get("pending") or {}
    if view.get("game_over"):
        return tr(C_("T&E image", "Game over"), lang)
    if pending.get("kind") == "support":
        # named by its leaders: a revolt's `colour` is red, the colour of its supporters
        leader = pending.get("leader_colour") or pending.get("colour")
        conflict = {"leaders": _word(LEADERS, leader, lang), "square": pending.get("square")}
        if pending.get("conflict") == "war":
            return tr(C_("T&E image", "War of {leaders} at {square}", **conflict), lang)
        return tr(C_("T&E image", "Revolt of {leaders} at {square}", **conflict), lang)
    return tr(C_("T&E image", "Turn {n}", n=view.get("turn_number", 1)), lang)


def _draw_header(image: Image.Image, view: dict[str, Any], lang: str) -> None:
    """The strip's first line: its heading on the left, the bag and the monuments left on the
    right."""
    draw = ImageDraw.Draw(image)
    left, right = STRIP_PAD, WIDTH - STRIP_PAD
    middle = STRIP_Y + HEADER_H / 2 - 2
    chip = 44
    available = view.get("monuments_available", [])
    x = right - len(available) * (chip + 4) + 4
    for first, second in available:
        _paste(image, monument_sprite(first, second, chip), x, middle - chip / 2)
        x += chip + 4
    chips_left = right - len(available) * (chip + 4) - (20 if available else 0)
    bag = tr(N_("Bag: {n} tile", "Bag: {n} tiles", int(view.get("bag_size", 0))), lang)
    bag_width = text_width(bag, READABLE_PX, "bold")
    draw_text(draw, (chips_left, middle), bag, READABLE_PX, "bold", P.TEXT, "rm")
    heading, size = _fit(
        _heading(view, lang), chips_left - bag_width - 24 - left, TEXT_PX, "bold", READABLE_PX
    )
    fill = P.PENDING if (view.get("pending") or {}).get("kind") == "support" else P.TEXT
    draw_text(draw, (left, middle), heading, size, "bold", fill, "lm")


def _strength(pending: dict[str, Any], side: str) -> str:
    committed = pending.get(f"{side}_committed")
    extra = "?" if committed is None else str(committed)
    return f"{pending.get(f'{side}_base', 0)} + {extra}"


def _draw_player(
    image: Image.Image, player: dict[str, Any], view: dict[str, Any], x0: int, y0: int, lang: str
) -> None:
    """A player's box: dynasty badge and name (▶ when they must act), leaders still in supply,
    catastrophes, tiles in hand, their side's strength in a revolt or war, and their points
    where the view shows them."""
    draw = ImageDraw.Draw(image)
    seat = int(player["seat"])
    dynasty = str(player["dynasty"])
    acting = seat in view.get("to_act", [])
    scored = open_scoring(view)
    draw.rounded_rectangle(
        (x0, y0, x0 + BOX_W - 1, y0 + (BOX_H_SCORED if scored else BOX_H) - 1),
        radius=12,
        fill=P.PANEL_ACTIVE if acting else P.PANEL,
        outline=P.ACCENT if acting else P.PANEL_LINE,
        width=4 if acting else 1,
    )
    badge = 48
    _paste(image, dynasty_sprite(dynasty, badge), x0 + 10, y0 + 8)
    title = player_name(view, seat, lang)
    if view.get("viewer") == seat:
        title = tr(C_("T&E image", "{name} (you)", name=title), lang)
    robot = seat in ai_seats_of(view)
    finals = (view.get("final") or {}).get("final_score") or []
    final = ""
    if view.get("game_over") and seat < len(finals):  # what decides: the weakest colour
        final = tr(C_("T&E image", "score {n}", n=finals[seat]), lang)
        final_width = text_width(final, READABLE_PX, "bold")
        draw_text(draw, (x0 + BOX_W - 14, y0 + 32), final, READABLE_PX, "bold", P.ACCENT, "rm")
    room = BOX_W - badge - 30 - (44 if acting else 0) - (44 if robot else 0)
    room -= round(final_width) + 16 if final else 0
    title, size = _fit(title, room, TEXT_PX, "bold", READABLE_PX)
    name_x = x0 + badge + 20
    draw_text(draw, (name_x, y0 + 32), title, size, "bold", P.TEXT, "lm")
    if robot:  # played by an AI
        title_end = name_x + text_width(title, size, "bold")
        _paste(image, robot_sprite(34), round(title_end) + 10, y0 + 14)
    if acting:  # a shape, not a word: "to act" in every language
        tip, mid = x0 + BOX_W - 14, y0 + 32
        draw.polygon([(tip - 26, mid - 15), (tip, mid), (tip - 26, mid + 15)], fill=P.ACCENT)
    row_y = y0 + 62
    size = 42
    score = player.get("score")
    if score is not None and not scored:  # the game is over: the points say it all
        _draw_scores(image, score, int(player.get("treasures", 0)), x0 + 10, row_y + 2)
        return
    # leaders still in supply (a faint ring where a leader is on the board), catastrophes, hand
    supply = set(player.get("leaders_in_supply", []))
    x = x0 + 10
    for colour in ("black", "red", "blue", "green"):
        if colour in supply:
            _paste(image, leader_sprite(colour, dynasty, size), x, row_y)
        else:
            draw.ellipse(
                (x + 4, row_y + 4, x + size - 4, row_y + size - 4), outline=P.PANEL_LINE, width=2
            )
        x += size + 4
    x += 10
    for _ in range(int(player.get("catastrophes", 0))):
        _paste(image, catastrophe_sprite(size - 4), x, row_y + 2)
        x += size
    x += 14
    _paste(image, hand_sprite(size), x, row_y)
    hand = str(int(player.get("hand_size", 0)))
    draw_text(draw, (x + size + 6, row_y + size / 2), hand, TEXT_PX, "bold", P.TEXT, "lm")
    pending = view.get("pending") or {}
    if pending.get("kind") == "support" and seat in (
        pending.get("attacker"),
        pending.get("defender"),
    ):
        side = "attacker" if seat == pending.get("attacker") else "defender"
        strength = _strength(pending, side)
        right = x0 + BOX_W - 12
        draw_text(draw, (right, row_y + size / 2), strength, TEXT_PX, "bold", P.PENDING, "rm")
        mark = sword_sprite(40) if side == "attacker" else shield_sprite(40)
        _paste(image, mark, right - text_width(strength, TEXT_PX, "bold") - 48, row_y + 1)
    if score is not None:
        _draw_scores(image, score, int(player.get("treasures", 0)), x0 + 10, row_y + size + 10)


def _draw_scores(image: Image.Image, score: dict[str, Any], treasures: int, x: int, y: int) -> None:
    """Four colour chips with their points, then the treasure count."""
    draw = ImageDraw.Draw(image)
    chip = 38
    for colour in COLOURS:
        _paste(image, tile_sprite(colour, chip), x, y)
        draw_text(
            draw,
            (x + chip + 6, y + chip / 2),
            str(score.get(colour, 0)),
            TEXT_PX,
            "bold",
            P.TEXT,
            "lm",
        )
        x += chip + 72
    _paste(image, treasure_sprite(False, chip), x, y)
    draw_text(draw, (x + chip + 6, y + chip / 2), str(treasures), TEXT_PX, "bold", P.TEXT, "lm")


def _draw_panel(image: Image.Image, view: dict[str, Any], lang: str) -> None:
    """The strip under the map: the heading, the bag and monuments, then the players' boxes."""
    _draw_header(image, view, lang)
    box = BOX_H_SCORED if open_scoring(view) else BOX_H
    for index, player in enumerate(view.get("players", [])):
        x = STRIP_PAD + (index % 2) * (BOX_W + BOX_GAP)
        y = STRIP_Y + HEADER_H + (index // 2) * (box + BOX_GAP)
        _draw_player(image, player, view, x, y, lang)


def _seats(view: dict[str, Any]) -> int:
    return int(view.get("seats") or len(view.get("players", [])) or 4)


def board_image(view: dict[str, Any], lang: str) -> Image.Image:
    """The public board with the players under it."""
    image = base_board(height_for(_seats(view), open_scoring(view))).copy()
    _draw_pieces(image, view)
    _highlight(image, view)
    _draw_panel(image, view, lang)
    return image


def render_board(view: dict[str, Any], lang: str) -> bytes:
    """PNG of the public board."""
    return png_bytes(board_image(view, lang))


# ---- the private image ---------------------------------------------------------------------------
def final_score_now(score: dict[str, Any], treasures: int) -> int:
    """The player's weakest colour after placing every treasure where it helps most."""
    points = sorted(int(score.get(c, 0)) for c in COLOURS)
    for _ in range(treasures):
        points[0] += 1
        points.sort()
    return points[0]


def private_image(view: dict[str, Any], lang: str) -> Image.Image:
    """The seat's own tiles (three to a row), hidden scores per colour and treasures: sized so
    its texts read at 11 CSS px or more once a phone fits it into 400 x 400."""
    viewer = view.get("viewer")
    me = next((p for p in view.get("players", []) if p.get("seat") == viewer), None)
    if me is None or viewer is None:
        raise ValueError("a private image needs the seat's own view (viewer is missing)")
    seat = int(viewer)
    image = Image.new("RGB", (PRIVATE_W, PRIVATE_H), P.BACKGROUND)
    draw = ImageDraw.Draw(image)
    dynasty = str(me["dynasty"])
    _paste(image, dynasty_sprite(dynasty, 56), 20, 16)
    name = player_name(view, int(seat), lang)
    heading = tr(C_("T&E image", "{dynasty}: your tiles", dynasty=name), lang)
    heading, size = _fit(heading, PRIVATE_W - 110, 38, "bold", PRIVATE_READABLE_PX)
    draw_text(draw, (90, 44), heading, size, "bold", P.TEXT, "lm")
    hand = list(view.get("hand", []))
    gap = 18
    for index, colour in enumerate(hand):
        x = 20 + (index % 3) * (PRIVATE_TILE + gap)
        y = 96 + (index // 3) * (PRIVATE_TILE + 78)
        _paste(image, tile_sprite(colour, PRIVATE_TILE), x, y)
        word, size = _fit(
            tr(TILE_NAMES.get(colour, colour), lang),
            PRIVATE_TILE + gap - 4,
            PRIVATE_TEXT_PX,
            "bold",
            PRIVATE_READABLE_PX,
        )
        draw_text(
            draw, (x + PRIVATE_TILE / 2, y + PRIVATE_TILE + 20), word, size, "bold", P.TEXT, "mm"
        )
        # How the tile is typed (`/move tile red F4`): the notation is English, and in another
        # language `/move` finds the tile by the word above it (`tapınak f4`), so only English
        # readers get the notation line.
        if lang == DEFAULT:
            draw_text(
                draw,
                (x + PRIVATE_TILE / 2, y + PRIVATE_TILE + 52),
                f"tile {colour}",
                PRIVATE_READABLE_PX,
                "regular",
                P.TEXT_DIM,
                "mm",
            )
    if not hand:
        empty = tr(C_("T&E image", "No tiles in hand"), lang)
        draw_text(draw, (24, 150), empty, PRIVATE_TEXT_PX + 4, fill=P.TEXT_DIM)
    # the points column
    sx = 20 + 3 * (PRIVATE_TILE + gap) + 4
    draw.rounded_rectangle((sx - 10, 92, PRIVATE_W - 14, PRIVATE_H - 16), radius=14, fill=P.PANEL)
    column = PRIVATE_W - 14 - sx - 12
    points = tr(C_("T&E image", "Your points"), lang)
    points, size = _fit(points, column, 30, "bold", PRIVATE_READABLE_PX)
    draw_text(draw, (sx + 4, 104), points, size, "bold", P.TEXT)
    score = me.get("score") or {}
    treasures = int(me.get("treasures", 0))
    chip = 44
    y = 152
    for i, colour in enumerate(COLOURS):
        cx = sx + 4 + (i % 2) * 118
        cy = y + (i // 2) * (chip + 14)
        _paste(image, tile_sprite(colour, chip), cx, cy)
        draw_text(
            draw,
            (cx + chip + 8, cy + chip / 2),
            str(score.get(colour, 0)),
            32,
            "bold",
            P.TEXT,
            "lm",
        )
    cy = y + 2 * (chip + 14)
    _paste(image, treasure_sprite(False, chip), sx + 4, cy)
    held = tr(N_("{n} treasure", "{n} treasures", treasures), lang)
    held, size = _fit(held, column - chip - 8, PRIVATE_TEXT_PX, "bold", PRIVATE_READABLE_PX)
    draw_text(draw, (sx + 4 + chip + 8, cy + chip / 2), held, size, "bold", P.TEXT, "lm")
    final = view.get("final") or {}
    finals = final.get("final_score")
    if view.get("game_over") and finals is not None and int(seat) < len(finals):
        now = C_("T&E image", "Final score: {n}", n=finals[int(seat)])
    else:
        now = C_("T&E image", "Score if it ended now: {n}", n=final_score_now(score, treasures))
    lines = wrap(tr(now, lang), column, PRIVATE_TEXT_PX)
    ty = cy + chip + 24
    for line in lines[:3]:
        draw_text(draw, (sx + 4, ty), line, PRIVATE_TEXT_PX, fill=P.ACCENT)
        ty += PRIVATE_TEXT_PX + 6
    return image


def render_private(view: dict[str, Any], lang: str) -> bytes:
    """PNG of the seat's own tiles and hidden scores."""
    return png_bytes(private_image(view, lang))

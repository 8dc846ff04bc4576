"""Tigris & Euphrates images: the public board with its side panel, and a player's own tiles.

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

from bot.i18n import C_, N_, Text, tr
from renderers import palette as P
from renderers._draw import (
    DATA_DIR,
    ai_seats_of,
    draw_text,
    fit_size,
    font,
    glyph_painter,
    robot_sprite,
    supersampled,
    text_width,
    wrap,
)
from renderers._text import seat_text
from renderers.indexed import png_bytes

# ---- geometry (every position on the board image comes from these numbers) -------------------
COLUMNS = 16
ROWS = 11
CELL = 68
MARGIN = 34  # room for the A-P / 1-11 coordinates
BOARD_X = MARGIN
BOARD_Y = MARGIN
BOARD_W = COLUMNS * CELL
BOARD_H = ROWS * CELL
PANEL_X = BOARD_X + BOARD_W + MARGIN
PANEL_W = 392
WIDTH = PANEL_X + PANEL_W + 12
HEIGHT = BOARD_Y + BOARD_H + MARGIN
TILE_INSET = 4  # gap between a tile and its square's edge
PANEL_PAD = 12

PRIVATE_TILE = 136
PRIVATE_W = 1280
PRIVATE_H = 360

COLOURS = ("red", "blue", "green", "black")
#: The colours as words (the notation's ``red`` is for typing, not for reading).
COLOUR_NAMES = {
    "red": C_("T&E image", "red"),
    "blue": C_("T&E image", "blue"),
    "green": C_("T&E image", "green"),
    "black": C_("T&E image", "black"),
}
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


# ---- the static map ------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def base_board() -> Image.Image:
    """River, land, corner frames and coordinates: drawn once, copied for every render."""
    river, corners = board_map()
    image = Image.new("RGB", (WIDTH, HEIGHT), P.BACKGROUND)
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
    label_font = font(19, "bold")
    for column in range(COLUMNS):
        cx = BOARD_X + column * CELL + CELL / 2
        letter = chr(ord("A") + column)
        draw.text((cx, BOARD_Y / 2), letter, font=label_font, fill=P.COORDINATE, anchor="mm")
        draw.text(
            (cx, BOARD_Y + BOARD_H + MARGIN / 2),
            letter,
            font=label_font,
            fill=P.COORDINATE,
            anchor="mm",
        )
    for row in range(ROWS):
        cy = BOARD_Y + row * CELL + CELL / 2
        draw.text((BOARD_X / 2, cy), str(row + 1), font=label_font, fill=P.COORDINATE, anchor="mm")
        draw.text(
            (BOARD_X + BOARD_W + MARGIN / 2, cy),
            str(row + 1),
            font=label_font,
            fill=P.COORDINATE,
            anchor="mm",
        )
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
    """The dynasty's name in ``lang`` (players are called by their dynasty on the board)."""
    name = DYNASTY_NAMES.get(dynasty)
    return tr(name, lang) if name is not None else dynasty.capitalize()


def _seat_text(text: str, dynasties: dict[int, str], lang: str) -> str:
    """Event text with ``@N`` replaced by the seat's dynasty name."""
    return seat_text(text, lambda seat: _name(dynasties.get(seat, f"@{seat}"), lang), lang)


def _word(words: dict[str, Text], colour: Any, lang: str) -> str:
    """The word for a colour id from ``words`` in ``lang`` (an unknown id as it is)."""
    word = words.get(str(colour))
    return tr(word, lang) if word is not None else str(colour)


def _action_shown(action: str, lang: str) -> str:
    """The last action as the board shows it: the notation the player typed, except a hidden
    swap, which the public view sums up as "swap 3 tiles" and the board says in words."""
    swap = re.fullmatch(r"swap (\d+) tiles?", action)
    if swap is None:
        return action
    count = int(swap.group(1))
    return tr(N_("swapped {n} tile", "swapped {n} tiles", count), lang)


def _outline_square(
    draw: ImageDraw.ImageDraw, label: str, colour: P.RGB, brackets: bool, span: int = 1
) -> None:
    """Mark a square (or the ``span`` x ``span`` block from it): a solid frame (last action) or
    corner brackets (a pending decision)."""
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


def _pending_squares(pending: dict[str, Any] | None) -> list[str]:
    if not pending:
        return []
    squares = list(pending.get("squares", []))
    if pending.get("square"):
        squares.append(str(pending["square"]))
    return squares


def _draw_pieces(image: Image.Image, view: dict[str, Any]) -> None:
    board = view.get("board", {})
    dynasties = _dynasties(view)
    tile = CELL - 2 * TILE_INSET
    covered: set[str] = set()
    for monument in board.get("monuments", []):
        x, y = square_xy(monument["square"])
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
    for leader in board.get("leaders", []):
        x, y = square_xy(leader["square"])
        dynasty = dynasties.get(int(leader["seat"]), "?")
        _paste(image, leader_sprite(leader["colour"], dynasty, CELL - 4), x + 2, y + 2)
    if board.get("unification"):
        x, y = square_xy(board["unification"])
        # small enough that the tile waiting under it still shows its colour around the ring
        size = CELL * 5 // 8
        _paste(image, unification_sprite(size), x + (CELL - size) / 2, y + (CELL - size) / 2)


def _highlight(image: Image.Image, view: dict[str, Any]) -> None:
    draw = ImageDraw.Draw(image)
    last = view.get("last_action") or {}
    action = str(last.get("action", ""))
    monuments = {m["square"] for m in view.get("board", {}).get("monuments", [])}
    for match in SQUARE_PATTERN.finditer(action):
        square = match.group(0)
        built = action.startswith("monument") and square in monuments
        _outline_square(draw, square, P.ACCENT, brackets=False, span=2 if built else 1)
    for square in _pending_squares(view.get("pending")):
        _outline_square(draw, square, P.PENDING, brackets=True)


class _Panel:
    """A top-to-bottom writer for the side panel."""

    def __init__(self, image: Image.Image, x: int, y: int, width: int) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)
        self.x = x
        self.y = y
        self.width = width

    def text(
        self,
        text: str,
        size: int,
        fill: P.RGB = P.TEXT,
        weight: str = "regular",
        indent: int = 0,
        gap: int = 4,
    ) -> None:
        if self.y + size > HEIGHT - 4:  # the panel is full: drop what no longer fits
            return
        draw_text(self.draw, (self.x + indent, self.y), text, size, weight, fill)
        self.y += size + gap

    def lines(self, text: str, size: int, fill: P.RGB = P.TEXT, max_lines: int = 3) -> None:
        for line in wrap(text, self.width, size)[:max_lines]:
            self.text(line, size, fill, gap=3)


def _pending_text(view: dict[str, Any], dynasties: dict[int, str], lang: str) -> list[str]:
    """What the table waits for, in a few short lines."""
    pending = view.get("pending")

    def who(seat: Any) -> str:
        dynasty = dynasties.get(int(seat))
        if dynasty is None:
            return tr(C_("T&E image", "seat {seat}", seat=seat), lang)
        return _name(dynasty, lang)

    def squares() -> str:
        return ", ".join(str(s) for s in (pending or {}).get("squares", []))

    if view.get("game_over"):
        return []
    waiting = ", ".join(who(s) for s in view.get("to_act", []))
    lines: list[Text] = []
    if not pending:
        left = int(view.get("actions_left", 0))
        lines.append(
            N_(
                "{player} to play: {n} action left",
                "{player} to play: {n} actions left",
                left,
                player=who(view.get("turn", 0)),
            )
        )
    elif pending.get("kind") == "support":
        # named by its leaders: a revolt's `colour` is red, the colour of its supporters
        leader = pending.get("leader_colour") or pending.get("colour")
        conflict = {"leaders": _word(LEADERS, leader, lang), "square": pending.get("square")}
        if pending.get("conflict") == "war":
            lines.append(C_("T&E image", "War of {leaders} at {square}", **conflict))
        else:
            lines.append(C_("T&E image", "Revolt of {leaders} at {square}", **conflict))
        for side in ("attacker", "defender"):
            committed = pending.get(f"{side}_committed")
            strength = {
                "player": who(pending[side]),
                "base": pending.get(f"{side}_base", 0),
                "extra": "?" if committed is None else str(committed),
            }
            if side == "attacker":
                lines.append(C_("T&E image", "Attacker {player}: {base} + {extra}", **strength))
            else:
                lines.append(C_("T&E image", "Defender {player}: {base} + {extra}", **strength))
        lines.append(C_("T&E image", "Waiting for {players} to add supporters", players=waiting))
    elif pending.get("kind") == "war_order":
        leaders = ", ".join(_word(LEADERS, c, lang) for c in pending.get("colours", []))
        chooser = who(pending.get("chooser"))
        lines.append(
            C_(
                "T&E image",
                "Wars at {square}: {leaders}",
                square=pending.get("square"),
                leaders=leaders,
            )
        )
        lines.append(C_("T&E image", "{player} picks which war comes first", player=chooser))
    elif pending.get("kind") == "monument":
        colour = _word(COLOUR_NAMES, pending.get("colour"), lang)
        chooser = who(pending.get("chooser"))
        lines.append(
            C_(
                "T&E image",
                "Monument possible on {colour} at {squares}",
                colour=colour,
                squares=squares(),
            )
        )
        lines.append(C_("T&E image", "{player} chooses a monument or none", player=chooser))
    elif pending.get("kind") == "treasure":
        count = int(pending.get("count", 1))
        chooser = who(pending.get("chooser"))
        lines.append(
            N_("{player} takes {n} treasure", "{player} takes {n} treasures", count, player=chooser)
        )
        lines.append(C_("T&E image", "from {squares}", squares=squares()))
    else:
        lines.append(C_("T&E image", "Waiting for {players}", players=waiting))
    return [tr(line, lang) for line in lines]


def _draw_scores(
    panel: _Panel, score: dict[str, Any], treasures: int, x: int, y: int, size: int
) -> None:
    """Four colour chips with their points, then the treasure count."""
    for colour in COLOURS:
        _paste(panel.image, tile_sprite(colour, size), x, y)
        panel.draw.text(
            (x + size + 4, y + size / 2),
            str(score.get(colour, 0)),
            font=font(round(size * 0.8), "bold"),
            fill=P.TEXT,
            anchor="lm",
        )
        x += size + 42
    _paste(panel.image, treasure_sprite(False, size), x, y)
    panel.draw.text(
        (x + size + 4, y + size / 2),
        str(treasures),
        font=font(round(size * 0.8), "bold"),
        fill=P.TEXT,
        anchor="lm",
    )


def _draw_player(
    panel: _Panel, player: dict[str, Any], view: dict[str, Any], height: int, lang: str
) -> None:
    seat = int(player["seat"])
    dynasty = str(player["dynasty"])
    acting = seat in view.get("to_act", [])
    x0, y0 = panel.x, panel.y
    panel.draw.rounded_rectangle(
        (x0 - 6, y0, x0 + panel.width + 6, y0 + height - 8),
        radius=10,
        fill=P.PANEL_ACTIVE if acting else P.PANEL,
        outline=P.ACCENT if acting else P.PANEL_LINE,
        width=3 if acting else 1,
    )
    badge = 44
    _paste(panel.image, dynasty_sprite(dynasty, badge), x0 + 2, y0 + 8)
    title = _name(dynasty, lang)
    if view.get("viewer") == seat:
        title = tr(C_("T&E image", "{name} (you)", name=title), lang)
    to_act = tr(C_("T&E image", "▶ to act"), lang)
    # the name keeps clear of the "to act" mark (and of the robot) in every language
    room = panel.width - badge - 12 - (text_width(to_act, 20, "bold") + 8 if acting else 0)
    robot = seat in ai_seats_of(view)
    title_size = fit_size(title, room - (38 if robot else 0), 24, "bold", minimum=14)
    draw_text(panel.draw, (x0 + badge + 12, y0 + 8), title, title_size, "bold", P.TEXT)
    if robot:  # played by an AI
        title_end = x0 + badge + 12 + text_width(title, title_size, "bold")
        _paste(panel.image, robot_sprite(28), round(title_end) + 10, y0 + 7)
    if acting:
        draw_text(panel.draw, (x0 + panel.width, y0 + 10), to_act, 20, "bold", P.ACCENT, "ra")
    hand = int(player.get("hand_size", 0))
    in_hand = tr(N_("{n} tile in hand", "{n} tiles in hand", hand), lang)
    draw_text(panel.draw, (x0 + badge + 12, y0 + 36), in_hand, 17, fill=P.TEXT_DIM)
    # leaders still in supply (a faint ring where a leader is on the board), then catastrophes
    row_y = y0 + 56
    size = 30
    supply = set(player.get("leaders_in_supply", []))
    x = x0 + 2
    for colour in ("black", "red", "blue", "green"):
        if colour in supply:
            _paste(panel.image, leader_sprite(colour, dynasty, size), x, row_y)
        else:
            panel.draw.ellipse(
                (x + 3, row_y + 3, x + size - 3, row_y + size - 3), outline=P.PANEL_LINE, width=2
            )
        x += size + 4
    x += 14
    for _ in range(int(player.get("catastrophes", 0))):
        _paste(panel.image, catastrophe_sprite(size - 2), x, row_y + 1)
        x += size + 2
    score = player.get("score")
    if score is not None:
        _draw_scores(panel, score, int(player.get("treasures", 0)), x0 + 2, row_y + size + 8, 24)
    panel.y = y0 + height


def _draw_panel(image: Image.Image, view: dict[str, Any], lang: str) -> None:
    dynasties = _dynasties(view)
    panel = _Panel(image, PANEL_X + PANEL_PAD, BOARD_Y - 10, PANEL_W - 2 * PANEL_PAD)
    if view.get("game_over"):
        heading = C_("T&E image", "Game over")
    else:
        heading = C_("T&E image", "Turn {n}", n=view.get("turn_number", 1))
    panel.text(tr(heading, lang), 30, P.TEXT, "bold", gap=6)
    final = view.get("final") or {}
    if final.get("final_score"):
        ranking = " > ".join(
            " = ".join(f"{_name(dynasties[s], lang)} {final['final_score'][s]}" for s in group)
            for group in final.get("ranking", [])
        )
        panel.lines(tr(C_("T&E image", "Final: {ranking}", ranking=ranking), lang), 19, P.ACCENT)
    for line in _pending_text(view, dynasties, lang):
        panel.lines(line, 19, P.ACCENT if view.get("pending") else P.TEXT, max_lines=2)
    panel.y += 8
    players = view.get("players", [])
    has_scores = any(p.get("score") is not None for p in players)
    block = 128 if has_scores else 98
    for player in players:
        _draw_player(panel, player, view, block, lang)
    # bag and monuments still beside the board
    panel.y += 2
    bag = int(view.get("bag_size", 0))
    panel.text(tr(N_("Bag: {n} tile", "Bag: {n} tiles", bag), lang), 19, P.TEXT, "bold", gap=6)
    available = view.get("monuments_available", [])
    if available:
        # the chips start below the bag line's descenders (the cedilla of "taş")
        label = tr(C_("T&E image", "Monuments:"), lang)
        size = fit_size(label, 114, 17, minimum=12)
        draw_text(panel.draw, (panel.x, panel.y + 17), label, size, fill=P.TEXT_DIM, anchor="lm")
        x = panel.x + 122
        for first, second in available:
            _paste(image, monument_sprite(first, second, 34), x, panel.y)
            x += 40
        panel.y += 42
    last = view.get("last_action")
    if last:
        who = _name(dynasties.get(int(last["seat"]), "?"), lang)
        action = _action_shown(str(last["action"]), lang)
        text = C_("T&E image", "Last: {player}: {action}", player=who, action=action)
        panel.lines(tr(text, lang), 18, P.TEXT, max_lines=2)
    for event in view.get("events", [])[:3]:
        line = _seat_text(str(event.get("text", "")), dynasties, lang)
        panel.lines("• " + line, 16, P.TEXT_DIM, 2)


def board_image(view: dict[str, Any], lang: str) -> Image.Image:
    """The public board with its side panel."""
    image = base_board().copy()
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
    """The seat's own tiles, hidden scores per colour and treasures."""
    seat = view.get("viewer")
    me = next((p for p in view.get("players", []) if p.get("seat") == seat), None)
    if me is None:
        raise ValueError("a private image needs the seat's own view (viewer is missing)")
    image = Image.new("RGB", (PRIVATE_W, PRIVATE_H), P.BACKGROUND)
    draw = ImageDraw.Draw(image)
    dynasty = str(me["dynasty"])
    _paste(image, dynasty_sprite(dynasty, 52), 24, 18)
    heading = tr(C_("T&E image", "{dynasty}: your tiles", dynasty=_name(dynasty, lang)), lang)
    draw_text(draw, (90, 22), heading, fit_size(heading, 1060, 34, "bold"), "bold", P.TEXT)
    hand = list(view.get("hand", []))
    x = 24
    for colour in hand:
        _paste(image, tile_sprite(colour, PRIVATE_TILE), x, 96)
        name = tr(TILE_NAMES.get(colour, colour), lang)
        draw_text(
            draw,
            (x + PRIVATE_TILE / 2, 96 + PRIVATE_TILE + 20),
            name,
            fit_size(name, PRIVATE_TILE + 8, 20, "bold", minimum=12),
            "bold",
            P.TEXT,
            "mm",
        )
        # how the tile is typed, shown as notation (`/move tile red F4`), not as a colour word
        hint = f"tile {colour}"
        draw_text(
            draw,
            (x + PRIVATE_TILE / 2, 96 + PRIVATE_TILE + 46),
            hint,
            18,
            "regular",
            P.TEXT_DIM,
            "mm",
        )
        x += PRIVATE_TILE + 12
    if not hand:
        draw_text(
            draw, (24, 150), tr(C_("T&E image", "No tiles in hand"), lang), 26, fill=P.TEXT_DIM
        )
    # scores column
    sx = 24 + 6 * (PRIVATE_TILE + 12) + 14
    draw.rounded_rectangle((sx - 8, 90, PRIVATE_W - 16, PRIVATE_H - 20), radius=12, fill=P.PANEL)
    column = PRIVATE_W - 16 - sx - 12  # room for text in the scores column
    points = tr(C_("T&E image", "Your points"), lang)
    draw_text(draw, (sx + 6, 100), points, fit_size(points, column, 24, "bold"), "bold", P.TEXT)
    score = me.get("score") or {}
    treasures = int(me.get("treasures", 0))
    y = 138
    chip = 34
    for i, colour in enumerate(COLOURS):
        cx = sx + 6 + (i % 2) * 112
        cy = y + (i // 2) * (chip + 12)
        _paste(image, tile_sprite(colour, chip), cx, cy)
        draw.text(
            (cx + chip + 8, cy + chip / 2),
            str(score.get(colour, 0)),
            font=font(28, "bold"),
            fill=P.TEXT,
            anchor="lm",
        )
    cy = y + 2 * (chip + 12)
    _paste(image, treasure_sprite(False, chip), sx + 6, cy)
    held = tr(N_("{n} treasure", "{n} treasures", treasures), lang)
    size = fit_size(held, column - chip - 8, 22, "bold")
    draw_text(draw, (sx + 6 + chip + 8, cy + chip / 2), held, size, "bold", P.TEXT, "lm")
    now = tr(
        C_("T&E image", "Score if it ended now: {n}", n=final_score_now(score, treasures)), lang
    )
    draw_text(draw, (sx + 6, cy + chip + 16), now, fit_size(now, column, 18), fill=P.ACCENT)
    return image


def render_private(view: dict[str, Any], lang: str) -> bytes:
    """PNG of the seat's own tiles and hidden scores."""
    return png_bytes(private_image(view, lang))

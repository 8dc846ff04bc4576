"""Readable Tigris & Euphrates positions for scenario tests.

A position starts from a stacked new game (hands dealt from the front of the bag, so the 153
tiles stay accounted for) and then has squares painted on it, one row fragment per line::

    board='''
        H7: P1 r* .  K0
        H8: r  g
    '''

Each line starts at a square and fills the squares to its right. Tokens:
``.`` empty, ``_`` leave as it is, ``r b g k`` face-up red/blue/green/black tiles (``r*`` with a
treasure), ``x`` a face-down tile (``x*`` with a treasure), ``#`` a catastrophe, and leaders
``K P F T`` (king, priest, farmer, trader) followed by the seat: ``K0``, ``T2``.
Painting a square removes a starting treasure there unless the token carries ``*``.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from bot.games import tigris
from bot.games.tigris.board import COLOURS, LABELS, WIDTH, parse_square
from bot.games.tigris.rules import MONUMENTS
from bot.games.tigris.state import CATASTROPHE, EMPTY, FACE_DOWN, LEADER, State

TILE_TOKENS = {"r": 1, "b": 2, "g": 3, "k": 4, "x": FACE_DOWN}
LEADER_TOKENS = {"P": 0, "F": 1, "T": 2, "K": 3}
FILLER = ["blue", "green", "black", "blue", "green", "black"]


def sq(label: str) -> int:
    """The square number of a label."""
    found = parse_square(label)
    assert found is not None, label
    return found


def position(
    seats: int = 2,
    *,
    board: str = "",
    hands: dict[int, str] | None = None,
    draws: str = "",
    active: int = 0,
    actions_left: int = 2,
    monuments: list[tuple[str, str, str]] | None = None,
    score: dict[int, tuple[int, int, int, int]] | None = None,
    treasures_held: dict[int, int] | None = None,
    options: dict[str, Any] | None = None,
    bag_left: int | None = None,
) -> State:
    """A stacked position: hands ("red red blue ..."), next draws, then painted squares.

    ``monuments`` lists ``(top-left, "red-blue", tile colour)``; their four squares are flipped.
    ``bag_left`` shortens the bag to that many tiles (for end-of-bag scenarios).
    """
    hands = hands or {}
    stacked: list[str] = []
    for seat in range(seats):
        hand = hands.get(seat, " ".join(FILLER)).split()
        assert len(hand) == 6, f"seat {seat}: a hand has 6 tiles"
        stacked += hand
    stacked += draws.split()
    state = tigris.new_game(seats, 0, options=options, setup={"bag": stacked, "first": active})
    cells = list(state.cells)
    treasures = set(state.treasures)
    leaders = [list(x) for x in state.leaders]
    for line in board.strip().splitlines():
        anchor, _, tokens = line.strip().partition(":")
        start = sq(anchor.strip())
        for offset, token in enumerate(tokens.split()):
            square = start + offset
            assert square // WIDTH == start // WIDTH, f"{line!r} runs off the row"
            if token == "_":
                continue
            treasures.discard(square)
            kind = token.rstrip("*")
            if token.endswith("*"):
                treasures.add(square)
            if kind == ".":
                cells[square] = EMPTY
            elif kind == "#":
                cells[square] = CATASTROPHE
            elif kind in TILE_TOKENS:
                cells[square] = TILE_TOKENS[kind]
            else:
                colour, seat = LEADER_TOKENS[kind[0]], int(kind[1:])
                assert leaders[seat][colour] < 0, f"two {token} leaders"
                leaders[seat][colour] = square
                cells[square] = LEADER + seat * 4 + colour
    built = []
    for top_left, pair, colour in monuments or []:
        a, b = pair.split("-")
        index = MONUMENTS.index((COLOURS.index(a), COLOURS.index(b)))
        tl = sq(top_left)
        for square in (tl, tl + 1, tl + WIDTH, tl + WIDTH + 1):
            assert cells[square] in (1, 2, 3, 4, FACE_DOWN), (
                f"no tile under the monument at {LABELS[square]}"
            )
            cells[square] = FACE_DOWN
        built.append((tl, index, COLOURS.index(colour)))
    changes: dict[str, Any] = {
        "cells": tuple(cells),
        "treasures": tuple(sorted(treasures)),
        "leaders": tuple(tuple(x) for x in leaders),
        "monuments": tuple(sorted(built)),
        "actions_left": actions_left,
    }
    if score:
        changes["score"] = tuple(score.get(s, (0, 0, 0, 0)) for s in range(seats))
    if treasures_held:
        changes["treasures_held"] = tuple(treasures_held.get(s, 0) for s in range(seats))
    if bag_left is not None:
        changes["bag"] = state.bag[: state.drawn + bag_left]
    return dataclasses.replace(state, **changes)


def play(state: State, *moves: str) -> State:
    """Apply moves written "seat: action", checking each is offered by ``legal_actions``."""
    for move in moves:
        seat_text, _, action = move.partition(":")
        seat = int(seat_text)
        action = action.strip()
        assert tigris.to_act(state) == (seat,), f"{move!r}: waiting for {tigris.to_act(state)}"
        assert action in tigris.legal_actions(state, seat), f"{move!r} is not offered"
        state = tigris.apply(state, seat, action)
    return state


def score_of(state: State, seat: int) -> dict[str, int]:
    """One seat's VP per colour plus treasures."""
    return tigris.scores(state)[seat]


def leader_at(state: State, label: str) -> tuple[int, str] | None:
    """(seat, colour) of the leader on a square, or None."""
    for entry in tigris.view(state, None)["board"]["leaders"]:
        if entry["square"] == label:
            return entry["seat"], entry["colour"]
    return None


def tile_at(state: State, label: str) -> str | None:
    """Colour of the face-up tile on a square ("x" when face down), or None."""
    code = state.cells[sq(label)]
    if 1 <= code <= 4:
        return COLOURS[code - 1]
    return "x" if code == FACE_DOWN else None


def hand_of(state: State, seat: int) -> list[str]:
    """The seat's hand, as its owner sees it."""
    hand: list[str] = tigris.view(state, seat)["hand"]
    return hand


def picture(state: State) -> str:
    """The board as text (for assertion messages)."""
    rows = []
    for row in range(11):
        out = []
        for col in range(WIDTH):
            code = state.cells[row * WIDTH + col]
            if code == EMPTY:
                out.append(" .")
            elif code == CATASTROPHE:
                out.append(" #")
            elif code >= LEADER:
                seat, colour = divmod(code - LEADER, 4)
                out.append("PFTK"[colour] + str(seat))
            else:
                out.append(" " + "rbgkx"[code - 1])
        rows.append(f"{row + 1:2} " + " ".join(out))
    return "\n".join(rows)

"""Building stacked Targi positions and playing them in the game's own notation."""

from __future__ import annotations

from typing import Any

import bot.games.targi as targi
from bot.games.targi.state import State

# Border cards giving a Targi a centre column (A, B, C) or row (1, 2, 3) without using the Noble.
COLUMN = {"A": 11, "B": 2, "C": 3}
ROW = {"1": 15, "2": 14, "3": 13}


def new(
    tribe: list[str] | None = None,
    goods: list[str] | None = None,
    first: int = 0,
    seed: int = 1,
    **options: Any,
) -> State:
    """A game whose decks start with ``tribe`` / ``goods`` (centre: goods A1 C1 B2 A3 C3 in that
    order, tribe B1 A2 C2 B3)."""
    setup = {"tribe_deck": tribe or [], "goods_deck": goods or [], "first": first}
    return targi.new_game(2, seed, options=options or None, setup=setup)


def act(state: State, *actions: str) -> State:
    """Apply each action as the seat whose decision it is."""
    for action in actions:
        state = targi.apply(state, state.turn, action)
    return state


def place(state: State, first: list[int], second: list[int]) -> State:
    """Alternate placements: the start player's cards in ``first``, the other's in ``second``."""
    order: list[int] = []
    for a, b in zip(first, second, strict=False):
        order += [a, b]
    longer = first if len(first) > len(second) else second
    order += longer[min(len(first), len(second)) :]
    for number in order:
        state = targi.apply(state, state.turn, f"place {number}")
    return state


def given(
    state: State,
    seat: int,
    *,
    res: list[int] | None = None,
    display: list[list[str]] | None = None,
    hand: str | None = None,
    hand_round: int = 0,
    stored: int | None = None,
) -> State:
    """A copy of ``state`` in which ``seat`` holds exactly these things (test set-up only)."""
    new_state = state.copy()
    player = new_state.players[seat]
    if res is not None:
        player.res = list(res)
    if display is not None:
        player.display = [list(row) for row in display]
    if hand is not None:
        player.hand = hand
        player.hand_round = hand_round
    if stored is not None:
        player.stored = stored
    new_state.legal_cache = None
    return new_state


def res(state: State, seat: int) -> list[int]:
    """[dates, salt, pepper, gold, VP tokens] of ``seat``."""
    return list(state.players[seat].res)


def legal(state: State) -> list[str]:
    return targi.legal_actions(state, state.turn)


ROW_CARDS = {"1": (15, 5), "2": (14, 6), "3": (13, 7)}


def marker_on(state: State, cell: str, other: list[int] | None = None) -> State:
    """Place so that the start player gets exactly one tribe marker, on ``cell``; the other seat
    takes three row cards of the other rows (no markers) unless ``other`` says otherwise."""
    column, row = cell[0], cell[1]
    row_card, row_opposite = ROW_CARDS[row]
    mine = [COLUMN[column], row_card, row_opposite]
    if other is None:
        other = [n for r in "123" if r != row for n in ROW_CARDS[r]][:3]
    return place(state, mine, other)


def skip_round(state: State) -> State:
    """Play the current round out doing nothing useful (first legal placement, 'done', first
    option of anything else) up to the placement of the next round or the end."""
    current = state.round
    while not state.over and (state.round == current or state.phase != "place"):
        options = legal(state)
        state = act(state, "done" if "done" in options else options[0])
    return state


def at_round(state: State, round_number: int, robber: int, start: int = 0) -> State:
    """Jump a fresh game to the placement of ``round_number`` with the robber on ``robber``."""
    new_state = state.copy()
    new_state.round = round_number
    new_state.robber = robber
    new_state.raids = sum(1 for corner in (4, 8, 12) if corner < robber)
    new_state.start = start
    new_state.turn = start
    new_state.legal_cache = None
    return new_state


def play_until(state: State, phase: str) -> State:
    """Do nothing useful (as in :func:`skip_round`) until the game reaches ``phase``."""
    while not state.over and state.phase != phase:
        options = legal(state)
        state = act(state, "done" if "done" in options else options[0])
    return state

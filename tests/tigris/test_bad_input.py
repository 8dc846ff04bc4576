"""Bad input: each mistake raises its own error with a sentence a player can act on, and the
state is unchanged."""

from __future__ import annotations

import pytest

from bot.games import tigris
from bot.games.common import GameError, GameOver, IllegalAction, InvalidNotation, NotYourTurn
from tests.tigris.helpers import play, position


def _refused(state: tigris.State, seat: int, action: str, error: type[GameError], message: str):
    before = tigris.to_json(state)
    with pytest.raises(error, match=message) as caught:
        tigris.apply(state, seat, action)
    assert type(caught.value) is error
    assert tigris.to_json(state) == before


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("", "say what to do"),
        ("fly to the moon", "`fly` is not an action"),
        ("tile", "`tile` takes 2 words"),
        ("tile purple F4", "`purple` is not a colour"),
        ("support many", "support takes a number"),
        ("swap", "swap names 1 to 6 tiles"),
        ("monument F4", "monument none"),
        ("monument F4 red-red", "two different colours"),
    ],
)
def test_garbage_is_invalid_notation(action: str, message: str) -> None:
    _refused(position(), 0, action, InvalidNotation, message)


@pytest.mark.parametrize("square", ["Z9", "Q1", "A12", "A0", "F", "11"])
def test_a_square_off_the_board(square: str) -> None:
    _refused(position(), 0, f"tile red {square}", InvalidNotation, "not a square")


def test_aliases_are_accepted_and_canonical_output_is_stored() -> None:
    state = position(hands={0: "red red red red red red"})
    state = tigris.apply(state, 0, "LEADER King g3")
    assert state.last_action == (0, "leader black G3")
    state = tigris.apply(state, 0, "tile Temple g4")
    assert state.last_action == (0, "tile red G4")


def test_a_colour_not_held() -> None:
    _refused(
        position(hands={0: "red red red red red red"}),
        0,
        "tile green G4",
        IllegalAction,
        "you hold no green tile",
    )
    _refused(
        position(hands={0: "red red red red red red"}),
        0,
        "swap blue",
        IllegalAction,
        "you hold only 0 blue tiles",
    )


def test_wrong_terrain() -> None:
    state = position(hands={0: "red blue red red red red"})
    _refused(state, 0, "tile red E3", IllegalAction, "E3 is a river square: only farms")
    _refused(state, 0, "tile blue G4", IllegalAction, "G4 is a land square: farms")
    _refused(state, 0, "tile red F3", IllegalAction, "F3 is not empty")


def test_acting_out_of_turn() -> None:
    state = position()
    _refused(state, 1, "pass", NotYourTurn, "waiting for @0")
    _refused(state, 7, "pass", NotYourTurn, "not your decision")
    # A decision belongs to the defender now, not to the active player.
    state = play(position(board="H7: P1 r*"), "0: leader red J7", "0: support 0")
    _refused(state, 0, "support 0", NotYourTurn, "waiting for @1")
    _refused(state, 1, "pass", IllegalAction, "commit support first")


def test_acting_after_the_end() -> None:
    state = play(position(bag_left=0), "0: swap blue")
    assert tigris.is_over(state)
    for seat in (0, 1):
        _refused(state, seat, "pass", GameOver, "the game is over")
        assert tigris.legal_actions(state, seat) == []


def test_errors_never_name_an_opponents_hand() -> None:
    state = play(position(board="H7: P1 r*"), "0: leader red J7", "0: support 0")
    with pytest.raises(IllegalAction) as caught:
        tigris.apply(state, 1, "support 5")
    # Seat 1 is told about its own hand only.
    assert str(caught.value) == "you hold only 0 red tiles"


def test_setup_is_checked() -> None:
    with pytest.raises(ValueError, match="2 to 4 players"):
        tigris.new_game(5, 1)
    with pytest.raises(ValueError, match="not a tile colour"):
        tigris.new_game(2, 1, setup={"bag": ["purple"]})
    with pytest.raises(ValueError, match="more than 30 green"):
        tigris.new_game(2, 1, setup={"bag": ["green"] * 31})
    with pytest.raises(ValueError, match="setup first"):
        tigris.new_game(2, 1, setup={"first": 2})


@pytest.mark.parametrize(
    "action", ["support 2", "war green", "monument F4 red-blue", "monument none", "treasure F3"]
)
def test_a_decision_verb_on_a_normal_turn_is_illegal_not_a_crash(action: str) -> None:
    # Nothing is pending: the player is told what a normal turn offers.
    _refused(position(), 0, action, IllegalAction, "no conflict, monument or treasure is waiting")


@pytest.mark.parametrize("text", ["tile red A²", "tile red F٣", "support ²", "support ٣"])
def test_non_ascii_digits_are_not_numbers(text: str) -> None:
    _refused(position(), 0, text, InvalidNotation, "not a square|support takes a number")

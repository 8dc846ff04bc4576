"""Further rules beyond the numbered rulings: declined monuments, leader moves, income, events."""

from __future__ import annotations

import pytest

from bot.games import tigris
from bot.games.common import IllegalAction
from tests.tigris.helpers import leader_at, play, position, score_of, tile_at


def test_a_declined_monument_square_is_never_offered_again() -> None:
    # Seat 1's kingdom (trader D5, temple D6) holds markets E5, F5, E6; seat 0's trader is on I5.
    state = position(
        hands={0: "green green green green green red"},
        draws="green green green green green green",
        board="D5: T1 g g . . T0\nD6: r g . . g r",
    )
    state = play(state, "0: tile green F6")  # completes E5-F6, scores for seat 1's trader
    assert score_of(state, 1)["green"] == 1
    assert tigris.view(state, None)["pending"]["kind"] == "monument"
    state = play(state, "0: monument none")
    # A war on G6 wipes seat 1's four markets out.
    state = play(state, "0: tile red G6", "0: support 4", "1: support 0")  # 1+4 : 4
    assert [tile_at(state, s) for s in ("E5", "F5", "E6", "F6")] == [None] * 4
    state = play(state, "1: pass", "0: tile green E5", "0: tile green F5", "1: pass")
    state = play(state, "0: tile green E6", "0: tile green F6")
    assert [tile_at(state, s) for s in ("E5", "F5", "E6", "F6")] == ["green"] * 4
    assert tigris.view(state, None)["pending"] is None  # the square was declined for good


def test_moving_a_leader_into_another_kingdom_starts_a_revolt() -> None:
    state = position(board="F6: K0 r\nH7: K1 r*")
    state = play(state, "0: leader black J7")
    pending = tigris.view(state, None)["pending"]
    assert (pending["conflict"], pending["attacker"], pending["defender"]) == ("revolt", 0, 1)
    assert leader_at(state, "F6") is None  # it left its old square


def test_moving_a_leader_away_splits_without_conflict_and_not_onto_itself() -> None:
    # The king on F6 links temples E6 and G6, each with a leader of seat 1 beside it.
    state = position(board="E5: P1 . T1\nE6: r K0 r")
    assert "leader black F6" not in tigris.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="F6 is not empty"):
        tigris.apply(state, 0, "leader black F6")
    state = play(state, "0: leader black D6")
    assert tigris.view(state, None)["pending"] is None and tigris.to_act(state) == (0,)
    assert leader_at(state, "D6") == (0, "black")


def test_withdraw_returns_the_leader_to_supply() -> None:
    state = play(position(board="F6: K0 r"), "0: withdraw black")
    assert leader_at(state, "F6") is None
    assert "black" in tigris.view(state, None)["players"][0]["leaders_in_supply"]
    with pytest.raises(IllegalAction, match="your king is not on the board"):
        tigris.apply(state, 0, "withdraw black")


def test_a_monument_pays_both_colours_to_the_active_player() -> None:
    state = position(
        board="E5: x x r P0\nE6: x x F0",
        monuments=[("E5", "red-blue", "red")],
    )
    state = play(state, "0: pass")
    assert score_of(state, 0)["red"] == 1 and score_of(state, 0)["blue"] == 1


def test_treasures_are_collected_after_a_war_free_unification() -> None:
    # Seat 1's trader kingdom holds F10; seat 0's king kingdom holds K11; a tile joins them.
    state = position(
        hands={0: "red red red red red red"},
        board="F10: r* r r . r r\nF11: T1\nL10: K0",
    )
    state = play(state, "0: tile red I10")
    assert tigris.view(state, None)["pending"] == {
        "kind": "treasure",
        "chooser": 1,
        "squares": ["F10", "K11"],
        "count": 1,
    }


def test_events_name_seats_and_never_hand_contents() -> None:
    state = play(position(), "0: swap blue green")
    texts = [e["text"] for e in tigris.view(state, None)["events"]]
    assert texts == ["@0 swaps 2 tiles"]
    state = play(state, "0: catastrophe A1")
    assert tigris.view(state, 1)["last_action"] == {"seat": 0, "action": "catastrophe A1"}


def test_view_shape_for_renderers() -> None:
    state = position(3, board="E5: x x\nE6: x x", monuments=[("E5", "red-green", "green")])
    view = tigris.view(state, 2)
    assert set(view) == {
        "game", "seats", "viewer", "options", "turn", "actions_left", "turn_number", "to_act",
        "pending", "board", "players", "hand", "bag_size", "monuments_available",
        "last_action", "events", "game_over", "final",
    }  # fmt: skip
    assert view["bag_size"] == 143 - 18 and view["turn_number"] == 1
    assert view["board"]["monuments"] == [{"square": "E5", "colours": ["red", "green"]}]
    face_down = [t for t in view["board"]["tiles"] if t["face_down"]]
    assert [t["square"] for t in face_down] == ["E5", "F5", "E6", "F6"]
    assert {t["colour"] for t in face_down} == {"green"}
    squares = [t["square"] for t in view["board"]["tiles"]]
    assert squares[:3] == ["K1", "B2", "P2"]  # reading order
    assert view["players"][2] == {
        "seat": 2,
        "dynasty": "pot",
        "leaders_in_supply": ["red", "blue", "green", "black"],
        "catastrophes": 2,
        "hand_size": 6,
        "score": {"red": 0, "blue": 0, "green": 0, "black": 0},
        "treasures": 0,
    }

"""Bad input raises its own error with a clear message and changes nothing."""

from __future__ import annotations

import pytest

import bot.games.targi as targi
from bot.games.common import GameOver, IllegalAction, InvalidNotation, NotYourTurn
from bot.games.playout import play

from .helpers import act, at_round, given, marker_on, new, place, play_until

FILLERS = ["targia_01", "tent_01", "well_01", "oasis_01"]
GOODS5 = ["g_dates_1", "g_salt_1", "g_pepper_1", "g_dates_1", "g_salt_1"]


def refused(state, seat, text, error, match):
    before = targi.to_json(state)
    with pytest.raises(error, match=match):
        targi.apply(state, seat, text)
    assert targi.to_json(state) == before


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("", "Type an action"),
        ("fly to the moon", "not a Targi action"),
        ("place", "needs more"),
        ("place 17", "border card by number"),
        ("place two", "border card by number"),
        ("use Z9", "neither a border card"),
        ("display 4 1D", "not a display row"),
        ("display 1 3X", "not an amount"),
        ("pay 1D 1Q", "not an amount"),
        ("drop 1G", "cannot include G"),
        ("trade 3S Q", "Name the good you get"),
        ("move B2", "Move a tribe marker"),
        ("swap 1.5 2.1", "row.slot"),
        ("done now", "takes nothing"),
        ("x" * 500, "too long"),
        ("place \u00b2", "border card by number"),  # superscript two: a digit to isdigit()
        ("use \u00b2", "neither a border card"),
        ("display \u00b2 1D", "not a display row"),
    ],
)
def test_garbage_is_invalid_notation(text, match):
    refused(new(), 0, text, InvalidNotation, match)


@pytest.mark.parametrize(
    ("number", "match"),
    [(1, "robber stands on card 1"), (4, "raid corner"), (16, "raid corner")],
)
def test_illegal_placements(number, match):
    refused(new(), 0, f"place {number}", IllegalAction, match)


def test_occupied_and_opposite_cards():
    state = act(new(), "place 2")
    refused(state, 1, "place 2", IllegalAction, "already stands on card 2")
    refused(state, 1, "place 10", IllegalAction, "faces @0")


def test_paying_with_goods_the_player_lacks():
    state = marker_on(new(FILLERS, GOODS5), "B1")
    state = given(state, 0, res=[1, 2, 2, 0, 4])
    state = act(state, "use B1")
    refused(state, 0, "display 1 1G", IllegalAction, r"does not fit the cost .*\(you have 1D 2S 2P")
    refused(state, 0, "display 1 2D 2S 1P", IllegalAction, "does not fit the cost")


def test_raid_payment_beyond_holdings_is_refused():
    state = at_round(new(), 3, robber=3, start=1)
    state = given(state, 0, res=[1, 1, 0, 0, 1])
    state = given(state, 1, res=[0, 0, 0, 0, 0])
    state = play_until(state, "raid")
    assert state.turn == 0  # seat 0 starts round 4; it has a real choice
    refused(state, 0, "pay 2D", IllegalAction, "not a possible pay")
    refused(state, 0, "pay 1G", IllegalAction, "not a possible pay")
    refused(state, 0, "place 5", IllegalAction, "you must pay the raid")


def test_out_of_turn():
    state = new()
    refused(state, 1, "place 5", NotYourTurn, "@0's turn")
    refused(state, 7, "place 5", NotYourTurn, "not yours")


def test_wrong_kind_of_decision_names_what_is_expected():
    state = act(marker_on(new(FILLERS, GOODS5), "B1"), "use B1")
    refused(state, 0, "use 2", IllegalAction, "decide on the tribe card")
    refused(state, 0, "take 1D", IllegalAction, "decide on the tribe card")


def test_after_the_end_every_action_is_game_over():
    final = play(targi, 2, 3).final
    for seat in (0, 1):
        refused(final, seat, "done", GameOver, "game is over")
        refused(final, seat, "garbage", GameOver, "game is over")
    assert targi.legal_actions(final, 0) == [] and targi.to_act(final) == ()


def test_messages_never_name_the_opponents_hand():
    state = given(new(hand_public=False), 0, hand="well_01")
    state = act(state, "place 2")
    for text in ["place 2", "place 10", "place 4", "use 1", "done"]:
        with pytest.raises((IllegalAction, NotYourTurn)) as caught:
            targi.apply(state, 1, text)
        assert "well" not in str(caught.value).lower()


def test_setup_errors():
    with pytest.raises(ValueError, match="exactly 2"):
        targi.new_game(3, 1)
    with pytest.raises(ValueError, match="more often than it exists"):
        targi.new_game(2, 1, setup={"goods_deck": ["g_vp", "g_vp"]})
    with pytest.raises(ValueError, match="more often than it exists"):
        targi.new_game(2, 1, setup={"tribe_deck": ["nonsense"]})
    with pytest.raises(ValueError, match="unknown setup"):
        targi.new_game(2, 1, setup={"deck": []})


def test_unusable_pieces_say_why():
    state = new(FILLERS, GOODS5)
    state = place(state, [5, 10, 14], [13, 7, 3])  # seat 0: Merchant, Silversmith, B1 + B2
    state = given(state, 0, res=[1, 1, 1, 0, 4])
    refused(state, 0, "use 5", IllegalAction, "no goods to trade at the Merchant")
    refused(state, 0, "use 2", IllegalAction, "no unused Targi on card 2")
    refused(state, 0, "use A1", IllegalAction, "no unused tribe marker on A1")
    state = act(state, "use B2")
    full = [["tent_01", "tent_02", "tent_03", "tent_04"], [], []]
    state = marker_on(new(FILLERS, GOODS5), "B1")
    state = given(state, 0, display=full, res=[9, 9, 9, 3, 4])
    state = act(state, "use B1")
    refused(state, 0, "display 1 1D 2S 2P", IllegalAction, "Row 1 of your display is full")
    refused(state, 0, "display 2 1G", IllegalAction, "does not fit the cost")

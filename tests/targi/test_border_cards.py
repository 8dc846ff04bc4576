"""Each border card's action, played from a stacked position (round 1, robber on the Noble)."""

from __future__ import annotations

import pytest

from .helpers import act, given, legal, new, place, res

FILLERS = ["targia_01", "tent_01", "well_01", "oasis_01"]
GOODS5 = ["g_dates_1", "g_salt_1", "g_pepper_1", "g_dates_1", "g_salt_1"]


@pytest.mark.parametrize(
    ("mine", "theirs", "good"),
    [
        ([2, 14, 6], [15, 5, 13], 0),
        ([7, 13, 2], [15, 5, 14], 0),
        ([3, 14, 6], [15, 5, 13], 1),
        ([15, 5, 2], [14, 6, 13], 1),
        ([6, 14, 2], [15, 5, 13], 2),
        ([11, 14, 6], [15, 5, 13], 2),
    ],
)
def test_goods_border_cards_give_one_good(mine, theirs, good):
    state = given(place(new(), mine, theirs), 0, res=[0, 0, 0, 0, 0])
    state = act(state, f"use {mine[0]}")
    expected = [0, 0, 0, 0, 0]
    expected[good] = 1
    assert res(state, 0) == expected
    assert mine[0] not in state.players[0].targi  # the Targi went home


def test_merchant_two_goods_for_one_of_another_kind():
    state = place(new(FILLERS, GOODS5), [5, 15, 2], [14, 6, 13])
    state = given(state, 0, res=[2, 0, 1, 0, 0])
    state = act(state, "use 5")
    assert legal(state) == ["done", "trade 2D P", "trade 2D S"]
    state = act(state, "trade 2D S")
    assert res(state, 0) == [0, 1, 1, 0, 0] and state.pending is None  # nothing left to trade


@pytest.mark.parametrize(
    ("have", "action", "after"),
    [
        ([2, 0, 0, 0, 0], "smith 2D", [0, 0, 0, 0, 1]),
        ([0, 4, 0, 0, 0], "smith 4S", [0, 0, 0, 0, 3]),
        ([0, 0, 0, 1, 0], "smith 1G", [0, 0, 0, 0, 2]),
        ([0, 0, 0, 2, 0], "smith 2G", [0, 0, 0, 0, 4]),
    ],
)
def test_silversmith_one_exchange(have, action, after):
    state = place(new(FILLERS, GOODS5), [10, 14, 6], [15, 5, 13])
    state = given(state, 0, res=have)
    state = act(state, "use 10")
    assert action in legal(state) and "done" in legal(state)
    state = act(state, action)
    assert res(state, 0) == after and state.pending is None


def test_silversmith_is_once_per_visit():
    state = place(new(FILLERS, GOODS5), [10, 14, 6], [15, 5, 13])
    state = given(state, 0, res=[4, 0, 0, 2, 0])
    state = act(state, "use 10", "smith 2D")
    assert state.pending is None and "use 10" not in legal(state)
    assert res(state, 0) == [2, 0, 0, 2, 1]


def test_fata_morgana_moves_a_marker_which_is_then_used_elsewhere():
    state = new(FILLERS, GOODS5)
    state = place(state, [9, 13, 7], [15, 5, 14])  # seat 0: marker C3 (salt card) + Fata Morgana
    state = given(state, 0, res=[0, 0, 0, 0, 0])
    state = act(state, "use 9")
    assert "move C3 A3" in legal(state) and "move C3 C3" not in legal(state)
    state = act(state, "move C3 A3", "use A3")  # A3 holds the second dates card
    assert res(state, 0) == [1, 0, 0, 0, 0]
    assert state.players[0].markers == []
    assert state.centre[8] == "g_salt_1" and not state.face_down[8]  # C3 untouched


def test_tribal_expansion_card_may_go_to_hand():
    state = new([*FILLERS, "well_02"], GOODS5)
    state = place(state, [14, 6, 2], [15, 5, 13])
    state = act(state, "use 14", "hand")
    assert state.players[0].hand == "well_02" and state.players[0].hand_round == 1
    assert state.centre[1:8:2] == FILLERS  # the centre is untouched

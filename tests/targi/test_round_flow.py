"""Round structure details checked by the rules audit: markers, Fata Morgana, replacement,
limits and the end of the last round, each played from a stacked position."""

from __future__ import annotations

import pytest

import bot.games.targi as targi
from bot.games.common import IllegalAction
from bot.games.targi.state import CELL_INDEX

from .helpers import act, at_round, given, legal, new, place, res, skip_round

TRIBE5 = ["targia_01", "camel_rider_01", "targia_02", "targia_03", "oasis_06"]
GOODS5 = ["g_dates_1", "g_salt_1", "g_pepper_1", "g_dates_1", "g_salt_1"]
ELEVEN = [
    ["tent_01", "tent_02", "tent_03", "tent_04"],
    ["well_01", "well_02", "well_04", "well_06"],
    ["oasis_01", "oasis_02", "oasis_05"],
]


def test_one_column_and_two_rows_give_two_markers():
    state = place(new(TRIBE5, GOODS5), [2, 15, 14], [13, 7, 3])
    assert state.players[0].markers == [CELL_INDEX["B1"], CELL_INDEX["B2"]]
    assert state.players[1].markers == [CELL_INDEX["C3"]]


def test_marker_events_read_naturally():
    state = place(new(TRIBE5, GOODS5), [2, 15, 14], [13, 7, 3])
    texts = [e["text"] for e in targi.view(state, None)["events"] if e["kind"] == "markers"]
    assert texts == ["@0 puts tribe markers on B1 and B2", "@1 puts a tribe marker on C3"]
    state = place(new(TRIBE5, GOODS5), [2, 3, 9], [5, 6, 7])  # all columns / all rows
    texts = [e["text"] for e in targi.view(state, None)["events"] if e["kind"] == "markers"]
    assert texts == [
        "@0's Targi share no row and column: no tribe marker",
        "@1's Targi share no row and column: no tribe marker",
    ]


def test_fata_morgana_never_targets_the_opponents_waiting_marker():
    # seat 0 (start): 9 Fata Morgana + 13 + 7 -> marker C3; seat 1: 15 + 5 + 11 -> marker A1
    state = place(new(TRIBE5, GOODS5), [9, 13, 7], [15, 5, 11])
    assert state.players[1].markers == [CELL_INDEX["A1"]]
    state = act(state, "use 9")
    moves = legal(state)
    assert "move C3 A1" not in moves
    assert moves == sorted(f"move C3 {c}" for c in ("B1", "C1", "A2", "B2", "C2", "A3", "B3"))


def test_a_used_goods_card_is_replaced_by_the_top_tribe_card_face_down():
    state = place(new(TRIBE5, GOODS5), [11, 15, 5], [9, 13, 7])  # seat 0: marker A1 (1 dates)
    state = act(state, "use A1")
    assert state.centre[CELL_INDEX["A1"]] == "oasis_06" and state.face_down[CELL_INDEX["A1"]]
    assert state.goods_discard == ["g_dates_1"] and len(state.tribe_deck) == 40
    assert targi.view(state, None)["centre"][CELL_INDEX["A1"]]["card"] == "face_down"


def test_limits_offer_every_way_to_drop_the_excess():
    state = place(new(TRIBE5, GOODS5), [2, 14, 6], [15, 5, 13])
    state = given(state, 0, res=[5, 5, 2, 1, 4])
    state = act(state, "use 2", "done", "done")  # 13 goods at the round end: 3 too many
    assert state.phase == "limits" and state.pending == {"kind": "limits", "excess": 3}
    assert legal(state) == sorted(
        ["drop 3D", "drop 2D 1S", "drop 2D 1P", "drop 1D 2S", "drop 1D 1S 1P", "drop 1D 2P",
         "drop 3S", "drop 2S 1P", "drop 1S 2P"]
    )  # fmt: skip
    state = act(state, "drop 1D 2P")
    assert res(state, 0)[:3] == [5, 5, 0] and state.phase == "place"


def test_twelve_cards_at_the_end_of_round_twelve_end_the_game_without_raid_four():
    state = at_round(new(TRIBE5, GOODS5), 12, robber=15, start=0)
    # seat 0: 11 (column A) + 14 + 6 (row 2) -> marker A2 (camel_rider_01)
    state = place(state, [11, 14, 6], [13, 7, 3])
    state = given(state, 0, display=ELEVEN, res=[1, 2, 2, 0, 0])
    state = given(state, 1, res=[0, 0, 0, 1, 5])
    state = act(state, "use A2", "display 3 1D 2S 2P", "done", "done")
    assert targi.is_over(state) and state.over == "twelve_cards"
    assert state.raids == 3 and state.robber == 15
    assert res(state, 1) == [0, 0, 0, 1, 5]  # no raid-4 payment, and seat 0 got no bonus
    # cards 10 (tents) + 9 (wells) + 8 (oases) + 3 (camel rider); two single-symbol rows +4 each
    score = targi.scores(state)[0]
    assert (score["vp"], score["tokens"], score["cards"], score["bonus"]) == (38, 0, 30, 8)


def test_an_empty_tribe_deck_leaves_a_hole_and_voids_tribal_expansion():
    state = new(TRIBE5, GOODS5)
    state.tribe_deck = []
    # seat 0: 11 (column A) + 14 Tribal Expansion + 6 (row 2) -> marker A2 (a tribe card)
    state = place(state, [11, 14, 6], [15, 5, 13])
    assert "use 14" not in legal(state)
    with pytest.raises(IllegalAction, match="tribe deck is empty"):
        targi.apply(state, 0, "use 14")
    # a used goods card cannot be replaced: its cell stays empty
    hole = new(TRIBE5, GOODS5)
    hole.tribe_deck = []
    hole = place(hole, [11, 15, 5], [9, 13, 7])  # seat 0: marker A1 (1 dates)
    hole = act(hole, "use A1")
    assert hole.centre[CELL_INDEX["A1"]] is None and not hole.face_down[CELL_INDEX["A1"]]
    assert targi.view(hole, None)["centre"][CELL_INDEX["A1"]]["card"] is None
    hole = act(hole, "done", "done")  # the hole stays empty in the next round
    assert hole.round == 2 and hole.centre[CELL_INDEX["A1"]] is None


def test_an_unpaid_raid_bonus_comes_at_once_in_seat_order():
    # round 4 opens with raid 1; seat 1 starts and cannot pay, so seat 0 gains 3 VP at once and
    # then pays its own raid with one of them (the start player pays first, §8)
    state = at_round(new(), 3, robber=3, start=0)
    state = given(state, 0, res=[0, 0, 0, 0, 0])
    state = given(state, 1, res=[0, 0, 0, 0, 0])
    state = skip_round(state)
    assert state.raids == 1 and state.start == 1
    assert res(state, 0) == [0, 0, 0, 0, 2] and res(state, 1) == [0, 0, 0, 0, 0]
    texts = [e["text"] for e in state.events if e["kind"] == "raid"]
    assert texts == ["@1 cannot pay Raid 1; @0 gains 3 VP", "@0 pays 1VP to Raid 1"]

"""One scenario per numbered edge case of docs/rules-targi.md §11, in the game's notation."""

from __future__ import annotations

import pytest

import bot.games.targi as targi
from bot.games.common import IllegalAction
from bot.games.targi.state import CELL_INDEX

from .helpers import act, at_round, given, legal, marker_on, new, place, play_until, res, skip_round

TRIBE4 = ["targia_01", "tent_01", "well_01", "oasis_01"]
GOODS5 = ["g_dates_1", "g_salt_1", "g_pepper_1", "g_dates_1", "g_salt_1"]
ELEVEN = [
    ["tent_01", "tent_02", "tent_03", "tent_04"],
    ["well_01", "well_02", "well_04", "well_06"],
    ["oasis_01", "oasis_02", "oasis_05"],
]


def cells(state, seat):
    return [targi.view(state, None)["players"][seat]["markers"]][0]


def test_01_own_opposite_is_legal_and_gives_one_marker():
    state = place(new(), [2, 10, 14], [15, 5, 13])
    assert cells(state, 0) == ["B2"]


def test_02_three_targi_on_one_axis_give_no_marker():
    # round 2 (robber on 2), White = seat 1 on 1, 3 and 10: all columns
    state = at_round(new(), 2, robber=2, start=0)
    state = place(state, [15, 5, 14], [1, 3, 10])
    assert cells(state, 1) == []
    assert cells(state, 0) == []


def test_03_robber_blocks_only_its_own_card():
    state = at_round(new(), 5, robber=6)
    assert "place 6" not in legal(state)
    assert "place 14" in legal(state)
    with pytest.raises(IllegalAction, match="robber"):
        targi.apply(state, 0, "place 6")


def test_04_round_one_nobody_can_use_the_noble():
    state = new()
    assert state.robber == 1 and "place 1" not in legal(state)
    state = act(state, "place 2")
    assert "place 1" not in legal(state)


@pytest.mark.parametrize("corner", [4, 8, 12, 16])
def test_05_corners_are_never_legal(corner):
    state = at_round(new(), 8, robber=10)  # robber has passed corners 4 and 8
    with pytest.raises(IllegalAction, match="raid corner"):
        targi.apply(state, 0, f"place {corner}")


def test_06_and_27_no_opponent_on_the_same_line():
    state = at_round(new(), 2, robber=2)
    state = act(state, "place 1")
    options = legal(state)
    assert "place 1" not in options and "place 11" not in options
    with pytest.raises(IllegalAction, match="faces @0"):
        targi.apply(state, 1, "place 11")
    # every other free, non-robber, non-corner card stays open
    assert options == sorted(f"place {n}" for n in (3, 5, 6, 7, 9, 10, 13, 14, 15))


def test_07_replacements_are_face_down_and_no_fata_morgana_target():
    state = new(TRIBE4, GOODS5)
    # seat 0: 11 (column A) + 15 + 5 (row 1) -> marker A1; seat 1: 9 (column C) + 13 + 7 -> C3
    state = place(state, [11, 15, 5], [9, 13, 7])
    state = act(state, "use A1")  # the dates goods card
    view = targi.view(state, 1)
    assert view["centre"][CELL_INDEX["A1"]]["card"] == "face_down"
    assert targi.view(state, 0)["centre"][0]["card"] == "face_down"
    state = act(state, "done")
    assert state.turn == 1
    state = act(state, "use 9")
    moves = legal(state)
    assert "move C3 A1" not in moves and "move C3 B1" in moves


def test_08_skipped_central_card_stays_face_up():
    state = marker_on(new(TRIBE4, GOODS5), "B1")
    state = act(state, "done", "done")
    assert state.round == 2
    assert state.centre[CELL_INDEX["B1"]] == "targia_01"
    assert not state.face_down[CELL_INDEX["B1"]]


def test_09_discarding_a_tribe_card_turns_the_slot_into_goods():
    state = new(TRIBE4, ["g_dates_1", "g_salt_1", "g_pepper_1", "g_dates_1", "g_salt_1", "g_gold"])
    state = marker_on(state, "B1")
    state = act(state, "use B1", "discard")
    assert state.tribe_discard == ["targia_01"]
    assert state.centre[CELL_INDEX["B1"]] == "g_gold" and state.face_down[CELL_INDEX["B1"]]
    state = act(state, "done", "done")
    assert not state.face_down[CELL_INDEX["B1"]]
    assert targi.view(state, None)["centre"][1]["card"]["id"] == "g_gold"


def test_10_full_hand_and_unaffordable_card_leaves_only_discard():
    state = marker_on(new(TRIBE4, GOODS5), "B1")
    state = given(state, 0, res=[0, 0, 0, 0, 4], hand="camel_rider_01")
    state = act(state, "use B1")  # discard is the only option, taken automatically
    assert state.tribe_discard == ["targia_01"]
    assert state.players[0].hand == "camel_rider_01"
    assert any("discards Targia, no ability (3 VP)" in e["text"] for e in state.events)


def test_11_noble_discard_first_then_take_a_new_hand_card():
    start = at_round(new(TRIBE4, GOODS5), 2, robber=2)
    start = given(start, 0, hand="camel_rider_01", hand_round=1, res=[0, 0, 0, 0, 4])
    # seat 0: Noble (1, column A) + 14 + 6 (row 2) -> marker A2 (tent_01)
    start = place(start, [1, 14, 6], [15, 5, 13])
    assert cells(start, 0) == ["A2"]
    # wrong order: the hand is still full and tent_01 unaffordable, so it can only be discarded
    wrong = act(start, "use A2")
    assert wrong.tribe_discard == ["tent_01"] and wrong.players[0].hand == "camel_rider_01"
    # right order: the Noble throws the old card away (it cannot be paid), then tent_01 to hand
    right = act(start, "use 1")
    assert right.players[0].hand is None and right.tribe_discard == ["camel_rider_01"]
    right = act(right, "use A2", "hand")
    assert right.players[0].hand == "tent_01"


def test_12_card_taken_this_round_cannot_be_displayed_with_this_rounds_noble():
    state = at_round(new(TRIBE4, GOODS5), 2, robber=2)
    state = given(state, 0, res=[5, 5, 5, 3, 4])
    state = place(state, [1, 14, 6], [15, 5, 13])
    state = act(state, "use A2", "hand", "use 1")
    # only the free discard is possible, so it happens at once
    assert state.players[0].hand is None and state.tribe_discard == ["tent_01"]
    assert state.players[0].display == [[], [], []]
    # in a later round the same Noble displays it
    later = at_round(new(TRIBE4, GOODS5), 3, robber=3)
    later = given(later, 0, res=[5, 5, 5, 3, 4], hand="tent_01", hand_round=2)
    later = place(later, [1, 14, 6], [15, 5, 13])
    later = act(later, "use 1")
    assert "display 1 2D 2S 1P" in legal(later)


def test_13_slash_cost_is_goods_or_gold_never_a_mix():
    state = marker_on(new(["targia_08", *TRIBE4[1:]], GOODS5), "B1")
    state = act(state, "use B1")
    pays = [a for a in legal(state) if a.startswith("display 1 ")]
    assert pays == ["display 1 1D 2S", "display 1 1G"]
    state = act(state, "display 1 1G")
    assert res(state, 0) == [2, 2, 2, 0, 4]
    assert state.players[0].display[0] == ["targia_08"]


def test_14_merchant_is_repeatable_six_salt_to_two_gold():
    state = marker_on(new(TRIBE4, GOODS5), "B1")  # seat 0 stands on 2, 15 and 5 (Merchant)
    state = given(state, 0, res=[0, 6, 0, 0, 4])
    state = act(state, "use 5", "trade 3S G", "trade 3S G")
    assert res(state, 0) == [0, 0, 0, 2, 4]


def test_15_limits_only_at_round_end():
    state = marker_on(new(TRIBE4, GOODS5), "B1")
    state = given(state, 0, res=[5, 5, 3, 1, 4])
    state = act(state, "use 2", "use 15")  # 14 goods while acting
    assert sum(res(state, 0)[:3]) == 15
    state = act(state, "done", "done")
    assert state.phase == "limits" and state.turn == 0 and state.pending["excess"] == 5
    state = act(state, "drop 5D")
    assert res(state, 0)[:3] == [1, 6, 3]


def test_16_limits_come_before_the_next_raid():
    state = at_round(new(TRIBE4, GOODS5), 3, robber=3, start=0)
    state = given(state, 1, res=[8, 6, 0, 0, 0])  # 14 goods, no VP tokens
    state = play_until(state, "limits")  # round end: seat 1 (next start player) drops 4
    assert state.turn == 1 and state.phase == "limits"
    state = act(state, "drop 4D")
    # raid 1 opens round 4: seat 1 starts and pays 1 good out of its 10
    assert state.phase == "raid" and state.turn == 1
    state = act(state, "pay 1S")
    assert sum(res(state, 1)[:3]) == 9


def test_17_raid_goods_may_be_mixed():
    state = at_round(new(), 9, robber=11, start=1)
    state = given(state, 0, res=[2, 0, 2, 0, 0])
    state = given(state, 1, res=[0, 0, 0, 0, 5])
    state = play_until(state, "raid")
    # raid 3 at the start of round 10: seat 0 starts and chooses which goods to give
    assert state.robber == 12 and state.turn == 0
    assert legal(state) == ["pay 1D 2P", "pay 2D 1P"]
    state = act(state, "pay 1D 2P")
    assert res(state, 0) == [1, 0, 0, 0, 0]
    assert res(state, 1) == [0, 0, 0, 0, 3]  # seat 1 pays 2 VP, its only option
    assert state.robber == 13 and state.raids == 3


def test_18_raid_four_needs_gold_unpaid_gives_opponent_three():
    state = at_round(new(), 12, robber=15, start=0)
    state = given(state, 1, res=[5, 5, 0, 0, 2])
    state = given(state, 0, res=[0, 0, 0, 1, 0])
    state = skip_round(state)
    assert targi.is_over(state) and state.over == "raid4"
    assert res(state, 1)[3:] == [0, 2]  # could not pay: nothing taken
    assert res(state, 0)[3:] == [0, 3]  # paid its gold, gained 3 VP from seat 1's failure
    assert state.round == 12


def test_19_raid_protection_covers_every_later_raid():
    state = at_round(new(), 3, robber=3, start=0)
    state = given(state, 0, res=[2, 2, 2, 1, 4], display=[["oasis_09"], [], []])
    state = skip_round(state)
    assert state.raids == 1 and res(state, 0) == [2, 2, 2, 1, 4]
    state = skip_round(state)
    state = skip_round(state)
    state = skip_round(state)
    assert state.raids == 2 and res(state, 0)[:5] == [2, 2, 2, 1, 4]


def test_20_twelfth_card_ends_only_at_round_end():
    state = marker_on(new(TRIBE4, GOODS5), "B1")
    state = given(state, 0, display=ELEVEN, res=[5, 5, 5, 0, 4])
    state = act(state, "use B1", "display 3 1D 2S 2P", "done")
    assert state.players[0].display_count() == 12 and not targi.is_over(state)
    assert state.turn == 1
    state = act(state, "done")
    assert targi.is_over(state) and state.over == "twelve_cards"


def test_21_no_limit_discard_after_a_twelve_card_ending():
    state = marker_on(new(TRIBE4, GOODS5), "B1")
    state = given(state, 0, display=ELEVEN, res=[9, 9, 9, 5, 4])
    state = act(state, "use B1", "display 3 1D 2S 2P", "done", "done")
    assert targi.is_over(state) and res(state, 0) == [8, 7, 7, 5, 4]


def _score(display, other=None):
    state = given(new(), 0, display=display, res=[0, 0, 0, 0, 0])
    state = given(state, 1, display=other or [[], [], []])
    return targi.scores(state)[0]


def test_22_row_bonus_needs_four_cards():
    assert _score([["well_01", "well_02", "well_04"], [], []])["bonus"] == 0
    assert _score([["well_01", "well_02", "well_04", "well_06"], [], []])["bonus"] == 4 + 0


def test_23_four_different_symbols_two_pairs_nothing():
    mixed = _score([["well_01", "tent_01", "oasis_01", "targia_01"], [], []])
    assert mixed["bonus"] == 2 and mixed["cards"] == 12 and mixed["vp"] == 14
    pairs = _score([["well_01", "well_02", "oasis_01", "oasis_02"], [], []])
    assert pairs["bonus"] == 0


def test_24_tie_break_gold_then_goods_then_shared():
    state = given(new(), 0, res=[0, 0, 0, 2, 40])
    state = given(state, 1, res=[5, 5, 5, 1, 40])
    assert targi.outcome(state)["ranking"] == [[0], [1]]
    state = given(state, 1, res=[5, 5, 5, 2, 40])
    assert targi.outcome(state)["ranking"] == [[1], [0]]
    state = given(state, 0, res=[5, 5, 5, 2, 40])
    assert targi.outcome(state)["ranking"] == [[0, 1]]


def test_25_caravan_draws_the_top_and_reshuffles_an_empty_deck():
    state = new(TRIBE4, [*GOODS5, "g_salt_2"])
    state = place(state, [13, 7, 2], [15, 5, 14])  # seat 0 on Caravan
    state = act(state, "use 13")
    assert res(state, 0) == [2, 4, 2, 1, 4]  # the top card: 2 salt
    assert state.goods_discard == ["g_salt_2"]
    empty = marker_on(new(TRIBE4, GOODS5), "B3")  # seat 0: 2, 13 (Caravan), 7
    empty.goods_discard = empty.goods_deck
    empty.goods_deck = []
    empty = act(empty, "use 13")
    assert empty.shuffles == 1 and len(empty.goods_deck) + len(empty.goods_discard) == 14
    # Tribal Expansion shows the top tribe card (the 5th listed: 4 lie in the centre)
    expansion = new([*TRIBE4, "camel_rider_03"], GOODS5)
    expansion = place(expansion, [14, 6, 2], [15, 5, 13])
    expansion = act(expansion, "use 14")
    assert expansion.pending["card"] == "camel_rider_03" and len(expansion.tribe_deck) == 40


def test_26_fata_morgana_needs_an_unused_marker():
    state = new(TRIBE4, GOODS5)
    state = place(state, [9, 13, 7], [15, 5, 14])  # seat 0: marker C3 and Fata Morgana
    assert "use 9" in legal(state)
    state = act(state, "use C3")
    assert "use 9" not in legal(state)


def test_28_start_player_alternates_every_round():
    state = new(first=1)
    starts = []
    for _ in range(5):
        starts.append(state.start)
        state = skip_round(state)
    assert starts == [1, 0, 1, 0, 1]

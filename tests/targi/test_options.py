"""Each table option, played both ways."""

from __future__ import annotations

import pytest

import bot.games.targi as targi
from bot.games.targi.state import CELL_INDEX

from .helpers import act, at_round, given, legal, marker_on, new, place, res, skip_round

FILLERS = ["targia_01", "tent_01", "well_01", "oasis_01"]
GOODS5 = ["g_dates_1", "g_salt_1", "g_pepper_1", "g_dates_1", "g_salt_1"]


def test_options_and_defaults_are_documented():
    assert targi.OPTIONS["raid_unpaid_bonus"] == "fixed3"
    assert targi.OPTIONS["hand_later_round"] is True
    assert targi.OPTIONS["hand_public"] is False  # product choice: hands are private in the bot
    assert len(targi.OPTIONS) == 17


@pytest.mark.parametrize(
    ("name", "value"), [("nope", True), ("hand_public", "yes"), ("caravan_card", "top")]
)
def test_bad_options_are_refused(name, value):
    with pytest.raises(ValueError, match=name):
        targi.new_game(2, 1, options={name: value})


@pytest.mark.parametrize(("value", "bonus"), [("fixed3", 3), ("raid_amount", 1)])
def test_raid_unpaid_bonus(value, bonus):
    state = at_round(new(raid_unpaid_bonus=value), 3, robber=3, start=0)
    state = given(state, 1, res=[0, 0, 0, 0, 0])
    state = given(state, 0, res=[0, 0, 0, 0, 2])
    state = skip_round(state)  # raid 1: seat 1 cannot pay, seat 0 pays 1 VP
    assert res(state, 0)[4] == 2 - 1 + bonus and res(state, 1)[4] == 0


@pytest.mark.parametrize("later", [True, False])
def test_hand_later_round(later):
    state = at_round(new(FILLERS, GOODS5, hand_later_round=later), 2, robber=2)
    state = given(state, 0, res=[5, 5, 5, 3, 4])
    state = place(state, [1, 14, 6], [15, 5, 13])  # Noble + marker on A2 (tent_01)
    state = act(state, "use A2", "hand", "use 1")
    displays = [a for a in legal(state) if a.startswith("display")]
    if later:  # only the discard was possible and has happened
        assert state.players[0].hand is None and state.tribe_discard == ["tent_01"]
    else:
        assert "display 1 2D 2S 1P" in displays
        state = act(state, "display 1 2D 2S 1P")
        assert state.players[0].display[0] == ["tent_01"]


@pytest.mark.parametrize("repeatable", [True, False])
def test_merchant_repeatable(repeatable):
    state = marker_on(new(FILLERS, GOODS5, merchant_repeatable=repeatable), "B1")
    state = given(state, 0, res=[0, 6, 0, 0, 4])
    state = act(state, "use 5", "trade 3S G")
    if repeatable:
        state = act(state, "trade 3S G", "done")
        assert res(state, 0) == [0, 0, 0, 2, 4]
    else:
        assert state.pending is None and res(state, 0) == [0, 3, 0, 1, 4]


@pytest.mark.parametrize("same", [True, False])
def test_merchant_same_kind(same):
    state = marker_on(new(FILLERS, GOODS5, merchant_same_kind=same), "B1")
    state = given(state, 0, res=[1, 1, 1, 0, 4])
    if same:  # one of each: nothing to trade, so the Merchant cannot be used
        assert "use 5" not in legal(state)
    else:
        state = act(state, "use 5")
        assert "trade 1D 1S 1P G" in legal(state) and "trade 1D 1S P" in legal(state)
        state = act(state, "trade 1D 1S 1P G")
        assert res(state, 0) == [0, 0, 0, 1, 4]


@pytest.mark.parametrize("same", [True, False])
def test_silversmith_same_kind(same):
    state = new(FILLERS, GOODS5, silversmith_same_kind=same)
    state = place(state, [10, 14, 6], [15, 5, 13])  # seat 0 on the Silversmith
    state = given(state, 0, res=[1, 1, 0, 0, 0])
    if same:
        assert "use 10" not in legal(state)
    else:
        state = act(state, "use 10", "smith 1D 1S")
        assert res(state, 0) == [0, 0, 0, 0, 1]


@pytest.mark.parametrize("face_down", [True, False])
def test_fata_morgana_face_down(face_down):
    state = new(FILLERS, GOODS5, fata_morgana_face_down=face_down)
    state = place(state, [11, 15, 5], [9, 13, 7])  # seat 0 marker A1; seat 1 marker C3 + Fata
    state = act(state, "use A1", "done", "use 9")
    assert ("move C3 A1" in legal(state)) is face_down
    if face_down:
        hidden = state.centre[CELL_INDEX["A1"]]
        state = act(state, "move C3 A1", "use A1")
        assert state.pending == {"kind": "tribe", "card": hidden, "source": "centre", "cell": 0}


@pytest.mark.parametrize("limits", [True, False])
def test_limits_at_game_end(limits):
    eleven = [
        ["tent_01", "tent_02", "tent_03", "tent_04"],
        ["well_01", "well_02", "well_04", "well_06"],
        ["oasis_01", "oasis_02", "oasis_05"],
    ]
    state = marker_on(new(FILLERS, GOODS5, limits_at_game_end=limits), "B1")
    state = given(state, 0, display=eleven, res=[9, 9, 9, 5, 4])
    state = act(state, "use B1", "display 3 1D 2S 2P", "done", "done")
    if limits:
        assert not targi.is_over(state) and state.pending == {"kind": "limits", "excess": 12}
        state = act(state, "drop 8D 4S")
        assert targi.is_over(state) and res(state, 0) == [0, 3, 7, 3, 4]
    else:
        assert targi.is_over(state) and res(state, 0) == [8, 7, 7, 5, 4]


@pytest.mark.parametrize(("any_row", "rows"), [(True, ["2", "3"]), (False, ["2"])])
def test_display_any_row(any_row, rows):
    state = marker_on(new(FILLERS, GOODS5, display_any_row=any_row), "B1")
    full_row = ["tent_01", "tent_02", "tent_03", "tent_04"]
    state = given(state, 0, display=[full_row, ["well_01"], []], res=[5, 5, 5, 0, 4])
    state = act(state, "use B1")
    offered = sorted({a.split()[1] for a in legal(state) if a.startswith("display")})
    assert offered == rows


@pytest.mark.parametrize("where", ["discard", "bottom"])
def test_caravan_card(where):
    state = new(FILLERS, [*GOODS5, "g_gold"], caravan_card=where)
    state = place(state, [13, 7, 2], [15, 5, 14])
    state = act(state, "use 13")
    assert res(state, 0)[3] == 2
    if where == "discard":
        assert state.goods_discard == ["g_gold"]
    else:
        assert state.goods_discard == [] and state.goods_deck[-1] == "g_gold"


@pytest.mark.parametrize("counts", [True, False])
def test_caravan_counts_as_goods_card(counts):
    state = new(FILLERS, [*GOODS5, "g_salt_2"], caravan_counts_as_goods_card=counts)
    state = place(state, [13, 7, 2], [15, 5, 14])
    state = given(state, 0, res=[0, 0, 0, 0, 0], display=[["oasis_08", "oasis_04"], [], []])
    state = act(state, "use 13")  # 2 salt from the Caravan's goods card
    assert res(state, 0)[1] == (3 if counts else 2)
    state = act(state, "done")
    # Oasis consolation good only when the Caravan card did not count
    assert (state.pending is not None and state.pending["why"] == "consolation") is not counts


@pytest.mark.parametrize("public", [True, False])
def test_hand_public(public):
    state = given(new(hand_public=public), 0, hand="well_01")
    for viewer in (None, 1):
        seen = targi.view(state, viewer)["players"][0]
        assert seen["hand_held"] is True
        assert ("hand" in seen) is public
    assert targi.view(state, 0)["players"][0]["hand"]["id"] == "well_01"


@pytest.mark.parametrize(("stack", "less"), [(True, 2), (False, 1)])
def test_discounts_stack(stack, less):
    state = at_round(new(FILLERS, GOODS5, discounts_stack=stack), 2, robber=2)
    state = given(
        state, 0, res=[9, 9, 9, 3, 4], display=[["tent_04", "well_06"], [], []], hand="well_01"
    )
    state = place(state, [1, 14, 6], [15, 5, 13])
    state = act(state, "use 1")
    paid = {sum(int(w[0]) for w in a.split()[2:]) for a in legal(state) if a.startswith("display")}
    assert paid == {5 - less}


@pytest.mark.parametrize(("count_new", "goods"), [(True, 5), (False, 6)])
def test_count_new_card(count_new, goods):
    state = marker_on(new(["camel_rider_08", *FILLERS[1:]], GOODS5, count_new_card=count_new), "B1")
    state = act(state, "use B1", "display 1 2D 1S")
    assert state.pending["count"] == goods


@pytest.mark.parametrize("once", [True, False])
def test_hand_play_once_per_round(once):
    state = new(
        ["tent_01", "oasis_05", "well_01", "oasis_01"],
        GOODS5,
        hand_play_once_per_round=once,
        hand_later_round=False,
    )
    # seat 0: 2 (column B) + 15 (row 1) + 14 (row 2) -> markers B1 (tent_01) and B2 (goods)
    state = place(state, [2, 15, 14], [13, 7, 3])
    state = given(state, 0, res=[9, 9, 9, 3, 4], display=[["well_05"], [], []], hand="oasis_05")
    state = act(state, "play 1 1D 1P 1G", "use B1", "hand")
    assert any(a.startswith("play") for a in legal(state)) is not once


@pytest.mark.parametrize("own", [True, False])
def test_stored_gold_is_own_gold(own):
    state = marker_on(new(["well_09", *FILLERS[1:]], GOODS5, stored_gold_is_own_gold=own), "B1")
    state = act(state, "use B1", "display 1 1D 1G")
    assert (state.players[0].stored, res(state, 0)[3]) == ((0, 1) if own else (1, 0))


@pytest.mark.parametrize(("mixed", "count"), [(True, 12), (False, 5)])
def test_gain_goods_mixed(mixed, count):
    state = marker_on(new(["targia_05", *FILLERS[1:]], GOODS5, gain_goods_mixed=mixed), "B1")
    state = act(state, "use B1", "display 1 1D 1S 2P")
    assert len(legal(state)) == count and ("take 1D 1S 1P" in legal(state)) is mixed


@pytest.mark.parametrize("covers", [True, False])
def test_immunity_covers_raid4(covers):
    state = at_round(new(immunity_covers_raid4=covers), 12, robber=15, start=0)
    state = given(state, 1, res=[0, 0, 0, 1, 0], display=[["oasis_09"], [], []])
    state = given(state, 0, res=[0, 0, 0, 1, 0])
    state = skip_round(state)
    assert targi.is_over(state)
    assert res(state, 1)[3] == (1 if covers else 0)

"""Every tribe card: its printed cost, and one scenario per ability, played in notation."""

from __future__ import annotations

import pytest

import bot.games.targi as targi
from bot.games import replay
from bot.games.common import IllegalAction, InvalidNotation
from bot.games.playout import play
from bot.games.targi.cards import CARDS, bundle_text

from .helpers import act, at_round, given, legal, marker_on, new, place, res, skip_round

FILLERS = ["targia_01", "tent_01", "well_01", "oasis_01", "camel_rider_01"]
GOODS5 = ["g_dates_1", "g_salt_1", "g_pepper_1", "g_dates_1", "g_salt_1"]
RICH = [9, 9, 9, 3, 4]


def with_b1(card, *, seat0_res=RICH, display=None, goods=GOODS5, **options):
    """Seat 0 to act with its only tribe marker on B1, where ``card`` lies."""
    tribe = [card, *[f for f in FILLERS if f != card][:3]]
    state = marker_on(new(tribe, goods, **options), "B1")
    return given(state, 0, res=list(seat0_res), display=display or [[], [], []])


def minus(vec, other):
    return [a - b for a, b in zip(vec, other, strict=False)]


@pytest.mark.parametrize("card_id", sorted(CARDS.tribe))
def test_display_pays_exactly_the_printed_cost(card_id):
    card = CARDS.tribe[card_id]
    state = act(with_b1(card_id), "use B1")
    labels = sorted(a.removeprefix("display 1 ") for a in legal(state) if a.startswith("display 1"))
    expected = [bundle_text(card.cost)]
    if card.alternative:
        expected.append(bundle_text(card.alternative))
    assert labels == sorted(expected)
    state = act(state, f"display 1 {bundle_text(card.cost)}")
    assert res(state, 0) == minus(RICH, list(card.cost))
    assert state.players[0].display[0] == [card_id]
    assert targi.scores(state)[0]["cards"] == card.vp
    if card.timing == "none":
        assert state.pending is None
        assert targi.scores(state)[0]["bonus"] == 0


@pytest.mark.parametrize(
    ("card_id", "good", "one", "two"),
    [
        ("targia_04", 0, "g_dates_1", "g_dates_2"),
        ("oasis_08", 1, "g_salt_1", "g_salt_2"),
        ("camel_rider_05", 2, "g_pepper_1", "g_pepper_2"),
    ],
)
def test_income_cards_add_one_good_once_per_round(card_id, good, one, two):
    goods = ["g_gold", "g_gold", "g_gold", one, "g_vp", two, one]
    state = new(FILLERS[:4], goods)
    # seat 0: 11 (column A) + Caravan 13 + 7 (row 3) -> marker on A3 (the 1-good card)
    state = place(state, [11, 13, 7], [15, 5, 14])
    state = given(state, 0, res=[0, 0, 0, 0, 0], display=[[card_id], [], []])
    state = act(state, "use A3")
    assert res(state, 0)[good] == 2  # 1 from the card + 1 extra
    state = act(state, "use 13")  # Caravan: the next goods card, 2 of the same good
    assert res(state, 0)[good] == 4  # no second extra this round
    # next round the bonus is back
    state = act(state, "done", "done")
    assert state.players[0].income_done == [False, False, False]


@pytest.mark.parametrize(
    ("choice", "after"),
    [("take 1G", [0, 0, 0, 1, 0]), ("take 1VP", [0, 0, 0, 0, 1]), ("take 1D 2P", [1, 0, 2, 0, 0])],
)
def test_targia_05_one_time_choice(choice, after):
    state = with_b1("targia_05", seat0_res=[1, 1, 2, 0, 0])
    state = act(state, "use B1", "display 1 1D 1S 2P")
    assert "take 3D" in legal(state) and "take 1G" in legal(state) and len(legal(state)) == 12
    state = act(state, choice)
    assert res(state, 0) == after


MIXED = [
    ["targia_06", "tent_01", "well_01", "oasis_01"],
    ["targia_01", "tent_02", "well_02", "camel_rider_01"],
    ["targia_02", "tent_03", "oasis_02", "camel_rider_02"],
]


def test_targia_06_two_mixed_rows_score_four():
    state = given(new(), 0, display=MIXED)
    assert targi.scores(state)[0]["bonus"] == 4 + 4 + 2
    plain = [["targia_03", *MIXED[0][1:]], *MIXED[1:]]
    assert targi.scores(given(new(), 0, display=plain))[0]["bonus"] == 2 + 2 + 2


@pytest.mark.parametrize(
    ("card_id", "symbol"),
    [
        ("targia_07", "camel_rider"),
        ("camel_rider_07", "tent"),
        ("tent_07", "oasis"),
        ("well_07", "targia"),
        ("oasis_07", "well"),
    ],
)
def test_points_per_two_cards_of_a_symbol(card_id, symbol):
    others = [c for c in sorted(CARDS.tribe) if CARDS.tribe[c].symbol == symbol and c != card_id]
    five = others[:5]
    state = given(new(), 0, display=[[card_id, *five[:2]], five[2:], []])
    assert targi.scores(state)[0]["bonus"] == 2  # 5 cards -> 2 pairs
    state = given(new(), 0, display=[[card_id, five[0]], [], []])
    assert targi.scores(state)[0]["bonus"] == 0


@pytest.mark.parametrize(
    ("card_id", "target"),
    [
        ("targia_08", "targia_01"),
        ("camel_rider_09", "camel_rider_01"),
        ("tent_06", "tent_01"),
        ("well_06", "well_01"),
        ("oasis_06", "oasis_01"),
    ],
)
def test_discount_cards_make_later_cards_of_the_symbol_one_good_cheaper(card_id, target):
    cost = list(CARDS.tribe[target].cost)
    expected = sorted(
        bundle_text([n - (i == k) for i, n in enumerate(cost)]) for k in range(3) if cost[k]
    )
    state = act(with_b1(target, display=[[card_id], [], []]), "use B1")
    labels = sorted(a.removeprefix("display 1 ") for a in legal(state) if a.startswith("display 1"))
    assert labels == expected
    state = act(state, f"display 1 {expected[0]}")
    assert sum(RICH[:3]) - sum(res(state, 0)[:3]) == sum(cost[:3]) - 1
    # another symbol pays full price
    other = "well_04" if CARDS.tribe[target].symbol != "well" else "tent_02"
    state = act(with_b1(other, display=[[card_id], [], []]), "use B1")
    full = bundle_text(CARDS.tribe[other].cost)
    assert f"display 1 {full}" in legal(state)


def test_discount_never_reduces_gold():
    state = act(with_b1("camel_rider_06", display=[["camel_rider_09"], [], []]), "use B1")
    assert [a for a in legal(state) if a.startswith("display 1")] == ["display 1 1G"]


def test_targia_09_takes_a_vp_after_every_raid():
    state = at_round(new(), 3, robber=3, start=0)
    state = given(state, 0, res=[2, 2, 2, 1, 4], display=[["targia_09"], [], []])
    state = skip_round(state)  # raid 1 at the start of round 4: seat 0 pays 1 dates
    assert res(state, 0) == [1, 2, 2, 1, 5]
    assert any("takes 1 VP (Targia, VP per raid)" in e["text"] for e in state.events)


def test_camel_rider_04_scores_in_the_last_slot_of_a_full_row():
    last = [["targia_01", "tent_01", "well_01", "camel_rider_04"], [], []]
    assert targi.scores(given(new(), 0, display=last))[0]["bonus"] == 2 + 2
    third = [["targia_01", "tent_01", "camel_rider_04", "well_01"], [], []]
    assert targi.scores(given(new(), 0, display=third))[0]["bonus"] == 2


def test_camel_rider_06_more_cards_than_the_opponent():
    state = given(new(), 0, display=[["camel_rider_06", "tent_01"], [], []])
    state = given(state, 1, display=[["well_01"], [], []])
    assert targi.scores(state)[0]["bonus"] == 1
    state = given(state, 1, display=[["well_01", "well_02"], [], []])
    assert targi.scores(state)[0]["bonus"] == 0


@pytest.mark.parametrize(("before", "count"), [(0, 5), (3, 4), (8, 1)])
def test_camel_rider_08_goods_per_two_empty_slots(before, count):
    cards = [c for c in sorted(CARDS.tribe) if c.startswith("well")][:before]
    display = [cards[:4], cards[4:8], []]
    state = with_b1("camel_rider_08", display=display)
    state = act(state, "use B1", "display 3 2D 1S")
    assert state.pending == {"kind": "take", "count": count, "why": "camel_rider_08", "mixed": True}
    state = act(state, f"take {count}P")
    assert res(state, 0) == [7, 8, 9 + count, 3, 4]


def test_tent_04_noble_play_costs_one_good_less():
    state = at_round(new(FILLERS[:4], GOODS5), 2, robber=2)
    state = given(state, 0, res=RICH, display=[["tent_04"], [], []], hand="well_01", hand_round=1)
    state = place(state, [1, 14, 6], [15, 5, 13])
    state = act(state, "use 1")
    labels = sorted(a.removeprefix("display 1 ") for a in legal(state) if a.startswith("display 1"))
    assert labels == ["1D 1S 2P", "2D 1S 1P", "2D 2P"]
    state = act(state, "display 1 2D 2P")
    assert res(state, 0) == [7, 9, 7, 3, 4] and state.players[0].display[0] == [
        "tent_04",
        "well_01",
    ]


def test_tent_05_opponent_places_only_two_targi_next_round():
    state = with_b1("tent_05", seat0_res=[1, 1, 2, 0, 0])
    state = act(state, "use B1", "display 1 1D 1S 2P", "done", "done")
    assert state.round == 2 and state.players[1].allowed == 2 and state.players[0].allowed == 3
    # round 2: seat 1 starts; placements 1,0,1,0,0
    state = place(state, [15, 5], [14, 6, 13])
    assert state.phase == "act" and len(state.players[1].targi) == 2
    assert len(state.players[0].targi) == 3
    state = skip_round(state)
    assert state.players[1].allowed == 3


def test_tent_08_merchant_also_swaps_one_for_one():
    state = with_b1("tent_01", seat0_res=[1, 0, 0, 0, 4], display=[["tent_08"], [], []])
    state = act(state, "use 5")
    assert legal(state) == ["done", "trade 1D P", "trade 1D S"]
    state = act(state, "trade 1D P")
    assert res(state, 0) == [0, 0, 1, 0, 4]


def test_tent_09_ten_cards_bonus():
    wells = [c for c in sorted(CARDS.tribe) if c.startswith("oasis")]
    ten = [["tent_09", *wells[:2]], wells[2:5], wells[5:9]]
    assert sum(map(len, ten)) == 10
    # 4 oases in row 3 -> +4 row bonus; +1 for ten cards
    assert targi.scores(given(new(), 0, display=ten))[0]["bonus"] == 4 + 1
    nine = [["tent_09", *wells[:1]], wells[2:5], wells[5:9]]
    assert targi.scores(given(new(), 0, display=nine))[0]["bonus"] == 4


def test_well_03_goods_per_two_displayed_cards():
    state = with_b1("well_03", display=[["tent_01", "tent_02", "tent_03"], [], []])
    state = act(state, "use B1", "display 2 1D 2S 1P")
    assert state.pending["count"] == 2  # 4 cards now
    state = act(state, "take 1D 1S")
    assert res(state, 0) == [9, 8, 8, 3, 4]


def test_well_05_plays_the_hand_card_without_the_noble_for_one_extra_good():
    state = with_b1("tent_01", display=[["well_05"], [], []])
    state = given(state, 0, hand="oasis_05", hand_round=0)  # 1P 1G
    plays = [a for a in legal(state) if a.startswith("play 1")]
    assert plays == ["play 1 1D 1P 1G", "play 1 1S 1P 1G", "play 1 2P 1G"]
    state = act(state, "play 1 1S 1P 1G")
    assert res(state, 0) == [9, 8, 8, 2, 4]
    assert state.players[0].display[0] == ["well_05", "oasis_05"]
    assert state.players[0].hand is None


def test_well_08_may_stand_on_the_robbers_card():
    state = at_round(new(), 2, robber=2)
    assert "place 2" not in legal(state)
    state = given(state, 0, display=[["well_08"], [], []])
    assert "place 2" in legal(state)
    state = act(state, "place 2")
    assert state.players[0].targi == [2]


def test_well_09_stores_gold_for_a_later_gold_cost():
    state = with_b1("well_09")
    state = act(state, "use B1", "display 1 1D 1G")
    assert state.players[0].stored == 1 and res(state, 0) == [8, 9, 9, 2, 4]
    later = with_b1("targia_02", display=[["well_09"], [], []])
    later = given(later, 0, stored=1)
    later = act(later, "use B1")
    assert "display 1 1D 1P stored" in legal(later) and "display 1 1D 1P 1G" in legal(later)
    later = act(later, "display 1 1D 1P stored")
    assert later.players[0].stored == 0 and res(later, 0) == [8, 9, 8, 3, 4]


def test_oasis_03_swaps_two_displayed_cards():
    state = with_b1("oasis_03", display=[["tent_01", "well_01"], [], []])
    state = act(state, "use B1", "display 1 1S 1P 1G")
    swaps = [a for a in legal(state) if a.startswith("swap ")]
    assert swaps == ["swap 1.1 1.2", "swap 1.1 1.3", "swap 1.2 1.3"] and "keep" in legal(state)
    state = act(state, "swap 1.1 1.3")
    assert state.players[0].display[0] == ["oasis_03", "well_01", "tent_01"]


def test_oasis_03_moves_a_card_into_another_rows_free_slot():
    state = with_b1("oasis_03", display=[["tent_01", "well_01"], [], []])
    state = act(state, "use B1", "display 1 1S 1P 1G")
    # The last card of a row may go to the first free slot of another row ...
    assert {"move 1.3 2.1", "move 1.3 3.1"} <= set(legal(state))
    # ... but never past it or leaving a hole behind, unless the second move fills the hole.
    assert not {"move 1.3 2.2", "move 1.1 2.1", "move 1.2 1.4"} & set(legal(state))
    moved = act(state, "move 1.3 2.1")
    assert moved.players[0].display == [["tent_01", "well_01"], ["oasis_03"], []]
    assert moved.pending is None
    assert "@0 moves the displayed cards at 1.3 to 2.1" in [e["text"] for e in moved.events]


def test_oasis_03_moves_two_cards_the_second_filling_the_first_ones_hole():
    state = with_b1("oasis_03", display=[["tent_01", "well_01"], ["targia_01"], []])
    state = act(state, "use B1", "display 1 1S 1P 1G")
    assert "move 1.1 2.2 and 1.3 1.1" in legal(state)
    assert "move 1.1 2.2 and 1.1 1.3" not in legal(state)  # the same card twice
    moved = act(state, "Move 1.1 2.2, 1.3 1.1")  # typed with a comma
    assert moved.players[0].display == [["oasis_03", "well_01"], ["targia_01", "tent_01"], []]
    # Two cards out of different rows into the third row.
    two = act(state, "move 1.3 3.1 and 2.1 3.2")
    assert two.players[0].display == [["tent_01", "well_01"], [], ["oasis_03", "targia_01"]]
    assert targi.to_json(act(state, "keep")) != targi.to_json(two)


def test_oasis_03_full_rows_only_swap():
    full = [
        ["tent_01", "well_01", "targia_01", "well_02"],
        ["tent_02", "tent_03", "tent_04", "tent_05"],
        ["well_03", "well_04", "well_05"],
    ]
    state = with_b1("oasis_03", display=full)
    state = act(state, "use B1", "display 3 1S 1P 1G")
    assert not [a for a in legal(state) if a.startswith("move")]
    assert "swap 1.4 3.4" in legal(state)


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("move 1.3 2.2", IllegalAction),
        ("move 1.3", InvalidNotation),
        ("move 1.3 2.1 and 1.2", InvalidNotation),
        ("move 1.3 B2", InvalidNotation),
        ("move 1.3 4.1", InvalidNotation),
    ],
)
def test_oasis_03_refuses_impossible_moves(text, error):
    state = with_b1("oasis_03", display=[["tent_01", "well_01"], [], []])
    state = act(state, "use B1", "display 1 1S 1P 1G")
    before = targi.to_json(state)
    with pytest.raises(error):
        targi.apply(state, 0, text)
    assert targi.to_json(state) == before


def test_recorded_oasis_swaps_still_replay():
    # Records written before moves existed hold 'swap' or 'keep' for this decision.
    found = 0
    for seed in range(200):
        result = play(targi, 2, seed)
        actions = [a for _, a in result.record["actions"]]
        if any(a.startswith("swap ") for a in actions):
            assert replay(result.record) == result.final
            found += 1
        if found == 2:
            break
    assert found == 2


def test_oasis_03_may_keep_the_display():
    state = with_b1("oasis_03", display=[["tent_01"], [], []])
    state = act(state, "use B1", "display 2 1S 1P 1G", "keep")
    assert state.players[0].display == [["tent_01"], ["oasis_03"], []]
    assert state.pending is None


def test_oasis_04_consolation_good_in_a_round_without_goods_cards():
    state = with_b1("tent_01", display=[["oasis_04"], [], []])
    state = act(state, "use 2", "done")  # a border goods card does not count as a goods card
    assert state.pending["why"] == "consolation" and state.turn == 0
    state = act(state, "take 1P")
    assert res(state, 0) == [10, 9, 10, 3, 4] and state.turn == 1
    # with a goods card taken there is no consolation
    other = new(FILLERS[:4], GOODS5)
    other = place(other, [11, 15, 5], [14, 6, 13])  # marker on A1 (1 dates)
    other = given(other, 0, display=[["oasis_04"], [], []])
    other = act(other, "use A1", "done")
    assert other.turn == 1 and other.pending is None


def test_oasis_09_pays_nothing_at_raids():
    state = at_round(new(), 3, robber=3, start=0)
    state = given(state, 1, res=[0, 0, 0, 0, 4], display=[["oasis_09"], [], []])
    state = skip_round(state)
    assert state.raids == 1
    assert res(state, 1) == [0, 0, 0, 0, 4]  # nothing paid
    assert res(state, 0) == [1, 2, 2, 1, 4]  # seat 0 paid its dates


def test_every_rule_kind_has_a_scenario_here():
    covered = {
        "none", "income", "gain_choice", "mixed_rows", "per_symbol", "discount", "raid_vp",
        "row_end", "more_cards", "goods_per_empty", "goods_per_card", "noble_discount",
        "opponent_two_targi", "merchant_swap", "min_cards", "play_hand", "ignore_robber",
        "stored_gold", "rearrange", "consolation", "raid_immunity",
    }  # fmt: skip
    assert {card.kind for card in CARDS.tribe.values()} == covered


def test_income_ignores_the_goods_border_cards():
    # centre B2 holds 1 dates; seat 0: 2 (Dates border card, column B) + 14 + 6 (row 2) -> B2
    state = new(FILLERS[:4], ["g_salt_1", "g_salt_1", "g_dates_1", "g_pepper_1", "g_pepper_1"])
    state = place(state, [2, 14, 6], [15, 5, 13])
    state = given(state, 0, res=[0, 0, 0, 0, 0], display=[["targia_04"], [], []])
    state = act(state, "use 2")  # a border card, not a goods card: no extra dates
    assert res(state, 0) == [1, 0, 0, 0, 0]
    state = act(state, "use B2")  # the goods card: 1 dates + 1 extra
    assert res(state, 0) == [3, 0, 0, 0, 0]


def test_targia_09_pays_after_each_raid_also_when_its_owner_cannot_pay():
    # docs/playing.md: the VP comes after every raid, whether its owner paid, was immune or not.
    state = at_round(new(), 3, robber=3, start=0)
    state = given(state, 0, res=[0, 0, 0, 0, 0], display=[["targia_09"], [], []])
    state = given(state, 1, res=[0, 0, 0, 0, 1])
    state = skip_round(state)  # raid 1: seat 0 cannot pay (seat 1 +3), then takes its 1 VP
    assert state.raids == 1 and state.phase == "place"
    assert res(state, 0) == [0, 0, 0, 0, 1] and res(state, 1) == [0, 0, 0, 0, 3]
    # raid 2 (round 7): seat 0 pays 2 dates, then takes 1 VP again
    later = at_round(new(), 6, robber=7, start=0)
    later = given(later, 0, res=[2, 0, 0, 0, 0], display=[["targia_09"], [], []])
    later = given(later, 1, res=[0, 0, 0, 0, 1])
    later = skip_round(later)
    assert later.raids == 2 and res(later, 0) == [0, 0, 0, 0, 1]


def test_well_05_waits_for_a_later_round_like_the_noble():
    state = with_b1("tent_01", display=[["well_05"], [], []])
    state = act(state, "use B1", "hand")  # tent_01 into hand in round 1
    assert not any(a.startswith("play") for a in legal(state))
    assert targi.view(state, 0)["players"][0]["hand_playable"] is False
    state = act(state, "done")
    state = skip_round(state)  # round 2: seat 1 starts, robber on 2
    state = place(state, [15, 5, 13], [14, 6, 3])
    state = given(act(state, "done"), 0, res=[9, 9, 9, 3, 4])
    assert state.turn == 0 and "play 1 2D 2S 1P 1G" not in legal(state)
    assert "play 1 3D 2S 1P" in legal(state)  # 2D 2S 1P + 1 extra good


def test_tent_04_does_not_reduce_the_well_05_play():
    # "Whenever you use the Noble ...": playing the hand card without the Noble pays in full.
    state = with_b1("tent_01", display=[["well_05", "tent_04"], [], []])
    state = given(state, 0, hand="oasis_05", hand_round=0)  # 1P 1G
    plays = [a for a in legal(state) if a.startswith("play 1")]
    assert plays == ["play 1 1D 1P 1G", "play 1 1S 1P 1G", "play 1 2P 1G"]


def test_well_09_stored_gold_is_not_own_gold_by_default():
    # not counted by the 3-gold limit, not usable for raid 4 (docs/rules-targi.md: tribe-card
    # reading 5)
    state = marker_on(new(FILLERS[:4], GOODS5), "B1")
    state = given(state, 0, res=[0, 0, 0, 3, 4], display=[["well_09"], [], []], stored=1)
    state = act(state, "done", "done")
    assert res(state, 0)[3] == 3 and state.players[0].stored == 1
    final = at_round(new(), 12, robber=15, start=0)
    final = given(final, 0, res=[0, 0, 0, 0, 2], display=[["well_09"], [], []], stored=1)
    final = given(final, 1, res=[0, 0, 0, 0, 3])
    final = skip_round(final)
    assert final.over == "raid4" and final.players[0].stored == 1
    assert res(final, 0)[3:] == [0, 2] and res(final, 1)[3:] == [0, 0 + 3]

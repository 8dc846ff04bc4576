"""One scenario per numbered ruling of docs/rules-tigris.md §18 (test_NN_... = ruling NN).

Positions are painted with ``tests.tigris.helpers.position`` (see its docstring for the tokens)
and played in notation; each test asserts the exact outcome the ruling demands.
"""

from __future__ import annotations

import pytest

from bot.games import tigris
from bot.games.common import IllegalAction
from tests.tigris.helpers import hand_of, leader_at, play, position, score_of, sq, tile_at

REDS = "red red red red red red"


def _pending(state: tigris.State) -> dict:
    pending = tigris.view(state, None)["pending"]
    assert pending is not None
    return pending


def test_01_leader_never_on_a_river() -> None:
    state = position()
    legal = tigris.legal_actions(state, 0)
    for square in ("G3", "F2", "F4"):
        assert f"leader black {square}" in legal
    assert "leader black E3" not in legal
    with pytest.raises(IllegalAction, match="E3 is a river square"):
        tigris.apply(state, 0, "leader black E3")


def test_02_temple_adjacency_is_orthogonal_and_face_up() -> None:
    state = position()
    legal = tigris.legal_actions(state, 0)
    assert "leader red L1" in legal
    assert "leader red L2" not in legal  # diagonal to K1
    with pytest.raises(IllegalAction, match="next to a face-up temple"):
        tigris.apply(state, 0, "leader red L2")
    # E5 touches F5; as a face-up temple it qualifies, flipped under a monument it does not.
    face_up = position(board="F5: r r\nF6: r r")
    assert "leader red E5" in tigris.legal_actions(face_up, 0)
    flipped = position(board="F5: x x\nF6: x x", monuments=[("F5", "red-blue", "red")])
    assert "leader red E5" not in tigris.legal_actions(flipped, 0)


def test_03_leader_may_link_leaderless_regions() -> None:
    # N5 temple, black tiles on L5 and M4: a priest on M5 pulls them into one kingdom, so a
    # temple on K5 (touching only L5) now scores for the priest.
    state = position(hands={0: REDS}, board="M4: k\nL5: k . r*")
    state = play(state, "0: leader red M5", "0: tile red K5")
    assert score_of(state, 0)["red"] == 1


def test_04_leader_may_not_join_two_kingdoms() -> None:
    # Kingdom I7+I6 (seat 1 king) and kingdom K7+K6 (seat 1 trader): J7 touches both.
    state = position(board="I6: K1 . T1\nI7: r* . r")
    legal = tigris.legal_actions(state, 0)
    for colour in ("red", "blue", "green", "black"):
        assert f"leader {colour} J7" not in legal
    with pytest.raises(IllegalAction, match="J7 would join two kingdoms"):
        tigris.apply(state, 0, "leader red J7")  # no conflict would even follow


def test_05_moving_a_leader_is_judged_without_it() -> None:
    # Seat 0's king on J7 bridges {I7, I8 priest} and {K7, K8, L8 trader}. Moved to J8, which
    # touches both halves, it would join two kingdoms once it has left J7.
    state = position(board="I7: r* K0 r\nI8: P1 . r T1")
    legal = tigris.legal_actions(state, 0)
    assert "leader black J8" not in legal
    with pytest.raises(IllegalAction, match="join two kingdoms"):
        tigris.apply(state, 0, "leader black J8")
    # Any other leader may go there: with the king in place it is a single kingdom.
    assert "leader blue J8" in legal


def test_06_revolt_fought_and_rewarded_with_red() -> None:
    # Two traders: support is counted in temples, the winner scores red, not green.
    state = position(hands={0: "red red green green green green"}, board="H7: T1 r*")
    state = play(state, "0: leader green J7")
    pending = _pending(state)
    assert (pending["conflict"], pending["colour"], pending["leader_colour"]) == (
        "revolt",
        "red",
        "green",
    )
    assert tigris.legal_actions(state, 0) == ["support 0", "support 1", "support 2"]
    state = play(state, "0: support 1", "1: support 0")
    assert score_of(state, 0)["red"] == 1 and score_of(state, 0)["green"] == 0
    assert leader_at(state, "H7") is None and leader_at(state, "J7") == (0, "green")


def test_07_revolt_counts_temples_next_to_the_leader_only() -> None:
    # Kingdom of 9 temples (E5..L5 and I7); the attacker on E6 touches only E5.
    state = position(board="E5: r r r r r r r r\nI6: P1\nI7: r*")
    state = play(state, "0: leader red E6")
    pending = _pending(state)
    assert (pending["attacker_base"], pending["defender_base"]) == (1, 2)


def test_08_a_shared_temple_counts_for_both_sides() -> None:
    state = position(board="H7: P1 r*\nH8: r")
    state = play(state, "0: leader red J7")
    pending = _pending(state)
    assert (pending["attacker_base"], pending["defender_base"]) == (1, 2)


def _tie_position() -> tigris.State:
    # Attacker on J7 touches I7 and K7 (2); defender on H7 touches I7 (1).
    return position(
        hands={0: "red red red red blue blue", 1: "red red red blue blue blue"},
        board="H7: P1 r* . r",
    )


def test_09_revolt_ties_go_to_the_defender() -> None:
    state = play(_tie_position(), "0: leader red J7")
    assert (_pending(state)["attacker_base"], _pending(state)["defender_base"]) == (2, 1)
    state = play(state, "0: support 2", "1: support 3")  # 4 : 4
    assert leader_at(state, "J7") is None and leader_at(state, "H7") == (1, "red")
    assert score_of(state, 1)["red"] == 1 and score_of(state, 0)["red"] == 0


def test_10_the_loser_may_try_again_at_once() -> None:
    state = play(_tie_position(), "0: leader red J7", "0: support 2", "1: support 3")
    assert tigris.to_act(state) == (0,) and state.actions_left == 1
    state = play(state, "0: leader red J7")
    assert _pending(state)["kind"] == "support"


def test_11_a_tile_joining_two_kingdoms_never_scores() -> None:
    # King kingdom {H7, I7} and priest kingdom {K7, K6}; a market on J7 joins them (no war).
    state = position(hands={0: "green black red red red red"}, board="H7: K0 r* . r\nK6: P1")
    state = play(state, "0: tile green J7")
    assert (
        tigris.scores(state) == [{"red": 0, "blue": 0, "green": 0, "black": 0, "treasures": 0}] * 2
    )
    assert tigris.view(state, None)["pending"] is None and tigris.to_act(state) == (0,)
    # Now one kingdom: a settlement beside K7 scores for seat 0's king.
    state = play(state, "0: tile black K8")
    assert score_of(state, 0)["black"] == 1


def test_12_king_fallback_scores_the_tiles_colour() -> None:
    state = position(hands={0: "blue red red red red red"}, board="I7: r*\nI8: K0")
    state = play(state, "0: tile blue I9")
    assert score_of(state, 0) == {"red": 0, "blue": 1, "green": 0, "black": 0, "treasures": 0}


def test_13_an_opponent_scores_your_tile() -> None:
    state = position(hands={0: "green red red red red red"}, board="H7: T1 r*")
    state = play(state, "0: tile green G7")
    assert score_of(state, 1)["green"] == 1 and score_of(state, 0)["green"] == 0


def test_14_three_kingdoms_are_illegal_two_and_a_region_are_a_unification() -> None:
    # H6 touches H7 (kingdom with seat 0's king), G6 (seat 1's trader) and H5.
    three = position(hands={0: REDS}, board="H4: F1\nH5: r\nF6: T1 r\nH7: r r*\nI8: K0")
    assert "tile red H6" not in tigris.legal_actions(three, 0)
    with pytest.raises(IllegalAction, match="three kingdoms"):
        tigris.apply(three, 0, "tile red H6")
    two = position(hands={0: REDS}, board="H5: r\nF6: T1 r\nH7: r r*\nI8: K0")
    state = play(two, "0: tile red H6")
    assert tigris.view(state, None)["pending"] is None  # no common leader colour: no war
    assert all(score == 0 for s in tigris.scores(state) for score in s.values())


def test_15_the_joining_tile_supports_nobody_and_stays() -> None:
    # Seat 0's priest side {E6, F6} (2 temples), seat 1's side {H6} (1); red joins on G6.
    state = position(
        hands={0: REDS, 1: "red red blue blue blue blue"},
        board="H5: P1\nE6: r r . r\nF7: P0",
    )
    state = play(state, "0: tile red G6")
    pending = _pending(state)
    assert (pending["conflict"], pending["colour"], pending["square"]) == ("war", "red", "G6")
    assert (pending["attacker"], pending["attacker_base"], pending["defender_base"]) == (0, 2, 1)
    state = play(state, "0: support 0", "1: support 2")  # 2 : 3, the defender wins
    assert tile_at(state, "E6") is None and tile_at(state, "F6") is None
    assert tile_at(state, "G6") == "red"
    assert score_of(state, 1)["red"] == 1 + 2


def _two_opponent_kingdoms(seats: int) -> str:
    return "E5: K1 . K2\nE6: r . r\nE7: T1 . T2"


def test_16_the_active_player_orders_wars_even_when_uninvolved() -> None:
    state = position(3, hands={0: REDS}, board=_two_opponent_kingdoms(3))
    state = play(state, "0: tile red F6")
    assert tigris.to_act(state) == (0,)
    assert tigris.legal_actions(state, 0) == ["war black", "war green"]
    state = play(state, "0: war green")
    pending = _pending(state)
    assert (pending["colour"], pending["attacker"], pending["defender"]) == ("green", 1, 2)
    assert tigris.to_act(state) == (1,)


def test_17_an_uninvolved_active_player_lets_the_next_seat_clockwise_attack() -> None:
    state = position(4, hands={0: REDS}, board="E5: K2 . K3\nE6: r . r")
    state = play(state, "0: tile red F6")
    assert (_pending(state)["attacker"], _pending(state)["defender"]) == (2, 3)
    # Seat 2 active, kings of seats 0 and 3: seat 3 comes first clockwise after seat 2.
    state = position(4, hands={2: REDS}, active=2, board="E5: K0 . K3\nE6: r . r")
    state = play(state, "2: tile red F6")
    assert (_pending(state)["attacker"], _pending(state)["defender"]) == (3, 0)


def test_18_moot_wars_are_cancelled() -> None:
    # Seat 0's king reaches the joining square F6 only through the markets D6 and E6.
    state = position(
        hands={0: REDS, 1: "green green blue blue blue blue"},
        board="C5: K0 . . . . T1\nB6: T0 r g g . g r\nH7: K1",
    )
    state = play(state, "0: tile red F6")
    assert tigris.legal_actions(state, 0) == ["war black", "war green"]
    state = play(state, "0: war green", "0: support 0", "1: support 2")  # 2 : 3
    assert tile_at(state, "D6") is None and tile_at(state, "E6") is None
    assert score_of(state, 1)["green"] == 1 + 2
    # The king war is moot: both kings stay and seat 0 takes its second action.
    assert tigris.view(state, None)["pending"] is None and tigris.to_act(state) == (0,)
    assert leader_at(state, "C5") == (0, "black") and leader_at(state, "H7") == (1, "black")
    assert tigris.view(state, None)["board"]["unification"] is None
    texts = [e["text"] for e in tigris.view(state, None)["events"]]
    assert "the king war is cancelled: no longer two sides" in texts


def test_19_red_war_spares_treasure_temples_and_temples_by_other_leaders() -> None:
    # Loser side {G7, H7 priest, I7 treasure, J7 by the king on J8}; winner side {H5, I5, J5}.
    state = position(
        hands={0: REDS},
        board="I4: P0\nH5: r r r\nG7: r P1 r* r\nJ8: K1",
    )
    state = play(state, "0: tile red I6")
    pending = _pending(state)
    assert (pending["attacker_base"], pending["defender_base"]) == (3, 3)
    state = play(state, "0: support 1", "1: support 0")
    assert tile_at(state, "G7") is None
    assert tile_at(state, "I7") == "red" and tile_at(state, "J7") == "red"
    assert score_of(state, 0)["red"] == 1 + 1


def test_20_committed_tiles_never_score() -> None:
    # Seat 1's side has 3 markets (D5, D6, E6); seat 0's side 2 (G6, G7) and commits 2 more.
    state = position(
        hands={0: "green green red blue blue blue"},
        board="C5: T1 g . . . T0\nC6: r g g . g r\nG7: g",
    )
    state = play(state, "0: tile red F6", "0: support 2", "1: support 0")  # 4 : 3
    assert score_of(state, 0)["green"] == 1 + 3  # not 1 + 3 + 2
    assert [tile_at(state, s) for s in ("D5", "D6", "E6")] == [None, None, None]


def test_21_catastrophe_on_an_empty_river_square() -> None:
    state = position(hands={0: "blue blue blue blue blue blue"})
    assert "catastrophe O6" in tigris.legal_actions(state, 0)
    state = play(state, "0: catastrophe O6")
    assert "O6" in tigris.view(state, None)["board"]["catastrophes"]
    assert "tile blue O6" not in tigris.legal_actions(state, 0)
    assert tigris.view(state, None)["players"][0]["catastrophes"] == 1


def test_22_catastrophe_forbidden_targets() -> None:
    state = position(
        board="B5: x x\nB6: x x\nH5: K1\nH6: r\nJ6: #",
        monuments=[("B5", "red-blue", "red")],
    )
    legal = tigris.legal_actions(state, 0)
    for target, reason in [
        ("F3", "carries a treasure"),
        ("B5", "part of a monument"),
        ("H5", "leader"),
        ("J6", "already holds a catastrophe"),
    ]:
        assert f"catastrophe {target}" not in legal
        with pytest.raises(IllegalAction, match=reason):
            tigris.apply(state, 0, f"catastrophe {target}")
    assert "catastrophe H6" in legal  # a temple without treasure may be destroyed


def test_23_a_catastrophe_strands_leaders() -> None:
    state = position(board="F6: K0 r T1")
    state = play(state, "0: catastrophe G6")
    assert leader_at(state, "F6") is None and leader_at(state, "H6") is None
    players = tigris.view(state, None)["players"]
    assert "black" in players[0]["leaders_in_supply"]
    assert "green" in players[1]["leaders_in_supply"]


def test_24_a_catastrophe_splits_without_conflict_or_score() -> None:
    board = "E5: K0 . P1\nE6: r g r"
    whole = play(position(hands={0: "black red red red red red"}, board=board), "0: tile black G7")
    assert score_of(whole, 0)["black"] == 1  # one kingdom: the king scores
    state = play(position(hands={0: "black red red red red red"}, board=board), "0: catastrophe F6")
    assert tigris.view(state, None)["pending"] is None
    assert all(v == 0 for s in tigris.scores(state) for v in s.values())
    state = play(state, "0: tile black G7")  # now in the priest's half: nobody scores
    assert score_of(state, 0)["black"] == 0


def test_25_a_monument_must_include_the_placed_tile() -> None:
    state = position(
        hands={0: "green green red red red red"}, board="E5: g g\nE6: g g\nJ5: g g\nJ6: g"
    )
    after = play(state, "0: tile green L5")
    assert tigris.view(after, None)["pending"] is None
    after = play(state, "0: tile green K6")  # completes the J5 square
    assert _pending(after) == {
        "kind": "monument",
        "squares": ["J5"],
        "colour": "green",
        "chooser": 0,
    }


def _war_on_a_monument_square(defender_commits: int) -> tigris.State:
    # Seat 1's side {D5 trader, D6, E5, F5, E6} (3 markets); seat 0's {G6, G7, H6, H5 trader}.
    state = position(
        hands={0: "green green green red red red", 1: "green blue blue blue blue blue"},
        board="D5: T1 g g . T0\nD6: r g . g r\nG7: g",
    )
    return play(state, "0: tile green F6", "0: support 2", f"1: support {defender_commits}")


def test_26_no_monument_when_the_war_removed_one_of_the_four() -> None:
    state = _war_on_a_monument_square(0)  # 4 : 3, seat 1 loses E5, F5, E6
    assert tile_at(state, "E5") is None
    assert tigris.view(state, None)["pending"] is None and tigris.to_act(state) == (0,)
    # Had seat 1 won, the square E5-F6 would be intact and the monument offered.
    state = _war_on_a_monument_square(1)  # 4 : 4
    assert _pending(state)["kind"] == "monument" and _pending(state)["squares"] == ["E5"]


def test_27_no_monument_when_every_monument_with_that_colour_is_built() -> None:
    state = position(
        hands={0: REDS},
        board="A5: x x x x x x\nA6: x x x x x x\nH5: r r\nH6: r",
        monuments=[
            ("A5", "red-blue", "red"),
            ("C5", "red-green", "red"),
            ("E5", "red-black", "red"),
        ],
    )
    state = play(state, "0: tile red I6")
    assert tigris.view(state, None)["pending"] is None
    assert [tile_at(state, s) for s in ("H5", "I5", "H6", "I6")] == ["red"] * 4
    assert tigris.view(state, None)["monuments_available"] == [
        ["blue", "green"],
        ["blue", "black"],
        ["green", "black"],
    ]


def test_28_flipping_temples_withdraws_leaders_the_builders_too() -> None:
    state = position(hands={0: REDS}, board="D5: F1 r r K0\nE6: r")
    state = play(state, "0: tile red F6", "0: monument E5 red-blue")
    assert leader_at(state, "D5") is None and leader_at(state, "G5") is None
    assert "blue" in tigris.view(state, None)["players"][1]["leaders_in_supply"]
    assert [tile_at(state, s) for s in ("E5", "F5", "E6", "F6")] == ["x"] * 4


def test_29_a_treasure_survives_the_flip_and_can_be_collected() -> None:
    state = position(hands={0: REDS}, board="H7: r r* r*\nI8: r")
    state = play(state, "0: tile red H8", "0: monument H7 red-green")
    tiles = {t["square"]: t for t in tigris.view(state, None)["board"]["tiles"]}
    assert tiles["I7"]["face_down"] and tiles["I7"]["treasure"]
    state = play(state, "0: pass", "1: pass")
    state = play(state, "0: leader green J6")
    assert _pending(state) == {
        "kind": "treasure",
        "chooser": 0,
        "squares": ["I7", "J7"],
        "count": 1,
    }
    state = play(state, "0: treasure I7")
    assert score_of(state, 0)["treasures"] == 1
    assert sq("I7") not in state.treasures and sq("J7") in state.treasures


def _monument_kingdom(leader: str, pair: str) -> tigris.State:
    return position(
        board=f"E5: x x r T1\nE6: x x {leader}",
        monuments=[("E5", pair, "green" if "green" in pair else "red")],
    )


def test_30_monument_income_goes_to_the_active_player_only() -> None:
    state = _monument_kingdom("F0", "blue-green")
    state = play(state, "0: pass")
    assert score_of(state, 0)["blue"] == 1 and score_of(state, 1)["green"] == 0
    state = play(state, "1: pass")
    assert score_of(state, 1)["green"] == 1 and score_of(state, 0)["blue"] == 1


def test_31_a_king_earns_nothing_from_a_monument_without_black() -> None:
    state = play(_monument_kingdom("K0", "red-green"), "0: pass")
    assert score_of(state, 0) == {"red": 0, "blue": 0, "green": 0, "black": 0, "treasures": 0}


TREASURE_ROW = "F10: r* r r . r r\nF11: T1"  # F10 kingdom (seat 1's trader) | J10-K10 + K11


def test_32_treasures_are_taken_after_each_action_by_the_traders_owner() -> None:
    state = position(hands={0: REDS}, board=TREASURE_ROW)
    state = play(state, "0: tile red I10")
    assert _pending(state) == {
        "kind": "treasure",
        "chooser": 1,
        "squares": ["F10", "K11"],
        "count": 1,
    }
    assert tigris.to_act(state) == (1,)
    state = play(state, "1: treasure K11")
    assert score_of(state, 1)["treasures"] == 1
    assert tigris.to_act(state) == (0,) and state.actions_left == 1


CORNER_ROW = "B2: r* r . b r\nC3: T1\nF3: r*"


def test_33_corner_treasures_are_taken_first() -> None:
    state = position(hands={0: REDS}, board=CORNER_ROW)
    state = play(state, "0: tile red D2")
    assert tigris.view(state, None)["pending"] is None  # forced: no decision asked
    assert score_of(state, 1)["treasures"] == 1
    assert sq("B2") not in state.treasures and sq("F3") in state.treasures


def test_34_three_treasures_two_are_taken() -> None:
    state = position(hands={0: REDS}, board=TREASURE_ROW + "\nI7: r*\nI8: r\nI9: b")
    state = play(state, "0: tile red I10")
    assert _pending(state)["squares"] == ["I7", "F10", "K11"] and _pending(state)["count"] == 2
    state = play(state, "1: treasure F10")
    assert _pending(state)["squares"] == ["I7", "K11"] and _pending(state)["count"] == 1
    state = play(state, "1: treasure I7")
    assert score_of(state, 1)["treasures"] == 2
    assert [s for s in ("I7", "F10", "K11") if sq(s) in state.treasures] == ["K11"]


def test_35_the_treasure_end_waits_for_the_end_of_the_turn() -> None:
    # Only B2, F3 and K11 still carry treasures; seat 1's trader will take B2.
    state = position(
        hands={0: REDS},
        board=CORNER_ROW
        + "\nK1: r\nP2: r\nN5: r\nI7: r\nB8: r\nO9: r\nF10: r\nH5: x x r\nH6: x x\nJ4: P0",
        monuments=[("H5", "red-blue", "red")],
    )
    state = play(state, "0: tile red D2")
    assert len(state.treasures) == 2 and not tigris.is_over(state)
    assert tigris.to_act(state) == (0,) and state.actions_left == 1
    state = play(state, "0: tile red A11")
    assert tigris.is_over(state)
    assert score_of(state, 0)["red"] == 1  # monument income paid before the end
    assert len(hand_of(state, 0)) == 6  # refilled before the end


def test_36_a_swap_the_bag_cannot_supply_ends_the_game_at_once() -> None:
    state = position(bag_left=3)
    state = play(state, "0: swap blue blue green black")
    assert tigris.is_over(state) and tigris.to_act(state) == ()
    assert state.bag_size == 3


def test_37_refill_at_the_end_of_the_turn_includes_other_players() -> None:
    # 3 players; seat 1 attacks seat 0's priest; seat 0 defends with 3 temples.
    state = position(
        3,
        active=1,
        hands={0: "red red red green green green", 1: "red blue blue blue blue blue"},
        draws="black blue blue blue",
        board="H7: P0 r*",
    )
    state = play(state, "1: leader red J7", "1: support 1", "0: support 3")
    assert len(hand_of(state, 0)) == 3  # not refilled during the turn
    state = play(state, "1: pass")
    assert hand_of(state, 1) == ["blue", "blue", "blue", "blue", "blue", "black"]
    assert hand_of(state, 0) == ["blue", "blue", "blue", "green", "green", "green"]


def test_38_no_withdrawal_to_dodge_a_conflict() -> None:
    state = play(position(board="H7: P1 r*"), "0: leader red J7")
    assert "withdraw red" not in tigris.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="support"):
        tigris.apply(state, 0, "withdraw red")
    state = play(state, "0: support 0")
    with pytest.raises(IllegalAction, match="support"):
        tigris.apply(state, 1, "withdraw red")


def test_39_final_ties_are_broken_by_the_next_lowest_colour() -> None:
    state = position(
        3,
        bag_left=0,
        score={0: (10, 12, 10, 15), 1: (11, 10, 10, 20), 2: (10, 11, 10, 20)},
    )
    state = play(state, "0: swap blue")
    assert tigris.is_over(state)
    assert tigris.outcome(state)["ranking"] == [[0], [1, 2]]
    assert tigris.outcome(state)["final_score"] == [10, 10, 10]


def test_40_the_same_action_twice_in_one_turn() -> None:
    state = play(position(), "0: swap blue", "0: swap green black")
    assert tigris.to_act(state) == (1,) and state.turn_number == 2
    state = play(state, "1: catastrophe A1", "1: catastrophe A2")
    assert tigris.view(state, None)["board"]["catastrophes"] == ["A1", "A2"]

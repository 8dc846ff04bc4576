"""Scenarios added by the independent rules audit (each fails on the behaviour it names)."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest

from bot.games import tigris
from bot.games.common import IllegalAction, NotYourTurn
from bot.games.tigris.board import BLOCK, COLOURS, GREEN, LABELS
from bot.games.tigris.rules import label_regions
from bot.games.tigris.state import CATASTROPHE, FACE_DOWN
from tests.tigris.helpers import hand_of, leader_at, play, position, score_of, sq, tile_at


def test_swapped_colours_stay_secret_in_the_last_action() -> None:
    # §14: tiles discarded by a swap are secret (count public); the swapper may see them.
    state = play(position(3), "0: swap blue green")
    for viewer in (None, 1, 2):
        last = tigris.view(state, viewer)["last_action"]
        assert last == {"seat": 0, "action": "swap 2 tiles"}
        assert "blue" not in str(tigris.view(state, viewer)["events"])
    assert tigris.view(state, 0)["last_action"] == {"seat": 0, "action": "swap blue green"}


# Seat 0's side {E5 king, F5, F6, E6 trader, G6 priest, G5 market} joins on H5 with seat 1's
# side {H3 priest, H4, I3 trader, J3, I4 market, I5, J5 king, J6}. Seat 1's only market I4 ties
# its priest half {H3, H4} to its king half {I5, J5, J6}: both halves touch H5.
THREE_KINGDOMS = "H3: P1 T1 r\nH4: r g\nE5: K0 r g . k K1\nE6: T0 r P0 . . r"


def test_after_removals_the_unification_square_can_touch_three_kingdoms() -> None:
    # §9.2 step 9 (BGA "fixed three kingdom war"): after the green war splits seat 1's side,
    # both halves still touch H5 and fight their own wars, each with its own half's tiles.
    state = position(
        hands={0: "red green blue blue blue blue", 1: "blue blue blue blue blue blue"},
        board=THREE_KINGDOMS,
    )
    state = play(state, "0: tile red H5")
    assert tigris.legal_actions(state, 0) == ["war black", "war green", "war red"]
    state = play(state, "0: war green")
    assert (_pending(state)["attacker_base"], _pending(state)["defender_base"]) == (1, 1)
    state = play(state, "0: support 1", "1: support 0")  # 2 : 1
    assert tile_at(state, "I4") is None and leader_at(state, "I3") is None
    assert score_of(state, 0)["green"] == 1 + 1
    # H5 now touches seat 0's side, seat 1's priest half and seat 1's king half: two wars left.
    assert tigris.view(state, None)["board"]["unification"] == "H5"
    assert tigris.legal_actions(state, 0) == ["war black", "war red"]
    state = play(state, "0: war red")
    pending = _pending(state)
    # Seat 1's priest half holds one temple (H4): J3 and J6 are no longer in its kingdom.
    assert (pending["attacker"], pending["attacker_base"], pending["defender_base"]) == (0, 2, 1)
    state = play(state, "0: support 0", "1: support 0")  # 2 : 1
    assert tile_at(state, "H4") is None and tile_at(state, "J6") == "red"
    assert tile_at(state, "J3") == "red" and score_of(state, 0)["red"] == 1 + 1
    # The king war follows by itself (one colour left), fought by the king half alone.
    pending = _pending(state)
    assert (pending["colour"], pending["attacker_base"], pending["defender_base"]) == (
        "black",
        0,
        1,
    )
    state = play(state, "0: support 0", "1: support 0")  # 0 : 1, the defender wins
    assert leader_at(state, "E5") is None and leader_at(state, "J5") == (1, "black")
    assert score_of(state, 1)["black"] == 1
    assert tigris.view(state, None)["board"]["unification"] is None
    assert tigris.view(state, None)["pending"] is None and state.actions_left == 1


def test_no_action_is_taken_in_the_middle_of_a_war() -> None:
    # A catastrophe on the unification tile (or anything but support) waits for the war.
    state = position(
        hands={0: "red green blue blue blue blue", 1: "blue blue blue blue blue blue"},
        board=THREE_KINGDOMS,
    )
    state = play(state, "0: tile red H5", "0: war green")
    assert tigris.legal_actions(state, 0) == ["support 0", "support 1"]
    for action in ("catastrophe H5", "withdraw green", "pass", "tile green H6", "war red"):
        with pytest.raises(IllegalAction, match="support"):
            tigris.apply(state, 0, action)
    with pytest.raises(NotYourTurn):
        tigris.apply(state, 1, "catastrophe H5")


def test_refill_runs_clockwise_from_the_active_player() -> None:
    # §12: the active seat 2 draws first, then 3, then 0 (seat 1 is full).
    state = position(4, active=2, draws="blue red green")
    short = {0: (0, 1, 2, 2), 2: (0, 2, 1, 2), 3: (0, 2, 2, 1)}  # five tiles each
    state = dataclasses.replace(
        state,
        hands=tuple(short.get(s, h) for s, h in enumerate(state.hands)),
        removed=state.removed + 3,
    )
    state = play(state, "2: pass")
    assert hand_of(state, 2) == ["blue"] * 3 + ["green"] + ["black"] * 2  # 1st draw: blue
    assert hand_of(state, 3) == ["red"] + ["blue"] * 2 + ["green"] * 2 + ["black"]  # 2nd: red
    assert hand_of(state, 0) == ["blue"] + ["green"] * 3 + ["black"] * 2  # 3rd: green


def test_treasures_are_wildcards_placed_to_the_best_advantage() -> None:
    # §13: (3, 4, 5, 6) + 3 treasures is best as 5, 5, 5, 6 (not 6, 4, 5, 6 or 3 + 3).
    # Seat 1's (2, 2, 9, 9) + 2 treasures is 3, 3, 9, 9: the same lowest colour as seat 2's
    # (3, 3, 3, 9), but a better second-lowest colour.
    state = position(
        3,
        bag_left=0,
        score={0: (3, 4, 5, 6), 1: (2, 2, 9, 9), 2: (3, 3, 3, 9)},
        treasures_held={0: 3, 1: 2},
    )
    state = play(state, "0: swap blue")
    result = tigris.outcome(state)
    assert result["final_score"] == [5, 3, 3]
    assert result["ranking"] == [[0], [1], [2]]


def test_a_tile_completing_two_squares_offers_both_and_the_monuments_of_its_colour() -> None:
    state = position(hands={0: "green red red red red red"}, board="E5: g g g\nE6: g . g")
    state = play(state, "0: tile green F6")
    assert _pending(state)["squares"] == ["E5", "F5"]
    assert tigris.legal_actions(state, 0) == [
        "monument E5 blue-green",
        "monument E5 green-black",
        "monument E5 red-green",
        "monument F5 blue-green",
        "monument F5 green-black",
        "monument F5 red-green",
        "monument none",
    ]
    with pytest.raises(IllegalAction, match="must include green"):
        tigris.apply(state, 0, "monument E5 red-blue")
    built = play(state, "0: monument F5 green-black")
    assert [tile_at(built, s) for s in ("E5", "E6", "F5", "G5", "F6", "G6")] == [
        "green",
        "green",
        "x",
        "x",
        "x",
        "x",
    ]
    assert tigris.view(built, None)["board"]["monuments"] == [
        {"square": "F5", "colours": ["green", "black"]}
    ]


def test_a_corner_is_forced_and_only_the_remaining_pick_is_free() -> None:
    # §11: B2 (corner), F3 and G2 in seat 1's trader kingdom: B2 is taken by itself, then
    # seat 1 chooses one of F3 and G2 (never skipping the corner for two ordinary ones).
    state = position(
        hands={0: "red red red red red red"}, board="B2: r* r . b r r*\nC3: T1\nF3: r*"
    )
    state = play(state, "0: tile red D2")
    assert sq("B2") not in state.treasures and score_of(state, 1)["treasures"] == 1
    assert _pending(state) == {
        "kind": "treasure",
        "chooser": 1,
        "squares": ["G2", "F3"],
        "count": 1,
    }
    state = play(state, "1: treasure F3")
    assert score_of(state, 1)["treasures"] == 2 and sq("G2") in state.treasures
    assert tigris.to_act(state) == (0,) and state.actions_left == 1


def test_the_trader_who_wins_a_revolt_collects_at_once() -> None:
    # Seat 0's trader on I10 links seat 1's trader kingdom (treasure F10) with the leaderless
    # J10-K10-K11 (treasure K11): a revolt; the winner's owner then takes one of the two.
    state = position(board="F10: r* r r . r r\nF11: T1")
    state = play(state, "0: leader green I10")
    assert (_pending(state)["attacker_base"], _pending(state)["defender_base"]) == (2, 1)
    state = play(state, "0: support 0", "1: support 0")
    assert leader_at(state, "F11") is None and score_of(state, 0)["red"] == 1
    assert _pending(state) == {
        "kind": "treasure",
        "chooser": 0,
        "squares": ["F10", "K11"],
        "count": 1,
    }


def test_turns_pass_clockwise() -> None:
    state = play(position(4, active=1), "1: pass", "2: pass", "3: pass")
    assert tigris.to_act(state) == (0,) and state.turn_number == 4


def test_a_leader_moved_within_its_own_kingdom_meets_no_revolt() -> None:
    # The priest is lifted before it is put down: it never fights itself, and nobody scores.
    state = position(board="H7: P0 r* K1")
    state = play(state, "0: leader red I8")
    assert tigris.view(state, None)["pending"] is None and state.actions_left == 1
    assert leader_at(state, "I8") == (0, "red") and leader_at(state, "H7") is None
    assert all(v == 0 for s in tigris.scores(state) for v in s.values())


def _pending(state: tigris.State) -> dict:
    pending = tigris.view(state, None)["pending"]
    assert pending is not None
    return pending


def _biased_playout(seats: int, seed: int) -> list[tigris.State]:
    """A seeded random game that favours tiles and leaders, so conflicts are frequent."""
    rng = random.Random(seed)
    state = tigris.new_game(seats, seed)
    states = [state]
    weight = {"tile": 30.0, "leader": 40.0, "withdraw": 2.0, "swap": 0.3, "catastrophe": 0.3}
    while not tigris.is_over(state):
        seat = tigris.to_act(state)[0]
        legal = tigris.legal_actions(state, seat)
        chosen = rng.choices(legal, [weight.get(a.split()[0], 1.0) for a in legal])[0]
        state = tigris.apply(state, seat, chosen)
        states.append(state)
    return states


def _naive_wars(view: dict, wall: str) -> dict[str, list[int]]:
    """Colours with a leader in two regions touching ``wall`` -> their owners (from scratch)."""
    occupied = {t["square"] for t in view["board"]["tiles"]}
    leaders = {lead["square"]: lead for lead in view["board"]["leaders"]}
    occupied = (occupied | set(leaders)) - {wall}

    def around(label: str) -> list[str]:
        col, row = ord(label[0]) - 65, int(label[1:])
        steps = ((col, row - 1), (col - 1, row), (col + 1, row), (col, row + 1))
        return [f"{chr(65 + c)}{r}" for c, r in steps if 0 <= c < 16 and 1 <= r <= 11]

    by_colour: dict[str, list[int]] = {}
    seen: set[str] = set()
    for start in around(wall):
        if start not in occupied or start in seen:
            continue
        region, todo = {start}, [start]
        while todo:
            for n in around(todo.pop()):
                if n in occupied and n not in region:
                    region.add(n)
                    todo.append(n)
        seen |= region
        for label in sorted(region & set(leaders)):
            by_colour.setdefault(leaders[label]["colour"], []).append(leaders[label]["seat"])
    return {c: owners for c, owners in by_colour.items() if len(owners) == 2}


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_war_phase_step_matches_a_naive_model(seats: int) -> None:
    # §9.2 steps 2-4 and 9: after the joining tile and after every war, the wars still pending
    # are exactly the colours with leaders in two regions touching the marker (moot ones gone,
    # a split side's halves each fighting); the attacker is the first owner clockwise from the
    # active player.
    checked = 0
    for seed in range(12):
        states = _biased_playout(seats, 500 + seed)
        for before, state in itertools.pairwise(states):
            pending = state.pending
            wall = state.unification if state.unification >= 0 else before.unification
            if wall < 0:
                continue
            wars = _naive_wars(tigris.view(state, None), LABELS[wall])
            if state.unification < 0:
                assert not wars  # the war phase ended: no war was left out
                continue
            assert pending is not None
            if pending.kind == "war_order":
                assert sorted(COLOURS[c] for c in pending.options) == sorted(wars)
                assert len(wars) >= 2 and pending.seat == state.active
            elif pending.kind == "support" and pending.attacker_committed < 0:
                owners = wars[COLOURS[pending.colour]]
                if before.pending is None or before.pending.kind != "war_order":
                    assert len(wars) == 1
                clockwise = [(state.active + i) % seats for i in range(seats)]
                attacker = next(s for s in clockwise if s in owners)
                assert (pending.attacker, pending.defender) == (
                    attacker,
                    next(s for s in owners if s != attacker),
                )
                checked += 1
    assert checked >= 10, checked


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_biased_playouts_keep_the_turn_invariants(seats: int) -> None:
    # Between decisions: every trader's kingdom holds at most one treasure (collection is never
    # left for later), scores only grow, monuments lie on four face-down tiles, catastrophes
    # are conserved, treasures sit on temples, and every turn starts with full hands.
    for seed in range(4):
        states = _biased_playout(seats, 700 + seed)
        for before, state in itertools.pairwise(states):
            cells = state.cells
            for old, new in zip(before.score, state.score, strict=True):
                assert all(b >= a for a, b in zip(old, new, strict=True))
            assert all(
                t >= s for s, t in zip(before.treasures_held, state.treasures_held, strict=True)
            )
            assert sum(1 for c in cells if c == FACE_DOWN) == 4 * len(state.monuments)
            for top_left, _, _ in state.monuments:
                assert all(cells[s] == FACE_DOWN for s in BLOCK[top_left])
            assert sum(1 for c in cells if c == CATASTROPHE) + sum(state.catastrophes) == 2 * seats
            assert all(cells[t] in (1, FACE_DOWN) for t in state.treasures)
            if state.pending is not None or state.over:
                continue
            assert state.unification < 0
            reg = label_regions(cells)
            for seat_leaders in state.leaders:
                trader = seat_leaders[GREEN]
                if trader >= 0:
                    region = reg.rid[trader]
                    assert sum(1 for t in state.treasures if reg.rid[t] == region) <= 1
            if state.actions_left == 2:
                assert all(sum(hand) == 6 for hand in state.hands)

"""Scenarios added by the independent rules audit (each fails on the behaviour it names)."""

from __future__ import annotations

from bot.games import tigris
from tests.tigris.helpers import leader_at, play, position, score_of, tile_at


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


def _pending(state: tigris.State) -> dict:
    pending = tigris.view(state, None)["pending"]
    assert pending is not None
    return pending

"""Scenarios added by the independent rules audit (each fails on the behaviour it names)."""

from __future__ import annotations

from bot.games import tigris
from tests.tigris.helpers import play, position


def test_swapped_colours_stay_secret_in_the_last_action() -> None:
    # §14: tiles discarded by a swap are secret (count public); the swapper may see them.
    state = play(position(3), "0: swap blue green")
    for viewer in (None, 1, 2):
        last = tigris.view(state, viewer)["last_action"]
        assert last == {"seat": 0, "action": "swap 2 tiles"}
        assert "blue" not in str(tigris.view(state, viewer)["events"])
    assert tigris.view(state, 0)["last_action"] == {"seat": 0, "action": "swap blue green"}

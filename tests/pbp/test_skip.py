"""The turn timer's "skip" decision for every kind of decision of both games, over seeded
playouts with the real engines: always legal, and the safest one docs/playing.md promises."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.games import get_game
from bot.pbp.log import skip_action

# The decision's kind (the verbs legal now) -> the skip it must get; "first" = the first legal
# option of a compulsory choice.
EXPECTED = {
    "tigris": {
        "action": "pass",
        "support": "support 0",
        "monument": "monument none",
        "war": "first",
        "treasure": "first",
    },
    "targi": {
        "done": "done",  # end the action phase, stop trading / smithing
        "discard": "discard",  # a tribe card (or the Noble's hand card): not paid for
        "keep": "keep",  # the Oasis display stays as it is
        "place": "first",
        "pay": "first",
        "drop": "first",
        "take": "first",
        "move": "first",
    },
}


def kind_of(game: str, legal: list[str]) -> str:
    verbs = {action.split()[0] for action in legal}
    if game == "tigris":
        return "action" if "pass" in verbs else next(iter(verbs))
    for verb in ("done", "discard", "keep"):
        if verb in verbs:
            return verb
    [verb] = verbs
    return verb


@pytest.mark.parametrize(("game_name", "seats"), [("tigris", 2), ("tigris", 4), ("targi", 2)])
def test_every_kind_of_decision_gets_its_safe_default(game_name: str, seats: int) -> None:
    game = get_game(game_name)
    seen: Counter[str] = Counter()
    for seed in range(8):
        rng = random.Random(seed)
        state = game.new_game(seats, seed)
        while not game.is_over(state):
            seat = rng.choice(game.to_act(state))
            legal = game.legal_actions(state, seat)
            kind = kind_of(game_name, legal)
            chosen = skip_action(game_name, legal)
            wanted = EXPECTED[game_name][kind]
            assert chosen == (legal[0] if wanted == "first" else wanted), (kind, legal)
            game.apply(state, seat, chosen)  # the engine takes it
            seen[kind] += 1
            state = game.apply(state, seat, rng.choice(legal))
    expected_kinds = set(EXPECTED[game_name]) - {"keep", "move"}  # rare in random play
    assert expected_kinds <= set(seen), seen

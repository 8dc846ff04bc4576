"""What `/move action:` suggests: a useful mix of the legal actions for an empty or short text,
narrowing as the player types, so every legal action can be reached by typing a prefix of it."""

from __future__ import annotations

import random
from functools import cache
from types import ModuleType
from typing import Any

import pytest

from bot import action_menus
from bot.games import game_names, get_game
from tests.tigris.helpers import position


def _verbs(actions: list[str]) -> set[str]:
    return {a.split()[0] for a in actions}


def test_an_empty_text_on_a_tigris_turn_offers_every_verb_and_every_colour() -> None:
    state = position(hands={0: "red red blue green black black"}, board="H7: P1 r")
    legal = get_game("tigris").legal_actions(state, 0)
    shown = action_menus.rank_actions(legal, "")
    assert len(shown) == action_menus.MAX_CHOICES
    assert set(shown) <= set(legal)
    # Tiles, leaders, catastrophes, swaps and pass, not 25 catastrophes.
    assert _verbs(shown) == _verbs(legal) == {"catastrophe", "leader", "pass", "swap", "tile"}
    tiles = [a for a in shown if a.startswith("tile ")]
    assert {a.split()[1] for a in tiles} == {"red", "blue", "green", "black"}
    # "tile " narrows to tiles of every colour held, "tile red" to red tiles.
    typed_tile = action_menus.rank_actions(legal, "tile ")
    assert len(typed_tile) == action_menus.MAX_CHOICES
    assert {a.split()[0] for a in typed_tile} == {"tile"}
    assert {a.split()[1] for a in typed_tile} == {"red", "blue", "green", "black"}
    typed_red = action_menus.rank_actions(legal, "Tile RED")
    assert typed_red and all(a.startswith("tile red ") for a in typed_red)
    # Words in order still find actions in the middle: a square finds tiles and leaders there.
    red_tiles = [a.removeprefix("tile red ") for a in legal if a.startswith("tile red ")]
    both = next(square for square in red_tiles if f"leader red {square}" in legal)
    found = action_menus.rank_actions(legal, f"red {both.lower()}")
    assert found == [f"leader red {both}", f"tile red {both}"]


def test_an_empty_text_in_the_targi_action_phase_offers_each_piece_and_done() -> None:
    targi = get_game("targi")
    rng = random.Random(3)
    state = targi.new_game(2, 3)
    while (
        targi.view(state, None)["phase"] != "act"
        or targi.view(state, None)["pending"]["kind"] != "act"
    ):
        seat = targi.to_act(state)[0]
        state = targi.apply(state, seat, rng.choice(targi.legal_actions(state, seat)))
    seat = targi.to_act(state)[0]
    legal = targi.legal_actions(state, seat)
    shown = action_menus.rank_actions(legal, "")
    assert "done" in shown
    assert {a for a in legal if a.startswith("use ")} <= set(shown)


def test_the_spread_shares_places_evenly_and_keeps_natural_order() -> None:
    actions = [f"catastrophe {c}{r}" for c in "ABCDEFGH" for r in range(1, 12)]
    actions += ["pass", "tile red A1", "tile red A2", "tile blue B4"]
    shown = action_menus.spread_actions(actions, 10)
    assert shown == [
        "catastrophe A1",
        "catastrophe A2",
        "catastrophe A3",
        "catastrophe A4",
        "catastrophe A5",
        "catastrophe A6",
        "pass",
        "tile blue B4",
        "tile red A1",
        "tile red A2",
    ]
    assert action_menus.spread_actions(actions, 0) == []
    assert action_menus.spread_actions(["pass"], 25) == ["pass"]


def _positions(game: ModuleType, seats: int, seed: int, count: int) -> list[Any]:
    """``count`` positions spread over one seeded random game."""
    rng = random.Random(seed)
    state = game.new_game(seats, seed)
    states = []
    while game.to_act(state):
        states.append(state)
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return rng.sample(states, min(count, len(states)))


CASES = [(name, seats) for name in game_names() for seats in (min(get_game(name).SEAT_COUNTS),)]


@pytest.mark.parametrize("case", CASES, ids=lambda case: f"{case[0]}-{case[1]}")
@pytest.mark.parametrize("seed", range(2))
def test_every_legal_action_is_reached_by_typing_a_prefix_of_it(
    case: tuple[str, int], seed: int
) -> None:
    name, seats = case
    game = get_game(name)
    for state in _positions(game, seats, seed, 5):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)

        @cache
        def suggest(typed: str, legal: tuple[str, ...] = tuple(legal)) -> tuple[str, ...]:
            shown = action_menus.rank_actions(legal, typed)
            assert len(shown) <= action_menus.MAX_CHOICES
            assert len(set(shown)) == len(shown)
            assert set(shown) <= set(legal), "suggestions are legal canonical actions only"
            return tuple(shown)

        for action in legal:
            _reach(action, suggest)


def _reach(action: str, suggest: Any) -> None:
    """Type ``action`` word by word, each word only as far as needed until the suggestions show
    an action continuing with it; in the end the action itself is suggested."""
    words = action.split()
    typed = ""
    for index, word in enumerate(words):
        target = " ".join(words[: index + 1])
        for length in range(len(word) + 1):
            shown = suggest(f"{typed} {word[:length]}".strip())
            if any(s == target or s.startswith(target + " ") for s in shown):
                break
        else:
            raise AssertionError(f"typing {target!r} never shows a way to {action!r}")
        typed = target
    assert action in suggest(action)

"""Positions for the golden images, produced by the real engines from seeded games.

Each position is found by replaying a seeded game and is checked for what it is meant to show
(a war waiting for supporters, monuments on the board, ...), so an engine change that moves the
position fails here with a clear message instead of quietly drawing something else.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from bot.games import game_names, get_game
from bot.games.playout import play

View = dict[str, Any]


def engine(name: str) -> Any:
    """The game module, or a skip while the engine is not on this branch yet."""
    if name not in game_names():
        pytest.skip(f"the {name} engine is not installed")
    return get_game(name)


@cache
def _tigris_states(seats: int, seed: int, open_scoring: bool = False) -> tuple[Any, ...]:
    options = {"open_scoring": True} if open_scoring else None
    return tuple(play(engine("tigris"), seats, seed, options=options, keep_states=True).states)


def tigris_start() -> View:
    game = engine("tigris")
    return dict(game.view(game.new_game(3, 1), None))


def tigris_war_pending() -> View:
    game = engine("tigris")
    view = dict(game.view(_tigris_states(4, 0)[146], None))
    pending = view["pending"] or {}
    assert pending.get("kind") == "support" and pending.get("conflict") == "war", pending
    assert view["board"]["unification"], "a war shows the unification marker"
    return view


def tigris_monuments() -> View:
    game = engine("tigris")
    view = dict(game.view(_tigris_states(2, 24)[182], None))
    assert len(view["board"]["monuments"]) == 2, view["board"]["monuments"]
    return view


def tigris_late_game() -> View:
    """Open scoring, a few turns before the end: every player's points are public."""
    game = engine("tigris")
    states = _tigris_states(3, 2, open_scoring=True)
    view = dict(game.view(states[len(states) * 9 // 10], None))
    assert all("score" in p for p in view["players"]), "open scoring shows every score"
    return view


def tigris_traders_revolt() -> View:
    """A revolt of traders: the view's ``colour`` is red (the supporters), its leaders green."""
    game = engine("tigris")
    view = dict(game.view(_tigris_states(2, 4)[26], None))
    pending = view["pending"] or {}
    assert pending.get("conflict") == "revolt" and pending.get("leader_colour") == "green", pending
    assert pending.get("colour") == "red" and pending.get("square") == "I6", pending
    return view


def tigris_end() -> View:
    game = engine("tigris")
    view = dict(game.view(_tigris_states(4, 0)[-1], None))
    assert view["game_over"] and view["final"], "the last state is the end of the game"
    return view


def tigris_private() -> View:
    game = engine("tigris")
    view = dict(game.view(_tigris_states(4, 0)[100], 0))
    assert len(view["hand"]) == 6
    return view


# Targi: uniform random play rarely displays a card, so the golden games follow a simple
# seeded policy (display what can be displayed, then collect goods) to fill the camps.
PREFERENCES = (
    "display",
    "play",
    "place 13",
    "place 14",
    "place 2",
    "place 3",
    "place 6",
    "place 7",
    "place 11",
    "place 15",
    "trade",
    "smith",
    "take",
    "use",
    "pay",
    "hand",
)


def _prefer(rng: random.Random, legal: list[str]) -> str:
    for prefix in PREFERENCES:
        matching = [a for a in legal if a == prefix or a.startswith(prefix + " ")]
        if matching:
            return rng.choice(matching)
    return rng.choice(legal)


@cache
def _targi_states(seed: int, hidden_hands: bool = False) -> tuple[Any, ...]:
    game = engine("targi")
    rng = random.Random(seed)
    state = game.new_game(2, seed, options={"hand_public": False} if hidden_hands else None)
    states = [state]
    while seats := game.to_act(state):
        seat = rng.choice(seats)
        state = game.apply(state, seat, _prefer(rng, game.legal_actions(state, seat)))
        states.append(state)
    return tuple(states)


def targi_start() -> View:
    game = engine("targi")
    return dict(game.view(game.new_game(2, 1), None))


def _targi_mid_state() -> Any:
    """A tribe-card decision with at least five cards in each camp."""
    game = engine("targi")
    for state in _targi_states(6):
        view = game.view(state, None)
        counts = [p["display_count"] for p in view["players"]]
        if (view["pending"] or {}).get("kind") == "tribe" and min(counts) >= 5:
            return state
    raise AssertionError("seed 6 no longer reaches a tribe decision with full camps")


def targi_mid_game() -> View:
    return dict(engine("targi").view(_targi_mid_state(), None))


def targi_end() -> View:
    game = engine("targi")
    view = dict(game.view(_targi_states(7)[-1], None))
    assert view["game_over"] and view["final"], "the last state is the end of the game"
    assert all(p["hand_held"] and p["hand"] for p in view["players"]), "hands to reveal"
    return view


def targi_private() -> View:
    game = engine("targi")
    view = dict(game.view(_targi_mid_state(), 0))
    assert view["players"][0]["hand"], "seat 0 holds a hand card"
    return view


def _targi_secret_draw() -> Any:
    """Hidden hands: White has drawn a card with Tribal Expansion and holds a hand card."""
    state = _targi_states(1, hidden_hands=True)[45]
    pending = engine("targi").view(state, 1)["pending"] or {}
    assert pending.get("source") == "expansion" and pending.get("seat") == 1, pending
    return state


def targi_private_drawn() -> View:
    return dict(engine("targi").view(_targi_secret_draw(), 1))


def targi_hidden_hands() -> View:
    """The public table of the same moment: the drawn card and White's hand stay secret."""
    return dict(engine("targi").view(_targi_secret_draw(), None))


def tigris_ai_seats() -> View:
    """The start of a 3-player game where seats 1 and 2 are AI players (the bot adds
    ``ai_seats`` to the view): their panels carry the robot mark."""
    return {**tigris_start(), "ai_seats": [1, 2]}


def targi_ai_seat() -> View:
    """Mid-game against an AI in seat 1."""
    return {**targi_mid_game(), "ai_seats": [1]}


TIGRIS_BOARDS = {
    "tigris_start": tigris_start,
    "tigris_war_pending": tigris_war_pending,
    "tigris_monuments": tigris_monuments,
    "tigris_late_game": tigris_late_game,
    "tigris_end": tigris_end,
    "tigris_ai_seats": tigris_ai_seats,
}
TARGI_BOARDS = {
    "targi_start": targi_start,
    "targi_mid_game": targi_mid_game,
    "targi_end": targi_end,
    "targi_hidden_hands": targi_hidden_hands,
    "targi_ai_seat": targi_ai_seat,
}
PRIVATE = {
    "tigris_private": ("tigris", tigris_private),
    "targi_private": ("targi", targi_private),
    "targi_private_drawn": ("targi", targi_private_drawn),
}

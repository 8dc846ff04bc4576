"""Seeded random playouts over any game's contract: for benchmarks and property tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from bot.games.contract import GameEngine


@dataclass
class Playout:
    """One finished random game: its record and what it cost."""

    record: dict[str, Any]
    final: Any
    decisions: int = 0
    legal_total: int = 0
    states: list[Any] = field(default_factory=list)


def steps(
    game: GameEngine, seats: int, seed: int, *, options: dict[str, Any] | None = None
) -> Iterator[tuple[Any, int, list[str], str]]:
    """Yield ``(state, seat, legal, chosen)`` for each decision of a uniform random game.

    The game and the choices are both driven by ``seed``; the last state is not yielded.
    """
    rng = random.Random(seed)
    state = game.new_game(seats, seed, options=options)
    while True:
        seats_to_act = game.to_act(state)
        if not seats_to_act:
            return
        seat = rng.choice(seats_to_act)
        legal = game.legal_actions(state, seat)
        chosen = rng.choice(legal)
        yield state, seat, legal, chosen
        state = game.apply(state, seat, chosen)


def play(
    game: GameEngine,
    seats: int,
    seed: int,
    *,
    options: dict[str, Any] | None = None,
    keep_states: bool = False,
    max_decisions: int = 100_000,
) -> Playout:
    """Play one uniform random game to its end and return its record."""
    rng = random.Random(seed)
    state = game.new_game(seats, seed, options=options)
    record: dict[str, Any] = {
        "game": game.NAME,
        "seats": seats,
        "seed": seed,
        "options": options or {},
        "actions": [],
    }
    result = Playout(record=record, final=state)
    if keep_states:
        result.states.append(state)
    while True:
        seats_to_act = game.to_act(state)
        if not seats_to_act:
            break
        if result.decisions >= max_decisions:
            raise RuntimeError(f"{game.NAME} seed {seed}: no end after {max_decisions} decisions")
        seat = rng.choice(seats_to_act)
        legal = game.legal_actions(state, seat)
        if not legal:
            raise RuntimeError(f"{game.NAME} seed {seed}: seat {seat} to act with no legal action")
        chosen = rng.choice(legal)
        result.decisions += 1
        result.legal_total += len(legal)
        state = game.apply(state, seat, chosen)
        record["actions"].append([seat, chosen])
        if keep_states:
            result.states.append(state)
    result.final = state
    return result

"""The `strong` search's budget: counted in engine steps, never in time, with a CPU safety net."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from bot.ai import SearchLimit, choose_action
from bot.ai import targi as targi_ai
from bot.ai import tigris as tigris_ai
from bot.ai.arena import positions_of
from bot.games import get_game
from bot.games import targi as targi_engine
from bot.games import tigris as tigris_engine


@contextmanager
def counted(monkeypatch: pytest.MonkeyPatch, engine: Any) -> Iterator[list[int]]:
    """Count every action the AI's search applies with the engine."""
    calls = [0]
    real = engine.apply

    def apply(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return real(*args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(engine, "apply", apply)
        yield calls


def crowded_tigris_position() -> tuple[dict[str, Any], list[str], int]:
    """The free turn start with the most candidate actions in a few seeded 2-player games:
    the costliest kind of decision for `strong` (view, legal actions, candidate count)."""
    game = get_game("tigris")
    best: tuple[int, Any, int] | None = None
    for seed in (1019, 1002):
        for state, seat in positions_of("tigris", 2, seed):
            if state.pending is not None or state.actions_left != 2:
                continue
            pool = len(tigris_ai.candidates(state, seat, game.legal_actions(state, seat)))
            if best is None or pool > best[0]:
                best = (pool, state, seat)
    assert best is not None
    pool, state, seat = best
    return game.view(state, seat), game.legal_actions(state, seat), pool


def test_a_crowded_board_stays_within_the_node_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    view, legal, pool = crowded_tigris_position()
    with counted(monkeypatch, tigris_engine) as unbounded:
        choose_action("tigris", view, legal, "strong", 5, limit=SearchLimit.unbounded())
    assert unbounded[0] > 1.3 * tigris_ai.STRONG_NODES  # the full search would go far beyond
    with counted(monkeypatch, tigris_engine) as bounded:
        first = choose_action("tigris", view, legal, "strong", 5, limit=SearchLimit.nodes_only())
    # A node may play out a conflict (a few more engine steps); a step may overrun by one
    # greedy answer of both samples.
    assert bounded[0] <= 1.1 * (tigris_ai.STRONG_NODES + 2 * (pool + 1))
    again = choose_action("tigris", view, legal, "strong", 5, limit=SearchLimit.nodes_only())
    assert first == again and first in legal


def test_strong_is_unchanged_where_the_budget_suffices() -> None:
    """On quiet boards (few candidates) the budget never bites: the same move as unbounded."""
    game = get_game("tigris")
    checked = 0
    for index, (state, seat) in enumerate(positions_of("tigris", 2, 7)[:40:4]):
        view, legal = game.view(state, seat), game.legal_actions(state, seat)
        bounded = choose_action(
            "tigris", view, legal, "strong", index, limit=SearchLimit.nodes_only()
        )
        full = choose_action("tigris", view, legal, "strong", index, limit=SearchLimit.unbounded())
        assert bounded == full
        checked += 1
    assert checked == 10


def test_the_cpu_safety_net_stops_the_search_with_a_legal_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A deadline already passed (a processor far slower than ours): T&E strong follows one
    action and judges one finalist, Targi strong plays each candidate out once; both answer."""
    view, legal, pool = crowded_tigris_position()
    spent = SearchLimit(nodes=None, cpu_seconds=0.0)
    with counted(monkeypatch, tigris_engine) as calls:
        chosen = choose_action("tigris", view, legal, "strong", 5, limit=spent)
    assert chosen in legal
    # One ply, one rest of turn, one answer (the other seat may have a few more candidates).
    assert calls[0] <= 1.25 * (pool + 4 * (pool + 1))
    targi = get_game("targi")
    state, seat = next(p for p in positions_of("targi", 2, 3) if p[0].phase != "place")
    targi_view, targi_legal = targi.view(state, seat), targi.legal_actions(state, seat)
    with counted(monkeypatch, targi_engine) as cut:
        answer = choose_action("targi", targi_view, targi_legal, "strong", 5, limit=spent)
    with counted(monkeypatch, targi_engine) as full:
        choose_action("targi", targi_view, targi_legal, "strong", 5, limit=SearchLimit.nodes_only())
    assert answer in targi_legal
    assert cut[0] < full[0] / 4  # at most 12 of the 120 playouts
    assert targi_ai.STRONG_ITERATIONS == 120

"""The contract every game keeps, checked by seeded uniform random playouts of each game.

Generic: each test runs on every installed title (``game_case`` / ``game_title``, see
``tests/conftest.py``), and on a game's own title where its test folder imports it.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

from bot.games import (
    GameOver,
    IllegalAction,
    InvalidNotation,
    NotYourTurn,
    game_names,
    get_game,
    replay,
)
from bot.games.contract import GameEngine, view_problems
from bot.games.playout import play
from bot.titles import INSTALLED, Title
from tests.replay_tool import run_replay_tool

ROOT = Path(__file__).resolve().parent.parent
SEEDS = range(3)


def test_random_playouts_keep_the_contract(game_case: tuple[str, int]) -> None:
    name, seats = game_case
    game: GameEngine = get_game(name)
    for seed in SEEDS:
        result = play(game, seats, seed, keep_states=True)
        final = result.final
        assert game.is_over(final)
        assert game.to_act(final) == ()
        ranking = game.outcome(final)["ranking"]
        assert sorted(seat for place in ranking for seat in place) == list(range(seats))
        assert len(game.scores(final)) == seats
        for viewer in [None, *range(seats)]:
            seen = game.view(final, viewer)
            assert view_problems(seen) == [] and seen["game_over"]
        for seat in range(seats):
            assert game.legal_actions(final, seat) == []
            with pytest.raises(GameOver):
                game.apply(final, seat, result.record["actions"][-1][1])
        # Replaying the record reproduces the final state exactly.
        assert replay(result.record) == final
        for state, (seat, action) in zip(
            result.states[::7], result.record["actions"][::7], strict=False
        ):
            _check_state(game, state, seats, seat, action)


def _check_state(game: GameEngine, state: object, seats: int, seat: int, action: str) -> None:
    to_act = game.to_act(state)
    assert to_act and not game.is_over(state)
    assert seat in to_act
    legal = game.legal_actions(state, seat)
    assert legal == sorted(set(legal)) and action in legal
    for other in range(seats):
        if other not in to_act:
            assert game.legal_actions(state, other) == []
            with pytest.raises(NotYourTurn):
                game.apply(state, other, legal[0])
    text = game.to_json(state)
    assert game.from_json(text) == state
    before = text
    game.apply(state, seat, action)
    assert game.to_json(state) == before, "apply changed the state it was given"
    with pytest.raises(InvalidNotation):
        game.apply(state, seat, "fly to the moon")
    for viewer in [None, *range(seats)]:
        seen = game.view(state, viewer)
        json.dumps(seen)
        assert view_problems(seen) == [], (viewer, view_problems(seen))
        assert seen["game"] == game.NAME and seen["viewer"] == viewer


def test_garbage_and_illegal_input_change_nothing(game_title: Title) -> None:
    game = get_game(game_title.name)
    state = game.new_game(min(game.SEAT_COUNTS), 7)
    before = game.to_json(state)
    seat = game.to_act(state)[0]
    for text in ["", "   ", "???", "x" * 500]:
        with pytest.raises(InvalidNotation):
            game.apply(state, seat, text)
    legal = set(game.legal_actions(state, seat))
    sample = [a for a in _neighbours_of(game.legal_actions(state, seat)) if a not in legal]
    for text in sample[:50]:
        with pytest.raises((IllegalAction, InvalidNotation)):
            game.apply(state, seat, text)
    assert game.to_json(state) == before


def _neighbours_of(actions: list[str]) -> list[str]:
    """Strings that look like legal actions but change one word: mostly illegal ones."""
    words = sorted({w for a in actions for w in a.split()})
    out = []
    for action in actions[:40]:
        parts = action.split()
        for i in range(len(parts)):
            for word in words[:30]:
                out.append(" ".join([*parts[:i], word, *parts[i + 1 :]]))
    return out


def test_replay_tool_prints_state_and_reports_illegal_action(
    game_title: Title, tmp_path: Path
) -> None:
    game = get_game(game_title.name)
    shipped = {importlib.import_module(module).TITLE.name for module in INSTALLED}
    engine = None if game_title.name in shipped else (game_title.name, game_title.engine)
    seats = min(game.SEAT_COUNTS)
    result = play(game, seats, 11)
    record = dict(result.record)
    record["actions"] = result.record["actions"][:20]
    good = tmp_path / "good.json"
    good.write_text(json.dumps(record))
    out = run_replay_tool(good, engine)
    assert out.returncode == 0, out.stderr
    assert game.from_json(json.dumps(json.loads(out.stdout))) == replay(record)
    bad = dict(record)
    bad["actions"] = [*record["actions"], [record["actions"][-1][0], "garbage here"]]
    badfile = tmp_path / "bad.json"
    badfile.write_text(json.dumps(bad))
    out = run_replay_tool(badfile, engine)
    assert out.returncode == 1
    error = json.loads(out.stdout)
    assert error["index"] == len(record["actions"]) and error["reason"]


def test_view_problems_names_what_breaks_the_shared_view() -> None:
    game = get_game(game_names()[0])
    good = game.view(game.new_game(game.SEAT_COUNTS[0], 0), None)
    assert view_problems(good) == []
    broken = {key: value for key, value in good.items() if key != "to_act"}
    assert view_problems(broken) == ["missing key 'to_act'"]
    assert view_problems({**good, "seats": True}) == ["'seats' is bool"]
    assert view_problems({**good, "events": [{"kind": "x", "seats": []}]}) == [
        "an event off the contract: {'kind': 'x', 'seats': []}"
    ]
    assert view_problems({**good, "pending": {"label": "x"}}) == [
        "'pending' without a 'kind': {'label': 'x'}"
    ]

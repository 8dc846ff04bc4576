"""The replay and the score story of seeded games: one frame per turn, the last frame the final
board image, public views only; the chart's numbers recomputed from the engine states by another
route (state fields, not views)."""

from __future__ import annotations

import io
import itertools
from functools import cache
from typing import Any

import pytest
from PIL import Image, ImageChops

from bot import replays
from bot.games import get_game
from bot.games.playout import Playout, play
from renderers import render_board, tigris_chart
from renderers import replay as replay_chart
from renderers.replay import (
    REPLAY_BUDGET,
    frame_durations,
    render_chart,
    render_replay,
)

GAMES = [("tigris", 2, 1), ("tigris", 4, 1), ("targi", 2, 1)]


@cache
def _played(name: str, seats: int, seed: int) -> Playout:
    return play(get_game(name), seats, seed, keep_states=True)


@cache
def _replay(name: str, seats: int, seed: int) -> tuple[list[replays.Turn], list[dict[str, Any]]]:
    game = get_game(name)
    views = [game.view(state, None) for state in _played(name, seats, seed).states]
    return replays.split_turns(name, views), views


def _expected_turns(name: str, states: list[Any]) -> int:
    """T&E: the active player changes once between two turns (the last turn may be cut short
    by the end); Targi: the rounds played."""
    if name == "tigris":
        return 1 + sum(a.active != b.active for a, b in itertools.pairwise(states))
    return int(states[-1].round)


@pytest.mark.parametrize(("name", "seats", "seed"), GAMES)
def test_a_replay_has_one_frame_per_turn_and_ends_on_the_final_board(
    name: str, seats: int, seed: int
) -> None:
    states = _played(name, seats, seed).states
    turns, views = _replay(name, seats, seed)
    assert len(turns) == _expected_turns(name, states)
    frames = [views[t.end] for t in turns]
    data = render_replay(name, frames)
    assert data[:6] == b"GIF89a" and len(data) < REPLAY_BUDGET
    animation = Image.open(io.BytesIO(data))
    assert animation.n_frames == len(turns)
    animation.seek(animation.n_frames - 1)
    last = animation.convert("RGB")
    final = Image.open(io.BytesIO(render_board(name, get_game(name).view(states[-1], None), "en")))
    assert last.size == final.size
    assert ImageChops.difference(last, final.convert("RGB")).getbbox() is None


def test_frames_play_a_few_seconds_and_the_final_board_is_held() -> None:
    assert frame_durations(0) == []
    assert frame_durations(1) == [3000]
    for frames in (2, 12, 69, 93, 120):
        durations = frame_durations(frames)
        assert len(durations) == frames and durations[-1] == 3000
        assert all(60 <= d <= 700 and d % 10 == 0 for d in durations[:-1])
        assert sum(durations[:-1]) <= 7_500  # the turns of a long T&E game in a few seconds
    assert sum(frame_durations(12)[:-1]) >= 5000  # Targi's 12 rounds are not rushed


def test_a_replay_is_drawn_from_public_views_only() -> None:
    game = get_game("tigris")
    state = _played("tigris", 2, 1).states[10]
    with pytest.raises(ValueError, match="public views"):
        render_replay("tigris", [game.view(state, None), game.view(state, 0)])
    with pytest.raises(ValueError):
        render_replay("tigris", [])


def test_the_frames_of_a_running_tigris_game_show_no_hidden_score() -> None:
    turns, views = _replay("tigris", 4, 1)
    for turn in turns[:-1]:  # every frame before the end: the scores are still hidden
        assert all("score" not in player for player in views[turn.end]["players"])


def _tigris_story_by_states(states: list[Any]) -> dict[str, Any]:
    """The T&E story from the engine's state fields: turn ends where ``turn_number`` moves,
    scores from ``state.score``, marks from the events' keys."""
    ends = [0] + [
        i
        for i in range(1, len(states))
        if states[i].turn_number != states[i - 1].turn_number or i == len(states) - 1
    ]
    colours = ("red", "blue", "green", "black")
    players = []
    for seat in range(states[0].seats):
        series: dict[str, list[int]] = {
            c: [states[i].score[seat][k] for i in ends] for k, c in enumerate(colours)
        }
        series["treasures"] = [states[i].treasures_held[seat] for i in ends]
        players.append(series)
    kinds = {"war_won": "war", "revolt_won": "revolt", "treasure": "treasure"}
    marks = []
    for number in range(1, len(ends)):
        for i in range(ends[number - 1] + 1, ends[number] + 1):
            for _kind, _text, seats, key, _params in states[i].events:
                if key in kinds:
                    marks.append((number, kinds[key], tuple(sorted(seats))))
    return {"turns": len(ends) - 1, "players": players, "marks": marks}


def _targi_story_by_states(game: Any, states: list[Any]) -> dict[str, Any]:
    """The Targi story from the states: round ends where ``round`` moves, victory points from
    ``scores``, goods from the players' resources, raids from the events."""
    ends = [0] + [
        i
        for i in range(1, len(states))
        if states[i].round != states[i - 1].round or i == len(states) - 1
    ]
    players = []
    for seat in range(2):
        players.append(
            {
                "vp": [game.scores(states[i])[seat]["vp"] for i in ends],
                "goods": [sum(states[i].players[seat].res[:3]) for i in ends],
            }
        )
    marks = []
    for number in range(1, len(ends)):
        raided = {
            s
            for i in range(ends[number - 1] + 1, ends[number] + 1)
            for e in states[i].events
            if e["kind"] == "raid"
            for s in e["seats"]
        }
        if raided:
            marks.append((number, "raid", tuple(sorted(raided))))
    return {"turns": len(ends) - 1, "players": players, "marks": marks}


@pytest.mark.parametrize(("name", "seats", "seed"), GAMES)
def test_the_score_story_matches_the_engine_states(name: str, seats: int, seed: int) -> None:
    game = get_game(name)
    states = _played(name, seats, seed).states
    turns, views = _replay(name, seats, seed)
    story = replays.story(game, states, views, turns, robots=[1])
    if name == "tigris":
        expected = _tigris_story_by_states(states)
        assert [p["series"] for p in story["players"]] == expected["players"]
        assert any(m[1] in ("war", "revolt") for m in expected["marks"]), "a conflict to mark"
    else:
        expected = _targi_story_by_states(game, states)
        assert [p["series"] for p in story["players"]] == expected["players"]
        assert expected["marks"], "a raid to mark"
    assert story["turns"] == expected["turns"] == len(turns)
    assert [(m["turn"], m["kind"], tuple(m["seats"])) for m in story["marks"]] == expected["marks"]
    assert story["ai_seats"] == [1]


@pytest.mark.parametrize("lang", ["en", "ko", "tr"])
@pytest.mark.parametrize(("name", "seats", "seed"), GAMES)
def test_the_chart_is_drawn_in_every_language(name: str, seats: int, seed: int, lang: str) -> None:
    game = get_game(name)
    turns, views = _replay(name, seats, seed)
    story = replays.story(game, _played(name, seats, seed).states, views, turns)
    image = Image.open(io.BytesIO(render_chart(name, story, lang)))
    assert image.width == 1200
    assert image.height == (86 + 170 * seats + 36 + 16 if name == "tigris" else 86 + 380 + 36 + 32)


@pytest.mark.parametrize(("name", "seats", "seed"), [("tigris", 4, 1), ("targi", 2, 1)])
def test_an_ai_seat_is_marked_beside_its_name_in_the_chart(
    name: str, seats: int, seed: int
) -> None:
    game = get_game(name)
    turns, views = _replay(name, seats, seed)
    states = _played(name, seats, seed).states
    people = Image.open(io.BytesIO(render_chart(name, replays.story(game, states, views, turns))))
    story = replays.story(game, states, views, turns, robots=[1])
    robot = Image.open(io.BytesIO(render_chart(name, story)))
    # Strong changes only: the 256 colours are chosen per image, so others move by a few levels.
    difference = ImageChops.difference(people.convert("RGB"), robot.convert("RGB")).convert("L")
    changed = difference.point(lambda level: 255 if level > 48 else 0).getbbox()
    assert changed is not None, "the robot mark is drawn"
    _left, top, _right, bottom = changed
    assert changed[2] <= replay_chart.PLOT_X, "only the name column changes"
    if name == "tigris":  # seat 1's panel, the second from the top
        panel = replay_chart.HEADER_H + tigris_chart.TIGRIS_PANEL_H
        assert panel <= top and bottom <= panel + tigris_chart.TIGRIS_PANEL_H

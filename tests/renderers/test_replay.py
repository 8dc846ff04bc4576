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
from renderers import palette as P
from renderers import render_board, targi_chart, tigris_chart
from renderers import replay as replay_chart
from renderers._draw import recording
from renderers.replay import (
    BANNER_H,
    END_X,
    REPLAY_BUDGET,
    frame_durations,
    render_chart,
    render_replay,
    replay_frame,
    turn_caption,
)
from renderers.tigris import CELL, square_xy

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
def test_a_replay_has_a_frame_per_turn_and_ends_on_the_final_board(
    name: str, seats: int, seed: int
) -> None:
    """One frame per T&E turn; a Targi round shows each placement, then its end; the last frame
    is the final board under its banner (the squares the last turn changed framed)."""
    states = _played(name, seats, seed).states
    turns, views = _replay(name, seats, seed)
    assert len(turns) == _expected_turns(name, states)
    steps = replays.steps(name, views, turns)
    assert [s.turn for s in steps] == sorted(s.turn for s in steps)
    assert {s.turn for s in steps} == set(range(1, len(turns) + 1))
    for turn in turns:
        mine = [s for s in steps if s.turn == turn.number]
        if name == "tigris":
            assert len(mine) == 1
        else:  # every placement of the round, then the round's end
            placements = sum(
                views[i - 1]["phase"] == "place" for i in range(turn.start + 1, turn.end)
            )
            assert placements >= 1 or turn is turns[-1]
            assert len(mine) == placements + 1
    data = render_replay(
        name,
        [s.view for s in steps],
        turns=[s.turn for s in steps],
        changed=[s.changed for s in steps],
    )
    assert data[:6] == b"GIF89a" and len(data) < REPLAY_BUDGET
    animation = Image.open(io.BytesIO(data))
    assert animation.n_frames == len(steps)
    animation.seek(animation.n_frames - 1)
    last = animation.convert("RGB")
    last = last.crop((0, BANNER_H, last.width, last.height))
    final = Image.open(io.BytesIO(render_board(name, get_game(name).view(states[-1], None), "en")))
    final = final.convert("RGB")
    assert last.size == final.size
    for square in steps[-1].changed:
        x, y = square_xy(square)
        for image in (last, final):
            image.paste((0, 0, 0), (x, y, x + CELL, y + CELL))
    assert ImageChops.difference(last, final).getbbox() is None


def test_frames_play_at_a_pace_a_person_follows_and_the_final_board_is_held() -> None:
    assert frame_durations(0) == []
    assert frame_durations(1) == [3000]
    for frames in (2, 12, 69, 93, 120, 400):
        durations = frame_durations(frames)
        assert len(durations) == frames and durations[-1] == 3000
        assert all(400 <= d <= 900 and d % 10 == 0 for d in durations[:-1])
    assert frame_durations(12)[0] == 900  # a short game is not rushed
    assert sum(frame_durations(120)[:-1]) <= 61_000  # a long one plays in about a minute


def test_each_frame_names_its_turn_in_a_large_banner() -> None:
    game = get_game("tigris")
    view = game.view(_played("tigris", 2, 1).states[10], None)
    banners = []
    for number in (3, 4):
        frame = replay_frame("tigris", view, number, 21, (), "en")
        banner = frame.crop((0, 0, frame.width, BANNER_H))
        banners.append(banner)
        ink = banner.convert("L").point(lambda v: 255 if v > 128 else 0).getbbox()
        assert ink is not None and ink[3] - ink[1] >= 36  # letters a phone reads at 400 px
    assert ImageChops.difference(banners[0], banners[1]).getbbox() is not None
    assert turn_caption("tigris", 3, 21, "en") == "Turn 3 of 21"
    assert turn_caption("targi", 3, 12, "en") == "Round 3 of 12"
    assert turn_caption("tigris", 3, 21, "ko") == "3/21턴"
    assert turn_caption("targi", 3, 12, "tr") == "12 turdan 3. tur"


def test_the_squares_a_turn_changed_are_framed_on_its_frame() -> None:
    turns, views = _replay("tigris", 2, 1)
    steps = replays.steps("tigris", views, turns)

    def pieces(view: dict[str, Any]) -> set[tuple[str, str]]:
        board = view["board"]
        found = {(t["square"], f"tile {t['colour']} {t['face_down']}") for t in board["tiles"]}
        found |= {(ld["square"], f"leader {ld['colour']} {ld['seat']}") for ld in board["leaders"]}
        found |= {(sq, "catastrophe") for sq in board["catastrophes"]}
        return found | {(m["square"], "monument") for m in board["monuments"]}

    for turn, step in zip(turns, steps, strict=True):
        moved = pieces(views[turn.start]) ^ pieces(views[turn.end])
        assert {square for square, _ in moved} <= set(step.changed)
        for square in step.changed:  # nothing framed that stayed as it was
            assert any(sq == square for sq, _ in moved) or square in str(views[turn.end]["board"])
    assert sum(bool(s.changed) for s in steps) > len(steps) * 3 // 4
    turn, step = turns[2], steps[2]
    before, after = views[turn.start]["board"], views[turn.end]["board"]
    placed = {t["square"] for t in after["tiles"]} - {t["square"] for t in before["tiles"]}
    assert placed
    framed = replay_frame("tigris", step.view, 3, len(turns), step.changed, "en")
    plain = replay_frame("tigris", step.view, 3, len(turns), (), "en")
    x, y = square_xy(sorted(placed)[0])
    assert framed.getpixel((x + 4, y + 4 + BANNER_H)) == P.ACCENT
    assert ImageChops.difference(framed, plain).getbbox() is not None


def test_a_turns_still_reads_the_turn_its_caption_names() -> None:
    """`/game replay turn:2` is captioned "turn 2": the board after turn 2 says turn 2 too (it
    began turn 3); a Targi round's still shows that round's end."""
    turns, views = _replay("tigris", 2, 1)
    shown = replays.after_turn("tigris", views[turns[1].end], 2)
    assert views[turns[1].end]["turn_number"] == 3 and shown["turn_number"] == 2
    targi_turns, targi_views = _replay("targi", 2, 1)
    shown = replays.after_turn("targi", targi_views[targi_turns[0].end], 1)
    assert targi_views[targi_turns[0].end]["round"] == 2
    assert shown["round"] == 1 and shown["phase"] == "limits" and shown["to_act"] == []
    final = targi_views[targi_turns[-1].end]
    assert replays.after_turn("targi", final, len(targi_turns)) is final  # game over as it is


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
    kinds = {
        "war_won": "war",
        "war_won_no_tiles": "war",
        "revolt_won": "revolt",
        "treasure": "treasure",
    }
    marks = []
    for number in range(1, len(ends)):
        for i in range(ends[number - 1] + 1, ends[number] + 1):
            for _kind, _text, seats, key, params in states[i].events:
                if key in kinds:
                    winner = dict(params).get("winner")
                    won = (int(str(winner)[1:]),) if winner else ()
                    marks.append((number, kinds[key], tuple(sorted(seats)), won))
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
    if name == "tigris":  # a conflict names its winner, one of its two seats
        shown = [
            (m["turn"], m["kind"], tuple(m["seats"]), tuple(m.get("won", ())))
            for m in story["marks"]
        ]
        assert all(set(m[3]) < set(m[2]) for m in shown if m[1] != "treasure")
    else:
        shown = [(m["turn"], m["kind"], tuple(m["seats"])) for m in story["marks"]]
    assert shown == expected["marks"]
    assert story["ai_seats"] == [1]


@pytest.mark.parametrize("lang", ["en", "ko", "tr"])
@pytest.mark.parametrize(("name", "seats", "seed"), GAMES)
def test_the_chart_is_drawn_in_every_language(name: str, seats: int, seed: int, lang: str) -> None:
    game = get_game(name)
    turns, views = _replay(name, seats, seed)
    story = replays.story(game, _played(name, seats, seed).states, views, turns)
    image = Image.open(io.BytesIO(render_chart(name, story, lang)))
    assert image.width == 800
    if name == "tigris":
        header = replay_chart.header_height(tigris_chart.legend(lang))
        assert image.height == header + tigris_chart.TIGRIS_PANEL_H * seats + replay_chart.AXIS_H
    else:
        header = replay_chart.header_height(targi_chart.legend(lang))
        assert image.height == header + targi_chart.TARGI_PLOT_H + replay_chart.AXIS_H
    # Fitted into 400x400 as a phone shows it, its texts are 11 CSS px or more.
    assert min(400 / image.width, 400 / image.height) * replay_chart.TEXT >= 11


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
        panel = tigris_chart.panel_top("en", 1)
        assert panel <= top and bottom <= panel + tigris_chart.TIGRIS_PANEL_H


def _story(
    marks: list[dict[str, Any]], series: dict[str, list[int]] | None = None
) -> dict[str, Any]:
    """A two-player T&E story of 10 turns with ``marks``; seat 0's colours ``series``."""
    flat = {c: [0] * 11 for c in ("red", "blue", "green", "black", "treasures")}
    return {
        "game": "tigris",
        "turns": 10,
        "players": [
            {"seat": 0, "dynasty": "archer", "series": {**flat, **(series or {})}},
            {"seat": 1, "dynasty": "bull", "series": flat},
        ],
        "marks": marks,
        "ai_seats": [],
        "ranking": [[1], [0]],
    }


def _grey(story: dict[str, Any]) -> Image.Image:
    return Image.open(io.BytesIO(render_chart("tigris", story))).convert("L")


def test_conflicts_won_and_lost_are_marked_apart_even_without_colour() -> None:
    """Archer's war at turn 5: won (▲, a solid line) or lost (▽, a dashed one), in grey."""
    won = _grey(_story([{"turn": 5, "kind": "war", "seats": [0, 1], "won": [0]}]))
    lost = _grey(_story([{"turn": 5, "kind": "war", "seats": [0, 1], "won": [1]}]))
    nothing = _grey(_story([]))
    x = round(replay_chart._x(5, 10))
    top = tigris_chart.panel_top("en", 0)  # Archer's band
    box = (x - 30, top, x + 30, top + tigris_chart.TIGRIS_PANEL_H)
    assert ImageChops.difference(won.crop(box), nothing.crop(box)).getbbox() is not None
    assert ImageChops.difference(won.crop(box), lost.crop(box)).getbbox() is not None
    # The line down the plot: solid when won, broken when lost.
    plot_top = top + tigris_chart.MARKS_H
    column = [(x, y) for y in range(plot_top + 10, plot_top + tigris_chart.PLOT_H - 10)]
    assert all(won.getpixel(p) != nothing.getpixel(p) for p in column[::7])
    assert any(lost.getpixel(p) == nothing.getpixel(p) for p in column)
    with recording() as drawn:
        render_chart("tigris", _story([]))
    assert any("▲ won" in text and "▽ lost" in text for text in drawn)  # the legend says so


def test_the_four_colour_lines_are_told_apart_without_colour() -> None:
    """Each colour's line has its dash pattern (how much of its row is inked differs), and its
    tile (its symbol, not only its colour) with its final points at its end."""
    heights = {"red": 8, "blue": 6, "green": 4, "black": 2}
    story = _story([], {c: [v] * 11 for c, v in heights.items()})
    grey = _grey(story)
    top = tigris_chart.panel_top("en", 0) + tigris_chart.MARKS_H
    plot_h = tigris_chart.PLOT_H
    land = Image.new("RGB", (1, 1), P.LAND).convert("L").getpixel((0, 0))
    inked = {}
    for colour, value in heights.items():
        if colour == "black":
            continue  # the weakest colour: the heavy line covers it
        y = round(replay_chart._y(value, top, plot_h, 10))
        row = [grey.getpixel((x, y)) for x in range(replay_chart.PLOT_X + 5, END_X - 45)]
        inked[colour] = sum(v != land for v in row) / len(row)
    assert inked["red"] > 0.95  # solid
    assert inked["blue"] < inked["red"] - 0.1 and inked["green"] < inked["blue"] - 0.1
    assert len(tigris_chart.DASHES) == len(set(tigris_chart.DASHES.values())) == 4
    tiles = []
    for value in heights.values():
        y = replay_chart._y(value, top, plot_h, 10)
        half = tigris_chart.END_TILE // 2
        tiles.append(
            grey.crop((END_X, round(y) - half, END_X + 2 * half, round(y) + half)).tobytes()
        )
    assert len(set(tiles)) == 4
    with recording() as drawn:
        render_chart("tigris", story)
    assert [t for t in drawn if t in ("8", "6", "4", "2")][-4:] == ["8", "6", "4", "2"]


@pytest.mark.parametrize("lang", ["en", "ko", "tr"])
def test_the_chart_gives_each_players_final_place_and_score(lang: str) -> None:
    story = _story([], {"red": [3] * 11, "blue": [2] * 11, "green": [4] * 11, "black": [5] * 11})
    story["players"][0]["series"]["treasures"] = [1] * 11  # the treasure lifts blue: score 3
    expected = {
        "en": ["place 2 · score 3", "place 1 · score 0"],
        "ko": ["2위 · 3점", "1위 · 0점"],
        "tr": ["2. sıra · 3 puan", "1. sıra · 0 puan"],
    }[lang]
    with recording() as drawn:
        render_chart("tigris", story, lang)
    assert [t for t in drawn if t in expected] == expected
    targi = {
        "game": "targi",
        "turns": 3,
        "players": [
            {"seat": s, "series": {"vp": [0, 2, 4, 6 + s], "goods": [4, 4, 4, 4]}} for s in (0, 1)
        ],
        "marks": [],
        "ai_seats": [],
        "ranking": [[1], [0]],
    }
    with recording() as drawn:
        render_chart("targi", targi, "en")
    assert [t for t in drawn if t.startswith("place")] == ["place 2 · score 6", "place 1 · score 7"]
    story["ranking"] = None  # a game whose places are unknown: no place is made up
    with recording() as drawn:
        render_chart("tigris", story, "en")
    assert not [t for t in drawn if t.startswith("place")]

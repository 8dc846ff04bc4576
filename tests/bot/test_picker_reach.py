"""Property: in random T&E positions every legal action is reached through the Act picker in at
most 3 taps after Act (buttons only, five rows of five at most, nothing to scroll), and nothing
else is offered; Targi's decisions stay one tap after Act."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from bot.bench.taps import _table, run, walk
from bot.games import get_game
from bot.ui import items

SEEDS = range(12)


def _positions(game_name: str, seats: int, seed: int, count: int) -> list[tuple[Any, int]]:
    """``count`` random positions of one seeded random game: (state, the seat to decide)."""
    game = get_game(game_name)
    rng = random.Random(seed)
    state = game.new_game(seats, seed)
    stops = set(rng.sample(range(1, 150), count))
    out = []
    for step in range(150):
        if game.is_over(state):
            break
        seat = game.to_act(state)[0]
        if step in stops:
            out.append((state, seat))
        state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return out


def _reach(table: Any, legal: list[str], own: dict[str, Any], seat: int) -> dict[str, int]:
    """Every action the picker's screens offer, with the taps (after Act) that reach it."""
    reached: dict[str, int] = {}
    todo = [("", 0)]
    seen = set()
    while todo:
        path, taps = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        view, _shown, _near = items.menu_view(table, legal, path, lang="en", own=own, seat=seat)
        rows: dict[int, int] = {}
        for child in view.children:
            assert isinstance(child, items.ActionButton | items.PickerButton), child
            rows[child.item.row or 0] = rows.get(child.item.row or 0, 0) + 1
            assert len(child.item.custom_id or "") <= 100 and len(child.item.label or "") <= 80
            if isinstance(child, items.ActionButton):
                reached[child.action] = min(reached.get(child.action, 9), taps + 1)
            elif child.path not in seen:
                todo.append((child.path, taps + 1))
        assert len(view.children) <= 25 and all(n <= 5 for n in rows.values()), rows
        assert max(rows) <= 4
    return reached


@pytest.mark.parametrize("seats", [2, 4])
async def test_every_legal_tigris_action_is_three_taps_after_act(seats: int) -> None:
    game = get_game("tigris")
    for seed in SEEDS:
        for state, seat in _positions("tigris", seats, seed, 3):
            legal = game.legal_actions(state, seat)
            table = _table("tigris", seats, 5)
            reached = _reach(table, legal, game.view(state, seat), seat)
            assert set(reached) == set(legal), (seed, set(legal) ^ set(reached))
            assert max(reached.values()) <= 3, (seed, max(reached.items(), key=lambda x: x[1]))


async def test_the_walk_counts_a_button_once_and_finds_every_action() -> None:
    game = get_game("tigris")
    state, seat = _positions("tigris", 3, 5, 1)[0]
    legal = game.legal_actions(state, seat)
    own = game.view(state, seat)
    table = _table("tigris", 3, 5)
    reached = _reach(table, legal, own, seat)
    for action in random.Random(1).sample(legal, 40):
        assert walk(table, legal, action, "picker", own=own, seat=seat) == reached[action]


async def test_targi_decisions_stay_one_tap_after_act() -> None:
    game = get_game("targi")
    for seed in range(6):
        for state, seat in _positions("targi", 2, seed, 6):
            legal = game.legal_actions(state, seat)
            own = game.view(state, seat)
            table = _table("targi", 2, 5)
            for action in legal:
                assert walk(table, legal, action, "picker", own=own, seat=seat) == 1


async def test_a_select_costs_two_taps_and_one_more_below_the_eighth_option() -> None:
    legal = [f"place {n}" for n in range(1, 41)]  # 40 actions: two selects, no picker
    table = _table("targi", 2, 5)
    own: dict[str, Any] = {}
    assert walk(table, legal, "place 1", "picker", own=own, seat=0) == 2
    assert walk(table, legal, "place 8", "picker", own=own, seat=0) == 2
    assert walk(table, legal, "place 9", "picker", own=own, seat=0) == 3  # scrolled to
    assert walk(table, legal, "place 26", "picker", own=own, seat=0) == 2  # the second select
    few = legal[:25]
    assert walk(table, few, "place 25", "picker", own=own, seat=0) == 1  # buttons


async def test_the_taps_bench_counts_the_picker_against_the_old_menu() -> None:
    report = await run("tigris", 2, 1, 3, "easy")
    lines = report.splitlines()
    menu = next(i for i, line in enumerate(lines) if line.strip().startswith("menu:"))
    picker = next(i for i, line in enumerate(lines) if line.strip().startswith("picker:"))
    median = [float(lines[i].split("median ")[1].split(",")[0]) for i in (menu, picker)]
    assert median[1] < median[0]
    after_act = next(line for line in lines[picker:] if "after Act" in line)
    assert "max 3 " in after_act or "max 2 " in after_act, after_act


async def test_the_taps_bench_counts_menus_edited_in_place() -> None:
    """Live play (answers within 14 minutes): a decision coming back in the same turn needs no
    Act, so no turn costs more than in play-by-post and some cost less."""
    report = await run("tigris", 2, 1, 3, "easy")
    figures = {
        line.split(":")[0].strip(): [float(x) for x in re.findall(r"(?:mean|max) ([0-9.]+)", line)]
        for line in report.splitlines()
        if "taps per turn" in line
    }
    (_, picker_max), (_, edited_max) = figures["picker"], figures["edited"]
    assert figures["edited"][0] < figures["picker"][0] and edited_max <= picker_max, figures

"""``legal_actions`` in the action phase against a naive model built from the public view.

The engine labels regions once per position and relabels only the moved leader's region; this
model flood-fills from scratch for every candidate, straight from the rules text (§6–§8).
"""

from __future__ import annotations

import itertools

import pytest

from bot.games import tigris
from bot.games.playout import play

COLOURS = ("red", "blue", "green", "black")
COLUMNS = "ABCDEFGHIJKLMNOP"
RIVER = {
    (c, r)
    for r, row in enumerate(
        [
            "....RRRRR...R...",
            "....R.......R...",
            "...RR.......RR..",
            "RRRR.........RRR",
            "..............RR",
            "..............R.",
            "RRRR........RRR.",
            "...RRRR.....R...",
            "......RRRRRRR...",
            "................",
            "................",
        ]
    )
    for c, ch in enumerate(row)
    if ch == "R"
}


def _xy(label: str) -> tuple[int, int]:
    return COLUMNS.index(label[0]), int(label[1:]) - 1


def _label(xy: tuple[int, int]) -> str:
    return f"{COLUMNS[xy[0]]}{xy[1] + 1}"


def _neighbours(xy: tuple[int, int]) -> list[tuple[int, int]]:
    x, y = xy
    return [
        (a, b)
        for a, b in ((x, y - 1), (x - 1, y), (x + 1, y), (x, y + 1))
        if 0 <= a < 16 and 0 <= b < 11
    ]


def _kingdoms_touching(occupied: set, leaders: set, square: tuple[int, int]) -> int:
    """How many distinct kingdoms (regions holding a leader) touch ``square``."""
    seen: set = set()
    count = 0
    for start in _neighbours(square):
        if start not in occupied or start in seen:
            continue
        region = {start}
        todo = [start]
        while todo:
            for n in _neighbours(todo.pop()):
                if n in occupied and n not in region:
                    region.add(n)
                    todo.append(n)
        seen |= region
        if region & leaders:
            count += 1
    return count


def _expected(view: dict, seat: int) -> set[str]:
    board = view["board"]
    tiles = {_xy(t["square"]): t for t in board["tiles"]}
    leader_at = {_xy(lead["square"]): lead for lead in board["leaders"]}
    blocked = {_xy(s) for s in board["catastrophes"]}
    occupied = set(tiles) | set(leader_at)
    empty = {(x, y) for x in range(16) for y in range(11)} - occupied - blocked
    temples = {xy for xy, t in tiles.items() if t["colour"] == "red" and not t["face_down"]}
    out = {"pass"}
    hand = view["hand"]
    for colour in set(hand):
        for xy in empty:
            if (colour == "blue") == (xy in RIVER) and _kingdoms_touching(
                occupied, set(leader_at), xy
            ) <= 2:
                out.add(f"tile {colour} {_label(xy)}")
    mine = {
        lead["colour"]: _xy(lead["square"]) for lead in board["leaders"] if lead["seat"] == seat
    }
    for colour in COLOURS:
        where = mine.get(colour)
        if where is not None:
            out.add(f"withdraw {colour}")
        others = set(leader_at) - {where}
        still = occupied - {where}
        for xy in empty:
            if xy in RIVER or not any(n in temples for n in _neighbours(xy)):
                continue
            if _kingdoms_touching(still, others, xy) <= 1:
                out.add(f"leader {colour} {_label(xy)}")
    if view["players"][seat]["catastrophes"]:
        for xy in empty:
            out.add(f"catastrophe {_label(xy)}")
        for xy, t in tiles.items():
            if not t["face_down"] and not t["treasure"]:
                out.add(f"catastrophe {_label(xy)}")
    counts = [hand.count(c) for c in COLOURS]
    for picks in itertools.product(*(range(n + 1) for n in counts)):
        if sum(picks):
            out.add(
                "swap " + " ".join(c for c, n in zip(COLOURS, picks, strict=True) for _ in range(n))
            )
    return out


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_action_phase_legal_actions_match_a_naive_model(seats: int) -> None:
    checked = 0
    for seed in range(2):
        result = play(tigris, seats, 500 + seed, keep_states=True)
        for state in result.states[::3]:
            if state.over or state.pending is not None:
                continue
            seat = tigris.to_act(state)[0]
            expected = _expected(tigris.view(state, seat), seat)
            assert set(tigris.legal_actions(state, seat)) == expected
            checked += 1
    assert checked > 20

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


def _region(occupied: set, start: tuple[int, int]) -> set:
    region = {start}
    todo = [start]
    while todo:
        for n in _neighbours(todo.pop()):
            if n in occupied and n not in region:
                region.add(n)
                todo.append(n)
    return region


def _check_conflict(before: dict, after: dict, action: str) -> None:
    """A conflict resolved by the defender's ``support n``, judged from the public views."""
    pending = before["pending"]
    board = before["board"]
    tiles = {_xy(t["square"]): t for t in board["tiles"]}
    leaders = {(lead["seat"], lead["colour"]): _xy(lead["square"]) for lead in board["leaders"]}
    colour = pending["leader_colour"]
    attacker_at = leaders[(pending["attacker"], colour)]
    defender_at = leaders[(pending["defender"], colour)]
    support = pending["colour"]
    wall = _xy(board["unification"]) if pending["conflict"] == "war" else None
    occupied = (set(tiles) | set(leaders.values())) - {wall}

    def face_up(xy: tuple[int, int], c: str) -> bool:
        return xy in tiles and tiles[xy]["colour"] == c and not tiles[xy]["face_down"]

    if pending["conflict"] == "revolt":
        bases = [
            sum(face_up(n, "red") for n in _neighbours(at)) for at in (attacker_at, defender_at)
        ]
    else:
        bases = [
            sum(face_up(xy, colour) for xy in _region(occupied, at))
            for at in (attacker_at, defender_at)
        ]
    assert [pending["attacker_base"], pending["defender_base"]] == bases
    attack = bases[0] + pending["attacker_committed"]
    defence = bases[1] + int(action.split()[1])
    winner, loser = (
        (pending["attacker"], pending["defender"])
        if attack > defence
        else (pending["defender"], pending["attacker"])
    )
    loser_at = leaders[(loser, colour)]
    removed = set()
    if pending["conflict"] == "war":
        others = set(leaders.values()) - {loser_at}
        for xy in _region(occupied, loser_at):
            if not face_up(xy, colour) or tiles[xy]["treasure"]:
                continue
            if colour == "red" and any(n in others for n in _neighbours(xy)):
                continue
            removed.add(xy)
    after_leaders = {(lead["seat"], lead["colour"]) for lead in after["board"]["leaders"]}
    assert (loser, colour) not in after_leaders and (winner, colour) in after_leaders
    after_tiles = {_xy(t["square"]) for t in after["board"]["tiles"]}
    assert (set(tiles) - after_tiles) == removed
    if after["turn_number"] != before["turn_number"] or after["game_over"]:
        return  # the turn ended too: monument income may have been added
    gained = after["players"][winner]["score"][
        support if pending["conflict"] == "revolt" else colour
    ]
    was = before["players"][winner]["score"][support if pending["conflict"] == "revolt" else colour]
    assert gained - was == 1 + len(removed)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_conflicts_match_a_naive_model(seats: int) -> None:
    checked = {"revolt": 0, "war": 0}
    options = {"open_scoring": True}
    for seed in range(6):
        result = play(tigris, seats, 700 + seed, options=options, keep_states=True)
        pairs = zip(result.states, result.states[1:], result.record["actions"], strict=False)
        for state, nxt, (_seat, action) in pairs:
            pending = state.pending
            if pending is None or pending.kind != "support" or pending.attacker_committed < 0:
                continue
            _check_conflict(tigris.view(state, None), tigris.view(nxt, None), action)
            checked[pending.conflict] += 1
    assert checked["revolt"] > 3 and checked["war"] > 3, checked


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_tile_scoring_matches_a_naive_model(seats: int) -> None:
    checked = 0
    for seed in range(4):
        result = play(tigris, seats, 900 + seed, options={"open_scoring": True}, keep_states=True)
        pairs = zip(result.states, result.states[1:], result.record["actions"], strict=False)
        for state, nxt, (_seat, action) in pairs:
            if (
                state.pending is not None
                or state.actions_left != 2
                or not action.startswith("tile")
            ):
                continue
            before, after = tigris.view(state, None), tigris.view(nxt, None)
            _, colour, square = action.split()
            board = before["board"]
            occupied = {_xy(t["square"]) for t in board["tiles"]}
            leaders = {_xy(lead["square"]): lead for lead in board["leaders"]}
            occupied |= set(leaders)
            touching: list[set] = []
            for n in _neighbours(_xy(square)):
                if n in occupied and not any(n in k for k in touching):
                    region = _region(occupied, n)
                    if region & set(leaders):
                        touching.append(region)
            expected = [0] * seats
            if len(touching) == 1:
                present = [leaders[xy] for xy in touching[0] if xy in leaders]
                for wanted in (colour, "black"):
                    owners = [lead["seat"] for lead in present if lead["colour"] == wanted]
                    if owners:
                        expected[owners[0]] = 1
                        break
            gained = [
                after["players"][s]["score"][colour] - before["players"][s]["score"][colour]
                for s in range(seats)
            ]
            assert gained == expected, (action, touching)
            checked += 1
    assert checked > 20

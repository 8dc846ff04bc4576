"""Regression scenarios for the mistakes seen in peer engines, docs/rules-tigris.md §19 (and a few
chosen readings).

Mistakes already pinned by a §18 ruling test are listed here with the test that catches them:
- tigphrates, king fallback scores black: test_rulings.test_12
- tigphrates, a tile joining two kingdoms scores when no war follows: test_rulings.test_11
- tigphrates, monument income for every matching leader every turn: test_rulings.test_30
- tigphrates and cubenations, treasures only at the end of the turn: test_rulings.test_32
- tigphrates, "starting temple" priority instead of the corners: test_rulings.test_33
- tigphrates, only the active player refills: test_rulings.test_37
- cubenations, ``takeTreasure`` keeping the wrong treasures: test_rulings.test_34
- 0b01, only the first two treasures of a kingdom: test_rulings.test_34
- 0b01, game end checked after every action: test_rulings.test_35
- 0b01, no catastrophes on empty squares: test_rulings.test_21
"""

from __future__ import annotations

import json
from pathlib import Path

from bot.games import tigris
from bot.games.tigris.board import CORNERS, LABELS, RIVER, START_TEMPLES
from tests.tigris.helpers import leader_at, play, position, score_of, sq, tile_at

ROOT = Path(__file__).resolve().parents[2]
REDS = "red red red red red red"

# docs/rules-tigris.md §3: R river, T temple, * corner temple, . land.
MAP = """
. . . . R R R R R . T . R . . .
. * . . R . . . . . . . R . . *
. . . R R T . . . . . . R R . .
R R R R . . . . . . . . . R R R
. . . . . . . . . . . . . T R R
. . . . . . . . . . . . . . R .
R R R R . . . . T . . . R R R .
. * . R R R R . . . . . R . . .
. . . . . . R R R R R R R . * .
. . . . . T . . . . . . . . . .
. . . . . . . . . . T . . . . .
"""


def test_tigphrates_board_cells_match_the_verified_map() -> None:
    rows = [line.split() for line in MAP.strip().splitlines()]
    river = {r * 16 + c for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "R"}
    temples = {r * 16 + c for r, row in enumerate(rows) for c, ch in enumerate(row) if ch in "T*"}
    corners = {r * 16 + c for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "*"}
    assert set(RIVER) == river and len(river) == 41
    assert set(START_TEMPLES) == temples and len(temples) == 10
    assert set(CORNERS) == corners
    data = json.loads((ROOT / "data" / "tigris-board.json").read_text())
    assert (data["river_count"], data["land_count"]) == (41, 135)


def test_0b01_all_four_corners_are_corners() -> None:
    tiles = tigris.view(tigris.new_game(2, 1), None)["board"]["tiles"]
    assert sorted(t["square"] for t in tiles if t["corner"]) == ["B2", "B8", "O9", "P2"]
    assert sorted(LABELS[s] for s in CORNERS) == ["B2", "B8", "O9", "P2"]
    # B8 (missing in 0b01) is taken before the ordinary treasure it is joined with.
    state = position(hands={0: REDS}, board="A8: T1 r*\nB9: r r . r r\nF10: r*")
    state = play(state, "0: tile red D9")
    assert tigris.view(state, None)["pending"] is None
    assert sq("B8") not in state.treasures and sq("F10") in state.treasures


def test_cubenations_bag_holds_143_tiles_with_47_temples() -> None:
    for seats in (2, 3, 4):
        state = tigris.new_game(seats, 3)
        assert len(state.bag) == 143 and state.bag_size == 143 - 6 * seats
        assert [state.bag.count(c) for c in range(4)] == [47, 36, 30, 30]
        board = sum(1 for code in state.cells if code == 1)
        assert board == 10 and len(state.bag) + board == 153


def test_tigphrates_bag_end_is_checked_for_every_refilling_player() -> None:
    # Seat 1 commits 3 temples in seat 0's revolt; at the end of the turn seat 0 refills its
    # one tile but the bag cannot refill seat 1: the game ends.
    state = position(
        hands={0: "red red blue blue blue blue", 1: "red red red green green green"},
        board="H7: P1 r*",
        bag_left=2,
    )
    state = play(state, "0: leader red J7", "0: support 1", "1: support 3", "0: pass")
    assert tigris.is_over(state)
    assert state.bag_size == 1  # seat 0 drew its one tile first


def test_cubenations_treasure_end_is_checked_on_every_path() -> None:
    # Collection triggered by a leader (not a tile) leaving 2 treasures also ends the game.
    state = position(
        hands={0: REDS},
        board="B2: r* r . b r\nF3: r*\nK1: r\nP2: r\nN5: r\nI7: r\nB8: r\nO9: r\nF10: r\nD2: r",
    )
    state = play(state, "0: leader green C3")
    assert score_of(state, 0)["treasures"] == 1 and len(state.treasures) == 2
    assert not tigris.is_over(state)
    state = play(state, "0: pass")
    assert tigris.is_over(state)


def test_0b01_one_treasure_left_also_ends_the_game() -> None:
    # Three treasures left, all in one kingdom: the trader takes two, one remains.
    state = position(
        hands={0: REDS},
        board="F10: r* r r . r r\nF11: T1\nK1: r\nB2: r\nP2: r\nF3: r\nN5: r\nB8: r\nO9: r"
        + "\nI7: r*\nI8: r\nI9: b",
    )
    state = play(state, "0: tile red I10", "1: treasure F10", "1: treasure I7")
    assert len(state.treasures) == 1 and not tigris.is_over(state)
    state = play(state, "0: pass")
    assert tigris.is_over(state)


def test_0b01_an_empty_bag_ends_the_game_only_when_a_draw_fails() -> None:
    state = position(bag_left=2)
    state = play(state, "0: swap blue blue")
    assert state.bag_size == 0 and not tigris.is_over(state)
    state = play(state, "0: pass")  # nothing to refill
    assert not tigris.is_over(state) and tigris.to_act(state) == (1,)
    state = play(state, "1: swap green")
    assert tigris.is_over(state)


def test_tr_faq_war_strength_counts_the_whole_side_not_only_adjacent_tiles() -> None:
    # Seat 1's side: markets D5, D6, E6 where only E6 touches the joining square.
    state = position(
        hands={0: "green green red blue blue blue"},
        board="C5: T1 g . . . T0\nC6: r g g . g r\nG7: g",
    )
    state = play(state, "0: tile red F6")
    pending = tigris.view(state, None)["pending"]
    assert (pending["attacker_base"], pending["defender_base"]) == (2, 3)


def test_only_red_wars_spare_tiles_next_to_other_leaders() -> None:
    # Green war lost by seat 1: the market B5 beside seat 1's king on B6 goes too.
    state = position(
        hands={0: "green green green red blue blue"},
        board="B5: g T1 g . . . T0\nB6: K1 r g g . g r\nG7: g",
    )
    state = play(state, "0: tile red F6", "0: support 3", "1: support 0")  # 5 : 4
    assert [tile_at(state, s) for s in ("B5", "D5", "D6", "E6")] == [None] * 4
    assert leader_at(state, "B6") == (1, "black")
    assert score_of(state, 0)["green"] == 1 + 4


def test_revolt_strength_ignores_flipped_temples() -> None:
    # Seat 1's priest on H7 touches I7 (face up) and H6, flipped under a monument.
    state = position(
        board="G5: x x\nG6: x x\nH7: P1 r*",
        monuments=[("G5", "red-blue", "red")],
    )
    state = play(state, "0: leader red J7")
    pending = tigris.view(state, None)["pending"]
    assert (pending["attacker_base"], pending["defender_base"]) == (1, 1)

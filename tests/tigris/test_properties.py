"""Invariants over seeded uniform random playouts for 2, 3 and 4 players."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from bot.games import replay, tigris
from bot.games.common import IllegalAction, InvalidNotation, NotYourTurn
from bot.games.playout import play
from bot.games.tigris.board import NEIGHBOURS
from bot.games.tigris.rules import canonical, label_regions, parse
from bot.games.tigris.state import CATASTROPHE, EMPTY, LEADER, State

SEEDS = {2: range(8), 3: range(8), 4: range(8)}
CASES = [(seats, seed) for seats, seeds in SEEDS.items() for seed in seeds]


def _tiles_on_board(state: State) -> int:
    return sum(1 for code in state.cells if EMPTY < code < CATASTROPHE)


def _check_board(state: State) -> None:
    # 153 tiles: bag + hands + board (monuments included) + removed from the game.
    assert (
        state.bag_size + sum(map(sum, state.hands)) + _tiles_on_board(state) + state.removed == 153
    )
    # 10 treasures: on the board or held.
    assert len(state.treasures) <= 10 and len(state.treasures) + sum(state.treasures_held) == 10
    # Leaders: listed where they stand; each touches a face-up temple.
    for seat, squares in enumerate(state.leaders):
        for colour, square in enumerate(squares):
            if square >= 0:
                assert state.cells[square] == LEADER + seat * 4 + colour
                assert any(state.cells[n] == 1 for n in NEIGHBOURS[square])
    assert sum(1 for c in state.cells if c >= LEADER) == sum(
        1 for squares in state.leaders for s in squares if s >= 0
    )
    if state.pending is None:
        # Between actions: no kingdom holds two leaders of one colour.
        regions = label_regions(state.cells)
        for leaders in regions.leaders:
            colours = [(state.cells[s] - LEADER) % 4 for s in leaders]
            assert len(colours) == len(set(colours))


def _check_views(state: State) -> None:
    for viewer in [None, *range(state.seats)]:
        view = tigris.view(state, viewer)
        json.dumps(view)
        if viewer is None:
            assert "hand" not in view
        else:
            hand = state.hands[viewer]
            assert sorted(view["hand"]) == sorted(
                c
                for c, n in zip(("red", "blue", "green", "black"), hand, strict=True)
                for _ in range(n)
            )
        if state.last_action is not None and state.last_action[1].startswith("swap"):
            actor, action = state.last_action
            if viewer != actor:  # swapped colours are secret (§14), the count is public
                count = len(action.split()) - 1
                noun = "tile" if count == 1 else "tiles"
                assert view["last_action"] == {"seat": actor, "action": f"swap {count} {noun}"}
        for player in view["players"]:
            visible = state.over or state.open_scoring or player["seat"] == viewer
            assert ("score" in player) == visible and ("treasures" in player) == visible
        # Changing every other seat's hand (not its size) and score, or the order of the tiles
        # still in the bag, changes nothing seen.
        others = [s for s in range(state.seats) if s != viewer]
        if not state.over and not state.open_scoring:
            altered = dataclasses.replace(
                state,
                bag=state.bag[: state.drawn] + state.bag[state.drawn :][::-1],
                hands=tuple(
                    (sum(h), 0, 0, 0) if s in others else h for s, h in enumerate(state.hands)
                ),
                score=tuple((9, 9, 9, 9) if s in others else v for s, v in enumerate(state.score)),
                treasures_held=tuple(
                    7 if s in others else t for s, t in enumerate(state.treasures_held)
                ),
            )
            assert tigris.view(altered, viewer) == view


def _near_misses(legal: list[str]) -> list[str]:
    words = sorted({w for a in legal for w in a.split()})
    out = []
    for action in legal[:: max(1, len(legal) // 15)]:
        parts = action.split()
        for i in range(len(parts)):
            for word in words[::3]:
                out.append(" ".join([*parts[:i], word, *parts[i + 1 :]]))
    legal_set = set(legal)
    return [a for a in out if _canonical(a) not in legal_set]


def _canonical(text: str) -> str:
    """The canonical spelling ("swap green red" -> "swap red green"), or the text itself."""
    try:
        return canonical(parse(text))
    except InvalidNotation:
        return text


@pytest.mark.parametrize(("seats", "seed"), CASES)
def test_random_playouts_keep_the_invariants(seats: int, seed: int) -> None:
    result = play(tigris, seats, seed, keep_states=True)
    final = result.final
    assert tigris.is_over(final) and tigris.to_act(final) == ()
    assert replay(result.record) == final
    rng = random.Random(seed)
    for index, state in enumerate(result.states):
        _check_board(state)
        assert tigris.from_json(tigris.to_json(state)) == state
        if state.over:
            continue
        seat = tigris.to_act(state)[0]
        legal = tigris.legal_actions(state, seat)
        assert legal and legal == sorted(set(legal))
        if index % 9 == 0:
            _check_views(state)
            before = tigris.to_json(state)
            for action in legal:  # every legal action applies
                tigris.apply(state, seat, action)
            for action in rng.sample(_near_misses(legal), min(40, len(_near_misses(legal)))):
                with pytest.raises((IllegalAction, InvalidNotation)):
                    tigris.apply(state, seat, action)
            for other in range(seats):
                if other != seat:
                    with pytest.raises(NotYourTurn):
                        tigris.apply(state, other, legal[0])
            assert tigris.to_json(state) == before
    _check_views(final)


def test_random_playouts_with_both_options() -> None:
    options = {"open_scoring": True, "english_support": True}
    for seats in (2, 3, 4):
        result = play(tigris, seats, 100 + seats, options=options, keep_states=True)
        assert tigris.is_over(result.final)
        assert replay(result.record) == result.final
        for state in result.states[::5]:
            _check_board(state)
            view = tigris.view(state, None)
            assert all("score" in p for p in view["players"])

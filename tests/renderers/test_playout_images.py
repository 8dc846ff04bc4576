"""Many positions of seeded random games of both games render without error, within limits."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.games.playout import play
from renderers import render_board, render_private
from tests.renderers.positions import engine

GAMES = [
    ("tigris", 2, 11),
    ("tigris", 3, 12),
    ("tigris", 4, 13),
    ("targi", 2, 21),
    ("targi", 2, 22),
]
SAMPLES = 25  # positions per game, spread evenly over it


@pytest.mark.parametrize(("name", "seats", "seed"), GAMES)
def test_random_positions_render(name, seats, seed):
    game = engine(name)
    states = play(game, seats, seed, keep_states=True).states
    step = max(1, len(states) // SAMPLES)
    for index in [*range(0, len(states), step), len(states) - 1]:
        state = states[index]
        png = render_board(name, game.view(state, None))
        assert png.startswith(b"\x89PNG") and len(png) < 1_000_000, (seed, index)
        seat = index % seats
        private = render_private(name, game.view(state, seat))
        assert Image.open(io.BytesIO(private)).size[0] >= 800, (seed, index)

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
        png = render_board(name, game.view(state, None), "en")
        assert png.startswith(b"\x89PNG") and len(png) < 1_000_000, (seed, index)
        seat = index % seats
        private = render_private(name, game.view(state, seat), "en")
        assert Image.open(io.BytesIO(private)).size[0] >= 600, (seed, index)  # Targi: 680


def test_renders_in_worker_threads_match_serial_renders():
    """The bot renders with asyncio.to_thread: shared caches and fonts must not mix images up."""
    from concurrent.futures import ThreadPoolExecutor

    from tests.renderers import positions

    jobs = [
        ("tigris", positions.tigris_war_pending()),
        ("tigris", positions.tigris_end()),
        ("targi", positions.targi_mid_game()),
        ("targi", positions.targi_end()),
    ] * 3
    _clear_caches()  # the threads race to fill the caches
    with ThreadPoolExecutor(max_workers=4) as pool:
        threaded = list(pool.map(lambda job: render_board(*job, "en"), jobs))
    serial = [render_board(name, view, "en") for name, view in jobs]
    assert threaded == serial


def _clear_caches():
    from renderers import _draw, targi, tigris

    for module in (_draw, targi, tigris):
        for value in vars(module).values():
            if hasattr(value, "cache_clear"):
                value.cache_clear()

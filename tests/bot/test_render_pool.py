"""Images drawn in the render pool: the same pictures as in a thread, a dead worker replaced, the
bot's boards, hands and leaderboards drawn there, the workers gone when the bot closes."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import renderers
from bot.games import get_game
from bot.running.settings import Settings, SettingsError
from bot.ui.images import (
    RenderPool,
    board_png,
    private_png,
    render,
    stop_using_render_pool,
    use_render_pool,
)
from renderers.ratings import BoardLine, render_leaderboard
from tests.bot.helpers import ALICE, BOB, open_table, running_bot
from tests.fakediscord import FakeDiscord
from tests.processes import alive


async def _gone(pids: list[int]) -> bool:
    for _ in range(200):
        if not any(alive(pid) for pid in pids):
            return True
        await asyncio.sleep(0.05)
    return False


def _mid_game_views() -> tuple[dict[str, Any], dict[str, Any]]:
    """The public board and the first player's hand after a few moves of a seeded T&E game."""
    game = get_game("tigris")
    state = game.new_game(2, 11)
    for _ in range(6):
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, sorted(game.legal_actions(state, seat))[0])
    seat = game.to_act(state)[0]
    return game.view(state, None), game.view(state, seat)


async def test_the_pool_draws_the_same_images_as_a_thread_and_counts_its_cpu() -> None:
    public, hand = _mid_game_views()
    pool = RenderPool(1)
    try:
        use_render_pool(pool)
        board = await board_png("tigris", public, lang="en")
        private = await private_png("tigris", hand, lang="en")
        assert (pool.images, pool.cpu_seconds > 0) == (2, True)
        use_render_pool(None)
        assert board == await board_png("tigris", public, lang="en")  # drawn in a thread this time
        assert private == renderers.render_private("tigris", hand, "en")
        line = BoardLine(1, "Ann", 1612.0, 4, 75.0, 12.0, False, True)
        use_render_pool(pool)
        leaderboard = await render(render_leaderboard, "T&E · leaderboard", [line], None, "en")
        assert leaderboard == render_leaderboard("T&E · leaderboard", [line], None, "en")
    finally:
        use_render_pool(None)
        pool.shutdown()


async def test_a_render_worker_that_died_is_replaced_and_the_image_drawn() -> None:
    public, _ = _mid_game_views()
    wanted = renderers.render_board("tigris", public, "en")
    pool = RenderPool(1)
    try:
        use_render_pool(pool)
        assert await board_png("tigris", public, lang="en") == wanted
        workers = pool.pids()
        assert workers
        for pid in workers:
            os.kill(pid, signal.SIGKILL)
        assert await _gone(workers)
        for _ in range(2):  # the first call finds the pool broken, the second must not either
            assert await board_png("tigris", public, lang="en") == wanted
        assert set(pool.pids()).isdisjoint(workers)
    finally:
        use_render_pool(None)
        pool.shutdown()


async def test_the_bots_boards_are_drawn_in_its_pool_and_its_workers_leave_with_it(
    fake_discord: FakeDiscord, login_bot: Any, tmp_path: Path
) -> None:
    async with running_bot(
        fake_discord, login_bot, tmp_path / "bot.sqlite3", seed=3, render_workers=1
    ) as h:
        bot: Any = h.inproc.bot
        pool = bot.render_pool
        assert isinstance(pool, RenderPool)
        table = await open_table(h, "tigris", [ALICE, BOB])
        assert pool.images >= 1  # the first board
        mark = h.fake.mark()
        who = ALICE if table.players[0].user_id == int(ALICE.id) else BOB
        hand = await h.click(who, await h.board(), f"board:{table.id}:{table.version}:hand")
        assert hand.ephemeral and hand.recipient == who.id
        call = await h.fake.wait_for(lambda c: bool(c.images()), start=mark)
        assert isinstance(call.images()[0], Image.Image)
        workers = pool.pids()
        assert workers and pool.images >= 2
        other = RenderPool(1)  # another bot's pool on this loop, closed first
        use_render_pool(other)
        stop_using_render_pool(pool)  # not the one serving the loop: nothing changes
        assert await board_png("tigris", _mid_game_views()[0], lang="en") and other.images == 1
        stop_using_render_pool(other)
        other.shutdown()
        use_render_pool(pool)
    assert bot.render_pool is None
    assert await board_png(
        "tigris", _mid_game_views()[0], lang="en"
    )  # in a thread once the bot closed
    assert await _gone(workers)


def test_render_workers_setting_defaults_to_the_cores_and_refuses_nonsense(
    tmp_path: Path,
) -> None:
    none = tmp_path / "none.env"
    assert Settings.load({"DISCORD_TOKEN": "x"}, none).render_workers is None
    assert Settings.load({"DISCORD_TOKEN": "x", "RENDER_WORKERS": "0"}, none).render_workers == 0
    assert Settings.load({"DISCORD_TOKEN": "x", "RENDER_WORKERS": "3"}, none).render_workers == 3
    for value in ("many", "-1", "65"):
        with pytest.raises(SettingsError, match="RENDER_WORKERS"):
            Settings.load({"DISCORD_TOKEN": "x", "RENDER_WORKERS": value}, none)


def _scheduling() -> bytes:
    """Runs in a worker: its scheduling class and niceness."""
    return f"{os.sched_getscheduler(0)} {os.getpriority(os.PRIO_PROCESS, 0)}".encode()


async def test_the_long_lane_runs_only_on_cores_the_boards_leave_free() -> None:
    pool = RenderPool(1)
    try:
        own = os.getpriority(os.PRIO_PROCESS, 0)
        board = (await pool.run(_scheduling)).decode().split()
        long = (await pool.draw_long(_scheduling)).decode().split()
        assert board == [str(os.SCHED_OTHER), str(own)]  # a board: the bot's own priority
        assert int(long[0]) == os.SCHED_IDLE  # a review or replay: only on an idle core
        assert int(long[1]) == min(19, own + 10)
    finally:
        pool.shutdown()

"""Adversarial checks of AI seats: what players and adversaries try against them in Discord."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot import ai_seats
from bot.ai import choose_action
from bot.ai_turns import AiTurns
from bot.pbp import PlayByPost
from bot.scheduler import Scheduler
from bot.service import Service
from tests.aiplay.test_discord import solo_table
from tests.aiplay.test_service import ai_table
from tests.bot.helpers import ALICE, Harness, running_bot
from tests.fakediscord import FakeDiscord
from tests.service.conftest import ANN, ManualClock

HOUR = 3600.0

ITERATIONS = 8


@pytest_asyncio.fixture
async def harness(
    fake_discord: FakeDiscord, login_bot: object, tmp_path: Path
) -> AsyncIterator[Harness]:
    async with running_bot(
        fake_discord,
        login_bot,
        tmp_path / "bot.sqlite3",
        seed=13,
        scheduler_interval=None,
        ai_workers=1,
        ai_iterations=ITERATIONS,
    ) as h:
        yield h


async def test_a_lobby_with_only_ai_seats_does_not_start(harness: Harness) -> None:
    """The creator seats two AIs and leaves: Start is refused (a table nobody plays is
    pointless) and the lobby stays open; once the creator sits again, it starts."""
    h = harness
    await h.slash(ALICE, "game", {"game": "tigris", "seats": 3}, sub="new")
    table = await h.table()
    menu = f"lobby:{table.id}:ai"
    for level in ("easy", "strong"):
        await h.pick(ALICE, h.fake.message(table.lobby_message_id), menu, level)
    await h.click(ALICE, h.fake.message(table.lobby_message_id), f"lobby:{table.id}:leave")
    mark = h.fake.mark()
    refused = await h.click(
        ALICE, h.fake.message(table.lobby_message_id), f"lobby:{table.id}:start"
    )
    assert refused.ephemeral and "at least one person" in (refused.content or "")
    assert (await h.table()).status == "lobby" and h.public_posts(mark) == []
    await h.click(ALICE, h.fake.message(table.lobby_message_id), f"lobby:{table.id}:join")
    started = await h.click(
        ALICE, h.fake.message(table.lobby_message_id), f"lobby:{table.id}:start"
    )
    assert "Started" in (started.content or "")
    assert (await h.table()).status == "active"


@pytest.mark.parametrize("ending", ["abort", "resign"])
async def test_an_ai_answer_for_a_table_that_ended_meanwhile_is_dropped_quietly(
    service: Service, caplog: pytest.LogCaptureFixture, ending: str
) -> None:
    """The game ends (aborted, or the last person resigns) while the AI is thinking: its
    answer lands nowhere, and no error is logged for it."""
    table = await ai_table(service, "targi", (ANN,), ("normal",))
    legal = await service.legal_actions(table.id, ANN.user_id)
    await service.submit(table.id, ANN.user_id, legal[0])

    async def decide_while_the_game_ends(
        game: str, view: dict[str, Any], actions: list[str], level: str, seed: int
    ) -> str:
        if ending == "abort":
            await service.abort(table.id, ANN.user_id, can_manage=False)
        else:
            await service.resign(table.id, ANN.user_id)
        return actions[0]

    turns = AiTurns(service, decide_while_the_game_ends)
    seq = (await service.get(table.id)).seq
    with caplog.at_level(logging.INFO):
        assert await turns.play_once(table.id) is None
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []
    ended = await service.get(table.id)
    assert ended.status != "active" and ended.seq == seq


async def test_a_game_against_the_ai_in_history_rating_and_leaderboard(harness: Harness) -> None:
    """Alice resigns a solo game: her `/history` lists it as not rated against the marked AI;
    neither `/rating` nor `/leaderboard` knows a rating of anyone (the AI least of all)."""
    h = harness
    table = await solo_table(h, "targi", "normal")
    ask = await h.slash(ALICE, "game", sub="resign")
    version = (await h.table_by_id(table.id)).version
    await h.click(ALICE, h.message_of(ask), f"confirm:{table.id}:{version}:resign")
    assert (await h.table_by_id(table.id)).status == "finished"
    history = (await h.slash(ALICE, "history")).content or ""
    assert f"#{table.id} Targi" in history
    assert "place 2 of 2 vs 🤖 AI (normal) (a resignation) · not rated" in history
    rating = (await h.slash(ALICE, "rating")).content or ""
    assert rating.startswith("Alice has no rated games on this server yet"), rating
    board = (await h.slash(ALICE, "leaderboard", {"game": "targi"})).content or ""
    assert "no rated games yet" in board and "AI" not in board


async def test_a_solo_table_its_person_left_is_abandoned_though_the_ai_plays_between(
    service: Service, clock: ManualClock
) -> None:
    """Ann stops playing her game against the AI: the timer skips her decisions and the AI
    plays its own turns in between. The AI's moves are not a person's, so after two whole
    rounds of Ann's decisions skipped the table is abandoned, as at a table of people."""
    table = await ai_table(service, "tigris", (ANN,), ("easy",))
    pbp = PlayByPost(service)
    await pbp.set_options(table.id, ANN.user_id, can_manage=False, reminder=None, timer=HOUR)
    scheduler = Scheduler(pbp)
    turns = AiTurns(service, quick_ai)
    skips = []
    for _ in range(12):
        while await turns.play_once(table.id) is not None:
            pass  # the AI's turn
        clock.advance(HOUR)
        done = [d for d in await scheduler.tick() if d.kind == "expired"]
        if not done:
            clock.advance(HOUR)
            done = [d for d in await scheduler.tick() if d.kind == "expired"]
        (expired,) = done
        skips.append(expired.consequence)
        if expired.consequence == "abandoned":
            break
    # Two rounds: Ann's two decisions of a turn, twice, the AI's turns in between.
    assert skips == ["skip", "skip", "skip", "abandoned"]
    after = await service.get(table.id)
    assert (after.status, after.end_reason) == ("aborted", "aborted")
    async with service.db.read() as q:
        movers = [a.user_id for a in await q.actions(table.id)]
    assert movers.count(ANN.user_id) == 4 and any(ai_seats.is_ai(u) for u in movers)


async def quick_ai(
    game: str, view: dict[str, Any], actions: list[str], level: str, seed: int
) -> str:
    """An AI seat's decision without a worker pool: the `easy` AI on the event loop."""
    return choose_action(game, view, actions, level, seed)

"""The per-server limit of reviews in flight holds across the bot's processes: two services on
one database (a real SQLite file, and a real PostgreSQL database) stand for two processes, each
with its own :class:`bot.review.Reviews`. A slot of a process that died frees itself."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

from bot import review as use_case
from bot.i18n import tr
from bot.service import Player, Service, Table
from bot.storage import Location
from bot.storage.reviews import ReviewQueries
from tests.service.conftest import ManualClock

ANN, BOB = Player(101, "Ann"), Player(102, "Bob")
GUILD = 9000
BUSY = "A review is already being prepared on this server; ask again in a few minutes."


class Lane:
    """A long lane that computes in a thread once let go (``release``), counting its calls."""

    def __init__(self) -> None:
        self.go = asyncio.Event()
        self.calls = 0

    def release(self) -> None:
        self.go.set()

    async def __call__(self, function: Callable[..., bytes], *args: Any) -> bytes:
        self.calls += 1
        await self.go.wait()
        return await asyncio.to_thread(function, *args)


@pytest.fixture
async def two(database: Location) -> AsyncIterator[tuple[Service, Service]]:
    """Two services on one database: two bot processes."""
    one = await Service.open(database)
    other = await Service.open(database)
    try:
        yield one, other
    finally:
        await one.close()
        await other.close()


async def finished(service: Service, channel: int, guild: int = GUILD, moves: int = 12) -> Table:
    """A Targi game of Ann and Bob: ``moves`` first legal actions, then Bob resigns."""
    table = await service.create_started(
        game="targi",
        guild_id=guild,
        channel_id=channel,
        creator_id=ANN.user_id,
        players=(ANN, BOB),
        language="en",
    )
    for _ in range(moves):
        (seat, *_rest) = await service.to_act(table.id)
        user = table.players[seat].user_id
        await service.submit(table.id, user, (await service.legal_actions(table.id, user))[0])
    await service.resign(table.id, BOB.user_id)
    return await service.get(table.id)


async def until(check: Callable[[], Any]) -> None:
    for _ in range(1000):
        if await check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("never happened")


async def test_the_servers_limit_holds_across_two_processes(
    two: tuple[Service, Service],
) -> None:
    one, other = two
    first, second = await finished(one, 1), await finished(one, 2)
    elsewhere = await finished(one, 3, guild=GUILD + 1)
    lane_a, lane_b = Lane(), Lane()
    a = use_case.Reviews(one, lane_a, limit=1, holder="a")
    b = use_case.Reviews(other, lane_b, limit=1, holder="b")

    computing = asyncio.ensure_future(a.get(first.id, "en"))
    await until(lambda: b.in_flight(GUILD))
    assert await a.in_flight(GUILD) == await b.in_flight(GUILD) == 1

    with pytest.raises(use_case.ReviewBusy) as refused:
        await b.get(second.id, "en")  # the other process, the same server: past the limit
    assert tr(refused.value.text, "en") == BUSY
    assert lane_b.calls == 0
    # Another server has slots of its own.
    lane_b.release()
    assert (await b.get(elsewhere.id, "en")).table.id == elsewhere.id

    # The same table asked in the other process: it waits for the first one's review.
    b.poll = 0.01
    waiting = asyncio.ensure_future(b.get(first.id, "en"))
    await asyncio.sleep(0.1)
    assert not waiting.done()
    lane_a.release()
    got_a, got_b = await computing, await waiting
    assert got_a.review == got_b.review
    assert lane_a.calls == 1 and lane_b.calls == 1  # the first table computed once, by a
    assert await b.in_flight(GUILD) == 0
    assert (await b.get(second.id, "en")).table.id == second.id


async def test_a_crashed_processs_slot_frees_itself_and_a_running_one_is_kept(
    two: tuple[Service, Service], monkeypatch: pytest.MonkeyPatch
) -> None:
    one, other = two
    first, second = await finished(one, 1), await finished(one, 2)
    clock = ManualClock(1_000_000.0)
    # A process that died while computing the first table's review left its slot behind.
    async with one.db.write() as q:
        slot = await ReviewQueries(q).take_slot(
            GUILD, first.id, "dead", clock(), clock() + use_case.SLOT_SECONDS, 1
        )
    assert slot == 0
    lane = Lane()
    lane.release()
    b = use_case.Reviews(other, lane, limit=1, holder="b", clock=clock)
    with pytest.raises(use_case.ReviewBusy):
        await b.get(second.id, "en")
    clock.advance(use_case.SLOT_SECONDS + 1)
    assert await b.in_flight(GUILD) == 0
    assert (await b.get(second.id, "en")).table.id == second.id
    b.poll = 0.01
    assert (await b.get(first.id, "en")).table.id == first.id  # computed here after all
    assert lane.calls == 2

    # A review that runs long keeps its slot: it is renewed while it is computed.
    monkeypatch.setattr(use_case, "SLOT_RENEW", 0.01)
    third, fourth = await finished(one, 4), await finished(one, 5)
    held = Lane()
    a = use_case.Reviews(one, held, limit=1, holder="a", clock=clock)
    computing = asyncio.ensure_future(a.get(third.id, "en"))
    await until(lambda: a.in_flight(GUILD))
    for _ in range(3):
        clock.advance(use_case.SLOT_SECONDS * 0.9)
        await asyncio.sleep(0.1)  # renewed meanwhile
        with pytest.raises(use_case.ReviewBusy):
            await b.get(fourth.id, "en")
    held.release()
    await computing
    assert (await b.get(fourth.id, "en")).table.id == fourth.id

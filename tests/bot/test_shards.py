"""Several bot processes on one database, in-process: the leases (one scheduler leader, one
board poster per table), and each process's timed work limited to its own servers' tables.
Two sharded bots on two connections to one SQLite file stand for two processes."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AsyncExitStack
from pathlib import Path

import pytest

from bot.client import BoardBot, ShardedBoardBot, make_bot
from bot.running.shards import LEADER_TICKS, BoardLeases, Leases, Shards, shard_of
from bot.service import Player, Service, Table
from bot.ui.pbp import run_scheduler_once
from bot.ui.publish import catch_up
from tests.fakediscord import Call, FakeDiscord
from tests.fakediscord.driver import InProcess
from tests.service.conftest import ManualClock

ALICE, BOB = Player(111, "Alice"), Player(222, "Bob")
DAY = 86400.0


def guild_on(shard: int, count: int = 2) -> int:
    guild = 820_000_000_000_000_000
    while shard_of(guild, count) != shard:
        guild += 1 << 22
    return guild


def test_a_server_belongs_to_the_shard_discord_routes_it_to() -> None:
    assert shard_of(None, 4) == 0  # direct messages
    assert shard_of(81_384_788_765_712_384, 4) == (81_384_788_765_712_384 >> 22) % 4
    alone, first, both = Shards(), Shards(2, (0,)), Shards(2, (0, 1))
    assert not alone.sharded and alone.owns(guild_on(1))
    assert first.owns(guild_on(0)) and not first.owns(guild_on(1)) and first.owns(None)
    assert both.owns(guild_on(0)) and both.owns(guild_on(1))


async def test_a_lease_has_one_holder_until_it_expires_or_is_given_up(tmp_path: Path) -> None:
    clock = ManualClock(time.time())
    one = await Service.open(tmp_path / "bot.sqlite3")
    two = await Service.open(tmp_path / "bot.sqlite3")
    try:
        a = Leases(one.db, holder="a", clock=clock)
        b = Leases(two.db, holder="b", clock=clock)
        assert await a.claim("scheduler", 10)
        assert not await b.claim("scheduler", 10)
        clock.advance(9)
        assert await a.claim("scheduler", 10)  # renewed: runs to 19 now
        clock.advance(9)
        assert not await b.claim("scheduler", 10)
        assert await b.holder_of("scheduler") == "a"
        clock.advance(2)  # a missed its renewal: b takes over
        assert await b.claim("scheduler", 10)
        assert not await a.claim("scheduler", 10)
        await a.release("scheduler")  # not a's to give up
        assert await a.holder_of("scheduler") == "b"
        await b.release("scheduler")
        assert await a.holder_of("scheduler") is None
        assert await a.lead(interval=4)
        clock.advance(LEADER_TICKS * 4 - 0.1)
        assert not await b.lead(interval=4)
        clock.advance(0.2)
        assert await b.lead(interval=4)  # within two ticks of a's last one
    finally:
        await one.close()
        await two.close()


async def test_a_tables_board_lease_makes_the_other_process_wait(tmp_path: Path) -> None:
    one = await Service.open(tmp_path / "bot.sqlite3")
    two = await Service.open(tmp_path / "bot.sqlite3")
    try:
        a = BoardLeases(Leases(one.db, holder="a"))
        b = BoardLeases(Leases(two.db, holder="b"))
        order: list[str] = []

        async def post(leases: BoardLeases, name: str, table: int) -> None:
            async with leases.hold(table):
                order.append(f"{name} in")
                await asyncio.sleep(0.2)
                order.append(f"{name} out")

        first = asyncio.create_task(post(a, "a", 7))
        await asyncio.sleep(0.05)
        await asyncio.gather(post(b, "b", 7), post(b, "other table", 8), first)
        assert order.index("b in") > order.index("a out")  # never both at once
        assert order.index("other table in") < order.index("a out")  # other tables go on
    finally:
        await one.close()
        await two.close()


async def test_a_dead_processs_board_lease_runs_out(tmp_path: Path) -> None:
    one = await Service.open(tmp_path / "bot.sqlite3")
    try:
        dead = Leases(one.db, holder="dead")
        assert await dead.claim("board:3", 0.3)  # it died while posting: never released
        started = time.perf_counter()
        async with BoardLeases(Leases(one.db, holder="alive")).hold(3):
            waited = time.perf_counter() - started
        assert waited > 0.1  # it waited for the lease to run out, and then posted
    finally:
        await one.close()


Bots = tuple[BoardBot, BoardBot]


@pytest.fixture
async def two_processes(
    fake_discord: FakeDiscord,
    login_bot: Callable[[BoardBot], Awaitable[InProcess]],
    tmp_path: Path,
) -> AsyncIterator[tuple[Bots, ManualClock]]:
    """Bots holding shard 0 and shard 1 of 2, each with its own connection to one file; the
    services' clock starts two days back (every decision is due for a reminder)."""
    clock = ManualClock(time.time() - 2 * DAY)
    async with AsyncExitStack() as stack:
        bots = []
        for shard in (0, 1):
            service = await Service.open(tmp_path / "bot.sqlite3", clock=clock)
            stack.push_async_callback(service.close)
            bot = make_bot(
                service,
                shards=Shards(2, (shard,)),
                sync="never",
                scheduler_interval=None,
                ai_workers=1,
            )
            assert isinstance(bot, ShardedBoardBot)
            await login_bot(bot)
            stack.push_async_callback(bot.close)
            bots.append(bot)
        yield (bots[0], bots[1]), clock


async def _started(service: Service, guild: int, channel: int) -> Table:
    """A running Targi table that never reached its channel (as after a crash)."""
    table = await service.create(
        game="targi", guild_id=guild, channel_id=channel, creator=ALICE, max_seats=2, language="en"
    )
    await service.join(table.id, BOB)
    return await service.start(table.id, ALICE.user_id, can_manage=False)


def _posts(fake: FakeDiscord, channel: int, word: str = "") -> list[Call]:
    return [
        c
        for c in fake.calls
        if c.method == "POST"
        and c.template == "/channels/{channel_id}/messages"
        and c.parts[1] == str(channel)
        and word in (c.content or "")
    ]


async def test_each_process_catches_up_only_its_own_servers_tables(
    fake_discord: FakeDiscord, two_processes: tuple[Bots, ManualClock]
) -> None:
    (zero, one), _ = two_processes
    mine = await _started(zero.service, guild_on(0), 5001)
    theirs = await _started(zero.service, guild_on(1), 5002)
    assert await catch_up(zero) == 1
    assert _posts(fake_discord, 5001) and not _posts(fake_discord, 5002)
    assert await catch_up(one) == 1
    assert len(_posts(fake_discord, 5002)) == 1
    assert await catch_up(zero) == await catch_up(one) == 0  # each shown once
    assert (await one.service.get(mine.id)).posted_version == mine.version
    assert (await zero.service.get(theirs.id)).posted_version == theirs.version


async def test_one_process_fires_the_reminders_of_every_server_and_the_other_takes_over(
    fake_discord: FakeDiscord, two_processes: tuple[Bots, ManualClock]
) -> None:
    (zero, one), _ = two_processes
    tables = [
        await _started(zero.service, guild_on(0), 6001),
        await _started(zero.service, guild_on(1), 6002),
    ]
    now = time.time()
    assert zero.leases is not None and one.leases is not None
    fired = await run_scheduler_once(one, now)  # the first to tick leads
    assert await run_scheduler_once(zero, now) == []
    assert sorted(d.table.id for d in fired if d.kind == "reminder") == [t.id for t in tables]
    for channel in (6001, 6002):
        assert len(_posts(fake_discord, channel, "reminder:")) == 1
    assert await zero.leases.holder_of("scheduler") == one.leases.holder

    # `one` stops ticking (it died): its lease runs out and `zero` leads from then on.
    interval = one.scheduler_interval or 60.0
    zero.leases.clock = one.leases.clock = lambda: time.time() + LEADER_TICKS * interval + 1
    await zero.service.db.conn.execute("UPDATE pending SET reminded_at = reminded_at - ?", [DAY])
    fired = await run_scheduler_once(zero, now + 1)
    assert sorted(d.table.id for d in fired if d.kind == "reminder") == [t.id for t in tables]
    assert await run_scheduler_once(one, now + 1) == []  # back: it follows
    for channel in (6001, 6002):
        assert len(_posts(fake_discord, channel, "reminder:")) == 2


async def test_the_ai_seats_of_a_table_are_played_by_its_own_servers_process(
    fake_discord: FakeDiscord, two_processes: tuple[Bots, ManualClock]
) -> None:
    (zero, one), _ = two_processes
    table = await zero.service.create(
        game="targi",
        guild_id=guild_on(1),
        channel_id=7001,
        creator=ALICE,
        max_seats=2,
        language="en",
    )
    await zero.service.add_ai(table.id, ALICE.user_id, "easy", can_manage=False)
    await zero.service.start(table.id, ALICE.user_id, can_manage=False)
    while not await zero.service.ai_to_act():  # Alice plays until it is the AI's turn
        legal = await zero.service.legal_actions(table.id, ALICE.user_id)
        await zero.service.submit(table.id, ALICE.user_id, legal[0])
    assert await zero.service.ai_to_act()
    assert await zero.ai_player.resume() == 0
    assert await one.ai_player.resume() == 1


async def test_a_leagues_rounds_are_run_by_its_own_servers_process(
    fake_discord: FakeDiscord, two_processes: tuple[Bots, ManualClock]
) -> None:
    from bot.ui.leagues.sync import run_league_tick

    (zero, one), _ = two_processes
    league = await zero.leagues.create(
        guild_id=guild_on(1),
        channel_id=8001,
        creator=Player(999, "Mod"),
        can_manage=True,
        game="targi",
        name="Spring",
        format="round_robin",
        round_days=7,
    )
    for player in (ALICE, BOB):
        await zero.leagues.join(league.id, player)
    await zero.leagues.start(league.id, 999, can_manage=True)  # as if it crashed before posting

    def threads() -> list[str]:
        return [c["id"] for c in fake_discord.channels.values() if c.get("parent_id") == "8001"]

    await run_league_tick(zero)
    assert threads() == [] and not _posts(fake_discord, 8001)  # not its server
    await run_league_tick(one)
    [thread] = threads()  # the first round's match, opened by the league's own process
    [match] = (await one.leagues.snapshot(league.id)).matches
    assert thread == str(match.thread_id)

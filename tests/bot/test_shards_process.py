"""Two real `python -m bot` processes, shards 0 and 1 of 2, against the fake Discord (a gateway
session per shard) and one shared database: games in servers of both shards play to the end, a
`kill -9` of one process loses no acknowledged move while the other keeps playing, 50
simultaneous clicks on one board (delivered to both processes) apply one move, and every
reminder fires once, also after the process running the scheduler is killed.

Parametrised by database: SQLite (one file, WAL, shared by both processes) now; PostgreSQL once
the asyncpg backend is merged (``TEST_DATABASE_URL`` names an empty database for it).
"""

from __future__ import annotations

import asyncio
import random
import re
import sqlite3
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.games import game_names
from tests.bot.test_process import shown
from tests.fakediscord import Call, FakeDiscord
from tests.fakediscord import payloads as p
from tests.fakediscord.driver import BotProcess
from tests.postgres import PostgresDatabases

pytestmark = pytest.mark.skipif("tigris" not in game_names(), reason="T&E engine not merged yet")

JSON = dict[str, Any]
NAMES = {"111": "Alice", "222": "Bob"}
TICK = 0.5  # SCHEDULER_INTERVAL of both processes
DAY = 86400.0


def guild_on(shard: int, count: int = 2) -> str:
    """A server id Discord routes to ``shard`` of ``count``."""
    guild = 810_000_000_000_000_000
    while (guild >> 22) % count != shard:
        guild += 1 << 22
    return str(guild)


@dataclass(frozen=True)
class Club:
    """A server (on one shard) and a channel in it."""

    guild: str
    channel: str

    def envelope(self, user: str) -> JSON:
        return {
            "user_id": user,
            "guild_id": self.guild,
            "channel_data": p.channel(self.channel, guild_id=self.guild),
        }


def clubs_on(shard: int, count: int) -> list[Club]:
    guild = guild_on(shard)
    return [Club(guild, str(int(guild) + 100 + n)) for n in range(count)]


def _named(payload: JSON, user: str) -> JSON:
    person = payload["member"]["user"] if "member" in payload else payload["user"]
    person["username"] = person["global_name"] = NAMES[user]
    return payload


class SharedDatabase:
    """The database both processes use, read (and back-dated) by the test with plain SQL."""

    def __init__(self, kind: str, tmp_path: Path, url: str = "") -> None:
        self.kind = kind
        self.path = tmp_path / "var" / "bot.sqlite3"
        self.url = url

    def env(self) -> dict[str, str]:
        return (
            {"DATABASE_URL": self.url}
            if self.kind == "postgresql"
            else {"DATABASE_PATH": str(self.path)}
        )

    async def rows(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        """Run one statement (``?`` placeholders) in its own transaction; its rows."""
        if self.kind == "postgresql":
            import asyncpg

            numbered = sql
            for n in range(1, len(args) + 1):
                numbered = numbered.replace("?", f"${n}", 1)
            conn = await asyncpg.connect(self.url)
            try:
                return [tuple(r) for r in await conn.fetch(numbered, *args)]
            finally:
                await conn.close()

        def run() -> list[tuple[Any, ...]]:
            conn = sqlite3.connect(self.path, timeout=10)
            try:
                with conn:
                    return conn.execute(sql, args).fetchall()
            finally:
                conn.close()

        return await asyncio.to_thread(run)

    async def actions(self, table_id: int) -> int:
        [(count,)] = await self.rows("SELECT COUNT(*) FROM actions WHERE table_id = ?", table_id)
        return int(count)

    async def status(self, table_id: int) -> str:
        [(status,)] = await self.rows("SELECT status FROM game_tables WHERE id = ?", table_id)
        return str(status)

    async def leader(self) -> str | None:
        rows = await self.rows("SELECT holder FROM leases WHERE name = 'scheduler'")
        return str(rows[0][0]) if rows else None


@pytest_asyncio.fixture(params=["sqlite", "postgresql"])
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[SharedDatabase]:
    """One SQLite file, or one fresh database on the test session's PostgreSQL server."""
    if request.param == "sqlite":
        yield SharedDatabase("sqlite", tmp_path)
        return
    databases: PostgresDatabases = request.getfixturevalue("postgres_server")
    url = await databases.create()
    try:
        yield SharedDatabase("postgresql", tmp_path, url)
    finally:
        await databases.drop(url)


@pytest_asyncio.fixture
async def sharded_fake() -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord(shard_count=2)
    await fake.start()
    try:
        yield fake
    finally:
        await fake.stop()
    fake.assert_spec_ok()


Processes = tuple[BotProcess, BotProcess]


@pytest_asyncio.fixture
async def processes(
    sharded_fake: FakeDiscord, database: SharedDatabase, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[Processes]:
    made = []
    for shard in (0, 1):
        env = {
            **database.env(),
            "SHARD_COUNT": "2",
            "SHARD_IDS": str(shard),
            "SCHEDULER_INTERVAL": str(TICK),
            "AI_WORKERS": "1",
        }
        made.append(BotProcess(sharded_fake, env=env, cwd=tmp_path_factory.mktemp(f"shard{shard}")))
    try:
        for proc in made:
            identify = await proc.start()
            assert identify["shard"] == [made.index(proc), 2]
        yield made[0], made[1]
    finally:
        for proc in made:
            await proc.kill()


async def _interact(fake: FakeDiscord, payload: JSON, *, shard: int | None = None) -> Call:
    await fake.push_interaction(payload, shard=shard)
    return await shown(fake, payload, timeout=20)


def _posted_in(channel: str) -> Callable[[Call], bool]:
    def check(call: Call) -> bool:
        return (
            call.method == "POST"
            and call.template == "/channels/{channel_id}/messages"
            and call.parts[1] == channel
        )

    return check


def _board_versions(fake: FakeDiscord, table_id: int) -> list[int]:
    """The version of every board posted for the table (its Act button's token), in order."""
    found = []
    for call in fake.calls:
        if call.method == "POST" and call.template == "/channels/{channel_id}/messages":
            for cid in call.custom_ids():
                match = re.fullmatch(rf"board:{table_id}:(\d+):act", cid)
                if match:
                    found.append(int(match.group(1)))
    return found


async def open_game(fake: FakeDiscord, club: Club) -> tuple[int, Call]:
    """Alice opens a 2-player T&E table in the club's channel, Bob joins, Alice starts it."""
    mark = fake.mark()
    new = p.slash("game", {"game": "tigris", "seats": 2}, sub="new", **club.envelope("111"))
    await _interact(fake, _named(new, "111"))
    lobby_post = await fake.wait_for(_posted_in(club.channel), start=mark, timeout=20)
    lobby = fake.message(lobby_post.response["id"])
    found = re.search(r"table #(\d+)", lobby["content"])
    assert found is not None
    table_id = int(found.group(1))
    join = p.button(f"lobby:{table_id}:join", message_data=lobby, **club.envelope("222"))
    await _interact(fake, _named(join, "222"))
    mark = fake.mark()
    start = p.button(
        f"lobby:{table_id}:start",
        message_data=fake.message(lobby["id"]),
        **club.envelope("111"),
    )
    await _interact(fake, _named(start, "111"))
    board = await fake.wait_for(_posted_in(club.channel), start=mark, timeout=20)
    return table_id, board


async def choices(fake: FakeDiscord, club: Club, user: str, typed: str) -> list[str]:
    payload = _named(p.autocomplete("move", "action", typed, **club.envelope(user)), user)
    return [c["value"] for c in (await _interact(fake, payload)).json["data"]["choices"]]


async def to_act_with(fake: FakeDiscord, club: Club, rng: random.Random) -> tuple[str, str]:
    """A player who must act now and one of the moves the bot suggests to them."""
    for user in rng.sample(sorted(NAMES), 2):
        for typed in ("tile", ""):  # tiles first: they empty the bag and end the game
            offered = await choices(fake, club, user, typed)
            if offered:
                return user, rng.choice(offered)
    raise AssertionError(f"nobody is offered a move in {club.channel}")


async def move(fake: FakeDiscord, club: Club, rng: random.Random) -> None:
    """One acknowledged move: returns once the player was told "You played" (after the
    commit); the board may still be on its way."""
    user, action = await to_act_with(fake, club, rng)
    mark = fake.mark()
    payload = _named(p.slash("move", {"action": action}, **club.envelope(user)), user)
    await fake.push_interaction(payload)
    reply = await fake.wait_for(
        lambda c: c.interaction is not None and c.interaction["id"] == payload["id"] and c.content,
        start=mark,
        timeout=20,
    )
    assert reply.ephemeral and reply.content.startswith("You played"), reply.content


async def play_to_the_end(
    fake: FakeDiscord,
    db: SharedDatabase,
    club: Club,
    table_id: int,
    rng: random.Random,
    acknowledged: Counter[int],
    *,
    limit: int = 2000,
    stop: Callable[[], Awaitable[bool]] | None = None,
) -> None:
    for _ in range(limit):
        if await db.status(table_id) != "active":
            return
        if stop is not None and await stop():
            return
        await move(fake, club, rng)
        acknowledged[table_id] += 1
    raise AssertionError(f"table {table_id} did not end in {limit} moves")


async def test_games_on_both_shards_play_to_the_end_through_a_kill(
    sharded_fake: FakeDiscord, processes: Processes, database: SharedDatabase
) -> None:
    fake, db = sharded_fake, database
    first, second = processes
    [on_0], [on_1] = clubs_on(0, 1), clubs_on(1, 1)
    await fake.wait_for(lambda c: c.method == "PUT" and c.path.endswith("/commands"), timeout=20)
    assert len(fake.command_syncs()) == 1  # by shard 0's process only
    # Bob asks, in a direct message (shard 0's process), to be told of his turns by DM.
    notify = _named(p.slash("notify", {"dm": "on"}, user_id="222", guild_id=None), "222")
    answer = await _interact(fake, notify)
    assert answer.recipient == "222" and "DM you" in (answer.content or "")
    table_0, _ = await open_game(fake, on_0)
    table_1, _ = await open_game(fake, on_1)
    acknowledged: Counter[int] = Counter()
    rng_0, rng_1 = random.Random(3), random.Random(4)
    for _ in range(4):
        await move(fake, on_0, rng_0)
        acknowledged[table_0] += 1
        await move(fake, on_1, rng_1)
        acknowledged[table_1] += 1

    await second.kill()  # shard 1's process dies right after acknowledging a move
    assert await db.actions(table_1) == acknowledged[table_1]
    for _ in range(4):  # the other process keeps playing its server's game
        await move(fake, on_0, rng_0)
        acknowledged[table_0] += 1
    await second.start()

    await asyncio.gather(
        play_to_the_end(fake, db, on_0, table_0, rng_0, acknowledged),
        play_to_the_end(fake, db, on_1, table_1, rng_1, acknowledged),
    )
    for table_id, club in ((table_0, on_0), (table_1, on_1)):
        assert await db.status(table_id) == "finished"
        assert await db.actions(table_id) == acknowledged[table_id]  # none lost, none extra
        final = await fake.wait_for(
            lambda c, ch=club.channel: (
                _posted_in(ch)(c) and any(f.filename.endswith("-record.json") for f in c.files)
            ),
            timeout=20,
        )
        assert "final result" in (final.content or "")
        versions = _board_versions(fake, table_id)
        assert len(versions) == len(set(versions)), f"a board was posted twice: {versions}"
    # Shard 1's process read Bob's wish from the database: his turns there reached him by DM.
    dms = [
        c for c in fake.ephemeral_calls("222") if c.template == "/channels/{channel_id}/messages"
    ]
    assert any(f"table #{table_1}" in (c.content or "") for c in dms)
    assert first.running and second.running
    assert await first.stop() == 0, first.output()
    assert await second.stop() == 0, second.output()


async def test_fifty_simultaneous_clicks_on_one_board_apply_one_move(
    sharded_fake: FakeDiscord, processes: Processes, database: SharedDatabase
) -> None:
    fake, db = sharded_fake, database
    [club] = clubs_on(1, 1)
    table_id, board = await open_game(fake, club)
    [version] = [int(c.split(":")[2]) for c in board.custom_ids() if c.endswith(":act")]
    user, action = await to_act_with(fake, club, random.Random(5))
    custom_id = f"do:{table_id}:{version}:{action}"
    menu = p.button(custom_id, **club.envelope(user))["message"]  # the player's action menu
    clicks = [_named(p.button(custom_id, message_data=menu, **club.envelope(user)), user)]
    clicks += [
        _named(p.button(custom_id, message_data=menu, **club.envelope(user)), user)
        for _ in range(49)
    ]
    mark = fake.mark()
    # Discord would send them all to shard 1; half go to the other process too, so the two
    # processes race for the one move through the database.
    answers = await asyncio.gather(
        *(_interact(fake, click, shard=n % 2) for n, click in enumerate(clicks))
    )
    assert all(a.status in (200, 204) for a in answers)
    await fake.wait_for(
        lambda c: (
            any(cid.startswith(f"board:{table_id}:{version + 1}:") for cid in c.custom_ids())
            and _posted_in(club.channel)(c)
        ),
        start=mark,
        timeout=20,
    )
    await asyncio.sleep(4 * TICK)  # every reply and any stray board would be out by now
    assert await db.actions(table_id) == 1
    played = [c for c in fake.calls[mark:] if c.content and c.content.startswith("You played")]
    changed = [
        c for c in fake.calls[mark:] if c.content and c.content.startswith("The board has changed")
    ]
    assert len(played) == 1, [c.content for c in played]
    others = [
        (c.callback_type, c.content)
        for c in fake.calls[mark:]
        if c.interaction is not None
        and c not in played
        and c not in changed
        and c.callback_type != 6
    ]
    assert len(changed) == 49, others
    assert _board_versions(fake, table_id) == [version, version + 1]


def _reminders(fake: FakeDiscord, start: int = 0) -> Counter[str]:
    """Reminder posts per channel since ``start``."""
    return Counter(
        c.parts[1]
        for c in fake.calls[start:]
        if c.method == "POST"
        and c.template == "/channels/{channel_id}/messages"
        and "reminder:" in (c.content or "")
    )


async def _until(check: Callable[[], bool], timeout: float = 20.0) -> None:
    async def wait() -> None:
        while not check():
            await asyncio.sleep(0.05)

    await asyncio.wait_for(wait(), timeout)


async def test_every_reminder_fires_once_and_another_process_takes_the_scheduler_over(
    sharded_fake: FakeDiscord, processes: Processes, database: SharedDatabase
) -> None:
    fake, db = sharded_fake, database
    clubs = clubs_on(0, 2) + clubs_on(1, 2)
    for club in clubs:
        await open_game(fake, club)
    channels = {c.channel for c in clubs}
    # Every decision has waited two days: a reminder (24 hours by default) is due at once.
    await db.rows("UPDATE pending SET since = since - ?", 2 * DAY)
    await _until(lambda: set(_reminders(fake)) == channels)
    await asyncio.sleep(6 * TICK)  # six more ticks of both processes: nothing fires again
    assert _reminders(fake) == dict.fromkeys(channels, 1)

    leader_name = await db.leader()
    assert leader_name is not None
    by_pid = {str(proc.process.pid): proc for proc in processes if proc.process is not None}
    leader = by_pid[leader_name.split(":")[1]]
    [survivor] = [proc for proc in processes if proc is not leader]
    await leader.kill()
    mark = fake.mark()
    # Due again (their last reminder two days ago): the surviving process must fire them.
    await db.rows("UPDATE pending SET reminded_at = reminded_at - ?", 2 * DAY)
    await _until(lambda: set(_reminders(fake, mark)) == channels)
    new_leader = await db.leader()
    assert new_leader is not None and new_leader.split(":")[1] == str(survivor.process.pid)

    await leader.start()  # back: it follows, it does not fire the same reminders again
    await asyncio.sleep(6 * TICK)
    assert _reminders(fake, mark) == dict.fromkeys(channels, 1)
    assert _reminders(fake) == dict.fromkeys(channels, 2)

"""The fake gateway with shards: one session per shard, a server's events on its shard
``(guild_id >> 22) % shard_count``, direct messages on shard 0, ``/gateway/bot`` telling the count.
Real discord.py sharded clients connect to it in-process."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import discord
import discord.gateway
import discord.http
import yarl

from tests.fakediscord import FakeDiscord
from tests.fakediscord import payloads as p

JSON = dict[str, Any]


def guild_on(shard: int, count: int, start: int = 800_000_000_000_000_000) -> str:
    """A server id Discord would route to ``shard`` of ``count``."""
    guild = start
    while (guild >> 22) % count != shard:
        guild += 1 << 22
    return str(guild)


class Recorder(discord.AutoShardedClient):
    """A sharded client that notes which interactions reached it, and on which shard."""

    def __init__(self, shard_ids: list[int], shard_count: int) -> None:
        super().__init__(
            intents=discord.Intents(guilds=True), shard_ids=shard_ids, shard_count=shard_count
        )
        self.seen: list[tuple[str, int | None]] = []

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        self.seen.append((str(interaction.id), interaction.guild_id))


@asynccontextmanager
async def connected(fake: FakeDiscord, *clients: discord.Client) -> AsyncIterator[None]:
    previous = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = fake.base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
    tasks = [asyncio.create_task(c.start("fake-token")) for c in clients]
    try:
        yield
    finally:
        for client in clients:
            await client.close()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = previous


async def _until(check: Any, timeout: float = 5.0) -> None:
    async def wait() -> None:
        while not check():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(wait(), timeout)


async def test_each_shard_gets_its_own_servers_and_shard_0_the_direct_messages() -> None:
    async with FakeDiscord(shard_count=2) as fake:
        zero, one = Recorder([0], 2), Recorder([1], 2)
        async with connected(fake, zero, one):
            await fake.wait_for_identify(shard=0)
            await fake.wait_for_identify(shard=1)
            assert sorted(i["shard"] for i in fake.identifies) == [[0, 2], [1, 2]]
            first, second = guild_on(0, 2), guild_on(1, 2)
            assert fake.shard_of(first) == 0 and fake.shard_of(second) == 1
            on_0 = await fake.push_interaction(p.slash("game", guild_id=first))
            on_1 = await fake.push_interaction(p.slash("game", guild_id=second))
            direct = await fake.push_interaction(p.slash("notify", guild_id=None))
            await _until(lambda: len(zero.seen) + len(one.seen) == 3)
            assert zero.seen == [(on_0["id"], int(first)), (direct["id"], None)]
            assert one.seen == [(on_1["id"], int(second))]
            # A test may deliver a click to the other process on purpose.
            stray = await fake.push_interaction(p.slash("game", guild_id=first), shard=1)
            await _until(lambda: len(one.seen) == 2)
            assert one.seen[-1][0] == stray["id"]
        gateway_bot = [c for c in fake.calls if c.path == "/gateway/bot"]
        assert all(c.response["shards"] == 2 for c in gateway_bot)
        fake.assert_spec_ok()


async def test_a_client_without_sharding_asks_the_fake_how_many_shards_to_run() -> None:
    async with FakeDiscord(shard_count=2) as fake:
        client = discord.AutoShardedClient(intents=discord.Intents(guilds=True))
        async with connected(fake, client):
            await fake.wait_for_identify(shard=0)
            await fake.wait_for_identify(shard=1, timeout=15)
            assert client.shard_count == 2
        assert not fake.gateway_problems


async def test_an_identify_with_the_wrong_shard_count_is_refused() -> None:
    async with FakeDiscord(shard_count=2) as fake:
        client = discord.AutoShardedClient(
            intents=discord.Intents(guilds=True), shard_ids=[0], shard_count=3
        )
        async with connected(fake, client):
            await _until(lambda: bool(fake.gateway_problems))
        assert "[0, 3]" in fake.gateway_problems[0]
        fake.gateway_problems.clear()

"""The bot under test: real service on a temporary SQLite file, Discord faked at its boundary."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio

from bot.client import BoardBot
from bot.service import Service
from tests.bot.helpers import Harness
from tests.fakediscord import FakeDiscord


@pytest_asyncio.fixture
async def harness(
    fake_discord: FakeDiscord, login_bot: object, tmp_path: Path
) -> AsyncIterator[Harness]:
    # Seeded tables: every test plays the same games on every run. The seeds are long numbers,
    # like real ones, so "the seed never appears in public" is a meaningful check.
    seeds = random.Random(7)
    service = await Service.open(
        tmp_path / "bot.sqlite3", seed_source=lambda: seeds.getrandbits(62)
    )
    bot = BoardBot(service, sync="never")
    inproc = await login_bot(bot)  # type: ignore[operator]
    h = Harness(inproc, fake_discord, service)
    try:
        yield h
        await h.settle()
    finally:
        await service.close()

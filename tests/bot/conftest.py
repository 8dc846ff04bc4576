"""The bot under test: real service on a temporary SQLite file, Discord faked at its boundary."""

from __future__ import annotations

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
    service = await Service.open(tmp_path / "bot.sqlite3")
    bot = BoardBot(service, sync="never")
    inproc = await login_bot(bot)  # type: ignore[operator]
    h = Harness(inproc, fake_discord, service)
    try:
        yield h
        await h.settle()
    finally:
        await service.close()

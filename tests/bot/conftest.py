"""The bot under test: real service on a temporary SQLite file, Discord faked at its boundary."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest_asyncio

from tests.bot.helpers import Harness, running_bot
from tests.fakediscord import FakeDiscord


@pytest_asyncio.fixture
async def harness(
    fake_discord: FakeDiscord, login_bot: Any, tmp_path: Path
) -> AsyncIterator[Harness]:
    # Seeded tables: every test plays the same games on every run.
    async with running_bot(fake_discord, login_bot, tmp_path / "bot.sqlite3", seed=7) as h:
        yield h

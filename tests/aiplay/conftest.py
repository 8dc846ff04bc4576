"""Fixtures for AI seats: the service fixtures, one real worker pool per module (spawning
worker processes costs about a second; the pool holds no state between decisions), and the bot
with AI seats against the fake Discord."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.ai.worker import AiPool
from tests.bot.helpers import Harness, running_bot
from tests.fakediscord import FakeDiscord
from tests.service.conftest import clock, service  # noqa: F401  (fixtures)


@pytest.fixture
def database(tmp_path: Path) -> Path:
    """AI seats do not depend on the database: their tests run on SQLite only."""
    return tmp_path / "data" / "bot.sqlite3"


#: A small `strong` budget keeps tests quick.
ITERATIONS = 8


@pytest.fixture(scope="module")
def pool() -> Iterator[AiPool]:
    made = AiPool(1, iterations=ITERATIONS)  # a small `strong` budget keeps tests quick
    yield made
    made.shutdown()


@pytest_asyncio.fixture
async def harness(
    fake_discord: FakeDiscord, login_bot: object, tmp_path: Path
) -> AsyncIterator[Harness]:
    async with running_bot(
        fake_discord,
        login_bot,  # type: ignore[arg-type]
        tmp_path / "bot.sqlite3",
        seed=11,
        scheduler_interval=None,
        ai_workers=1,
        ai_iterations=ITERATIONS,
    ) as h:
        yield h

"""League fixtures: a real service on a real database (SQLite and PostgreSQL), a manual clock,
a thread maker that stands in for Discord (it only hands out thread ids and counts the calls)."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.leagues import League, LeagueService, Match
from bot.service import Player, Service
from bot.storage import Location
from tests.bot.helpers import Harness, running_bot
from tests.fakediscord import FakeDiscord
from tests.fakediscord import payloads as p
from tests.service.conftest import ManualClock, open_service

GUILD = 9100
CHANNEL = 7100
MANAGER = Player(1, "Manager")
GUILD_ID = int(p.GUILD_ID)  # the fake Discord's server


class Threads:
    """Discord's part of opening a match: a new thread id per call, every call remembered."""

    def __init__(self) -> None:
        self.ids = itertools.count(500_000)
        self.calls: list[tuple[int, int]] = []  # (league id, match id)
        self.fail_after_create = False

    async def __call__(self, league: League, match: Match, players: tuple[Player, ...]) -> int:
        thread_id = next(self.ids)
        self.calls.append((league.id, match.id))
        if self.fail_after_create:  # the thread exists, the bot dies before recording it
            self.fail_after_create = False
            raise RuntimeError("crash after creating the thread")
        return thread_id


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(1_800_000_000.0)


@pytest.fixture
async def service(database: Location, clock: ManualClock) -> AsyncIterator[Service]:
    svc = await open_service(database, clock)
    yield svc
    await svc.close()


@pytest.fixture
def leagues(service: Service) -> LeagueService:
    return LeagueService(service)


@pytest.fixture
def threads() -> Threads:
    return Threads()


def people(count: int, start: int = 10) -> list[Player]:
    return [Player(start + i, f"P{start + i}") for i in range(count)]


@pytest_asyncio.fixture
async def league_bot(
    fake_discord: FakeDiscord, login_bot: Any, tmp_path: Path
) -> AsyncIterator[tuple[Harness, ManualClock]]:
    clock = ManualClock(1_800_000_000.0)
    path = tmp_path / "bot.sqlite3"
    async with running_bot(
        fake_discord, login_bot, path, seed=3, clock=clock, scheduler_interval=None
    ) as h:
        yield h, clock

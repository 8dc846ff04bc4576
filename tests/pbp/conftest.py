"""Fixtures for the play-by-post tests: the service fixtures plus the play-by-post layer."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.pbp.scheduler import Scheduler
from bot.pbp.usecases import PlayByPost
from bot.service import Service
from tests.service.conftest import clock, service  # noqa: F401  (fixtures)


@pytest.fixture
async def pbp(service: Service) -> AsyncIterator[PlayByPost]:  # noqa: F811
    yield PlayByPost(service)


@pytest.fixture
def scheduler(pbp: PlayByPost) -> Scheduler:
    return Scheduler(pbp)

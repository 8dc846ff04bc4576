"""Fixtures for AI seats: the service fixtures plus one real worker pool per module (spawning
worker processes costs about a second; the pool holds no state between decisions)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.ai.worker import AiPool
from tests.service.conftest import clock, db_path, service  # noqa: F401  (fixtures)


@pytest.fixture(scope="module")
def pool() -> Iterator[AiPool]:
    made = AiPool(1, iterations=8)  # a small `strong` budget keeps tests quick
    yield made
    made.shutdown()

"""Shared pytest configuration."""

from collections.abc import Iterator

import pytest

from bot import i18n

pytest_plugins = ["tests.fakediscord.fixtures", "tests.postgres"]


@pytest.fixture(autouse=True)
def _no_command_ids_from_an_earlier_test() -> Iterator[None]:
    """Command mentions read the ids of the last sync (process-wide): each test starts without."""
    i18n.COMMAND_IDS.clear()
    yield
    i18n.COMMAND_IDS.clear()

"""Shared pytest configuration.

The generic tests every game passes (contract, fuzzing, registry, benchmarks) take the fixture
``game_title`` (a :class:`bot.titles.Title`) or ``game_case`` (its name and a seat count): they
run once per installed title, or, in a module that has its own ``TITLE`` (a game's own test
folder importing the generic tests, as ``tests/plugin_game/test_generic.py`` does), on that title
alone, registered for the test and removed after it. ``harness`` is the bot under test, Discord
faked at its boundary, for any folder's end-to-end tests.
"""

from __future__ import annotations

import importlib
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import pytest
import pytest_asyncio

from bot import i18n, titles

if TYPE_CHECKING:
    from tests.bot.helpers import Harness
    from tests.fakediscord import FakeDiscord

pytest_plugins = ["tests.fakediscord.fixtures", "tests.postgres"]


@pytest.fixture(autouse=True)
def _no_command_ids_from_an_earlier_test() -> Iterator[None]:
    """Command mentions read the ids of the last sync (process-wide): each test starts without."""
    i18n.COMMAND_IDS.clear()
    yield
    i18n.COMMAND_IDS.clear()


def titles_under_test(module: ModuleType | None) -> list[titles.Title]:
    """The module's own ``TITLE`` if it has one, else every installed title."""
    own = getattr(module, "TITLE", None)
    return [own] if isinstance(own, titles.Title) else list(titles.titles())


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if not {"game_title", "game_case"} & set(metafunc.fixturenames):
        return
    entries = titles_under_test(metafunc.module)
    if "game_title" in metafunc.fixturenames:
        ids = [entry.name for entry in entries]
        metafunc.parametrize("game_title", entries, indirect=True, ids=ids)
    if "game_case" in metafunc.fixturenames:
        cases = [
            (entry, seats)
            for entry in entries
            for seats in importlib.import_module(entry.engine).SEAT_COUNTS
        ]
        ids = [f"{entry.name}-{seats}" for entry, seats in cases]
        metafunc.parametrize("game_case", cases, indirect=True, ids=ids)


@contextmanager
def registered(entry: titles.Title) -> Iterator[titles.Title]:
    """``entry`` as a title of the bot for the block (left alone if it already is one)."""
    added = titles.title(entry.name) is None
    if added:
        titles.register(entry)
    try:
        yield entry
    finally:
        if added:
            titles.unregister(entry.name)


@pytest.fixture
def game_title(request: pytest.FixtureRequest) -> Iterator[titles.Title]:
    """The title a generic test runs on (see the module's docstring)."""
    with registered(request.param) as entry:
        yield entry


@pytest.fixture
def game_case(request: pytest.FixtureRequest) -> Iterator[tuple[str, int]]:
    """A title's name and one of its seat counts (see the module's docstring)."""
    entry, seats = request.param
    with registered(entry):
        yield entry.name, seats


@pytest_asyncio.fixture
async def harness(
    fake_discord: FakeDiscord, login_bot: Any, tmp_path: Path
) -> AsyncIterator[Harness]:
    """The bot under test: real service on a temporary SQLite file, Discord faked at its
    boundary; seeded tables, so every test plays the same games on every run."""
    from tests.bot.helpers import running_bot

    async with running_bot(fake_discord, login_bot, tmp_path / "bot.sqlite3", seed=7) as h:
        yield h

"""pytest fixtures for FakeDiscord (registered in ``tests/conftest.py`` via ``pytest_plugins``).

- ``fake_discord``: a started :class:`FakeDiscord`; at teardown the test errors if any request
  was one Discord's API would reject (OpenAPI check). Tests that send bad bodies on purpose call
  ``fake_discord.take_spec_problems()``.
- ``login_bot``: ``inproc = await login_bot(bot)`` logs a ``discord.Client``/``commands.Bot`` in
  against the fake and returns an :class:`InProcess` driver; the bot is closed and
  ``Route.BASE`` restored at teardown.
- ``bot_process``: ``proc = bot_process(env={...}, cwd=tmp_path)`` makes a :class:`BotProcess`
  (``python -m bot`` by default); every process is killed at teardown.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import AsyncExitStack
from typing import Any

import discord
import pytest
import pytest_asyncio

from .driver import FAKE_TOKEN, BotProcess, InProcess, logged_in
from .server import FakeDiscord


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord()
    await fake.start()
    try:
        yield fake
    finally:
        await fake.stop()
    fake.assert_spec_ok()


LoginBot = Callable[..., Coroutine[Any, Any, InProcess]]


@pytest_asyncio.fixture
async def login_bot(fake_discord: FakeDiscord) -> AsyncIterator[LoginBot]:
    async with AsyncExitStack() as stack:

        async def login(bot: discord.Client, token: str = FAKE_TOKEN) -> InProcess:
            return await stack.enter_async_context(logged_in(fake_discord, bot, token))

        yield login


@pytest_asyncio.fixture
async def bot_process(
    fake_discord: FakeDiscord, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[Callable[..., BotProcess]]:
    made: list[BotProcess] = []

    def make(*args: Any, **kwargs: Any) -> BotProcess:
        if "cwd" not in kwargs:  # never the repository: its .env may hold real settings
            kwargs["cwd"] = tmp_path_factory.mktemp("bot-process")
        proc = BotProcess(fake_discord, *args, **kwargs)
        made.append(proc)
        return proc

    try:
        yield make
    finally:
        for proc in made:
            await proc.kill()

"""`python -m bot`'s logging: the bot's own DEBUG lines, never discord.py's payload dumps."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from bot.__main__ import setup_logging


@pytest.fixture
def restore_logging() -> Iterator[None]:
    root, dpy = logging.getLogger(), logging.getLogger("discord")
    saved = (root.level, list(root.handlers), dpy.level)
    yield
    root.setLevel(saved[0])
    root.handlers[:] = saved[1]
    dpy.setLevel(saved[2])


def test_debug_logging_keeps_discord_payloads_out(restore_logging: None) -> None:
    setup_logging("DEBUG")
    assert logging.getLogger("bot.ui.publish").isEnabledFor(logging.DEBUG)
    # discord.http logs request bodies and discord.gateway event payloads at DEBUG: a player's
    # typed move or private reply would end up in the log.
    for name in ("discord.http", "discord.gateway", "discord.webhook.async_"):
        assert not logging.getLogger(name).isEnabledFor(logging.DEBUG), name
        assert logging.getLogger(name).isEnabledFor(logging.INFO), name


def test_warning_level_applies_to_discord_too(restore_logging: None) -> None:
    setup_logging("WARNING")
    assert not logging.getLogger("discord.client").isEnabledFor(logging.INFO)
    assert not logging.getLogger("bot").isEnabledFor(logging.INFO)

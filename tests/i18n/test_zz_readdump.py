"""TEMPORARY (not committed): dump a whole scripted game per title and language for reading."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from bot.games import game_names
from tests.bot.helpers import Harness
from tests.fakediscord import FakeDiscord
from tests.i18n.localized import localize, shown_texts
from tests.i18n.test_full_games import _calls_shown, play_with_extras, timed_harness  # noqa: F401
from tests.service.conftest import ManualClock

OUT = Path("/tmp/lang/read")


@pytest.mark.parametrize("lang", ["ko", "tr"])
@pytest.mark.parametrize("game", ["tigris", "targi"])
async def test_dump(
    timed_harness: tuple[Harness, ManualClock], fake_discord: FakeDiscord, game: str, lang: str
) -> None:
    h, clock = timed_harness
    localize(h, lang, guild_locale=lang)
    await h.bot.sync_commands(force=True)
    await play_with_extras(h, clock, game, set())
    OUT.mkdir(parents=True, exist_ok=True)
    lines = []
    n = 0
    for call in _calls_shown(fake_discord):
        texts = shown_texts(call)
        if texts:
            lines.append(f"--- [{call.audience}] " + " | ".join(t.replace("\n", " ⏎ ") for t in texts))
        for f in getattr(call, "files", []):
            if f.filename.endswith(".png") and n < 400:
                n += 1
                (OUT / f"{game}-{lang}-{n:03d}-{f.filename}").write_bytes(f.data)
    (OUT / f"{game}-{lang}.txt").write_text("\n".join(lines), encoding="utf-8")

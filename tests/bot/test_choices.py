"""Choice-typed options: Discord clients can send any string, so a value outside the declared
choices gets a sentence naming the choices there are, never the generic apology; out-of-range
numbers get the command's own sentence. Nothing changes."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games import game_names
from tests.bot.helpers import ALICE, BOB, Harness, open_table
from tests.fakediscord import payloads as p

pytestmark = pytest.mark.skipif("tigris" not in game_names(), reason="T&E engine not merged yet")


async def _refused(h: Harness, name: str, options: dict[str, Any], sub: str | None) -> str:
    mark = h.fake.mark()
    before = await h.service.in_channel(int(p.CHANNEL_ID))
    call = await h.slash(ALICE, name, options, sub=sub)
    assert call.ephemeral and call.recipient == ALICE.id, call
    assert "error id" not in call.content and "went wrong" not in call.content, call.content
    assert h.public_posts(mark) == [], "nothing may be posted in the channel"
    after = await h.service.in_channel(int(p.CHANNEL_ID))
    assert (before and (before.id, before.seq, before.status)) == (
        after and (after.id, after.seq, after.status)
    )
    return call.content


async def test_an_unknown_game_is_named_with_the_games_there_are(harness: Harness) -> None:
    text = await _refused(harness, "game", {"game": "chess", "seats": 2}, "new")
    assert text.lower().startswith("unknown game"), text
    assert "chess" in text and "Tigris & Euphrates" in text and "Targi" in text, text
    # The channel is still free.
    assert await harness.service.in_channel(int(p.CHANNEL_ID)) is None


@pytest.mark.parametrize(
    ("name", "sub", "options", "words"),
    [
        ("game", "new", {"game": "tigris", "order": "sideways"}, ["unknown order", "random"]),
        ("rules", None, {"game": "go"}, ["unknown game", "Targi"]),
        ("notify", None, {"dm": "sometimes"}, ["unknown dm", "on", "off"]),
        ("game", "new", {"game": "tigris", "seats": 9}, ["played with 2, 3, 4 players"]),
        ("game", "new", {"game": "targi", "seats": -1}, ["played with 2 players"]),
    ],
)
async def test_choices_outside_the_list_get_a_sentence(
    harness: Harness, name: str, sub: str | None, options: dict[str, Any], words: list[str]
) -> None:
    text = await _refused(harness, name, options, sub)
    for word in words:
        assert word.lower() in text.lower(), text


@pytest.mark.parametrize(
    ("name", "sub", "options", "words"),
    [
        ("game", "timing", {"consequence": "explode"}, ["unknown consequence", "skip", "forfeit"]),
        ("game", "watch", {"on": "maybe"}, ["unknown on", "on", "off"]),
        ("tigris", "tile", {"colour": "purple", "square": "F4"}, ["unknown colour", "red"]),
        ("game", "timing", {"reminder_hours": -3}, ["reminder interval"]),
        ("game", "timing", {"timer_hours": 100000}, ["turn timer"]),
        ("game", "log", {"page": 0}, ["pages are numbered from 1"]),
        ("away", None, {"days": 0}, ["day"]),
    ],
)
async def test_choices_and_ranges_at_a_running_table(
    harness: Harness, name: str, sub: str | None, options: dict[str, Any], words: list[str]
) -> None:
    table = await open_table(harness, "tigris", [ALICE, BOB])
    before = await harness.bot.pbp.options(table.id)
    text = await _refused(harness, name, options, sub)
    for word in words:
        assert word.lower() in text.lower(), text
    assert await harness.bot.pbp.options(table.id) == before

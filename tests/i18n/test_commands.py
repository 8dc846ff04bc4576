"""Slash commands in Korean and Turkish: every name, description, option and choice translated
within Discord's rules, the sync following a changed translation, the server's and the table's
language, and the game cogs' replies in the reader's language."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
import pytest_asyncio

from bot.client import BoardBot
from bot.i18n import PSEUDO, catalog
from bot.service import Service
from bot.ui import translator
from bot.ui.translator import CatalogTranslator, command_tree
from tests.bot.helpers import ALICE, BOB, MODERATOR, Harness, open_table, running_bot
from tests.fakediscord import FakeDiscord
from tests.fakediscord import payloads as p
from tests.i18n.localized import (
    TURKISH_LETTERS,
    english_words,
    hangul_share,
    slash_in,
)

JSON = dict[str, Any]
LANGS = ("ko", "tr")


@pytest_asyncio.fixture
async def harness(
    fake_discord: FakeDiscord, login_bot: Any, tmp_path: Path
) -> AsyncIterator[Harness]:
    async with running_bot(fake_discord, login_bot, tmp_path / "bot.sqlite3", seed=7) as h:
        yield h


async def _translated_payload() -> list[JSON]:
    tree = command_tree()
    return [await c.get_translated_payload(tree, CatalogTranslator()) for c in tree.get_commands()]


def _siblings(commands: list[JSON]) -> Iterator[list[JSON]]:
    """Each list of names that must differ: the top-level commands, each command's options."""
    yield commands
    for command in commands:
        options = command.get("options") or []
        if options:
            yield from _siblings(options)


def _valid_name(name: str) -> bool:
    """Discord's name rule: 1-32 characters, letters/digits (any script), ``-`` or ``_``, and
    no upper case (``İ`` lowered is two characters: it fails too)."""
    return (
        1 <= len(name) <= 32
        and all(c.isalnum() or c in "-_" for c in name)
        and name == name.lower()
    )


async def test_every_command_text_has_a_korean_and_turkish_translation_discord_accepts() -> None:
    problems: list[str] = []
    for group in _siblings(await _translated_payload()):
        for lang in LANGS:
            names = [item.get("name_localizations", {}).get(lang) for item in group]
            if len(set(names)) != len(names):
                problems.append(f"{lang}: two names alike among {names}")
        for item in group:
            for lang in LANGS:
                name = item.get("name_localizations", {}).get(lang)
                if name is None or not _valid_name(name):
                    problems.append(f"{lang} name of {item['name']!r}: {name!r}")
                if "description" in item:
                    described = item.get("description_localizations", {}).get(lang)
                    if not described or len(described) > 100:
                        problems.append(f"{lang} description of {item['name']!r}: {described!r}")
                for choice in item.get("choices") or []:
                    shown = choice.get("name_localizations", {}).get(lang)
                    if not shown or len(shown) > 100:
                        problems.append(f"{lang} choice {choice['name']!r}: {shown!r}")
    assert problems == []


async def test_korean_command_names_are_korean_words_and_turkish_ones_turkish() -> None:
    payload = await _translated_payload()
    korean = {c["name"]: c["name_localizations"]["ko"] for c in payload}
    turkish = {c["name"]: c["name_localizations"]["tr"] for c in payload}
    assert korean["game"] == "게임" and korean["rules"] == "규칙" and korean["settings"] == "설정"
    assert turkish["game"] == "oyun" and turkish["rules"] == "kurallar"
    assert all(hangul_share(name) == 1.0 for name in korean.values()), korean
    assert turkish["history"] == "geçmiş" and turkish["leaderboard"] == "sıralama"  # dotless ı
    game = next(c for c in payload if c["name"] == "game")
    new = next(o for o in game["options"] if o["name"] == "new")
    assert new["name_localizations"] == {"ko": "만들기", "tr": "yeni"}
    chosen = next(o for o in new["options"] if o["name"] == "game")
    assert [c["name_localizations"]["ko"] for c in chosen["choices"]] == [
        "티그리스와 유프라테스",
        "타르기",
    ]
    assert [c["value"] for c in chosen["choices"]] == ["tigris", "targi"], "values are notation"


async def test_a_name_and_a_sentence_with_one_english_text_are_translated_apart() -> None:
    """ "game" the command, "game" the option and "on" the choice have their own contexts."""
    korean = CatalogTranslator()
    ask = discord.app_commands.locale_str
    where = discord.app_commands.TranslationContextLocation

    async def say(text: str, location: Any, locale: discord.Locale) -> str | None:
        context = discord.app_commands.TranslationContext(location=location, data=None)
        return await korean.translate(ask(text), locale, context)

    assert await say("game", where.command_name, discord.Locale.korean) == "게임"
    assert await say("on", where.parameter_name, discord.Locale.turkish) == "açık"
    assert await say("on", where.choice_name, discord.Locale.korean) == "켜기"
    assert await say("game", where.command_name, discord.Locale.german) is None
    assert await say("game", where.command_name, discord.Locale.american_english) is None


def test_the_collector_finds_every_text_the_translator_is_asked_about() -> None:
    texts = set(translator.command_texts())
    assert ("game", "command name") in texts and ("game", "option name") in texts
    assert ("Tigris & Euphrates", "choice") in texts
    assert ("Open a lobby for a new game in this channel", "description") in texts
    assert ("language", "option name") in texts and ("settings", "command name") in texts


async def test_a_changed_translation_changes_the_digest_and_is_synced(
    fake_discord: FakeDiscord, login_bot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = tmp_path / "commands.sha256"
    service = await Service.open(tmp_path / "bot.sqlite3")

    def bot() -> BoardBot:
        return BoardBot(service, command_state=state, dev_guild_id=int(p.GUILD_ID))

    try:
        first = bot()
        await login_bot(first)
        (synced,) = fake_discord.command_syncs()
        game = next(c for c in synced.json if c["name"] == "game")
        assert game["name_localizations"] == {"ko": "게임", "tr": "oyun"}
        assert synced.spec_problems == []
        digest = await first.command_digest()
        await first.close()

        second = bot()
        await login_bot(second)
        assert len(fake_discord.command_syncs()) == 1, "same translations: no sync"

        real = catalog.gettext

        def retranslated(lang: str, msgid: str, context: str | None = None) -> str:
            if (lang, msgid, context) == ("ko", "Play board games here", "description"):
                return "여기서 보드게임을 해요!"
            return real(lang, msgid, context)

        monkeypatch.setattr(catalog, "gettext", retranslated)
        third = bot()
        await login_bot(third)
        assert await third.command_digest() != digest
        assert len(fake_discord.command_syncs()) == 2, "a changed translation is synced"
        resent = next(c for c in fake_discord.command_syncs()[1].json if c["name"] == "game")
        assert resent["description_localizations"]["ko"] == "여기서 보드게임을 해요!"
    finally:
        await service.close()


# -- the server's language and the table's ---------------------------------------------------


async def test_a_manager_sets_the_server_language_and_new_tables_follow_it(
    harness: Harness,
) -> None:
    h = harness
    guild = int(p.GUILD_ID)
    set_ = await slash_in(h, MODERATOR, "tr", "settings", {"language": "ko"})
    assert set_.ephemeral and "Sunucu dili: 한국어" in (set_.content or "")
    assert await h.service.guild_language(guild) == "ko"

    opened = await slash_in(h, ALICE, "en-US", "game", {"game": "targi"}, sub="new")
    assert opened.content == "Opened Targi table #1."  # the reader's language: English
    assert (await h.table()).language == "ko"

    shown = await slash_in(h, BOB, "ko", "settings")
    assert shown.content is not None and "서버 언어: 한국어" in shown.content


async def test_a_player_cannot_change_the_server_settings(harness: Harness) -> None:
    h = harness
    refused = await slash_in(h, ALICE, "en-US", "settings", {"language": "tr"})
    assert refused.ephemeral
    assert refused.content == "Only a server manager can change the server's settings."
    assert await h.service.guild_language(int(p.GUILD_ID)) is None


async def test_without_a_setting_a_table_speaks_the_servers_discord_language(
    harness: Harness,
) -> None:
    h = harness
    await slash_in(h, MODERATOR, "en-US", "settings", {"language": "en"})
    cleared = await slash_in(
        h, MODERATOR, "ko", "settings", {"language": "default"}, guild_locale="tr"
    )
    assert cleared.content is not None and "Türkçe" in cleared.content
    assert hangul_share(cleared.content) > 0.5
    assert await h.service.guild_language(int(p.GUILD_ID)) is None
    await slash_in(h, ALICE, "en-US", "game", {"game": "targi"}, sub="new", guild_locale="tr")
    assert (await h.table()).language == "tr"


async def test_the_creator_may_choose_the_tables_language(harness: Harness) -> None:
    h = harness
    await slash_in(h, MODERATOR, "en-US", "settings", {"language": "tr"})
    opened = await slash_in(
        h, ALICE, "ko", "game", {"game": "targi", "language": "ko"}, sub="new", guild_locale="tr"
    )
    assert opened.ephemeral and hangul_share(opened.content or "") > 0.5, opened.content
    assert (await h.table()).language == "ko"


async def test_a_language_outside_the_choices_is_refused_and_opens_nothing(
    harness: Harness,
) -> None:
    h = harness
    refused = await slash_in(
        h, ALICE, "en-US", "game", {"game": "targi", "language": "de"}, sub="new"
    )
    assert refused.ephemeral and "language" in (refused.content or "")
    assert await h.service.in_channel(int(p.CHANNEL_ID)) is None


# -- replies in the reader's language ----------------------------------------------------------


async def test_a_korean_and_a_turkish_reader_get_their_language(harness: Harness) -> None:
    h = harness
    korean = await slash_in(h, ALICE, "ko", "notify", {"dm": "on"})
    assert korean.ephemeral and korean.content is not None
    assert hangul_share(korean.content) > 0.8, korean.content
    turkish = await slash_in(h, BOB, "tr", "away", {"days": 3})
    assert turkish.ephemeral and turkish.content is not None
    assert "uzaktasın" in turkish.content and re.search(r"\b\d+ gün\b", turkish.content)
    assert TURKISH_LETTERS & set(turkish.content)
    english = await slash_in(h, BOB, "en-US", "back")
    assert english.content is not None and english.content.startswith("Welcome back")


async def test_an_unknown_option_is_shown_as_typed_and_the_options_as_the_lobby_names_them(
    harness: Harness,
) -> None:
    h = harness
    options = {"game": "tigris", "options": "foo=1"}
    korean = await slash_in(h, ALICE, "ko", "game", options, sub="new")
    assert korean.content is not None and korean.content.startswith(
        "알 수 없는 옵션이에요: `foo`. 이 게임의 옵션: "
    )
    assert "공개 점수(open_scoring), 레이팅 반영(rated)." in korean.content
    turkish = await slash_in(h, BOB, "tr", "game", options, sub="new")
    assert turkish.content is not None and turkish.content.startswith(
        "Bilinmeyen seçenek: `foo`. Bu oyunun seçenekleri: "
    )
    assert "açık puan (open_scoring)" in turkish.content and "'" not in turkish.content


async def test_the_commands_a_korean_or_turkish_text_names_are_its_own_not_mentions(
    harness: Harness,
) -> None:
    """Discord shows a mention under the English name: ko/tr replies name `/복귀`, `/döndüm`."""
    h = harness
    await h.bot.sync_commands(force=True)  # ids known: an English reply mentions the command
    english = await slash_in(h, ALICE, "en-US", "away", {"days": 2})
    assert english.content is not None and re.search(r"</back:\d+> ends it early", english.content)
    korean = await slash_in(h, ALICE, "ko", "away", {"days": 2})
    assert korean.content is not None and "`/" in korean.content and "</" not in korean.content
    turkish = await slash_in(h, BOB, "tr", "away", {"days": 2})
    assert turkish.content is not None and "</" not in turkish.content
    assert "` ile erken bitirebilirsin." in turkish.content


async def test_every_cog_reply_goes_through_the_catalogue(harness: Harness) -> None:
    """In the pseudo-locale, no English word of these replies is outside ``⟦…⟧``."""
    h = harness
    steps: list[tuple[Any, str, dict[str, Any] | None, str | None]] = [
        (ALICE, "notify", {"dm": "on"}, None),
        (ALICE, "notify", {"dm": "off"}, None),
        (ALICE, "away", {"days": 2}, None),
        (ALICE, "back", None, None),
        (MODERATOR, "settings", None, None),
        (MODERATOR, "settings", {"language": "ko"}, None),
        (MODERATOR, "settings", {"language": "default"}, None),
        (ALICE, "game", {"game": "targi"}, "new"),
        (ALICE, "game", {"game": "targi"}, "new"),  # the channel is busy
        (ALICE, "game", None, "status"),
        (ALICE, "game", {"timer_hours": 2}, "timing"),
        (ALICE, "game", None, "timing"),
        (BOB, "game", None, "watch"),
        (BOB, "game", {"on": "off"}, "watch"),
        (ALICE, "game", {"mine": True}, "list"),
        (ALICE, "game", None, "abort"),
    ]
    leftovers: list[str] = []
    for who, name, options, sub in steps:
        call = await slash_in(h, who, PSEUDO, name, options, sub=sub)
        assert call.ephemeral and call.content, (name, sub, call)
        words = english_words(call.content, allowed=["Targi", who.name])
        if words:
            leftovers.append(f"/{name} {sub or ''}: {words} in {call.content!r}")
    assert leftovers == []


async def test_the_replies_at_a_running_game_go_through_the_catalogue(harness: Harness) -> None:
    h = harness
    table = await open_table(h, "targi", [ALICE, BOB])
    leftovers: list[str] = []

    def check(call: Any, *names: str) -> None:
        assert call.ephemeral and call.content, call
        words = english_words(call.content, allowed=["Targi", *names])
        if words:
            leftovers.append(f"{words} in {call.content!r}")

    check(await slash_in(h, ALICE, PSEUDO, "game", None, sub="log"))
    check(await slash_in(h, BOB, PSEUDO, "game", None, sub="resign"))
    check(await slash_in(h, ALICE, PSEUDO, "game", None, sub="abort"))
    seat = (await h.service.public_view(table.id))["to_act"][0]
    mover = ALICE if table.players[seat].user_id == ALICE.uid else BOB
    action = (await h.service.legal_actions(table.id, mover.uid))[0]
    played = await slash_in(h, mover, PSEUDO, "move", {"action": action})
    check(played)
    assert action in (played.content or "")
    logged = await slash_in(h, ALICE, "ko", "game", None, sub="log")
    assert logged.content is not None and "게임 테이블 #1" in logged.content
    assert leftovers == []

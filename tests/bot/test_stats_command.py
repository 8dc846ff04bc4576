"""`/stats user:` through the fake Discord, in English, Korean and Turkish: a player's totals
and averages per game title on this server, an image and a text; the AI seats' games counted and
marked; a clear line for a player without games."""

from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path
from typing import Any

from bot import i18n
from bot.service import Player, Service
from bot.stats import Statistics
from tests.bot.helpers import ALICE, BOB, CAROL, Harness, running_bot
from tests.bot.test_ratings_commands import slash_with_user
from tests.fakediscord import payloads as p
from tests.fakediscord.server import FakeDiscord
from tests.service.conftest import play
from tests.targi.test_statistics import counted_from_log

GUILD = int(p.GUILD_ID)
ANN = Player(ALICE.uid, ALICE.name)
BEA = Player(BOB.uid, BOB.name)


async def finished_targi(service: Service, channel: int, seed: int, *, ai: bool = False) -> int:
    """A Targi game of Ann against Bob (or an AI seat) played to its end with seeded moves."""
    table = await service.create(
        game="targi", guild_id=GUILD, channel_id=channel, creator=ANN, max_seats=2, language="en"
    )
    if ai:
        await service.add_ai(table.id, ANN.user_id, "easy", can_manage=False)
    else:
        await service.join(table.id, BEA)
    await service.start(table.id, ANN.user_id, can_manage=False)
    await play(service, table.id, random.Random(seed), 2000)
    assert (await service.get(table.id)).status == "finished"
    return table.id


async def test_stats_of_a_player_equal_the_counts_of_the_log(harness: Harness) -> None:
    h = harness
    first = await finished_targi(h.service, 6001, seed=1)
    second = await finished_targi(h.service, 6002, seed=2, ai=True)
    starry = dataclasses.replace(ALICE, name="Ann_*star*")  # Markdown in a name: escaped
    reply = await slash_with_user(h, CAROL, "stats", starry)
    assert reply.ephemeral and reply.recipient == CAROL.id
    (image,) = reply.images()
    assert image.width == 800
    lines = reply.content.splitlines()
    assert lines[0] == "Statistics of **Ann\\_\\*star\\*** on this server:"
    assert lines[1] == "**Targi**: 2 games, 1 of them with AI seats"
    one = counted_from_log(await h.service.record(first))[0]
    two = counted_from_log(await h.service.record(second))[0]
    total = one["cards_taken"] + two["cards_taken"]
    average = f"{total / 2:.1f}"  # English: a decimal point
    assert lines[2] == f"- Cards taken: {total} ({average} per game)"
    score = one["score"] + two["score"]
    assert lines[-1] == f"- Score: {score} ({score / 2:.1f} per game)"
    bob = await slash_with_user(h, ALICE, "stats", BOB)
    assert bob.content.splitlines()[1] == "**Targi**: 1 game"  # no AI seat in Bob's game


async def test_stats_in_korean_and_turkish(harness: Harness) -> None:
    h = harness
    await finished_targi(h.service, 6001, seed=3, ai=True)
    shown = {}
    for locale in ("ko", "tr"):
        options, resolved = (
            [p.option("user", ALICE.id, type=6)],
            {"users": {ALICE.id: p.member(ALICE.id, ALICE.name)["user"]}},
        )
        payload = p.slash(
            "stats", options, resolved=resolved, user_id=BOB.id, user_name=BOB.name, locale=locale
        )
        reply = await h.answer(payload)
        assert len(reply.images()) == 1
        shown[locale] = reply.content.splitlines()
    assert shown["ko"][0] == "이 서버에서 **Alice** 님의 통계:"
    assert shown["ko"][1] == "**타르기**: 1게임, 그중 AI 자리가 있던 게임 1개"
    assert shown["ko"][2].startswith("- 가져온 카드: ") and shown["ko"][2].endswith(")")
    assert "게임당" in shown["ko"][2]
    assert shown["tr"][0] == "**Alice** adlı oyuncunun bu sunucudaki istatistikleri:"
    assert shown["tr"][1] == "**Targi**: 1 oyun, bunların 1 tanesinde YZ oyuncu vardı"
    assert shown["tr"][2].startswith("- Alınan kart: ") and "oyun başına" in shown["tr"][2]
    assert re.search(r"\(oyun başına \d+,\d\)$", shown["tr"][2])  # a decimal comma in Turkish
    pseudo = await h.answer(
        p.slash("stats", user_id=BOB.id, user_name=BOB.name, locale=i18n.PSEUDO)
    )
    assert pseudo.content.startswith("⟦")  # every line comes from the catalogue


async def test_a_player_without_games_gets_one_short_line(harness: Harness) -> None:
    h = harness
    await finished_targi(h.service, 6001, seed=4)
    reply = await slash_with_user(h, ALICE, "stats", CAROL)
    assert reply.content == "Carol has not finished a game on this server yet."
    assert reply.images() == []
    turkish = await h.answer(p.slash("stats", user_id=CAROL.id, user_name=CAROL.name, locale="tr"))
    assert turkish.content == "Carol bu sunucuda henüz hiçbir oyunu bitirmedi."


async def test_games_finished_before_the_start_get_statistics_at_the_first_tick(
    fake_discord: FakeDiscord, login_bot: Any, tmp_path: Path
) -> None:
    """The backfill: a database with a finished game and no statistics (as one migrated to 0013
    holds it); the bot's scheduler tick, the first right after it is ready, computes them."""
    path = tmp_path / "bot.sqlite3"
    service = await Service.open(path, seed_source=lambda: 77)
    table_id = await finished_targi(service, 6001, seed=5)
    await service.close()
    async with running_bot(fake_discord, login_bot, path, seed=7, scheduler_interval=None) as h:
        assert await Statistics(h.service).of_tables([table_id]) == []
        await h.bot.tick()  # what the scheduler runs right after the bot is ready
        rows = await Statistics(h.service).of_tables([table_id])
        expected = counted_from_log(await h.service.record(table_id))
        assert [row.counts for row in rows] == expected


async def test_in_a_direct_message_statistics_are_per_server(harness: Harness) -> None:
    payload = p.slash("stats", user_id=BOB.id, user_name=BOB.name, guild_id=None)
    reply = await harness.answer(payload)
    assert reply.content == (
        "Statistics are kept per server: use this command in a server channel."
    )
    korean = await harness.answer(
        p.slash("stats", user_id=BOB.id, user_name=BOB.name, guild_id=None, locale="ko")
    )
    assert korean.content == "통계는 서버마다 따로 모아요. 서버 채널에서 이 명령어를 써 주세요."

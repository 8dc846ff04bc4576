"""`/game status|list|resign`, `/hand`, `/rules`, table options, command sync."""

from __future__ import annotations

import json

import pytest

from bot.client import BoardBot
from bot.games import game_names
from bot.service import Service
from tests.bot.helpers import (
    ALICE,
    BOB,
    CAROL,
    MALLORY,
    Harness,
    custom_ids,
    open_table,
    updated_clicked,
)
from tests.fakediscord import FakeDiscord
from tests.fakediscord import payloads as p

needs_tigris = pytest.mark.skipif("tigris" not in game_names(), reason="T&E engine not merged")


@needs_tigris
async def test_status_reposts_the_board_without_pinging(harness: Harness) -> None:
    h = harness
    table = await open_table(h, "tigris", [ALICE, BOB])
    mark = h.fake.mark()
    call = await h.slash(MALLORY, "game", sub="status")
    assert call.ephemeral
    (post,) = h.public_posts(mark)
    assert post.json["allowed_mentions"].get("users", []) == []
    assert custom_ids(post.json) == [
        f"board:{table.id}:{table.version}:hand",
        f"board:{table.id}:{table.version}:act",
    ]
    assert (await h.table()).board_message_id == int(post.response["id"])


@needs_tigris
async def test_list_shows_whose_turn(harness: Harness) -> None:
    h = harness
    table = await open_table(h, "tigris", [ALICE, BOB])
    view = await h.service.public_view(table.id)
    seat = view["to_act"][0]
    waiting = f"{table.players[seat].name} ({('archer', 'bull')[seat]})"  # the seat's dynasty
    other = p.channel("800000000000000077")
    await h.slash(CAROL, "game", {"game": "tigris", "seats": 4}, sub="new", channel=other)
    call = await h.slash(MALLORY, "game", sub="list")
    lines = call.content.splitlines()
    assert lines == [
        f"#{table.id} Tigris & Euphrates in <#{p.CHANNEL_ID}>: waiting for {waiting}.",
        f"#{table.id + 1} Tigris & Euphrates in <#800000000000000077>: lobby, 1/4 seated.",
    ]


@needs_tigris
async def test_hand_command_is_private_to_the_caller(harness: Harness) -> None:
    h = harness
    table = await open_table(h, "tigris", [ALICE, BOB])
    reply = await h.slash(BOB, "hand")
    callback = next(c for c in h.fake.calls_for(reply.interaction) if c.is_callback)
    assert callback.callback_type == 5  # rendering: deferred, ephemerally
    assert reply.ephemeral and reply.recipient == BOB.id
    private = await h.service.private_view(table.id, BOB.uid)
    assert reply.content.startswith("Your hand: ")
    assert len(private["hand"]) == 6
    refused = await h.slash(MALLORY, "hand")
    assert refused.ephemeral and "not playing" in refused.content


@needs_tigris
async def test_resign_needs_confirmation_and_ends_with_the_record(harness: Harness) -> None:
    h = harness
    table = await open_table(h, "tigris", [ALICE, BOB])
    ask = await h.slash(BOB, "game", sub="resign")
    assert (await h.table()).status == "active"
    mark = h.fake.mark()
    done = await h.click(BOB, h.message_of(ask), f"confirm:{table.id}:{table.version}:resign")
    assert updated_clicked(done)
    notice, final = h.public_posts(mark)
    assert notice.json["content"] == "Bob resigned."
    lines = final.json["content"].splitlines()
    # Each name with its dynasty beside it (seats in join order: Alice the archer).
    assert lines[:3] == [
        "**Tigris & Euphrates: final result** (Bob (bull) resigned)",
        "1. Alice (archer): red 0, blue 0, green 0, black 0, treasures 0",
        "2. Bob (bull): red 0, blue 0, green 0, black 0, treasures 0",
    ]
    # Everything hidden is revealed at the end: both hands.
    summary = await h.service.final_summary(table.id)
    assert (
        lines[3].startswith("Hands at the end: Alice (archer): ") and "; Bob (bull): " in lines[3]
    )
    for seat, view in enumerate(summary["views"]):
        for colour in set(view["hand"]):
            assert colour in lines[3].split(";")[seat]
    record = json.loads(final.files[-1].data)
    assert record["players"] == ["Alice", "Bob"] or record["players"] == ["Bob", "Alice"]
    assert record["end"]["reason"] == "resigned"


@needs_tigris
async def test_table_options_and_their_autocomplete(harness: Harness) -> None:
    h = harness
    offered = await h.complete(ALICE, "game", "options", "open", {"game": "tigris"}, sub="new")
    assert offered == ["open_scoring=yes", "open_scoring=no"]
    bad = await h.slash(ALICE, "game", {"game": "tigris", "options": "speed=fast"}, sub="new")
    assert bad.ephemeral and "Unknown option `speed`" in bad.content
    wrong_count = await h.slash(ALICE, "game", {"game": "tigris", "seats": 5}, sub="new")
    assert wrong_count.ephemeral
    await h.slash(ALICE, "game", {"game": "tigris", "options": "open_scoring=yes"}, sub="new")
    table = await h.table()
    assert table.options["open_scoring"] is True and table.max_seats == 4


async def test_rules_summary_for_the_channel_or_a_named_game(harness: Harness) -> None:
    h = harness
    both = await h.slash(MALLORY, "rules")
    assert both.ephemeral and "Tigris & Euphrates" in both.content and "Targi" in both.content
    targi = await h.slash(MALLORY, "rules", {"game": "targi"})
    assert targi.content.startswith("**Targi**")


async def test_commands_sync_only_when_they_change(
    fake_discord: FakeDiscord, login_bot: object, tmp_path: object
) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    state = tmp_path / "commands.sha256"
    service = await Service.open(tmp_path / "bot.sqlite3")
    try:
        first = BoardBot(service, command_state=state, dev_guild_id=int(p.GUILD_ID))
        await login_bot(first)  # type: ignore[operator]
        assert len(fake_discord.command_syncs()) == 1
        synced = fake_discord.command_syncs()[0]
        assert synced.path.endswith(f"/guilds/{p.GUILD_ID}/commands")
        names = sorted(c["name"] for c in synced.json)
        assert names == [
            "away",
            "back",
            "game",
            "hand",
            "history",
            "leaderboard",
            "league",
            "move",
            "notify",
            "rating",
            "rules",
            "settings",
            "stats",
            "tigris",
        ]
        await first.close()
        second = BoardBot(service, command_state=state, dev_guild_id=int(p.GUILD_ID))
        await login_bot(second)  # type: ignore[operator]
        assert len(fake_discord.command_syncs()) == 1, "unchanged commands are not synced again"
        forced = BoardBot(service, command_state=state, dev_guild_id=int(p.GUILD_ID), sync="force")
        await login_bot(forced)  # type: ignore[operator]
        assert len(fake_discord.command_syncs()) == 2
    finally:
        await service.close()


async def test_rules_without_a_game_name_follow_the_game_in_this_channel(
    harness: Harness,
) -> None:
    h = harness
    await h.slash(ALICE, "game", {"game": "targi"}, sub="new")
    here = await h.slash(MALLORY, "rules")
    assert here.ephemeral and here.recipient == MALLORY.id
    assert here.content.startswith("**Targi**") and "Tigris" not in here.content
    tigris = await h.slash(MALLORY, "rules", {"game": "tigris"})
    # The T&E summary says how the game ends and how it is scored.
    assert "ends when only one or two treasures remain" in tigris.content
    assert "weakest colour" in tigris.content


async def test_targi_options_offer_every_documented_value(harness: Harness) -> None:
    h = harness
    offered = await h.complete(ALICE, "game", "options", "raid", {"game": "targi"}, sub="new")
    assert offered == ["raid_unpaid_bonus=fixed3", "raid_unpaid_bonus=raid_amount"]
    offered = await h.complete(
        ALICE, "game", "options", "caravan_card=", {"game": "targi"}, sub="new"
    )
    assert offered == ["caravan_card=discard", "caravan_card=bottom"]
    offered = await h.complete(ALICE, "game", "options", "hand_pu", {"game": "targi"}, sub="new")
    assert offered == ["hand_public=yes", "hand_public=no"]
    typed = "hand_public=no raid_unpaid_bonus=RAID_AMOUNT"
    call = await h.slash(ALICE, "game", {"game": "targi", "options": typed}, sub="new")
    assert "Opened" in call.content, call.content
    table = await h.table()
    assert table.options["raid_unpaid_bonus"] == "raid_amount"
    assert table.options["hand_public"] is False


async def test_a_value_the_game_refuses_gets_a_short_answer_and_opens_nothing(
    harness: Harness,
) -> None:
    h = harness
    bad = await h.slash(ALICE, "game", {"game": "targi", "options": "caravan_card=top"}, sub="new")
    assert bad.ephemeral and bad.recipient == ALICE.id
    assert "error id" not in bad.content and "caravan" in bad.content, bad.content
    assert await h.service.in_channel(int(p.CHANNEL_ID)) is None

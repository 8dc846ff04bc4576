"""The lobby: open, join, leave, start, cancel, one game per channel."""

from __future__ import annotations

import pytest

from bot.games import game_names
from tests.bot.helpers import (
    ALICE,
    BOB,
    CAROL,
    MALLORY,
    MODERATOR,
    Harness,
    custom_ids,
    updated_clicked,
)
from tests.fakediscord import jresp
from tests.fakediscord import payloads as p

pytestmark = pytest.mark.skipif("tigris" not in game_names(), reason="T&E engine not merged yet")


async def test_open_join_start_posts_board_pinging_only_the_seat_to_act(harness: Harness) -> None:
    h = harness
    call = await h.slash(ALICE, "game", {"game": "tigris", "seats": 3}, sub="new")
    assert call.audience == "ephemeral" and "table #" in (call.content or "")
    table = await h.table()
    lobby = h.fake.message(table.lobby_message_id)
    assert custom_ids(lobby) == [
        *(f"lobby:{table.id}:{op}" for op in ("join", "leave", "start", "cancel")),
        f"lobby:{table.id}:ai",  # the "Add AI" menu
    ]
    assert "Seated (1/3): Alice." in lobby["content"]

    joined = await h.click(BOB, lobby, f"lobby:{table.id}:join")
    assert updated_clicked(joined) and "Alice, Bob" in joined.content
    # Only the creator (or a manager) may start.
    lobby = h.fake.message(table.lobby_message_id)
    refused = await h.click(BOB, lobby, f"lobby:{table.id}:start")
    assert refused.ephemeral and refused.recipient == BOB.id
    assert (await h.table()).status == "lobby"

    mark = h.fake.mark()
    started = await h.click(ALICE, lobby, f"lobby:{table.id}:start")
    assert updated_clicked(started) and "Started" in started.content
    posts = h.public_posts(mark)
    assert len(posts) == 1
    board = posts[0]
    table = await h.table()
    assert table.status == "active" and table.board_message_id is not None
    view = await h.service.public_view(table.id)
    to_act = [table.players[s].user_id for s in view["to_act"]]
    assert (
        board.json["allowed_mentions"]["users"] == [str(u) for u in to_act]
        or board.json["allowed_mentions"]["users"] == to_act
    )
    assert board.json["allowed_mentions"]["parse"] == []
    assert board.files[0].is_png()
    assert custom_ids(h.fake.message(table.board_message_id)) == [
        f"board:{table.id}:1:hand",  # the start is the table's first change
        f"board:{table.id}:1:act",
    ]


async def test_busy_channel_offers_a_thread(harness: Harness) -> None:
    h = harness
    await h.slash(ALICE, "game", {"game": "tigris", "seats": 2}, sub="new")
    busy = await h.slash(BOB, "game", {"game": "tigris", "seats": 2, "order": "random"}, sub="new")
    assert busy.ephemeral and "already has a game" in busy.content
    (button,) = busy.custom_ids()
    offer = h.message_of(busy)
    opened = await h.click(BOB, offer, button)
    assert opened.ephemeral and opened.recipient == BOB.id and "Opened" in opened.content
    thread_calls = [c for c in h.fake.calls if c.template == "/channels/{channel_id}/threads"]
    assert len(thread_calls) == 1
    thread_id = thread_calls[0].response["id"]
    in_thread = await h.table(thread_id)
    assert in_thread.creator_id == BOB.uid and in_thread.seat_order == "random"
    assert h.public_posts(channel=thread_id), "the lobby is posted in the thread"


async def test_cancel_needs_creator_or_manager(harness: Harness) -> None:
    h = harness
    await h.slash(ALICE, "game", {"game": "tigris", "seats": 2}, sub="new")
    table = await h.table()
    lobby = h.fake.message(table.lobby_message_id)
    refused = await h.click(MALLORY, lobby, f"lobby:{table.id}:cancel")
    assert refused.ephemeral and (await h.table()).status == "lobby"
    done = await h.click(MODERATOR, lobby, f"lobby:{table.id}:cancel")
    assert updated_clicked(done) and "Cancelled" in done.content
    assert await h.service.in_channel(int(p.CHANNEL_ID)) is None


async def test_start_needs_a_legal_player_count(harness: Harness) -> None:
    h = harness
    await h.slash(ALICE, "game", {"game": "tigris", "seats": 3}, sub="new")
    table = await h.table()
    lobby = h.fake.message(table.lobby_message_id)
    alone = await h.click(ALICE, lobby, f"lobby:{table.id}:start")
    assert alone.ephemeral and (await h.table()).status == "lobby"
    await h.click(CAROL, lobby, f"lobby:{table.id}:join")
    left = await h.click(CAROL, h.fake.message(table.lobby_message_id), f"lobby:{table.id}:leave")
    assert "Seated (1/3)" in left.content


def _slow_channel_posts(h: Harness, retry_after: float) -> list[str]:
    """Discord rate-limits the bot's first message (and first thread) in a channel: discord.py
    waits ``retry_after`` seconds and retries. Returns the paths that were held back."""
    real_route = h.fake._route
    held: list[str] = []

    def limited(call):  # type: ignore[no-untyped-def]
        writes = ("/channels/{channel_id}/messages", "/channels/{channel_id}/threads")
        if call.method == "POST" and call.template in writes and call.template not in held:
            held.append(call.template)
            call.audience = "none"
            body = {"message": "You are being rate limited.", "retry_after": retry_after}
            limited = jresp({**body, "global": False}, status=429)
            limited.headers["Via"] = "1.1 google"  # discord.py retries only Discord's own 429s
            return limited
        return real_route(call)

    h.fake._route = limited  # type: ignore[method-assign]
    return held


async def test_a_slow_channel_still_gets_the_lobby_and_an_answer_in_time(harness: Harness) -> None:
    # Discord drops an interaction not answered within 3 s; posting the lobby may wait for a
    # rate limit, so the bot answers first. (The deadline is shrunk to keep the test short.)
    h = harness
    h.fake.deadline_s = 0.4
    held = _slow_channel_posts(h, retry_after=0.8)
    call = await h.slash(ALICE, "game", {"game": "tigris", "seats": 2}, sub="new")
    assert held == ["/channels/{channel_id}/messages"]
    callbacks = [c for c in h.fake.calls_for(call.interaction) if c.is_callback]
    assert [c.status for c in callbacks] == [204] or all(c.status < 300 for c in callbacks)
    assert call.ephemeral and call.recipient == ALICE.id and "Opened" in call.content
    table = await h.table()
    assert table.lobby_message_id is not None


async def test_a_new_thread_is_opened_even_when_discord_is_slow(harness: Harness) -> None:
    h = harness
    await h.slash(ALICE, "game", {"game": "tigris", "seats": 2}, sub="new")
    busy = await h.slash(BOB, "game", {"game": "targi"}, sub="new")
    h.fake.deadline_s = 0.4
    held = _slow_channel_posts(h, retry_after=0.5)
    opened = await h.click(BOB, h.message_of(busy), busy.custom_ids()[0])
    assert held == ["/channels/{channel_id}/threads", "/channels/{channel_id}/messages"]
    callbacks = [c for c in h.fake.calls_for(opened.interaction) if c.is_callback]
    assert all(c.status < 300 for c in callbacks), callbacks
    assert opened.ephemeral and "Opened" in opened.content
    threads = "/channels/{channel_id}/threads"
    (thread,) = [c for c in h.fake.calls if c.template == threads and c.status < 300]
    assert (await h.table(thread.response["id"])).game == "targi"


async def test_the_lobby_lists_only_the_options_that_differ_from_the_rules(
    harness: Harness,
) -> None:
    # Targi has 17 table options: listing every default would bury the seats under a wall of text.
    h = harness
    await h.slash(ALICE, "game", {"game": "targi"}, sub="new")
    lobby = h.fake.message((await h.table()).lobby_message_id)
    assert "Options: the standard rules." in lobby["content"]
    assert "caravan" not in lobby["content"]
    other = p.channel("800000000000000055")
    typed = "raid_unpaid_bonus=raid_amount hand_public=yes merchant_repeatable=yes"
    await h.slash(BOB, "game", {"game": "targi", "options": typed}, sub="new", channel=other)
    lobby = h.fake.message((await h.table(other["id"])).lobby_message_id)
    lines = lobby["content"].splitlines()
    assert (
        "Options: open hand card (hand_public): yes, "
        "bonus for an unpaid raid (raid_unpaid_bonus): raid_amount."
    ) in lines, lines


async def test_a_busy_thread_offers_a_new_thread_beside_it(harness: Harness) -> None:
    # Threads cannot hold threads: the new one opens in the thread's parent channel.
    h = harness
    thread = p.channel("800000000000000321", type=11, parent_id=p.CHANNEL_ID, name="t&e night")
    await h.slash(ALICE, "game", {"game": "tigris", "seats": 2}, sub="new", channel=thread)
    busy = await h.slash(BOB, "game", {"game": "targi"}, sub="new", channel=thread)
    assert busy.ephemeral and "already has a game" in busy.content
    # Discord sends the thread (type 11, its parent) with the click.
    click = p.button(
        busy.custom_ids()[0], message_data=h.message_of(busy), user_id=BOB.id, channel_data=thread
    )
    click["member"]["user"]["global_name"] = BOB.name
    opened = await h.answer(click)
    assert "Opened" in opened.content
    (made,) = [c for c in h.fake.calls if c.template == "/channels/{channel_id}/threads"]
    assert made.parts[1] == p.CHANNEL_ID and made.json["name"] == "Targi by Bob"
    assert (await h.table(made.response["id"])).game == "targi"

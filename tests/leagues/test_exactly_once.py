"""A league through the fake Discord with the bot dying between any two steps: after the restart
the league's channel and its match threads show the current state exactly once (sign-up card,
match boards, round announcement, standings message, final results, champion)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

import pytest

from bot.service import Player
from bot.ui.leagues import sync
from bot.ui.pbp import run_scheduler_once
from bot.ui.publish import show_current
from tests.bot.helpers import ALICE, BOB, CAROL, MODERATOR, Harness
from tests.fakediscord import Call
from tests.fakediscord import payloads as p
from tests.leagues.conftest import GUILD_ID as GUILD
from tests.service.conftest import ManualClock

Bot = tuple[Harness, ManualClock]


async def restart(h: Harness) -> None:
    """What the restarted bot does as soon as it is ready: the scheduler's first tick."""
    await run_scheduler_once(h.bot)
    await sync.run_league_tick(h.bot)
    await h.settle()


def in_channel(h: Harness, channel: int | str) -> list[dict[str, Any]]:
    return [m for m in h.fake.channel_messages(channel) if not m["flags"] & p.EPHEMERAL]


def boards(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        m
        for m in messages
        if any(
            c.get("custom_id", "").endswith(":act")
            for row in m["components"]
            for c in row.get("components", [])
        )
    ]


def finals(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        m for m in messages if any(a["filename"].endswith("-record.json") for a in m["attachments"])
    ]


async def signed_up(h: Harness, game: str = "targi", people: tuple[Any, ...] = (ALICE, BOB)) -> int:
    options = {"game": game, "name": "Spring", "format": "round_robin", "round_days": 7}
    await h.slash(MODERATOR, "league", options, sub="create")
    league = (await h.bot.leagues.leagues(GUILD))[0]  # the newest in sign-up
    card = h.fake.message(league.signup_message_id)
    for person in people:
        await h.click(person, card, f"league:{league.id}:join")
    return league.id


async def crash_during(h: Harness, step: Any, matches: Callable[[Call], bool], after: bool) -> None:
    """Run ``step`` until Discord receives a request that ``matches``; the bot dies there (the
    request took effect when ``after``, the bot never heard back)."""
    h.fake.hold(matches, after_effect=after)
    task = asyncio.ensure_future(step)
    for _ in range(400):
        if h.fake.held or task.done():
            break
        await asyncio.sleep(0.01)
    assert h.fake.held, "the step never sent the request"
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    h.fake.release()
    h.fake.held.clear()


async def test_match_boards_go_through_the_recorded_path(league_bot: Bot) -> None:
    h, _ = league_bot
    league_id = await signed_up(h, people=(ALICE, BOB, CAROL))
    await h.slash(MODERATOR, "league", sub="start")
    snap = await h.bot.leagues.snapshot(league_id)
    for match in snap.matches:
        if match.table_id is None:
            continue
        table = await h.service.get(match.table_id)
        assert table.posted_version == table.version, "the board is recorded as shown"
        assert table.board_message_id is not None
    mark = h.fake.mark()
    await restart(h)
    assert [c for c in h.fake.calls[mark:] if c.method in ("POST", "PATCH")] == []


def _post(call: Call) -> bool:
    return call.method == "POST" and call.template == "/channels/{channel_id}/messages"


CRASHES_AT_START: dict[str, Callable[[Call], bool]] = {
    "match board": lambda c: _post(c) and any(i.endswith(":act") for i in c.custom_ids()),
    "announcement": lambda c: _post(c) and "round 1 of 3 is open" in (c.content or ""),
    "standings": lambda c: _post(c) and (c.content or "").startswith("**Spring** ("),
    "sign-up card closed": lambda c: c.method == "PATCH" and "Sign-up closed" in (c.content or ""),
}


@pytest.mark.parametrize("after", [False, True], ids=["before-it-took-effect", "after-it"])
@pytest.mark.parametrize("where", list(CRASHES_AT_START))
async def test_a_crash_while_round_one_opens(league_bot: Bot, where: str, after: bool) -> None:
    h, _ = league_bot
    league_id = await signed_up(h, people=(ALICE, BOB, CAROL))
    update = await h.bot.leagues.start(league_id, MODERATOR.uid, can_manage=True)
    await crash_during(h, sync.publish(h.bot, update), CRASHES_AT_START[where], after)
    await restart(h)

    snap = await h.bot.leagues.snapshot(league_id)
    league = snap.league
    channel = in_channel(h, p.CHANNEL_ID)
    announcements = [m for m in channel if "round 1 of 3 is open" in m["content"]]
    assert len(announcements) == 1
    standings = [m for m in channel if m["content"].startswith("**Spring** (")]
    assert [m["id"] for m in standings] == [str(league.standings_message_id)]
    assert "Round 1 of 3" in standings[0]["content"] and standings[0]["attachments"]
    card = h.fake.message(league.signup_message_id)
    assert card["components"] == [] and "Sign-up closed" in card["content"]
    [match] = [m for m in snap.matches if m.thread_id is not None]
    assert f"<#{match.thread_id}>" in announcements[0]["content"]
    [board] = boards(in_channel(h, match.thread_id))
    assert match.table_id is not None
    table = await h.service.get(match.table_id)
    assert board["id"] == str(table.board_message_id) and table.posted_version == table.version
    mark = h.fake.mark()
    await restart(h)
    assert [c for c in h.fake.calls[mark:] if c.method in ("POST", "PATCH")] == []


CRASHES_AT_THE_END: dict[str, Callable[[Call], bool]] = {
    "final result": lambda c: (
        _post(c) and any(f.filename.endswith("-record.json") for f in c.files)
    ),
    "standings edit": lambda c: c.method == "PATCH" and "Champion" in (c.content or ""),
    "champion": lambda c: _post(c) and "is over after 1 rounds" in (c.content or ""),
}


@pytest.mark.parametrize("after", [False, True], ids=["before-it-took-effect", "after-it"])
@pytest.mark.parametrize("where", list(CRASHES_AT_THE_END))
async def test_a_crash_while_the_season_ends(league_bot: Bot, where: str, after: bool) -> None:
    h, _ = league_bot
    league_id = await signed_up(h)
    await h.slash(MODERATOR, "league", sub="start")
    [match] = (await h.bot.leagues.snapshot(league_id)).matches
    assert match.table_id is not None and match.thread_id is not None
    await h.service.resign(match.table_id, BOB.uid)  # committed; the bot shows it next
    step = show_current(h.bot, match.table_id)
    await crash_during(h, step, CRASHES_AT_THE_END[where], after)
    await restart(h)

    snap = await h.bot.leagues.snapshot(league_id)
    assert snap.league.status == "finished" and snap.standings[0].name == "Alice"
    [final] = finals(in_channel(h, match.thread_id))
    assert (await h.service.get(match.table_id)).board_message_id == int(final["id"])
    channel = in_channel(h, p.CHANNEL_ID)
    [champion] = [m for m in channel if "is over after 1 rounds" in m["content"]]
    assert f"Champion: <@{ALICE.id}>" in champion["content"]
    standings = [m for m in channel if m["content"].startswith("**Spring** (")]
    assert [m["id"] for m in standings] == [str(snap.league.standings_message_id)]
    assert "Champion: **Alice**" in standings[0]["content"]
    mark = h.fake.mark()
    await restart(h)
    assert [c for c in h.fake.calls[mark:] if c.method in ("POST", "PATCH")] == []


@pytest.mark.parametrize("after", [False, True], ids=["before-it-took-effect", "after-it"])
async def test_a_crash_while_the_sign_up_card_is_posted(league_bot: Bot, after: bool) -> None:
    h, _ = league_bot
    league = await h.bot.leagues.create(
        guild_id=GUILD,
        channel_id=int(p.CHANNEL_ID),
        creator=Player(MODERATOR.uid, MODERATOR.name),
        can_manage=True,
        game="targi",
        name="Spring",
        format="swiss",
        round_days=3,
    )
    await crash_during(h, sync.post_signup(h.bot, league), _post, after)
    await restart(h)
    cards = [m for m in in_channel(h, p.CHANNEL_ID) if m["components"]]
    league = await h.bot.leagues.get(league.id)
    assert [m["id"] for m in cards] == [str(league.signup_message_id)]
    assert "Join below" in cards[0]["content"]
    mark = h.fake.mark()
    await restart(h)
    assert [c for c in h.fake.calls[mark:] if c.method in ("POST", "PATCH")] == []


async def test_bad_league_input_through_discord_is_refused_and_changes_nothing(
    league_bot: Bot,
) -> None:
    h, _ = league_bot
    spring = {"game": "targi", "name": "Spring", "format": "round_robin", "round_days": 7}
    cases = [
        (ALICE, spring, "server manager"),
        (MODERATOR, {**spring, "game": "chess"}, "nknown game"),
        (MODERATOR, {**spring, "round_days": 0}, "1 to 30 days, not 0"),
        (MODERATOR, {**spring, "round_days": 1000}, "1 to 30 days, not 1000"),
        (MODERATOR, {**spring, "format": "ladder"}, "round"),
    ]
    for who, options, says in cases:
        mark = h.fake.mark()
        answer = await h.slash(who, "league", options, sub="create")
        await h.settle()
        assert answer.audience == "ephemeral" and says in answer.content, answer.content
        assert len(answer.content) < 200 and "\n" not in answer.content.strip()
        assert h.public_posts(mark) == [], "nothing posted"
    assert await h.bot.leagues.leagues(GUILD) == []


@pytest.mark.parametrize("after", [False, True], ids=["before-it-took-effect", "after-it"])
async def test_a_crash_while_a_match_thread_is_created(league_bot: Bot, after: bool) -> None:
    h, _ = league_bot
    league_id = await signed_up(h)
    update = await h.bot.leagues.start(league_id, MODERATOR.uid, can_manage=True)

    def thread_created(call: Call) -> bool:
        return call.method == "POST" and call.template == "/channels/{channel_id}/threads"

    await crash_during(h, sync.publish(h.bot, update), thread_created, after)
    await restart(h)
    [match] = (await h.bot.leagues.snapshot(league_id)).matches
    threads = [c for c in h.fake.channels.values() if c.get("parent_id") == p.CHANNEL_ID]
    assert [t["id"] for t in threads] == [str(match.thread_id)], "one thread for the match"
    assert threads[0]["name"].startswith(f"Spring R1 #{match.id}: ")
    assert len(boards(in_channel(h, match.thread_id))) == 1


async def test_a_second_season_of_the_same_name_posts_its_own_messages(league_bot: Bot) -> None:
    h, _ = league_bot
    for season in (1, 2):
        league_id = await signed_up(h)
        league = await h.bot.leagues.get(league_id)
        await h.slash(MODERATOR, "league", {"league": str(league_id)}, sub="start")
        [match] = (await h.bot.leagues.snapshot(league_id)).matches
        assert match.table_id is not None
        await h.service.resign(match.table_id, BOB.uid)
        await show_current(h.bot, match.table_id)
        league = await h.bot.leagues.get(league_id)
        assert league.status == "finished" and league.final_posted_at is not None
        channel = in_channel(h, p.CHANNEL_ID)
        standings = [m for m in channel if m["content"].startswith("**Spring** (")]
        assert len(standings) == season and standings[-1]["id"] == str(league.standings_message_id)
        champions = [m for m in channel if "**Spring** is over after 1 rounds" in m["content"]]
        assert len(champions) == season

"""Play-by-post through the fake Discord: scheduler pings and DMs, timers, /away, take-back
buttons, /game log, watch, list mine and the Rematch button. Time is a manual clock; the bot's
own background loop is off and each test calls one scheduler tick by hand."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from aiohttp import web

from bot.ui.pbp import run_scheduler_once
from tests.bot.helpers import (
    ALICE,
    BOB,
    MALLORY,
    Harness,
    custom_ids,
    open_table,
    running_bot,
    updated_clicked,
)
from tests.fakediscord import Call, FakeDiscord
from tests.service.conftest import ManualClock

HOUR = 3600.0
DAY = 24 * HOUR


@pytest_asyncio.fixture
async def timed(
    fake_discord: FakeDiscord, login_bot: Any, tmp_path: Path
) -> AsyncIterator[tuple[Harness, ManualClock]]:
    clock = ManualClock(1_800_000_000.0)
    path = tmp_path / "bot.sqlite3"
    async with running_bot(
        fake_discord, login_bot, path, seed=11, clock=clock, scheduler_interval=None
    ) as h:
        yield h, clock


async def tick(h: Harness, clock: ManualClock, advance: float) -> list[Call]:
    """Move the clock, run one scheduler tick, return the requests it caused."""
    clock.advance(advance)
    mark = h.fake.mark()
    await run_scheduler_once(h.bot)
    return [c for c in h.fake.calls[mark:] if c.method == "POST" and c.json is not None]


def dms(calls: list[Call], person: Any) -> list[Call]:
    return [c for c in calls if c.audience == "ephemeral" and c.recipient == person.id]


async def test_reminders_ping_the_waiting_player_once_and_dm_if_asked(
    timed: tuple[Harness, ManualClock],
) -> None:
    h, clock = timed
    table = await open_table(h, "targi", [ALICE, BOB])
    on = await h.slash(ALICE, "notify", {"dm": "on"})
    assert on.ephemeral and "DM" in on.content
    assert await tick(h, clock, DAY - 1) == []
    calls = await tick(h, clock, 1)
    public = [c for c in calls if c.audience == "public"]
    assert len(public) == 1 and public[0].content.startswith("<@111> reminder:")
    assert public[0].pinged_user_ids() == {ALICE.id} and not public[0].pings_everyone()
    assert f"table #{table.id}" in public[0].content
    [dm] = dms(calls, ALICE)
    assert "Reminder" in dm.content
    assert await tick(h, clock, HOUR) == []  # not more often than the interval


async def test_dm_closed_falls_back_silently(
    timed: tuple[Harness, ManualClock], monkeypatch: pytest.MonkeyPatch
) -> None:
    h, clock = timed
    await open_table(h, "targi", [ALICE, BOB])
    await h.slash(ALICE, "notify", {"dm": "on"})
    route = h.fake._channel

    def closed_dms(call: Call) -> web.Response:
        channel = h.fake.channels.get(call.parts[1], {})
        if channel.get("type") == 1 and call.method == "POST":
            call.audience = "none"
            return web.json_response(
                {"code": 50007, "message": "Cannot send messages to this user"}, status=403
            )
        return route(call)

    monkeypatch.setattr(h.fake, "_channel", closed_dms)
    calls = await tick(h, clock, DAY)
    public = [c for c in calls if c.audience == "public"]
    assert len(public) == 1 and public[0].pinged_user_ids() == {ALICE.id}
    assert [c.status for c in calls if c.audience == "none" and c.path.endswith("/messages")] == [
        403
    ]


async def test_timer_warns_then_skips_and_the_game_goes_on(
    timed: tuple[Harness, ManualClock],
) -> None:
    h, clock = timed
    table = await open_table(h, "targi", [ALICE, BOB])
    refused = await h.slash(BOB, "game", {"timer_hours": 2}, sub="timing")
    assert refused.ephemeral and "opened this table" in refused.content
    set_ = await h.slash(ALICE, "game", {"timer_hours": 2, "reminder_hours": 0}, sub="timing")
    assert set_.ephemeral and "turn timer 2 h" in set_.content and "reminders off" in set_.content
    [warning] = await tick(h, clock, 1.5 * HOUR)
    assert warning.pinged_user_ids() == {ALICE.id}
    assert "runs out <t:" in warning.content and "safest default" in warning.content
    calls = await tick(h, clock, 0.5 * HOUR)
    texts = [c.content for c in calls if c.audience == "public"]
    assert texts[0].startswith("Time ran out for Alice (blue): the bot decided `place ")
    board = calls[-1]
    assert board.pinged_user_ids() == {BOB.id} and board.files
    assert (await h.table_by_id(table.id)).seq == 1


async def test_forfeit_posts_the_result_with_a_rematch_button(
    timed: tuple[Harness, ManualClock],
) -> None:
    h, clock = timed
    table = await open_table(h, "targi", [ALICE, BOB])
    await h.slash(ALICE, "game", {"timer_hours": 1, "consequence": "forfeit"}, sub="timing")
    [warning] = await tick(h, clock, 0.75 * HOUR)  # a quarter of a short timer before
    assert "you forfeit and the game ends" in warning.content
    calls = await tick(h, clock, 0.25 * HOUR)
    assert (
        calls[0].content == f"Time ran out for Alice (blue): they forfeit Targi table #{table.id}."
    )
    final = next(
        c for c in reversed(calls) if any(f.filename.endswith("-record.json") for f in c.files)
    )  # the result (its replay follows)
    assert custom_ids(final.json) == [f"rematch:{table.id}", f"review:{table.id}"]
    assert "resigned" not in final.content and "Alice (blue) ran out of time." in final.content
    message = h.fake.message(final.response["id"])
    stranger = await h.click(MALLORY, message, f"rematch:{table.id}")
    assert stranger.ephemeral and "Only a player" in stranger.content
    assert await h.service.in_channel(int(message["channel_id"])) is None
    mark = h.fake.mark()
    again = await h.click(BOB, message, f"rematch:{table.id}")
    assert again.ephemeral and "Rematch lobby opened" in again.content
    lobby = await h.table()
    assert lobby.status == "lobby" and {p.user_id for p in lobby.players} == {111, 222}
    assert any(c.json and f"lobby:{lobby.id}:join" in c.custom_ids() for c in h.public_posts(mark))


@pytest.mark.parametrize("days", [0, -3, 15, 400])
async def test_away_refuses_silly_numbers(timed: tuple[Harness, ManualClock], days: int) -> None:
    h, _ = timed
    call = await h.slash(ALICE, "away", {"days": days})
    assert call.ephemeral and "1 to 14 days" in call.content
    assert (await h.bot.pbp.away_status(ALICE.uid)).until is None


async def test_away_pauses_reminders_and_shows_on_the_board(
    timed: tuple[Harness, ManualClock],
) -> None:
    h, clock = timed
    await open_table(h, "targi", [ALICE, BOB])
    away = await h.slash(ALICE, "away", {"days": 2})
    assert away.ephemeral and "away until <t:" in away.content and "12 days" in away.content
    mark = h.fake.mark()
    await h.slash(BOB, "game", {}, sub="status")
    [board] = [c for c in h.public_posts(mark) if c.files]
    assert "Away: Alice (blue) (back <t:" in board.content
    assert await tick(h, clock, DAY) == []  # Alice is away: no reminder
    back = await h.slash(ALICE, "back")
    assert back.ephemeral and "Welcome back" in back.content
    assert await tick(h, clock, 23 * HOUR) == []  # away 1 day: 23 h present
    calls = await tick(h, clock, DAY)
    assert [c.pinged_user_ids() for c in calls if c.audience == "public"] == [{ALICE.id}]


async def test_take_back_with_buttons(timed: tuple[Harness, ManualClock]) -> None:
    h, _ = timed
    table = await open_table(h, "targi", [ALICE, BOB])
    await h.slash(ALICE, "move", {"action": "place 2"})
    stranger = await h.slash(MALLORY, "game", {}, sub="takeback")
    assert stranger.ephemeral and "not playing" in stranger.content
    early = await h.slash(BOB, "game", {}, sub="takeback")
    assert early.ephemeral and "Only the player who took the last action" in early.content
    mark = h.fake.mark()
    asked = await h.slash(ALICE, "game", {}, sub="takeback")
    assert asked.ephemeral and "requested" in asked.content
    [request] = h.public_posts(mark)
    assert request.pinged_user_ids() == {BOB.id}
    message = h.fake.message(request.response["id"])
    approve = f"undo:{table.id}:2:approve"  # version 2: the start, then one move
    assert custom_ids(message) == [approve, f"undo:{table.id}:2:refuse"]
    stranger = await h.click(MALLORY, message, approve)
    assert stranger.ephemeral and "not playing" in stranger.content
    mark = h.fake.mark()
    done = await h.click(BOB, message, approve)
    assert updated_clicked(done) and "taken back" in done.content
    assert (await h.table_by_id(table.id)).seq == 0
    [board] = [c for c in h.public_posts(mark) if c.files]
    assert board.pinged_user_ids() == {ALICE.id}
    stale = await h.click(BOB, message, approve)  # the old request's button
    assert "no longer open" in stale.content


async def test_take_back_refused_and_void(timed: tuple[Harness, ManualClock]) -> None:
    h, _ = timed
    table = await open_table(h, "targi", [ALICE, BOB])
    await h.slash(ALICE, "move", {"action": "place 2"})
    mark = h.fake.mark()
    await h.slash(ALICE, "game", {}, sub="takeback")
    message = h.fake.message(h.public_posts(mark)[0].response["id"])
    refused = await h.click(BOB, message, f"undo:{table.id}:2:refuse")
    assert "Bob refused" in refused.content
    assert (await h.table_by_id(table.id)).seq == 1
    mark = h.fake.mark()
    again = await h.slash(ALICE, "game", {}, sub="takeback")  # no second ping for that move
    assert again.ephemeral and "already refused" in again.content
    assert h.public_posts(mark) == []
    await h.slash(BOB, "move", {"action": "place 3"})
    mark = h.fake.mark()
    await h.slash(BOB, "game", {}, sub="takeback")
    message = h.fake.message(h.public_posts(mark)[0].response["id"])
    [alice_move, *_] = await h.bot.service.legal_actions(table.id, ALICE.uid)
    await h.slash(ALICE, "move", {"action": alice_move})  # Alice moves instead of answering
    void = await h.click(ALICE, message, f"undo:{table.id}:3:approve")
    assert "no longer open" in void.content
    assert (await h.table_by_id(table.id)).seq == 3


async def test_log_watch_and_my_games(timed: tuple[Harness, ManualClock]) -> None:
    h, _ = timed
    table = await open_table(h, "targi", [ALICE, BOB])
    watch = await h.slash(MALLORY, "game", {}, sub="watch")
    assert watch.ephemeral and "DM" in watch.content
    player = await h.slash(ALICE, "game", {}, sub="watch")
    assert "You play in this game" in player.content
    mark = h.fake.mark()
    await h.slash(ALICE, "move", {"action": "place 2"})
    [dm] = dms(h.fake.calls[mark:], MALLORY)
    assert f"table #{table.id}: waiting for Bob" in dm.content
    log = await h.slash(MALLORY, "game", {}, sub="log")
    assert log.ephemeral and "1. Alice (blue) places a Targi on 2 Dates" in log.content
    mine = await h.slash(BOB, "game", {"mine": True}, sub="list")
    assert mine.ephemeral and f"#{table.id} Targi: https://discord.com/channels/" in mine.content
    nothing = await h.slash(ALICE, "game", {"mine": True}, sub="list")
    assert nothing.content == "No game is waiting for you."


NOTIFICATIONS = [
    r"<@\d+> reminder: (Targi|Tigris & Euphrates) table #\d+ has waited \d+ hours? for your "
    r"decision\.( https://discord\.com/channels/\d+/\d+/\d+)?",
    r"<@\d+> the turn timer of (Targi|Tigris & Euphrates) table #\d+ runs out <t:\d+:R>; then "
    r"the bot takes the safest default decision for you\.( https://\S+)?",
    r"Time ran out for \w+ \((blue|white)\): the bot decided `[a-z0-9 .]+`\.",
    # A turn DM: the cue, then lines of `/game log` (checked apart), then the board's link.
    r"(Targi|Tigris & Euphrates) table #\d+: your (turn|decision: [^\n]+)\.(\n[^\n]+)*",
    r"Reminder: (Targi|Tigris & Euphrates) table #\d+ waits for you\.( https://\S+)?",
    r"(Targi|Tigris & Euphrates) table #\d+: waiting for \w+ \((blue|white)\)\.( https://\S+)?",
]


async def test_notifications_carry_only_public_facts(timed: tuple[Harness, ManualClock]) -> None:
    """A Targi game run by its turn timer for 40 decisions, with DMs on and a watcher: every
    notification is one of the fixed sentences (names, table, links, times, the public skipped
    action), so none can carry a hand, a hidden score, the seed or the deck."""
    import re

    h, clock = timed
    table = await open_table(h, "targi", [ALICE, BOB])
    await h.slash(ALICE, "game", {"timer_hours": 4, "reminder_hours": 1}, sub="timing")
    await h.slash(ALICE, "notify", {"dm": "on"})
    await h.slash(BOB, "notify", {"dm": "on"})
    await h.slash(MALLORY, "game", {}, sub="watch")
    seen: list[str] = []
    for _ in range(40):
        for call in await tick(h, clock, HOUR):
            if call.files or call.custom_ids() or call.content is None:
                continue  # boards, results, opening a DM: covered elsewhere / carry no text
            assert call.content is not None
            assert str((await h.table_by_id(table.id)).seed) not in call.content
            assert any(re.fullmatch(p, call.content) for p in NOTIFICATIONS), call.content
            if "\n" in call.content:  # a turn DM: only `/game log`'s public lines and a link
                log = await h.bot.pbp.game_log(table.id, per_page=500, lang="en")
                public = {entry.text() for entry in log.entries}
                *lines, link = call.content.split("\n")[1:]
                assert all(line in public for line in lines), call.content
                assert re.fullmatch(r"https://discord\.com/channels/\d+/\d+/\d+", link), link
            seen.append(call.content)
    assert (await h.table_by_id(table.id)).seq >= 10
    kinds = {next(i for i, p in enumerate(NOTIFICATIONS) if re.fullmatch(p, t)) for t in seen}
    assert kinds == set(range(len(NOTIFICATIONS)))


async def test_act_offers_the_last_mover_a_take_back_button(
    timed: tuple[Harness, ManualClock],
) -> None:
    h, _ = timed
    table = await open_table(h, "targi", [ALICE, BOB])
    await h.slash(ALICE, "move", {"action": "place 2"})
    board = await h.board()
    other = await h.click(BOB, board, f"board:{table.id}:2:act")
    assert "undo:" not in " ".join(other.custom_ids())  # Bob is to act: his menu
    waiting = await h.click(ALICE, board, f"board:{table.id}:2:act")
    assert waiting.ephemeral and "not your decision" in waiting.content
    assert waiting.custom_ids() == [f"undo:{table.id}:2"]
    mark = h.fake.mark()
    asked = await h.click(ALICE, h.message_of(waiting), f"undo:{table.id}:2")
    assert asked.ephemeral and "requested" in asked.content
    [request] = h.public_posts(mark)
    assert request.custom_ids() == [f"undo:{table.id}:2:approve", f"undo:{table.id}:2:refuse"]


async def test_a_table_nobody_plays_is_abandoned_in_the_channel(
    timed: tuple[Harness, ManualClock],
) -> None:
    h, clock = timed
    table = await open_table(h, "tigris", [ALICE, BOB])
    await h.slash(ALICE, "game", {"timer_hours": 1, "reminder_hours": 0}, sub="timing")
    for _ in range(7):
        await tick(h, clock, 0.75 * HOUR)  # the warning
        calls = await tick(h, clock, 0.25 * HOUR)
        assert "`pass`" in (calls[0].content or "") and any(c.files for c in calls)
    await tick(h, clock, 0.75 * HOUR)
    calls = await tick(h, clock, 0.25 * HOUR)
    [said] = [c for c in calls if c.audience == "public"]
    assert said.content.endswith(f"Tigris & Euphrates table #{table.id} is abandoned (no result).")
    assert not said.files and said.pinged_user_ids() == set()
    assert (await h.table_by_id(table.id)).status == "aborted"
    assert await tick(h, clock, DAY) == []

"""A league through the fake Discord (every request checked against Discord's OpenAPI spec):
sign-up buttons, refusals, match threads with boards, the standings message edited in place,
the deadline from the scheduler tick, the champion's announcement."""

from __future__ import annotations

from typing import Any

from bot.ui.leagues.sync import run_league_tick
from bot.ui.ratings import final_line
from tests.bot.helpers import (
    ALICE,
    BOB,
    CAROL,
    MODERATOR,
    Harness,
    Person,
    custom_ids,
    updated_clicked,
)
from tests.fakediscord import payloads as p
from tests.leagues.conftest import GUILD_ID as GUILD
from tests.service.conftest import ManualClock

PEOPLE = {ALICE.uid: ALICE, BOB.uid: BOB, CAROL.uid: CAROL}
SPRING = {"game": "targi", "name": "Spring", "format": "round_robin", "round_days": 7}


def posts(h: Harness, start: int, template: str) -> list[Any]:
    return [c for c in h.fake.calls[start:] if c.method == "POST" and c.template == template]


def edits_of(h: Harness, start: int, message_id: int) -> list[Any]:
    return [
        c
        for c in h.fake.calls[start:]
        if c.method == "PATCH" and c.path.endswith(f"/messages/{message_id}")
    ]


async def resign_in_thread(h: Harness, who: Person, thread_id: int) -> None:
    """`/game resign` in the match thread, then the confirmation button."""
    thread = p.channel(str(thread_id), type=11, parent_id=p.CHANNEL_ID)
    asked = await h.slash(who, "game", sub="resign", channel=thread)
    assert asked.audience == "ephemeral", asked.content
    message = h.message_of(asked)
    [confirm] = [c for c in custom_ids(message) if c.startswith("confirm:")]
    await h.click(who, message, confirm)


async def test_a_league_season_in_discord(league_bot: tuple[Harness, ManualClock]) -> None:
    h, clock = league_bot
    refused = await h.slash(ALICE, "league", SPRING, sub="create")
    assert refused.audience == "ephemeral" and "server manager" in refused.content
    too_long = await h.slash(MODERATOR, "league", {**SPRING, "round_days": 1000}, sub="create")
    assert "1 to 30 days, not 1000" in too_long.content
    assert await h.bot.leagues.leagues(GUILD) == []

    created = await h.slash(MODERATOR, "league", SPRING, sub="create")
    assert created.audience == "ephemeral" and "open for sign-up" in created.content
    [league] = await h.bot.leagues.leagues(GUILD)
    assert league.signup_message_id is not None
    card = h.fake.message(league.signup_message_id)
    join, leave = f"league:{league.id}:join", f"league:{league.id}:leave"
    assert custom_ids(card) == [join, leave]
    for person in (ALICE, BOB, CAROL):
        clicked = await h.click(person, card, join)
        assert updated_clicked(clicked), clicked.content
        card = h.fake.message(league.signup_message_id)
    assert "Signed up (3): Alice, Bob, Carol." in card["content"]
    left = await h.click(CAROL, card, leave)
    assert updated_clicked(left)
    card = h.fake.message(league.signup_message_id)
    assert "Signed up (2): Alice, Bob." in card["content"]
    await h.click(CAROL, card, join)
    card = h.fake.message(league.signup_message_id)
    twice = await h.click(BOB, card, join)
    assert twice.audience == "ephemeral" and "already signed up" in twice.content
    assert await h.complete(MODERATOR, "league", "league", "spr", sub="start") == [str(league.id)]

    mark = h.fake.mark()
    started = await h.slash(MODERATOR, "league", {"league": str(league.id)}, sub="start")
    assert "round 1 is open" in started.content
    assert custom_ids(h.fake.message(league.signup_message_id)) == [], "sign-up closed"
    late = await h.click(CAROL, card, join)  # the old card, still showing Join
    assert late.audience == "ephemeral" and "Sign-up for Spring is closed" in late.content
    league = await h.bot.leagues.get(league.id)
    assert league.standings_message_id is not None
    standings = h.fake.message(league.standings_message_id)
    assert standings["attachments"] and "Round 1 of 3" in standings["content"]

    seen_threads: set[int] = set()
    for number in (1, 2, 3):
        snap = await h.bot.leagues.snapshot(league.id)
        [match] = [m for m in snap.matches if m.round == number and m.source != "bye"]
        assert match.thread_id is not None and match.table_id is not None
        assert match.thread_id not in seen_threads
        seen_threads.add(match.thread_id)
        threads = posts(h, mark, "/channels/{channel_id}/threads")
        assert len(threads) == 1 and int(threads[0].response["id"]) == match.thread_id
        assert threads[0].parts[1] == p.CHANNEL_ID, "under the league's channel"
        [board] = h.public_posts(mark, channel=str(match.thread_id))
        assert board.files and board.pinged_user_ids()  # the player to act is pinged
        announcement = [
            c for c in h.public_posts(mark) if f"round {number} of 3 is open" in c.content
        ]
        assert len(announcement) == 1 and f"<#{match.thread_id}>" in announcement[0].content
        assert "<t:" in announcement[0].content
        mark = h.fake.mark()
        loser = PEOPLE[max(match.players)]
        if number < 3:
            await resign_in_thread(h, loser, match.thread_id)
        else:  # the last match is still running at the round's deadline
            clock.now = snap.rounds[-1].deadline
            await run_league_tick(h.bot)
            await h.settle()
            note = [c for c in h.public_posts(mark, channel=str(match.thread_id))]
            assert any("deadline passed" in c.content for c in note)
        edits = edits_of(h, mark, league.standings_message_id)
        assert len(edits) == 1 and edits[0].files, "the standings image is replaced in place"
        assert not [
            c for c in h.public_posts(mark) if "pts, " in c.content and "over" not in c.content
        ]

    league = await h.bot.leagues.get(league.id)
    assert league.status == "finished"
    snap = await h.bot.leagues.snapshot(league.id)
    champion = snap.standings[0]
    finals = [c for c in h.public_posts(mark) if "is over after 3 rounds" in c.content]
    assert len(finals) == 1 and f"Champion: <@{champion.user_id}>" in finals[0].content
    assert finals[0].files and not finals[0].pinged_user_ids()
    assert "Champion" in h.fake.message(league.standings_message_id)["content"]
    # Past seasons stay readable.
    shown = await h.slash(BOB, "league", {"league": str(league.id)}, sub="show")
    assert "Final standings after 3 rounds" in shown.content and shown.files
    listed = await h.slash(BOB, "league", sub="list")
    assert f"finished <t:{int(clock.now)}:R>; champion" in listed.content
    # Nothing left to do: another tick posts nothing.
    mark = h.fake.mark()
    await run_league_tick(h.bot)
    assert [c for c in h.fake.calls[mark:] if c.method in ("POST", "PATCH")] == []


async def test_adjudicate_and_kick_through_discord(league_bot: tuple[Harness, ManualClock]) -> None:
    h, _ = league_bot
    dave = Person("444", "Dave")
    options = {"game": "tigris", "name": "Pods", "format": "swiss", "round_days": 3, "rounds": 2}
    await h.slash(MODERATOR, "league", options, sub="create")
    [league] = await h.bot.leagues.leagues(GUILD)
    card = h.fake.message(league.signup_message_id)
    for person in (ALICE, BOB, CAROL, dave):
        await h.click(person, card, f"league:{league.id}:join")
    await h.slash(MODERATOR, "league", sub="start")  # the channel's only league
    snap = await h.bot.leagues.snapshot(league.id)
    [match] = snap.matches
    assert sorted(match.players) == sorted(int(x.id) for x in (ALICE, BOB, CAROL, dave))
    assert match.table_id is not None
    matches = await h.complete(MODERATOR, "league", "match", "", sub="adjudicate")
    assert matches == [str(match.id)]
    results = await h.complete(
        MODERATOR, "league", "result", "Carol >", {"match": str(match.id)}, sub="adjudicate"
    )
    assert results and all(r.startswith("Carol >") for r in results)
    args = {"match": str(match.id), "result": "Carol > Alice = Bob > Dave", "reason": "no-show"}
    refused = await h.slash(BOB, "league", args, sub="adjudicate")
    assert "server manager" in refused.content
    assert (await h.service.get(match.table_id)).status == "active"
    bad = await h.slash(MODERATOR, "league", {**args, "result": "Carol > Zed"}, sub="adjudicate")
    assert "'Zed' does not play this match" in bad.content
    mark = h.fake.mark()
    done = await h.slash(MODERATOR, "league", args, sub="adjudicate")
    assert "decided" in done.content
    assert (await h.service.get(match.table_id)).status == "aborted"
    thread_notes = [c.content for c in h.public_posts(mark, channel=str(match.thread_id))]
    assert any("Reason: no-show" in text for text in thread_notes)
    snap = await h.bot.leagues.snapshot(league.id)
    assert [(r.name, r.points) for r in snap.standings][:2] == [("Carol", 3), ("Alice", 1.5)]
    assert snap.current_round is not None and snap.current_round.number == 2
    # Kick Dave during round 2: a `normal` AI plays on in his seat, the others finish; he is
    # ranked last (in the match and the ratings) and not paired again.
    suggestions = await h.complete(MODERATOR, "league", "player", "da", sub="kick")
    assert suggestions == [dave.id]
    [round2] = [m for m in snap.matches if m.round == 2]
    assert round2.table_id is not None and int(dave.id) in round2.players
    mark = h.fake.mark()
    kicked = await h.slash(MODERATOR, "league", {"player": dave.id}, sub="kick")
    assert "Removed" in kicked.content
    await h.settle()
    table = await h.service.get(round2.table_id)
    assert table.status == "active" and table.seat_of(int(dave.id)) is None
    thread = [c.content for c in h.public_posts(mark, channel=str(round2.thread_id))]
    notes = [text for text in thread if "plays on in their seat" in text]
    assert notes == [
        "Dave was removed from Pods; 🤖 AI (normal) – lion plays on in their seat. The game stays "
        "rated for the others, with Dave last."
    ]
    assert "To act:" in thread[-1] and thread.index(notes[0]) < len(thread) - 1  # then a board
    snap = await h.bot.leagues.snapshot(league.id)
    [round2] = [m for m in snap.matches if m.round == 2]
    assert round2.ranking is None and snap.league.status == "running"
    # Alice resigns later: the game ends (nobody replaces her), Dave stays last.
    await h.service.resign(round2.table_id, int(ALICE.id))
    await run_league_tick(h.bot)
    snap = await h.bot.leagues.snapshot(league.id)
    [round2] = [m for m in snap.matches if m.round == 2]
    assert round2.ranking is not None and round2.ranking[-2:] == ((int(ALICE.id),), (int(dave.id),))
    assert set(round2.forfeited) == {int(ALICE.id), int(dave.id)}
    # Rated for the people: Dave's seat is Dave's in the ratings line, the AI is not rated.
    line = await final_line(h.service.db, await h.service.get(round2.table_id))
    # Each name with its seat's dynasty, as the result above it: "Dave (lion) 1416 (-84)".
    assert "Dave (lion)" in line and "AI" not in line and line.count("(") == 8
    assert snap.league.status == "finished"
    again = await h.slash(MODERATOR, "league", {"player": dave.id, "league": "Pods"}, sub="kick")
    assert "not in Pods" in again.content

"""A game plugs in with only what a title must have: take-away, which exists only in these tests,
registers itself with one call and is played through the fake Discord like a shipped title:
lobby, join, start, `/move`, board images, a private hand, a play-by-post timer and the rating at
the end. What it lacks is simply absent: no AI seats (no *Add AI* menu, `ai:` refused, an AI
timer consequence skips), no score story at the end (the replay alone), no AI review or hints,
no error logged."""

from __future__ import annotations

import logging
import random
from collections.abc import AsyncIterator, Iterator
from dataclasses import replace as replace_fields
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

import renderers
from bot import presenters, titles
from bot.games import game_names, get_game, replay
from bot.games.contract import view_problems
from bot.service import NO_AI, ServiceError
from bot.storage.pbp import PbpQueries
from bot.storage.ratings import RatingQueries
from bot.ui.pbp import run_scheduler_once
from tests.bot.helpers import (
    ALICE,
    BOB,
    Harness,
    Person,
    custom_ids,
    open_table,
    p,
    running_bot,
)
from tests.fakediscord import Call, FakeDiscord
from tests.plugin_game import TITLE
from tests.service.conftest import ManualClock

HOUR = 3600.0


@pytest.fixture
def takeaway() -> Iterator[titles.Title]:
    """Take-away registered for one test (the one registration call), then removed."""
    titles.register(TITLE)
    try:
        yield TITLE
    finally:
        titles.unregister(TITLE.name)


@pytest_asyncio.fixture
async def timed(
    takeaway: titles.Title, fake_discord: FakeDiscord, login_bot: Any, tmp_path: Path
) -> AsyncIterator[tuple[Harness, ManualClock]]:
    clock = ManualClock(1_800_000_000.0)
    async with running_bot(
        fake_discord,
        login_bot,
        tmp_path / "bot.sqlite3",
        seed=3,
        clock=clock,
        scheduler_interval=None,
        ai_workers=1,
    ) as h:
        yield h, clock


async def _tick(h: Harness, clock: ManualClock, advance: float) -> list[Call]:
    """Move the clock, run one scheduler tick, return the posts it caused."""
    clock.advance(advance)
    mark = h.fake.mark()
    await run_scheduler_once(h.bot)
    return [c for c in h.fake.calls[mark:] if c.method == "POST" and c.json is not None]


async def _move(h: Harness, who: Person, action: str) -> Call:
    """`/move` as a player types it: the autocomplete offers the action with its label."""
    offered = await h.complete(who, "move", "action", action[:-1])
    assert action in offered
    call = await h.slash(who, "move", {"action": action})
    assert call.ephemeral and call.content == f"You played `{action}`.", call.content
    return call


def test_the_registration_is_all_the_bot_learns_and_it_can_be_undone() -> None:
    assert "takeaway" not in game_names() and titles.title("takeaway") is None
    titles.register(TITLE)
    try:
        assert "takeaway" in game_names() and titles.title("takeaway") is TITLE
        assert presenters.game_title("takeaway", lang="ko") == "Take-away"
    finally:
        titles.unregister("takeaway")
    assert "takeaway" not in game_names()


async def test_take_away_is_played_whole_through_discord(
    timed: tuple[Harness, ManualClock], caplog: pytest.LogCaptureFixture
) -> None:
    h, clock = timed
    caplog.set_level(logging.WARNING)
    table = await open_table(h, "takeaway", [ALICE, BOB])
    assert table.status == "active" and table.game == "takeaway"
    people = {person.uid: person for person in (ALICE, BOB)}

    def seated(seat: int) -> Person:
        return people[table.players[seat].user_id]

    # The board is posted as the title's image, with the Hand and Act buttons.
    board = await h.board()
    assert custom_ids(board) == [
        f"board:{table.id}:{table.version}:hand",
        f"board:{table.id}:{table.version}:act",
    ]
    public = await h.service.public_view(table.id)
    [image] = h.public_posts()[-1].files
    assert image.data == renderers.render_board("takeaway", public, "en")

    # A private hand: only the clicker sees their own cards, as text and as the title's image.
    first = seated(0)
    call = await h.click(first, board, f"board:{table.id}:{table.version}:hand")
    replies = [c for c in h.fake.calls_for(call.interaction) if c.files or c.content]
    (reply,) = [c for c in replies if c.method != "POST" or not c.is_callback]
    own = await h.service.private_view(table.id, first.uid)
    assert reply.ephemeral and reply.recipient == first.id
    assert reply.content.startswith(f"Your hand: {', '.join(str(c) for c in own['hand'])}.")
    assert reply.files[0].data == renderers.render_private("takeaway", own, "en")

    # A move by /move: one board post, with the title's event sentence and a new image.
    mover = seated(public["to_act"][0])
    action = (await h.service.legal_actions(table.id, mover.uid))[-1]
    mark = h.fake.mark()
    await _move(h, mover, action)
    [post] = h.public_posts(mark)
    assert f"{mover.name} takes {action.split()[1]}" in post.json["content"]
    assert post.files[0].is_png() and post.files[0].data != image.data

    # The play-by-post timer: the AI cannot be what decides for a late player (the title has
    # none), so the choice is refused and nothing changes.
    refused = await h.slash(ALICE, "game", {"timer_hours": 2, "consequence": "ai"}, sub="timing")
    assert refused.ephemeral and refused.content == str(NO_AI), refused.content
    assert (await h.bot.pbp.options(table.id)).timer is None
    set_ = await h.slash(ALICE, "game", {"timer_hours": 2, "reminder_hours": 0}, sub="timing")
    assert "turn timer 2 h" in set_.content, set_.content
    # A table that has the AI as its consequence all the same (stored before the title lost its
    # AI) sees the late seat skipped, never a table stuck waiting for an AI: its first legal
    # action (the title names no safest one), not shown (nor does it say its actions are public).
    async with h.service.db.write() as q:
        pbp = PbpQueries(q)
        await pbp.put_options(
            table.id, replace_fields(await pbp.options(table.id), consequence="ai")
        )
    waiting = seated((await h.service.public_view(table.id))["to_act"][0])
    decided = (await h.service.legal_actions(table.id, waiting.uid))[0]
    seq = (await h.table()).seq
    [warning] = await _tick(h, clock, 1.5 * HOUR)
    assert warning.pinged_user_ids() == {waiting.id} and "runs out" in warning.content
    texts = [c.content for c in await _tick(h, clock, 0.5 * HOUR) if c.audience == "public"]
    assert f"Time ran out for {waiting.name}: the bot decided for them." in texts, texts
    assert (await h.table()).seq == seq + 1
    # The next board pings the other player and catches them up with the decided move.
    log = await h.bot.pbp.game_log(table.id, per_page=1, lang="en")
    assert log.entries[-1].number == seq + 1 and decided.split()[-1] in log.entries[-1].text()
    assert any(log.entries[-1].text() in t for t in texts), texts

    # Played to the end by /move; the result names the title and the ratings changed.
    for _ in range(20):
        table = await h.table_by_id(table.id)
        if table.status != "active":
            break
        who = seated((await h.service.public_view(table.id))["to_act"][0])
        await _move(h, who, (await h.service.legal_actions(table.id, who.uid))[0])
    assert table.status == "finished"
    await h.settle()
    final = next(c for c in h.public_posts() if "final result" in (c.content or ""))
    # the move that ended it first, then the result under its heading
    lines = final.content.splitlines()
    assert lines[1] == "**Take-away: final result**" and lines[-1].startswith("Ratings: ")
    # The replay follows the result; the title has no score story, so there is none (no error).
    names = [f.filename for c in h.public_posts() for f in c.files]
    assert f"takeaway-{table.id}-replay.gif" in names
    assert not [name for name in names if "score-story" in name]
    # Nor has it a review (no AI judge): no Review button, and `/game review` says so.
    result = h.fake.message(final.response["id"])
    assert custom_ids(result) and not [c for c in custom_ids(result) if c.startswith("review:")]
    asked = await h.slash(ALICE, "game", {"table": table.id}, sub="review")
    assert asked.ephemeral and asked.content == "This game has no AI review."
    async with h.service.db.read() as q:
        changes = await RatingQueries(q).history_of_table(table.id)
    assert {c.user_id for c in changes} == {ALICE.uid, BOB.uid}
    assert all(c.shown_after != c.shown_before for c in changes)
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []


async def test_take_away_has_no_ai_seats_and_nothing_offers_one(
    takeaway: titles.Title, harness: Harness
) -> None:
    h = harness
    # `/game new ai:easy` is refused in one sentence, and no table is opened.
    refused = await h.slash(ALICE, "game", {"game": "takeaway", "ai": "easy"}, sub="new")
    assert refused.ephemeral and refused.content == str(NO_AI), refused.content
    assert await h.service.in_channel(int(p.CHANNEL_ID)) is None
    # The lobby has Join, Leave, Start and Cancel, and no "Add AI" menu.
    opened = await h.slash(ALICE, "game", {"game": "takeaway"}, sub="new")
    assert opened.ephemeral, opened.content
    table = await h.table()
    lobby = h.fake.message(table.lobby_message_id)
    assert custom_ids(lobby) == [
        f"lobby:{table.id}:{op}" for op in ("join", "leave", "start", "cancel")
    ]
    # Nor does the service seat one (an old lobby message's menu, a direct call).
    with pytest.raises(ServiceError) as caught:
        await h.service.add_ai(table.id, ALICE.uid, "easy", can_manage=True)
    assert str(caught.value) == str(NO_AI)
    assert (await h.table()).players == table.players


async def test_take_away_offers_no_hints_option(takeaway: titles.Title, harness: Harness) -> None:
    h = harness
    # Hints come from the AI's review, which take-away has not: the option is not offered.
    offered = await h.complete(ALICE, "game", "options", "hi", {"game": "takeaway"}, sub="new")
    assert offered == []
    refused = await h.slash(
        ALICE, "game", {"game": "takeaway", "options": "rated=no hints=yes"}, sub="new"
    )
    assert refused.ephemeral and "Unknown option `hints`" in (refused.content or "")
    assert await h.service.in_channel(int(p.CHANNEL_ID)) is None


def test_take_away_keeps_the_engine_contract_in_random_games(takeaway: titles.Title) -> None:
    # Every seeded random game: a record replays to the same state, the state survives JSON,
    # the public view carries no hand, the ranking places every seat once.
    game = get_game("takeaway")
    for seed in range(40):
        rng = random.Random(seed)
        state = game.new_game(2, seed)
        actions = []
        while not game.is_over(state):
            (seat,) = game.to_act(state)
            action = rng.choice(game.legal_actions(state, seat))
            actions.append([seat, action])
            state = game.apply(state, seat, action)
            assert game.from_json(game.to_json(state)) == state
            assert "hand" not in game.view(state, None)
            for viewer in (None, 0, 1):
                assert view_problems(game.view(state, viewer)) == []
        record = {"game": "takeaway", "seats": 2, "seed": seed, "actions": actions}
        assert replay(record) == state
        ranked = sorted(seat for place in game.outcome(state)["ranking"] for seat in place)
        assert ranked == [0, 1]

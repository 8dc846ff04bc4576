"""A game plugs in whole: take-away, which exists only in these tests, registers itself with one
call and is played through the fake Discord like a shipped title: lobby, join, start, `/move`,
board images, a private hand, a play-by-post timer, an AI seat and the rating at the end."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

import renderers
from bot import presenters, titles
from bot.games import game_names, get_game, replay
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
    timed: tuple[Harness, ManualClock],
) -> None:
    h, clock = timed
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
    assert f"{mover.name} takes {action.split()[1]}." in post.json["content"]
    assert post.files[0].is_png() and post.files[0].data != image.data

    # The play-by-post timer runs out for the next player: the bot decides for them, taking the
    # title's safest decision ("pass" when it may, else its first legal action).
    set_ = await h.slash(ALICE, "game", {"timer_hours": 2, "reminder_hours": 0}, sub="timing")
    assert "turn timer 2 h" in set_.content, set_.content
    waiting = seated((await h.service.public_view(table.id))["to_act"][0])
    decided = (await h.service.legal_actions(table.id, waiting.uid))[0]
    seq = (await h.table()).seq
    [warning] = await _tick(h, clock, 1.5 * HOUR)
    assert warning.pinged_user_ids() == {waiting.id} and "runs out" in warning.content
    texts = [c.content for c in await _tick(h, clock, 0.5 * HOUR) if c.audience == "public"]
    expected = f"Time ran out for {waiting.name}: the bot decided `{decided}`"
    assert any(t.startswith(expected) for t in texts), texts
    assert (await h.table()).seq == seq + 1

    # Played to the end by /move; the result names the title and the ratings changed.
    for _ in range(20):
        table = await h.table_by_id(table.id)
        if table.status != "active":
            break
        who = seated((await h.service.public_view(table.id))["to_act"][0])
        await _move(h, who, (await h.service.legal_actions(table.id, who.uid))[0])
    assert table.status == "finished"
    final = next(  # the result (its replay follows it)
        c.json["content"]
        for c in reversed(h.public_posts())
        if any(f.filename.endswith("-record.json") for f in c.files)
    )
    assert final.startswith("**Take-away: final result**") and "\nRatings: " in final
    async with h.service.db.read() as q:
        changes = await RatingQueries(q).history_of_table(table.id)
    assert {c.user_id for c in changes} == {ALICE.uid, BOB.uid}
    assert all(c.shown_after != c.shown_before for c in changes)


async def test_an_ai_seat_plays_take_away(timed: tuple[Harness, ManualClock]) -> None:
    h, _clock = timed
    solo = p.channel("800000000000000091")
    opened = await h.slash(
        ALICE, "game", {"game": "takeaway", "ai": "easy"}, sub="new", channel=solo
    )
    assert opened.ephemeral, opened.content
    await h.settle()
    table = await h.table(solo["id"])
    ai_seat = next(s for s, player in enumerate(table.players) if player.user_id != ALICE.uid)
    ai_moves = 0
    for _ in range(20):
        if table.status != "active":
            break
        # Whenever Alice is asked to act, the AI seat has taken its turn (the bot settles).
        assert (await h.service.public_view(table.id))["to_act"] != [ai_seat]
        action = (await h.service.legal_actions(table.id, ALICE.uid))[0]
        before = table.seq
        await h.slash(ALICE, "move", {"action": action}, channel=solo)
        await h.settle()
        table = await h.table_by_id(table.id)
        ai_moves += table.seq - before - 1
    assert table.status == "finished" and ai_moves >= 1


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
        record = {"game": "takeaway", "seats": 2, "seed": seed, "actions": actions}
        assert replay(record) == state
        ranked = sorted(seat for place in game.outcome(state)["ranking"] for seat in place)
        assert ranked == [0, 1]

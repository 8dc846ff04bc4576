"""Adversarial checks of AI seats: what players and adversaries try against them in Discord."""

from __future__ import annotations

import logging
import random
from pathlib import Path
from typing import Any

import pytest

from bot.ai import choose_action
from bot.ai import seats as ai_seats
from bot.ai.turns import AiTurns
from bot.pbp.scheduler import Scheduler
from bot.pbp.usecases import PlayByPost
from bot.service import Service
from bot.ui import publish
from bot.ui.pbp import run_scheduler_once
from tests.aiplay.conftest import ITERATIONS
from tests.aiplay.test_discord import solo_table
from tests.aiplay.test_service import ai_table
from tests.bot.helpers import ALICE, Harness, running_bot
from tests.fakediscord import FakeDiscord
from tests.service.conftest import ANN, ManualClock

HOUR = 3600.0


async def test_a_lobby_with_only_ai_seats_does_not_start(harness: Harness) -> None:
    """The creator seats two AIs and leaves: Start is refused (a table nobody plays is
    pointless) and the lobby stays open; once the creator sits again, it starts."""
    h = harness
    await h.slash(ALICE, "game", {"game": "tigris", "seats": 3}, sub="new")
    table = await h.table()
    menu = f"lobby:{table.id}:ai"
    for level in ("easy", "strong"):
        await h.pick(ALICE, h.fake.message(table.lobby_message_id), menu, level)
    await h.click(ALICE, h.fake.message(table.lobby_message_id), f"lobby:{table.id}:leave")
    mark = h.fake.mark()
    refused = await h.click(
        ALICE, h.fake.message(table.lobby_message_id), f"lobby:{table.id}:start"
    )
    assert refused.ephemeral and "at least one person" in (refused.content or "")
    assert (await h.table()).status == "lobby" and h.public_posts(mark) == []
    await h.click(ALICE, h.fake.message(table.lobby_message_id), f"lobby:{table.id}:join")
    started = await h.click(
        ALICE, h.fake.message(table.lobby_message_id), f"lobby:{table.id}:start"
    )
    assert "Started" in (started.content or "")
    assert (await h.table()).status == "active"


@pytest.mark.parametrize("ending", ["abort", "resign"])
async def test_an_ai_answer_for_a_table_that_ended_meanwhile_is_dropped_quietly(
    service: Service, caplog: pytest.LogCaptureFixture, ending: str
) -> None:
    """The game ends (aborted, or the last person resigns) while the AI is thinking: its
    answer lands nowhere, and no error is logged for it."""
    table = await ai_table(service, "targi", (ANN,), ("normal",))
    legal = await service.legal_actions(table.id, ANN.user_id)
    await service.submit(table.id, ANN.user_id, legal[0])

    async def decide_while_the_game_ends(
        game: str, view: dict[str, Any], actions: list[str], level: str, seed: int
    ) -> str:
        if ending == "abort":
            await service.abort(table.id, ANN.user_id, can_manage=False)
        else:
            await service.resign(table.id, ANN.user_id)
        return actions[0]

    turns = AiTurns(service, decide_while_the_game_ends)
    seq = (await service.get(table.id)).seq
    with caplog.at_level(logging.INFO):
        assert await turns.play_once(table.id) is None
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []
    ended = await service.get(table.id)
    assert ended.status != "active" and ended.seq == seq


async def test_a_refused_ai_action_is_logged_without_the_action(
    service: Service, caplog: pytest.LogCaptureFixture
) -> None:
    """Only a bug can make the engine refuse an AI's action; the log then names the table, the
    seat and the kind of refusal, never the action or the engine's sentence (either could name a
    card the AI holds)."""
    table = await ai_table(service, "targi", (ANN,), ("normal",))
    legal = await service.legal_actions(table.id, ANN.user_id)
    await service.submit(table.id, ANN.user_id, legal[0])
    secret = "display 1 9D 9S 9P"  # well-formed, never legal here

    async def decide_wrongly(
        game: str, view: dict[str, Any], actions: list[str], level: str, seed: int
    ) -> str:
        return secret

    with caplog.at_level(logging.DEBUG):
        assert await AiTurns(service, decide_wrongly).play_once(table.id) is None
    refused = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert refused, "the refusal is logged"
    for record in caplog.records:
        text = record.getMessage() + (
            logging.Formatter().formatException(record.exc_info) if record.exc_info else ""
        )
        assert "9D" not in text and secret not in text


async def test_a_game_against_the_ai_in_history_rating_and_leaderboard(harness: Harness) -> None:
    """Alice resigns a solo game: her `/history` lists it as not rated against the marked AI;
    neither `/rating` nor `/leaderboard` knows a rating of anyone (the AI least of all)."""
    h = harness
    table = await solo_table(h, "targi", "normal")
    ask = await h.slash(ALICE, "game", sub="resign")
    version = (await h.table_by_id(table.id)).version
    await h.click(ALICE, h.message_of(ask), f"confirm:{table.id}:{version}:resign")
    assert (await h.table_by_id(table.id)).status == "finished"
    history = (await h.slash(ALICE, "history")).content or ""
    assert f"#{table.id} Targi" in history
    assert "place 2 of 2 · vs 🤖 AI (normal) (Alice resigned) · not rated" in history
    rating = (await h.slash(ALICE, "rating")).content or ""
    assert rating.startswith("Alice has no rated games on this server yet"), rating
    board = (await h.slash(ALICE, "leaderboard", {"game": "targi"})).content or ""
    assert "no rated games yet" in board and "AI" not in board


async def test_a_solo_table_its_person_left_is_abandoned_though_the_ai_plays_between(
    service: Service, clock: ManualClock
) -> None:
    """Ann stops playing her game against the AI: the timer skips her decisions and the AI
    plays its own turns in between. The AI's moves are not a person's, so after two whole
    rounds of Ann's decisions skipped the table is abandoned, as at a table of people."""
    table = await ai_table(service, "tigris", (ANN,), ("easy",))
    pbp = PlayByPost(service)
    await pbp.set_options(table.id, ANN.user_id, can_manage=False, reminder=None, timer=HOUR)
    scheduler = Scheduler(pbp)
    turns = AiTurns(service, quick_ai)
    skips = []
    for _ in range(12):
        while await turns.play_once(table.id) is not None:
            pass  # the AI's turn
        clock.advance(HOUR)
        done = [d for d in await scheduler.tick() if d.kind == "expired"]
        if not done:
            clock.advance(HOUR)
            done = [d for d in await scheduler.tick() if d.kind == "expired"]
        (expired,) = done
        skips.append(expired.consequence)
        if expired.consequence == "abandoned":
            break
    # Two rounds: Ann's two decisions of a turn, twice, the AI's turns in between.
    assert skips == ["skip", "skip", "skip", "abandoned"]
    after = await service.get(table.id)
    assert (after.status, after.end_reason) == ("aborted", "aborted")
    async with service.db.read() as q:
        movers = [a.user_id for a in await q.actions(table.id)]
    assert movers.count(ANN.user_id) == 4 and any(ai_seats.is_ai(u) for u in movers)


async def quick_ai(
    game: str, view: dict[str, Any], actions: list[str], level: str, seed: int
) -> str:
    """An AI seat's decision without a worker pool: the `easy` AI on the event loop."""
    return choose_action(game, view, actions, level, seed)


class Crash(Exception):
    """The bot stopping at this point (what follows never happens)."""


class StopOnce:
    """Stops the bot once: at the ``countdown``-th AI decision, while the AI is deciding
    (``where`` "deciding") or right after that move was committed, before its board went out
    ("showing")."""

    def __init__(self, h: Harness, where: str | None, countdown: int) -> None:
        self.where = where
        self.countdown = countdown
        self.calls = 0
        self.stopped = False
        self._decide = h.bot.ai_player.turns.decide
        self._show = publish.after_move

    async def decide(self, *args: Any) -> str:
        self.calls += 1
        if self.where == "deciding" and self.calls == self.countdown:
            self.stopped = True
            raise Crash("the bot stopped while the AI was deciding")
        answer: str = await self._decide(*args)
        return answer

    async def after_move(self, *args: Any, **kwargs: Any) -> None:
        if self.where == "showing" and self.calls == self.countdown and not self.stopped:
            self.stopped = True
            raise Crash("the bot stopped after the AI's move was committed")
        await self._show(*args, **kwargs)


async def test_restarts_while_three_ais_play_in_a_row_take_each_decision_once(
    fake_discord: FakeDiscord, login_bot: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice against three AIs at a 4-seat T&E table (two actions a turn, so six AI decisions
    in a row): the bot stops while an AI is deciding, or right after an AI move was committed
    and before its board went out, again and again. Each restart takes the game up where it
    stood: every AI decision once, every board once, the game going on."""
    path = tmp_path / "bot.sqlite3"
    rng = random.Random(5)
    posted: list[str] = []
    table_id = 0
    for where in ["deciding", "showing"] * 3 + [None]:
        async with running_bot(
            fake_discord,
            login_bot,
            path,
            seed=19,
            scheduler_interval=None,
            ai_workers=1,
            ai_iterations=ITERATIONS,
        ) as h:
            stopper = StopOnce(h, where, rng.randint(1, 5))
            h.bot.ai_player.turns.decide = stopper.decide
            monkeypatch.setattr(publish, "after_move", stopper.after_move)
            mark = h.fake.mark()
            if not table_id:
                await h.slash(ALICE, "game", {"game": "tigris", "ai": "normal"}, sub="new")
                table_id = (await h.table()).id
            else:
                await run_scheduler_once(h.bot)  # what the restarted bot does when ready
                await h.settle()
            for _ in range(10):
                table = await h.table_by_id(table_id)
                waiting = [table.players[s].user_id for s in await h.service.to_act(table_id)]
                if table.status != "active" or ALICE.uid not in waiting:
                    break  # over, or an AI's decision waits: the bot stopped
                legal = await h.service.legal_actions(table_id, ALICE.uid)
                await h.slash(ALICE, "move", {"action": rng.choice(legal)})
            posted += [
                i for c in h.public_posts(mark) for i in c.custom_ids() if i.endswith(":act")
            ]
            monkeypatch.undo()
            assert stopper.stopped == (where is not None)
    assert len(posted) == len(set(posted)), "a board was posted twice"
    async with running_bot(fake_discord, login_bot, path, seed=19, scheduler_interval=None) as h:
        table = await h.table_by_id(table_id)
        async with h.service.db.read() as q:
            logged = await q.actions(table_id)
    assert [a.seq for a in logged] == list(range(table.seq))
    assert len([a for a in logged if a.user_id < 0]) >= 6 * 3
    assert table.posted_version == table.version
    assert f"board:{table_id}:{table.version}:act" in posted or table.status != "active"


async def test_a_take_back_while_the_ai_decides_drops_its_answer(service: Service) -> None:
    """Ann places her Targi and takes it back while the AI is already deciding its answer:
    the answer, computed for a board that no longer exists, is never applied; Ann is to act."""
    table = await ai_table(service, "targi", (ANN,), ("normal",))
    legal = await service.legal_actions(table.id, ANN.user_id)
    await service.submit(table.id, ANN.user_id, legal[0])
    pbp = PlayByPost(service)
    asked: list[str] = []

    async def decide_while_ann_takes_back(
        game: str, view: dict[str, Any], actions: list[str], level: str, seed: int
    ) -> str:
        if not asked:
            asked.append((await pbp.request_takeback(table.id, ANN.user_id)).status)
        return await quick_ai(game, view, actions, level, seed)

    assert await AiTurns(service, decide_while_ann_takes_back).play_once(table.id) is None
    assert asked == ["undone"]
    after = await service.get(table.id)
    assert after.seq == 0 and await service.to_act(table.id) == (0,)


async def test_a_solo_game_does_not_promise_a_replacement_for_its_only_person(
    harness: Harness,
) -> None:
    """The last person at a table is never replaced (the AIs do not play on alone), so a solo
    T&E game's opening message does not say a player who resigns is replaced; a lobby that
    people may still join does."""
    h = harness
    table = await solo_table(h, "tigris", "easy", seats=3)
    opening = h.fake.message(table.lobby_message_id)["content"]
    assert "Seated (3/3): Alice, 🤖 AI (easy), 🤖 AI (easy) 2." in opening
    assert "replaced by a normal AI" not in opening
    ask = await h.slash(ALICE, "game", sub="resign")
    assert "The game ends for everyone" in (ask.content or "")


async def test_a_resignation_confirmed_after_the_ais_moved_goes_through(
    harness: Harness,
) -> None:
    """Alice asks to resign while the AIs still play their turns (six AI decisions at 1.5 s
    each in a real game): she confirms after they moved. Only AI seats changed the board, so
    her "Yes, resign" counts; a person's change since still makes it stale."""
    h = harness
    table = await solo_table(h, "tigris", "easy", seats=3)
    # Alice's turn, committed without the bot showing it: the AIs wait.
    while legal := await h.service.legal_actions(table.id, ALICE.uid):
        await h.service.submit(table.id, ALICE.uid, "pass" if "pass" in legal else legal[0])
    asked = await h.slash(ALICE, "game", sub="resign")
    offered = (await h.table_by_id(table.id)).version
    await run_scheduler_once(h.bot)  # the board goes out, the AIs play their turns
    await h.settle()
    moved = await h.table_by_id(table.id)
    assert moved.version >= offered + 4 and await h.service.to_act(table.id) == (0,)
    mark = h.fake.mark()
    done = await h.click(ALICE, h.message_of(asked), f"confirm:{table.id}:{offered}:resign")
    assert "You resigned." in (done.content or ""), done.content
    ended = await h.table_by_id(table.id)
    assert (ended.status, ended.end_reason) == ("finished", "resigned")
    assert "Alice resigned." in h.public_posts(mark)[0].json["content"]


async def test_a_confirmation_from_before_a_persons_move_stays_stale(harness: Harness) -> None:
    """Alice's own move since she was asked: the board changed by a person's hand, so her old
    "Yes, abort" answers "the board has changed" and the game goes on."""
    h = harness
    table = await solo_table(h, "tigris", "easy", seats=2)
    asked = await h.slash(ALICE, "game", sub="abort")
    offered = (await h.table_by_id(table.id)).version
    legal = await h.service.legal_actions(table.id, ALICE.uid)
    await h.slash(ALICE, "move", {"action": next(a for a in legal if a.startswith("leader "))})
    stale = await h.click(ALICE, h.message_of(asked), f"confirm:{table.id}:{offered}:abort")
    assert "The board has changed" in (stale.content or ""), stale.content
    assert (await h.table_by_id(table.id)).status == "active"

"""AI seats through the fake Discord (every request checked against Discord's OpenAPI spec):
a solo game from `/game new ... ai:` to the unrated final result, "Add AI" in a lobby, nobody
pings or messages an AI, a decision in flight at a restart taken once, a resignation handed
to an AI, the take-back an AI agrees to."""

from __future__ import annotations

import asyncio
import random

from bot.ai import choose_action
from bot.ai import seats as ai_seats
from bot.ai.worker import decision_seed
from bot.service import Table
from bot.storage.ratings import RatingQueries
from bot.ui.pbp import run_scheduler_once
from tests.aiplay.conftest import ITERATIONS
from tests.bot.helpers import ALICE, BOB, CAROL, Harness, Person, custom_ids, updated_clicked
from tests.fakediscord import Call


def never_to_an_ai(h: Harness) -> None:
    """No request pinged an AI seat or opened a direct message with one."""
    for call in h.fake.calls:
        assert all(int(u) >= 0 for u in call.pinged_user_ids()), call
        if call.method == "POST" and call.path.endswith("/users/@me/channels"):
            assert int(call.json["recipient_id"]) >= 0, call
        mentions = (call.json or {}).get("allowed_mentions") or {}
        assert all(int(u) >= 0 for u in mentions.get("users") or []), call
        assert "<@-" not in (call.content or "")


async def play_as(h: Harness, who: Person, table_id: int, seed: int = 1) -> int:
    """``who`` types seeded random legal actions with `/move` whenever they must act (the AI
    answers in between) until the game ends; how many moves they made."""
    rng = random.Random(seed)
    for made in range(600):
        table = await h.table_by_id(table_id)
        if table.status != "active":
            return made
        legal = await h.service.legal_actions(table_id, who.uid)
        assert legal, "the AI left the game waiting"  # settle() waited for the AI's task
        start = len(h.fake.calls)
        call = await h.slash(who, "move", {"action": rng.choice(legal)})
        # The answer says the move was played; once the AI has answered, the same private
        # message may have turned into the player's next decision (their open menu).
        answers = [c for c in h.fake.calls[start:] if c.ephemeral and c.content]
        assert call.ephemeral and answers, call
        assert "You played" in (answers[0].content or ""), answers[0].content
    raise AssertionError("the game did not end")


async def test_a_solo_game_against_the_ai_from_new_to_the_unrated_result(
    harness: Harness,
) -> None:
    h = harness
    opened = await h.slash(ALICE, "game", {"game": "targi", "ai": "normal"}, sub="new")
    assert opened.ephemeral and "against the AI" in (opened.content or "")
    table = await h.table()
    assert [p.name for p in table.players] == ["Alice", "AI (normal)"]
    assert table.players[1].user_id == -21 and table.status == "active"
    opening = h.fake.message(table.lobby_message_id)
    assert "Seated (2/2): Alice, 🤖 AI (normal)." in opening["content"]
    assert custom_ids(opening) == []  # started at once: no lobby buttons
    made = await play_as(h, ALICE, table.id)
    final = await h.table_by_id(table.id)
    assert final.status == "finished" and final.end_reason == "over"
    assert 20 < made < final.seq  # the AI played its own decisions
    record = await h.service.record(table.id)
    assert {seat for seat, _ in record["actions"]} == {0, 1}
    # the result (its replay and score story follow it as a reply)
    (result_post,) = [
        c for c in h.public_posts() if any(f.filename.endswith("-record.json") for f in c.files)
    ]
    assert "🤖 AI (normal)" in result_post.json["content"]
    async with h.service.db.read() as q:
        result = await RatingQueries(q).result(table.id)
        assert await RatingQueries(q).all_ratings() == []
    assert result is not None and not result.rated
    assert result.unrated_why == "a seat was not played by a person"
    boards = boards_of(h.public_posts())
    assert len(boards) > 20 and all(c.pinged_user_ids() <= {ALICE.id} for c in boards)
    never_to_an_ai(h)


async def test_add_ai_in_the_lobby_then_start(harness: Harness) -> None:
    h = harness
    await h.slash(ALICE, "game", {"game": "tigris", "seats": 3}, sub="new")
    table = await h.table()
    lobby = h.fake.message(table.lobby_message_id)
    menu = f"lobby:{table.id}:ai"
    refused = await h.pick(BOB, lobby, menu, "easy")  # not the creator
    assert refused.ephemeral and "Only the player who opened" in (refused.content or "")
    added = await h.pick(ALICE, lobby, menu, "strong")
    assert updated_clicked(added) and "Alice, 🤖 AI (strong)" in added.content
    lobby = h.fake.message(table.lobby_message_id)
    await h.pick(ALICE, lobby, menu, "easy")
    lobby = h.fake.message(table.lobby_message_id)
    assert "Seated (3/3): Alice, 🤖 AI (strong), 🤖 AI (easy)." in lobby["content"]
    full = await h.pick(ALICE, lobby, menu, "normal")
    assert full.ephemeral and "All 3 seats are taken" in (full.content or "")
    removed = await h.pick(ALICE, h.fake.message(table.lobby_message_id), menu, "remove")
    assert "Seated (2/3): Alice, 🤖 AI (strong)." in removed.content
    await h.pick(ALICE, h.fake.message(table.lobby_message_id), menu, "easy")
    assert [p.user_id for p in (await h.table()).players] == [ALICE.uid, -31, -11]
    mark = h.fake.mark()
    lobby = h.fake.message(table.lobby_message_id)
    started = await h.click(ALICE, lobby, f"lobby:{table.id}:start")
    assert "Started" in started.content
    table = await h.table()
    assert table.status == "active"
    # Alice opens; once she has played both actions the two AIs play their turns in order.
    for _ in range(2):
        legal = await h.service.legal_actions(table.id, ALICE.uid)
        await h.slash(ALICE, "move", {"action": "pass" if "pass" in legal else legal[0]})
    table = await h.table()
    assert table.seq >= 6 and await h.service.to_act(table.id) == (0,)
    assert h.public_posts(mark)
    never_to_an_ai(h)


async def test_a_decision_in_flight_at_a_restart_is_taken_once(harness: Harness) -> None:
    h = harness
    table = await solo_table(h, "targi", "normal")
    # Alice moved; the bot stopped after showing the board, before the AI answered.
    legal = await h.service.legal_actions(table.id, ALICE.uid)
    moved = await h.service.submit(table.id, ALICE.uid, legal[0])
    await h.service.set_posted(table.id, moved.table.version, None, (1,))
    assert await h.service.ai_to_act() == [(table.id, 1, -21)]
    decision = await h.service.seat_decision(table.id, 1)
    assert decision is not None
    _, view, actions = decision
    seed = decision_seed(table.seed, moved.table.version, 1)
    wanted = choose_action("targi", view, actions, "normal", seed, iterations=ITERATIONS)

    mark = h.fake.mark()
    # The restarted bot's first tick, twice at once: the version guard lets one answer in.
    await asyncio.gather(run_scheduler_once(h.bot), run_scheduler_once(h.bot))
    await h.settle()
    record_after = await h.service.get(table.id)
    async with h.service.db.read() as q:
        actions_logged = await q.actions(table.id)
    ai_moves = [a for a in actions_logged if a.seq == 1]
    assert [(a.seat, a.action) for a in ai_moves] == [(1, wanted)]
    assert record_after.seq >= 2
    assert len(boards_of(h.public_posts(mark))) >= 1
    assert h.public_posts(mark)[-1].pinged_user_ids() <= {ALICE.id}
    mark = h.fake.mark()
    await run_scheduler_once(h.bot)  # nothing left to do
    await h.settle()
    assert h.public_posts(mark) == [] and (await h.service.get(table.id)).seq == record_after.seq
    never_to_an_ai(h)


async def test_a_resigning_player_is_replaced_and_the_others_finish(harness: Harness) -> None:
    h = harness
    await h.slash(ALICE, "game", {"game": "tigris", "seats": 3}, sub="new")
    table = await h.table()
    for who in (BOB, CAROL):
        await h.click(who, h.fake.message(table.lobby_message_id), f"lobby:{table.id}:join")
    lobby = h.fake.message(table.lobby_message_id)
    assert "replaced by a normal AI" in lobby["content"]
    await h.click(ALICE, lobby, f"lobby:{table.id}:start")
    table = await h.table()
    ask = await h.slash(BOB, "game", sub="resign")
    assert "A normal AI takes over your seat" in (ask.content or "")
    mark = h.fake.mark()
    await h.click(BOB, h.message_of(ask), f"confirm:{table.id}:{table.version}:resign")
    after = await h.table()
    assert after.status == "active" and after.players[1].user_id == -21
    note = h.public_posts(mark)[0].json["content"]
    # The AI's name carries the seat's dynasty (Bob's seat, the bull's), as the board marks it.
    assert "Bob resigned; 🤖 AI (normal) – bull plays on in their seat" in note
    # Alice and Carol play on; the AI plays Bob's turns.
    rng = random.Random(2)
    people = {ALICE.uid: ALICE, CAROL.uid: CAROL}
    for _ in range(60):
        async with h.service.db.read() as q:
            logged = await q.actions(after.id)
        if any(a.user_id == -21 for a in logged[after.seq :]):
            break
        table = await h.table_by_id(after.id)
        seats = [s for s in await h.service.to_act(table.id) if s != 1]
        assert seats, "the AI left the game waiting"
        who = people[table.players[rng.choice(seats)].user_id]
        legal = await h.service.legal_actions(table.id, who.uid)
        await h.slash(who, "move", {"action": rng.choice(legal)})
    else:
        raise AssertionError("the AI never played the replaced seat")
    assert await h.service.replaced_seats(after.id) == [(1, BOB.uid, "Bob", "resigned")]
    log = await h.slash(ALICE, "game", sub="log")
    assert "🤖 AI (normal)" in (log.content or "")
    board = h.public_posts()[-1]
    assert board.pinged_user_ids() <= {ALICE.id, CAROL.id}
    never_to_an_ai(h)


async def test_a_take_back_against_the_ai_needs_nobody_to_approve(harness: Harness) -> None:
    h = harness
    table = await solo_table(h, "tigris", "easy", seats=2)
    # Alice's first action of her turn: the AI does not act in between.
    legal = await h.service.legal_actions(table.id, ALICE.uid)
    leader = next(a for a in legal if a.startswith("leader "))
    await h.slash(ALICE, "move", {"action": leader})
    before = await h.table()
    asked = await h.slash(ALICE, "game", sub="takeback")
    assert "taken back" in (asked.content or "")
    after = await h.table()
    assert after.seq == before.seq - 1 and after.version > before.version
    never_to_an_ai(h)


async def solo_table(h: Harness, game: str, level: str, seats: int | None = None) -> Table:
    options: dict[str, object] = {"game": game, "ai": level}
    if seats is not None:
        options["seats"] = seats
    await h.slash(ALICE, "game", options, sub="new")
    table = await h.table()
    assert all(ai_seats.ai_level(p.user_id) == level for p in table.players[1:])
    return table


def boards_of(calls: list[Call]) -> list[Call]:
    return [c for c in calls if any(i.endswith(":act") for i in c.custom_ids())]


async def test_the_timer_lets_the_normal_ai_decide_for_an_absent_player(harness: Harness) -> None:
    h = harness
    await h.slash(ALICE, "game", {"game": "tigris", "seats": 2}, sub="new")
    table = await h.table()
    await h.click(BOB, h.fake.message(table.lobby_message_id), f"lobby:{table.id}:join")
    await h.click(ALICE, h.fake.message(table.lobby_message_id), f"lobby:{table.id}:start")
    timing = await h.slash(ALICE, "game", {"timer_hours": 1, "consequence": "ai"}, sub="timing")
    assert "the normal AI decides" in (timing.content or "")
    table = await h.table()
    (seat,) = await h.service.to_act(table.id)
    absent = table.players[seat]
    start = h.service.clock()
    mark = h.fake.mark()
    await run_scheduler_once(h.bot, now=start + 50 * 60)
    (warning,) = h.public_posts(mark)
    assert "the normal AI takes the decision for you" in warning.json["content"]
    assert warning.pinged_user_ids() == {str(absent.user_id)}
    mark = h.fake.mark()
    await run_scheduler_once(h.bot, now=start + 2 * 3600)
    await h.settle()
    note = h.public_posts(mark)[0].json["content"]
    dynasty = ("archer", "bull", "pot", "lion")[seat]  # beside the name, as the board marks it
    assert f"Time ran out for {absent.name} ({dynasty}): the normal AI decided" in note
    async with h.service.db.read() as q:
        (logged,) = await q.actions(table.id)
    assert (logged.seat, logged.user_id) == (seat, absent.user_id)
    never_to_an_ai(h)

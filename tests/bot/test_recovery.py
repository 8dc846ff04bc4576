"""Whatever the database holds reaches the channel, exactly once and in order: a move or a start
committed just before a crash, a final result never posted, boards of two quick moves, dead
buttons on superseded boards, stale tokens after a take-back, double clicks."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.games import game_names
from bot.service import Player, Table
from bot.ui.pbp import run_scheduler_once
from bot.ui.publish import after_move, catch_up
from tests.bot.helpers import (
    ALICE,
    BOB,
    MALLORY,
    MODERATOR,
    Harness,
    Person,
    custom_ids,
    open_table,
)
from tests.fakediscord import Call, jresp
from tests.fakediscord import payloads as p

pytestmark = pytest.mark.skipif("tigris" not in game_names(), reason="T&E engine not merged yet")

PEOPLE = {ALICE.uid: ALICE, BOB.uid: BOB}


def boards(calls: list[Call]) -> list[Call]:
    """The posted boards among ``calls`` (messages carrying the Act button)."""
    return [c for c in calls if any(i.endswith(":act") for i in c.custom_ids())]


async def to_act(h: Harness, table: Table) -> Person:
    view = await h.service.public_view(table.id)
    (seat,) = view["to_act"]
    return PEOPLE[table.players[seat].user_id]


async def crash_after_commit(h: Harness, table: Table) -> tuple[Person, str]:
    """A move committed by the service whose board never went out (the bot died right after
    confirming it): the player to act, the action."""
    actor = await to_act(h, table)
    action = (await h.service.legal_actions(table.id, actor.uid))[0]
    await h.service.submit(table.id, actor.uid, action)
    return actor, action


async def test_a_move_committed_before_a_crash_is_posted_once_after_the_restart(
    harness: Harness,
) -> None:
    h = harness
    table = await open_table(h, "targi", [ALICE, BOB])
    old_board = table.board_message_id
    actor, action = await crash_after_commit(h, table)
    current = await h.service.get(table.id)
    assert current.posted_version < current.version

    mark = h.fake.mark()
    await run_scheduler_once(h.bot)  # what the restarted bot does as soon as it is ready
    (board,) = boards(h.public_posts(mark))
    assert f"board:{table.id}:{current.version}:act" in board.custom_ids()
    waiting = await to_act(h, current)
    assert board.pinged_user_ids() == ({waiting.id} if waiting != actor else set())
    if waiting == actor:
        assert f"played `{action}`" in board.json["content"]
    else:  # the ping catches up from the stored log: no process remembers the move
        # Their first decision: from the deal on.
        log = await h.bot.pbp.game_log(table.id, per_page=50, lang="en")
        assert [e.number for e in log.entries] == [0, 1]
        # the cue, the catch-up, the status line (the small print under it aside)
        lines = [x for x in board.json["content"].split("\n") if not x.startswith("-# ")]
        told = lines[1:-1]
        assert told == [e.text() for e in log.entries]
    after = await h.service.get(table.id)
    assert after.board_message_id == int(board.response["id"])
    assert after.posted_version == after.version
    assert custom_ids(h.fake.message(old_board)) == [], "the older board lost its buttons"

    mark = h.fake.mark()
    await run_scheduler_once(h.bot)  # the next tick: nothing left to show
    assert h.public_posts(mark) == []


async def test_a_start_committed_before_a_crash_gets_its_board(harness: Harness) -> None:
    h = harness
    await h.slash(ALICE, "game", {"game": "tigris", "seats": 2}, sub="new")
    table = await h.table()
    await h.service.join(table.id, Player(BOB.uid, BOB.name))
    started = await h.service.start(table.id, ALICE.uid, can_manage=False)
    mark = h.fake.mark()
    await run_scheduler_once(h.bot)
    (board,) = boards(h.public_posts(mark))
    first = await to_act(h, started)
    assert board.pinged_user_ids() == {first.id}
    assert custom_ids(board.json) == [
        f"board:{table.id}:{started.version}:hand",
        f"board:{table.id}:{started.version}:act",
    ]


async def test_a_crash_after_the_post_before_it_was_recorded_posts_nothing_twice(
    harness: Harness,
) -> None:
    h = harness
    table = await open_table(h, "targi", [ALICE, BOB])
    actor = await to_act(h, table)
    action = (await h.service.legal_actions(table.id, actor.uid))[0]
    await h.slash(actor, "move", {"action": action})
    posted = await h.service.get(table.id)
    # Roll back to the moment after the post, before it was recorded: the database still
    # names the older board as shown, and that board still has its buttons.
    async with h.service.db.write() as q:
        await q.executor.change(
            "UPDATE game_tables SET posted_version = ?, board_message_id = ? WHERE id = ?",
            [table.version, table.board_message_id, table.id],
        )
    (first_post,) = [
        c for c in boards(h.fake.calls) if c.response["id"] == str(table.board_message_id)
    ]
    h.fake.messages[str(table.board_message_id)]["components"] = first_post.response["components"]
    mark = h.fake.mark()
    await run_scheduler_once(h.bot)
    assert h.public_posts(mark) == [], "the board was already in the channel"
    after = await h.service.get(table.id)
    assert after.posted_version == after.version
    assert after.board_message_id == posted.board_message_id
    assert custom_ids(h.fake.message(table.board_message_id)) == []


async def test_a_final_result_never_posted_is_posted_once(harness: Harness) -> None:
    h = harness
    table = await open_table(h, "tigris", [ALICE, BOB])
    await h.service.resign(table.id, BOB.uid)  # the bot died before announcing it
    mark = h.fake.mark()
    await run_scheduler_once(h.bot)
    (final,) = h.public_posts(mark)
    assert any(f.filename == f"tigris-{table.id}-record.json" for f in final.files)
    assert custom_ids(h.fake.message(table.board_message_id)) == []
    mark = h.fake.mark()
    await run_scheduler_once(h.bot)
    assert h.public_posts(mark) == []


async def test_an_older_board_is_never_posted_after_a_newer_one(harness: Harness) -> None:
    # Two moves of one table processed at nearly the same time: the first move's board is only
    # about to be posted when the second is committed. Only the newest state is shown.
    h = harness
    table = await open_table(h, "tigris", [ALICE, BOB])
    actor = await to_act(h, table)
    legal = await h.service.legal_actions(table.id, actor.uid)
    first = await h.service.submit(table.id, actor.uid, next(a for a in legal if "tile" in a))
    second = await h.service.submit(table.id, actor.uid, "pass")
    mark = h.fake.mark()
    await after_move(h.bot, second)
    await after_move(h.bot, first)  # late: a newer board exists
    (board,) = boards(h.public_posts(mark))
    current = await h.service.get(table.id)
    assert f"board:{table.id}:{current.version}:act" in board.custom_ids()
    assert current.board_message_id == int(board.response["id"])


async def test_superseded_boards_lose_their_buttons_and_a_failed_edit_changes_nothing(
    harness: Harness,
) -> None:
    h = harness
    table = await open_table(h, "targi", [ALICE, BOB])
    first_board = table.board_message_id
    actor = await to_act(h, table)
    action = (await h.service.legal_actions(table.id, actor.uid))[0]
    await h.slash(actor, "move", {"action": action})
    assert custom_ids(h.fake.message(first_board)) == []
    second = await h.service.get(table.id)
    assert custom_ids(h.fake.message(second.board_message_id)) != []

    del h.fake.messages[str(second.board_message_id)]  # someone deleted the board
    actor = await to_act(h, second)
    action = (await h.service.legal_actions(table.id, actor.uid))[0]
    mark = h.fake.mark()
    played = await h.slash(actor, "move", {"action": action})
    assert played.content == f"You played `{action}`."
    (board,) = boards(h.public_posts(mark))
    third = await h.service.get(table.id)
    assert third.seq == 2 and third.board_message_id == int(board.response["id"])
    failed = [c for c in h.fake.calls[mark:] if c.method == "PATCH" and c.status == 404]
    assert len(failed) == 1


async def test_a_stale_abort_confirmation_is_refused(harness: Harness) -> None:
    h = harness
    table = await open_table(h, "targi", [ALICE, BOB])
    ask = await h.slash(MODERATOR, "game", sub="abort")
    confirmation = h.message_of(ask)
    actor = await to_act(h, table)
    await h.slash(
        actor, "move", {"action": (await h.service.legal_actions(table.id, actor.uid))[0]}
    )
    mark = h.fake.mark()
    (confirm,) = custom_ids(confirmation)
    late = await h.click(MODERATOR, confirmation, confirm)
    assert "board has changed" in late.content
    assert (await h.service.get(table.id)).status == "active"
    assert h.public_posts(mark) == []


async def _menu_click(h: Harness, who: Person, menu: dict[str, Any], action: str) -> Call:
    """Choose ``action`` in an Act menu (a button, or a select offering it)."""
    for custom_id in custom_ids(menu):
        if custom_id.endswith(f":{action}"):
            return await h.click(who, menu, custom_id)
    for row in menu["components"]:
        for select in row["components"]:
            values = [o["value"] for o in select.get("options", [])]
            if f"a:{action}" in values:
                return await h.pick(who, menu, select["custom_id"], f"a:{action}")
    raise AssertionError(f"{action} is not in the menu")


async def test_a_menu_offered_before_a_take_back_stays_dead(harness: Harness) -> None:
    # The take-back brings the move count back down; after the next move it equals the count
    # the old menu was offered at. The menu's token must not come back to life with it.
    h = harness
    table = await open_table(h, "targi", [ALICE, BOB])
    first = await to_act(h, table)
    second = BOB if first == ALICE else ALICE
    await h.slash(first, "move", {"action": "place 2"})
    board = await h.board()
    moved = await h.service.get(table.id)
    act = next(i for i in custom_ids(board) if i.endswith(":act"))
    menu = h.message_of(await h.click(second, board, act))
    await h.slash(first, "game", {}, sub="takeback")
    undone = await h.bot.pbp.answer_takeback(table.id, second.uid, approve=True)
    assert undone.status == "undone"
    await h.slash(first, "move", {"action": "place 3"})
    again = await h.service.get(table.id)
    assert again.seq == moved.seq
    legal = await h.service.legal_actions(table.id, second.uid)
    offered = [a for a in legal if a.startswith("place ")]
    late = await _menu_click(h, second, menu, offered[-1])
    assert "board has changed" in late.content
    assert (await h.service.get(table.id)).seq == again.seq


async def test_a_double_click_on_open_in_a_thread_opens_one(harness: Harness) -> None:
    h = harness
    await h.slash(ALICE, "game", {"game": "tigris", "seats": 2}, sub="new")
    busy = await h.slash(BOB, "game", {"game": "targi"}, sub="new")
    offer = h.message_of(busy)
    (button,) = busy.custom_ids()
    payloads = [
        p.button(button, message_data=offer, user_id=BOB.id, permissions=BOB.permissions)
        for _ in range(2)
    ]
    for payload in payloads:
        h.inproc.send(payload)
    await h.settle()
    threads = [c for c in h.fake.calls if c.template == "/channels/{channel_id}/threads"]
    assert len(threads) == 1
    thread_id = threads[0].response["id"]
    lobbies = h.public_posts(channel=thread_id)
    assert len(lobbies) == 1
    texts = [
        " ".join(c.content or "" for c in h.fake.calls_for(payload) if c.content)
        for payload in payloads
    ]
    assert sum("Opened" in t for t in texts) == 1, texts
    assert any("thread" in t and "Opened" not in t for t in texts), texts
    assert await h.service.in_channel(int(thread_id)) is not None
    mark = h.fake.mark()
    later = await h.click(BOB, offer, button)  # later still: told where it is
    assert later.ephemeral and f"<#{thread_id}>" in later.content
    assert [c for c in h.fake.calls[mark:] if "threads" in c.path] == []


async def test_a_watcher_and_a_dm_player_hear_once_per_turn_change(harness: Harness) -> None:
    h = harness
    table = await open_table(h, "tigris", [ALICE, BOB])
    actor = await to_act(h, table)
    other = BOB if actor == ALICE else ALICE
    await h.slash(MALLORY, "game", {}, sub="watch")
    await h.slash(other, "notify", {"dm": "on"})
    await h.slash(actor, "notify", {"dm": "on"})

    def dms(mark: int, who: Person) -> list[Call]:
        return [
            c
            for c in h.fake.calls[mark:]
            if c.audience == "ephemeral" and c.recipient == who.id and c.interaction is None
        ]

    legal = await h.service.legal_actions(table.id, actor.uid)
    mark = h.fake.mark()
    await h.slash(actor, "move", {"action": next(a for a in legal if a.startswith("tile "))})
    assert await h.service.to_act(table.id) == (table.seat_of(actor.uid),)
    assert dms(mark, MALLORY) == [] and dms(mark, other) == [] and dms(mark, actor) == []
    mark = h.fake.mark()
    await h.slash(actor, "move", {"action": "pass"})
    (watcher_dm,) = dms(mark, MALLORY)
    assert f"waiting for {other.name}" in (watcher_dm.content or "")
    (turn_dm,) = dms(mark, other)
    # The DM says what the ping says: the cue, every move since their last decision, a link.
    cue, *lines, link = (turn_dm.content or "").split("\n")
    assert cue == f"Tigris & Euphrates table #{table.id}: your turn, 2 actions left."
    log = await h.bot.pbp.game_log(table.id, per_page=50, lang="en")
    assert lines == [e.text() for e in log.entries if e.number >= 1]
    assert len(lines) == 2 and link.startswith("https://discord.com/channels/")
    assert dms(mark, actor) == []


async def test_a_lobby_abort_still_says_so(harness: Harness) -> None:
    h = harness
    await h.slash(ALICE, "game", {"game": "targi"}, sub="new")
    ask = await h.slash(ALICE, "game", sub="abort")
    mark = h.fake.mark()
    (confirm,) = ask.custom_ids()
    await h.click(ALICE, h.message_of(ask), confirm)
    (notice,) = h.public_posts(mark)
    assert "was aborted by Alice" in notice.json["content"]


async def test_a_crash_while_two_posts_wait_shows_only_the_newest(harness: Harness) -> None:
    # The catch-up and a move's own post racing for the same table: one board, the newest.
    h = harness
    table = await open_table(h, "targi", [ALICE, BOB])
    actor = await to_act(h, table)
    action = (await h.service.legal_actions(table.id, actor.uid))[0]
    result = await h.service.submit(table.id, actor.uid, action)
    mark = h.fake.mark()
    await asyncio.gather(catch_up(h.bot), after_move(h.bot, result))
    assert len(boards(h.public_posts(mark))) == 1


async def test_a_deleted_channel_is_not_tried_for_ever(harness: Harness) -> None:
    h = harness
    table = await open_table(h, "targi", [ALICE, BOB])
    await crash_after_commit(h, table)
    real_route = h.fake._route

    def channel_gone(call):  # type: ignore[no-untyped-def]
        if call.method == "POST" and call.template == "/channels/{channel_id}/messages":
            call.audience = "none"
            return jresp({"message": "Unknown Channel", "code": 10003}, status=404)
        return real_route(call)

    h.fake._route = channel_gone  # type: ignore[method-assign]
    await run_scheduler_once(h.bot)
    after = await h.service.get(table.id)
    assert after.posted_version == after.version  # given up: nothing can show it
    mark = h.fake.mark()
    await run_scheduler_once(h.bot)
    assert [c for c in h.fake.calls[mark:] if c.method == "POST"] == []

"""Every move reaches the channel: a board posted after several quick moves (made while the
previous board was on its way) names each of them, in order, within one message."""

from __future__ import annotations

import asyncio

import pytest

from bot.games import game_names
from bot.service import MoveResult, Table
from bot.ui.catchup import moves_text
from tests.bot.helpers import ALICE, BOB, Harness, Person, open_table
from tests.fakediscord import Call
from tests.fakediscord import payloads as p

pytestmark = pytest.mark.skipif("tigris" not in game_names(), reason="T&E engine not merged yet")

PEOPLE = {ALICE.uid: ALICE, BOB.uid: BOB}


def is_board(call: Call) -> bool:
    return (
        call.method == "POST"
        and call.template == "/channels/{channel_id}/messages"
        and any(i.endswith(":act") for i in call.custom_ids())
    )


async def player_to_act(h: Harness, table: Table) -> Person:
    (seat,) = (await h.service.public_view(table.id))["to_act"]
    return PEOPLE[table.players[seat].user_id]


async def a_quiet_action(h: Harness, table: Table, who: Person) -> str:
    """A tile placed (no leader on the board yet: no conflict), else a pass."""
    legal = await h.service.legal_actions(table.id, who.uid)
    return next((a for a in legal if a.startswith("tile")), "pass")


async def typed_move(h: Harness, table: Table) -> str:
    """The player to act types a `/move`; returns once the bot confirmed it (its board may
    still be on its way)."""
    who = await player_to_act(h, await h.service.get(table.id))
    action = await a_quiet_action(h, table, who)
    mark = h.fake.mark()
    payload = p.slash("move", {"action": action}, user_id=who.id, user_name=who.name)
    h.inproc.send(payload)
    confirmed = await h.fake.wait_for(
        lambda c: (
            c.interaction is not None
            and c.interaction["id"] == payload["id"]
            and "You played" in (c.content or "")
        ),
        start=mark,
    )
    assert confirmed.audience == "ephemeral"
    return action


@pytest.mark.parametrize("quick", [2, 3])
async def test_moves_made_while_a_board_is_on_its_way_are_all_named_by_the_next(
    harness: Harness, quick: int
) -> None:
    h = harness
    table = await open_table(h, "tigris", [ALICE, BOB])
    mark = h.fake.mark()
    h.fake.hold(is_board, after_effect=True)  # the first move's board: posted, never answered
    await typed_move(h, table)
    for _ in range(200):
        if h.fake.held:
            break
        await asyncio.sleep(0.01)
    assert h.fake.held, "the first move's board never went out"
    for _ in range(quick):  # committed and confirmed while that board is in flight
        await typed_move(h, table)
    h.fake.release()
    await h.settle()

    _held, coalesced = [c for c in h.fake.calls[mark:] if is_board(c)]
    log = await h.bot.pbp.game_log(table.id, per_page=50, lang="en")
    lines = [entry.text() for entry in log.entries if entry.number >= 2]
    assert len(lines) == quick
    content = coalesced.json["content"]
    at = [content.index(line) for line in lines]  # every move's log line, in playing order
    assert at == sorted(at), content
    assert "played `" not in content, "the last move is listed like the others, not twice"
    first_line = next(entry.text() for entry in log.entries if entry.number == 1)
    assert first_line not in content, "the held board announced the first move already"
    assert "To act:" in content
    current = await h.service.get(table.id)
    assert current.posted_version == current.version
    assert h.bot.unshown_moves.get(table.id) is None, "announced moves are forgotten"


async def test_a_single_move_keeps_the_short_board_text(harness: Harness) -> None:
    h = harness
    table = await open_table(h, "tigris", [ALICE, BOB])
    mark = h.fake.mark()
    action = await typed_move(h, table)
    await h.settle()
    (board,) = [c for c in h.fake.calls[mark:] if is_board(c)]
    assert f"Alice (archer) played `{action}`." in board.json["content"]


async def test_many_coalesced_moves_fit_one_message_naming_how_many_are_left_out(
    harness: Harness,
) -> None:
    h = harness
    table = await open_table(h, "tigris", [ALICE, BOB])
    moves: list[MoveResult] = []
    for _ in range(30):
        current = await h.service.get(table.id)
        who = await player_to_act(h, current)
        moves.append(
            await h.service.submit(table.id, who.uid, await a_quiet_action(h, current, who))
        )
    current = await h.service.get(table.id)
    everything = moves_text(current, moves, 10_000, "en")
    assert everything.count("\n") == len(moves) - 1
    assert moves_text(current, moves, len(everything), "en") == everything
    for room in (120, 400):
        text = moves_text(current, moves, room, "en")
        assert len(text) <= room
        head, *shown = text.split("\n")
        assert shown, "the newest move is always shown"
        assert head == f"({len(moves) - len(shown)} earlier moves are in `/game log`.)", text
        assert everything.endswith("\n".join(shown)), "the newest moves are the ones shown"
    korean = moves_text(current, moves, 200, "ko")
    assert len(korean) <= 200 and "`/게임 기록`" in korean  # the command by its Korean name

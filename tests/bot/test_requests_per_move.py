"""Requests to Discord per move, counted through the fake Discord: in the common case a click
(or a typed `/move`) that moves costs three, the answer to the interaction, the new board and
the older board's buttons removed; a deferral goes first only when the commit is slow enough
that the answer could miss Discord's 3 seconds; and one more when the decision comes back to a
player in the same turn (round) while their private menu is open (it turns into the decision)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.games import game_names
from bot.service import Table
from bot.ui import replies
from tests.bot.helpers import ALICE, BOB, Harness, Person, custom_ids, open_table, updated_clicked
from tests.fakediscord import Call

pytestmark = pytest.mark.skipif("targi" not in game_names(), reason="Targi engine not merged yet")

PEOPLE = {ALICE.uid: ALICE, BOB.uid: BOB}


async def to_act(h: Harness, table: Table) -> Person:
    current = await h.service.get(table.id)
    (seat,) = (await h.service.public_view(table.id))["to_act"]
    return PEOPLE[current.players[seat].user_id]


OPEN_MENU = "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"


def kinds(calls: list[Call]) -> list[str]:
    """Each request by what it does."""
    out = []
    for c in calls:
        if c.is_callback:
            out.append(f"callback {c.callback_type}")
        elif c.method == "POST" and c.template == "/channels/{channel_id}/messages":
            out.append("board" if any(i.endswith(":act") for i in c.custom_ids()) else "post")
        elif c.method == "PATCH" and c.template == "/channels/{channel_id}/messages/{message_id}":
            out.append("buttons removed" if not c.json.get("components") else "edit")
        else:
            out.append(f"{c.method} {c.template}")
    return out


async def click_a_move(h: Harness, table: Table) -> tuple[list[Call], Call]:
    """The player to act opens Act and clicks the first action offered: the requests the
    click caused, and what the player was shown."""
    who = await to_act(h, table)
    current = await h.service.get(table.id)
    board = await h.board()
    menu = h.message_of(await h.click(who, board, f"board:{table.id}:{current.version}:act"))
    (first, *_rest) = [i for i in custom_ids(menu) if i.startswith("do:")]
    mark = h.fake.mark()
    shown = await h.click(who, menu, first)
    return h.fake.calls[mark:], shown


async def test_a_click_that_moves_costs_three_requests(harness: Harness) -> None:
    h = harness
    table = await open_table(h, "targi", [ALICE, BOB])
    for n in range(4):
        old_board = (await h.service.get(table.id)).board_message_id
        calls, shown = await click_a_move(h, table)
        nxt = await to_act(h, table)
        if n == 0:  # nobody else has a menu open yet
            assert kinds(calls) == ["callback 7", "board", "buttons removed"], kinds(calls)
        else:  # the next player's open menu (same round) turns into their decision: one more
            assert kinds(calls) == ["callback 7", "board", "buttons removed", OPEN_MENU]
            assert calls[3].audience == "ephemeral" and calls[3].recipient == nxt.id
        assert updated_clicked(shown) and shown.content.startswith("You played `place ")
        assert calls[2].parts[-1] == str(old_board), "the previous board lost its buttons"
    assert (await h.service.get(table.id)).seq == 4


async def test_a_tigris_turn_that_passes_costs_three_requests(harness: Harness) -> None:
    """The next player's menu from their previous turn is left alone: the board pings them."""
    h = harness
    table = await open_table(h, "tigris", [ALICE, BOB])
    played: list[str] = []
    for _ in range(4):  # two turns of two tiles, far apart: no conflict, no monument
        who = await to_act(h, table)
        legal = await h.service.legal_actions(table.id, who.uid)
        taken = [a.split()[-1] for a in played]
        action = next(
            a
            for a in legal
            if a.startswith("tile ")
            and all(abs(ord(a.split()[-1][0]) - ord(t[0])) > 2 for t in taken)
        )
        mark = h.fake.mark()
        await h.slash(who, "move", {"action": action})
        played.append(action)
        passes = len(played) % 2 == 0
        expected = ["callback 4", "board", "buttons removed"]
        assert kinds(h.fake.calls[mark:]) == expected, (passes, kinds(h.fake.calls[mark:]))
    assert h.bot.open_menus[table.id], "the last mover's menu is still open"


async def test_a_typed_move_costs_three_requests(harness: Harness) -> None:
    h = harness
    table = await open_table(h, "targi", [ALICE, BOB])
    who = await to_act(h, table)
    action = (await h.service.legal_actions(table.id, who.uid))[0]
    mark = h.fake.mark()
    played = await h.slash(who, "move", {"action": action})
    assert kinds(h.fake.calls[mark:]) == ["callback 4", "board", "buttons removed"]
    assert played.ephemeral and played.content == f"You played `{action}`."


async def test_a_slow_commit_is_deferred_first_and_still_confirmed(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = harness
    table = await open_table(h, "targi", [ALICE, BOB])
    monkeypatch.setattr(replies, "ANSWER_BUDGET", 0.05)
    submit = h.service.submit

    async def slow_submit(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(0.3)  # longer than the budget: the answer could come too late
        return await submit(*args, **kwargs)

    monkeypatch.setattr(h.service, "submit", slow_submit)
    calls, shown = await click_a_move(h, table)
    assert kinds(calls) == ["callback 6", "PATCH " + shown.template, "board", "buttons removed"]
    assert shown.content.startswith("You played `place ") and updated_clicked(shown)
    assert calls[0].t < calls[1].t - 0.2, "the deferral went out before the commit ended"
    assert (await h.service.get(table.id)).seq == 1


async def test_a_refused_click_still_gets_one_answer(harness: Harness) -> None:
    h = harness
    table = await open_table(h, "targi", [ALICE, BOB])
    who = await to_act(h, table)
    other = BOB if who == ALICE else ALICE
    board = await h.board()
    menu = h.message_of(await h.click(who, board, f"board:{table.id}:{table.version}:act"))
    (first, *_rest) = [i for i in custom_ids(menu) if i.startswith("do:")]
    mark = h.fake.mark()
    refused = await h.click(other, menu, first)  # somebody else's menu: not their move
    calls = h.fake.calls[mark:]
    assert [c for c in calls if c.is_callback] == [calls[0]] and refused.ephemeral
    assert "board" not in kinds(calls) and (await h.service.get(table.id)).seq == 0

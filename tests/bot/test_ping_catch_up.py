"""The message that pings a player starts with their cue (game, table, "your turn", actions
left) and then tells every move since their last decision, as `/game log` words them."""

from __future__ import annotations

import pytest

from bot.games import game_names
from bot.service import Table
from tests.bot.helpers import ALICE, BOB, CAROL, Harness, Person, open_table
from tests.fakediscord import Call

pytestmark = pytest.mark.skipif("tigris" not in game_names(), reason="T&E engine not merged yet")

PEOPLE = {p.uid: p for p in (ALICE, BOB, CAROL)}


def is_board(call: Call) -> bool:
    return (
        call.method == "POST"
        and call.template == "/channels/{channel_id}/messages"
        and any(i.endswith(":act") for i in call.custom_ids())
    )


async def play_quietly(h: Harness, table: Table, moves: int) -> None:
    """``moves`` quiet moves (a tile, else a pass) typed by whoever must act."""
    for _ in range(moves):
        current = await h.service.get(table.id)
        (seat,) = (await h.service.public_view(table.id))["to_act"]
        who = PEOPLE[current.players[seat].user_id]
        legal = await h.service.legal_actions(table.id, who.uid)
        action = next((a for a in legal if a.startswith("tile")), "pass")
        await h.slash(who, "move", {"action": action})


async def test_show(harness: Harness) -> None:
    h = harness
    table = await open_table(h, "tigris", [ALICE, BOB, CAROL])
    mark = h.fake.mark()
    await play_quietly(h, table, 6)
    for c in h.fake.calls[mark:]:
        if is_board(c):
            print("----\n" + c.json["content"])
    log = await h.bot.pbp.game_log(table.id, per_page=50, lang="en")
    print([e.text() for e in log.entries])
    assert False

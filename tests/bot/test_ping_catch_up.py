"""The message that pings a player starts with their cue (game, table, "your turn", actions
left: a phone's notification shows the start) and then tells every move since their last
decision, as `/game log` words them, in the table's language, within one message; "since my
last decision" is read from the stored log, so it holds after a restart."""

from __future__ import annotations

import pytest

from bot.games import game_names
from bot.service import Table
from bot.ui.catchup import caught_up, trimmed
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


async def to_act(h: Harness, table: Table) -> Person:
    current = await h.service.get(table.id)
    (seat,) = (await h.service.public_view(table.id))["to_act"]
    return PEOPLE[current.players[seat].user_id]


async def quiet_move(h: Harness, table: Table) -> Person:
    """The player to act types a quiet move (a tile, else a pass); returns who moved."""
    who = await to_act(h, table)
    legal = await h.service.legal_actions(table.id, who.uid)
    action = next((a for a in legal if a.startswith("tile")), "pass")
    await h.slash(who, "move", {"action": action})
    return who


async def log_lines(h: Harness, table: Table, lang: str = "en") -> dict[int, str]:
    log = await h.bot.pbp.game_log(table.id, per_page=500, lang=lang)
    return {entry.number: entry.text() for entry in log.entries}


async def last_decision(h: Harness, table: Table, who: Person) -> int:
    """The number of ``who``'s last entry in the stored log (0: none yet)."""
    seat = (await h.service.get(table.id)).seat_of(who.uid)
    logged = await h.service.logged_actions(table.id)
    return max((n for n, (s, _a) in enumerate(logged, 1) if s == seat), default=0)


async def test_each_ping_catches_up_on_every_move_since_the_players_last_decision(
    harness: Harness,
) -> None:
    h = harness
    table = await open_table(h, "tigris", [ALICE, BOB, CAROL])
    pings: list[tuple[Person, Call, int]] = []
    for _ in range(9):  # three turns of two actions with three players
        mark = h.fake.mark()
        mover = await quiet_move(h, table)
        (board,) = [c for c in h.fake.calls[mark:] if is_board(c)]
        now = await to_act(h, table)
        if now != mover:
            pings.append((now, board, await last_decision(h, table, now)))
    assert len(pings) >= 3
    lines = await log_lines(h, table)
    seq = (await h.service.get(table.id)).seq
    for person, board, since in pings:
        content = board.json["content"]
        mention, _, rest = content.partition(" ")
        assert mention == f"<@{person.id}>" and board.pinged_user_ids() == {person.id}
        cue, *told, status = rest.split("\n")
        assert cue == f"Tigris & Euphrates table #{table.id}: your turn, 2 actions left."
        numbers = [int(line.split(".")[0]) for line in told]
        assert numbers == list(range(since + 1, numbers[-1] + 1)), content
        assert told == [lines[n] for n in numbers], "as `/game log` words them"
        assert numbers[-1] <= seq and "To act:" in status
        assert "actions left" not in status, "the cue already said it: told once"
    # With three players, a ping names the two others' turns: four moves.
    assert any(len(b.json["content"].split("\n")) == 6 for _p, b, _s in pings)


async def test_after_a_restart_the_ping_still_catches_up_from_the_stored_log(
    harness: Harness,
) -> None:
    h = harness
    table = await open_table(h, "tigris", [ALICE, BOB])
    await quiet_move(h, table)
    await quiet_move(h, table)  # the turn passed to the other player
    mover = await quiet_move(h, table)
    # A restart: everything this process remembered of the moves is gone.
    h.bot.logged_events.clear()
    h.bot.unshown_moves.clear()
    mark = h.fake.mark()
    assert await quiet_move(h, table) == mover
    (board,) = [c for c in h.fake.calls[mark:] if is_board(c)]
    pinged = await to_act(h, table)
    assert pinged != mover and board.pinged_user_ids() == {pinged.id}
    lines = await log_lines(h, table)
    cue, *told, _status = board.json["content"].split("\n")
    assert cue.endswith("your turn, 2 actions left.")
    assert told == [lines[3], lines[4]], "both moves since the pinged player's last decision"


async def test_the_ping_speaks_the_tables_language(harness: Harness) -> None:
    h = harness
    table = await open_table(h, "tigris", [ALICE, BOB], language="ko")
    await quiet_move(h, table)
    mark = h.fake.mark()
    await quiet_move(h, table)
    (board,) = [c for c in h.fake.calls[mark:] if is_board(c)]
    pinged = await to_act(h, table)
    lines = await log_lines(h, table, "ko")
    cue, *told, status = board.json["content"].split("\n")
    korean = f"티그리스와 유프라테스 게임 테이블 #{table.id}: 차례가 왔어요. 행동 2번 남았어요."
    assert cue == f"<@{pinged.id}> {korean}"
    assert told == [lines[1], lines[2]]
    assert status.startswith("차례: **") and "남음" not in status, "told once, in the cue"


async def test_a_long_catch_up_is_trimmed_to_one_message_naming_the_rest(
    harness: Harness,
) -> None:
    h = harness
    table = await open_table(h, "tigris", [ALICE, BOB])
    for _ in range(12):
        await quiet_move(h, table)
    current = await h.service.get(table.id)
    # Everything since the start (since=1): 12 lines, more than the room given.
    lines = await caught_up(h.bot, current, [], lang="en", since=1)
    assert lines == [text for n, text in sorted((await log_lines(h, table)).items()) if n >= 1]
    room = len("\n".join(lines)) // 2
    text = trimmed(lines, room, "en")
    head, *shown = text.split("\n")
    assert len(text) <= room and shown == lines[-len(shown) :]
    assert head == f"({len(lines) - len(shown)} earlier moves are in `/game log`.)"
    assert all(len(c.json["content"]) <= 2000 for c in h.fake.calls if is_board(c))

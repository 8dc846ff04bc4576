"""A decision that comes back to a player within their turn turns their open private message into
that decision (no Act tap): a T&E conflict whose defender supports between two of the mover's own
decisions, played through the fake Discord. Only the mover's own menu is shown, only to them; an
expired token is never used, and a refused edit only forgets the menu."""

from __future__ import annotations

import dataclasses
import datetime
import random
from typing import Any

from bot.games import get_game
from bot.service import Table
from tests.bot.helpers import ALICE, BOB, Harness, Person, custom_ids, open_table
from tests.fakediscord import Call

WEBHOOK_EDIT = "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"
PEOPLE = {ALICE.uid: ALICE, BOB.uid: BOB}


async def _deciding(h: Harness, table: Table) -> tuple[Person, int, dict[str, Any]]:
    view = await h.service.public_view(table.id)
    seat = view["to_act"][0]
    uid = (await h.table_by_id(table.id)).players[seat].user_id
    return PEOPLE[uid], seat, view


async def _find(h: Harness) -> tuple[Table, Person, Person, str]:
    """A 2-seat T&E table, played by typed moves (leaders first: they start conflicts), where the
    defender of a conflict is to support between two of the mover's own decisions: the table,
    the mover, the defender and a support that gives the decision back to the mover."""
    table = await open_table(h, "tigris", [ALICE, BOB])
    game = get_game("tigris")
    rng = random.Random(3)
    last: Person | None = None
    for _ in range(600):
        who, seat, view = await _deciding(h, table)
        legal = await h.service.legal_actions(table.id, who.uid)
        pending = view.get("pending") or {}
        if last is not None and last != who and pending.get("kind") == "support":
            _table, _game, states, _log = await h.service.history(table.id)
            back = [a for a in legal if game.to_act(game.apply(states[-1], seat, a)) == (1 - seat,)]
            if back and view["turn"] != seat:
                return table, last, who, back[0]
        leaders = [a for a in legal if a.startswith("leader ")]
        action = rng.choice(leaders if leaders and rng.random() < 0.7 else legal)
        await h.slash(who, "move", {"action": action})
        last = who
        assert (await h.table()).status == "active"
    raise AssertionError("no conflict in these moves")


def _edits(calls: list[Call]) -> list[Call]:
    return [c for c in calls if c.method == "PATCH" and c.template == WEBHOOK_EDIT]


async def _defender_supports(
    h: Harness, defender: Person, action: str, *, refuse_tokens: bool = False
) -> list[Call]:
    """The defender supports through Act and a button, as on a phone: the requests the button
    caused (``refuse_tokens``: Discord refuses every older token meanwhile)."""
    now = await h.table()
    menu = await h.click(defender, await h.board(), f"board:{now.id}:{now.version}:act")
    if refuse_tokens:
        h.fake.token_ttl_s = 0.0
    mark = h.fake.mark()
    await h.click(defender, h.message_of(menu), f"do:{now.id}:{now.version}:{action}")
    return h.fake.calls[mark:]


async def test_the_movers_menu_turns_into_their_next_decision(harness: Harness) -> None:
    h = harness
    table, mover, defender, support = await _find(h)
    seat = (await h.table()).seat_of(mover.uid)
    assert seat is not None
    answer = h.bot.open_menus[table.id][seat]  # the answer to the mover's own last move
    calls = await _defender_supports(h, defender, support)
    who, _seat, _view = await _deciding(h, table)
    assert who == mover
    (edit,) = _edits(calls)
    # One request more than a move's three, after the board, to the mover alone.
    kinds = [c.template for c in calls]
    assert len(calls) == 4 and kinds.index(WEBHOOK_EDIT) == 3, kinds
    assert edit.audience == "ephemeral" and edit.recipient == mover.id
    assert edit.parts[-1] == str(answer.message_id) and edit.status == 200
    now = await h.table()
    edited = h.fake.message(answer.message_id)
    assert all(i.split(":")[2] == str(now.version) for i in custom_ids(edited))
    # The same menu the mover would get from Act on the board: their own view, nothing else.
    act = await h.click(mover, await h.board(), f"board:{now.id}:{now.version}:act")
    assert custom_ids(h.message_of(act)) == custom_ids(edited)
    assert act.content == edited["content"]
    # Nothing public carries a menu: the edit went to the private message, never the board.
    assert not any(
        i.startswith(("do:", "pk:")) for c in h.fake.public_calls() for i in c.custom_ids()
    )
    # The mover goes on from the edited message, with no Act tap.
    step = next(i for i in custom_ids(edited) if i.startswith(("do:", "pk:")))
    went_on = await h.click(mover, edited, step)
    assert went_on.ephemeral and went_on.recipient == mover.id
    assert "The board has changed" not in (went_on.content or "")


async def test_a_defenders_menu_is_never_edited_with_the_movers_decision(
    harness: Harness,
) -> None:
    h = harness
    table, mover, defender, support = await _find(h)
    calls = await _defender_supports(h, defender, support)
    # The defender's own open menu (the answer to their support) is not theirs to decide now.
    assert all(e.recipient == mover.id for e in _edits(calls))
    assert all(c.recipient in (None, mover.id, defender.id) for c in calls)
    defender_seat = (await h.table()).seat_of(defender.uid)
    mine = h.bot.open_menus[table.id][defender_seat]  # type: ignore[index]
    shown = h.fake.message(mine.message_id)
    assert (shown.get("content") or "").startswith("You played `support")
    assert not custom_ids(shown)


async def test_an_expired_token_is_not_used(harness: Harness) -> None:
    h = harness
    table, mover, defender, support = await _find(h)
    seat = (await h.table()).seat_of(mover.uid)
    assert seat is not None
    menus = h.bot.open_menus[table.id]
    old = menus[seat].created - datetime.timedelta(minutes=14, seconds=1)
    menus[seat] = dataclasses.replace(menus[seat], created=old)
    calls = await _defender_supports(h, defender, support)
    assert not _edits(calls) and len(calls) == 3
    assert seat not in h.bot.open_menus.get(table.id, {})


async def test_a_refused_edit_forgets_the_menu_and_keeps_the_board(harness: Harness) -> None:
    h = harness
    table, mover, defender, support = await _find(h)
    seat = (await h.table()).seat_of(mover.uid)
    # Discord refuses the mover's token although the bot thinks it fresh.
    calls = await _defender_supports(h, defender, support, refuse_tokens=True)
    h.fake.token_ttl_s = 15 * 60.0
    (edit,) = _edits(calls)
    assert edit.status == 401
    posted = [c for c in calls if any(i.endswith(":act") for i in c.custom_ids())]
    assert posted and calls.index(posted[0]) < calls.index(edit)  # the board went out first
    assert seat not in h.bot.open_menus.get(table.id, {})

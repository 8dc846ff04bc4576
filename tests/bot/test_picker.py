"""The Act picker through Discord: a T&E turn in a few taps (piece, then where), Back, stale
screens refused, the mover's next decision in the answer to their move, labels in the reader's
language, and `/move` suggestions from the player's own words."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from bot.ui.picker import leads_to
from tests.bot.helpers import ALICE, BOB, Harness, Person, custom_ids, open_table, updated_clicked
from tests.fakediscord import Call

JSON = dict[str, Any]
SELECT = 3
GREEN = 3  # a success button: a square near the player's pieces


def _buttons(message: JSON) -> list[JSON]:
    out: list[JSON] = []
    for row in message.get("components") or []:
        out.extend(row.get("components") or [])
    return out


def _screen_fits(message: JSON) -> None:
    """A picker screen: buttons only (nothing to scroll), five rows of five at most."""
    rows = message.get("components") or []
    assert 1 <= len(rows) <= 5
    assert all(len(row["components"]) <= 5 for row in rows)
    assert all(b["type"] == 2 for b in _buttons(message)), "a select needs a scroll"


async def _mover(h: Harness, table_id: int) -> tuple[Person, int]:
    view = await h.service.public_view(table_id)
    seat = view["to_act"][0]
    uid = (await h.table_by_id(table_id)).players[seat].user_id
    return {p.uid: p for p in (ALICE, BOB)}[uid], seat


async def _act(h: Harness, who: Person) -> tuple[Call, JSON]:
    table = await h.table()
    menu = await h.click(who, await h.board(), f"board:{table.id}:{table.version}:act")
    assert menu.ephemeral and menu.recipient == who.id
    return menu, h.message_of(menu)


async def _tap(h: Harness, who: Person, message: JSON, custom_id: str) -> tuple[Call, JSON]:
    call = await h.click(who, message, custom_id)
    assert call.ephemeral and call.recipient == who.id, call.content
    return call, h.message_of(call)


def _step_towards(message: JSON, action: str) -> str:
    """The button of a screen leading to ``action``: the action itself, else a step."""
    ids = custom_ids(message)
    done = [i for i in ids if i.startswith("do:") and i.split(":", 3)[3] == action]
    if done:
        return done[0]
    steps = [
        i for i in ids if i.startswith("pk:") and (p := i.split(":", 3)[3]) and leads_to(p, action)
    ]
    assert steps, (action, ids)
    return steps[0]


async def test_a_tigris_turn_is_two_actions_in_at_most_six_taps(harness: Harness) -> None:
    h = harness
    table = await open_table(h, "tigris", [ALICE, BOB])
    who, seat = await _mover(h, table.id)
    taps = 1
    _menu, message = await _act(h, who)
    _screen_fits(message)
    pieces = custom_ids(message)
    assert f"pk:{table.id}:{table.version}:leader black" in pieces
    assert f"do:{table.id}:{table.version}:pass" in pieces and len(pieces) <= 12
    # First action: the king (no leader of ours on the board yet: no near squares), on the
    # first square of the first row.
    _, message = await _tap(h, who, message, f"pk:{table.id}:{table.version}:leader black")
    taps += 1
    _screen_fits(message)
    assert not any(b.get("style") == GREEN for b in _buttons(message))
    row = f"pk:{table.id}:{table.version}:leader black *1"
    if row in custom_ids(message):
        _, message = await _tap(h, who, message, row)
        taps += 1
    first = next(i for i in custom_ids(message) if i.startswith("do:"))
    king = first.split(":", 3)[3]
    played, message = await _tap(h, who, message, first)
    taps += 1
    assert (played.content or "").startswith(f"You played `{king}`.")
    # The second action's picker came with the answer, for the new version: no Act.
    after = await h.table()
    assert after.seq == table.seq + 1
    assert f"pk:{after.id}:{after.version}:tile red" in custom_ids(message)
    _screen_fits(message)
    _, message = await _tap(h, who, message, f"pk:{after.id}:{after.version}:tile red")
    taps += 1
    _screen_fits(message)
    near = [b for b in _buttons(message) if b.get("style") == GREEN]
    assert near, "squares near the new king are offered at once"
    assert "Green: the squares nearest your leaders." in message["content"]
    tile = near[0]["custom_id"].split(":", 3)[3]
    assert tile.startswith("tile red ") and near[0]["label"] == tile.split()[-1]
    played, message = await _tap(h, who, message, near[0]["custom_id"])
    taps += 1
    assert (played.content or "").startswith(f"You played `{tile}`.")
    assert taps <= 6
    history = await h.service.history(table.id)
    assert history[3][-2:] == [(seat, king), (seat, tile)]


async def test_every_square_is_a_row_then_a_square_and_back_returns(harness: Harness) -> None:
    h = harness
    table = await open_table(h, "tigris", [ALICE, BOB])
    who, _seat = await _mover(h, table.id)
    _, top = await _act(h, who)
    _, tiles = await _tap(h, who, top, f"pk:{table.id}:{table.version}:tile red")
    rows = [
        i for i in custom_ids(tiles) if i.startswith(f"pk:{table.id}:{table.version}:tile red *")
    ]
    assert rows, custom_ids(tiles)
    labels = {b["custom_id"]: b["label"] for b in _buttons(tiles)}
    assert labels[rows[0]] == f"Row {rows[0].rsplit('*', 1)[1]}"
    _, row = await _tap(h, who, tiles, rows[-1])
    _screen_fits(row)
    squares = [i.split(":", 3)[3] for i in custom_ids(row) if i.startswith("do:")]
    number = rows[-1].rsplit("*", 1)[1]
    legal = await h.service.legal_actions(table.id, who.uid)
    assert squares == sorted(
        (a for a in legal if a.startswith("tile red ") and a.split()[-1][1:] == number),
        key=lambda a: ord(a.split()[-1][0]),
    )
    assert row["content"] == f"**Temple tile › Row {number}**: choose one of {len(squares)}."
    back = f"pk:{table.id}:{table.version}:tile red"
    assert back in custom_ids(row)
    _, again = await _tap(h, who, row, back)
    assert custom_ids(again) == custom_ids(tiles)
    _, home = await _tap(h, who, again, f"pk:{table.id}:{table.version}:")
    assert custom_ids(home) == custom_ids(top)
    # Three taps after Act reach the square; nothing was played on the way.
    _, row = await _tap(h, who, home, _step_towards(home, squares[0]))
    _, row = await _tap(h, who, row, _step_towards(row, squares[0]))
    played, _ = await _tap(h, who, row, _step_towards(row, squares[0]))
    assert (played.content or "").startswith(f"You played `{squares[0]}`.")
    assert (await h.table()).seq == table.seq + 1


async def test_a_screen_of_an_older_version_is_refused(harness: Harness) -> None:
    h = harness
    table = await open_table(h, "tigris", [ALICE, BOB])
    who, _seat = await _mover(h, table.id)
    _, top = await _act(h, who)
    _, kings = await _tap(h, who, top, f"pk:{table.id}:{table.version}:leader black")
    if not any(i.startswith("do:") for i in custom_ids(kings)):  # the squares come by row
        row = next(i for i in custom_ids(kings) if "*" in i)
        _, kings = await _tap(h, who, kings, row)
    king = next(i for i in custom_ids(kings) if i.startswith("do:")).split(":", 3)[3]
    typed = await h.slash(who, "move", {"action": king})
    assert (typed.content or "").startswith(f"You played `{king}`.")
    # The typed move's answer carries the second action's picker too.
    assert any(i.startswith("pk:") for i in typed.custom_ids())
    moved = await h.table()
    stale = await h.click(who, top, f"pk:{table.id}:{table.version}:tile red")
    assert "The board has changed" in (stale.content or ""), stale.content
    refused = await h.click(who, kings, next(i for i in custom_ids(kings) if i.startswith("do:")))
    assert refused.ephemeral and not (refused.content or "").startswith("You played")
    assert (await h.table()).seq == moved.seq


async def test_the_picker_reads_in_the_players_language(harness: Harness) -> None:
    h = harness
    table = await open_table(h, "tigris", [ALICE, BOB])
    who, _seat = await _mover(h, table.id)
    expected = {
        "ko": ("사원 타일 …", "뒤로", "1줄"),
        "tr": ("Tapınak taşı …", "Geri", "1. sıra"),
    }
    for locale, (temple, back, row) in expected.items():
        reader = dataclasses.replace(who, locale=locale)
        _, top = await _act(h, reader)
        labels = {b["custom_id"]: b["label"] for b in _buttons(top)}
        assert labels[f"pk:{table.id}:{table.version}:tile red"] == temple, labels
        _, tiles = await _tap(h, reader, top, f"pk:{table.id}:{table.version}:tile red")
        shown = [b["label"] for b in _buttons(tiles)]
        assert f"◀ {back}" in shown and row in shown, shown
        assert tiles["content"].startswith(f"**{temple.removesuffix(' …')}**"), tiles["content"]


async def test_move_suggests_actions_from_the_players_words(harness: Harness) -> None:
    h = harness
    table = await open_table(h, "tigris", [ALICE, BOB])
    who, _seat = await _mover(h, table.id)
    legal = await h.service.legal_actions(table.id, who.uid)
    tile = next(a for a in legal if a.startswith("tile red "))
    square = tile.split()[-1].lower()
    for locale, words in (
        ("ko", "사원"),
        ("tr", "tapınak"),
        ("tr", "TAPINAK"),
        ("en-US", "temple"),
    ):
        reader = dataclasses.replace(who, locale=locale)
        offered = await h.complete(reader, "move", "action", f"{words} {square}")
        assert offered[0] == tile, (locale, offered)
        assert all(a.startswith(tile) for a in offered), offered  # "a1" may go on to A10
    # The notation still comes first.
    assert (await h.complete(who, "move", "action", tile))[0] == tile


async def test_updates_replace_the_screen_in_place(harness: Harness) -> None:
    h = harness
    table = await open_table(h, "tigris", [ALICE, BOB])
    who, _seat = await _mover(h, table.id)
    _, top = await _act(h, who)
    step = await h.click(who, top, f"pk:{table.id}:{table.version}:tile red")
    assert updated_clicked(step) and step.ephemeral


async def test_the_attackers_own_support_comes_with_the_answer(harness: Harness) -> None:
    h = harness
    table = await open_table(h, "tigris", [ALICE, BOB])
    rng = random.Random(3)
    for _ in range(300):
        who, seat = await _mover(h, table.id)
        legal = await h.service.legal_actions(table.id, who.uid)
        # Leaders first: a leader beside a rival's of its colour starts a revolt.
        leaders = [a for a in legal if a.startswith("leader ")]
        action = rng.choice(leaders if leaders and rng.random() < 0.7 else legal)
        call = await h.slash(who, "move", {"action": action})
        view = await h.service.public_view(table.id)
        pending = view.get("pending") or {}
        if pending.get("kind") == "support" and view["to_act"] == [seat]:
            now = await h.table()
            support = [i for i in call.custom_ids() if i.startswith(f"do:{now.id}:{now.version}:")]
            offered = {i.split(":", 3)[3] for i in support}
            assert offered == set(await h.service.legal_actions(now.id, who.uid)), offered
            assert all(a.startswith("support ") for a in offered)
            assert "Pending:" in (call.content or "")
            return
        if (await h.table()).status != "active":
            break
    pytest.fail("no conflict in these moves")

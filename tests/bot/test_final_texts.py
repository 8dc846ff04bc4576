"""After the game the texts agree with themselves: the final result names who resigned (a game
played out opens with its last move and why it ended: tests/bot/test_full_games.py), the final
board of a resigned game shows no turn any more, and `/history` says who resigned by name."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games import game_names
from bot.ui import images
from tests.bot.helpers import ALICE, BOB, Harness, Person, open_table

pytestmark = pytest.mark.skipif("tigris" not in game_names(), reason="T&E engine not merged yet")

PEOPLE = {ALICE.uid: ALICE, BOB.uid: BOB}


async def play(h: Harness, table_id: int, moves: int) -> None:
    for _ in range(moves):
        current = await h.service.get(table_id)
        (seat,) = (await h.service.public_view(table_id))["to_act"]
        who: Person = PEOPLE[current.players[seat].user_id]
        legal = await h.service.legal_actions(table_id, who.uid)
        await h.slash(who, "move", {"action": next((a for a in legal if "tile" in a), "pass")})


async def test_a_resigned_games_result_names_the_resigner_and_shows_no_turn(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = harness
    table = await open_table(h, "tigris", [ALICE, BOB])
    await play(h, table.id, 3)  # Bob has one action left: the board says so
    drawn: list[dict[str, Any]] = []
    render = images.render_file

    async def recorded(game: str, view: dict[str, Any], filename: str, **kw: Any) -> Any:
        drawn.append(view)
        return await render(game, view, filename, **kw)

    monkeypatch.setattr(images, "render_file", recorded)
    current = await h.service.get(table.id)
    resigner = PEOPLE[current.players[(await h.service.to_act(table.id))[0]].user_id]
    ask = await h.slash(resigner, "game", sub="resign")
    mark = h.fake.mark()
    await h.click(resigner, h.message_of(ask), f"confirm:{table.id}:{current.version}:resign")
    final = next(
        c
        for c in reversed(h.public_posts(mark))
        if any(f.filename.endswith("-record.json") for f in c.files)
    )  # the result
    head, *_ranking = final.json["content"].split("\n")
    dynasty = "archer" if current.seat_of(resigner.uid) == 0 else "bull"
    assert head == f"**Tigris & Euphrates: final result** ({resigner.name} ({dynasty}) resigned)"
    # The heading tells the resignation; the move before it is not the game's end.
    assert _ranking[0].startswith("1. "), _ranking  # the ranking follows at once
    # The final board is drawn as a finished game: nobody is to play, nothing pending.
    (board,) = [v for v in drawn if v.get("game") == "tigris"]
    assert board["game_over"] and board["to_act"] == [] and board["pending"] is None
    assert (await h.service.public_view(table.id))["to_act"], "the engine's own view still waits"
    assert table.id not in h.bot.logged_events, "an ended table's entries are not kept"


async def test_a_resignation_before_any_move_has_no_last_move(harness: Harness) -> None:
    h = harness
    table = await open_table(h, "tigris", [ALICE, BOB])
    ask = await h.slash(ALICE, "game", sub="resign")
    mark = h.fake.mark()
    await h.click(ALICE, h.message_of(ask), f"confirm:{table.id}:{table.version}:resign")
    final = next(
        c
        for c in reversed(h.public_posts(mark))
        if any(f.filename.endswith("-record.json") for f in c.files)
    )  # the result
    assert final.json["content"].startswith(
        "**Tigris & Euphrates: final result** (Alice (archer) resigned)\n1. Bob (bull): "
    )

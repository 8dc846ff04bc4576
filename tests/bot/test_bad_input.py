"""Bad input gets a short private answer and changes nothing: non-players, wrong turn, garbage,
stale buttons, double clicks, a game aborted in the middle of a conflict."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from bot.games import game_names
from bot.service import Table
from bot.ui import replies
from bot.ui.picker import leads_to
from tests.bot.helpers import (
    ALICE,
    BOB,
    MALLORY,
    MODERATOR,
    Harness,
    Person,
    custom_ids,
    open_table,
    updated_clicked,
)
from tests.fakediscord import jresp
from tests.fakediscord import payloads as p

pytestmark = pytest.mark.skipif("tigris" not in game_names(), reason="T&E engine not merged yet")

PEOPLE = {ALICE.uid: ALICE, BOB.uid: BOB}


async def _to_act(h: Harness, table: Table) -> tuple[Person, Person]:
    """(the player to act, the other player) at a two-player table."""
    view = await h.service.public_view(table.id)
    (seat,) = view["to_act"]
    actor = PEOPLE[table.players[seat].user_id]
    other = PEOPLE[table.players[1 - seat].user_id]
    return actor, other


async def _unchanged(h: Harness, table: Table, mark: int) -> None:
    after = await h.service.get(table.id)
    assert after.seq == table.seq and after.status == table.status
    assert h.public_posts(mark) == [], "nothing may be posted in the channel"


async def test_non_player_wrong_turn_and_garbage_change_nothing(harness: Harness) -> None:
    h = harness
    table = await open_table(h, "tigris", [ALICE, BOB])
    actor, other = await _to_act(h, table)
    legal = await h.service.legal_actions(table.id, actor.uid)
    mark = h.fake.mark()

    cases = [
        (MALLORY, legal[0], "not playing"),
        (other, legal[0], "not your turn"),
        (actor, "fly to the moon", None),
        (actor, "   ", "Type an action"),
    ]
    for who, text, expected in cases:
        call = await h.slash(who, "move", {"action": text})
        assert call.ephemeral and call.recipient == who.id and not call.files
        if expected:
            assert expected.lower() in call.content.lower(), call.content
        assert "error id" not in call.content
    # A well-formed but illegal action: the engine's reason, nothing else.
    illegal = next(
        f"tile red {sq}"
        for sq in ("A4", "B4", "C4", "D4", "E1", "F1")
        if f"tile red {sq}" not in legal
    )
    call = await h.slash(actor, "move", {"action": illegal})
    assert call.ephemeral and call.content and "error id" not in call.content
    # Non-players and players not to act get no suggestions.
    assert await h.complete(MALLORY, "move", "action", "") == []
    assert await h.complete(other, "move", "action", "") == []
    # Act and My hand for a non-player.
    board = await h.board()
    for custom_id in custom_ids(board):
        call = await h.click(MALLORY, board, custom_id)
        assert call.ephemeral and "not playing" in call.content and not call.files
    await _unchanged(h, table, mark)


async def test_stale_buttons_show_the_current_state(harness: Harness) -> None:
    h = harness
    table = await open_table(h, "tigris", [ALICE, BOB])
    actor, _ = await _to_act(h, table)
    old_board = await h.board()
    started = table.version
    menu_call = await h.click(actor, old_board, f"board:{table.id}:{started}:act")
    old_menu = h.message_of(menu_call)
    action = (await h.service.legal_actions(table.id, actor.uid))[-1]
    await h.slash(actor, "move", {"action": action})
    table = await h.service.get(table.id)
    assert table.seq == 1

    stale = await h.click(actor, old_board, f"board:{table.id}:{started}:act")
    assert stale.ephemeral and stale.content.startswith("The board has changed")
    assert custom_ids(h.message_of(stale)) == [
        f"board:{table.id}:{table.version}:hand",
        f"board:{table.id}:{table.version}:act",
    ]
    mark = h.fake.mark()
    # Anything in the old menu is refused the same way (or as not-your-turn if the turn passed).
    for custom_id in custom_ids(old_menu)[:1]:
        if custom_id.startswith(("do:", "pk:")):  # an action, or a step of the picker
            call = await h.click(actor, old_menu, custom_id)
        else:
            message_options = old_menu["components"][0]["components"][0]["options"]
            call = await h.pick(actor, old_menu, custom_id, message_options[0]["value"])
        assert call.ephemeral
        assert "board has changed" in call.content or "not your turn" in call.content.lower()
    await _unchanged(h, table, mark)


async def test_double_click_applies_once(harness: Harness) -> None:
    h = harness
    table = await open_table(h, "tigris", [ALICE, BOB])
    actor, _ = await _to_act(h, table)
    legal = await h.service.legal_actions(table.id, actor.uid)
    action = next(a for a in legal if a.startswith("tile "))
    board = await h.board()
    menu = h.message_of(await h.click(actor, board, f"board:{table.id}:{table.version}:act"))
    # The same menu choice delivered twice before either is handled.
    select_id = custom_ids(menu)[0]
    button = f"do:{table.id}:{table.version}:{action}"
    while select_id.startswith("pk:") and button not in custom_ids(menu):  # the picker's steps
        step = next(
            i
            for i in custom_ids(menu)
            if i.startswith("pk:") and (path := i.split(":", 3)[3]) and leads_to(path, action)
        )
        menu = h.message_of(await h.click(actor, menu, step))
    if select_id.startswith(("do:", "pk:")):  # buttons: the action's own, twice
        payloads = [
            p.button(f"do:{table.id}:{table.version}:{action}", message_data=menu, user_id=actor.id)
            for _ in range(2)
        ]
    else:
        payloads = [
            p.select(select_id, ["a:" + action], message_data=menu, user_id=actor.id)
            for _ in range(2)
        ]
    mark = h.fake.mark()
    for payload in payloads:
        h.inproc.send(payload)
    for payload in payloads:
        await h.fake.response_to(payload)
    await h.settle()
    replies = [[c for c in h.fake.calls_for(payload) if c.content][-1] for payload in payloads]
    after = await h.service.get(table.id)
    assert after.seq == 1
    texts = sorted(r.content or "" for r in replies)
    # (The second action's picker follows "You played" on its own lines.)
    assert any(t.split("\n")[0] == f"You played `{action}`." for t in texts), texts
    assert any("board has changed" in t or "not your turn" in t.lower() for t in texts), texts
    assert len(h.public_posts(mark)) == 1


async def test_abort_in_the_middle_of_a_conflict(harness: Harness) -> None:
    h = harness
    table = await open_table(h, "tigris", [ALICE, BOB])
    rng = random.Random(4)
    for _ in range(400):
        view = await h.service.public_view(table.id)
        pending = view.get("pending") or {}
        if pending.get("kind") == "support" and view["to_act"] != [view["turn"]]:
            break  # the defender must commit support while it is not their turn
        (seat,) = view["to_act"]
        who = PEOPLE[table.players[seat].user_id]
        legal = await h.service.legal_actions(table.id, who.uid)
        # Prefer leaders and tiles: they make conflicts.
        useful = [a for a in legal if a.split()[0] in ("leader", "tile")] or legal
        await h.slash(who, "move", {"action": rng.choice(useful)})
        table = await h.service.get(table.id)
    else:
        pytest.fail("no conflict arose")
    (seat,) = view["to_act"]
    deciding = PEOPLE[table.players[seat].user_id]
    commit = (await h.service.legal_actions(table.id, deciding.uid))[0]
    board = await h.board()
    # The board of the conflict pings exactly the player who must commit support now, even when
    # it is not their turn, and says what is pending.
    last_post = h.public_posts()[-1]
    assert [str(u) for u in last_post.json["allowed_mentions"]["users"]] == [deciding.id]
    assert board["content"].startswith(f"<@{deciding.id}> ")
    content = board["content"]
    # The cue says the decision first (a notification shows the start of the message).
    cue = content.split("\n")[0]
    assert "your decision:" in cue and ("revolt" in cue or "war" in cue), content
    # Named by its leaders (a revolt's committed colour is always red).
    leader = {"red": "priest", "blue": "farmer", "green": "trader", "black": "king"}
    named = f"{leader[pending['leader_colour']]} {pending['conflict']} at {pending['square']}"
    assert named in cue, content

    refused = await h.slash(BOB if table.creator_id != BOB.uid else MALLORY, "game", sub="abort")
    assert refused.ephemeral and "creator" in refused.content
    ask = await h.slash(MODERATOR, "game", sub="abort")
    assert ask.ephemeral and "Abort" in ask.content
    (confirm,) = ask.custom_ids()
    done = await h.click(MODERATOR, h.message_of(ask), confirm)
    assert updated_clicked(done) and "aborted" in done.content
    aborted = await h.service.get(table.id)
    assert aborted.status == "aborted" and aborted.seq == table.seq

    mark = h.fake.mark()
    late = await h.slash(deciding, "move", {"action": commit})
    assert late.ephemeral and "no game in this channel" in late.content.lower()
    act = await h.click(deciding, board, f"board:{table.id}:{table.version}:act")
    assert act.ephemeral and "aborted" in act.content
    assert (await h.service.get(table.id)).seq == table.seq
    assert h.public_posts(mark) == []
    # The channel is free again.
    again = await h.slash(ALICE, "game", {"game": "tigris", "seats": 2}, sub="new")
    assert "Opened" in again.content


async def test_unexpected_failure_gets_an_apology_with_an_id(
    harness: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    h = harness
    await open_table(h, "tigris", [ALICE, BOB])
    await h.service.close()  # the database goes away under the bot
    call = await h.slash(ALICE, "game", sub="list")
    assert call.ephemeral and "error id" in call.content
    error_id = call.content.split("`")[1]
    assert any(error_id in record.getMessage() for record in caplog.records)
    await asyncio.sleep(0)


async def test_a_channel_the_bot_may_not_post_in_gets_a_clear_answer(harness: Harness) -> None:
    h = harness
    real_route = h.fake._route

    def read_only_channel(call):  # Discord refuses the bot's messages here (code 50013)
        if call.method == "POST" and call.template == "/channels/{channel_id}/messages":
            call.audience = "none"
            return jresp({"message": "Missing Permissions", "code": 50013}, status=403)
        return real_route(call)

    h.fake._route = read_only_channel  # type: ignore[method-assign]
    call = await h.slash(ALICE, "game", {"game": "tigris", "seats": 2}, sub="new")
    replies = [c for c in h.fake.calls_for(call.interaction) if c.content]
    assert any("missing a permission" in (c.content or "") for c in replies), replies
    assert all("error id" not in (c.content or "") for c in replies)
    assert await h.service.in_channel(int(p.CHANNEL_ID)) is None, "no invisible lobby is left"


async def test_a_lost_answer_is_logged_without_the_players_secret(
    harness: Harness, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The engine's reason names the player's own hand ("you hold only 2 red tiles"): fine in
    # their ephemeral answer, but when that answer cannot be delivered the log must not keep it.
    h = harness
    table = await open_table(h, "tigris", [ALICE, BOB])
    actor, _ = await _to_act(h, table)
    hand = (await h.service.private_view(table.id, actor.uid))["hand"]
    absent = next(c for c in ("red", "blue", "green", "black") if c not in hand)
    h.fake.token_ttl_s = 0.0  # every followup after the (successful) defer is refused
    monkeypatch.setattr(replies, "ANSWER_BUDGET", 0.0)  # a slow move: it defers first
    caplog.set_level("DEBUG", logger="bot")
    await h.slash(actor, "move", {"action": f"swap {absent}"})
    assert (await h.service.get(table.id)).seq == table.seq
    logged = " ".join(r.getMessage() for r in caplog.records if r.name.startswith("bot"))
    assert "could not answer" in logged
    assert f"no {absent}" not in logged and "you hold" not in logged, logged


async def _twice(h: Harness, who: Person, message: dict[str, Any], custom_id: str) -> list[str]:
    """The same button delivered twice before either is handled; the texts each click got."""
    payloads = [p.button(custom_id, message_data=message, user_id=who.id) for _ in range(2)]
    for payload in payloads:
        h.inproc.send(payload)
    for payload in payloads:
        await h.fake.response_to(payload)
    await h.settle()
    return [
        " ".join(c.content or "" for c in h.fake.calls_for(payload) if c.content)
        for payload in payloads
    ]


async def test_double_start_and_double_resign_happen_once(harness: Harness) -> None:
    h = harness
    await h.slash(ALICE, "game", {"game": "tigris", "seats": 2}, sub="new")
    table = await h.table()
    await h.click(BOB, h.fake.message(table.lobby_message_id), f"lobby:{table.id}:join")
    lobby = h.fake.message(table.lobby_message_id)
    mark = h.fake.mark()
    texts = await _twice(h, ALICE, lobby, f"lobby:{table.id}:start")
    assert len(h.public_posts(mark)) == 1, "one board"
    assert sum("Started" in t for t in texts) == 1, texts
    table = await h.table()
    assert table.status == "active" and table.seq == 0

    ask = await h.slash(BOB, "game", sub="resign")
    mark = h.fake.mark()
    texts = await _twice(h, BOB, h.message_of(ask), f"confirm:{table.id}:{table.version}:resign")
    posts = h.public_posts(mark)
    assert posts[0].json["content"].endswith(" resigned.")
    assert len(posts) == 2, "one notice and one final result"
    assert sum("You resigned" in t for t in texts) == 1, texts
    assert any("over" in t for t in texts), texts


async def test_an_outdated_command_gets_a_short_answer_not_an_apology(harness: Harness) -> None:
    # Between an update and Discord's next command sync, players may use a command the bot no
    # longer has (or with old options): an expected situation, not a bug with an error id.
    h = harness
    gone = await h.slash(ALICE, "draw", {"card": "1"})
    assert gone.ephemeral and "error id" not in gone.content
    assert "updated" in gone.content, gone.content


@pytest.mark.skipif("targi" not in game_names(), reason="Targi engine not merged yet")
async def test_an_engine_reason_names_players_not_seat_numbers(harness: Harness) -> None:
    h = harness
    table = await open_table(h, "targi", [ALICE, BOB])
    first, second = await _to_act(h, table)
    call = await h.slash(first, "move", {"action": "place 5"})
    assert call.content.startswith("You played"), call.content
    table = await h.service.get(table.id)
    mark = h.fake.mark()
    call = await h.slash(second, "move", {"action": "place 15"})  # faces the first's Targi
    assert call.ephemeral and call.recipient == second.id
    colour = "blue" if table.seat_of(first.uid) == 0 else "white"  # beside the name everywhere
    expected = f"Card 15 faces {first.name} ({colour})'s Targi across the centre."
    assert call.content == expected, call.content
    await _unchanged(h, table, mark)

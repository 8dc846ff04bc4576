"""`/game status` answers the person who asked: the same board text for the same position
whatever happened to the process (a kill -9 with a board still owed, a restart), never pinging.
The owed announcement still goes out once, pinging whoever must act."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest

from bot.games import game_names
from tests.bot.test_process import _interact, _is_board, _is_post, _named, _state
from tests.fakediscord import Call, FakeDiscord
from tests.fakediscord import payloads as p

pytestmark = pytest.mark.skipif("targi" not in game_names(), reason="Targi engine not merged yet")


async def _status(fake: FakeDiscord, user: str) -> tuple[Call, Call, list[Call]]:
    """`/game status` by ``user``: its ephemeral answer, the board it posted (the one board
    that pings nobody) and every board posted meanwhile."""
    mark = fake.mark()
    payload = _named(p.slash("game", sub="status", user_id=user), user)
    await fake.push_interaction(payload)
    answer = await fake.wait_for(
        lambda c: c.interaction is not None and c.interaction["id"] == payload["id"] and c.content,
        start=mark,
        timeout=15,
    )
    board = await fake.wait_for(
        lambda c: _is_board(c) and not c.pinged_user_ids(), start=mark, timeout=15
    )
    return answer, board, [c for c in fake.calls[mark:] if _is_board(c)]


async def test_status_is_the_same_text_before_and_after_a_restart_and_never_pings(
    fake_discord: FakeDiscord, bot_process: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    db = tmp_path / "var" / "bot.sqlite3"
    proc = bot_process(env={"DATABASE_PATH": str(db)}, cwd=tmp_path)
    await proc.start()
    mark = fake.mark()
    await _interact(
        fake, _named(p.slash("game", {"game": "targi"}, sub="new", user_id="111"), "111")
    )
    lobby = fake.message((await fake.wait_for(_is_post, start=mark)).response["id"])
    found = re.search(r"table #(\d+)", lobby["content"])
    assert found is not None
    tid = found.group(1)
    await _interact(
        fake, _named(p.button(f"lobby:{tid}:join", message_data=lobby, user_id="222"), "222")
    )
    mark = fake.mark()
    start = p.button(f"lobby:{tid}:start", message_data=fake.message(lobby["id"]), user_id="111")
    await _interact(fake, _named(start, "111"))
    await fake.wait_for(_is_board, start=mark)

    # A move confirmed, then the bot killed while its board is on its way: a board is owed.
    (user,) = _state(db, tid)[2]
    fake.hold(_is_board)
    choices = await _interact(
        fake, _named(p.autocomplete("move", "action", "", user_id=user), user)
    )
    action = choices.json["data"]["choices"][0]["value"]
    mark = fake.mark()
    move = _named(p.slash("move", {"action": action}, user_id=user), user)
    await fake.push_interaction(move)
    await fake.wait_for(
        lambda c: c.interaction is not None and c.interaction["id"] == move["id"] and c.content,
        start=mark,
        timeout=10,
    )
    for _ in range(200):
        if fake.held:
            break
        await asyncio.sleep(0.05)
    assert fake.held, "the bot never sent the board"
    await proc.kill()
    fake.release()
    version, posted, waiting = _state(db, tid)
    assert posted < version

    # Asked right after the restart, before the bot catches up (about 2 s after READY).
    await proc.start()
    first_answer, first, _boards = await _status(fake, "111")
    for _ in range(100):
        if _state(db, tid)[1] == version:
            break
        await asyncio.sleep(0.1)
    assert _state(db, tid)[1] == version, "the owed board was never posted"
    # Asked again once everything is shown: the same position, the same answer.
    second_answer, second, later = await _status(fake, "222")
    assert first.json["content"] == second.json["content"]
    assert first_answer.content == second_answer.content
    for status in (first, second):
        assert status.json["allowed_mentions"].get("users", []) == []
        assert status.custom_ids()[-1] == f"board:{tid}:{version}:act"
        assert not status.json["content"].startswith("<@")
    assert later == [second], "nothing was owed any more: the status board alone"
    owed = [c for c in fake.calls if _is_board(c) and c.pinged_user_ids()]
    owed = [c for c in owed if c.custom_ids()[-1] == f"board:{tid}:{version}:act"]
    assert len(owed) == 1, "the owed board went out once, pinging whoever must act"
    assert owed[0].pinged_user_ids() == waiting - {user} != set()
    assert await proc.stop() == 0, proc.output()

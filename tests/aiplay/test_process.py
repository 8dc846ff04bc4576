"""The real `python -m bot`: an AI decision in flight when the bot is killed is taken after the
restart, exactly once, and shown pinging only the person."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sqlite3
from pathlib import Path
from typing import Any

from tests.fakediscord import Call, FakeDiscord
from tests.fakediscord import payloads as p


def _is_board(call: Call) -> bool:
    return (
        call.method == "POST"
        and call.template == "/channels/{channel_id}/messages"
        and any(i.endswith(":act") for i in call.custom_ids())
    )


def _log(db: Path) -> list[tuple[int, int, str]]:
    with contextlib.closing(sqlite3.connect(db)) as conn:
        rows = conn.execute("SELECT seq, user_id, action FROM actions ORDER BY seq").fetchall()
    return [(int(s), int(u), str(a)) for s, u, a in rows]


async def test_an_ai_decision_in_flight_at_a_kill_is_taken_once_after_the_restart(
    fake_discord: FakeDiscord, bot_process: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    db = tmp_path / "var" / "bot.sqlite3"
    # A long move delay: the AI is still "thinking" when the bot is killed.
    slow = bot_process(env={"DATABASE_PATH": str(db), "AI_MOVE_DELAY": "60"}, cwd=tmp_path)
    await slow.start()
    mark = fake.mark()
    new = p.slash("game", {"game": "targi", "ai": "normal"}, sub="new", user_id="111")
    await fake.push_interaction(new)
    board = await fake.wait_for(_is_board, start=mark, timeout=20)
    assert board.pinged_user_ids() == {"111"}
    offer = p.autocomplete("move", "action", "", user_id="111")
    await fake.push_interaction(offer)
    choices = (await fake.response_to(offer, timeout=10)).json["data"]["choices"]
    mark = fake.mark()
    move = p.slash("move", {"action": choices[0]["value"]}, user_id="111")
    await fake.push_interaction(move)
    board = await fake.wait_for(_is_board, start=mark, timeout=20)
    assert board.pinged_user_ids() == set()  # the AI's turn: nobody is pinged
    assert [u for _, u, _ in _log(db)] == [111]
    await slow.kill()

    quick = bot_process(env={"DATABASE_PATH": str(db), "AI_MOVE_DELAY": "0"}, cwd=tmp_path)
    mark = fake.mark()
    await quick.start()
    board = await fake.wait_for(_is_board, start=mark, timeout=30)
    assert board.pinged_user_ids() == {"111"}  # the AI moved; Alice's turn again
    log = _log(db)
    assert [(s, u) for s, u, _ in log] == [(0, 111), (1, -21)]
    # the ping catches Alice up with the AI's move, as `/game log` words it (its square)
    assert f"places a Targi on {log[1][2].split()[-1]} " in board.json["content"]
    assert await quick.stop() == 0, quick.output()
    # No AI worker of either bot is left behind (the killed one's leave by themselves).
    for _ in range(50):
        left = _workers_in(tmp_path)
        if not left:
            break
        await asyncio.sleep(0.1)
    else:
        for pid in left:
            os.kill(pid, signal.SIGKILL)
        raise AssertionError(f"AI workers outlived their bot: {left}")


def _workers_in(folder: Path) -> list[int]:
    """Processes running in ``folder`` (the bots' working directory) that are still alive."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            here = Path(os.readlink(entry / "cwd")) == folder
            if here and (entry / "stat").read_text().split()[2] != "Z":
                found.append(int(entry.name))
    return found

"""Smoke test of the unmodified `python -m bot` process over the fake gateway: a game survives a
crash (SIGKILL) and a restart on the same database (an SQLite file or PostgreSQL), buttons
included."""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
from pathlib import Path
from typing import Any

import pytest

from bot.games import game_names
from tests.fakediscord import Call, FakeDiscord
from tests.fakediscord import payloads as p

pytestmark = pytest.mark.skipif("tigris" not in game_names(), reason="T&E engine not merged yet")

JSON = dict[str, Any]
NAMES = {"111": "Alice", "222": "Bob"}


def _named(payload: JSON, user_id: str) -> JSON:
    person = payload["member"]["user"]
    person["username"] = person["global_name"] = NAMES[user_id]
    return payload


async def _interact(fake: FakeDiscord, payload: JSON) -> Call:
    await fake.push_interaction(payload)
    return await shown(fake, payload)


async def shown(fake: FakeDiscord, payload: JSON, *, timeout: float = 10) -> Call:
    """What the user was finally shown for ``payload``: the callback when it carries the answer
    (autocomplete choices, a message), else the first followup or edit with text or files after
    the defer (every command and click answers Discord first, then does its work)."""
    callback = await fake.response_to(payload, timeout=timeout)
    if callback.callback_type not in (5, 6):
        return callback
    return await fake.wait_for(
        lambda c: (
            c.interaction is not None
            and c.interaction["id"] == payload["id"]
            and not c.is_callback
            and bool(c.content or c.files)
        ),
        timeout=timeout,
    )


def _is_post(call: Call) -> bool:
    return call.method == "POST" and call.template == "/channels/{channel_id}/messages"


def _to_act(board: Call, mover: str) -> list[str]:
    """The pinged players; nobody is pinged when the player who just moved acts again."""
    return [str(u) for u in board.json["allowed_mentions"]["users"]] or [mover]


async def _move(fake: FakeDiscord, rng: random.Random, board: Call, mover: str) -> tuple[Call, str]:
    """A player to act picks one of the bot's autocomplete suggestions and plays it."""
    user = rng.choice(_to_act(board, mover))
    offered: list[str] = []
    for typed in ("tile", ""):  # tiles first: they empty the bag and end the game
        payload = _named(p.autocomplete("move", "action", typed, user_id=user), user)
        choices = (await _interact(fake, payload)).json["data"]["choices"]
        offered = [c["value"] for c in choices]
        if offered:
            break
    assert offered, "the player to act was offered nothing"
    mark = fake.mark()
    move = _named(p.slash("move", {"action": rng.choice(offered)}, user_id=user), user)
    await fake.push_interaction(move)
    reply = await fake.wait_for(
        lambda c: c.interaction is not None and c.interaction["id"] == move["id"] and c.content,
        start=mark,
        timeout=10,
    )
    assert reply.ephemeral and reply.content.startswith("You played"), reply.content
    return await fake.wait_for(_is_post, start=mark, timeout=10), user


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_python_m_bot_survives_a_kill_and_finishes_the_game(
    fake_discord: FakeDiscord,
    bot_process: Any,
    tmp_path: Path,
    backend: str,
    request: pytest.FixtureRequest,
) -> None:
    fake = fake_discord
    rng = random.Random(2)
    env = {"DATABASE_PATH": str(tmp_path / "var" / "bot.sqlite3")}
    if backend == "postgres":  # DATABASE_URL wins over DATABASE_PATH
        databases = request.getfixturevalue("postgres_server")  # dropped with the server
        env["DATABASE_URL"] = await databases.create()
    proc = bot_process(env=env, cwd=tmp_path)
    identify = await proc.start()
    assert identify["token"] == "fake-token"
    await fake.wait_for(lambda c: c.template is not None and "commands" in c.path, timeout=10)
    assert len(fake.command_syncs()) == 1

    mark = fake.mark()
    new = _named(p.slash("game", {"game": "tigris", "seats": 2}, sub="new", user_id="111"), "111")
    opened = await _interact(fake, new)
    first = await fake.response_to(new)
    assert first.callback_type == 5 and first.flags & 64  # answered at once, privately
    assert opened.ephemeral and "Opened" in (opened.content or "")
    lobby_post = await fake.wait_for(_is_post, start=mark)
    lobby = fake.message(lobby_post.response["id"])
    table_id = re.search(r"table #(\d+)", lobby["content"])
    assert table_id is not None
    tid = table_id.group(1)
    await _interact(
        fake, _named(p.button(f"lobby:{tid}:join", message_data=lobby, user_id="222"), "222")
    )
    mark = fake.mark()
    await _interact(
        fake,
        _named(
            p.button(f"lobby:{tid}:start", message_data=fake.message(lobby["id"]), user_id="111"),
            "111",
        ),
    )
    board = await fake.wait_for(_is_post, start=mark)
    mover = ""
    for _ in range(5):
        board, mover = await _move(fake, rng, board, mover)

    await proc.kill()  # a crash: no shutdown code runs
    await proc.start()
    # The same command definitions are not synced again.
    assert len(fake.command_syncs()) == 1

    # The last board's Act button still works after the restart.
    message = fake.message(board.response["id"])
    act_id = next(c for c in board.custom_ids() if c.endswith(":act"))
    user = _to_act(board, mover)[0]
    menu = await _interact(fake, _named(p.button(act_id, message_data=message, user_id=user), user))
    assert menu.ephemeral and "Choose your action" in menu.content, menu.content
    if backend == "postgres":  # the rest of the game plays the same on either database
        board, mover = await _move(fake, rng, board, mover)
        assert await proc.stop() == 0, proc.output()
        return

    for _ in range(2000):
        if "final result" in (board.json.get("content") or ""):
            break
        board, mover = await _move(fake, rng, board, mover)
    else:
        pytest.fail("the game did not end")
    assert any(f.filename.endswith("-record.json") for f in board.files)
    assert proc.running
    assert await proc.stop() == 0, proc.output()  # SIGTERM: a clean shutdown


async def test_python_m_bot_sync_pushes_the_commands_every_time(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    import asyncio
    import os
    import sys

    env = dict(os.environ)
    env.update(
        DISCORD_TOKEN="fake-token",
        DISCORD_API_BASE=fake_discord.base,
        DISCORD_GATEWAY_URL=fake_discord.gateway_url,
        DATABASE_PATH=str(tmp_path / "var" / "bot.sqlite3"),
        DEV_GUILD_ID=p.GUILD_ID,
        PYTHONPATH=str(Path(__file__).resolve().parents[2]),
    )
    for expected in (1, 2):
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            "sync",
            cwd=tmp_path,
            env=env,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        output, _ = await asyncio.wait_for(proc.communicate(), 30)
        assert proc.returncode == 0, output.decode()
        syncs = fake_discord.command_syncs()
        assert len(syncs) == expected
        assert syncs[-1].path.endswith(f"/guilds/{p.GUILD_ID}/commands")
    assert fake_discord.identifies == [], "sync only logs in; it never connects to the gateway"


def _is_board(call: Call) -> bool:
    return _is_post(call) and any(i.endswith(":act") for i in call.custom_ids())


def _state(db: Path, table_id: str) -> tuple[int, int, set[str]]:
    """(version, posted version, users to act) as the database holds them."""
    import sqlite3

    with contextlib.closing(sqlite3.connect(db)) as conn:
        version, posted = conn.execute(
            "SELECT version, posted_version FROM game_tables WHERE id = ?", (table_id,)
        ).fetchone()
        users = conn.execute(
            "SELECT s.user_id FROM pending p JOIN seats s "
            "ON s.table_id = p.table_id AND s.seat = p.seat WHERE p.table_id = ?",
            (table_id,),
        ).fetchall()
    return int(version), int(posted), {str(u) for (u,) in users}


@pytest.mark.parametrize(
    ("crash", "after_post"),
    [("start", False), ("move", False), ("move", True)],
    ids=["start-before-the-board", "move-before-the-board", "move-after-the-board"],
)
async def test_a_kill_right_after_the_confirmation_shows_the_current_board_once(
    fake_discord: FakeDiscord, bot_process: Any, tmp_path: Path, crash: str, after_post: bool
) -> None:
    """SIGKILL right after the bot confirmed a Start or a move, while its board is on its way
    (held by the fake: never applied, or applied but never answered). After the restart the
    channel shows the current state exactly once, pinging whoever must act."""
    fake = fake_discord
    db = tmp_path / "var" / "bot.sqlite3"
    proc = bot_process(env={"DATABASE_PATH": str(db)}, cwd=tmp_path)
    await proc.start()
    mark = fake.mark()
    await _interact(
        fake,
        _named(p.slash("game", {"game": "targi"}, sub="new", user_id="111"), "111"),
    )
    lobby = fake.message((await fake.wait_for(_is_post, start=mark)).response["id"])
    found = re.search(r"table #(\d+)", lobby["content"])
    assert found is not None
    tid = found.group(1)
    await _interact(
        fake, _named(p.button(f"lobby:{tid}:join", message_data=lobby, user_id="222"), "222")
    )
    start = _named(
        p.button(f"lobby:{tid}:start", message_data=fake.message(lobby["id"]), user_id="111"),
        "111",
    )
    user = ""  # the player who just moved (nobody after the start)
    if crash == "start":
        fake.hold(_is_board, after_effect=after_post)
        await _interact(fake, start)
    else:
        mark = fake.mark()
        await _interact(fake, start)
        board = await fake.wait_for(_is_board, start=mark)
        (user,) = _state(db, tid)[2]
        fake.hold(_is_board, after_effect=after_post)
        choices = await _interact(
            fake, _named(p.autocomplete("move", "action", "", user_id=user), user)
        )
        action = choices.json["data"]["choices"][0]["value"]
        move = _named(p.slash("move", {"action": action}, user_id=user), user)
        await fake.push_interaction(move)
        reply = await fake.wait_for(
            lambda c: c.interaction is not None and c.interaction["id"] == move["id"] and c.content,
            start=mark,
            timeout=10,
        )
        # (The mover's next decision, when it is theirs, follows on the next lines.)
        assert reply.content.split("\n")[0] == f"You played `{action}`."
    for _ in range(200):  # the board is on its way
        if fake.held:
            break
        await asyncio.sleep(0.05)
    assert fake.held, "the bot never sent the board"
    await proc.kill()
    fake.release()
    version, posted, waiting = _state(db, tid)
    assert posted < version, "the board was never recorded as posted"
    shown_before = [
        c for c in fake.calls if _is_board(c) and f":{version}:act" in c.custom_ids()[-1]
    ]
    assert len(shown_before) == (1 if after_post else 0)

    mark = fake.mark()
    await proc.start()
    for _ in range(200):  # the restarted bot catches up as soon as it is ready
        if _state(db, tid)[1] == version:
            break
        await asyncio.sleep(0.1)
    else:
        pytest.fail("the restarted bot never showed the current state")
    await asyncio.sleep(0.5)
    new_boards = [c for c in fake.calls[mark:] if _is_board(c)]
    current = shown_before if after_post else new_boards
    assert len(new_boards) == (0 if after_post else 1), new_boards
    (board,) = current
    assert board.custom_ids()[-1] == f"board:{tid}:{version}:act"
    assert board.pinged_user_ids() == waiting - {user} != set()
    assert _state(db, tid)[1] == version
    assert await proc.stop() == 0, proc.output()

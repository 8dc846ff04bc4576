"""Smoke test of the unmodified `python -m bot` process over the fake gateway: a game survives a
crash (SIGKILL) and a restart on the same database file, buttons included."""

from __future__ import annotations

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
    return await fake.response_to(payload, timeout=10)


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


async def test_python_m_bot_survives_a_kill_and_finishes_the_game(
    fake_discord: FakeDiscord, bot_process: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    rng = random.Random(2)
    proc = bot_process(env={"DATABASE_PATH": str(tmp_path / "var" / "bot.sqlite3")}, cwd=tmp_path)
    identify = await proc.start()
    assert identify["token"] == "fake-token"
    await fake.wait_for(lambda c: c.template is not None and "commands" in c.path, timeout=10)
    assert len(fake.command_syncs()) == 1

    mark = fake.mark()
    opened = await _interact(
        fake,
        _named(p.slash("game", {"game": "tigris", "seats": 2}, sub="new", user_id="111"), "111"),
    )
    assert opened.callback_type == 5 and opened.flags & 64  # answered at once, privately
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

"""The real `python -m bot` killed (SIGKILL) while a league's round opens, then restarted on the
same database: the league's channel and the match thread show the season's state exactly once."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.bot.test_process import shown
from tests.fakediscord import Call, FakeDiscord
from tests.fakediscord import payloads as p

JSON = dict[str, Any]
NAMES = {"111": "Alice", "222": "Bob", "999": "Mod"}


def _named(payload: JSON, user_id: str) -> JSON:
    person = payload["member"]["user"]
    person["username"] = person["global_name"] = NAMES[user_id]
    return payload


def _post(call: Call) -> bool:
    return call.method == "POST" and call.template == "/channels/{channel_id}/messages"


def _league(db: Path) -> tuple[int | None, int | None, int]:
    """(sign-up card id, standings message id, rounds announced) as the database holds them."""
    with contextlib.closing(sqlite3.connect(db)) as conn:
        card, standings = conn.execute(
            "SELECT signup_message_id, standings_message_id FROM leagues"
        ).fetchone()
        (announced,) = conn.execute(
            "SELECT COUNT(*) FROM league_rounds WHERE announced_at IS NOT NULL"
        ).fetchone()
    return card, standings, int(announced)


CRASHES: dict[str, Callable[[Call], bool]] = {
    "standings": lambda c: _post(c) and (c.content or "").startswith("**Spring** ("),
    "announcement": lambda c: _post(c) and "round 1 of 1 is open" in (c.content or ""),
    "board": lambda c: _post(c) and any(i.endswith(":act") for i in c.custom_ids()),
}


@pytest.mark.parametrize(
    ("where", "after"),
    [("standings", True), ("announcement", True), ("announcement", False), ("board", True)],
)
async def test_a_kill_while_round_one_opens_shows_it_once(
    fake_discord: FakeDiscord, bot_process: Any, tmp_path: Path, where: str, after: bool
) -> None:
    fake = fake_discord
    db = tmp_path / "var" / "bot.sqlite3"
    proc = bot_process(env={"DATABASE_PATH": str(db)}, cwd=tmp_path)
    await proc.start()

    async def interact(payload: JSON) -> Call:
        await fake.push_interaction(payload)
        return await shown(fake, payload)

    manager = {"user_id": "999", "permissions": p.MANAGER_PERMISSIONS}
    spring = {"game": "targi", "name": "Spring", "format": "round_robin", "round_days": 7}
    await interact(_named(p.slash("league", spring, sub="create", **manager), "999"))
    for _ in range(100):
        if _league(db)[0] is not None:
            break
        await asyncio.sleep(0.05)
    card_id = _league(db)[0]
    assert card_id is not None
    for user in ("111", "222"):
        card = fake.message(card_id)
        await interact(_named(p.button("league:1:join", message_data=card, user_id=user), user))
    fake.hold(CRASHES[where], after_effect=after)
    start = _named(p.slash("league", {}, sub="start", **manager), "999")
    await fake.push_interaction(start)  # its answer comes after the posts, which are held
    await fake.response_to(start, timeout=10)
    for _ in range(200):
        if fake.held:
            break
        await asyncio.sleep(0.05)
    assert fake.held, f"the bot never sent the {where}"
    await proc.kill()
    fake.release()

    await proc.start()
    for _ in range(200):  # the restarted bot catches up as soon as it is ready
        if None not in _league(db)[:2] and _league(db)[2] == 1:
            break
        await asyncio.sleep(0.1)
    else:
        pytest.fail("the restarted bot never showed round 1")
    await asyncio.sleep(1.0)
    channel = [m for m in fake.channel_messages(p.CHANNEL_ID) if not m["flags"] & p.EPHEMERAL]
    assert len([m for m in channel if m["content"].startswith("**Spring** (")]) == 1
    assert len([m for m in channel if "round 1 of 1 is open" in m["content"]]) == 1
    assert [m["id"] for m in channel if m["components"]] == [], "sign-up closed"
    threads = {m["channel_id"] for m in fake.messages.values()} - {p.CHANNEL_ID}
    boards = [
        m
        for m in fake.messages.values()
        if m["channel_id"] in threads and "Round 1 begins" in m["content"]
    ]
    assert len(boards) == 1, [m["content"] for m in boards]
    assert await proc.stop() == 0, proc.output()

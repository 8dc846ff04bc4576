"""The real `python -m bot` process runs the scheduler in the background with the real clock:
a decision that has waited two days (in the database from before the start) is reminded once,
and not again after a restart (the interval has not passed), while a newly due one is."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from bot.service import Player, Service
from tests.fakediscord import Call, FakeDiscord
from tests.fakediscord import payloads as p
from tests.service.conftest import ManualClock

DAY = 86400.0


def _reminder(call: Call) -> bool:
    return (
        call.method == "POST"
        and call.template == "/channels/{channel_id}/messages"
        and "reminder" in (call.content or "")
    )


async def test_the_bot_process_sends_due_reminders_once(
    fake_discord: FakeDiscord, bot_process: Any, tmp_path: Path
) -> None:
    db = tmp_path / "bot.sqlite3"
    service = await Service.open(db, clock=ManualClock(time.time() - 2 * DAY))
    alice, bob = Player(111, "Alice"), Player(222, "Bob")
    table = await service.create(
        game="targi",
        guild_id=int(p.GUILD_ID),
        channel_id=int(p.CHANNEL_ID),
        creator=alice,
        max_seats=2,
        language="en",
    )
    await service.join(table.id, bob)
    table = await service.start(table.id, alice.user_id, can_manage=False)
    [seat] = await service.to_act(table.id)
    await service.close()

    proc = bot_process(env={"DATABASE_PATH": str(db)}, cwd=tmp_path)
    await proc.start()
    reminder = await fake_discord.wait_for(_reminder, timeout=20)
    assert reminder.pinged_user_ids() == {str(table.players[seat].user_id)}
    assert reminder.parts[1] == p.CHANNEL_ID
    await proc.stop()

    # Meanwhile another table's decision has waited two days too (another channel).
    service = await Service.open(db, clock=ManualClock(time.time() - 2 * DAY))
    other = await service.create(
        game="targi",
        guild_id=int(p.GUILD_ID),
        channel_id=int(p.CHANNEL_ID) + 1,
        creator=bob,
        max_seats=2,
        language="en",
    )
    await service.join(other.id, alice)
    await service.start(other.id, bob.user_id, can_manage=False)
    await service.close()

    mark = fake_discord.mark()
    await proc.start()  # the same database: the first reminder is remembered
    second = await fake_discord.wait_for(_reminder, start=mark, timeout=20)
    assert second.parts[1] == str(int(p.CHANNEL_ID) + 1)
    await proc.stop()
    again = [c for c in fake_discord.calls[mark:] if _reminder(c)]
    assert [c.parts[1] for c in again] == [second.parts[1]]

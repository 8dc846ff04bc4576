"""AI seats in Discord: one background task per table while an AI there has a decision to take.

:meth:`AiPlayer.kick` is called whenever a table's state is about to be shown (after the start,
every move, a take-back, a timer's decision, a seat replaced, a restart's catch-up), and on every
scheduler tick for every running table an AI must act at (:meth:`AiPlayer.resume`): a decision
that was in flight when the bot stopped is taken again after the start. A table never has two
tasks; a kick during a task makes it look again before it ends. The decision itself runs in the
worker pool (:class:`bot.ai.worker.AiPool`) and is submitted guarded by the table's version
(:class:`bot.ai_turns.AiTurns`), then shown like any move (:func:`bot.ui.publish.after_move`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

from bot.ai.turns import AiTurns
from bot.ui import publish

if TYPE_CHECKING:
    from bot.client import BoardBot

log = logging.getLogger(__name__)

#: Background tasks are named with this prefix (tests wait for them to be idle).
TASK_PREFIX = "ai-move-"


class AiPlayer:
    """Drives the AI seats of every table of one bot."""

    def __init__(self, bot: BoardBot, turns: AiTurns) -> None:
        self.bot = bot
        self.turns = turns
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        self._closed = False

    def thinking(self, table_id: int) -> bool:
        """Whether an AI decision of the table is being computed or submitted now."""
        return table_id in self._tasks

    def kick(self, table_id: int) -> None:
        """Make sure the table's AI seats act if one must (no-op when none must)."""
        if self._closed:
            return
        if table_id in self._tasks:
            self._again.add(table_id)  # the running task looks once more before it ends
            return
        self._tasks[table_id] = asyncio.create_task(
            self._drive(table_id), name=f"{TASK_PREFIX}{table_id}"
        )

    async def resume(self) -> int:
        """Kick every running table waiting for an AI (after a restart; every tick)."""
        waiting = sorted({t for t, _, _ in await self.bot.service.ai_to_act()})
        tables = [t for t in waiting if await self.bot.owns_table(t)]  # this process's servers
        for table_id in tables:
            self.kick(table_id)
        return len(tables)

    async def _drive(self, table_id: int) -> None:
        try:
            while not self._closed:
                self._again.discard(table_id)
                result = await self.turns.play_once(table_id)
                if result is not None:
                    await publish.after_move(self.bot, result)
                    continue
                if table_id not in self._again:
                    break
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %d: an AI decision failed; the next tick tries again", table_id)
        finally:
            self._tasks.pop(table_id, None)
            self._again.discard(table_id)

    async def close(self) -> None:
        """Stop every AI task (decisions in flight are taken again after the next start)."""
        self._closed = True
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

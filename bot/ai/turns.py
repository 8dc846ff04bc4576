"""AI seats taking their decisions at a running table. Knows no discord.py.

:meth:`AiTurns.play_once` looks at what a table waits for; if an AI seat must decide, it takes
that seat's own view and legal actions (:meth:`bot.service.Service.seat_decision`, one state),
asks the decider (the worker pool, :class:`bot.ai.worker.AiPool`), waits out the rest of the
move delay and submits the answer through :meth:`Service.submit` with the table's version as
``expected_version``: an answer computed for a board that changed meanwhile is dropped (and
the decision taken again on the new board), so nothing is ever applied twice, also across a
restart. The AI's seed comes from the table's seed, version and seat, so a decision taken again
after a restart is the same decision.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from bot.ai import seats as ai_seats
from bot.ai.worker import decision_seed
from bot.games.common import GameError
from bot.service import GameNotActive, MoveResult, Service, ServiceError, StaleBoard

__all__ = ["AiTurns", "Decider"]

log = logging.getLogger(__name__)

#: ``(game, view, legal_actions, level, seed) -> action``, computed off the event loop.
Decider = Callable[[str, dict[str, Any], list[str], str, int], Awaitable[str]]

#: How often a decision is taken again when the board keeps changing under it.
MAX_STALE_RETRIES = 3


class AiTurns:
    """Plays the AI seats' decisions, one at a time per call; ``delay`` seconds (at least)
    pass between the moment a decision is looked at and its submission."""

    def __init__(self, service: Service, decide: Decider, *, delay: float = 0.0) -> None:
        self.service = service
        self.decide = decide
        self.delay = delay

    async def ai_seat_to_act(self, table_id: int) -> int | None:
        """The first AI seat the table waits for, or None."""
        seats = await self.service.to_act(table_id)
        if not seats:
            return None
        table = await self.service.get(table_id)
        for seat in seats:
            if seat < len(table.players) and ai_seats.is_ai(table.players[seat].user_id):
                return seat
        return None

    async def play_once(self, table_id: int) -> MoveResult | None:
        """Take one AI decision at the table, if one is due; the committed move, else None."""
        for _ in range(MAX_STALE_RETRIES):
            seat = await self.ai_seat_to_act(table_id)
            if seat is None:
                return None
            decision = await self.service.seat_decision(table_id, seat)
            if decision is None:
                continue  # the table moved between the two reads
            table, view, legal = decision
            user = table.players[seat].user_id
            level = ai_seats.ai_level(user) or ai_seats.REPLACEMENT_LEVEL
            started = time.monotonic()
            seed = decision_seed(table.seed, table.version, seat)
            action = await self.decide(table.game, view, legal, level, seed)
            rest = self.delay - (time.monotonic() - started)
            if rest > 0:
                await asyncio.sleep(rest)
            try:
                return await self.service.submit(
                    table_id, user, action, expected_version=table.version
                )
            except GameNotActive:
                # The game ended (aborted, resigned, finished on time) while the AI thought.
                log.info("table %d ended while the AI decided; answer dropped", table_id)
                return None
            except StaleBoard:
                log.info(
                    "table %d: the AI's answer for version %d came too late",
                    table_id,
                    table.version,
                )
                continue
            except (ServiceError, GameError) as error:
                # Only a bug gets here. Neither the action nor the engine's sentence is logged:
                # either may name a card or tile the AI's seat keeps secret.
                log.error(
                    "table %d: the engine refused the AI's decision for seat %d (%s)",
                    table_id,
                    seat,
                    type(error).__name__,
                )
                return None
        return None

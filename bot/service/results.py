"""An ended game's results: its record (the replay file) and the revealed final summary."""

from __future__ import annotations

from typing import Any

from bot.i18n import _
from bot.service.core import ServiceCore
from bot.service.errors import NotFinished
from bot.storage.tables import EndReason, TableStatus

__all__ = ["Results"]


class Results(ServiceCore):
    """What may be shown only once the game has ended: the seed and every secret."""

    async def record(self, table_id: int) -> dict[str, Any]:
        """The replay JSON (``python -m bot.games replay`` reads it); only once the game ended.

        The seed decides every hidden draw, so a running game's record would leak secrets.
        """
        async with self._db.read() as q:
            row, table = await self._load(q, table_id)
            log_rows = await q.actions(table_id)
        self._require_started(table)
        if table.status == TableStatus.ACTIVE:
            raise NotFinished(_("The record is shown when the game has ended."))
        record: dict[str, Any] = {
            "game": table.game,
            "seats": len(table.players),
            "seed": table.seed,
            "options": dict(table.options),
        }
        if row.setup is not None:
            record["setup"] = row.setup
        record["actions"] = [[a.seat, a.action] for a in log_rows]
        record["players"] = [p.name for p in table.players]
        record["end"] = {"reason": table.end_reason, "resigned_seat": table.resigned_seat}
        return record

    async def final_summary(self, table_id: int) -> dict[str, Any]:
        """Ranking, scores and every seat's full view, once the game has ended."""
        table, game, state = await self._started_state(table_id)
        if table.status == TableStatus.ACTIVE:
            raise NotFinished(_("The final summary is shown when the game has ended."))
        seats = len(table.players)
        if table.end_reason == EndReason.OVER:
            ranking = [list(place) for place in game.outcome(state)["ranking"]]
        elif table.end_reason == EndReason.RESIGNED and table.resigned_seat is not None:
            others = [s for s in range(seats) if s != table.resigned_seat]
            ranking = [others, [table.resigned_seat]] if others else [[table.resigned_seat]]
        else:  # aborted: no result
            ranking = []
        return {
            "game": table.game,
            "end_reason": table.end_reason,
            "resigned_seat": table.resigned_seat,
            "ranking": ranking,
            "scores": game.scores(state),
            "players": [
                {"seat": s, "user_id": p.user_id, "name": p.name}
                for s, p in enumerate(table.players)
            ],
            "public": game.view(state, None),
            "views": [game.view(state, s) for s in range(seats)],
        }

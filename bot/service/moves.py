"""Playing: submit a move, the legal actions, the views of the board, the game's history and
the take-back of the last move."""

from __future__ import annotations

import asyncio
from typing import Any

from bot import ratings
from bot.ai import seats as ai_seats
from bot.games.common import NotYourTurn
from bot.games.contract import GameEngine
from bot.i18n import _
from bot.presenters import plain_text
from bot.service.core import ServiceCore
from bot.service.errors import NotSeated, StaleBoard
from bot.service.records import MoveResult, Table
from bot.storage.backends import IntegrityError
from bot.storage.tables import EndReason, TableRow, TableStatus

__all__ = ["Moves"]


def _names(table: Table, seats: tuple[int, ...]) -> str:
    names = (
        ai_seats.mark(table.players[s].user_id, plain_text(table.players[s].name))
        for s in seats
        if s < len(table.players)
    )
    return ", ".join(names)


class Moves(ServiceCore):
    """Moves of a running game, each durable before it is answered, and the views of it."""

    async def submit(
        self,
        table_id: int,
        user_id: int,
        action: str,
        *,
        expected_seq: int | None = None,
        expected_version: int | None = None,
    ) -> MoveResult:
        """Apply ``action`` for ``user_id``'s seat; durable before this returns.

        Raises, in this order: UnknownTable, GameNotActive, NotSeated, StaleBoard
        (``expected_seq`` is not the current seq, or ``expected_version`` not the current
        version: buttons carry the version, which a take-back does not bring back), NotYourTurn
        (engine error class), then the engine's InvalidNotation / IllegalAction. Nothing
        changes when it raises.
        """
        async with self._lock(table_id):
            row, table = await self._read(table_id)
            seat, game, state = await self._turn_of(
                row, table, user_id, expected_seq=expected_seq, expected_version=expected_version
            )
            new_state = game.apply(state, seat, action)
            finished = bool(game.is_over(new_state))
            after = await self._commit_move(
                row,
                table,
                game,
                new_state,
                seat=seat,
                user_id=user_id,
                action=action,
                over=finished,
            )
            if finished:  # only running games stay in memory
                self._states.pop(table_id, None)
            else:
                self._states[table_id] = (after.version, new_state)
            pings = tuple(after.players[s].user_id for s in game.to_act(new_state))
            return MoveResult(
                table=after,
                seat=seat,
                action=action,
                view=game.view(new_state, None),
                to_ping=pings,
                finished=finished,
            )

    async def _turn_of(
        self,
        row: TableRow,
        table: Table,
        user_id: int,
        *,
        expected_seq: int | None,
        expected_version: int | None,
    ) -> tuple[int, GameEngine, Any]:
        """The seat of ``user_id``, the game and its state, once that seat may move on the board
        the caller saw (GameNotActive, NotSeated, StaleBoard, NotYourTurn in that order)."""
        self._require_active(table)
        seat = table.seat_of(user_id)
        if seat is None:
            raise NotSeated(_("You are not playing in this game."))
        game = self._game(table.game)
        state = await self._state(row, table)
        # A stale button (double click, a board that moved on) is reported as such even
        # when its presser is no longer to act: "the board has changed" is the useful answer.
        if expected_seq is not None and expected_seq != row.seq:
            raise StaleBoard(table)
        if expected_version is not None and expected_version != row.version:
            raise StaleBoard(table)
        to_act = tuple(game.to_act(state))
        if seat not in to_act:
            waiting = _names(table, to_act)
            raise NotYourTurn(
                f"It is not your turn; waiting for {waiting}.",
                key="waiting_for_players",
                players=waiting,
            )
        return seat, game, state

    async def _commit_move(
        self,
        row: TableRow,
        table: Table,
        game: GameEngine,
        new_state: Any,
        *,
        seat: int,
        user_id: int,
        action: str,
        over: bool,
    ) -> Table:
        """Log ``action`` with the new snapshot and, in the same transaction, the result (the
        game is ``over``) or the new waits. StaleBoard if another move was logged first."""
        table_id = row.id
        snapshot = game.to_json(new_state)
        at = self._clock()
        try:
            async with self._db.write() as q:
                before = await q.pending(table_id)
                await q.append_action(table_id, row.seq, seat, user_id, action, at)
                if not await q.advance_seq(table_id, row.seq):
                    raise StaleBoard(table)
                await q.put_snapshot(table_id, row.seq + 1, snapshot)
                if over:
                    await q.set_ended(
                        table_id, status=TableStatus.FINISHED, reason=EndReason.OVER, at=at
                    )
                    ranking = game.outcome(new_state)["ranking"]
                    await ratings.record_result(q, table, EndReason.OVER, ranking, at)
                else:
                    await q.set_pending(
                        table_id, self._pending_after(game, new_state, before, seat)
                    )
                return (await self._load(q, table_id))[1]
        except IntegrityError:  # the log already has this seq: someone was faster
            self._states.pop(table_id, None)
            raise StaleBoard((await self._read(table_id))[1]) from None
        except StaleBoard:
            self._states.pop(table_id, None)
            raise

    async def legal_actions(self, table_id: int, user_id: int) -> list[str]:
        """The caller's legal actions now; [] if not running, not seated or not to act."""
        async with self._lock(table_id):
            row, table = await self._read(table_id)
            seat = table.seat_of(user_id)
            if table.status != TableStatus.ACTIVE or seat is None:
                return []
            game = self._game(table.game)
            state = await self._state(row, table)
            if seat not in game.to_act(state):
                return []
            return list(game.legal_actions(state, seat))

    async def public_view(self, table_id: int, table: Table | None = None) -> dict[str, Any]:
        """The engine's view for spectators (``view(state, None)``). With ``table`` (just read),
        the state this process keeps for that version is used without reading the table again."""
        cached = self._states.get(table_id) if table is not None else None
        if table is not None and cached is not None and cached[0] == table.version:
            self._require_started(table)
            started: dict[str, Any] = self._game(table.game).view(cached[1], None)
            return started
        _table, game, state = await self._started_state(table_id)
        view: dict[str, Any] = game.view(state, None)
        return view

    async def private_view(self, table_id: int, user_id: int) -> dict[str, Any]:
        """The engine's view for the caller's seat. NotSeated for anyone else."""
        async with self._db.read() as q:
            _row, table = await self._load(q, table_id)
        seat = table.seat_of(user_id)
        if seat is None:
            raise NotSeated(_("You are not playing in this game."))
        _table, game, state = await self._started_state(table_id)
        view: dict[str, Any] = game.view(state, seat)
        return view

    async def logged_actions(self, table_id: int) -> list[tuple[int, str]]:
        """The action log, (seat, action) in playing order: entry ``n`` of `/game log` is
        item ``n - 1``."""
        async with self._db.read() as q:
            log_rows = await q.actions(table_id)
        return [(row.seat, row.action) for row in log_rows]

    async def history(
        self, table_id: int
    ) -> tuple[Table, GameEngine, list[Any], list[tuple[int, str]]]:
        """Every state of a started game from the deal on (``states[i]`` after ``i`` actions),
        replayed from the log off the event loop, and the logged (seat, action) pairs.
        For the play-by-post layer: the result holds every secret."""
        async with self._lock(table_id), self._db.read() as q:
            row, table = await self._load(q, table_id)
            log_rows = await q.actions(table_id)
        self._require_started(table)
        game = self._game(table.game)
        actions = [(a.seat, a.action) for a in log_rows]

        def replay_all() -> list[Any]:
            state = game.new_game(
                len(table.players), row.seed, options=row.options, setup=row.setup
            )
            states = [state]
            for seat, action in actions:
                state = game.apply(state, seat, action)
                states.append(state)
            return states

        states = await asyncio.to_thread(replay_all)
        return table, game, states, actions

    async def undo_last(self, table_id: int, expected_seq: int) -> Table:
        """Remove the last logged action and rebuild the state by replaying the rest (exact).

        StaleBoard if the table is no longer at ``expected_seq`` (someone acted meanwhile);
        every seat then to act starts a fresh wait. Callers decide whether an undo is allowed.
        """
        async with self._lock(table_id):
            row, table = await self._read(table_id)
            self._require_active(table)
            if row.seq != expected_seq or row.seq == 0:
                raise StaleBoard(table)
            game = self._game(table.game)
            async with self._db.read() as q:
                log_rows = await q.actions(table_id)
            actions = [(a.seat, a.action) for a in log_rows[:-1]]
            state = await asyncio.to_thread(self._replay, row, len(table.players), actions)
            async with self._db.write() as q:
                if not await q.delete_last_action(table_id, row.seq):
                    raise StaleBoard(table)
                await q.put_snapshot(table_id, row.seq - 1, game.to_json(state))
                await q.set_pending(table_id, self._pending_after(game, state, {}, None))
                _row, after = await self._load(q, table_id)
            self._states[table_id] = (after.version, state)
            return after

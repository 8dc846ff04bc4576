"""The shared base of the service's use cases: the database, the clock, one lock per table and
the engine state of each running game (cached, from its snapshot, or replayed from the log)."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any, Self

from bot.games import get_game
from bot.games.common import GameError
from bot.games.contract import GameEngine
from bot.i18n import _
from bot.service.errors import GameNotActive, NotAllowed, NotStarted, UnknownGame, UnknownTable
from bot.service.records import Table, to_table
from bot.storage.backends import Location
from bot.storage.db import Migration
from bot.storage.tables import Database, EndReason, Queries, TableRow, TableStatus

__all__ = ["ServiceCore"]

log = logging.getLogger(__name__)


def _default_seed() -> int:
    return secrets.randbits(62)


class ServiceCore:
    """Tables over one database: what every use case of :class:`bot.service.Service` reads
    and writes through."""

    def __init__(
        self,
        db: Database,
        *,
        clock: Callable[[], float],
        seed_source: Callable[[], int],
        games: Callable[[str], GameEngine],
        verify_snapshots: bool,
    ) -> None:
        self._db = db
        self._clock = clock
        self._seed_source = seed_source
        self._games = games
        self._verify_snapshots = verify_snapshots
        self._locks: dict[int, asyncio.Lock] = {}
        # table id -> (version, engine state): the version, unlike the seq, never repeats (a
        # take-back and a new move in another process bring the seq back, with another state)
        self._states: dict[int, tuple[int, Any]] = {}

    @classmethod
    async def open(
        cls,
        path: Location,
        *,
        clock: Callable[[], float] = time.time,
        seed_source: Callable[[], int] | None = None,
        games: Callable[[str], GameEngine] = get_game,
        verify_snapshots: bool = False,
        migrations: tuple[Migration, ...] | None = None,
    ) -> Self:
        """Connect to ``path``, an SQLite file (WAL) or a ``postgresql://`` address, migrated
        (a too-new schema raises ``DatabaseTooNew``).

        ``verify_snapshots`` replays the action log whenever a game is first loaded and trusts
        the log over a snapshot that disagrees.
        """
        db = await Database.open(path, migrations)
        return cls(
            db,
            clock=clock,
            seed_source=seed_source or _default_seed,
            games=games,
            verify_snapshots=verify_snapshots,
        )

    async def close(self) -> None:
        await self._db.close()

    @property
    def db(self) -> Database:
        """The database, for the play-by-post layer (``bot.pbp.usecases``) that shares it."""
        return self._db

    @property
    def clock(self) -> Callable[[], float]:
        return self._clock

    # -- tables -------------------------------------------------------------------------------

    def _lock(self, table_id: int) -> asyncio.Lock:
        return self._locks.setdefault(table_id, asyncio.Lock())

    def _game(self, name: str) -> GameEngine:
        try:
            return self._games(name)
        except KeyError:
            raise UnknownGame(_("There is no game called {name}.", name=repr(name))) from None

    async def _load(self, q: Queries, table_id: int) -> tuple[TableRow, Table]:
        row, seats = await q.table_and_seats(table_id)
        if row is None:
            raise UnknownTable(_("There is no such game table."))
        return row, to_table(row, seats)

    async def _read(self, table_id: int) -> tuple[TableRow, Table]:
        async with self._db.read() as q:
            return await self._load(q, table_id)

    @staticmethod
    def _allowed(table: Table, user_id: int, can_manage: bool) -> None:
        if not (can_manage or user_id == table.creator_id):
            raise NotAllowed(
                _("Only the player who opened this table or a server manager may do that.")
            )

    @staticmethod
    def _require_active(table: Table) -> None:
        if table.status == TableStatus.ACTIVE:
            return
        if table.status == TableStatus.LOBBY or (
            table.status == TableStatus.ABORTED and table.end_reason == EndReason.CANCELLED
        ):
            raise NotStarted(_("This game has not started yet."))
        if table.status == TableStatus.ABORTED:
            raise GameNotActive(_("This game was aborted."))
        raise GameNotActive(_("This game is over."))

    @staticmethod
    def _require_started(table: Table) -> None:
        """NotStarted for a lobby, open or cancelled: it has no board."""
        if table.status == TableStatus.LOBBY or table.end_reason == EndReason.CANCELLED:
            raise NotStarted(_("This game has not started yet."))

    # -- game states --------------------------------------------------------------------------

    def _replay(self, row: TableRow, seat_count: int, actions: list[tuple[int, str]]) -> Any:
        game = self._game(row.game)
        state = game.new_game(seat_count, row.seed, options=row.options, setup=row.setup)
        for seat, action in actions:
            state = game.apply(state, seat, action)
        return state

    async def _state(self, row: TableRow, table: Table) -> Any:
        """The engine state after ``row.seq`` actions: cached, from the snapshot, or replayed."""
        cached = self._states.get(row.id)
        if cached is not None and cached[0] == row.version:
            return cached[1]
        game = self._game(row.game)
        async with self._db.read() as q:
            snapshot = await q.snapshot(row.id)
            logged = await q.action_count(row.id)
            log_rows = await q.actions(row.id) if self._verify_snapshots else None
        state: Any = None
        # Another process may have moved since ``row`` was read: then the log is longer than
        # ``row.seq`` and only its first ``row.seq`` actions make the state ``row`` stands for
        # (a submit on it is refused by the seq guard; nothing read this way is kept).
        current = logged == row.seq
        if snapshot is not None and snapshot[0] == row.seq == logged:
            try:
                state = await asyncio.to_thread(game.from_json, snapshot[1])
            except Exception:  # the snapshot is only a cache: rebuild it from the log
                log.exception("table %s: unreadable snapshot; replaying the log", row.id)
        if state is None or log_rows is not None:
            if log_rows is None:
                async with self._db.read() as q:
                    log_rows = await q.actions(row.id)
            current = current and len(log_rows) == row.seq
            actions = [(a.seat, a.action) for a in log_rows if a.seq < row.seq]
            try:
                replayed = await asyncio.to_thread(self._replay, row, len(table.players), actions)
            except GameError:
                if state is None:
                    raise
                # Only verifying: a rules change broke the replay; the snapshot still plays.
                log.exception("table %s: the action log no longer replays", row.id)
                replayed = state
            if state is None or state != replayed:
                if snapshot is not None and current:
                    log.warning(
                        "table %s: snapshot (seq %s) disagrees with the action log (%s actions); "
                        "using the log",
                        row.id,
                        snapshot[0],
                        len(actions),
                    )
                state = replayed
                if current:
                    async with self._db.write() as q:
                        await q.put_snapshot(row.id, len(actions), game.to_json(state))
        if row.status == TableStatus.ACTIVE and current:
            self._states[row.id] = (row.version, state)
        return state

    async def _started_state(self, table_id: int) -> tuple[Table, GameEngine, Any]:
        async with self._lock(table_id):
            row, table = await self._read(table_id)
            self._require_started(table)
            return table, self._game(table.game), await self._state(row, table)

    def _pending_after(
        self, game: GameEngine, state: Any, before: dict[int, float], acted: int | None
    ) -> dict[int, float]:
        """Since when each seat to act has been waiting: reset for a seat that just acted."""
        now = self._clock()
        return {
            seat: before[seat] if seat in before and seat != acted else now
            for seat in game.to_act(state)
        }

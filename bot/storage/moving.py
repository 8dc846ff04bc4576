"""Moving house: copy the SQLite database into an empty PostgreSQL database, then prove the copy
by replaying every stored game's action log through its engine to the stored snapshot.

``python -m bot migrate --to postgresql://...`` runs :func:`move_house`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.games import get_game
from bot.games.contract import GameEngine
from bot.games.text import plural
from bot.storage.backends import SqliteExecutor
from bot.storage.db import check_usable, shown_url
from bot.storage.tables import Database, TableRow

__all__ = ["Mismatch", "MoveRefused", "copy_database", "move_house", "verify_games"]


class MoveRefused(Exception):
    """The copy cannot start (no source file, a target that already holds data); nothing was
    written. The message says what to do."""


@dataclass(frozen=True)
class Mismatch:
    """The first stored game whose action log does not replay to its snapshot."""

    table_id: int
    game: str
    why: str

    def __str__(self) -> str:
        return f"table {self.table_id} ({self.game}): {self.why}"


async def _tables_in_copy_order(source: SqliteExecutor) -> list[str]:
    """The source's tables, each after the tables its foreign keys point at."""
    names = [
        str(row[0])
        for row in await source.all(
            "SELECT name FROM sqlite_master WHERE type = 'table' "
            "AND name NOT LIKE 'sqlite_%' ORDER BY name"
        )
    ]
    parents = {
        name: {str(row[2]) for row in await source.all(f"PRAGMA foreign_key_list({name})")}
        for name in names
    }
    ordered: list[str] = []
    while len(ordered) < len(names):
        ready = [n for n in names if n not in ordered and parents[n] <= {*ordered, n}]
        if not ready:
            raise RuntimeError(f"foreign keys form a cycle among {sorted(set(names) - {*ordered})}")
        ordered.extend(ready)
    return ordered


def _coerce(value: Any, kind: str) -> Any:
    """``value`` as PostgreSQL's binary COPY wants it for a column of type ``kind``."""
    if value is None:
        return None
    if kind in ("bigint", "integer"):
        return int(value)
    if kind == "double precision":
        return float(value)
    return str(value)


async def copy_database(source: Path, target_url: str) -> dict[str, int]:
    """Copy every row of every table of the SQLite database at ``source`` into the (migrated,
    empty) PostgreSQL database at ``target_url`` in one transaction, ids kept and identity
    sequences moved past them; the row count per table. Raises :class:`MoveRefused`."""
    if not source.is_file():
        raise MoveRefused(f"There is no SQLite database at {source}: set DATABASE_PATH to it.")
    check_usable(source)  # a corrupt or read-only file is refused before it is opened
    source_db = await Database.open(source)  # brought up to the newest schema first
    try:
        target_db = await Database.open(target_url)
        try:
            return await _copy(source_db, target_db, target_url)
        finally:
            await target_db.close()
    finally:
        await source_db.close()


async def _copy(source_db: Database, target_db: Database, target_url: str) -> dict[str, int]:
    assert source_db.conn is not None and target_db.pool is not None
    source = SqliteExecutor(source_db.conn)
    tables = await _tables_in_copy_order(source)
    counts: dict[str, int] = {}
    async with target_db.pool.acquire() as conn, conn.transaction():
        for table in tables:
            held = await conn.fetchval(f"SELECT COUNT(*) FROM {table}")
            if held:
                raise MoveRefused(
                    f"The PostgreSQL database {shown_url(target_url)} already holds data ({table}: "
                    f"{plural(held, 'row')}): move into an empty database; nothing was copied."
                )
        for table in tables:
            columns = [str(row[1]) for row in await source.all(f"PRAGMA table_info({table})")]
            kinds = {
                str(name): str(kind)
                for name, kind in await conn.fetch(
                    "SELECT column_name, data_type FROM information_schema.columns "
                    "WHERE table_schema = current_schema() AND table_name = $1",
                    table,
                )
            }
            missing = [c for c in columns if c not in kinds]
            if missing:
                raise RuntimeError(f"PostgreSQL's {table} lacks the columns {missing}")
            rows = await source.all(f"SELECT {', '.join(columns)} FROM {table}")
            records = [
                tuple(_coerce(value, kinds[c]) for value, c in zip(row, columns, strict=True))
                for row in rows
            ]
            if records:
                await conn.copy_records_to_table(table, records=records, columns=columns)
            counts[table] = len(records)
            identity = (
                await conn.fetchval("SELECT pg_get_serial_sequence($1, 'id')", table)
                if "id" in kinds
                else None
            )
            if identity is not None and records:
                await conn.execute(
                    f"SELECT setval($1::regclass, (SELECT MAX(id) FROM {table}))", identity
                )
    return counts


def _replay(
    module: GameEngine, row: TableRow, seats: int, actions: Sequence[tuple[int, str]]
) -> Any:
    state = module.new_game(seats, row.seed, options=row.options, setup=row.setup)
    for seat, action in actions:
        state = module.apply(state, seat, action)
    return state


async def verify_games(
    db: Database, games: Callable[[str], GameEngine] = get_game
) -> tuple[int, Mismatch | None]:
    """Replay every stored game (every table with a snapshot) from its seed and action log;
    (games that matched, the first that did not, or None)."""
    async with db.read() as q:
        ids = [int(r[0]) for r in await q.executor.all("SELECT table_id FROM snapshots ORDER BY 1")]
    verified = 0
    for table_id in ids:
        async with db.read() as q:
            row = await q.table(table_id)
            seats = [s for s in await q.seats(table_id) if s.seat is not None]
            actions = await q.actions(table_id)
            snapshot = await q.snapshot(table_id)
        assert row is not None and snapshot is not None
        try:
            module = games(row.game)
            state = _replay(module, row, len(seats), [(a.seat, a.action) for a in actions])
        except Exception as error:
            return verified, Mismatch(
                table_id, row.game, f"the action log does not replay ({error})"
            )
        if not snapshot[0] == row.seq == len(actions):
            return verified, Mismatch(
                table_id,
                row.game,
                f"the table is at seq {row.seq}, its snapshot at {snapshot[0]} and its log has "
                f"{plural(len(actions), 'action')}",
            )
        try:
            stored = module.from_json(snapshot[1])
        except Exception as error:  # whatever the engine refuses to read
            return verified, Mismatch(table_id, row.game, f"the snapshot is unreadable ({error})")
        if stored != state:
            return verified, Mismatch(
                table_id,
                row.game,
                f"replaying its {plural(len(actions), 'action')} gives another state than its "
                "snapshot",
            )
        verified += 1
    return verified, None


async def move_house(
    source: Path,
    target_url: str,
    say: Callable[[str], None],
    games: Callable[[str], GameEngine] = get_game,
) -> int:
    """Copy, verify, report through ``say``; the exit status (0 verified, 1 a mismatch, 2
    refused)."""
    try:
        counts = await copy_database(source, target_url)
    except MoveRefused as error:
        say(f"Cannot migrate: {error}")
        return 2
    say(f"Copied {source} into {shown_url(target_url)}:")
    width = max((len(name) for name in counts), default=0)
    for name, count in counts.items():
        say(f"  {name:<{width}}  {plural(count, 'row'):>12}")
    target = await Database.open(target_url)
    try:
        verified, mismatch = await verify_games(target, games)
    finally:
        await target.close()
    if mismatch is not None:
        say(
            f"Verification failed after {plural(verified, 'game')}: {mismatch}. The copy is "
            "exact, so the "
            "SQLite database holds the same data."
        )
        return 1
    say(f"Verified {plural(verified, 'game')}: every action log replays to its stored snapshot.")
    return 0

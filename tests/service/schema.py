"""The schema a database has, as plain data to compare with a snapshot
(``tests/service/schema/*.json``): tables with their columns in order (type, NOT NULL,
default, key), foreign keys, CHECK constraints, indexes and triggers.

SQLite's column "type" is its affinity (SQLite's own rules: a declared ``BIGINT`` is an INTEGER
column exactly as ``INTEGER`` is, ``DOUBLE PRECISION`` a REAL one as ``REAL`` is), plus whether
the column is the rowid itself (``INTEGER PRIMARY KEY``, spelt exactly so: the one place where
the declared name changes what a column does). PostgreSQL's types are its own, exactly.

Regenerate the snapshot only on purpose (a new migration): ``python -m tests.service.schema``.
"""

from __future__ import annotations

import json
import re
import sqlite3
import sys
from pathlib import Path
from typing import Any

import asyncpg

SNAPSHOTS = Path(__file__).resolve().parent / "schema"


def affinity(declared: str) -> str:
    """SQLite's affinity for a declared column type (https://sqlite.org/datatype3.html, 3.1)."""
    name = declared.upper()
    if "INT" in name:
        return "INTEGER"
    if any(word in name for word in ("CHAR", "CLOB", "TEXT")):
        return "TEXT"
    if "BLOB" in name or not name:
        return "BLOB"
    if any(word in name for word in ("REAL", "FLOA", "DOUB")):
        return "REAL"
    return "NUMERIC"


def _flat(sql: str) -> str:
    """``sql`` without comments, its whitespace collapsed (how it was laid out does not count)."""
    return " ".join(re.sub(r"--[^\n]*", " ", sql).split())


def _checks(table_sql: str) -> list[str]:
    """The CHECK expressions of a CREATE TABLE statement (SQLite keeps no list of them)."""
    text = _flat(table_sql)
    found = []
    for match in re.finditer(r"\bCHECK\s*\(", text, re.IGNORECASE):
        depth, start = 0, match.end() - 1
        for end in range(start, len(text)):
            depth += {"(": 1, ")": -1}.get(text[end], 0)
            if depth == 0:
                found.append(text[start : end + 1])
                break
    return sorted(found)


def sqlite_schema(path: Path) -> dict[str, Any]:
    conn = sqlite3.connect(path)
    try:
        rows = conn.execute(
            "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"
        ).fetchall()
        tables: dict[str, Any] = {}
        for kind, name, _table, sql in sorted(rows):
            if kind != "table":
                continue
            columns = conn.execute(f"PRAGMA table_info({name})").fetchall()
            keys = [c for c in columns if c[5]]
            tables[name] = {
                "columns": [
                    {
                        "name": column,
                        "type": affinity(declared),
                        "not_null": bool(notnull),
                        "default": default,
                        "key": pk,
                        "rowid": len(keys) == 1 and pk == 1 and declared.upper() == "INTEGER",
                    }
                    for _cid, column, declared, notnull, default, pk in columns
                ],
                "foreign_keys": sorted(
                    [column, parent, to, on_update, on_delete]
                    for _id, _seq, parent, column, to, on_update, on_delete, _match in (
                        conn.execute(f"PRAGMA foreign_key_list({name})").fetchall()
                    )
                ),
                "checks": _checks(sql),
                "indexes": _sqlite_indexes(conn, name),
            }
        triggers = {
            name: {"table": table, "sql": _flat(sql)}
            for kind, name, table, sql in sorted(rows)
            if kind == "trigger"
        }
        return {"tables": tables, "triggers": triggers}
    finally:
        conn.close()


def _sqlite_indexes(conn: sqlite3.Connection, table: str) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for _seq, name, unique, origin, partial in conn.execute(f"PRAGMA index_list({table})"):
        sql = conn.execute("SELECT sql FROM sqlite_master WHERE name = ?", (name,)).fetchone()
        found[name] = {
            "unique": bool(unique),
            "origin": origin,  # c: CREATE INDEX, u: UNIQUE, pk: PRIMARY KEY
            "partial": bool(partial),
            "columns": [
                [column, bool(desc), collation]  # column None: an expression (see sql)
                for _n, _cid, column, desc, collation, key in conn.execute(
                    f"PRAGMA index_xinfo({name})"
                )
                if key
            ],
            "sql": _flat(sql[0]) if sql and sql[0] else None,
        }
    return dict(sorted(found.items()))


async def postgres_schema(url: str) -> dict[str, Any]:
    conn = await asyncpg.connect(url)
    try:
        tables: dict[str, Any] = {}
        for row in await conn.fetch(
            "SELECT table_name FROM information_schema.tables "
            "WHERE table_schema = 'public' ORDER BY table_name"
        ):
            name = row["table_name"]
            columns = await conn.fetch(
                "SELECT column_name, data_type, is_nullable, column_default, is_identity, "
                "identity_generation FROM information_schema.columns "
                "WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position",
                name,
            )
            constraints = await conn.fetch(
                "SELECT conname, contype::text AS contype, pg_get_constraintdef(oid) AS definition "
                "FROM pg_constraint WHERE conrelid = $1::regclass ORDER BY conname",
                name,
            )
            indexes = await conn.fetch(
                "SELECT indexname, indexdef FROM pg_indexes "
                "WHERE schemaname = 'public' AND tablename = $1 ORDER BY indexname",
                name,
            )
            tables[name] = {
                "columns": [
                    {
                        "name": c["column_name"],
                        "type": c["data_type"],
                        "not_null": c["is_nullable"] == "NO",
                        "default": c["column_default"],
                        "identity": c["identity_generation"] if c["is_identity"] == "YES" else None,
                    }
                    for c in columns
                ],
                "constraints": {c["conname"]: [c["contype"], c["definition"]] for c in constraints},
                "indexes": {i["indexname"]: i["indexdef"] for i in indexes},
            }
        triggers = {
            t["tgname"]: t["definition"]
            for t in await conn.fetch(
                "SELECT tgname, pg_get_triggerdef(oid) AS definition FROM pg_trigger "
                "WHERE NOT tgisinternal ORDER BY tgname"
            )
        }
        functions = {
            f["proname"]: " ".join(f["definition"].split())
            for f in await conn.fetch(
                "SELECT proname, pg_get_functiondef(p.oid) AS definition FROM pg_proc p "
                "JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public' "
                "ORDER BY proname"
            )
        }
        return {"tables": tables, "triggers": triggers, "functions": functions}
    finally:
        await conn.close()


def load(dialect: str) -> dict[str, Any]:
    snapshot: dict[str, Any] = json.loads((SNAPSHOTS / f"{dialect}.json").read_text("utf-8"))
    return snapshot


def save(dialect: str, schema: dict[str, Any]) -> None:
    SNAPSHOTS.mkdir(exist_ok=True)
    text = json.dumps(schema, indent=1, sort_keys=True, ensure_ascii=False)
    (SNAPSHOTS / f"{dialect}.json").write_text(text + "\n", "utf-8")


async def _regenerate() -> None:
    import tempfile

    import pgserver

    from bot.storage.db import connect, connect_postgres
    from tests.postgres import with_database

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bot.sqlite3"
        await (await connect(path)).close()
        save("sqlite", sqlite_schema(path))
        server = pgserver.get_server(Path(folder) / "pg", cleanup_mode="stop")
        try:
            admin = await asyncpg.connect(server.get_uri())
            await admin.execute("CREATE DATABASE schema_snapshot TEMPLATE template0")
            await admin.close()
            url = with_database(server.get_uri(), "schema_snapshot")
            await (await connect_postgres(url, pool_size=1)).close()
            save("postgres", await postgres_schema(url))
        finally:
            server.cleanup()


if __name__ == "__main__":
    import asyncio

    asyncio.run(_regenerate())
    sys.exit(0)

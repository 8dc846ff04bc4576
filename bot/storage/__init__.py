"""Persistence for game tables: aiosqlite in WAL mode, numbered migrations, typed queries."""

from __future__ import annotations

from bot.storage.db import (
    DatabaseTooNew,
    Migration,
    MigrationError,
    connect,
    latest_version,
    load_migrations,
    migrate,
    schema_version,
)

__all__ = [
    "DatabaseTooNew",
    "Migration",
    "MigrationError",
    "connect",
    "latest_version",
    "load_migrations",
    "migrate",
    "schema_version",
]

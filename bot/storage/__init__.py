"""Persistence for game tables: aiosqlite in WAL mode, numbered migrations, typed queries."""

from __future__ import annotations

from bot.storage.db import (
    DatabaseTooNew,
    DatabaseUnusable,
    Migration,
    MigrationError,
    check_usable,
    connect,
    latest_version,
    load_migrations,
    migrate,
    schema_version,
)

__all__ = [
    "DatabaseTooNew",
    "DatabaseUnusable",
    "Migration",
    "MigrationError",
    "check_usable",
    "connect",
    "latest_version",
    "load_migrations",
    "migrate",
    "schema_version",
]

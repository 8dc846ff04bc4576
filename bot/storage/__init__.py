"""Persistence for game tables: SQLite (aiosqlite, WAL) or PostgreSQL (asyncpg), numbered
migrations, typed queries."""

from __future__ import annotations

from bot.storage.backends import IntegrityError, Location, is_postgres_url
from bot.storage.db import (
    DatabaseTooNew,
    DatabaseUnreachable,
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
    "DatabaseUnreachable",
    "DatabaseUnusable",
    "IntegrityError",
    "Location",
    "Migration",
    "MigrationError",
    "check_usable",
    "connect",
    "is_postgres_url",
    "latest_version",
    "load_migrations",
    "migrate",
    "schema_version",
]

"""Settings read from the environment and an optional ``.env`` file."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


class SettingsError(Exception):
    """A setting is missing or malformed; the message says what to set."""


def _read_dotenv(path: Path) -> dict[str, str]:
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        values[key.strip()] = value.strip().strip('"').strip("'")
    return values


@dataclass(frozen=True)
class Settings:
    """Everything ``python -m bot`` reads; see ``.env.example``."""

    discord_token: str
    database_path: Path
    dev_guild_id: int | None
    log_level: str
    api_base: str | None
    gateway_url: str | None
    ai_move_delay: float = 1.5
    ai_workers: int = 2
    database_url: str | None = None  # postgresql://...: PostgreSQL instead of DATABASE_PATH
    render_workers: int | None = None  # None: one per core
    shard_count: int | None = None  # None: one process, discord.py's plain client
    shard_ids: tuple[int, ...] | None = None  # the shards this process holds (None: all)
    scheduler_interval: float = 60.0

    @property
    def database(self) -> Path | str:
        """Where the bot keeps its data: ``DATABASE_URL`` if set, else the SQLite file."""
        return self.database_url or self.database_path

    @classmethod
    def load(cls, environ: dict[str, str] | None = None, dotenv: Path | None = None) -> Settings:
        """Environment variables win over ``.env`` entries."""
        values = _read_dotenv(dotenv if dotenv is not None else Path(".env"))
        values.update({k: v for k, v in (environ if environ is not None else os.environ).items()})
        token = values.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise SettingsError(
                "DISCORD_TOKEN is not set. Create a bot at https://discord.com/developers/applications,"
                " copy its token, and put DISCORD_TOKEN=<token> in the environment or in .env"
                " (see .env.example)."
            )
        guild = values.get("DEV_GUILD_ID", "").strip()
        if guild and not guild.isdigit():
            raise SettingsError(f"DEV_GUILD_ID must be a server id (digits), not {guild!r}.")
        level = (values.get("LOG_LEVEL", "") or "INFO").strip().upper()
        if level not in {"DEBUG", "INFO", "WARNING", "ERROR"}:
            raise SettingsError(f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {level!r}.")
        delay_text = (values.get("AI_MOVE_DELAY", "") or "1.5").strip()
        try:
            delay = float(delay_text)
        except ValueError:
            delay = -1.0
        if not 0 <= delay <= 60:
            raise SettingsError(
                f"AI_MOVE_DELAY must be a number of seconds from 0 to 60, not {delay_text!r}."
            )
        workers_text = (values.get("AI_WORKERS", "") or "2").strip()
        if not workers_text.isdigit() or not 1 <= int(workers_text) <= 32:
            raise SettingsError(
                f"AI_WORKERS must be a whole number from 1 to 32, not {workers_text!r}."
            )
        render_text = values.get("RENDER_WORKERS", "").strip()
        if render_text and (not render_text.isdigit() or not 0 <= int(render_text) <= 64):
            raise SettingsError(
                f"RENDER_WORKERS must be a whole number from 0 to 64 (0: draw in threads of"
                f" the bot's process), not {render_text!r}."
            )
        shard_count, shard_ids = _shards(values)
        interval_text = (values.get("SCHEDULER_INTERVAL", "") or "60").strip()
        try:
            interval = float(interval_text)
        except ValueError:
            interval = -1.0
        if not 0.2 <= interval <= 3600:
            raise SettingsError(
                f"SCHEDULER_INTERVAL must be a number of seconds from 0.2 to 3600, "
                f"not {interval_text!r}."
            )
        return cls(
            database_url=database_url(values),
            discord_token=token,
            database_path=Path(values.get("DATABASE_PATH", "").strip() or "var/bot.sqlite3"),
            dev_guild_id=int(guild) if guild else None,
            log_level=level,
            api_base=values.get("DISCORD_API_BASE", "").strip() or None,
            gateway_url=values.get("DISCORD_GATEWAY_URL", "").strip() or None,
            ai_move_delay=delay,
            ai_workers=int(workers_text),
            render_workers=int(render_text) if render_text else None,
            shard_count=shard_count,
            shard_ids=shard_ids,
            scheduler_interval=interval,
        )


def database_url(values: dict[str, str]) -> str | None:
    """``DATABASE_URL`` (a ``postgresql://`` address), or None when unset."""
    url = values.get("DATABASE_URL", "").strip()
    if not url:
        return None
    if not url.startswith(("postgresql://", "postgres://")):
        raise SettingsError(
            "DATABASE_URL must be a PostgreSQL address such as "
            "postgresql://user:password@host:5432/dbname, or empty for SQLite at DATABASE_PATH."
        )
    return url


def database_location(
    environ: dict[str, str] | None = None, dotenv: Path | None = None
) -> Path | str:
    """``DATABASE_URL`` if set, else ``DATABASE_PATH`` (for tools that need no token)."""
    values = _read_dotenv(dotenv if dotenv is not None else Path(".env"))
    values.update({k: v for k, v in (environ if environ is not None else os.environ).items()})
    return database_url(values) or database_path(environ, dotenv)


def _shards(values: dict[str, str]) -> tuple[int | None, tuple[int, ...] | None]:
    """``SHARD_COUNT`` and ``SHARD_IDS`` (e.g. ``2`` and ``0`` or ``0,1``): both empty for one
    process; ``SHARD_IDS`` alone is refused, without it the process holds every shard."""
    count_text = values.get("SHARD_COUNT", "").strip()
    ids_text = values.get("SHARD_IDS", "").strip()
    if not count_text:
        if ids_text:
            raise SettingsError(
                "SHARD_IDS needs SHARD_COUNT (how many shards all processes hold together)."
            )
        return None, None
    if not count_text.isdigit() or not 1 <= int(count_text) <= 4096:
        raise SettingsError(
            f"SHARD_COUNT must be a whole number from 1 to 4096, not {count_text!r}."
        )
    count = int(count_text)
    if not ids_text:
        return count, tuple(range(count))
    parts = [part.strip() for part in ids_text.split(",")]
    if not all(part.isdigit() and int(part) < count for part in parts):
        raise SettingsError(
            f"SHARD_IDS must be shard numbers from 0 to {count - 1} separated by commas "
            f"(SHARD_COUNT is {count}), not {ids_text!r}."
        )
    ids = sorted({int(part) for part in parts})
    return count, tuple(ids)


def database_path(environ: dict[str, str] | None = None, dotenv: Path | None = None) -> Path:
    """``DATABASE_PATH`` alone (for tools that need no token), default ``var/bot.sqlite3``."""
    values = _read_dotenv(dotenv if dotenv is not None else Path(".env"))
    values.update({k: v for k, v in (environ if environ is not None else os.environ).items()})
    return Path(values.get("DATABASE_PATH", "").strip() or "var/bot.sqlite3")

"""``python -m bot``: read the settings, open the database, run the bot.

``python -m bot sync`` logs in, syncs the slash commands unconditionally and exits.
``python -m bot ratings simulate|rebuild|bench`` are the rating tools (``bot.ratings.cli``).
``python -m bot migrate --to postgresql://...`` copies the SQLite database at ``DATABASE_PATH``
into an empty PostgreSQL database and verifies the copy (``bot.storage.moving``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sqlite3
import sys

import aiohttp
import asyncpg
import discord
import discord.gateway
import discord.http
import yarl

from bot.running.settings import Settings, SettingsError
from bot.storage import (
    DatabaseTooNew,
    DatabaseUnreachable,
    DatabaseUnusable,
    check_usable,
    is_postgres_url,
)
from bot.storage.db import shown_url

log = logging.getLogger("bot")

USAGE = (
    "usage: python -m bot [sync | ratings {simulate,rebuild,bench} ... | "
    "migrate --to postgresql://...]"
)


def point_at_discord(settings: Settings) -> None:
    """Use the API and gateway addresses from the settings (a local fake in tests)."""
    if settings.api_base:
        discord.http.Route.BASE = settings.api_base.rstrip("/")
    if settings.gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


async def run(settings: Settings, *, sync_only: bool) -> int:
    from bot.client import make_bot
    from bot.running.shards import Shards
    from bot.service import Service

    point_at_discord(settings)
    settings.database_path.parent.mkdir(parents=True, exist_ok=True)
    service = await Service.open(settings.database)
    try:
        shards = None
        if settings.shard_count is not None and settings.shard_ids is not None:
            shards = Shards(settings.shard_count, settings.shard_ids)
        bot = make_bot(
            service,
            shards=shards,
            scheduler_interval=settings.scheduler_interval,
            dev_guild_id=settings.dev_guild_id,
            command_state=settings.database_path.parent / "commands.sha256",
            sync="force" if sync_only else "auto",
            ai_delay=settings.ai_move_delay,
            ai_workers=settings.ai_workers,
            render_workers=settings.render_workers,
        )
        async with bot:
            if sync_only:
                await bot.login(settings.discord_token)  # setup_hook syncs
                return 0
            loop = asyncio.get_running_loop()
            with contextlib.suppress(NotImplementedError):  # not on Windows
                loop.add_signal_handler(signal.SIGTERM, lambda: asyncio.ensure_future(bot.close()))
            await bot.start(settings.discord_token)
    finally:
        await service.close()
    return 0


def setup_logging(level_name: str) -> None:
    """Log at ``level_name``; discord.py itself at INFO at most, because its DEBUG lines carry
    request and event payloads (players' typed moves, private replies)."""
    level = getattr(logging, level_name)
    discord.utils.setup_logging(level=level, root=True)
    logging.getLogger("discord").setLevel(max(level, logging.INFO))


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["ratings"]:
        from bot.ratings.cli import main as ratings_main

        return ratings_main(args[1:])
    if args[:1] == ["migrate"]:
        return migrate_main(args[1:])
    if args not in ([], ["sync"]):
        print(USAGE, file=sys.stderr)
        return 2
    try:
        settings = Settings.load()
    except SettingsError as error:
        print(f"Cannot start: {error}", file=sys.stderr)
        return 2
    try:  # before anything connects to Discord or writes next to the database
        if settings.database_url is None:
            check_usable(settings.database_path)
    except DatabaseUnusable as error:
        print(f"Cannot start: {error}", file=sys.stderr)
        return 2
    setup_logging(settings.log_level)
    try:
        return asyncio.run(run(settings, sync_only=args == ["sync"]))
    except KeyboardInterrupt:
        return 0
    except (DatabaseTooNew, DatabaseUnreachable) as error:
        print(f"Cannot start: {error}", file=sys.stderr)
        return 2
    except asyncpg.PostgresError as error:  # e.g. the user may not create tables
        print(
            f"Cannot start: the PostgreSQL database {shown_url(settings.database_url or '')} "
            f"refused the bot ({error}); check DATABASE_URL and that user's rights.",
            file=sys.stderr,
        )
        return 2
    except sqlite3.DatabaseError as error:  # e.g. a disk turned read-only since the check
        print(
            f"Cannot start: the database {settings.database_path} could not be opened "
            f"({error}); check the file and its folder, or point DATABASE_PATH at another file.",
            file=sys.stderr,
        )
        return 2
    except discord.LoginFailure:
        print("Cannot start: Discord refused DISCORD_TOKEN; copy it again.", file=sys.stderr)
        return 2
    except aiohttp.ClientConnectionError as error:  # no network, no DNS, a firewall
        where = f" at {settings.api_base}" if settings.api_base else ""
        print(
            f"Cannot start: cannot reach Discord{where} ({error}); check the network.",
            file=sys.stderr,
        )
        return 2


def migrate_main(args: list[str]) -> int:
    """``migrate --to URL``: copy the SQLite database at DATABASE_PATH into PostgreSQL."""
    from bot.running.settings import database_path
    from bot.storage.moving import move_house

    if len(args) != 2 or args[0] != "--to" or not is_postgres_url(args[1]):
        print(
            "usage: python -m bot migrate --to postgresql://user:password@host/dbname",
            file=sys.stderr,
        )
        return 2
    try:
        return asyncio.run(move_house(database_path(), args[1], print))
    except (DatabaseTooNew, DatabaseUnreachable, DatabaseUnusable) as error:
        print(f"Cannot migrate: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

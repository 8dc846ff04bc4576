"""The Discord client: cogs, persistent buttons, error handling and command sync."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import importlib
import json
import logging
from collections import OrderedDict
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n, ratings, titles
from bot.ai.turns import AiTurns
from bot.ai.worker import DEFAULT_WORKERS, AiPool
from bot.leagues import LeagueService, RatingSource
from bot.pbp.log import LoggedMove
from bot.pbp.scheduler import Scheduler
from bot.pbp.usecases import PlayByPost
from bot.running.shards import BoardLeases, Leases, Shards
from bot.service import MoveResult, Service
from bot.stats import Statistics
from bot.ui.ai import AiPlayer
from bot.ui.errors import report
from bot.ui.hooks import Hooks
from bot.ui.images import RenderPool, stop_using_render_pool, use_render_pool
from bot.ui.images import default_workers as default_render_workers
from bot.ui.open_menus import OpenMenu
from bot.ui.replies import acknowledge

log = logging.getLogger(__name__)

THREAD_OFFERS_KEPT = 1000  # offers older than this many clicks are forgotten (memory stays flat)


def _title_cogs() -> list[commands.Cog]:
    """A new instance of each title's own cog (its ``ui.cog``), in the titles' order."""
    cogs = []
    for title in titles.titles():
        if title.ui.cog is not None:
            module, _, name = title.ui.cog.rpartition(".")
            cogs.append(getattr(importlib.import_module(module), name)())
    return cogs


def command_cogs() -> list[commands.Cog]:
    """A new instance of every cog with slash commands, in the order they are added."""
    from bot.cogs.game import GameCog
    from bot.cogs.leagues import LeagueCog
    from bot.cogs.pbp import PlayByPostCog
    from bot.cogs.play import PlayCog
    from bot.cogs.ratings import RatingsCog
    from bot.cogs.settings import SettingsCog
    from bot.cogs.stats import StatsCog

    return [
        GameCog(),
        PlayCog(),
        *_title_cogs(),
        PlayByPostCog(),
        RatingsCog(),
        StatsCog(),
        LeagueCog(),
        SettingsCog(),
    ]


class GameTree(app_commands.CommandTree["BoardBot"]):
    """Answers every slash command at once (Discord waits 3 seconds for a first answer, and
    every command reads the database, some render or replay a game) and sends every
    slash-command error through the one error reporter."""

    async def interaction_check(self, interaction: discord.Interaction[BoardBot], /) -> bool:
        from bot.cogs import ANSWERS_IN_TIME

        command = interaction.command
        if command is not None and command.extras.get(ANSWERS_IN_TIME):
            return True  # it answers itself in time (a move: see bot.ui.replies.in_time)
        if interaction.type is discord.InteractionType.application_command:
            await acknowledge(interaction)  # autocomplete cannot be deferred: not it
        return True

    async def on_error(
        self, interaction: discord.Interaction[BoardBot], error: app_commands.AppCommandError, /
    ) -> None:
        await report(interaction, error)


class BoardBot(commands.Bot):
    """The bot: holds the use-case layer; everything game-related goes through ``service``.

    ``sync`` is ``"auto"`` (sync commands only when their definition changed since the last sync,
    remembered in ``command_state``), ``"force"`` or ``"never"``. AI seats decide in a pool of
    ``ai_workers`` processes (started in ``setup_hook``, stopped in ``close``); each AI move is
    submitted at least ``ai_delay`` seconds after the AI was asked (``AI_MOVE_DELAY``);
    ``ai_iterations`` caps the `strong` search (tests). Images are drawn in a pool of
    ``render_workers`` processes (``None``: one per core; started in ``setup_hook``, stopped in
    ``close``) or, with ``0``, in threads of this process. ``shards`` (``SHARD_COUNT`` /
    ``SHARD_IDS``; use :func:`make_bot`, which picks the sharded class) limits the timed work to
    this process's servers and makes the board lock and the scheduler shared with the other
    processes through leases in the database (see :mod:`bot.running.shards`).
    """

    def __init__(
        self,
        service: Service,
        *,
        dev_guild_id: int | None = None,
        command_state: Path | None = None,
        sync: str = "auto",
        scheduler_interval: float | None = 60.0,
        rating_of: RatingSource | None = None,
        ai_delay: float = 0.0,
        ai_workers: int = DEFAULT_WORKERS,
        ai_iterations: int | None = None,
        render_workers: int | None = 0,
        shards: Shards | None = None,
    ) -> None:
        self.own_shards = shards or Shards()
        sharding: dict[str, Any] = {}
        if self.own_shards.count is not None:
            sharding = {"shard_count": self.own_shards.count, "shard_ids": [*self.own_shards.ids]}
        # The bot never joins a voice channel: discord.py's start-up warnings that its voice
        # libraries (PyNaCl, davey) are missing would only alarm the admin reading the log.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),  # nothing privileged: interactions carry the rest
            allowed_mentions=discord.AllowedMentions.none(),
            tree_cls=GameTree,
            help_command=None,
            **sharding,
        )
        self.service = service
        # What the features add to a table's messages (bot.ui.hooks): posting reaches them here.
        self.hooks = Hooks()
        # Shared with the other processes only when sharded: one process needs no lease.
        self.leases: Leases | None = Leases(service.db) if self.own_shards.sharded else None
        self.board_leases = BoardLeases(self.leases) if self.leases is not None else None
        self.pbp = PlayByPost(service)
        self.ai_workers = ai_workers
        self.ai_iterations = ai_iterations
        self.ai_pool: AiPool | None = None
        self.render_workers = default_render_workers() if render_workers is None else render_workers
        self.render_pool: RenderPool | None = None
        self.ai_player = AiPlayer(self, AiTurns(service, self._ai_decide, delay=ai_delay))
        self.scheduler = Scheduler(self.pbp, decide=self._ai_decide)
        self.leagues = LeagueService(service, rating_of=rating_of or self._shown_ratings)
        self.statistics = Statistics(service)
        self.scheduler_interval = scheduler_interval
        self._scheduler_task: asyncio.Task[None] | None = None
        self._render_warmup: asyncio.Task[None] | None = None
        self._board_locks: dict[int, asyncio.Lock] = {}
        # Per table, the moves committed here that no board has announced yet: a board posted
        # after several quick moves names them all (see bot.ui.catchup.unshown_moves).
        self.unshown_moves: dict[int, list[MoveResult]] = {}
        # Per table, the log entries seen here (number -> seat, action, public events): a
        # ping's catch-up is written without replaying the game (see bot.ui.catchup.caught_up).
        self.logged_events: dict[int, dict[int, LoggedMove]] = {}
        # Per table and seat, the private message that last showed the seat its menu: edited
        # into the seat's next decision when it comes back in the same turn (bot.ui.open_menus).
        self.open_menus: dict[int, dict[int, OpenMenu]] = {}
        self.open_menus_remembered = 0
        # "Open it in a new thread" offers (message id) already clicked -> the thread (None
        # while it is being opened): a double click must not open two threads. Kept in memory
        # also with several processes: an offer's clicks come from its server, and one process
        # holds that server's shard.
        self.thread_offers: OrderedDict[int, int | None] = OrderedDict()
        self.dev_guild_id = dev_guild_id
        self.command_state = command_state
        self.sync_mode = sync

    async def _ai_decide(
        self, game: str, view: dict[str, Any], legal: list[str], level: str, seed: int
    ) -> str:
        """An AI decision, computed in the worker pool (never on the event loop)."""
        if self.ai_pool is None:
            self.ai_pool = AiPool(self.ai_workers, iterations=self.ai_iterations)
        return await self.ai_pool.decide(game, view, legal, level, seed)

    async def _shown_ratings(
        self, guild_id: int | None, game: str, user_ids: Sequence[int]
    ) -> dict[int, float]:
        """The leagues' tie-break and Swiss seeding: the server's shown ratings."""
        return await ratings.displayed_ratings(self.service.db, guild_id, game, user_ids)

    async def setup_hook(self) -> None:
        from bot.ui.items import DYNAMIC_ITEMS, REVIEW_ITEMS
        from bot.ui.leagues.sync import LEAGUE_ITEMS
        from bot.ui.pbp import PBP_ITEMS
        from bot.ui.replays import REPLAY_ITEMS
        from bot.ui.translator import CatalogTranslator

        # Command mentions in texts (``</game new:ID>``) use this bot's last synced ids.
        i18n.COMMAND_IDS.clear()
        i18n.COMMAND_IDS.update(self._command_state()[1])
        for cog in command_cogs():
            await self.add_cog(cog)
        await self.tree.set_translator(CatalogTranslator())
        self.add_dynamic_items(
            *DYNAMIC_ITEMS, *PBP_ITEMS, *LEAGUE_ITEMS, *REPLAY_ITEMS, *REVIEW_ITEMS
        )
        # Created here, at the start (its processes are spawned on the first decision).
        self.ai_pool = AiPool(self.ai_workers, iterations=self.ai_iterations)
        if self.render_workers:
            self.render_pool = RenderPool(self.render_workers)
            use_render_pool(self.render_pool)
            # The workers start now (spawned, renderers imported, caches drawn), not on the
            # first board a player waits for.
            self._render_warmup = asyncio.create_task(
                self.render_pool.warm_up(), name="render-warm-up"
            )
        if self.scheduler_interval is not None:
            self._scheduler_task = asyncio.create_task(
                self._run_scheduler(self.scheduler_interval), name="pbp-scheduler"
            )
        if self.dev_guild_id is not None:
            self.tree.copy_global_to(guild=discord.Object(self.dev_guild_id))
        # With several processes the one holding shard 0 syncs: they share one command list.
        if self.sync_mode != "never" and (self.sync_mode == "force" or self.owns(None)):
            await self.sync_commands(force=self.sync_mode == "force")

    def remember_thread_offer(self, offer: int, thread_id: int | None) -> None:
        self.thread_offers[offer] = thread_id
        while len(self.thread_offers) > THREAD_OFFERS_KEPT:
            self.thread_offers.popitem(last=False)

    @asynccontextmanager
    async def board_lock(self, table_id: int) -> AsyncIterator[None]:
        """Held while a table's board (or result) is posted and recorded: posts never overlap,
        also across processes (then the table's board lease is held too)."""
        async with self._board_locks.setdefault(table_id, asyncio.Lock()):
            if self.board_leases is None:
                yield
                return
            async with self.board_leases.hold(table_id):
                yield

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process holds the shard of ``guild_id`` (a table's server): its timed
        work (catch-up, AI seats, league rounds) touches only those tables."""
        return self.own_shards.owns(guild_id)

    async def owns_table(self, table_id: int) -> bool:
        if not self.own_shards.sharded:
            return True
        return self.owns((await self.service.get(table_id)).guild_id)

    async def leads(self) -> bool:
        """Whether this process fires reminders, warnings and expiries at this tick: always
        when alone, else while it holds the scheduler lease (claimed or renewed here)."""
        if self.leases is None:
            return True
        return await self.leases.lead(self.scheduler_interval or 60.0)

    async def _run_scheduler(self, interval: float) -> None:
        """One :meth:`tick` every ``interval`` seconds, the first as soon as the bot is ready."""
        await self.wait_until_ready()
        while not self.is_closed():
            await self.tick()
            await asyncio.sleep(interval)

    async def tick(self) -> None:
        """The timed work, each part on its own (one failing does not stop the others): boards
        that never reached their channel (a crash after a commit), AI decisions nobody is
        computing (one in flight when the bot stopped), then reminders, timer warnings and
        expiries, then the leagues' deadlines and rounds, then the statistics of the games that
        ended since (at the first tick, of every game that has none: the backfill)."""
        from bot.ui.leagues.sync import run_league_tick
        from bot.ui.pbp import run_scheduler_once

        try:
            await run_scheduler_once(self)
        except Exception:
            log.exception("the play-by-post scheduler failed; trying again next tick")
        try:  # league deadlines and round changes, after the tables' own timers
            await run_league_tick(self)
        except Exception:
            log.exception("the league scheduler failed; trying again next tick")
        try:  # one process computes them (the others would store the same rows again)
            if await self.leads():
                await self.statistics.catch_up()
        except Exception:
            log.exception("computing game statistics failed; trying again next tick")

    async def close(self) -> None:
        if self._scheduler_task is not None:
            self._scheduler_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._scheduler_task
            self._scheduler_task = None
        if self.leases is not None:  # another process leads from its next tick on
            with contextlib.suppress(Exception):
                await self.leases.release("scheduler")
        await self.ai_player.close()
        from bot.ui.replays import stop_drawing

        await stop_drawing(self)  # a replay still owed is posted after the restart
        if self.ai_pool is not None:
            pool, self.ai_pool = self.ai_pool, None
            await asyncio.to_thread(pool.shutdown)
        if self.render_pool is not None:
            renders, self.render_pool = self.render_pool, None
            stop_using_render_pool(renders)
            if self._render_warmup is not None:
                self._render_warmup.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await self._render_warmup
            await asyncio.to_thread(renders.shutdown)
        await super().close()

    def _sync_target(self) -> discord.Object | None:
        return discord.Object(self.dev_guild_id) if self.dev_guild_id is not None else None

    async def command_payload(self) -> list[dict[str, Any]]:
        """What a sync would send: the command tree as Discord sees it, with every language's
        names and descriptions (the translator's)."""
        guild = self._sync_target()
        commands_ = self.tree.get_commands(guild=guild)
        translator = self.tree.translator
        if translator is None:
            payload = [c.to_dict(self.tree) for c in commands_]
        else:
            payload = [await c.get_translated_payload(self.tree, translator) for c in commands_]
        return sorted(payload, key=lambda c: str(c["name"]))

    async def command_digest(self) -> str:
        """A hash of the command definitions (translations included) and where they are synced
        to: a changed translation changes it, so the next start syncs."""
        key = {
            "application": self.application_id,
            "guild": self.dev_guild_id,
            "commands": await self.command_payload(),
        }
        return hashlib.sha256(json.dumps(key, sort_keys=True, default=str).encode()).hexdigest()

    def _command_state(self) -> tuple[str | None, dict[str, int]]:
        """The digest of the last sync and the command ids it gave (none in a state file
        written before ids were kept)."""
        if self.command_state is None or not self.command_state.is_file():
            return None, {}
        first, _newline, known = self.command_state.read_text(encoding="utf-8").partition("\n")
        try:
            ids = {str(k): int(v) for k, v in json.loads(known).items()}
        except (ValueError, AttributeError):
            ids = {}
        return first.strip(), ids

    async def sync_commands(self, *, force: bool = False) -> bool:
        """Sync the slash commands if their definition changed (or ``force``); True if synced."""
        digest = await self.command_digest()
        stored = self._command_state()[0]
        if not force and stored == digest:
            log.info("slash commands unchanged since the last sync; not syncing")
            return False
        synced = await self.tree.sync(guild=self._sync_target())
        where = f"server {self.dev_guild_id}" if self.dev_guild_id else "all servers"
        log.info("synced %d slash commands to %s", len(synced), where)
        ids = command_ids(synced)
        i18n.COMMAND_IDS.update(ids)
        if self.command_state is not None:
            self.command_state.parent.mkdir(parents=True, exist_ok=True)
            state = f"{digest}\n{json.dumps(ids, sort_keys=True)}\n"
            self.command_state.write_text(state, encoding="utf-8")
        return True


def command_ids(synced: Sequence[app_commands.AppCommand]) -> dict[str, int]:
    """The id of every command and sub-command path (``"game new"``) of a sync's answer: a
    mention of a sub-command carries its top-level command's id."""
    ids: dict[str, int] = {}

    def walk(path: str, options: Sequence[Any], top: int) -> None:
        ids[path] = top
        for option in options:
            if isinstance(option, app_commands.AppCommandGroup):
                walk(f"{path} {option.name}", option.options, top)

    for cmd in synced:
        walk(cmd.name, cmd.options, cmd.id)
    return ids


class ShardedBoardBot(BoardBot, commands.AutoShardedBot):
    """The bot holding ``SHARD_IDS`` of ``SHARD_COUNT`` shards (discord.py's sharded client)."""


def make_bot(service: Service, *, shards: Shards | None = None, **options: Any) -> BoardBot:
    """A :class:`BoardBot`, sharded when ``shards`` has a count (``SHARD_COUNT`` is set)."""
    if shards is not None and shards.sharded:
        return ShardedBoardBot(service, shards=shards, **options)
    return BoardBot(service, shards=shards, **options)

"""The use-case layer between Discord and the rules engines: tables, seats, moves, records.

Knows no discord.py. A *table* is one game in one channel, from lobby to end. Every move goes
through :meth:`Service.submit`, which checks in one fixed order (table exists -> game running ->
caller seated -> caller's seat must decide now -> the board they saw is current -> the engine
accepts the action) and commits the action and the new state snapshot in one transaction before
it returns. Secrets leave only through the engine's ``view``.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot import ratings, titles
from bot.ai import seats as ai_seats
from bot.games import get_game
from bot.games.common import GameError, NotYourTurn
from bot.games.contract import GameEngine
from bot.i18n import C_, N_, Text, _
from bot.presenters import game_name, plain_text
from bot.storage.backends import IntegrityError, Location
from bot.storage.db import Migration
from bot.storage.pbp import PbpQueries
from bot.storage.tables import Database, Queries, SeatRow, TableRow

__all__ = [
    "NO_AI",
    "AlreadySeated",
    "BadOption",
    "ChannelBusy",
    "GameNotActive",
    "MoveResult",
    "NotAllowed",
    "NotFinished",
    "NotInLobby",
    "NotSeated",
    "NotStarted",
    "Player",
    "Reminder",
    "Service",
    "ServiceError",
    "StaleBoard",
    "Table",
    "TableFull",
    "UnknownGame",
    "UnknownTable",
    "WrongPlayerCount",
    "has_ai",
]

log = logging.getLogger(__name__)

SEAT_ORDERS = ("join", "random")


@dataclass(frozen=True)
class Player:
    """A Discord user as the service sees it."""

    user_id: int
    name: str


@dataclass(frozen=True)
class Table:
    """One game in one channel, from lobby to end.

    ``players`` are in seat order once the game has started (seat i is ``players[i]``), in join
    order while in the lobby. ``seq`` counts the actions applied (it goes back down after a
    take-back). ``version`` rises with every change of the game state and never repeats: the
    stale-button token. ``posted_version`` is the version the channel's last board (or final
    result) shows, ``posted_to_act`` the seats it waits for (None: unknown).
    ``seed`` decides every hidden draw: never show it while the game runs.
    """

    id: int
    game: str
    guild_id: int | None
    channel_id: int
    creator_id: int
    status: str
    max_seats: int
    seat_order: str
    options: dict[str, Any]
    seed: int
    players: tuple[Player, ...]
    seq: int
    lobby_message_id: int | None
    board_message_id: int | None
    end_reason: str | None = None
    resigned_seat: int | None = None
    rated: bool = True  # table option `rated`: False for a friendly game
    version: int = 0
    posted_version: int = 0
    posted_to_act: tuple[int, ...] | None = None
    ai_replaces: bool = False  # table option: a leaver's seat passes to a `normal` AI
    hints: bool = False  # table option `hints`: the AI's suggestion on request (friendly only)
    language: str = "en"  # the language of the table's public messages (bot.i18n)

    def seat_of(self, user_id: int) -> int | None:
        """The seat (or, in the lobby, the join position) of ``user_id``; None if not here."""
        for index, player in enumerate(self.players):
            if player.user_id == user_id:
                return index
        return None


@dataclass(frozen=True)
class MoveResult:
    """What :meth:`Service.submit` committed."""

    table: Table
    seat: int
    action: str
    view: dict[str, Any]
    to_ping: tuple[int, ...]
    finished: bool


@dataclass(frozen=True)
class Reminder:
    """A decision that has waited long enough for a (repeated) reminder."""

    table: Table
    seat: int
    user_id: int
    pending_since: float
    reminded_at: float | None


class ServiceError(Exception):
    """An expected refusal; the message is a short sentence for the user: ``text`` to show in
    the reader's language (a :class:`bot.i18n.Text`, see :func:`bot.presenters.refusal`),
    ``message`` and ``str(error)`` its English."""

    def __init__(self, message: Text | str) -> None:
        super().__init__(str(message))
        self.message = str(message)
        self.text = message


class UnknownTable(ServiceError):
    """No table has that id (or no game in this channel)."""


class UnknownGame(ServiceError):
    """The game name is not one of the installed games."""


class BadOption(ServiceError):
    """A table option (or seat order) the game does not have, or a value it refuses."""


#: A table's status as a refusal names it ("a lobby table for ...").
_TABLE_STATUS = {"lobby": C_("table status", "lobby"), "active": C_("table status", "active")}


def _game_id(game: str) -> Text | str:
    """The game id as a refusal names it (its title's ``game_id``)."""
    title = titles.title(game)
    return title.game_id if title is not None else game


#: The refusal of an AI seat for a title without an AI.
NO_AI = _("This game has no AI players: invite people to its seats.")


def has_ai(game: str) -> bool:
    """Whether AI players can take seats of ``game`` (its title names an AI)."""
    title = titles.title(game)
    return title is not None and title.ai is not None


def ai_replaces_leavers(table: Table) -> bool:
    """Whether the title of ``table`` lets an AI take over a leaver's seat at its number of
    seats (its ``ai_replaces_leavers`` from ``min_seats_replaced`` seats on)."""
    title = titles.title(table.game)
    return (
        title is not None
        and title.ai is not None
        and title.ai_replaces_leavers
        and len(table.players) >= title.min_seats_replaced
    )


class ChannelBusy(ServiceError):
    """The channel already has a lobby or running game: ``table``."""

    def __init__(self, table: Table) -> None:
        super().__init__(
            _(
                "This channel already has a {status} table for {game}; "
                "finish it or open the game in a new thread.",
                status=_TABLE_STATUS.get(table.status, table.status),
                game=_game_id(table.game),
            )
        )
        self.table = table


class NotSeated(ServiceError):
    """The user has no seat at this table."""


class AlreadySeated(ServiceError):
    """The user already sits at this table."""


class TableFull(ServiceError):
    """Every seat of the lobby is taken."""


class NotInLobby(ServiceError):
    """The table has left the lobby (started, finished or cancelled)."""


class NotAllowed(ServiceError):
    """Only the table's creator or a server manager may do this."""


class WrongPlayerCount(ServiceError):
    """The game cannot be played by that many players."""


class GameNotActive(ServiceError):
    """The game is not running (over, aborted, or not started)."""


class NotStarted(GameNotActive):
    """The table is still a lobby (or was cancelled there): there is no board yet."""


class NotFinished(ServiceError):
    """The record and the revealed summary exist only once the game has ended."""


class StaleBoard(ServiceError):
    """The board changed since the caller saw it; ``table`` is the current one."""

    def __init__(self, table: Table) -> None:
        super().__init__(_("The board has changed since you looked; here is the current state."))
        self.table = table


def _default_seed() -> int:
    return secrets.randbits(62)


class Service:
    """Tables, seats and moves over one database; one instance per bot process."""

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
    ) -> Service:
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

    # -- helpers ------------------------------------------------------------------------------

    def _lock(self, table_id: int) -> asyncio.Lock:
        return self._locks.setdefault(table_id, asyncio.Lock())

    def _game(self, name: str) -> GameEngine:
        try:
            return self._games(name)
        except KeyError:
            raise UnknownGame(_("There is no game called {name}.", name=repr(name))) from None

    @staticmethod
    def _to_table(row: TableRow, seats: list[SeatRow]) -> Table:
        if row.status == "lobby" or any(s.seat is None for s in seats):
            ordered = sorted(seats, key=lambda s: s.joined)
        else:
            ordered = sorted(seats, key=lambda s: s.seat if s.seat is not None else -1)
        return Table(
            id=row.id,
            game=row.game,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            creator_id=row.creator_id,
            status=row.status,
            max_seats=row.max_seats,
            seat_order=row.seat_order,
            options=dict(row.options),
            seed=row.seed,
            players=tuple(Player(s.user_id, s.name) for s in ordered),
            seq=row.seq,
            lobby_message_id=row.lobby_message_id,
            board_message_id=row.board_message_id,
            end_reason=row.end_reason,
            resigned_seat=row.resigned_seat,
            rated=row.rated,
            version=row.version,
            posted_version=row.posted_version,
            posted_to_act=row.posted_to_act,
            ai_replaces=row.ai_replaces,
            language=row.language,
            hints=row.hints,
        )

    async def _load(self, q: Queries, table_id: int) -> tuple[TableRow, Table]:
        row, seats = await q.table_and_seats(table_id)
        if row is None:
            raise UnknownTable(_("There is no such game table."))
        return row, self._to_table(row, seats)

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
        if table.status == "active":
            return
        if table.status == "lobby" or (
            table.status == "aborted" and table.end_reason == "cancelled"
        ):
            raise NotStarted(_("This game has not started yet."))
        if table.status == "aborted":
            raise GameNotActive(_("This game was aborted."))
        raise GameNotActive(_("This game is over."))

    @staticmethod
    def _names(table: Table, seats: tuple[int, ...]) -> str:
        names = (
            ai_seats.mark(table.players[s].user_id, plain_text(table.players[s].name))
            for s in seats
            if s < len(table.players)
        )
        return ", ".join(names)

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
        if row.status == "active" and current:
            self._states[row.id] = (row.version, state)
        return state

    def _pending_after(
        self, game: GameEngine, state: Any, before: dict[int, float], acted: int | None
    ) -> dict[int, float]:
        """Since when each seat to act has been waiting: reset for a seat that just acted."""
        now = self._clock()
        return {
            seat: before[seat] if seat in before and seat != acted else now
            for seat in game.to_act(state)
        }

    # -- lobby --------------------------------------------------------------------------------

    async def create(
        self,
        *,
        game: str,
        guild_id: int | None,
        channel_id: int,
        creator: Player,
        max_seats: int,
        seat_order: str = "join",
        options: dict[str, Any] | None = None,
        setup: Any = None,
        rated: bool = True,
        ai_replaces: bool = False,
        language: str,
        hints: bool = False,
    ) -> Table:
        """Open a lobby in ``channel_id`` with the creator in it. ChannelBusy if one is open.

        ``rated`` is the table option `rated` (False: a friendly game) and ``ai_replaces`` the
        option `ai_replaces` (a player who resigns or forfeits a 3-4 player T&E game is replaced
        by a `normal` AI); neither is an engine option, so ``options`` never carry them.
        ``hints`` (the AI's suggestion on request) is refused in a rated game."""
        if hints and rated:
            raise BadOption(_("Hints are for friendly games only: add `rated=no`."))
        module = self._game(game)
        counts = tuple(module.SEAT_COUNTS)
        if max_seats not in counts:
            raise WrongPlayerCount(
                _(
                    "{game} is played by {counts} players, not {n}.",
                    game=game_name(module.NAME),
                    counts=_counts_text(counts),
                    n=max_seats,
                )
            )
        if seat_order not in SEAT_ORDERS:
            raise BadOption(_("Seat order must be `join` or `random`."))
        merged = _merge_options(module, options or {})
        seed = int(self._seed_source())
        try:  # let the engine refuse option values before anyone joins
            module.new_game(max_seats, seed, options=merged, setup=setup)
        except ValueError as error:
            raise BadOption(str(error)) from error
        try:
            async with self._db.write() as q:
                busy = await q.open_table_in_channel(channel_id)
                if busy is not None:
                    raise ChannelBusy(self._to_table(busy, await q.seats(busy.id)))
                table_id = await q.insert_table(
                    game=game,
                    guild_id=guild_id,
                    channel_id=channel_id,
                    creator_id=creator.user_id,
                    max_seats=max_seats,
                    seat_order=seat_order,
                    options=merged,
                    setup=setup,
                    seed=seed,
                    at=self._clock(),
                    rated=rated,
                    ai_replaces=ai_replaces,
                    language=language,
                    hints=hints,
                )
                await q.add_seat(table_id, creator.user_id, creator.name)
                return (await self._load(q, table_id))[1]
        except IntegrityError:  # another process opened one meanwhile
            busy_table = await self.in_channel(channel_id)
            if busy_table is None:
                raise
            raise ChannelBusy(busy_table) from None

    async def join(self, table_id: int, player: Player) -> Table:
        async with self._lock(table_id), self._db.write() as q:
            _row, table = await self._load(q, table_id)
            if table.status != "lobby":
                raise NotInLobby(_("This game has already started or ended; no seats are open."))
            if table.seat_of(player.user_id) is not None:
                raise AlreadySeated(_("You already have a seat at this table."))
            if len(table.players) >= table.max_seats:
                raise TableFull(_("All {n} seats are taken.", n=table.max_seats))
            await q.add_seat(table_id, player.user_id, player.name)
            return (await self._load(q, table_id))[1]

    async def add_ai(self, table_id: int, user_id: int, level: str, *, can_manage: bool) -> Table:
        """Seat an AI of ``level`` in the lobby (creator or manager); its user id encodes the
        level (:mod:`bot.ai.seats`), its name is ``AI (level)``."""
        if level not in ai_seats.AI_LEVELS:
            raise BadOption(
                _(
                    "The AI levels are {levels}, not {level}.",
                    levels=", ".join(ai_seats.AI_LEVELS),
                    level=repr(level),
                )
            )
        async with self._lock(table_id), self._db.write() as q:
            _row, table = await self._load(q, table_id)
            self._allowed(table, user_id, can_manage)
            if not has_ai(table.game):
                raise BadOption(NO_AI)
            if table.status != "lobby":
                raise NotInLobby(_("This game has already started or ended; no seats are open."))
            if len(table.players) >= table.max_seats:
                raise TableFull(_("All {n} seats are taken.", n=table.max_seats))
            ai_id = ai_seats.next_ai_id(level, (p.user_id for p in table.players))
            await q.add_seat(table_id, ai_id, ai_seats.ai_name(ai_id))
            return (await self._load(q, table_id))[1]

    async def remove_ai(self, table_id: int, user_id: int, *, can_manage: bool) -> Table:
        """Take the AI seat that joined last out of the lobby (creator or manager)."""
        async with self._lock(table_id), self._db.write() as q:
            _row, table = await self._load(q, table_id)
            self._allowed(table, user_id, can_manage)
            if table.status != "lobby":
                raise NotInLobby(_("The game has started; its AI seats stay."))
            robots = [p.user_id for p in table.players if ai_seats.is_ai(p.user_id)]
            if not robots:
                raise NotSeated(_("No AI sits at this table."))
            await q.remove_seat(table_id, robots[-1])
            return (await self._load(q, table_id))[1]

    async def leave(self, table_id: int, user_id: int) -> Table:
        async with self._lock(table_id), self._db.write() as q:
            _row, table = await self._load(q, table_id)
            if table.status != "lobby":
                raise NotInLobby(_("The game has started; you can resign instead."))
            if table.seat_of(user_id) is None:
                raise NotSeated(_("You have no seat at this table."))
            await q.remove_seat(table_id, user_id)
            return (await self._load(q, table_id))[1]

    async def start(
        self, table_id: int, user_id: int, *, can_manage: bool, need_person: bool = False
    ) -> Table:
        """Seat the lobby (join order or seeded shuffle) and deal the game. ``need_person``
        (a lobby's Start button): WrongPlayerCount when only AI seats are left, since nobody
        would play that table (the benchmark and tests start such tables on purpose)."""
        async with self._lock(table_id):
            row, table = await self._read(table_id)
            self._allowed(table, user_id, can_manage)
            if table.status != "lobby":
                raise NotInLobby(_("This table is not a lobby any more."))
            if need_person and all(ai_seats.is_ai(p.user_id) for p in table.players):
                raise WrongPlayerCount(
                    _("Only AI seats are left: at least one person must sit at the table to start.")
                )
            game = self._game(table.game)
            count = len(table.players)
            if count not in tuple(game.SEAT_COUNTS):
                raise WrongPlayerCount(
                    N_(
                        "{game} needs {counts} players; {n} has joined.",
                        "{game} needs {counts} players; {n} have joined.",
                        count,
                        game=game_name(game.NAME),
                        counts=_counts_text(tuple(game.SEAT_COUNTS)),
                    )
                )
            order = list(table.players)
            if table.seat_order == "random":
                random.Random(f"seat-order:{table.seed}").shuffle(order)
            try:
                state = game.new_game(count, table.seed, options=table.options, setup=row.setup)
            except ValueError as error:
                raise BadOption(str(error)) from error
            async with self._db.write() as q:
                started = await self._deal(q, game, table_id, order, state)
            self._states[table_id] = (started.version, state)  # cached once committed
            return started

    async def create_started(
        self,
        *,
        game: str,
        guild_id: int | None,
        channel_id: int,
        creator_id: int,
        players: tuple[Player, ...],
        language: str,
    ) -> Table:
        """A running table of ``players`` (seated in that order) in ``channel_id``, created and
        dealt in one transaction (a league match: no lobby). ChannelBusy if the channel has one."""
        module = self._game(game)
        count = len(players)
        if count not in tuple(module.SEAT_COUNTS):
            raise WrongPlayerCount(
                _(
                    "{game} is played by {counts} players, not {n}.",
                    game=game_name(module.NAME),
                    counts=_counts_text(tuple(module.SEAT_COUNTS)),
                    n=count,
                )
            )
        options = _merge_options(module, {})
        seed = int(self._seed_source())
        state = module.new_game(count, seed, options=options)
        async with self._db.write() as q:
            busy = await q.open_table_in_channel(channel_id)
            if busy is not None:
                raise ChannelBusy(self._to_table(busy, await q.seats(busy.id)))
            table_id = await q.insert_table(
                game=game,
                guild_id=guild_id,
                channel_id=channel_id,
                creator_id=creator_id,
                max_seats=count,
                seat_order="join",
                options=options,
                setup=None,
                seed=seed,
                at=self._clock(),
                language=language,
            )
            for player in players:
                await q.add_seat(table_id, player.user_id, player.name)
            started = await self._deal(q, module, table_id, list(players), state)
        self._states[table_id] = (started.version, state)  # cached once committed
        return started

    async def _deal(
        self, q: Queries, game: GameEngine, table_id: int, order: list[Player], state: Any
    ) -> Table:
        """Seat ``order`` and store the dealt ``state`` (inside the caller's write): the game
        starts, with every seat to act waiting from now."""
        await q.set_started(
            table_id, {p.user_id: seat for seat, p in enumerate(order)}, self._clock()
        )
        await q.put_snapshot(table_id, 0, game.to_json(state))
        await q.set_pending(table_id, self._pending_after(game, state, {}, None))
        return (await self._load(q, table_id))[1]

    async def cancel(self, table_id: int, user_id: int, *, can_manage: bool) -> Table:
        """Close a lobby (creator or manager)."""
        async with self._lock(table_id), self._db.write() as q:
            _row, table = await self._load(q, table_id)
            self._allowed(table, user_id, can_manage)
            if table.status != "lobby":
                raise NotInLobby(_("Only a lobby can be cancelled; a running game can be aborted."))
            await q.set_ended(table_id, status="aborted", reason="cancelled", at=self._clock())
            return (await self._load(q, table_id))[1]

    async def set_lobby_message(self, table_id: int, message_id: int | None) -> None:
        async with self._db.write() as q:
            if not await q.set_message(table_id, "lobby", message_id):
                raise UnknownTable(_("There is no such game table."))

    async def set_board_message(self, table_id: int, message_id: int | None) -> None:
        async with self._db.write() as q:
            if not await q.set_message(table_id, "board", message_id):
                raise UnknownTable(_("There is no such game table."))

    async def set_posted(
        self, table_id: int, version: int, message_id: int | None, to_act: tuple[int, ...]
    ) -> None:
        """The channel now shows ``version`` (a new board or result in ``message_id``; None
        keeps the current board link), waiting for the seats ``to_act``."""
        async with self._db.write() as q:
            if not await q.set_posted(table_id, version, message_id, to_act):
                raise UnknownTable(_("There is no such game table."))

    async def unposted(self) -> list[Table]:
        """Started tables whose current state the channel has not shown yet (a crash or a
        failed post between the commit and the board)."""
        async with self._db.read() as q:
            ids = await q.unposted_table_ids()
            return [(await self._load(q, table_id))[1] for table_id in ids]

    async def replays_owed(self) -> list[Table]:
        """Finished tables whose final result is in the channel and whose replay and score
        story are still owed (see :mod:`bot.ui.replays`)."""
        async with self._db.read() as q:
            ids = await q.replay_owed_table_ids()
            return [(await self._load(q, table_id))[1] for table_id in ids]

    async def replay_owed(self, table_id: int) -> bool:
        """Whether the finished table still owes the channel its replay and score story."""
        async with self._db.read() as q:
            return await q.replay_owed(table_id)

    async def set_replay_posted(self, table_id: int) -> bool:
        """The channel has the table's replay (or the note); False if it was not owed."""
        async with self._db.write() as q:
            return await q.set_replay_posted(table_id)

    async def last_mover(self, table_id: int) -> int | None:
        """The user whose action is the last one logged (None before the first action)."""
        async with self._db.read() as q:
            log_rows = await q.actions(table_id)
        return log_rows[-1].user_id if log_rows else None

    async def logged_actions(self, table_id: int) -> list[tuple[int, str]]:
        """The action log, (seat, action) in playing order: entry ``n`` of `/game log` is
        item ``n - 1``."""
        async with self._db.read() as q:
            log_rows = await q.actions(table_id)
        return [(row.seat, row.action) for row in log_rows]

    # -- lookups ------------------------------------------------------------------------------

    async def get(self, table_id: int) -> Table:
        return (await self._read(table_id))[1]

    async def guild_language(self, guild_id: int) -> str | None:
        """The language a manager set for the server with `/settings language:` (None: none)."""
        async with self._db.read() as q:
            return await q.guild_language(guild_id)

    async def set_guild_language(self, guild_id: int, language: str | None) -> None:
        """Set (or, with None, clear) the server's language for new tables and league posts."""
        async with self._db.write() as q:
            await q.set_guild_language(guild_id, language)

    async def in_channel(self, channel_id: int) -> Table | None:
        """The lobby or running table in the channel, if any."""
        async with self._db.read() as q:
            row, seats = await q.open_table_and_seats_in_channel(channel_id)
            return None if row is None else self._to_table(row, seats)

    async def finished_in_channel(self, channel_id: int) -> Table | None:
        """The channel's most recently created table that finished, if any."""
        async with self._db.read() as q:
            row = await q.last_finished_in_channel(channel_id)
            return None if row is None else self._to_table(row, await q.seats(row.id))

    async def list_guild(self, guild_id: int) -> list[Table]:
        """Lobbies and running games in the server, oldest first."""
        async with self._db.read() as q:
            rows = await q.open_tables_in_guild(guild_id)
            return [self._to_table(row, await q.seats(row.id)) for row in rows]

    async def list_waiting_on(self, user_id: int) -> list[Table]:
        """Running games (in every server) where ``user_id`` must decide now."""
        async with self._db.read() as q:
            ids = await q.waiting_on(user_id)
            return [(await self._load(q, table_id))[1] for table_id in ids]

    async def to_act(self, table_id: int) -> tuple[int, ...]:
        """Seats that must decide now (empty unless the game is running)."""
        async with self._db.read() as q:
            _row, table = await self._load(q, table_id)
            if table.status != "active":
                return ()
            return tuple(sorted(await q.pending(table_id)))

    async def pending_since(self, table_id: int) -> dict[int, float]:
        """Since when (clock time) each seat to act has been waiting; {} unless running."""
        async with self._db.read() as q:
            _row, table = await self._load(q, table_id)
            return {} if table.status != "active" else await q.pending(table_id)

    # -- reminders (play-by-post groundwork) --------------------------------------------------

    async def due_reminders(self, now: float, interval: float) -> list[Reminder]:
        """Decisions in running games that waited ``interval`` seconds since they became
        pending and since their last reminder (so a seat is reminded at most once per
        ``interval``); oldest first. Call :meth:`mark_reminded` after sending each one."""
        if interval <= 0:
            raise ValueError("the reminder interval must be positive")
        async with self._db.read() as q:
            rows = await q.due_reminders(now, interval)
            tables = {t: (await self._load(q, t))[1] for t in sorted({r[0] for r in rows})}
        return [Reminder(tables[t], seat, user, since, at) for t, seat, user, since, at in rows]

    async def mark_reminded(self, table_id: int, seat: int, at: float) -> None:
        """Record that ``seat`` was reminded at ``at``; a decision no longer pending is ignored."""
        async with self._db.write() as q:
            await q.mark_reminded(table_id, seat, at)

    # -- play ---------------------------------------------------------------------------------

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
                waiting = self._names(table, to_act)
                raise NotYourTurn(
                    f"It is not your turn; waiting for {waiting}.",
                    key="waiting_for_players",
                    players=waiting,
                )
            new_state = game.apply(state, seat, action)
            finished = bool(game.is_over(new_state))
            snapshot = game.to_json(new_state)
            at = self._clock()
            try:
                async with self._db.write() as q:
                    before = await q.pending(table_id)
                    await q.append_action(table_id, row.seq, seat, user_id, action, at)
                    if not await q.advance_seq(table_id, row.seq):
                        raise StaleBoard(table)
                    await q.put_snapshot(table_id, row.seq + 1, snapshot)
                    if finished:
                        await q.set_ended(table_id, status="finished", reason="over", at=at)
                        ranking = game.outcome(new_state)["ranking"]
                        await ratings.record_result(q, table, "over", ranking, at)
                    else:
                        await q.set_pending(
                            table_id, self._pending_after(game, new_state, before, seat)
                        )
                    _row, after = await self._load(q, table_id)
            except IntegrityError:  # the log already has this seq: someone was faster
                self._states.pop(table_id, None)
                raise StaleBoard((await self._read(table_id))[1]) from None
            except StaleBoard:
                self._states.pop(table_id, None)
                raise
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

    async def legal_actions(self, table_id: int, user_id: int) -> list[str]:
        """The caller's legal actions now; [] if not running, not seated or not to act."""
        async with self._lock(table_id):
            row, table = await self._read(table_id)
            seat = table.seat_of(user_id)
            if table.status != "active" or seat is None:
                return []
            game = self._game(table.game)
            state = await self._state(row, table)
            if seat not in game.to_act(state):
                return []
            return list(game.legal_actions(state, seat))

    async def _started_state(self, table_id: int) -> tuple[Table, GameEngine, Any]:
        async with self._lock(table_id):
            row, table = await self._read(table_id)
            if table.status == "lobby" or table.end_reason == "cancelled":
                raise NotStarted(_("This game has not started yet."))
            return table, self._game(table.game), await self._state(row, table)

    async def public_view(self, table_id: int, table: Table | None = None) -> dict[str, Any]:
        """The engine's view for spectators (``view(state, None)``). With ``table`` (just read),
        the state this process keeps for that version is used without reading the table again."""
        cached = self._states.get(table_id) if table is not None else None
        if table is not None and cached is not None and cached[0] == table.version:
            if table.status == "lobby" or table.end_reason == "cancelled":
                raise NotStarted(_("This game has not started yet."))
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

    async def history(
        self, table_id: int
    ) -> tuple[Table, GameEngine, list[Any], list[tuple[int, str]]]:
        """Every state of a started game from the deal on (``states[i]`` after ``i`` actions),
        replayed from the log off the event loop, and the logged (seat, action) pairs.
        For the play-by-post layer: the result holds every secret."""
        async with self._lock(table_id), self._db.read() as q:
            row, table = await self._load(q, table_id)
            log_rows = await q.actions(table_id)
        if table.status == "lobby" or table.end_reason == "cancelled":
            raise NotStarted(_("This game has not started yet."))
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

    @staticmethod
    def replaceable(table: Table, seat: int, *, left_league: bool = False) -> bool:
        """Whether a leaver's seat passes to an AI instead of ending the game: the table chose
        `ai_replaces` (or the leaver left the league of this match table), its title lets an
        AI replace a leaver at this many seats (:func:`ai_replaces_leavers`), the leaver is a
        person and another person still plays (AIs alone do not play on)."""
        if not (table.ai_replaces or left_league):
            return False
        if not ai_replaces_leavers(table):
            return False
        users = [p.user_id for p in table.players]
        others = [u for s, u in enumerate(users) if s != seat]
        return not ai_seats.is_ai(users[seat]) and any(not ai_seats.is_ai(u) for u in others)

    async def _replace(self, q: Queries, table: Table, seat: int, reason: str, at: float) -> Table:
        ai_id = ai_seats.next_ai_id(ai_seats.REPLACEMENT_LEVEL, (p.user_id for p in table.players))
        await q.replace_seat(table.id, seat, ai_id, ai_seats.ai_name(ai_id), reason, at)
        return (await self._load(q, table.id))[1]

    async def replaced_seats(self, table_id: int) -> list[tuple[int, int, str, str]]:
        """(seat, user id, name, "resigned" | "forfeit") of each person an AI replaced."""
        async with self._db.read() as q:
            return await q.replaced_seats(table_id)

    async def ai_to_act(self) -> list[tuple[int, int, int]]:
        """(table, seat, AI user id) of every decision a running game waits for from an AI."""
        async with self._db.read() as q:
            return await q.ai_to_act()

    async def seat_decision(
        self, table_id: int, seat: int
    ) -> tuple[Table, dict[str, Any], list[str]] | None:
        """The table, ``seat``'s own view and its legal actions, taken together (one state);
        None unless the game runs and ``seat`` must decide now. For the AI of that seat."""
        async with self._lock(table_id):
            row, table = await self._read(table_id)
            if table.status != "active" or not 0 <= seat < len(table.players):
                return None
            game = self._game(table.game)
            state = await self._state(row, table)
            if seat not in game.to_act(state):
                return None
            return table, game.view(state, seat), list(game.legal_actions(state, seat))

    async def forfeit(self, table_id: int, seat: int, expected_seq: int) -> Table:
        """End the game with ``seat`` losing on time (recorded like a resignation); at a table
        with `ai_replaces` (3-4 player T&E) the seat passes to an AI instead (still running).

        StaleBoard if the table moved past ``expected_seq`` (the decision was taken meanwhile).
        """
        async with self._lock(table_id), self._db.write() as q:
            row, table = await self._load(q, table_id)
            self._require_active(table)
            if row.seq != expected_seq:
                raise StaleBoard(table)
            at = self._clock()
            if self.replaceable(table, seat):
                return await self._replace(q, table, seat, "forfeit", at)
            await q.set_ended(
                table_id, status="finished", reason="resigned", at=at, resigned_seat=seat
            )
            # In the same transaction: a crash must never leave a forfeit that reads "resigned".
            pbp = PbpQueries(q)
            await pbp.put_options(
                table_id, dataclasses.replace(await pbp.options(table_id), forfeit_seat=seat)
            )
            ranking = ratings.resign_ranking(len(table.players), seat)
            await ratings.record_result(q, table, "forfeit", ranking, at)
            self._states.pop(table_id, None)
            return (await self._load(q, table_id))[1]

    async def resign(
        self,
        table_id: int,
        user_id: int,
        *,
        expected_version: int | None = None,
        left_league: bool = False,
    ) -> Table:
        """End the game: the resigning seat ranks last; at a table with `ai_replaces` (3-4 player
        T&E, another person still playing) the seat passes to a `normal` AI and the game goes
        on (the returned table is still running), and so it does at any such league match
        table when the player left the league (``left_league``: the game stays rated for the
        people, the leaver last, see :func:`bot.ratings.record_result`). With
        ``expected_version`` (a confirmation button): StaleBoard if the game changed since it
        was offered."""
        async with self._lock(table_id), self._db.write() as q:
            row, table = await self._load(q, table_id)
            self._require_active(table)
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotSeated(_("You are not playing in this game."))
            if expected_version is not None and await self._changed_by_people(
                q, table_id, row.version, row.seq, expected_version
            ):
                raise StaleBoard(table)
            at = self._clock()
            if self.replaceable(table, seat, left_league=left_league):
                return await self._replace(q, table, seat, "resigned", at)
            await q.set_ended(
                table_id, status="finished", reason="resigned", at=at, resigned_seat=seat
            )
            ranking = ratings.resign_ranking(len(table.players), seat)
            await ratings.record_result(q, table, "resigned", ranking, at)
            self._states.pop(table_id, None)
            return (await self._load(q, table_id))[1]

    @staticmethod
    async def _changed_by_people(
        q: Queries, table_id: int, version: int, seq: int, expected_version: int
    ) -> bool:
        """Whether the table changed since ``expected_version`` (a confirmation's) other than
        by AI seats' moves. The AIs play on while a person reads "Resign?" (a move every
        `AI_MOVE_DELAY`), so their moves alone must not make the answer stale. A move adds
        one to both seq and version, so the changes since are the last ``version -
        expected_version`` moves when all of them were moves; the answer stands if those are
        all the AIs'. (A take-back or a seat handed over in between, which every person
        approved or did, shifts that window to older moves: it stands only if they were the
        AIs' too.)"""
        changes = version - expected_version
        if changes == 0:
            return False
        if changes < 0 or changes > seq:
            return True
        since = [a for a in await q.actions(table_id) if a.seq >= seq - changes]
        return len(since) != changes or not all(ai_seats.is_ai(a.user_id) for a in since)

    async def abort(
        self,
        table_id: int,
        user_id: int,
        *,
        can_manage: bool,
        expected_seq: int | None = None,
        expected_version: int | None = None,
    ) -> Table:
        """Stop a lobby or running game without a result (creator or manager). With
        ``expected_seq``: StaleBoard if the table moved past it (the play-by-post scheduler
        abandoning a table must not undo a player's return); ``expected_version`` likewise for
        a confirmation button offered before the last change."""
        async with self._lock(table_id), self._db.write() as q:
            row, table = await self._load(q, table_id)
            self._allowed(table, user_id, can_manage)
            if table.status not in ("lobby", "active"):
                raise GameNotActive(_("This game has already ended."))
            if expected_seq is not None and row.seq != expected_seq:
                raise StaleBoard(table)
            if expected_version is not None and await self._changed_by_people(
                q, table_id, row.version, row.seq, expected_version
            ):
                raise StaleBoard(table)
            reason = "cancelled" if table.status == "lobby" else "aborted"
            await q.set_ended(table_id, status="aborted", reason=reason, at=self._clock())
            self._states.pop(table_id, None)
            return (await self._load(q, table_id))[1]

    async def record(self, table_id: int) -> dict[str, Any]:
        """The replay JSON (``python -m bot.games replay`` reads it); only once the game ended.

        The seed decides every hidden draw, so a running game's record would leak secrets.
        """
        async with self._db.read() as q:
            row, table = await self._load(q, table_id)
            log_rows = await q.actions(table_id)
        if table.status == "lobby" or table.end_reason == "cancelled":
            raise NotStarted(_("This game has not started yet."))
        if table.status == "active":
            raise NotFinished(_("The record is shown when the game has ended."))
        record: dict[str, Any] = {
            "game": table.game,
            "seats": len(table.players),
            "seed": table.seed,
            "options": dict(table.options),
        }
        if row.setup is not None:
            record["setup"] = row.setup
        record["actions"] = [[a.seat, a.action] for a in log_rows]
        record["players"] = [p.name for p in table.players]
        record["end"] = {"reason": table.end_reason, "resigned_seat": table.resigned_seat}
        return record

    async def final_summary(self, table_id: int) -> dict[str, Any]:
        """Ranking, scores and every seat's full view, once the game has ended."""
        table, game, state = await self._started_state(table_id)
        if table.status == "active":
            raise NotFinished(_("The final summary is shown when the game has ended."))
        seats = len(table.players)
        if table.end_reason == "over":
            ranking = [list(place) for place in game.outcome(state)["ranking"]]
        elif table.end_reason == "resigned" and table.resigned_seat is not None:
            others = [s for s in range(seats) if s != table.resigned_seat]
            ranking = [others, [table.resigned_seat]] if others else [[table.resigned_seat]]
        else:  # aborted: no result
            ranking = []
        return {
            "game": table.game,
            "end_reason": table.end_reason,
            "resigned_seat": table.resigned_seat,
            "ranking": ranking,
            "scores": game.scores(state),
            "players": [
                {"seat": s, "user_id": p.user_id, "name": p.name}
                for s, p in enumerate(table.players)
            ],
            "public": game.view(state, None),
            "views": [game.view(state, s) for s in range(seats)],
        }


def _counts_text(counts: tuple[int, ...]) -> Text | str:
    ordered = sorted(counts)
    if len(ordered) == 1:
        return str(ordered[0])
    if ordered == list(range(ordered[0], ordered[-1] + 1)):
        return _("{low} to {high}", low=ordered[0], high=ordered[-1])
    return _("{counts} or {last}", counts=", ".join(map(str, ordered[:-1])), last=ordered[-1])


#: What kind of value an option takes, by the type of its default, in the reader's words.
_OPTION_KINDS: dict[type, Text] = {
    bool: C_("option kind", "yes or no"),
    int: C_("option kind", "whole number"),
    float: C_("option kind", "number"),
    str: C_("option kind", "word"),
}


def _merge_options(game: GameEngine, given: dict[str, Any]) -> dict[str, Any]:
    """The game's default options overridden by ``given``; unknown names or types are refused."""
    defaults: dict[str, Any] = dict(game.OPTIONS)
    merged = dict(defaults)
    for name, value in given.items():
        if name not in defaults:
            known: Text | str = ", ".join(sorted(defaults)) or _("none")
            raise BadOption(
                _(
                    "{game} has no option {name} (options: {known}).",
                    game=game_name(game.NAME),
                    name=repr(name),
                    known=known,
                )
            )
        default = defaults[name]
        if type(default) is float and type(value) is int:
            value = float(value)
        if default is not None and type(value) is not type(default):
            raise BadOption(
                _(
                    "Option {name} takes a {kind}, not {value}.",
                    name=repr(name),
                    kind=_OPTION_KINDS.get(type(default), type(default).__name__),
                    value=repr(value),
                )
            )
        merged[name] = value
    return merged

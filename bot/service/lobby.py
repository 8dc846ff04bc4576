"""The lobby: open a table, take and leave seats (people and AIs), start or cancel it; and a
league match's table, created already dealt."""

from __future__ import annotations

import random
from typing import Any

from bot import titles
from bot.ai import seats as ai_seats
from bot.games.contract import GameEngine
from bot.i18n import N_, _
from bot.presenters import game_name
from bot.service.errors import (
    NO_AI,
    AlreadySeated,
    BadOption,
    ChannelBusy,
    NotInLobby,
    NotSeated,
    TableFull,
    WrongPlayerCount,
)
from bot.service.lookups import Lookups
from bot.service.options import SEAT_ORDERS, check_seat_count, counts_text, merge_options
from bot.service.records import Player, Table, to_table
from bot.storage.backends import IntegrityError
from bot.storage.tables import EndReason, Queries, TableStatus

__all__ = ["Lobby", "has_ai"]


def has_ai(game: str) -> bool:
    """Whether AI players can take seats of ``game`` (its title names an AI)."""
    title = titles.title(game)
    return title is not None and title.ai.module is not None


def _not_in_lobby() -> NotInLobby:
    return NotInLobby(_("This game has already started or ended; no seats are open."))


class Lobby(Lookups):
    """From an open table to a dealt game (or a cancelled lobby)."""

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
        check_seat_count(module, max_seats)
        if seat_order not in SEAT_ORDERS:
            raise BadOption(_("Seat order must be `join` or `random`."))
        merged = merge_options(module, options or {})
        seed = int(self._seed_source())
        try:  # let the engine refuse option values before anyone joins
            module.new_game(max_seats, seed, options=merged, setup=setup)
        except ValueError as error:
            raise BadOption(str(error)) from error
        try:
            async with self._db.write() as q:
                await self._refuse_busy(q, channel_id)
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

    @staticmethod
    async def _refuse_busy(q: Queries, channel_id: int) -> None:
        """ChannelBusy if the channel has a lobby or running game."""
        busy = await q.open_table_in_channel(channel_id)
        if busy is not None:
            raise ChannelBusy(to_table(busy, await q.seats(busy.id)))

    async def join(self, table_id: int, player: Player) -> Table:
        async with self._lock(table_id), self._db.write() as q:
            _row, table = await self._load(q, table_id)
            if table.status != TableStatus.LOBBY:
                raise _not_in_lobby()
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
            if table.status != TableStatus.LOBBY:
                raise _not_in_lobby()
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
            if table.status != TableStatus.LOBBY:
                raise NotInLobby(_("The game has started; its AI seats stay."))
            robots = [p.user_id for p in table.players if ai_seats.is_ai(p.user_id)]
            if not robots:
                raise NotSeated(_("No AI sits at this table."))
            await q.remove_seat(table_id, robots[-1])
            return (await self._load(q, table_id))[1]

    async def leave(self, table_id: int, user_id: int) -> Table:
        async with self._lock(table_id), self._db.write() as q:
            _row, table = await self._load(q, table_id)
            if table.status != TableStatus.LOBBY:
                raise NotInLobby(_("The game has started; you can resign instead."))
            if table.seat_of(user_id) is None:
                raise NotSeated(_("You have no seat at this table."))
            await q.remove_seat(table_id, user_id)
            return (await self._load(q, table_id))[1]

    async def cancel(self, table_id: int, user_id: int, *, can_manage: bool) -> Table:
        """Close a lobby (creator or manager)."""
        async with self._lock(table_id), self._db.write() as q:
            _row, table = await self._load(q, table_id)
            self._allowed(table, user_id, can_manage)
            if table.status != TableStatus.LOBBY:
                raise NotInLobby(_("Only a lobby can be cancelled; a running game can be aborted."))
            await q.set_ended(
                table_id, status=TableStatus.ABORTED, reason=EndReason.CANCELLED, at=self._clock()
            )
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
            if table.status != TableStatus.LOBBY:
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
                        counts=counts_text(tuple(game.SEAT_COUNTS)),
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
        check_seat_count(module, count)
        options = merge_options(module, {})
        seed = int(self._seed_source())
        state = module.new_game(count, seed, options=options)
        async with self._db.write() as q:
            await self._refuse_busy(q, channel_id)
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

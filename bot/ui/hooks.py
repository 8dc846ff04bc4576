"""Where posting a table's messages hands over to the features that also post them.

Posting (:mod:`bot.ui.publish`, :mod:`bot.ui.boards`, :mod:`bot.ui.final`, :mod:`bot.ui.lobby`,
:mod:`bot.ui.menus`, :mod:`bot.ui.status`) is what the features call: their buttons
(:mod:`bot.ui.items`, :mod:`bot.ui.pbp`), timers and rounds (:mod:`bot.ui.pbp`,
:mod:`bot.ui.leagues.sync`). What those features add to a message in their turn (their buttons,
the away note, the turn's direct messages, what follows a game's end) reaches posting through
:class:`Hooks`, held by the client as ``bot.hooks``, rather than through an import back into the
features (a circle of imports). Each method below is one such seam.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import discord

from bot.service import Table
from bot.storage.tables import TableStatus
from bot.ui import items, pbp, replays
from bot.ui.leagues.sync import after_table_end

if TYPE_CHECKING:
    from bot.client import BoardBot

log = logging.getLogger(__name__)


class Hooks:
    """The features' parts of a table's messages (the bot's own; a test may replace one)."""

    # --- buttons (bot.ui.items, bot.ui.pbp) ---

    def lobby_view(self, table: Table, lang: str | None = None) -> discord.ui.View:
        """The lobby's Join / Leave / Start / Cancel and "Add AI" (:func:`items.lobby_view`)."""
        return items.lobby_view(table, lang)

    def board_view(self, table: Table, lang: str | None = None) -> discord.ui.View:
        """A board's "My hand", "Act" and "Hint" (:func:`items.board_view`)."""
        return items.board_view(table, lang)

    def picker_heading(self, game: str, path: str, legal: list[str], *, lang: str) -> str | None:
        """The Act menu's heading at the picker's screen ``path`` (:func:`items.picker_heading`)."""
        return items.picker_heading(game, path, legal, lang=lang)

    def menu_view(
        self,
        table: Table,
        legal: list[str],
        prefix: str = "",
        *,
        lang: str,
        own: dict[str, Any] | None = None,
        seat: int | None = None,
    ) -> tuple[discord.ui.View, int, bool]:
        """The Act menu's buttons at ``prefix`` (:func:`items.menu_view`)."""
        return items.menu_view(table, legal, prefix, lang=lang, own=own, seat=seat)

    def takeback_offer(
        self, table: Table, view: dict[str, Any], user_id: int, lang: str
    ) -> discord.ui.View | None:
        """The "Take back my last move" button, for the player who made the last move
        (:func:`pbp.takeback_offer`)."""
        return pbp.takeback_offer(table, view, user_id, lang)

    def result_view(self, table: Table, lang: str) -> discord.ui.View | None:
        """Under a final result: Rematch and, for a title with a review, Review; nothing under
        an aborted game's notice."""
        if table.status != TableStatus.FINISHED:
            return None
        rematch = pbp.rematch_view(table.id, lang=lang)
        return items.add_review_button(rematch, table.id, lang=lang, game=table.game)

    # --- play-by-post (bot.ui.pbp) ---

    async def away_note(self, bot: BoardBot, table: Table, lang: str) -> str:
        """The board text's " Away: …" (:func:`pbp.away_note`)."""
        return await pbp.away_note(bot, table, lang)

    async def after_turn(
        self,
        bot: BoardBot,
        table: Table,
        users: Iterable[int],
        *,
        mover: int | None,
        before: Iterable[int] | None,
    ) -> None:
        """After a board pinged ``users``: the turn's direct messages (:func:`pbp.notify_turn`)."""
        await pbp.notify_turn(bot, table, users, mover=mover, before=before)

    # --- after a game's end (bot.ui.replays, bot.ui.leagues.sync) ---

    async def after_end(self, bot: BoardBot, table_id: int, *, recovering: bool) -> None:
        """Once a game's end is shown: its replay and score story are drawn in the background
        (:func:`replays.after_final`), and a league match counts at once (the league may open
        the next round's tables; its scheduler retries whatever fails here)."""
        replays.after_final(bot, table_id, recovering=recovering)
        try:
            table = await bot.service.get(table_id)
            if not bot.owns(table.guild_id):
                return  # the league's own process counts it at its next tick
            if table.status in (TableStatus.FINISHED, TableStatus.ABORTED):
                await after_table_end(bot, table)  # an abandoned match is void at once
        except Exception:
            log.exception("table %d: updating its league failed", table_id)

    async def replays_owed(self, bot: BoardBot) -> None:
        """After a restart and on every tick: the replays still owed under results already in
        the channel (:func:`replays.catch_up`)."""
        await replays.catch_up(bot)

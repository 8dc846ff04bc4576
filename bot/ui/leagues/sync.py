"""A league change published, and what makes one: the sign-up card's Join and Leave buttons,
the scheduler's tick (deadlines, rounds, anything a crash left undone) and a match table's end.
"""

from __future__ import annotations

import contextvars
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import C_
from bot.leagues import League, LeagueStatus, LeagueUpdate
from bot.service import Table
from bot.ui.interactions import bot_of, player_of
from bot.ui.lang import tr
from bot.ui.leagues.announcements import announce_final, announce_round, thread_maker
from bot.ui.leagues.channel import custom_ids, find_posted, league_lang, show_table
from bot.ui.leagues.endings import end_tables
from bot.ui.leagues.signup import signup_content
from bot.ui.leagues.standings import refresh_standings
from bot.ui.persistent import Part, PersistentButton, ops
from bot.ui.replies import edit_message

if TYPE_CHECKING:
    from bot.client import BoardBot

log = logging.getLogger(__name__)

# Set while a sync publishes: the game-end hook of the tables it ends itself must not recurse.
_SYNCING: contextvars.ContextVar[bool] = contextvars.ContextVar("league_syncing", default=False)


class SignupButton(
    PersistentButton,
    key="league",
    parts=(Part("league_id", r"\d+", int, group="league"), ops("join", "leave")),
):
    """Join or Leave under a league's sign-up card (labelled in the server's language)."""

    def __init__(self, league_id: int, op: str, *, lang: str) -> None:
        self.league_id, self.op = league_id, op
        style = discord.ButtonStyle.success if op == "join" else discord.ButtonStyle.secondary
        label = C_("button", "Join") if op == "join" else C_("button", "Leave")
        super().__init__(tr(label, lang), style)

    async def _run(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        if self.op == "join":
            await bot.leagues.join(self.league_id, player_of(interaction))
            update = None
        else:
            update = await bot.leagues.leave(self.league_id, interaction.user.id)
        snap = await bot.leagues.snapshot(self.league_id)
        lang = await league_lang(bot, snap.league)  # the card is public: the server's language
        buttons = (
            signup_view(self.league_id, lang=lang)
            if snap.league.status == LeagueStatus.SIGNUP
            else None
        )
        await edit_message(interaction, content=signup_content(snap, lang=lang), view=buttons)
        if update is not None and snap.league.status != LeagueStatus.SIGNUP:
            await publish(bot, update)


def signup_view(league_id: int, *, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(SignupButton(league_id, "join", lang=lang))
    view.add_item(SignupButton(league_id, "leave", lang=lang))
    return view


async def ensure_signup_card(bot: BoardBot, league_id: int) -> None:
    """Post the sign-up card once: a card posted just before a crash, before its id was
    recorded, is found among the channel's last messages instead of being posted again."""
    snap = await bot.leagues.snapshot(league_id)
    league = snap.league
    if league.status != LeagueStatus.SIGNUP or league.signup_message_id is not None:
        return
    join = f"league:{league.id}:join"
    message = await find_posted(bot, league.channel_id, lambda m: join in custom_ids(m))
    if message is None:
        lang = await league_lang(bot, league)
        channel = bot.get_partial_messageable(league.channel_id)
        message = await channel.send(
            signup_content(snap, lang=lang), view=signup_view(league.id, lang=lang)
        )
    await bot.leagues.set_message(league.id, "signup", message.id)


async def post_signup(bot: BoardBot, league: League) -> None:
    async with bot.leagues.publishing(league.id):
        await ensure_signup_card(bot, league.id)


async def publish(bot: BoardBot, update: LeagueUpdate) -> None:
    """Show what a league change did: final boards of the tables it ended, notes, new match
    threads and boards, the round's announcement, the standings, the champion."""
    token = _SYNCING.set(True)
    league_id = update.league.id
    try:
        async with bot.leagues.publishing(league_id):
            await _publish(bot, update)
    finally:
        _SYNCING.reset(token)


async def _publish(bot: BoardBot, update: LeagueUpdate) -> None:
    league_id = update.league.id
    lang = await league_lang(bot, update.league)  # the server's, at the time of the post
    if update.league.status == LeagueStatus.SIGNUP:
        await ensure_signup_card(bot, league_id)
    await end_tables(bot, update, lang)
    opened = await bot.leagues.open_matches(league_id, thread_maker(bot, lang), language=lang)
    for table in opened:
        await show_table(bot, table.id, None)
    await announce_round(bot, league_id, lang=lang)
    await refresh_standings(bot, league_id, lang=lang)
    await announce_final(bot, league_id, lang=lang)


async def sync_league(bot: BoardBot, league_id: int, now: float | None = None) -> LeagueUpdate:
    update = await bot.leagues.advance(league_id, now)
    await publish(bot, update)
    return update


async def run_league_tick(bot: BoardBot, now: float | None = None) -> None:
    """The scheduler's league part: deadlines, round changes, anything a crash left undone."""
    for league_id in await bot.leagues.running_leagues():
        try:
            if bot.own_shards.sharded and not bot.owns((await bot.leagues.get(league_id)).guild_id):
                continue  # another process's server: that process runs its rounds
            await sync_league(bot, league_id, now)
        except Exception:
            log.exception("league %s: the scheduled update failed", league_id)


async def after_table_end(bot: BoardBot, table: Table) -> None:
    """The game-end path: a league table's result counts at once."""
    if _SYNCING.get():
        return
    found = await bot.leagues.league_of_table(table.id)
    if found is not None:
        await sync_league(bot, found[0].id)


LEAGUE_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (SignupButton,)

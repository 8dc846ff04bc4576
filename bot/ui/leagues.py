"""Leagues in Discord: the sign-up card and its buttons, match threads, round announcements,
the standings message edited in place, the champion's announcement.

Everything a league shows is derived from the database: :func:`sync_league` asks the use case
to advance, opens what is missing (thread, table, board) and edits the standings message only
when its text changed (the digest of what it shows is kept with the league), so a restart at
any point converges to the current state shown once.
"""

from __future__ import annotations

import asyncio
import contextvars
import hashlib
import io
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot import presenters
from bot.leagues import League, LeagueUpdate, Match, Snapshot
from bot.service import Player, Table
from bot.ui import flow
from bot.ui.items import Persistent
from renderers.league import render_standings

if TYPE_CHECKING:
    from bot.client import BoardBot

log = logging.getLogger(__name__)

FORMAT_NAMES = {"round_robin": "round robin", "swiss": "Swiss"}
SOURCE_NOTES = {
    "deadline": "deadline",
    "adjudicated": "set by a manager",
    "forfeit": "forfeit",
    "void": "no result",
    "bye": "bye",
}
# Set while a sync publishes: the game-end hook of the tables it ends itself must not recurse.
_SYNCING: contextvars.ContextVar[bool] = contextvars.ContextVar("league_syncing", default=False)


def when(at: float, style: str = "R") -> str:
    """A Discord timestamp, shown in each reader's own time zone."""
    return f"<t:{int(at)}:{style}>"


def describe(league: League) -> str:
    """ "Targi, round robin, rounds of 7 days" """
    title = presenters.game_title(league.game)
    days = f"{league.round_days} day{'s' if league.round_days != 1 else ''}"
    return f"{title}, {FORMAT_NAMES.get(league.format, league.format)}, rounds of {days}"


def _escape(name: str) -> str:
    return presenters.plain_text(name)


def _points(value: float) -> str:
    return f"{value:g}"


# --- sign-up card --------------------------------------------------------------------------------


def signup_content(snap: Snapshot) -> str:
    league = snap.league
    names = ", ".join(_escape(m.name) for m in snap.members) or "nobody yet"
    lines = [f"**{_escape(league.name)}**: a league of {describe(league)}."]
    if league.format == "swiss" and league.rounds:
        lines.append(f"{league.rounds} Swiss rounds.")
    lines.append(f"Signed up ({len(snap.members)}): {names}.")
    if league.status == "signup":
        lines.append("Join below; a server manager starts the season with `/league start`.")
    else:
        lines.append(f"Sign-up closed {when(league.started_at or 0, 'R')}; standings below.")
    return flow.clip("\n".join(lines))


class SignupButton(
    Persistent,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"league:(?P<league>\d+):(?P<op>join|leave)",
):
    """Join or Leave under a league's sign-up card."""

    def __init__(self, league_id: int, op: str) -> None:
        style = discord.ButtonStyle.success if op == "join" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=op.capitalize(), style=style, custom_id=f"league:{league_id}:{op}"
            )
        )
        self.league_id = league_id
        self.op = op

    fields = (("league", int), ("op", str))

    async def _run(self, interaction: discord.Interaction[Any]) -> None:
        bot = flow.bot_of(interaction)
        if self.op == "join":
            await bot.leagues.join(self.league_id, flow.player_of(interaction))
            update = None
        else:
            update = await bot.leagues.leave(self.league_id, interaction.user.id)
        snap = await bot.leagues.snapshot(self.league_id)
        buttons = signup_view(self.league_id) if snap.league.status == "signup" else None
        await interaction.response.edit_message(content=signup_content(snap), view=buttons)
        if update is not None and snap.league.status != "signup":
            await publish(bot, update)


def signup_view(league_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(SignupButton(league_id, "join"))
    view.add_item(SignupButton(league_id, "leave"))
    return view


async def post_signup(bot: BoardBot, league: League) -> None:
    snap = await bot.leagues.snapshot(league.id)
    channel = bot.get_partial_messageable(league.channel_id)
    message = await channel.send(signup_content(snap), view=signup_view(league.id))
    await bot.leagues.set_message(league.id, "signup", message.id)


async def close_signup(bot: BoardBot, league_id: int) -> None:
    """The card loses its buttons once the season started."""
    snap = await bot.leagues.snapshot(league_id)
    if snap.league.signup_message_id is None:
        return
    message = bot.get_partial_messageable(snap.league.channel_id).get_partial_message(
        snap.league.signup_message_id
    )
    await message.edit(content=signup_content(snap), view=None)


# --- standings -----------------------------------------------------------------------------------


def round_line(snap: Snapshot) -> str:
    league = snap.league
    current = snap.current_round
    if league.status == "signup":
        return f"Sign-up: {len(snap.members)} players."
    if league.status == "finished" or current is None:
        return f"Final standings after {len(snap.rounds)} rounds."
    return (
        f"Round {current.number} of {league.rounds}; deadline {when(current.deadline, 'f')} "
        f"({when(current.deadline)})."
    )


def standings_text(snap: Snapshot) -> str:
    """The text fallback under the image (and `/league show`)."""
    lines = [f"**{_escape(snap.league.name)}** ({describe(snap.league)}). {round_line(snap)}"]
    if snap.league.status == "finished" and snap.standings:
        lines.append(f"Champion: **{_escape(snap.standings[0].name)}**.")
    for row in snap.standings:
        note = " (left)" if row.left else ""
        lines.append(
            f"{row.rank}. {_escape(row.name)}{note}: {_points(row.points)} pts, "
            f"{row.played} played, {row.wins} won, opp. {_points(row.buchholz)}"
        )
    return flow.clip("\n".join(lines))


def standings_data(snap: Snapshot) -> dict[str, Any]:
    league = snap.league
    current = snap.current_round
    if league.status == "running" and current is not None:
        stage = f"round {current.number} of {league.rounds}"
    elif league.status == "finished":
        stage = f"final standings after {len(snap.rounds)} rounds"
    else:
        stage = "sign-up"
    return {
        "title": league.name,
        "subtitle": f"{describe(league)}: {stage}, {len(snap.members)} players",
        "champion": snap.standings[0].name
        if league.status == "finished" and snap.standings
        else None,
        "rows": [
            {
                "rank": r.rank,
                "name": r.name,
                "points": r.points,
                "played": r.played,
                "wins": r.wins,
                "buchholz": r.buchholz,
                "note": "left" if r.left else "",
            }
            for r in snap.standings
        ],
    }


async def standings_file(snap: Snapshot, filename: str) -> discord.File | None:
    try:
        data = await asyncio.to_thread(render_standings, standings_data(snap))
    except Exception:
        log.exception("league %s: drawing the standings failed", snap.league.id)
        return None
    return discord.File(io.BytesIO(data), filename)


async def refresh_standings(bot: BoardBot, league_id: int) -> None:
    """Post the standings message once, then edit it in place whenever what it shows changes."""
    snap = await bot.leagues.snapshot(league_id)
    league = snap.league
    if league.status == "signup":
        return
    text = standings_text(snap)
    digest = hashlib.sha256(text.encode()).hexdigest()
    if league.standings_message_id is not None and digest == league.standings_digest:
        return
    image = await standings_file(snap, f"league-{league.id}-standings.png")
    channel = bot.get_partial_messageable(league.channel_id)
    if league.standings_message_id is None:
        kwargs: dict[str, Any] = {"file": image} if image is not None else {}
        message = await channel.send(text, **kwargs)
        await bot.leagues.set_message(league.id, "standings", message.id)
    else:
        partial = channel.get_partial_message(league.standings_message_id)
        await partial.edit(content=text, attachments=[image] if image is not None else [])
    await bot.leagues.set_standings_digest(league.id, digest)


# --- rounds and matches --------------------------------------------------------------------------


def _thread_maker(bot: BoardBot) -> Any:
    async def create_thread(league: League, match: Match, players: tuple[Player, ...]) -> int:
        names = " vs ".join(p.name for p in players)
        thread = await bot.http.start_thread_without_message(
            league.channel_id,
            name=f"{league.name} R{match.round}: {names}"[:100],
            auto_archive_duration=10080,
            type=discord.ChannelType.public_thread.value,
        )
        return int(thread["id"])

    return create_thread


def _match_line(snap: Snapshot, match: Match) -> str:
    names = " vs ".join(_escape(snap.name_of(u)) for u in match.players)
    if match.source == "bye":
        return f"- {names}: bye ({_points(3.0)} points)"
    if match.thread_id is not None and match.ranking is None:
        return f"- {names}: <#{match.thread_id}>"
    if match.ranking is not None:
        return f"- {names}: {SOURCE_NOTES.get(match.source or '', 'played')}"
    return f"- {names}"


async def announce_round(bot: BoardBot, league_id: int) -> None:
    """Once per round (recorded first: a crash loses it rather than repeating it)."""
    snap = await bot.leagues.snapshot(league_id)
    current = snap.current_round
    if snap.league.status != "running" or current is None or current.announced_at is not None:
        return
    matches = [m for m in snap.matches if m.round == current.number]
    if any(m.ranking is None and m.thread_id is None for m in matches):
        return  # a thread is still missing: announce when every match has its place
    if not await bot.leagues.mark_announced(league_id, current.number):
        return
    head = (
        f"**{_escape(snap.league.name)}**: round {current.number} of {snap.league.rounds} is open; "
        f"deadline {when(current.deadline, 'f')} ({when(current.deadline)}). "
        "Still running then: whoever must decide forfeits."
    )
    lines = [head, *(_match_line(snap, m) for m in matches)]
    channel = bot.get_partial_messageable(snap.league.channel_id)
    await channel.send(flow.clip("\n".join(lines)))


def _ranking_text(snap: Snapshot, match: Match) -> str:
    places = []
    for index, tied in enumerate(match.ranking or ()):
        names = " = ".join(_escape(snap.name_of(u)) for u in tied)
        places.append(f"{index + 1}. {names}")
    return ", ".join(places) or "no result"


async def note_results(bot: BoardBot, update: LeagueUpdate) -> None:
    """Adjudications and deadline decisions are explained in the match's thread."""
    snap: Snapshot | None = None
    for match in update.results:
        if match.thread_id is None or match.source not in ("adjudicated", "deadline"):
            continue
        snap = snap or await bot.leagues.snapshot(update.league.id)
        if match.source == "adjudicated":
            text = (
                f"A league manager set this match's result: {_ranking_text(snap, match)}. "
                f"Reason: {match.reason}"
            )
        else:
            text = f"League result: {_ranking_text(snap, match)} ({match.reason})."
        await bot.get_partial_messageable(match.thread_id).send(flow.clip(text))


async def announce_final(bot: BoardBot, league_id: int) -> None:
    snap = await bot.leagues.snapshot(league_id)
    if snap.league.status != "finished" or snap.league.final_posted_at is not None:
        return
    if not await bot.leagues.mark_final_posted(league_id):
        return
    champion = snap.standings[0] if snap.standings else None
    text = f"**{_escape(snap.league.name)}** is over after {len(snap.rounds)} rounds."
    if champion is not None:
        text += (
            f" Champion: <@{champion.user_id}> ({_escape(champion.name)}, "
            f"{_points(champion.points)} points). Congratulations!"
        )
    text += "\n" + standings_text(snap)
    image = await standings_file(snap, f"league-{league_id}-final.png")
    kwargs: dict[str, Any] = {"file": image} if image is not None else {}
    channel = bot.get_partial_messageable(snap.league.channel_id)
    await channel.send(flow.clip(text), **kwargs)


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
    for table in update.ended_tables:
        if table.status == "finished":
            await flow.post_final(bot, table)
        else:
            await bot.get_partial_messageable(table.channel_id).send(
                "This league match was stopped; its result was set by a league manager."
            )
    await note_results(bot, update)
    opened = await bot.leagues.open_matches(league_id, _thread_maker(bot))
    for table in opened:
        view = await bot.service.public_view(table.id)
        await flow.post_board(bot, table, view, ping=True)
    await announce_round(bot, league_id)
    await refresh_standings(bot, league_id)
    await announce_final(bot, league_id)


async def sync_league(bot: BoardBot, league_id: int, now: float | None = None) -> LeagueUpdate:
    update = await bot.leagues.advance(league_id, now)
    await publish(bot, update)
    return update


async def run_league_tick(bot: BoardBot, now: float | None = None) -> None:
    """The scheduler's league part: deadlines, round changes, anything a crash left undone."""
    for league_id in await bot.leagues.running_leagues():
        try:
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

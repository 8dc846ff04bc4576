"""Leagues in Discord: the sign-up card and its buttons, match threads, round announcements,
the standings message edited in place, the champion's announcement.

Everything a league shows is derived from the database: :func:`sync_league` asks the use case
to advance, opens what is missing (thread, table, board) and edits the standings message only
when its text changed (the digest of what it shows is kept with the league), so a restart at
any point converges to the current state shown once. Match tables are shown through
:func:`bot.ui.flow.show_current` like every table; the league's own messages (sign-up card,
round announcement, standings, champion) are recorded after they are posted, and one posted
just before a crash is found among the channel's last messages (:func:`find_posted`).
"""

from __future__ import annotations

import asyncio
import contextvars
import hashlib
import io
import logging
from collections.abc import Callable
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
#: How far back in the league's channel the bot looks, after a restart, for a message it may
#: have posted just before a crash (before the database recorded it).
LOOKBACK = 50
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
    lines = [f"**{_escape(league.name)}**: a league of {describe(league)}."]
    if league.format == "swiss" and league.rounds:
        lines.append(f"{league.rounds} Swiss rounds.")
    if league.status == "signup":
        last = "Join below; a server manager starts the season with `/league start`."
    else:
        last = f"Sign-up closed {when(league.started_at or 0, 'R')}; standings below."
    head = f"Signed up ({len(snap.members)}): "
    room = flow.MAX_CONTENT - sum(len(line) + 1 for line in lines) - len(last) - 1
    names = [_escape(m.name) for m in snap.members]
    shown = names_within(names, room - len(head))
    lines.append(head + (shown or "nobody yet") + ".")
    lines.append(last)
    return flow.clip("\n".join(lines))


def names_within(names: list[str], room: int) -> str:
    """ "a, b, c" or, when that is longer than ``room``, the first names and "and N more"."""
    text = ", ".join(names)
    if len(text) <= room:
        return text
    out: list[str] = []
    for index, name in enumerate(names):
        tail = f" and {len(names) - index - 1} more" if index + 1 < len(names) else ""
        if len(", ".join([*out, name])) + len(tail) > room - 20:
            return f"{', '.join(out)} and {len(names) - len(out)} more"
        out.append(name)
    return text


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


async def ensure_signup_card(bot: BoardBot, league_id: int) -> None:
    """Post the sign-up card once: a card posted just before a crash, before its id was
    recorded, is found among the channel's last messages instead of being posted again."""
    snap = await bot.leagues.snapshot(league_id)
    league = snap.league
    if league.status != "signup" or league.signup_message_id is not None:
        return
    join = f"league:{league.id}:join"
    message = await find_posted(bot, league.channel_id, lambda m: join in _custom_ids(m))
    if message is None:
        channel = bot.get_partial_messageable(league.channel_id)
        message = await channel.send(signup_content(snap), view=signup_view(league.id))
    await bot.leagues.set_message(league.id, "signup", message.id)


async def post_signup(bot: BoardBot, league: League) -> None:
    async with bot.leagues.publishing(league.id):
        await ensure_signup_card(bot, league.id)


async def close_signup(bot: BoardBot, league_id: int) -> None:
    """The card loses its buttons once the season started."""
    snap = await bot.leagues.snapshot(league_id)
    if snap.league.signup_message_id is None:
        return
    message = bot.get_partial_messageable(snap.league.channel_id).get_partial_message(
        snap.league.signup_message_id
    )
    try:
        await message.edit(content=signup_content(snap), view=None)
    except discord.NotFound:  # deleted by someone: nothing to close, the season goes on
        log.info("league %d: the sign-up card is gone", league_id)


def _custom_ids(message: discord.Message) -> list[str]:
    return [
        str(getattr(item, "custom_id", None))
        for row in message.components
        for item in getattr(row, "children", ())
    ]


async def find_posted(
    bot: BoardBot, channel_id: int, shows: Callable[[discord.Message], bool]
) -> discord.Message | None:
    """The bot's message among the channel's last ones that ``shows`` recognises:
    one posted just before a crash, before the database recorded it (None if there is none,
    or the history cannot be read: then it is posted again rather than lost)."""
    me = bot.user.id if bot.user is not None else None
    try:
        async for message in bot.get_partial_messageable(channel_id).history(limit=LOOKBACK):
            if (me is None or message.author.id == me) and shows(message):
                return message
    except discord.HTTPException as error:
        log.info("channel %d: cannot read its history: %s", channel_id, error)
    return None


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


def standings_lines(snap: Snapshot) -> list[str]:
    """One line per player, best first."""
    return [
        f"{row.rank}. {_escape(row.name)}{' (left)' if row.left else ''}: "
        f"{_points(row.points)} pts, {row.played} played, {row.wins} won, "
        f"opp. {_points(row.buchholz)}"
        for row in snap.standings
    ]


def standings_text(snap: Snapshot, limit: int = flow.MAX_CONTENT) -> str:
    """The text fallback under the image (and `/league show`): as many lines as fit."""
    head = f"{standings_head(snap.league)}{round_line(snap)}"
    if snap.league.status == "finished" and snap.standings:
        head += f"\nChampion: **{_escape(snap.standings[0].name)}**."
    return fit(head, standings_lines(snap), "the image shows everyone.", limit)


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


def standings_head(league: League) -> str:
    """The first words of the standings message (how it is found again after a crash)."""
    return f"**{_escape(league.name)}** ({describe(league)}). "


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
    channel = bot.get_partial_messageable(league.channel_id)
    if league.standings_message_id is None:
        filename = f"league-{league.id}-standings.png"
        head = standings_head(league)

        def shows(message: discord.Message) -> bool:
            # The image's name carries the league's id: a past season of the same name in this
            # channel has the same first words, never the same file.
            named = any(a.filename == filename for a in message.attachments)
            return named and message.content.startswith(head)

        found = await find_posted(bot, league.channel_id, shows)
        if found is not None:  # posted just before a crash, before its id was recorded
            await bot.leagues.set_message(league.id, "standings", found.id)
            if found.content == text:
                await bot.leagues.set_standings_digest(league.id, digest)
                return
            league = (await bot.leagues.snapshot(league_id)).league
    image = await standings_file(snap, f"league-{league.id}-standings.png")
    if league.standings_message_id is None:
        kwargs: dict[str, Any] = {"file": image} if image is not None else {}
        message = await channel.send(text, **kwargs)
        await bot.leagues.set_message(league.id, "standings", message.id)
    else:
        partial = channel.get_partial_message(league.standings_message_id)
        try:
            await partial.edit(content=text, attachments=[image] if image is not None else [])
        except discord.NotFound:  # deleted by someone: post it again (edited from then on)
            image = await standings_file(snap, f"league-{league.id}-standings.png")
            kwargs = {"file": image} if image is not None else {}
            message = await channel.send(text, **kwargs)
            await bot.leagues.set_message(league.id, "standings", message.id)
    await bot.leagues.set_standings_digest(league.id, digest)


# --- rounds and matches --------------------------------------------------------------------------


def thread_name(league: League, match: Match, players: tuple[Player, ...]) -> str:
    """ "Spring R2 #14: Ann vs Bob": the match id makes it unique (managers adjudicate by it)."""
    names = " vs ".join(p.name for p in players)
    return f"{league.name} R{match.round} #{match.id}: {names}"[:100]


def _thread_maker(bot: BoardBot) -> Any:
    active: list[dict[str, Any]] | None = None  # the server's active threads, read once

    async def create_thread(league: League, match: Match, players: tuple[Player, ...]) -> int:
        nonlocal active
        name = thread_name(league, match, players)
        if active is None:
            try:
                listing = await bot.http.get_active_threads(league.guild_id)
                active = [dict(t) for t in listing.get("threads", [])]
            except discord.HTTPException as error:
                log.info("league %d: cannot list the active threads: %s", league.id, error)
                active = []
        for known in active:  # created just before a crash, before its id was recorded
            if str(known.get("parent_id")) == str(league.channel_id) and known.get("name") == name:
                return int(known["id"])
        thread = await bot.http.start_thread_without_message(
            league.channel_id,
            name=name,
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


def round_head(snap: Snapshot, number: int, deadline: float) -> str:
    """The first words of a round's announcement (how it is found again after a crash)."""
    return (
        f"**{_escape(snap.league.name)}**: round {number} of {snap.league.rounds} is open; "
        f"deadline {when(deadline, 'f')}"
    )


async def announce_round(bot: BoardBot, league_id: int) -> None:
    """Once per round, recorded after the post: a post made just before a crash, before it was
    recorded, is found among the channel's last messages instead of being posted again."""
    snap = await bot.leagues.snapshot(league_id)
    current = snap.current_round
    if snap.league.status != "running" or current is None or current.announced_at is not None:
        return
    matches = [m for m in snap.matches if m.round == current.number]
    if any(m.ranking is None and m.thread_id is None for m in matches):
        return  # a thread is still missing: announce when every match has its place
    if current.number == 1:  # sign-up is over: the card loses its buttons (again after a crash)
        await close_signup(bot, league_id)
    head = round_head(snap, current.number, current.deadline)
    found = await find_posted(bot, snap.league.channel_id, lambda m: m.content.startswith(head))
    if found is None:
        intro = (
            f"{head} ({when(current.deadline)}). Each match is played in its own thread, "
            "linked below; a match still running at the deadline ends there, and whoever must "
            "decide then forfeits."
        )
        lines = [_match_line(snap, m) for m in matches]
        text = fit(intro, lines, "`/league show` lists every match.")
        await bot.get_partial_messageable(snap.league.channel_id).send(text)
    await bot.leagues.mark_announced(league_id, current.number)


def fit(head: str, lines: list[str], more: str, limit: int = flow.MAX_CONTENT) -> str:
    """``head`` and as many whole ``lines`` as fit in one message; if some are left out, a last
    line says how many and where to see them (``more``)."""
    out = head
    for index, line in enumerate(lines):
        left = len(lines) - index - 1  # after this line: room for saying so must remain
        tail = f"\n… and {left} more; {more}" if left else ""
        if len(out) + 1 + len(line) + len(tail) > limit:
            return flow.clip(f"{out}\n… and {len(lines) - index} more; {more}", limit)
        out += "\n" + line
    return flow.clip(out, limit)


def _ranking_text(snap: Snapshot, match: Match) -> str:
    places = []
    for index, tied in enumerate(match.ranking or ()):
        names = " = ".join(_escape(snap.name_of(u)) for u in tied)
        places.append(f"{index + 1}. {names}")
    return ", ".join(places) or "no result"


def _result_note(snap: Snapshot, match: Match) -> str | None:
    """Why a match was decided other than by its game's own end (shown in its thread)."""
    if match.source == "adjudicated":
        return (
            f"A league manager set this match's result: {_ranking_text(snap, match)}. "
            f"Reason: {_escape(match.reason or '')}"
        )
    if match.source == "deadline":
        # The stored reason names players as written: shown as text, never as a mention.
        return f"League result: {_ranking_text(snap, match)} ({_escape(match.reason or '')})."
    return None


def _leaver_note(snap: Snapshot, table: Table) -> str | None:
    """The thread's note for a table ended because a player left the league (or was removed)."""
    if table.resigned_seat is None or not 0 <= table.resigned_seat < len(table.players):
        return None
    user = table.players[table.resigned_seat].user_id
    member = next((m for m in snap.members if m.user_id == user), None)
    if member is None or member.left_at is None:
        return None
    name = _escape(member.name)
    how = "was removed from" if member.left_reason == "kicked" else "left"
    return f"{name} {how} {_escape(snap.league.name)}: this match counts as their resignation."


async def _end_tables(bot: BoardBot, update: LeagueUpdate) -> None:
    """The tables a league change ended get their final result or stop notice, through the
    tables' own recorded path (:func:`flow.show_current`): shown once, also across a crash; a
    note says why (the deadline, a manager's decision, a player leaving). Decisions of matches
    without such a table are explained in the match's thread."""
    if not update.ended_tables and not update.results:
        return
    snap = await bot.leagues.snapshot(update.league.id)
    decided = {m.table_id: m for m in update.results if m.table_id is not None}
    ended = {table.id for table in update.ended_tables}
    for table in update.ended_tables:
        match = decided.get(table.id)
        note = _result_note(snap, match) if match is not None else None
        if table.status == "aborted":
            title = presenters.game_title(table.game)
            note = f"{title} table #{table.id} was aborted (no game result). " + (
                note or "A league manager set this match's result."
            )
        elif note is None:
            note = _leaver_note(snap, table)
        await _show_table(bot, table.id, note)
    for match in update.results:
        if match.thread_id is None or match.table_id in ended:
            continue
        note = _result_note(snap, match)
        if note is not None:
            await bot.get_partial_messageable(match.thread_id).send(flow.clip(note))


async def _show_table(bot: BoardBot, table_id: int, note: str | None) -> None:
    """A match table's current state in its thread; a thread that cannot take it (deleted, no
    permission) holds up neither the other matches nor the standings (the scheduler's catch-up
    retries it or gives it up)."""
    try:
        await flow.show_current(bot, table_id, note=note, recovering=True)
    except discord.HTTPException as error:
        log.warning("table %d: its league thread cannot show it: %s", table_id, error)


def final_head(snap: Snapshot) -> str:
    return f"**{_escape(snap.league.name)}** is over after {len(snap.rounds)} rounds."


async def announce_final(bot: BoardBot, league_id: int) -> None:
    """The champion, once (found again among the channel's last messages after a crash)."""
    snap = await bot.leagues.snapshot(league_id)
    if snap.league.status != "finished" or snap.league.final_posted_at is not None:
        return
    head = final_head(snap)
    filename = f"league-{league_id}-final.png"

    def shows(message: discord.Message) -> bool:  # the file tells this season from a past one
        named = any(a.filename == filename for a in message.attachments)
        return named and message.content.startswith(head)

    if await find_posted(bot, snap.league.channel_id, shows):
        await bot.leagues.mark_final_posted(league_id)
        return
    champion = snap.standings[0] if snap.standings else None
    text = head
    if champion is not None:
        text += (
            f" Champion: <@{champion.user_id}> ({_escape(champion.name)}, "
            f"{_points(champion.points)} points). Congratulations!"
        )
    text = fit(text, standings_lines(snap), "the image shows everyone.")
    image = await standings_file(snap, filename)
    kwargs: dict[str, Any] = {"file": image} if image is not None else {}
    await bot.get_partial_messageable(snap.league.channel_id).send(text, **kwargs)
    await bot.leagues.mark_final_posted(league_id)


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
    if update.league.status == "signup":
        await ensure_signup_card(bot, league_id)
    await _end_tables(bot, update)
    for table in await bot.leagues.open_matches(league_id, _thread_maker(bot)):
        await _show_table(bot, table.id, None)
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

"""Leagues in Discord: the sign-up card and its buttons, match threads, round announcements,
the standings message edited in place, the champion's announcement.

Everything a league shows is derived from the database: :func:`sync_league` asks the use case
to advance, opens what is missing (thread, table, board) and edits the standings message only
when its text changed (the digest of what it shows is kept with the league), so a restart at
any point converges to the current state shown once. Match tables are shown through
:func:`bot.ui.publish.show_current` like every table; the league's own messages (sign-up card,
round announcement, standings, champion) are recorded after they are posted, and one posted
just before a crash is found among the channel's last messages (:func:`find_posted`).
"""

from __future__ import annotations

import contextvars
import hashlib
import io
import logging
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import discord
from babel.units import format_unit

from bot import i18n, presenters
from bot.i18n import C_, Text, _
from bot.leagues import League, LeagueStatus, LeagueUpdate, Match, Snapshot
from bot.leagues.core import reason_text
from bot.service import Player, Table
from bot.stats import Statistics
from bot.storage.tables import TableStatus
from bot.ui.images import render
from bot.ui.interactions import bot_of, player_of
from bot.ui.lang import guild_lang, table_lang, tr
from bot.ui.names import names_of
from bot.ui.persistent import Part, PersistentButton, ops
from bot.ui.publish import show_current
from bot.ui.replies import MAX_CONTENT, clip, edit_message
from renderers.league import render_standings
from renderers.stats import LEAGUE_LABELS

if TYPE_CHECKING:
    from bot.client import BoardBot

log = logging.getLogger(__name__)

FORMAT_NAMES: dict[str, Text] = {"round_robin": _("round robin"), "swiss": _("Swiss")}
SOURCE_NOTES: dict[str, Text] = {
    "deadline": C_("match result", "deadline"),
    "adjudicated": C_("match result", "set by a manager"),
    "forfeit": C_("match result", "forfeit"),
    "void": C_("match result", "no result"),
    "bye": C_("match result", "bye"),
}
PLAYED = C_("match result", "played")
STATUS_NAMES: dict[LeagueStatus, Text] = {
    LeagueStatus.SIGNUP: C_("league status", "signup"),
    LeagueStatus.RUNNING: C_("league status", "running"),
    LeagueStatus.FINISHED: C_("league status", "finished"),
}
#: How far back in the league's channel the bot looks, after a restart, for a message it may
#: have posted just before a crash (before the database recorded it).
LOOKBACK = 50
# Set while a sync publishes: the game-end hook of the tables it ends itself must not recurse.
_SYNCING: contextvars.ContextVar[bool] = contextvars.ContextVar("league_syncing", default=False)


async def league_lang(bot: BoardBot, league: League) -> str:
    """The language of a league's posts: its server's at the time of the post (the one set with
    `/settings language:`, else the server's preferred Discord locale, else English)."""
    guild = bot.get_guild(league.guild_id)
    locale = guild.preferred_locale if guild is not None else None
    return await guild_lang(bot.service, league.guild_id, locale)


def when(at: float, style: str = "R") -> str:
    """A Discord timestamp, shown in each reader's own time zone (and Discord language)."""
    return f"<t:{int(at)}:{style}>"


def days_text(days: int, lang: str) -> str:
    """A round's length the language's way: "7 days", "7일", "7 gün" (babel's units)."""
    if lang == i18n.PSEUDO:  # babel's words are text too: mark them like a catalogue's
        return f"⟦{format_unit(days, 'duration-day', length='long', locale=i18n.DEFAULT)}⟧"
    return format_unit(days, "duration-day", length="long", locale=lang)


def describe(league: League, *, lang: str) -> str:
    """ "Targi, round robin, rounds of 7 days" """
    form = FORMAT_NAMES.get(league.format)
    return tr(
        _(
            "{game}, {format}, rounds of {days}",
            game=presenters.game_title(league.game, lang=lang),
            format=form if form is not None else league.format,
            days=days_text(league.round_days, lang),
        ),
        lang,
    )


def versus(names: list[str], lang: str) -> str:
    """ "Ann vs Bob vs Cat": the players of one match."""
    if not names:
        return ""
    shown = names[0]
    for name in names[1:]:
        shown = tr(C_("match", "{first} vs {second}", first=shown, second=name), lang)
    return shown


def _escape(name: str) -> str:
    return presenters.plain_text(name)


def _points(value: float, lang: str) -> str:
    """League points (halves for shared places) the language's way: "4.5", Turkish "4,5"."""
    return i18n.decimal(value, lang)


# --- sign-up card --------------------------------------------------------------------------------


def signup_content(snap: Snapshot, *, lang: str) -> str:
    league = snap.league
    lines = [
        tr(
            _(
                "**{league}**: a league of {description}.",
                league=_escape(league.name),
                description=describe(league, lang=lang),
            ),
            lang,
        )
    ]
    if league.format == "swiss" and league.rounds:
        lines.append(tr(_("{n} Swiss rounds.", n=league.rounds), lang))
    if league.status == LeagueStatus.SIGNUP:
        last = tr(_("Join below; a server manager starts the season with `/league start`."), lang)
    else:
        last = tr(
            _(
                "Sign-up closed {when}; standings below.",
                when=when(league.started_at or 0, "R"),
            ),
            lang,
        )
    count = len(snap.members)
    head = len(tr(_("Signed up ({n}): {names}.", n=count, names=""), lang))
    room = MAX_CONTENT - sum(len(line) + 1 for line in lines) - len(last) - 1
    names = [_escape(m.name) for m in snap.members]
    shown = names_within(names, room - head, lang=lang)
    nobody = _("nobody yet")
    lines.append(tr(_("Signed up ({n}): {names}.", n=count, names=shown or nobody), lang))
    lines.append(last)
    return clip("\n".join(lines))


def names_within(names: list[str], room: int, *, lang: str) -> str:
    """ "a, b, c" or, when that is longer than ``room``, the first names and "and N more"."""
    text = ", ".join(names)
    if len(text) <= room:
        return text

    def more(shown: list[str], left: int) -> str:
        return tr(_("{names} and {n} more", names=", ".join(shown), n=left), lang)

    out: list[str] = []
    for index, name in enumerate(names):
        left = len(names) - index - 1
        tail = len(more([], left)) if left else 0
        if len(", ".join([*out, name])) + tail > room - 20:
            return more(out, len(names) - len(out))
        out.append(name)
    return text


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
    message = await find_posted(bot, league.channel_id, lambda m: join in _custom_ids(m))
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


async def close_signup(bot: BoardBot, league_id: int, *, lang: str) -> None:
    """The card loses its buttons once the season started."""
    snap = await bot.leagues.snapshot(league_id)
    if snap.league.signup_message_id is None:
        return
    message = bot.get_partial_messageable(snap.league.channel_id).get_partial_message(
        snap.league.signup_message_id
    )
    try:
        await message.edit(content=signup_content(snap, lang=lang), view=None)
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


def round_line(snap: Snapshot, *, lang: str) -> str:
    league = snap.league
    current = snap.current_round
    if league.status == LeagueStatus.SIGNUP:
        return tr(_("Sign-up: {n} players.", n=len(snap.members)), lang)
    if league.status == LeagueStatus.FINISHED or current is None:
        return tr(_("Final standings after {n} rounds.", n=len(snap.rounds)), lang)
    return tr(
        _(
            "Round {n} of {total}; deadline {date} ({relative}).",
            n=current.number,
            total=league.rounds,
            date=when(current.deadline, "f"),
            relative=when(current.deadline),
        ),
        lang,
    )


def standings_lines(snap: Snapshot, *, lang: str) -> list[str]:
    """One line per player, best first."""
    lines = []
    for row in snap.standings:
        values = {
            "rank": row.rank,
            "name": _escape(row.name),
            "points": _points(row.points, lang),
            "played": row.played,
            "wins": row.wins,
            "buchholz": _points(row.buchholz, lang),
        }
        line = (
            _(
                "{rank}. {name} (left): {points} pts, {played} played, {wins} won, opp. {buchholz}",
                **values,
            )
            if row.left
            else _(
                "{rank}. {name}: {points} pts, {played} played, {wins} won, opp. {buchholz}",
                **values,
            )
        )
        lines.append(tr(line, lang))
    return lines


def standings_text(snap: Snapshot, limit: int = MAX_CONTENT, *, lang: str) -> str:
    """The text fallback under the image (and `/league show`): as many lines as fit."""
    head = f"{standings_head(snap.league, lang=lang)}{round_line(snap, lang=lang)}"
    if snap.league.status == LeagueStatus.FINISHED and snap.standings:
        champion = _("Champion: **{name}**.", name=_escape(snap.standings[0].name))
        head += "\n" + tr(champion, lang)
    more = _("the image shows everyone.")
    return fit(head, standings_lines(snap, lang=lang), more, limit, lang=lang)


def standings_data(
    snap: Snapshot, *, lang: str, column: Mapping[int, int] | None = None
) -> dict[str, Any]:
    """What the standings image draws; ``column``: each player's league statistic (user id ->
    value, see :func:`bot.stats.league_statistic`), drawn as one more column."""
    league = snap.league
    current = snap.current_round
    if league.status == LeagueStatus.RUNNING and current is not None:
        stage = _("round {n} of {total}", n=current.number, total=league.rounds)
    elif league.status == LeagueStatus.FINISHED:
        stage = _("final standings after {n} rounds", n=len(snap.rounds))
    else:
        stage = _("sign-up")
    subtitle = _(
        "{description}: {stage}, {n} players",
        description=describe(league, lang=lang),
        stage=stage,
        n=len(snap.members),
    )
    return {
        "title": league.name,
        "subtitle": tr(subtitle, lang),
        "champion": snap.standings[0].name
        if league.status == LeagueStatus.FINISHED and snap.standings
        else None,
        "rows": [
            {
                "rank": r.rank,
                "name": r.name,
                "points": r.points,
                "played": r.played,
                "wins": r.wins,
                "buchholz": r.buchholz,
                "note": tr(C_("standings", "left"), lang) if r.left else "",
                **({} if column is None else {"stat": column.get(r.user_id, 0)}),
            }
            for r in snap.standings
        ],
        **({} if column is None else {"stat": LEAGUE_LABELS[league.game]}),
    }


async def standings_file(
    snap: Snapshot,
    filename: str,
    lang: str = i18n.DEFAULT,
    statistics: Statistics | None = None,
) -> discord.File | None:
    """The standings image; with ``statistics``, the league's statistic column too."""
    try:
        column = None
        if statistics is not None:
            tables = [m.table_id for m in snap.matches if m.table_id is not None]
            column = await statistics.league_column(snap.league.game, tables)
        data = await render(render_standings, standings_data(snap, lang=lang, column=column), lang)
    except Exception:
        log.exception("league %s: drawing the standings failed", snap.league.id)
        return None
    return discord.File(io.BytesIO(data), filename)


def standings_head(league: League, *, lang: str) -> str:
    """The first words of the standings message (how it is found again after a crash)."""
    head = _(
        "**{league}** ({description}). ",
        league=_escape(league.name),
        description=describe(league, lang=lang),
    )
    return tr(head, lang)


async def refresh_standings(bot: BoardBot, league_id: int, *, lang: str) -> None:
    """Post the standings message once, then edit it in place whenever what it shows changes
    (also when the server's language changed)."""
    snap = await bot.leagues.snapshot(league_id)
    league = snap.league
    if league.status == LeagueStatus.SIGNUP:
        return
    text = standings_text(snap, lang=lang)
    digest = hashlib.sha256(text.encode()).hexdigest()
    if league.standings_message_id is not None and digest == league.standings_digest:
        return
    channel = bot.get_partial_messageable(league.channel_id)
    if league.standings_message_id is None:
        filename = f"league-{league.id}-standings.png"
        head = standings_head(league, lang=lang)

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
    image = await standings_file(snap, f"league-{league.id}-standings.png", lang, bot.statistics)
    if league.standings_message_id is None:
        kwargs: dict[str, Any] = {"file": image} if image is not None else {}
        message = await channel.send(text, **kwargs)
        await bot.leagues.set_message(league.id, "standings", message.id)
    else:
        partial = channel.get_partial_message(league.standings_message_id)
        try:
            await partial.edit(content=text, attachments=[image] if image is not None else [])
        except discord.NotFound:  # deleted by someone: post it again (edited from then on)
            image = await standings_file(
                snap, f"league-{league.id}-standings.png", lang, bot.statistics
            )
            kwargs = {"file": image} if image is not None else {}
            message = await channel.send(text, **kwargs)
            await bot.leagues.set_message(league.id, "standings", message.id)
    await bot.leagues.set_standings_digest(league.id, digest)


# --- rounds and matches --------------------------------------------------------------------------


def thread_name(
    league: League, match: Match, players: tuple[Player, ...], lang: str = i18n.DEFAULT
) -> str:
    """ "Spring R2 #14: Ann vs Bob": the match id makes it unique (managers adjudicate by it)."""
    name = _(
        "{league} R{round} #{match}: {players}",
        league=league.name,
        round=match.round,
        match=match.id,
        players=versus([p.name for p in players], lang),
    )
    return tr(name, lang)[:100]


def _thread_maker(bot: BoardBot, lang: str) -> Any:
    active: list[dict[str, Any]] | None = None  # the server's active threads, read once

    async def create_thread(league: League, match: Match, players: tuple[Player, ...]) -> int:
        nonlocal active
        name = thread_name(league, match, players, lang)
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


def _match_line(snap: Snapshot, match: Match, *, lang: str) -> str:
    names = versus([_escape(snap.name_of(u)) for u in match.players], lang)
    if match.source == "bye":
        return tr(
            _("- {names}: bye ({points} points)", names=names, points=_points(3.0, lang)), lang
        )
    if match.thread_id is not None and match.ranking is None:
        return f"- {names}: <#{match.thread_id}>"
    if match.ranking is not None:
        note = SOURCE_NOTES.get(match.source or "", PLAYED)
        return tr(_("- {names}: {result}", names=names, result=note), lang)
    return f"- {names}"


def round_head(snap: Snapshot, number: int, deadline: float, *, lang: str) -> str:
    """The first words of a round's announcement (how it is found again after a crash)."""
    head = _(
        "**{league}**: round {n} of {total} is open; deadline {date}",
        league=_escape(snap.league.name),
        n=number,
        total=snap.league.rounds,
        date=when(deadline, "f"),
    )
    return tr(head, lang)


async def announce_round(bot: BoardBot, league_id: int, *, lang: str) -> None:
    """Once per round, recorded after the post: a post made just before a crash, before it was
    recorded, is found among the channel's last messages instead of being posted again."""
    snap = await bot.leagues.snapshot(league_id)
    current = snap.current_round
    if (
        snap.league.status != LeagueStatus.RUNNING
        or current is None
        or current.announced_at is not None
    ):
        return
    matches = [m for m in snap.matches if m.round == current.number]
    if any(m.ranking is None and m.thread_id is None for m in matches):
        return  # a thread is still missing: announce when every match has its place
    if current.number == 1:  # sign-up is over: the card loses its buttons (again after a crash)
        await close_signup(bot, league_id, lang=lang)
    head = round_head(snap, current.number, current.deadline, lang=lang)
    found = await find_posted(bot, snap.league.channel_id, lambda m: m.content.startswith(head))
    if found is None:
        intro = _(
            "{head} ({relative}). Each match is played in its own thread, linked below; a match "
            "still running at the deadline ends there, and whoever must decide then forfeits.",
            head=head,
            relative=when(current.deadline),
        )
        lines = [_match_line(snap, m, lang=lang) for m in matches]
        more = _("`/league show` lists every match.")
        text = fit(tr(intro, lang), lines, more, lang=lang)
        await bot.get_partial_messageable(snap.league.channel_id).send(text)
    await bot.leagues.mark_announced(league_id, current.number)


def fit(
    head: str,
    lines: list[str],
    more: Text | str,
    limit: int = MAX_CONTENT,
    *,
    lang: str,
) -> str:
    """``head`` and as many whole ``lines`` as fit in one message; if some are left out, a last
    line says how many and where to see them (``more``)."""

    def left_out(count: int) -> str:
        return tr(_("… and {n} more; {more}", n=count, more=more), lang)

    out = head
    for index, line in enumerate(lines):
        left = len(lines) - index - 1  # after this line: room for saying so must remain
        tail = "\n" + left_out(left) if left else ""
        if len(out) + 1 + len(line) + len(tail) > limit:
            return clip(f"{out}\n{left_out(len(lines) - index)}", limit)
        out += "\n" + line
    return clip(out, limit)


def _ranking_text(snap: Snapshot, match: Match) -> Text | str:
    places = []
    for index, tied in enumerate(match.ranking or ()):
        names = " = ".join(_escape(snap.name_of(u)) for u in tied)
        places.append(f"{index + 1}. {names}")
    return ", ".join(places) or SOURCE_NOTES["void"]


def _result_note(snap: Snapshot, match: Match) -> Text | None:
    """Why a match was decided other than by its game's own end (shown in its thread)."""
    if match.source == "adjudicated":
        return _(
            "A league manager set this match's result: {ranking}. Reason: {reason}",
            ranking=_ranking_text(snap, match),
            reason=_escape(match.reason or ""),
        )
    if match.source == "deadline":
        # The stored reason names players as written: shown as text, never as a mention.
        reason = reason_text(match.reason)
        return _(
            "League result: {ranking} ({reason}).",
            ranking=_ranking_text(snap, match),
            reason=_escape(reason) if isinstance(reason, str) else _escaped(reason),
        )
    return None


def _escaped(text: Text) -> Text:
    """``text`` with its parameters (names as the players wrote them) shown literally."""
    params = tuple((key, _escape(str(value))) for key, value in text.params)
    return Text(text.msgid, params, text.plural, text.count, text.context)


def _leaver_note(snap: Snapshot, table: Table) -> Text | None:
    """The thread's note for a table ended because a player left the league (or was removed)."""
    if table.resigned_seat is None or not 0 <= table.resigned_seat < len(table.players):
        return None
    user = table.players[table.resigned_seat].user_id
    member = next((m for m in snap.members if m.user_id == user), None)
    if member is None or member.left_at is None:
        return None
    name = _escape(member.name)
    league = _escape(snap.league.name)
    if member.left_reason == "kicked":
        return _(
            "{name} was removed from {league}: this match counts as their resignation.",
            name=name,
            league=league,
        )
    return _(
        "{name} left {league}: this match counts as their resignation.", name=name, league=league
    )


async def _handover_note(bot: BoardBot, snap: Snapshot, table: Table) -> Text | None:
    """The thread's note for a table where an AI took over the seat of a player who left the
    league (or was removed), in the table's language; None if nobody there left."""
    leavers = {m.user_id: m for m in snap.members if m.left_at is not None}
    handed = [row for row in await bot.service.replaced_seats(table.id) if row[1] in leavers]
    if not handed:
        return None
    seat, user, _name, _reason = handed[-1]
    member = leavers[user]
    ai = names_of(table, lang=table_lang(table))[seat]
    params = {"name": _escape(member.name), "league": _escape(snap.league.name), "ai": ai}
    if member.left_reason == "kicked":
        return _(
            "{name} was removed from {league}; {ai} plays on in their seat. The game stays "
            "rated for the others, with {name} last.",
            **params,
        )
    return _(
        "{name} left {league}; {ai} plays on in their seat. The game stays rated for the "
        "others, with {name} last.",
        **params,
    )


async def _end_tables(bot: BoardBot, update: LeagueUpdate, lang: str) -> None:
    """The tables a league change ended get their final result or stop notice, through the
    tables' own recorded path (:func:`show_current`): shown once, also across a crash; a
    note (in the table's language) says why (the deadline, a manager's decision, a player
    leaving). Decisions of matches without such a table are explained in the match's thread
    (in the server's language ``lang``)."""
    if not update.ended_tables and not update.results and not update.replaced_tables:
        return
    snap = await bot.leagues.snapshot(update.league.id)
    for table in update.replaced_tables:  # still running: the board shows the AI's seat
        note = await _handover_note(bot, snap, table)
        await _show_table(bot, table.id, None if note is None else tr(note, table_lang(table)))
    decided = {m.table_id: m for m in update.results if m.table_id is not None}
    ended = {table.id for table in update.ended_tables}
    for table in update.ended_tables:
        match = decided.get(table.id)
        note = _result_note(snap, match) if match is not None else None
        if table.status == TableStatus.ABORTED:
            note = _(
                "{game} table #{table} was aborted (no game result). {note}",
                game=presenters.game_title(table.game, lang=table_lang(table)),
                table=table.id,
                note=note or _("A league manager set this match's result."),
            )
        elif note is None:
            note = _leaver_note(snap, table)
        await _show_table(bot, table.id, None if note is None else tr(note, table_lang(table)))
    for match in update.results:
        if match.thread_id is None or match.table_id in ended:
            continue
        note = _result_note(snap, match)
        if note is not None:
            await bot.get_partial_messageable(match.thread_id).send(clip(tr(note, lang)))


async def _show_table(bot: BoardBot, table_id: int, note: str | None) -> None:
    """A match table's current state in its thread; a thread that cannot take it (deleted, no
    permission) holds up neither the other matches nor the standings (the scheduler's catch-up
    retries it or gives it up)."""
    try:
        await show_current(bot, table_id, note=note, recovering=True)
    except discord.HTTPException as error:
        log.warning("table %d: its league thread cannot show it: %s", table_id, error)


def final_head(snap: Snapshot, *, lang: str) -> str:
    head = _(
        "**{league}** is over after {n} rounds.",
        league=_escape(snap.league.name),
        n=len(snap.rounds),
    )
    return tr(head, lang)


async def announce_final(bot: BoardBot, league_id: int, *, lang: str) -> None:
    """The champion, once (found again among the channel's last messages after a crash)."""
    snap = await bot.leagues.snapshot(league_id)
    if snap.league.status != LeagueStatus.FINISHED or snap.league.final_posted_at is not None:
        return
    head = final_head(snap, lang=lang)
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
        mention = f"<@{champion.user_id}>"
        congratulations = _(
            "{head} Champion: {mention} ({name}, {points} points). Congratulations!",
            head=head,
            mention=mention,
            name=_escape(champion.name),
            points=_points(champion.points, lang),
        )
        text = tr(congratulations, lang)
    text = fit(text, standings_lines(snap, lang=lang), _("the image shows everyone."), lang=lang)
    image = await standings_file(snap, filename, lang, bot.statistics)
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
    lang = await league_lang(bot, update.league)  # the server's, at the time of the post
    if update.league.status == LeagueStatus.SIGNUP:
        await ensure_signup_card(bot, league_id)
    await _end_tables(bot, update, lang)
    opened = await bot.leagues.open_matches(league_id, _thread_maker(bot, lang), language=lang)
    for table in opened:
        await _show_table(bot, table.id, None)
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

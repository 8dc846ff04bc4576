"""A round's posts: its match threads (named so they are found again), the round's
announcement with its matches, and the champion's announcement at the season's end."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot import i18n
from bot.i18n import _
from bot.leagues import League, LeagueStatus, Match, Snapshot
from bot.service import Player
from bot.ui.lang import tr
from bot.ui.leagues.channel import find_posted
from bot.ui.leagues.signup import close_signup
from bot.ui.leagues.standings import standings_file, standings_lines
from bot.ui.leagues.words import PLAYED, SOURCE_NOTES, escape, fit, points, versus, when

if TYPE_CHECKING:
    from bot.client import BoardBot

log = logging.getLogger(__name__)


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


def thread_maker(bot: BoardBot, lang: str) -> Any:
    """The match threads' maker for :meth:`~bot.leagues.LeagueService.open_matches`: a thread
    created just before a crash is found among the server's active threads by its name."""
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


def match_line(snap: Snapshot, match: Match, *, lang: str) -> str:
    """ "- Ann vs Bob: #thread" or the match's result, in a round's list."""
    names = versus([escape(snap.name_of(u)) for u in match.players], lang)
    if match.source == "bye":
        return tr(
            _("- {names}: bye ({points} points)", names=names, points=points(3.0, lang)), lang
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
        league=escape(snap.league.name),
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
        lines = [match_line(snap, m, lang=lang) for m in matches]
        more = _("`/league show` lists every match.")
        text = fit(tr(intro, lang), lines, more, lang=lang)
        await bot.get_partial_messageable(snap.league.channel_id).send(text)
    await bot.leagues.mark_announced(league_id, current.number)


def final_head(snap: Snapshot, *, lang: str) -> str:
    head = _(
        "**{league}** is over after {n} rounds.",
        league=escape(snap.league.name),
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
            name=escape(champion.name),
            points=points(champion.points, lang),
        )
        text = tr(congratulations, lang)
    text = fit(text, standings_lines(snap, lang=lang), _("the image shows everyone."), lang=lang)
    image = await standings_file(snap, filename, lang, bot.statistics)
    kwargs: dict[str, Any] = {"file": image} if image is not None else {}
    await bot.get_partial_messageable(snap.league.channel_id).send(text, **kwargs)
    await bot.leagues.mark_final_posted(league_id)

"""The standings: one line per player, the text under the image (and `/league show`), the
image's data and file, and the message posted once and then edited in place."""

from __future__ import annotations

import hashlib
import io
import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord

from bot import i18n
from bot.i18n import C_, _
from bot.leagues import League, LeagueStatus, Snapshot
from bot.stats import Statistics
from bot.ui.images import render
from bot.ui.lang import tr
from bot.ui.leagues.channel import find_posted
from bot.ui.leagues.words import describe, escape, fit, points, when
from bot.ui.replies import MAX_CONTENT
from renderers.league import render_standings
from renderers.stats import LEAGUE_LABELS

if TYPE_CHECKING:
    from bot.client import BoardBot

log = logging.getLogger(__name__)


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
            "name": escape(row.name),
            "points": points(row.points, lang),
            "played": row.played,
            "wins": row.wins,
            "buchholz": points(row.buchholz, lang),
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
        champion = _("Champion: **{name}**.", name=escape(snap.standings[0].name))
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
        league=escape(league.name),
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

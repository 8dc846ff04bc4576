"""The sign-up card's text, and the card closed once the season started. (Its Join and Leave
buttons change the league, so they live with the publishing they call, in
:mod:`bot.ui.leagues.sync`.)"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.i18n import _
from bot.leagues import LeagueStatus, Snapshot
from bot.ui.lang import tr
from bot.ui.leagues.words import describe, escape, when
from bot.ui.replies import MAX_CONTENT, clip

if TYPE_CHECKING:
    from bot.client import BoardBot

log = logging.getLogger(__name__)


def signup_content(snap: Snapshot, *, lang: str) -> str:
    league = snap.league
    lines = [
        tr(
            _(
                "**{league}**: a league of {description}.",
                league=escape(league.name),
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
    names = [escape(m.name) for m in snap.members]
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

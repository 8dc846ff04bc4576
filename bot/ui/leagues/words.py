"""The words every league post shares: format and status names, a match's players, Discord
dates, round lengths, points, and :func:`fit` (lines within one message)."""

from __future__ import annotations

from babel.units import format_unit

from bot import i18n, presenters
from bot.i18n import C_, Text, _
from bot.leagues import League, LeagueStatus
from bot.ui.lang import tr
from bot.ui.replies import MAX_CONTENT, clip

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


def escape(name: str) -> str:
    """A name as typed, shown literally (no formatting, no mention)."""
    return presenters.plain_text(name)


def points(value: float, lang: str) -> str:
    """League points (halves for shared places) the language's way: "4.5", Turkish "4,5"."""
    return i18n.decimal(value, lang)


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

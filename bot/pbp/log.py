"""What play-by-post needs to know per game: the safe default decision for an expired timer,
whether an action may be taken back, and the readable log of a game.

Everything here reads engine states through the public contract (``legal_actions``, ``view``)
and each title's play-by-post facts (``bot.titles.PbpFacts``); a title's take-back rule
inspects the two states around one action to decide whether it revealed anything new.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot import titles
from bot.games.contract import GameEngine
from bot.i18n import C_, Text, _, render
from bot.presenters import capitalized, event_text, name_seats

__all__ = [
    "LogEntry",
    "LoggedMove",
    "action_is_public",
    "log_entries",
    "log_entry",
    "name_seats",
    "round_decisions",
    "setup_entry",
    "skip_action",
    "takeback_refusal",
]


def skip_action(game: str, legal: Sequence[str]) -> str | None:
    """The decision taken for a player whose timer expired: the first of the title's
    ``skip_preferences`` that is legal, otherwise the first legal action (legal_actions is
    sorted, so the choice is deterministic); None if nothing is legal."""
    title = titles.title(game)
    for preferred in title.pbp.skip_preferences if title is not None else ():
        if preferred in legal:
            return preferred
    return legal[0] if legal else None


def round_decisions(game: str) -> int:
    """Decisions one player takes in one round when nobody really plays (the timer skips them
    all). Used to abandon a table nobody plays any more (see bot.scheduler.ABANDON_ROUNDS)."""
    title = titles.title(game)
    return title.pbp.round_decisions if title is not None else 2


def takeback_refusal(game: str, before: Any, after: Any, seat: int) -> Text | None:
    """Why the action ``seat`` took from ``before`` to ``after`` cannot be taken back (it
    revealed something nobody knew before), or None when undoing it is fair: the title's
    ``takeback`` rule; a title without one offers no take-backs."""
    title = titles.title(game)
    if title is None or title.pbp.takeback is None:
        return _("take-backs are not available for this game")
    return title.pbp.takeback(before, after, seat)


#: One logged action as its log entry needs it: the seat, the notation, the public view's events.
LoggedMove = tuple[int, str, tuple[Mapping[str, Any], ...]]


@dataclass(frozen=True)
class LogEntry:
    """One logged action in readable text: ``number`` counts from 1 (0 is the deal)."""

    number: int
    seat: int | None
    player: str | None
    lines: tuple[str, ...]
    lang: str

    def text(self) -> str:
        if self.lines:
            body = self.lines[0]
            for line in self.lines[1:]:  # Korean writes sentences, not "…어요; …"
                body = str(render(C_("log", "{first}; {then}", first=body, then=line), self.lang))
        else:
            body = str(render(_("{player} moves", player=self.player), self.lang))
        if self.number == 0:
            return str(render(_("Setup {log}", log=body), self.lang))
        return f"{self.number}. {body}"


def action_is_public(game: str, action: str) -> bool:
    """Whether the action's notation itself may be shown to everyone (the title's
    ``public_action``; never for a game without a title)."""
    title = titles.title(game)
    return title is not None and title.pbp.public_action(action)


def _line(game: str, event: dict[str, Any], names: Sequence[str], lang: str) -> str:
    return capitalized(name_seats(str(render(event_text(game, event), lang)), names), lang)


def log_entries(
    game: GameEngine,
    states: Sequence[Any],
    actions: Sequence[tuple[int, str]],
    names: Sequence[str],
    *,
    lang: str,
) -> list[LogEntry]:
    """The readable log of a game from its replayed states (``states[i]`` after ``i`` actions,
    ``actions[i]`` the seat and notation of action ``i``).

    The text is the public view's ``events``; when they do not start with the actor, the
    action's notation comes first if :func:`action_is_public` allows it. No seat's private view
    is ever read. The sentences are in ``lang``.
    """
    entries = []
    setup = setup_entry(game.NAME, game.view(states[0], None)["events"], names, lang)
    if setup is not None:
        entries.append(setup)
    for index, (seat, action) in enumerate(actions):
        events: list[dict[str, Any]] = game.view(states[index + 1], None)["events"]
        entries.append(log_entry(game.NAME, index + 1, seat, action, events, names, lang))
    return entries


def setup_entry(
    game: str, events: Sequence[Mapping[str, Any]], names: Sequence[str], lang: str
) -> LogEntry | None:
    """Log entry 0, the deal: the public view's ``events`` before any action (None if none)."""
    if not events:
        return None
    return LogEntry(0, None, None, tuple(_line(game, dict(e), names, lang) for e in events), lang)


def log_entry(
    game: str,
    number: int,
    seat: int,
    action: str,
    events: Sequence[Mapping[str, Any]],
    names: Sequence[str],
    lang: str,
) -> LogEntry:
    """Log entry ``number`` (from 1): ``seat`` played ``action``, and the public view after it
    reported ``events``. Only the public view's events, and the notation where
    :func:`action_is_public` allows it."""
    lines = tuple(_line(game, dict(e), names, lang) for e in events)
    player = names[seat] if seat < len(names) else str(render(_("seat {n}", n=seat), lang))
    # Name the actor when no event does (Targi's "use B3" may only report the new card); the
    # notation as code, as every text shows what a player types (in any language).
    if not (lines and lines[0].startswith(player)) and action_is_public(game, action):
        lines = (f"{player}: `{action}`", *lines)
    return LogEntry(number, seat, player, lines, lang)

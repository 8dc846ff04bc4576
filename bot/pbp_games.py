"""What play-by-post needs to know per game: the safe default decision for an expired timer,
whether an action may be taken back, and the readable log of a game.

Everything here reads engine states through the public contract (``legal_actions``, ``view``)
except :func:`takeback_refusal`, which inspects the two states around one action to decide
whether that action revealed anything new (see the per-game rules there).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from bot.i18n import Text, _, render
from bot.presenters import capitalized, event_text, name_seats

__all__ = [
    "ROUND_DECISIONS",
    "SKIP_PREFERENCES",
    "LogEntry",
    "action_is_public",
    "log_entries",
    "log_entry",
    "name_seats",
    "skip_action",
    "takeback_refusal",
]

# The safest default decision when a turn timer runs out with the "skip" consequence: the first
# of these actions that is legal, otherwise the first legal action (legal_actions is sorted, so
# the choice is deterministic). Tigris: commit no support, build no monument, pass the action.
# Targi: end the action phase / stop trading (done), discard a tribe card rather than pay for it,
# keep the display as it is.
SKIP_PREFERENCES: dict[str, tuple[str, ...]] = {
    "tigris": ("support 0", "monument none", "pass"),
    "targi": ("done", "discard", "keep"),
}


# Decisions one player takes in one round when nobody really plays (the timer skips them all):
# Tigris two actions per turn; Targi three placements and ending the action phase. Used to
# abandon a table nobody plays any more (see bot.scheduler.ABANDON_ROUNDS).
ROUND_DECISIONS: dict[str, int] = {"tigris": 2, "targi": 4}


def skip_action(game: str, legal: Sequence[str]) -> str | None:
    """The decision taken for a player whose timer expired; None if nothing is legal."""
    for preferred in SKIP_PREFERENCES.get(game, ()):
        if preferred in legal:
            return preferred
    return legal[0] if legal else None


def takeback_refusal(game: str, before: Any, after: Any, seat: int) -> Text | None:
    """Why the action ``seat`` took from ``before`` to ``after`` cannot be taken back (it
    revealed something nobody knew before), or None when undoing it is fair.

    - Tigris: refused if tiles were drawn from the bag (end of turn, swap), if the action
      committed conflict support (tiles revealed from the hand), or if another player's hand
      changed.
    - Targi: refused if a tribe or goods card was drawn (deck sizes, a reshuffle), if a
      face-down centre card was turned up, if another player's hand changed, or if the actor's
      secret hand card left their hand (shown by displaying or discarding it).
    - Any other game: take-backs are not offered.
    """
    if game == "tigris":
        if after.drawn != before.drawn:
            return _("tiles were drawn from the bag")
        if before.pending is not None and before.pending.kind == "support":
            return _("support tiles were revealed")
        if any(after.hands[s] != before.hands[s] for s in range(before.seats) if s != seat):
            return _("another player's tiles changed")
        return None
    if game == "targi":
        if (
            len(after.tribe_deck) != len(before.tribe_deck)
            or len(after.goods_deck) != len(before.goods_deck)
            or after.shuffles != before.shuffles
        ):
            return _("a card was drawn")
        if any(b and not a for b, a in zip(before.face_down, after.face_down, strict=True)):
            return _("a face-down card was turned up")
        for s, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
            if s != seat and old.hand != new.hand:
                return _("another player's hand changed")
        own_before = before.players[seat].hand
        hidden = not before.options.get("hand_public", False)
        if hidden and own_before is not None and after.players[seat].hand != own_before:
            return _("your hand card was revealed")
        return None
    return _("take-backs are not available for this game")


@dataclass(frozen=True)
class LogEntry:
    """One logged action in readable text: ``number`` counts from 1 (0 is the deal)."""

    number: int
    seat: int | None
    player: str | None
    lines: tuple[str, ...]
    lang: str

    def text(self) -> str:
        body = (
            "; ".join(self.lines)
            if self.lines
            else str(render(_("{player} moves", player=self.player), self.lang))
        )
        if self.number == 0:
            return str(render(_("Setup {log}", log=body), self.lang))
        return f"{self.number}. {body}"


def action_is_public(game: str, action: str) -> bool:
    """Whether the action's notation itself may be shown to everyone: every Targi action is
    public; a Tigris swap names the discarded tiles, which are secret."""
    if game == "tigris":
        return not action.startswith("swap")
    return game == "targi"


def _line(game: str, event: dict[str, Any], names: Sequence[str], lang: str) -> str:
    return capitalized(name_seats(str(render(event_text(game, event), lang)), names), lang)


def log_entries(
    game: ModuleType,
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
    first: list[dict[str, Any]] = game.view(states[0], None)["events"]
    if first:
        lines = tuple(_line(game.NAME, e, names, lang) for e in first)
        entries.append(LogEntry(0, None, None, lines, lang))
    for index, (seat, action) in enumerate(actions):
        events: list[dict[str, Any]] = game.view(states[index + 1], None)["events"]
        entries.append(log_entry(game.NAME, index + 1, seat, action, events, names, lang))
    return entries


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
    # Name the actor when no event does (Targi's "use B3" may only report the new card).
    if not (lines and lines[0].startswith(player)) and action_is_public(game, action):
        lines = (f"{player}: {action}", *lines)
    return LogEntry(number, seat, player, lines, lang)

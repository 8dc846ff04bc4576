"""Take-away: a game that exists only in the tests and plugs into the bot whole.

Its engine (``engine``), images (``images``), AI (``ai``) and this module's texts and entry are
its own files; :data:`TITLE` is all the bot learns of it, by one call:
``bot.titles.register(TITLE)`` (made inside the tests that play it, so the scans of the shipped
games' catalogues never see its English-only texts).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import Text, _
from bot.titles import PbpFacts, Title

Params = Mapping[str, Any]


def _event(key: str, p: Params) -> Text | None:
    if key == "takes":
        return _("{player} takes {n}", player=p["player"], n=p["n"])
    if key == "passes":
        return _("{player} passes", player=p["player"])
    return None


def _refusal(key: str, p: Params) -> Text | None:
    if key == "cannot":
        return _("you cannot {action} now", action=p["action"])
    return None


def _label(words: list[str]) -> Text | None:
    if words[0] == "take" and len(words) == 2:
        return _("Take {n} from the pile", n=words[1])
    return _("Pass") if words == ["pass"] else None


def _pending(pending: Params, names: Sequence[str]) -> Text | None:
    return None


def _takeback(before: Any, after: Any, seat: int) -> Text | None:
    """Playing a card shows it: no take-backs once a card is played."""
    return _("your card was shown") if before.hands[seat] != after.hands[seat] else None


TITLE = Title(
    name="takeaway",
    engine="tests.plugin_game.engine",
    printed_name="Take-away",
    game_id="takeaway",
    images="tests.plugin_game.images",
    ai="tests.plugin_game.ai",
    labels="tests.plugin_game",
    rules=_("**Take-away** (2 players): play a card, take that many; the last counter wins."),
    events=_event,
    refusals=_refusal,
    pending=_pending,
    pbp=PbpFacts(
        skip_preferences=("pass",),
        round_decisions=1,
        takeback=_takeback,
        public_action=lambda action: True,
    ),
    league_statistic=("taken",),
    turn_key="pile",
)

#: The labels module's entry point (``Title.labels`` names this module).
label = _label

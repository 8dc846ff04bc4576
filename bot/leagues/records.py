"""What the league use cases share: the rows' names, the limits, a change's and a snapshot's
records, the refusal, and the reasons the bot gives a match it decides itself."""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from bot.ai.seats import is_ai as is_ai_user
from bot.games import get_game
from bot.i18n import Text, _
from bot.leagues import pairing
from bot.leagues.standings import MatchScore, StandingRow
from bot.presenters import plain_text
from bot.service import Player, ServiceError, Table
from bot.storage.leagues import LeagueRow, LeagueStatus, MatchRow, MemberRow, RoundRow
from bot.storage.pbp import PbpOptions

__all__ = [
    "DAY",
    "DECIDED_REASONS",
    "FORMATS",
    "MAX_MEMBERS",
    "NAME_LENGTH",
    "REASON_LENGTH",
    "ROUND_DAYS",
    "SWISS_ROUNDS",
    "Decision",
    "League",
    "LeagueError",
    "LeagueStatus",
    "LeagueUpdate",
    "Match",
    "Member",
    "RatingSource",
    "Round",
    "Snapshot",
    "ThreadMaker",
    "equal_ratings",
    "is_ai",
    "match_score",
    "pairs_only",
    "reason_text",
    "schedule_json",
    "shown",
    "table_timing",
]

League = LeagueRow
Match = MatchRow
Member = MemberRow
Round = RoundRow
Ranking = tuple[tuple[int, ...], ...]
#: A match's result as decided: places (best first), who forfeited, its source and its reason.
Decision = tuple[Ranking, tuple[int, ...], str, str | None]
RatingSource = Callable[[int | None, str, Sequence[int]], Awaitable[dict[int, float]]]
ThreadMaker = Callable[[LeagueRow, MatchRow, tuple[Player, ...]], Awaitable[int]]

DAY = 86400.0
HOUR = 3600.0
FORMATS = ("round_robin", "swiss")
ROUND_DAYS = (1, 30)
SWISS_ROUNDS = (1, 30)
MAX_MEMBERS = 64
NAME_LENGTH = 40
REASON_LENGTH = 200


class LeagueError(ServiceError):
    """A league request the bot refuses; the message says why."""


async def equal_ratings(
    guild_id: int | None, game: str, user_ids: Sequence[int]
) -> dict[int, float]:
    """The default rating source: everyone equal."""
    return {user: 0.0 for user in user_ids}


def table_timing(round_days: int) -> PbpOptions:
    """A match table's play-by-post timing, from the round length: turn timer a seventh of the
    round (1 to 48 hours), reminders every fourteenth (1 to 24 hours), timer ``skip``, warning 4
    hours before (a quarter of a shorter timer)."""
    length = round_days * DAY
    timer = min(max(length / 7, HOUR), 48 * HOUR)
    reminder = min(max(length / 14, HOUR), 24 * HOUR)
    return PbpOptions(reminder, timer, "skip", min(4 * HOUR, timer / 4), None, None)


@dataclass(frozen=True)
class LeagueUpdate:
    """What one :meth:`LeagueService.advance` (or leave, kick, adjudicate) changed."""

    league: LeagueRow
    results: tuple[MatchRow, ...] = ()
    ended_tables: tuple[Table, ...] = ()  # tables the league ended (deadline, leaving)
    opened_round: int | None = None
    finished: bool = False
    replaced_tables: tuple[Table, ...] = ()  # running T&E tables where an AI took a leaver's seat

    @property
    def changed(self) -> bool:
        return bool(
            self.results
            or self.ended_tables
            or self.opened_round
            or self.finished
            or self.replaced_tables
        )


@dataclass(frozen=True)
class Snapshot:
    """Everything `/league show` and the standings need."""

    league: LeagueRow
    members: tuple[MemberRow, ...]
    rounds: tuple[RoundRow, ...]
    matches: tuple[MatchRow, ...]
    standings: tuple[StandingRow, ...]

    def name_of(self, user_id: int) -> str:
        return next((m.name for m in self.members if m.user_id == user_id), str(user_id))

    @property
    def current_round(self) -> RoundRow | None:
        return self.rounds[-1] if self.rounds else None


def match_score(match: MatchRow) -> MatchScore | None:
    if match.ranking is None:
        return None
    return MatchScore(
        match.players, match.ranking, match.source == "bye", frozenset(match.forfeited)
    )


#: The reasons the bot gives a match it decides itself. The database keeps them in English (as
#: before languages); :func:`reason_text` reads one back as a text to show in any language.
DECIDED_REASONS = (  # the ones without names first: "every player had left the league"
    _("every player had left the league"),
    _("the table was aborted without a result"),
    _("the match never started before the deadline"),
    _("{names} left the league"),
    _("the round's deadline passed while {names} had to decide"),
)


def _reason_pattern(msgid: str) -> re.Pattern[str]:
    return re.compile(re.escape(msgid).replace(re.escape("{names}"), "(?P<names>.+)"))


_REASON_PATTERNS = tuple((text.msgid, _reason_pattern(text.msgid)) for text in DECIDED_REASONS)


def reason_text(stored: str | None) -> Text | str:
    """A match's stored reason as a text in every language: one of :data:`DECIDED_REASONS`
    with its names, or (a manager's own words) the stored text itself."""
    for msgid, pattern in _REASON_PATTERNS:
        found = pattern.fullmatch(stored or "")
        if found is not None:
            return Text(msgid, tuple(sorted(found.groupdict().items())))
    return stored or ""


def shown(league: LeagueRow) -> str:
    """The league's name as typed, shown literally in a sentence (no formatting, no mention)."""
    return plain_text(league.name)


def is_ai(player: Player) -> bool:
    """An AI seat: at a match table, one that took a leaver's seat over."""
    return is_ai_user(player.user_id)


def pairs_only(game: str) -> bool:
    counts: tuple[int, ...] = tuple(get_game(game).SEAT_COUNTS)
    return max(counts) == 2


def schedule_json(plans: Sequence[pairing.RoundPlan]) -> str:
    """A schedule as stored (for tests and tools)."""
    return json.dumps(
        [{"groups": [list(g) for g in p.groups], "byes": list(p.byes)} for p in plans]
    )

"""Community leagues: seasons of rounds whose matches open themselves (issue 10).

``pairing`` and ``standings`` are pure (standard library only). :class:`LeagueService` is put
together from one module per use case over a shared base (:mod:`~bot.leagues.core`):
:mod:`~bot.leagues.signup` (creating, joining, leaving), :mod:`~bot.leagues.rounds` (the
schedule, pairings and rounds), :mod:`~bot.leagues.results` (deciding matches),
:mod:`~bot.leagues.adjudication`, :mod:`~bot.leagues.matches` (threads and tables) and
:mod:`~bot.leagues.reading`; its records, limits and reasons live in
:mod:`~bot.leagues.records`. Callers import every name from here.

Everything lives in the service's database (migration 0008), so a restart at any point loses
nothing: :meth:`LeagueService.advance` and :meth:`LeagueService.open_matches` derive what is
left to do from the database and each step is guarded (a round row per number, a result
recorded only once, a thread and a table attached to a match only once; a table already
created in the match's thread before a crash is found there and attached, never created twice).
"""

from __future__ import annotations

from bot.leagues.adjudication import Adjudication
from bot.leagues.matches import Matches
from bot.leagues.reading import Reading
from bot.leagues.records import (
    DAY,
    DECIDED_REASONS,
    FORMATS,
    ROUND_DAYS,
    League,
    LeagueError,
    LeagueStatus,
    LeagueUpdate,
    Match,
    Member,
    RatingSource,
    Round,
    Snapshot,
    reason_text,
    table_timing,
)
from bot.leagues.signup import Signup

__all__ = [
    "DAY",
    "DECIDED_REASONS",
    "FORMATS",
    "ROUND_DAYS",
    "League",
    "LeagueError",
    "LeagueService",
    "LeagueStatus",
    "LeagueUpdate",
    "Match",
    "Member",
    "RatingSource",
    "Round",
    "Snapshot",
    "reason_text",
    "table_timing",
]


class LeagueService(Signup, Adjudication, Matches, Reading):
    """Leagues over one :class:`~bot.service.Service` (and its database): sign-up, start,
    rounds that open themselves, results, standings, leaving."""

"""Community leagues: seasons of rounds whose matches open themselves (issue 10).

``pairing`` and ``standings`` are pure (standard library only); ``core`` holds the use cases.
"""

from __future__ import annotations

from bot.leagues.core import (
    FORMATS,
    League,
    LeagueError,
    LeagueService,
    LeagueStatus,
    LeagueUpdate,
    Match,
    Member,
    RatingSource,
    Round,
    Snapshot,
    table_timing,
)

__all__ = [
    "FORMATS",
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
    "table_timing",
]

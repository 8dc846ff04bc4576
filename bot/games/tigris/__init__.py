"""Tigris & Euphrates (Reiner Knizia), the standard game for 2 to 4 players.

The rules follow ``docs/rules-tigris.md`` (§4–§15 with the readings of §17); the
board comes from ``data/tigris-board.json``. Notation: see docs/playing.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games.tigris.rules import (
    ENGLISH_NAME,
    NAME,
    OPTIONS,
    SEAT_COUNTS,
    apply,
    is_over,
    legal_actions,
    new_game,
    outcome,
    scores,
    to_act,
)
from bot.games.tigris.state import State, from_json, to_json
from bot.games.tigris.stats import STATISTICS, statistics
from bot.games.tigris.view import view

__all__ = [
    "ENGLISH_NAME",
    "NAME",
    "OPTIONS",
    "SEAT_COUNTS",
    "STATISTICS",
    "State",
    "apply",
    "from_json",
    "is_over",
    "legal_actions",
    "new_game",
    "outcome",
    "scores",
    "statistics",
    "to_act",
    "to_json",
    "view",
]

if TYPE_CHECKING:
    # mypy holds this module to the engine contract (a missing or mistyped member fails here).
    from bot.games import tigris as _engine
    from bot.games.contract import KeepsStatistics

    _contract: KeepsStatistics = _engine

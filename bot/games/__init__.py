"""The rules engines, looked up by name.

Every game is a package ``bot.games.<name>`` (or a module installed with :func:`install`) that
keeps the engine contract, typed in :mod:`bot.games.contract` (:class:`GameEngine`, optionally
:class:`KeepsStatistics`; the views' shared keys: :class:`SharedView`). Engines import only the
standard library.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from typing import Any

from bot.games.common import (
    GameError,
    GameOver,
    IllegalAction,
    InvalidNotation,
    NotYourTurn,
    Step,
)
from bot.games.contract import GameEngine

__all__ = [
    "GameError",
    "GameOver",
    "IllegalAction",
    "InvalidNotation",
    "NotYourTurn",
    "ReplayError",
    "Step",
    "game_names",
    "game_statistics",
    "get_game",
    "install",
    "replay",
    "uninstall",
]


#: Engines kept outside ``bot.games`` (a game that plugs in whole, e.g. the tests' own game):
#: name -> module path. Filled by the titles' registry (``bot.titles.register``).
_ELSEWHERE: dict[str, str] = {}


def install(name: str, module: str) -> None:
    """Make the engine at module path ``module`` the game ``name``."""
    if module != f"{__name__}.{name}":
        _ELSEWHERE[name] = module


def uninstall(name: str) -> None:
    """Forget an engine given to :func:`install` from outside ``bot.games``."""
    _ELSEWHERE.pop(name, None)


def game_names() -> list[str]:
    """Names of the installed games (the sub-packages of ``bot.games`` and the engines given to
    :func:`install`), sorted."""
    return sorted({*_installed_games(), *_ELSEWHERE})


@functools.cache
def _installed_games() -> tuple[str, ...]:
    # Read from disk once: games are installed with the package, and every move asks.
    return tuple(sorted(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg))


def get_game(name: str) -> GameEngine:
    """The game module installed under ``name``."""
    if name not in game_names():
        known = ", ".join(game_names()) or "none"
        raise KeyError(f"unknown game {name!r} (installed: {known})")
    engine: GameEngine = importlib.import_module(_ELSEWHERE.get(name, f"{__name__}.{name}"))
    return engine


def replay(record: dict[str, Any]) -> Any:
    """The state reached by a game record.

    A record is ``{"game", "seats", "seed", "options"?, "setup"?, "actions": [[seat, action]]}``.
    Raises :class:`ReplayError` naming the index of the first action the engine refuses.
    """
    game = get_game(record["game"])
    state = _deal(game, record)
    for index, (seat, action) in enumerate(record.get("actions", [])):
        try:
            state = game.apply(state, int(seat), str(action))
        except GameError as error:
            raise ReplayError(index, int(seat), str(action), error) from error
    return state


def _deal(game: GameEngine, record: dict[str, Any]) -> Any:
    """The record's game as dealt, before its first action."""
    return game.new_game(
        int(record["seats"]),
        int(record.get("seed", 0)),
        options=record.get("options"),
        setup=record.get("setup"),
    )


def game_statistics(record: dict[str, Any], game: GameEngine | None = None) -> list[dict[str, int]]:
    """Per seat, the statistics of the game a record describes (the game's ``STATISTICS``;
    ``{}`` per seat for a game that keeps none), computed by replaying every action with
    ``game`` (default: the installed engine of that name). Raises :class:`ReplayError` like
    :func:`replay`."""
    game = game or get_game(record["game"])
    if not hasattr(game, "statistics"):
        return [{} for _ in range(int(record["seats"]))]
    start = _deal(game, record)
    steps: list[Step] = []
    state = start
    for index, (seat, action) in enumerate(record.get("actions", [])):
        try:
            after = game.apply(state, int(seat), str(action))
        except GameError as error:
            raise ReplayError(index, int(seat), str(action), error) from error
        steps.append(Step(int(seat), str(action), state, after))
        state = after
    counts: list[dict[str, int]] = game.statistics(start, steps)
    return counts


class ReplayError(Exception):
    """An action of a record that the engine refused."""

    def __init__(self, index: int, seat: int, action: str, error: GameError) -> None:
        super().__init__(f"action {index} ({seat}: {action!r}): {error}")
        self.index = index
        self.seat = seat
        self.action = action
        self.error = error

    def to_dict(self) -> dict[str, Any]:
        return {
            "error": type(self.error).__name__,
            "index": self.index,
            "seat": self.seat,
            "action": self.action,
            "reason": str(self.error),
        }

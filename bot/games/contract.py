"""The engine contract, typed once: what every rules engine provides and what its views share.

An engine is a module (or any object) with the members of :class:`GameEngine`; an engine that
keeps per-seat statistics also has those of :class:`KeepsStatistics`. Each shipped engine is
checked against them by mypy (the assignment at the end of its ``__init__.py``), and the shared
layers receive engines typed as :class:`GameEngine`, never as a bare module.

A view (``engine.view(state, seat)``) is a JSON-able dict: the keys of :class:`SharedView` mean
the same in every game and are the only ones the shared layers read; every other key is the
game's own (its renderers, AI and :class:`bot.titles.Title` hooks read those). The events
(:class:`ViewEvent`), the last action (:class:`LastAction`) and an open decision
(:class:`Pending`) have typed shapes of their own. :func:`view_problems` checks a view against
them (the contract tests run it over random playouts of every game).

Standard library only, like the engines.
"""

# No ``from __future__ import annotations``: ``SharedView.__required_keys__`` needs the
# annotations evaluated (``NotRequired`` is read at class creation).
from collections.abc import Mapping, Sequence
from typing import Any, NotRequired, Protocol, TypedDict

from bot.games.common import Step

__all__ = [
    "GameEngine",
    "KeepsStatistics",
    "LastAction",
    "Params",
    "Pending",
    "SharedView",
    "ViewEvent",
    "view_problems",
]

#: The parameters of an event or a refusal (``key`` -> value): seats as ``"@N"``, engine ids,
#: squares, card ids, amounts; never a sentence in a language.
Params = Mapping[str, Any]


class GameEngine(Protocol):
    """A rules engine: pure functions over an immutable state, whose log of actions is the truth.

    ``State`` is the engine's own type (``Any`` here: each engine has its own). Bad input raises
    only the errors of :mod:`bot.games.common`.
    """

    # Constants are read-only properties here so a module's narrower tuple (``(2,)``) fits.
    @property
    def NAME(self) -> str:
        """The game's id (``"chess"``): the registry's, the stored tables', the notation's."""

    @property
    def ENGLISH_NAME(self) -> str:
        """The game's name in English as the engine knows it; never shown to players, who read the
        title's translated ``printed_name`` (``bot.titles.<game>.TITLE``, a ``Title``)."""

    @property
    def SEAT_COUNTS(self) -> tuple[int, ...]:
        """The numbers of seats a table may have."""

    @property
    def OPTIONS(self) -> Mapping[str, Any]:
        """Table option name -> its default value."""

    def new_game(
        self,
        seats: int,
        seed: int,
        *,
        options: dict[str, Any] | None = ...,
        setup: Any = ...,
    ) -> Any:
        """A new game for ``seats`` players dealt from ``seed`` (``setup`` stacks it)."""

    def to_act(self, state: Any) -> tuple[int, ...]:
        """The seats that must act now (empty once the game is over)."""

    def legal_actions(self, state: Any, seat: int) -> list[str]:
        """Every action ``seat`` may take now, in the game's notation."""

    def apply(self, state: Any, seat: int, action: str) -> Any:
        """The state after ``seat`` takes ``action`` (the input state is left as it was)."""

    def scores(self, state: Any) -> Sequence[Any]:
        """Each seat's score, in the game's own shape."""

    def is_over(self, state: Any) -> bool: ...

    def outcome(self, state: Any) -> dict[str, Any]:
        """``{"ranking": [[seat, ...], ...]}`` (tied seats share a place), and the game's own
        keys."""

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: what everyone may see): the only way secrets leave
        the engine. Shaped as :class:`SharedView` plus the game's own keys."""

    def to_json(self, state: Any) -> str: ...

    def from_json(self, text: str) -> Any: ...


class KeepsStatistics(GameEngine, Protocol):
    """An engine that also counts per-seat statistics over a replayed game (optional: the
    shared layers ask ``hasattr(engine, "statistics")``)."""

    @property
    def STATISTICS(self) -> tuple[str, ...]:
        """The statistics' names, in the order shown."""

    def statistics(self, start: Any, steps: Sequence[Step]) -> list[dict[str, int]]:
        """Per seat, ``{name: count}`` over the ``steps`` played from ``start``."""


class ViewEvent(TypedDict):
    """Something the last action caused, in ``view["events"]``."""

    #: The engine's English sentence (seats as ``@N``): what is shown when no catalogue text
    #: has the key.
    text: str
    #: The title's catalogue key (``Title.texts.events``) and its parameters. Events stored before
    #: events had keys lack them.
    key: NotRequired[str]
    params: NotRequired[dict[str, Any]]
    #: The game's word for the kind of event and the seats it concerns (its renderers' and
    #: AI's; the shared layers do not read them).
    kind: NotRequired[str]
    seats: NotRequired[list[int]]


class LastAction(TypedDict):
    """The last action taken, in ``view["last_action"]`` (a hidden action already redacted)."""

    seat: int
    action: str


class Pending(TypedDict):
    """An open decision, in ``view["pending"]``: its ``kind`` and the game's own keys, which the
    title words (``Title.texts.pending``)."""

    kind: str


class SharedView(TypedDict):
    """The keys the shared layers read from every view (presenters, UI, play-by-post); the
    ``NotRequired`` ones only where the game has them."""

    #: The engine's ``NAME``.
    game: str
    #: The seat whose view this is; None: the public view.
    viewer: int | None
    to_act: list[int]
    #: Per seat, ``{"seat": n, ...}`` and the game's own keys (a seat's own hidden items only in
    #: its own view).
    players: list[dict[str, Any]]
    last_action: LastAction | None
    events: list[ViewEvent]
    game_over: bool
    seats: NotRequired[int]
    #: The table's options, defaults filled in.
    options: NotRequired[dict[str, Any]]
    pending: NotRequired[Pending | None]
    #: Once over: ``{"ranking", "scores", ...}`` (the outcome, the game's own keys beside).
    final: NotRequired[dict[str, Any] | None]
    #: Actions the seat to act still has this turn (games with several actions a turn).
    actions_left: NotRequired[int]
    #: The viewer's hidden hand (a seat's own view of a game with a hand of several items).
    hand: NotRequired[list[Any]]


_SIMPLE: dict[str, tuple[type, ...]] = {
    "game": (str,),
    "seats": (int,),
    "viewer": (int, type(None)),
    "options": (dict,),
    "to_act": (list,),
    "pending": (dict, type(None)),
    "players": (list,),
    "last_action": (dict, type(None)),
    "events": (list,),
    "game_over": (bool,),
    "final": (dict, type(None)),
    "actions_left": (int,),
    "hand": (list,),
}


def view_problems(view: Mapping[str, Any]) -> list[str]:
    """What in ``view`` breaks :class:`SharedView` (and its events, last action, decision, the
    final outcome): one line per problem, none for a view that keeps the contract."""
    problems = [f"missing key {key!r}" for key in SharedView.__required_keys__ if key not in view]
    for key, kinds in _SIMPLE.items():
        value = view.get(key)
        # bool is an int to isinstance: a seat count of True is still off the contract.
        if key in view and (
            not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds)
        ):
            problems.append(f"{key!r} is {type(value).__name__}")
    if problems:
        return problems
    if not all(isinstance(s, int) for s in view["to_act"]):
        problems.append("'to_act' holds a non-seat")
    for player in view["players"]:
        if not isinstance(player, Mapping) or not isinstance(player.get("seat"), int):
            problems.append(f"a player without 'seat': {player!r}")
    last = view["last_action"]
    if last is not None and not (
        isinstance(last.get("seat"), int) and isinstance(last.get("action"), str)
    ):
        problems.append(f"'last_action' is not {{seat, action}}: {last!r}")
    for event in view["events"]:
        if not (
            isinstance(event, Mapping)
            and isinstance(event.get("text"), str)
            and isinstance(event.get("key", ""), str)
            and isinstance(event.get("kind", ""), str)
            and isinstance(event.get("seats", []), list)
            and isinstance(event.get("params", {}), dict)
        ):
            problems.append(f"an event off the contract: {event!r}")
    pending = view.get("pending")
    if pending is not None and not isinstance(pending.get("kind"), str):
        problems.append(f"'pending' without a 'kind': {pending!r}")
    final = view.get("final")
    if final is not None and not isinstance(final.get("ranking"), list):
        problems.append(f"'final' without a 'ranking': {final!r}")
    return problems

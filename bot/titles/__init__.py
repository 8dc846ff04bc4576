"""The game titles the bot offers, each reached through its one entry here.

A title's entry (:class:`Title`) holds everything the shared layers need from one game: its
engine and its images' module, then one small record per layer that asks: its texts (event
sentences, refusals, pending decisions, scores, hand cards, rules), how its boards are drawn,
its replay, its Discord parts (cog, Act menu labels), its play-by-post facts, its AI, its
statistics and its benchmarks. The shared layers (service, presenters, play-by-post, UI,
renderers) ask :func:`title` and never name a game. Each entry lives in the game's own module
(``bot/titles/<game>.py``); :data:`INSTALLED` is the registry line. Heavy parts (renderers,
AI) are named by module path and imported on first use, so the engine-only paths stay light.

To add a game: write its engine (``bot/games/<game>/``, or any module keeping the engine
contract), a module with its :class:`Title`, and add that module to :data:`INSTALLED` (or call
:func:`register` with the entry, as the tests' own game does).
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.games.contract import GameEngine, Params
from bot.i18n import Text

__all__ = [
    "INSTALLED",
    "AiFacts",
    "BenchFacts",
    "DrawingFacts",
    "PbpFacts",
    "ReplayFacts",
    "StatisticsFacts",
    "Title",
    "TitleTexts",
    "UiFacts",
    "on_register",
    "register",
    "seat_range",
    "title",
    "title_names",
    "titles",
    "unregister",
]

#: The registry line: the module of each title shipped with the bot, in the order offered.
INSTALLED = ("bot.titles.tigris", "bot.titles.targi")

#: An engine key with its parameters -> the text saying it (None: not this title's key).
KeyedText = Callable[[str, Params], "Text | None"]


@dataclass(frozen=True)
class TitleTexts:
    """A title's texts (:mod:`bot.presenters`); the shared texts where a field is None."""

    rules: Text | None = None
    events: KeyedText | None = None
    refusals: KeyedText | None = None
    #: An open decision (a view's ``pending``) with the seats' names -> the clause naming it
    #: (None: not this title's decision). In a move's status line ``pending["told"]`` holds the
    #: event keys the same message already told, so the clause need not repeat them.
    pending: Callable[[Params, Sequence[str]], Text | None] | None = None
    #: A seat's score table as shown in hands and results; None: the shared "word n" list.
    score_text: Callable[[Params], Text | None] | None = None
    #: The words of a score table's parts by key (the "word" of "word n"); empty: the keys.
    score_words: Mapping[str, Text] = field(default_factory=dict)
    #: The sentences after the hand beside a seat's private image (its own view, the seat);
    #: None: the seat's score (``score_text``, else its table or number).
    private_lines: Callable[[Params, int], list[Text]] | None = None
    #: A seat's score on its line of the final result (the game's summary: ``scores``, the
    #: final ``public`` view; the seat); None: its score table (``score_text``, else the parts).
    final_score: Callable[[Params, int], Text | None] | None = None
    #: What a seat held at the end (its own final view, the seat; None: nothing to tell); None
    #: here: the view's ``hand``.
    final_hand: Callable[[Params, int], Text | str | None] | None = None
    #: Whether a public view's last action (as that view shows it) is told by its event
    #: alone, its notation hiding a secret (e.g. ``swap 3 tiles``); None: every one is shown.
    told_by_event: Callable[[str], bool] | None = None
    #: A view's ``hand`` (a list) in words; None: each card by name, anything else as it is.
    hand: Callable[[list[Any]], Text | str] | None = None
    #: A card object of a view by its name in the reader's language.
    card_name: Callable[[Params], Text | str] | None = None
    #: The engine's table options by the name typed in `/game new` -> their name in words.
    option_words: Mapping[str, Text] = field(default_factory=dict)
    #: Each seat's symbol in words, seat by seat (T&E's dynasties, Targi's colours: what the
    #: images mark a seat with), shown beside the player's name in the table's texts; empty:
    #: names alone.
    seat_words: tuple[Text, ...] = ()
    #: Names from the game data a player can be shown, with their context (for the catalogue).
    data_names: Callable[[], Iterator[tuple[str, str | None]]] | None = None
    #: The game's own words (its pieces, goods, places), lower case: the shared layers never
    #: name them in code (``tests/test_titles_registry.py``); they come through this entry.
    vocabulary: tuple[str, ...] = ()


@dataclass(frozen=True)
class DrawingFacts:
    """How a title's images are drawn beyond its ``images`` module (the renderers)."""

    #: Module with ``PLAN`` (:class:`renderers.incremental.Plan`): a board redrawn only where a
    #: move changed it; None: every board drawn in full.
    incremental: str | None = None
    #: The public view's field holding the board whose changes since the table's previous board
    #: its images show (their module's ``changes(before, after)``: T&E's ghosts and framed
    #: squares); None: a board image shows no changes.
    board_key: str | None = None
    #: Lines the board's message adds under its status line (public view, seat names, language):
    #: what a phone-sized board image leaves to the text; None: none.
    board_lines: Callable[[Params, Sequence[str], str], list[str]] | None = None
    #: Module with ``card_texts()``: (text, context) pairs from the game data drawn in the
    #: images (for the ``images`` catalogue); None: none.
    image_texts: str | None = None


#: The score story's numbers (``bot.replays.story``): from the engine, the states and public
#: views after each action, the turns and the action index ending each (0 first), per seat
#: ``{"seat", "series": {quantity: [value per turn]}, ...}`` and the marks
#: (``{"turn", "kind", "seats"}``).
Story = Callable[
    [GameEngine, Sequence[Any], Sequence[dict[str, Any]], Sequence[Any], list[int]],
    tuple[list[dict[str, Any]], list[dict[str, Any]]],
]


@dataclass(frozen=True)
class ReplayFacts:
    """A finished game's replay (:mod:`bot.replays`): its turns, its frames, its score story."""

    #: The public view's field that changes when a turn ends (the replay's turns); None: each
    #: action is a turn of its own.
    turn_key: str | None = None
    #: How a replay's still shows the end of a turn beyond its counter (e.g. nobody to act);
    #: None: the view as it is.
    turn_end: Callable[[Params], Params] | None = None
    #: Whether the move made from this public view gets a replay frame of its own inside its
    #: turn (e.g. a placement); None: one frame per turn.
    move_frame: Callable[[Params], bool] | None = None
    #: The score story's numbers (:data:`Story`); the chart is drawn only if both are given.
    story: Story | None = None
    #: Module with ``chart(story, lang) -> Image`` drawing the score story; None: no chart.
    chart: str | None = None

    @property
    def has_chart(self) -> bool:
        """Whether the title draws a score story (both ``chart`` and ``story`` given)."""
        return self.chart is not None and self.story is not None


@dataclass(frozen=True)
class UiFacts:
    """A title's own parts of the Discord layer (:mod:`bot.cogs`, :mod:`bot.ui`)."""

    #: Dotted path of the title's own slash-command cog class (None: the shared commands only).
    cog: str | None = None
    #: Module with ``label(words) -> Text | str | None`` for the Act menus and suggestions;
    #: None: the notation itself.
    labels: str | None = None


@dataclass(frozen=True)
class PbpFacts:
    """What play-by-post needs to know of a title.

    ``skip_preferences``: the safest decisions for an expired timer, the first legal one is
    taken (else the first legal action). ``round_decisions``: decisions one player takes in one
    round when the timer skips them all (to abandon a table nobody plays). ``takeback``: why
    the action a seat took from ``before`` to ``after`` cannot be taken back, or None (None
    here: take-backs are not offered). ``public_action``: whether an action's notation may be
    shown to everyone.
    """

    skip_preferences: tuple[str, ...] = ()
    round_decisions: int = 1
    takeback: Callable[[Any, Any, int], Text | None] | None = None
    public_action: Callable[[str], bool] = lambda action: False


@dataclass(frozen=True)
class AiFacts:
    """A title's AI: its seats and its post-game review (:mod:`bot.ai`)."""

    #: Module with ``choose(view, legal, level, rng, iterations, limit)``; None: no AI (no
    #: ``ai:`` option, no *Add AI* menu, no AI timer consequence).
    module: str | None = None
    #: The post-game review's judge (:mod:`bot.ai.review`): a module with
    #: ``chances(decision, seed)`` (each action's chance to win and the term explaining one
    #: against another) and ``margin(game, state, seat)`` (the benchmark's final margin); None:
    #: no review and no hints (no *Review* button, no ``hints`` option).
    review: str | None = None
    #: Module with ``term_text(term, names, other=None) -> Text | None`` wording the judge's
    #: terms (:func:`bot.review.term_text`); None: the shared sentence for every term.
    review_texts: str | None = None
    #: Whether an AI takes over the seat of a person who resigns or runs out of time (from
    #: ``min_seats_replaced`` seats on).
    replaces_leavers: bool = False
    min_seats_replaced: int = 3


@dataclass(frozen=True)
class StatisticsFacts:
    """How a title's statistics are named and which ones its leagues sum (:mod:`bot.stats`)."""

    #: What each of the engine's ``STATISTICS`` is called (None: its name).
    labels: Mapping[str, Text] | None = None
    #: The statistics summed in a league's standings (the game's ``STATISTICS`` names).
    league: tuple[str, ...] = ()
    #: The heading of the league standings' column of :attr:`league`.
    league_label: Text | None = None


@dataclass(frozen=True)
class BenchFacts:
    """What the benchmarks play of a title (:mod:`bot.bench`, :mod:`renderers.bench`)."""

    #: The numbers of seats the benchmarks play (the AI's, the images').
    seats: tuple[int, ...] = (2,)
    #: What the image benchmark aims at per image kind (``board``, ``move``, ``private``), ms;
    #: empty: the image benchmarks leave the title out.
    image_targets_ms: Mapping[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Title:
    """One game title: its engine and what the shared layers show and ask of it, grouped by
    the layer that asks. Fields that name a module (a dotted path) are imported on first use,
    so the engine-only paths stay light.

    A title must have the five fields without a default (its name, engine, printed name, id
    and images); every other field is a record whose fields are all optional, and a title
    without one simply lacks that capability: no score story without ``replay.chart`` and
    ``replay.story``, no AI seats without ``ai.module``, no review or hints without
    ``ai.review``, no image benchmark targets without ``bench.image_targets_ms``, the shared
    texts where a ``texts`` field is None.
    """

    name: str
    #: The rules engine's module (the engine contract, README "The engine contract").
    engine: str
    printed_name: Text | str
    #: The game's id as a refusal names it ("a lobby table for <id>").
    game_id: Text | str
    #: Module with ``render_board(view, lang)``, ``render_private(view, lang)`` and
    #: ``board_image(view, lang)`` (the replay's frames).
    images: str

    texts: TitleTexts = TitleTexts()
    drawing: DrawingFacts = DrawingFacts()
    replay: ReplayFacts = ReplayFacts()
    ui: UiFacts = UiFacts()
    pbp: PbpFacts = PbpFacts()
    ai: AiFacts = AiFacts()
    statistics: StatisticsFacts = StatisticsFacts()
    bench: BenchFacts = BenchFacts()


_TITLES: dict[str, Title] = {}
_loaded = False
# Boards are drawn in threads too: the first lookups may come at once.
_loading = threading.Lock()
#: Told of each title registered, and of each name unregistered, after the first use (a
#: command's list of games grows and shrinks with them).
_LISTENERS: list[Callable[[Title], None]] = []
_UNLISTENERS: list[Callable[[str], None]] = []


def on_register(listener: Callable[[Title], None], removed: Callable[[str], None]) -> None:
    """Call ``listener`` with every title registered from now on, ``removed`` with the name of
    every title unregistered."""
    _LISTENERS.append(listener)
    _UNLISTENERS.append(removed)


def _load() -> None:
    global _loaded
    if _loaded:
        return
    with _loading:
        if not _loaded:
            for path in INSTALLED:
                entry: Title = importlib.import_module(path).TITLE
                _add(entry)
            _loaded = True


def register(entry: Title) -> Title:
    """Make ``entry`` a title of the bot (its engine becomes ``bot.games.get_game(name)``)."""
    _load()
    new = entry.name not in _TITLES
    _add(entry)
    if new:
        for listener in _LISTENERS:
            listener(entry)
    return entry


def _add(entry: Title) -> None:
    from bot import games

    _TITLES[entry.name] = entry
    games.install(entry.name, entry.engine)


def unregister(name: str) -> None:
    """Remove a title registered with :func:`register` (the tests' own game)."""
    from bot import games

    _TITLES.pop(name, None)
    games.uninstall(name)
    for listener in _UNLISTENERS:
        listener(name)


def titles() -> Sequence[Title]:
    """Every title, in the order offered."""
    _load()
    return tuple(_TITLES.values())


def title_names() -> tuple[str, ...]:
    _load()
    return tuple(_TITLES)


def title(name: str) -> Title | None:
    """The entry of title ``name``, or None for a name no title has."""
    _load()
    return _TITLES.get(name)


def seat_range() -> tuple[int, int]:
    """The fewest and the most seats of any title (each engine's ``SEAT_COUNTS``): the range a
    command choosing the number of seats offers."""
    from bot import games

    counts = [n for name in title_names() for n in games.get_game(name).SEAT_COUNTS]
    return min(counts), max(counts)

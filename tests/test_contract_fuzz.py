"""Fuzzing the engine contract: any text, any seat, any kind of position ends in success or in one
of the three documented errors, and never changes the state it was given.

The positions come from seeded random playouts of each game and are sorted by the kind of
decision waiting (from the public view's optional ``pending``), so every kind a game's own tests
list (``DECISION_KINDS`` in ``tests/<game>/__init__.py``) is covered, and the ended game. The
same fuzzing also runs under ``python -O`` (asserts stripped), so an ``assert`` cannot be what
keeps bad input out. Generic: it runs on every installed title (``game_case``, see
``tests/conftest.py``), and on a game's own title where its test folder imports it.

Run by hand: ``python -O -m tests.test_contract_fuzz`` prints every unexpected outcome.
"""

from __future__ import annotations

import importlib
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from bot.games import GameError, game_names, get_game

ROOT = Path(__file__).resolve().parent.parent

#: What every game must meet in random play: its end. A game's own test package
#: (``tests/<game>/__init__.py``) lists in ``DECISION_KINDS`` every kind of decision it can wait
#: for (:func:`kind_of`), and the fuzzing must meet each of them.
ALWAYS = frozenset({"over"})
POSITIONS_PER_KIND = 3
MAX_SEEDS = 40

# Arguments that are wrong in some way: off the board, out of range, non-ASCII digits, ...
MALFORMED = [
    "",
    "0",
    "-1",
    "99",
    "100",
    "²",
    "٣",
    "A²",
    "F٣",
    "Z9",
    "A0",
    "A12",
    "Q1",
    "1.9",
    "4.1",
    "0.0",
    "1.",
    ".",
    "red-red",
    "red-",
    "-",
    "purple",
    "1X",
    "99D",
    "0D",
    "none",
    "free",
    "stored",
    "VP",
    "G",
    "B2",
    "x" * 60,
    "\u200b",
]


def kind_of(game: ModuleType, state: Any) -> str:
    """The kind of decision waiting, from the public view (``over`` once the game has ended)."""
    if game.is_over(state):
        return "over"
    pending = game.view(state, None).get("pending")
    if pending is None:
        return "turn"
    kind = str(pending["kind"])
    for detail in ("conflict", "source"):
        if detail in pending:
            kind += f"/{pending[detail]}"
    return kind


def required_kinds(name: str, seats: int | None = None) -> frozenset[str]:
    """The kinds of decision random play must meet in game ``name`` (see :data:`ALWAYS`); with
    more than the fewest seats, less the package's ``FEWEST_SEATS_ONLY`` (kinds a few random
    games meet reliably with the fewest players only)."""
    try:
        package = importlib.import_module(f"tests.{name}")
    except ModuleNotFoundError:
        return ALWAYS
    kinds = ALWAYS | frozenset(getattr(package, "DECISION_KINDS", ()))
    fewest = min(get_game(name).SEAT_COUNTS)
    if seats is not None and seats > fewest:
        kinds -= frozenset(getattr(package, "FEWEST_SEATS_ONLY", ()))
    return kinds


def positions(game: ModuleType, seats: int) -> Iterator[tuple[str, Any]]:
    """A few positions of each kind from seeded random games, plus each game's final state."""
    required = required_kinds(game.NAME)
    found: dict[str, int] = {}
    for seed in range(MAX_SEEDS):
        rng = random.Random(seed)
        state = game.new_game(seats, seed)
        while True:
            kind = kind_of(game, state)
            seen = found.get(kind, 0)
            if kind == "over" or (seen < POSITIONS_PER_KIND and (seen == 0 or rng.random() < 0.2)):
                found[kind] = seen + 1
                yield kind, state
            if kind == "over":
                break
            seat = rng.choice(game.to_act(state))
            state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        if all(found.get(k, 0) >= POSITIONS_PER_KIND for k in required):
            return


def texts(rng: random.Random, verbs: list[str], words: list[str], pool: list[str]) -> list[str]:
    """Well-formed and malformed inputs: legal actions of other positions, each verb alone and
    with random right and wrong arguments, and plain noise."""
    out = rng.sample(pool, min(len(pool), 25))
    arguments = [*words, *MALFORMED]
    for verb in [*verbs, "fly", "", "PASS", "Done", "use"]:
        out.append(verb)
        for _ in range(5):
            count = rng.randint(1, 4)
            out.append(" ".join([verb, *(rng.choice(arguments) for _ in range(count))]))
    out += ["   ", "x" * 500, "\n", "support 2\npass", "1", "@0"]
    return out


def fuzz(name: str, seats: int, seed: int = 0) -> tuple[set[str], list[str]]:
    """Fuzz every kind of position of one game; return the kinds met and every contract breach."""
    game = get_game(name)
    found = list(positions(game, seats))
    legal_seen = sorted(
        {a for _, s in found for seat in game.to_act(s) for a in game.legal_actions(s, seat)}
    )
    verbs = sorted({a.split()[0] for a in legal_seen})
    words = sorted({w for a in legal_seen for w in a.split()[1:]})
    rng = random.Random(f"{name}/{seats}/{seed}")
    problems: list[str] = []
    for kind, state in found:
        to_act = game.to_act(state)
        acting = list(to_act) or list(range(seats))
        others = [s for s in range(seats) if s not in to_act]
        legal = game.legal_actions(state, acting[0]) if to_act else []
        cases = [(acting[0], text) for text in texts(rng, verbs, words, legal_seen)]
        cases += [(acting[0], action) for action in rng.sample(legal, min(len(legal), 5))]
        cases += [(seat, rng.choice(legal_seen)) for seat in [*others, -1, seats, 99]]
        cases += [(seat, text) for seat in others for text in ("pass", "done", "fly")]
        for seat, text in cases:
            problem = _attempt(game, state, seat, text, expect_success=text in legal)
            if problem:
                problems.append(f"{name} ({seats} seats) {kind}, seat {seat}, {text!r}: {problem}")
    return {kind for kind, _ in found}, problems


def _attempt(game: ModuleType, state: Any, seat: int, text: str, *, expect_success: bool) -> str:
    before = game.to_json(state)
    try:
        game.apply(state, seat, text)
    except GameError as error:
        if type(error).__name__ not in (
            "InvalidNotation",
            "NotYourTurn",
            "GameOver",
            "IllegalAction",
        ):
            return f"undocumented error {type(error).__name__}"
        if not str(error):
            return f"{type(error).__name__} without a message"
        if expect_success and seat in game.to_act(state):
            return f"a legal action was refused: {error}"
    except Exception as error:  # any other exception is exactly what this test hunts
        return f"crashed with {type(error).__name__}: {error}"
    if game.to_json(state) != before:
        return "the state given to apply changed"
    return ""


#: The installed games and seat counts (what ``main`` fuzzes).
CASES = [(name, seats) for name in game_names() for seats in get_game(name).SEAT_COUNTS]


def test_every_input_in_every_kind_of_position_keeps_the_contract(
    game_case: tuple[str, int],
) -> None:
    name, seats = game_case
    kinds, problems = fuzz(name, seats)
    required = required_kinds(name, seats)
    assert required <= kinds, f"positions never met: {sorted(required - kinds)}"
    assert problems == []


def test_the_contract_holds_with_asserts_stripped() -> None:
    # Under -O an engine relying on assert for input checks would fail differently (or not at
    # all), so the fuzzing runs again in such an interpreter.
    run = subprocess.run(
        [sys.executable, "-O", "-m", "tests.test_contract_fuzz"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "asserts stripped" in run.stdout


def main() -> int:
    """Fuzz every game (2 and 4 seats); print the breaches. Exit status 1 if there is one."""
    extremes = {(name, seats) for name, seats in CASES if seats in (2, 4)}
    breaches = [p for name, seats in sorted(extremes) for p in fuzz(name, seats, seed=1)[1]]
    print("\n".join(breaches))
    print(f"{len(breaches)} breaches; asserts stripped: {not __debug__}")
    return 1 if breaches or __debug__ else 0


if __name__ == "__main__":
    sys.exit(main())

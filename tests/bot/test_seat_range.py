"""`/game new`'s seats come from the registry: the range offered runs from the fewest to the most
seats any title's engine plays (its ``SEAT_COUNTS``), so a title for 2 to 6 players widens it
without touching the command."""

from __future__ import annotations

import subprocess
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot import titles
from bot.cogs import game as game_cog
from bot.games import get_game
from tests.conftest import registered

ROOT = Path(__file__).resolve().parents[2]
SIX = "tests.bot.six_seats_engine"


def _six_seats_title() -> titles.Title:
    return titles.Title(
        name="sixseats",
        engine=SIX,
        printed_name="Six seats",
        game_id="sixseats",
        images="tests.plugin_game.images",
    )


@pytest.fixture
def six_seats(monkeypatch: pytest.MonkeyPatch) -> Iterator[titles.Title]:
    """A title whose engine (a module made here: only its seat counts are read) plays 2 to 6."""
    engine = types.ModuleType(SIX)
    engine.SEAT_COUNTS = (2, 3, 4, 5, 6)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, SIX, engine)
    with registered(_six_seats_title()) as entry:
        yield entry


def test_the_command_offers_the_installed_titles_seats_two_to_four() -> None:
    seats = game_cog.GameCog.new.get_parameter("seats")
    assert seats is not None and not seats.required
    counts = {n for name in titles.title_names() for n in get_game(name).SEAT_COUNTS}
    assert (seats.min_value, seats.max_value) == (min(counts), max(counts)) == (2, 4)
    assert titles.seat_range() == (2, 4)


def test_a_title_for_more_players_widens_the_range(six_seats: titles.Title) -> None:
    assert titles.seat_range() == (2, 6)


def test_the_range_is_read_when_the_command_is_built() -> None:
    # A fresh process: the six-seat title is registered before the command is built.
    code = f"""
import sys, types
from bot import titles
engine = types.ModuleType({SIX!r})
engine.SEAT_COUNTS = (2, 3, 4, 5, 6)
sys.modules[{SIX!r}] = engine
titles.register(titles.Title(name="sixseats", engine={SIX!r}, printed_name="Six seats",
                             game_id="sixseats", images="tests.plugin_game.images"))
from bot.cogs.game import GameCog
seats = GameCog.new.get_parameter("seats")
print(seats.min_value, seats.max_value)
"""
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == ["2", "6"]

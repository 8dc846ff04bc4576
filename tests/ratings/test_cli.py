"""``python -m bot ratings ...``: rebuild on a database (SQLite file or PostgreSQL), the
simulation's printed figures."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.storage import Location
from tests.postgres import query
from tests.service.conftest import ANN, BOB, CAT, ManualClock, open_service, started


async def _played_database(path: Location) -> None:
    clock = ManualClock()
    service = await open_service(path, clock)
    try:
        for channel, (players, loser) in enumerate(
            [((ANN, BOB), ANN), ((ANN, BOB, CAT), CAT), ((BOB, CAT), BOB)]
        ):
            table = await started(service, players, channel=channel)
            clock.advance(30)
            await service.resign(table.id, loser.user_id)
    finally:
        await service.close()


def _derived(path: Location) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    return (
        query(path, "SELECT * FROM ratings ORDER BY user_id"),
        query(path, "SELECT * FROM rating_history ORDER BY table_id, user_id"),
    )


async def test_rebuild_command_recomputes_the_same_numbers(
    database: Location, capsys: pytest.CaptureFixture[str]
) -> None:
    path = database  # an SQLite file or a postgresql:// URL
    await _played_database(path)
    before = _derived(path)
    query(path, "UPDATE ratings SET mu = 0, games = 99")  # damage the derived rows
    query(path, "DELETE FROM rating_history")
    # The command runs its own event loop: run it outside this test's loop.
    code = await asyncio.to_thread(main, ["ratings", "rebuild", "--db", str(path)])
    assert code == 0
    assert "from 3 rated results" in capsys.readouterr().out
    assert _derived(path) == before
    assert len(before[1]) == 7


def test_rebuild_without_a_database_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    assert main(["ratings", "rebuild", "--db", str(tmp_path / "none.sqlite3")]) == 2
    assert "No database" in capsys.readouterr().out


def test_simulate_prints_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ratings", "simulate", "--seed", "3", "--runs", "1"]) == 0
    out = capsys.readouterr().out
    assert out.count("<- chosen") == 2  # one per game size
    assert "wins that lowered the shown rating" in out and "improver" in out

"""Moving house: ``python -m bot migrate --to postgresql://...`` copies the SQLite database into
an empty PostgreSQL database (every row, ids kept, sequences advanced) and replays every stored
game to its snapshot."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

from bot.service import Player, Service
from bot.storage.db import shown_url
from bot.storage.moving import move_house
from tests.postgres import NewDatabase, dump, query
from tests.service.conftest import (
    ANN,
    BOB,
    CAT,
    GUILD,
    ManualClock,
    games,
    open_service,
    play,
    started,
)

ROOT = Path(__file__).resolve().parent.parent.parent


async def a_busy_database(path: Path, clock: ManualClock) -> dict[str, int]:
    """A lobby, running T&E and Targi games, a finished (rated) game and a cancelled lobby."""
    svc = await open_service(path, clock)
    try:
        rng = random.Random(7)
        tigris = await started(svc, (ANN, BOB, CAT), channel=1, game="tigris")
        await play(svc, tigris.id, rng, 12)
        targi = await started(svc, (ANN, BOB), channel=2, game="targi")
        await play(svc, targi.id, rng, 15)
        finished = await started(svc, (ANN, BOB), channel=3)
        await svc.resign(finished.id, BOB.user_id)
        cancelled = await svc.create(
            game="targi", guild_id=GUILD, channel_id=4, creator=CAT, max_seats=2, language="en"
        )
        await svc.cancel(cancelled.id, CAT.user_id, can_manage=False)
        await svc.create(
            game="targi", guild_id=GUILD, channel_id=5, creator=BOB, max_seats=2, language="en"
        )
        return {"tigris": tigris.id, "targi": targi.id}
    finally:
        await svc.close()


async def test_the_copy_is_exact_verified_and_plays_on(
    tmp_path: Path, new_postgres: NewDatabase, clock: ManualClock
) -> None:
    path = tmp_path / "bot.sqlite3"
    ids = await a_busy_database(path, clock)
    url = await new_postgres()
    said: list[str] = []
    assert await move_house(path, url, said.append, games) == 0, said
    assert said[-1] == "Verified 3 games: every action log replays to its stored snapshot."
    assert "  game_tables" in "\n".join(said) and "5 rows" in "\n".join(said)
    assert dump(url) == dump(path)

    svc: Service = await open_service(url, clock)
    try:  # the bot carries on on PostgreSQL: same games, new ids after the copied ones
        before = await svc.get(ids["targi"])
        [result] = await play(svc, ids["targi"], random.Random(1), 1)
        assert result.table.seq == before.seq + 1
        fresh = await svc.create(
            game="targi",
            guild_id=GUILD,
            channel_id=6,
            creator=Player(106, "Fay"),
            max_seats=2,
            language="en",
        )
        assert fresh.id == 6
    finally:
        await svc.close()


async def test_a_target_holding_data_is_refused_and_left_alone(
    tmp_path: Path, new_postgres: NewDatabase, clock: ManualClock
) -> None:
    path = tmp_path / "bot.sqlite3"
    await a_busy_database(path, clock)
    url = await new_postgres()
    svc = await open_service(url, clock)
    await started(svc, (ANN, BOB), channel=99)
    await svc.close()
    before = dump(url)
    said: list[str] = []
    assert await move_house(path, url, said.append, games) == 2
    assert said == [
        "Cannot migrate: The PostgreSQL database "
        f"{shown_url(url)} already holds data (game_tables: 1 row): move into an empty database; "
        "nothing was copied."
    ]
    assert dump(url) == before


async def test_no_source_file_is_refused(tmp_path: Path, new_postgres: NewDatabase) -> None:
    url = await new_postgres(migrated=False)
    said: list[str] = []
    assert await move_house(tmp_path / "none.sqlite3", url, said.append, games) == 2
    assert "no SQLite database at" in said[0]


async def test_the_first_game_off_its_snapshot_is_named(
    tmp_path: Path, new_postgres: NewDatabase, clock: ManualClock
) -> None:
    path = tmp_path / "bot.sqlite3"
    svc = await open_service(path, clock)
    first = await started(svc, (ANN, BOB), channel=1)
    second = await started(svc, (ANN, BOB), channel=2, setup={"hands": [[1, 5, 9], [2, 6, 7]]})
    await svc.submit(second.id, ANN.user_id, "bid 5")
    await svc.close()
    [(text,)] = query(path, "SELECT state FROM snapshots WHERE table_id = ?", (second.id,))
    data = json.loads(text)
    data["points"] = [9] * len(data["points"])  # valid, but not where the log leads
    query(path, "UPDATE snapshots SET state = ? WHERE table_id = ?", (json.dumps(data), second.id))
    url = await new_postgres()
    said: list[str] = []
    assert await move_house(path, url, said.append, games) == 1
    assert said[-1] == (
        f"Verification failed after 1 game: table {second.id} (blind_bids): replaying its 1 "
        "action gives another state than its snapshot. The copy is exact, so the SQLite "
        "database holds the same data."
    )
    assert first.id < second.id


async def test_python_m_bot_migrate(
    tmp_path: Path, new_postgres: NewDatabase, clock: ManualClock
) -> None:
    path = tmp_path / "var" / "bot.sqlite3"
    svc = await open_service(path, clock)
    table = await started(svc, (ANN, BOB), channel=1, game="targi")
    await play(svc, table.id, random.Random(3), 5)
    await svc.close()
    url = await new_postgres(migrated=False)
    env = {k: v for k, v in os.environ.items() if not k.startswith("DATABASE_")}
    env.update({"DATABASE_PATH": str(path), "PYTHONPATH": str(ROOT)})

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "bot", "migrate", *args],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )

    done = run("--to", url)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1] == (
        "Verified 1 game: every action log replays to its stored snapshot."
    )
    again = run("--to", url)
    assert again.returncode == 2 and "already holds data" in again.stdout
    usage = run("--to", str(path))
    assert usage.returncode == 2 and "usage: python -m bot migrate --to" in usage.stderr

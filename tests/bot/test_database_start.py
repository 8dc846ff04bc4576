"""`python -m bot` with a database it cannot use (corrupt, read-only file, read-only folder)
stops at start, before connecting to Discord, with one sentence naming the file and what to do,
exit status 2, and touches nothing."""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import stat
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.service import Player, Service
from bot.storage import DatabaseUnusable, check_usable
from tests.fakediscord import FakeDiscord
from tests.fakediscord.driver import BotProcess

# Root ignores file permissions (CAP_DAC_OVERRIDE); the bot process then runs without that
# capability, so a read-only file is as read-only to it as to any other user.
AS_A_USER = (
    ["setpriv", "--bounding-set=-dac_override,-dac_read_search"] if os.geteuid() == 0 else []
)
needs_permissions = pytest.mark.skipif(
    os.geteuid() == 0 and shutil.which("setpriv") is None,
    reason="running as root without setpriv: permissions cannot be enforced",
)


async def _run_bot(fake: FakeDiscord, db: Path, cwd: Path) -> tuple[int, str]:
    """Run `python -m bot` to its end; (exit status, everything it printed)."""
    env = BotProcess(fake, env={"DATABASE_PATH": str(db)}).environment()
    proc = await asyncio.create_subprocess_exec(
        *AS_A_USER,
        sys.executable,
        "-m",
        "bot",
        cwd=cwd,
        env=env,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    try:
        output, _ = await asyncio.wait_for(proc.communicate(), 30)
    except TimeoutError:
        proc.kill()
        await proc.wait()
        pytest.fail("the bot did not stop at start")
    assert proc.returncode is not None
    return proc.returncode, output.decode()


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


async def _healthy_database(path: Path) -> None:
    service = await Service.open(path)
    await service.close()


def _assert_one_sentence(output: str, *names: str) -> None:
    lines = [line for line in output.splitlines() if line.strip()]
    assert len(lines) == 1, output  # one clear sentence, no traceback
    (line,) = lines
    assert line.startswith("Cannot start: ") and "Traceback" not in line, line
    for name in names:
        assert name in line, line


@pytest.fixture
def restore_permissions(tmp_path: Path) -> Iterator[list[Path]]:
    changed: list[Path] = []
    yield changed
    for path in changed:  # so pytest can clean tmp_path up
        path.chmod(path.stat().st_mode | stat.S_IWUSR | stat.S_IXUSR)


async def test_a_corrupt_file_stops_the_bot_and_stays_byte_identical(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    folder = tmp_path / "var"
    folder.mkdir()
    db = folder / "bot.sqlite3"
    db.write_bytes(b"this is not SQLite, just a file someone overwrote\n" * 200)
    before = _snapshot(folder)
    status, output = await _run_bot(fake_discord, db, tmp_path)
    assert status == 2, output
    _assert_one_sentence(output, str(db), "backup")
    assert _snapshot(folder) == before, "the file (and its folder) must stay exactly as they were"
    assert fake_discord.calls == [] and fake_discord.identifies == [], "Discord is never reached"


async def test_a_damaged_sqlite_file_stops_the_bot(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    db = tmp_path / "bot.sqlite3"
    await _healthy_database(db)
    data = bytearray(db.read_bytes())
    page_size = int.from_bytes(data[16:18], "big")
    assert len(data) > 3 * page_size
    data[page_size : 3 * page_size] = b"\xa5" * (2 * page_size)  # the schema's pages scribbled
    db.write_bytes(bytes(data))
    before = _snapshot(tmp_path)
    status, output = await _run_bot(fake_discord, db, tmp_path)
    assert status == 2, output
    _assert_one_sentence(output, str(db))
    assert _snapshot(tmp_path) == before
    assert fake_discord.calls == []


@needs_permissions
async def test_a_read_only_file_stops_the_bot_without_leaving_wal_files(
    fake_discord: FakeDiscord, tmp_path: Path, restore_permissions: list[Path]
) -> None:
    folder = tmp_path / "var"
    db = folder / "bot.sqlite3"
    await _healthy_database(db)
    db.chmod(0o444)
    restore_permissions.append(db)
    before = _snapshot(folder)
    status, output = await _run_bot(fake_discord, db, tmp_path)
    assert status == 2, output
    _assert_one_sentence(output, str(db), "read-only", "writable")
    assert _snapshot(folder) == before, "no -wal / -shm file is left next to it"
    assert fake_discord.calls == []


@needs_permissions
async def test_a_read_only_folder_stops_the_bot(
    fake_discord: FakeDiscord, tmp_path: Path, restore_permissions: list[Path]
) -> None:
    folder = tmp_path / "var"
    db = folder / "bot.sqlite3"
    await _healthy_database(db)
    folder.chmod(0o555)
    restore_permissions.append(folder)
    before = _snapshot(folder)
    status, output = await _run_bot(fake_discord, db, tmp_path)
    assert status == 2, output
    _assert_one_sentence(output, str(folder), "read-only", "writable")
    assert _snapshot(folder) == before
    assert fake_discord.calls == []


@needs_permissions
async def test_a_database_that_cannot_be_created_stops_the_bot(
    fake_discord: FakeDiscord, tmp_path: Path, restore_permissions: list[Path]
) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o555)
    restore_permissions.append(locked)
    db = locked / "var" / "bot.sqlite3"
    status, output = await _run_bot(fake_discord, db, tmp_path)
    assert status == 2, output
    _assert_one_sentence(output, str(db), str(locked))
    assert list(locked.iterdir()) == []
    assert fake_discord.calls == []


async def test_healthy_databases_pass_and_stay_untouched(tmp_path: Path) -> None:
    check_usable(tmp_path / "new" / "bot.sqlite3")  # to be created
    assert not (tmp_path / "new").exists()
    db = tmp_path / "bot.sqlite3"
    await _healthy_database(db)
    before = _snapshot(tmp_path)
    check_usable(db)
    assert _snapshot(tmp_path) == before
    # A running bot's database, its last commits still in the WAL (as after a crash).
    service = await Service.open(db)
    try:
        await service.create(
            game="tigris",
            guild_id=1,
            channel_id=2,
            creator=Player(user_id=1, name="Ann"),
            max_seats=2,
            language="en",
        )
        assert (tmp_path / "bot.sqlite3-wal").stat().st_size > 0
        check_usable(db)
    finally:
        await service.close()
    with pytest.raises(DatabaseUnusable, match="not a file"):
        check_usable(tmp_path)


def test_an_empty_file_is_a_new_database(tmp_path: Path) -> None:
    db = tmp_path / "bot.sqlite3"
    db.touch()
    check_usable(db)
    sqlite3.connect(db).close()

"""`python -m bot` with a token but no way to reach Discord stops with one sentence for the
admin and exit status 2, not a traceback; and the start logs no warning about voice, which the
bot never uses."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LOG_LINE = re.compile(r"^\S*\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\S* \S*(DEBUG|INFO|WARNING|ERROR)")


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _start(tmp_path: Path, api_base: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DISCORD_", "DATABASE_", "SHARD_")) and key != "LOG_LEVEL"
    }
    env.update(
        {
            "PYTHONPATH": str(ROOT),
            "DISCORD_TOKEN": "MTAw.offline.token",
            "DISCORD_API_BASE": api_base,
            "DATABASE_PATH": str(tmp_path / "bot.sqlite3"),
            "AI_WORKERS": "1",
            "RENDER_WORKERS": "0",
        }
    )
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=tmp_path,  # no .env of the repository
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize(
    "api_base",
    [
        pytest.param(f"http://127.0.0.1:{_closed_port()}/api/v10", id="connection-refused"),
        # .invalid never resolves (RFC 6761): what a machine without DNS sees for discord.com.
        pytest.param("https://discord.invalid/api/v10", id="no-dns"),
    ],
)
@pytest.mark.parametrize("command", [(), ("sync",)], ids=["start", "sync"])
def test_no_network_is_one_sentence_and_exit_status_two(
    tmp_path: Path, api_base: str, command: tuple[str, ...]
) -> None:
    run = _start(tmp_path, api_base, *command)
    output = run.stdout + run.stderr
    assert run.returncode == 2, output
    assert "Traceback" not in output
    said = [line for line in output.splitlines() if line.strip() and not LOG_LINE.match(line)]
    assert len(said) == 1, output
    assert said[0].startswith("Cannot start: cannot reach Discord at " + api_base), said
    assert said[0].endswith("check the network."), said
    # The client was built (it logged in) and no warning was logged on the way.
    assert "logging in" in output
    assert not [line for line in output.splitlines() if "WARNING" in line or "ERROR" in line]
    assert "voice" not in output.lower()

"""Run ``python -m bot.games replay`` on a record file, as a player or a developer would."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The tool as ``python -m bot.games`` runs it, after installing one engine given by its module
# path (a game the tests register, which a fresh process would not know).
_WITH_ENGINE = (
    "import sys; from bot import games; games.install(sys.argv[1], sys.argv[2]); "
    "from bot.games.__main__ import main; sys.exit(main(['replay', sys.argv[3]]))"
)


def run_replay_tool(
    record_file: Path, engine: tuple[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """The finished replay tool process (its stdout is the final state or a JSON error);
    ``engine``: (name, module) of a game to install first, for a game outside the bot."""
    command = [sys.executable, "-m", "bot.games", "replay", str(record_file)]
    if engine is not None:
        command = [sys.executable, "-c", _WITH_ENGINE, *engine, str(record_file)]
    return subprocess.run(
        command,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )

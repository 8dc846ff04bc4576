"""Run ``python -m bot.games replay`` on a record file, as a player or a developer would."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_replay_tool(record_file: Path) -> subprocess.CompletedProcess[str]:
    """The finished replay tool process (its stdout is the final state or a JSON error)."""
    return subprocess.run(
        [sys.executable, "-m", "bot.games", "replay", str(record_file)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )

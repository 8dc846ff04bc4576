"""One of several processes opening fresh databases at the same instant (the test in
``test_starting_together.py`` starts five and releases them together, trial after trial).

``python -m tests.service.starting_together FOLDER TRIALS WORKER [POSTGRES_URL...]``: for each
trial ``i`` it says it is ready (the file ``ready.i.WORKER``), waits for ``go.i``, opens the
database as the bot does at start (``Database.open``: migrations and, on SQLite, the WAL
switch) and prints one JSON line: the trial and the error, if opening raised.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from pathlib import Path

from bot.storage.tables import Database


async def _open(location: Path | str) -> str | None:
    try:
        database = await Database.open(location)
    except Exception as error:  # reported, not raised: the parent counts every failure
        return f"{type(error).__name__}: {error}"
    await database.close()
    return None


def main(argv: list[str]) -> None:
    folder, trials, worker = Path(argv[0]), int(argv[1]), argv[2]
    urls = argv[3:]
    for trial in range(trials):
        (folder / f"ready.{trial}.{worker}").touch()
        go = folder / f"go.{trial}"
        while not go.exists():
            time.sleep(0.0005)
        location: Path | str = urls[trial] if urls else folder / f"{trial}.sqlite3"
        error = asyncio.run(_open(location))
        print(json.dumps({"trial": trial, "error": error}), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])

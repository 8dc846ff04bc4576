"""Everything that knows one game is reached through its entry in ``bot.titles``: outside each
game's own files, the shared layers (``bot/``, ``renderers/``) never name a shipped game, and
the registry names them on its one registry line only."""

from __future__ import annotations

import re
from pathlib import Path

from bot import titles

ROOT = Path(__file__).resolve().parent.parent
SHARED = ("bot", "renderers")
GAMES = ("tigris", "targi")
NAMED = re.compile("|".join(GAMES))

#: The only lines of shared files that may name a game, each with why.
ALLOWED = {
    # The registry line itself: the module of each shipped title.
    ("bot/titles/__init__.py", "INSTALLED = ("),
    # The catalogue's domains list source files by path; the commands domain claims the T&E
    # cog file by name because the next domains claim the other cog files one by one.
    ("bot/i18n/catalog.py", '"bot/cogs/tigris.py",'),
    # "targia" is a Targi tribe symbol's id among the shared palette's colours of every
    # drawing (the symbol's word, not the game's name).
    ("renderers/palette.py", '"targia": ('),
}


def own_file(path: Path) -> bool:
    """A game's own file: a folder or file named after the game (``bot/games/targi/``,
    ``renderers/tigris.py``), or after the game and a part (``renderers/targi_chart.py``,
    ``bot/ui/labels_tigris.py``)."""
    for part in path.relative_to(ROOT).with_suffix("").parts:
        for game in GAMES:
            if part == game or part.startswith(f"{game}_") or part.endswith(f"_{game}"):
                return True
    return False


def test_the_shared_layers_name_no_game_outside_the_registry_line() -> None:
    hits = []
    for folder in SHARED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if own_file(path):
                continue
            name = str(path.relative_to(ROOT))
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if NAMED.search(line) and not any(
                    name == allowed and line.strip().startswith(start) for allowed, start in ALLOWED
                ):
                    hits.append(f"{name}:{number}: {line.strip()}")
    assert hits == []


def test_the_scan_sees_the_shared_layers_and_the_registry_line() -> None:
    # The scan is not vacuous: the registry line names every shipped title, and it skips only
    # files named after a game.
    line = next(
        line
        for line in (ROOT / "bot/titles/__init__.py").read_text(encoding="utf-8").splitlines()
        if line.startswith("INSTALLED = (")
    )
    assert all(f"bot.titles.{game}" in line for game in GAMES)
    assert titles.title_names() == GAMES
    assert not own_file(ROOT / "bot/presenters.py") and own_file(ROOT / "bot/titles/targi.py")
    assert own_file(ROOT / "bot/games/tigris/rules.py")

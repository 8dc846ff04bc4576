"""Everything that knows one game is reached through its entry in ``bot.titles``: outside each
game's own files, the shared layers (``bot/``, ``renderers/``) never name a shipped game, and
the registry names them on its one registry line only.

Generic: the scan runs for every installed title (``game_title``, see ``tests/conftest.py``), and
for a game's own title where its test folder imports it.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from bot import titles

ROOT = Path(__file__).resolve().parent.parent
SHARED = ("bot", "renderers")

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


def own_file(path: Path, games: tuple[str, ...]) -> bool:
    """A file of one of ``games``: a folder or file named after the game (``bot/games/targi/``,
    ``renderers/tigris.py``), or after the game and a part (``renderers/targi_chart.py``,
    ``bot/ui/labels_tigris.py``)."""
    for part in path.relative_to(ROOT).with_suffix("").parts:
        for game in games:
            if part == game or part.startswith(f"{game}_") or part.endswith(f"_{game}"):
                return True
    return False


def test_the_shared_layers_name_no_game_outside_the_registry_line(
    game_title: titles.Title,
) -> None:
    # Another title's own files may name it (a shipped game's modules are skipped for all).
    games = (*titles.title_names(), game_title.name)
    named = re.compile(re.escape(game_title.name))
    hits = []
    for folder in SHARED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if own_file(path, games):
                continue
            name = str(path.relative_to(ROOT))
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if named.search(line) and not any(
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
    shipped = tuple(importlib.import_module(module).TITLE.name for module in titles.INSTALLED)
    assert len(shipped) >= 2 and all(f"bot.titles.{game}" in line for game in shipped)
    assert titles.title_names() == shipped
    assert not own_file(ROOT / "bot/presenters.py", shipped)
    for game in shipped:  # each shipped game's folders are its own, and only its own
        assert own_file(ROOT / f"bot/games/{game}/__init__.py", shipped)
        assert not own_file(ROOT / f"bot/games/{game}/__init__.py", ("x",))

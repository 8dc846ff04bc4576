"""Everything that knows one game is reached through its entry in ``bot.titles``: outside each
game's own files, the shared layers (``bot/``, ``renderers/``) never name a shipped game, and
the registry names them on its one registry line only.

Generic: the scan runs for every installed title (``game_title``, see ``tests/conftest.py``), and
for a game's own title where its test folder imports it.
"""

from __future__ import annotations

import ast
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


#: Shared files that still hold a title's own words, each word listed, with why. The list only
#: shrinks: a pair no longer found fails too, so a move out of a shared file is recorded here.
VOCABULARY_LEFT = {
    # The one palette every drawing shares, each game's colours by the thing drawn. It stays
    # on purpose: like a style sheet, it sets the games' colours beside the shared frame's
    # (background, panels, text, accent) so that contrast and harmony are judged in one place,
    # and the fixed palette of the indexed PNGs (renderers/fixed_palette.py) was chosen from
    # the drawings of all the games together. Only the games' renderers read their entries.
    "renderers/palette.py": {
        *("treasure", "catastrophe", "monument", "unification", "raid", "robber", "dates"),
        *("salt", "pepper", "targia", "oasis"),
    },
}


def _forms(word: str) -> set[str]:
    return {word, f"{word}s", f"{word[:-1]}ies" if word.endswith("y") else f"{word}es"}


def _code_words(path: Path) -> set[str]:
    """The words of ``path``'s code: names, attributes, arguments and string literals (not its
    comments and docstrings, which may explain with a game's example), split at non-letters."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    texts: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            texts.append(node.id)
        elif isinstance(node, ast.Attribute):
            texts.append(node.attr)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            texts.append(node.name)
        elif isinstance(node, ast.arg) or (isinstance(node, ast.keyword) and node.arg):
            texts.append(str(node.arg))
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
        ):
            texts.append(node.value)
    return {word.lower() for text in texts for word in re.findall(r"[A-Za-z]+", text)}


def _vocabulary_in_shared_files() -> dict[str, set[str]]:
    own = {
        form: word for t in titles.titles() for word in t.texts.vocabulary for form in _forms(word)
    }
    found: dict[str, set[str]] = {}
    for folder in SHARED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if own_file(path, titles.title_names()):
                continue
            hits = {own[word] for word in _code_words(path) if word in own}
            if hits:
                found[str(path.relative_to(ROOT))] = hits
    return found


def test_the_shared_layers_use_no_titles_vocabulary_but_the_listed_leftovers() -> None:
    assert _vocabulary_in_shared_files() == VOCABULARY_LEFT


def test_each_title_lists_its_own_words_and_the_scan_finds_them() -> None:
    for entry in titles.titles():
        assert entry.texts.vocabulary, entry.name
    tigris = ROOT / "bot/titles/tigris.py"
    assert {"priest", "catastrophe", "monument"} <= _code_words(tigris)
    # Docstrings and comments are not code: a shared docstring may give a game's example.
    assert "dynasty" not in _code_words(ROOT / "renderers/_text.py")

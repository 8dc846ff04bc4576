"""The rules engines import only the standard library (no Discord, Pillow, database, asyncio)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

GAMES_DIR = Path(__file__).resolve().parent.parent / "bot" / "games"
FORBIDDEN_STDLIB = {"asyncio", "sqlite3", "socket", "threading", "multiprocessing", "subprocess"}


def _imported_roots(path: Path) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_engines_import_only_pure_standard_library() -> None:
    offenders = []
    files = sorted(GAMES_DIR.rglob("*.py"))
    assert files, "bot/games has no Python files"
    for path in files:
        for root in _imported_roots(path):
            allowed = (root in sys.stdlib_module_names and root not in FORBIDDEN_STDLIB) or (
                root in {"bot", "__future__"}
            )
            if not allowed:
                offenders.append(f"{path.relative_to(GAMES_DIR)} imports {root}")
    assert offenders == []


def test_engines_do_not_import_the_rest_of_the_bot() -> None:
    for path in sorted(GAMES_DIR.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            module = node.module if isinstance(node, ast.ImportFrom) and node.level == 0 else None
            if module and module.startswith("bot."):
                assert node.module.startswith("bot.games"), f"{path} imports {module}"

"""A clone makes sense on its own: no file of the repository points outside it (a development
machine's absolute paths, a developers' folder beside the checkout), and every path of the
repository that a page names exists."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: Folders that are never part of the repository even when they sit in the checkout.
NOT_OURS = {".git", ".venv", "venv", "var", "build", "dist", "__pycache__", "_failed"}

#: An absolute path of a machine (POSIX home or work folders, a Windows drive, a file URL), or the
#: developers' folder beside the checkout, by its relative path or one of its sub-folders. Another
#: project's ``src/shared/...`` (in a URL, say) is preceded by ``/`` and not matched. (The samples
#: below are built from pieces, so this file passes its own test.)
OUTSIDE = re.compile(
    r"(?<![\w.-])/(?:work|home|Users|root|mnt|srv)/"
    r"|(?<![\w./-])\.\./+shared\b"
    r"|(?<![\w./-])shared/(?:rules|design|seeds|reviews|hooks|discord-api-spec)\b"
    r"|\b[A-Z]:\\(?:Users|work)\b"
    r"|file:/{3}"
)


def repository_files() -> list[Path]:
    """The tracked files (``git ls-files``), or, outside a git checkout, every file but the
    usual local folders."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, timeout=60
        ).stdout.decode()
        files = [ROOT / name for name in listed.split("\0") if name]
    except (OSError, subprocess.CalledProcessError):
        files = [p for p in ROOT.rglob("*") if p.is_file()]
    return [
        p
        for p in files
        if p.is_file()
        and not NOT_OURS & set(p.relative_to(ROOT).parts)
        and not any(part.endswith(".egg-info") for part in p.relative_to(ROOT).parts)
    ]


def _text(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return None  # images, fonts, compiled catalogues


def test_the_patterns_catch_what_they_are_for() -> None:
    shared = "shared"
    caught = [
        "see /" + "work/notes/plan.md",
        "(`../" + shared + "/seeds/`: 000_*)",
        "derived from " + shared + "/rules/cards.json",
        "``" + shared + "/design/notes.md`` §2",
        "`/" + "home/ann/bot/var`",
        "C:" + "\\Users\\ann\\bot",
        "file:" + "///tmp/board.png",
    ]
    kept = [
        "https://github.com/brunomachado37/plt (src/shared/state/Board.cpp)",
        "the bot/games/targi/VIEW.md next to it",
        "a shared PostgreSQL database",
        "/guilds/{guild_id}/members",
    ]
    assert all(OUTSIDE.search(line) for line in caught)
    assert not any(OUTSIDE.search(line) for line in kept)


def test_no_file_points_outside_the_repository() -> None:
    files = repository_files()
    assert len(files) > 100 and ROOT / "README.md" in files
    found = []
    for path in files:
        text = _text(path)
        if text is None:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if OUTSIDE.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:120]}")
    assert found == [], "\n".join(found)


def test_relative_links_of_every_markdown_file_stay_inside() -> None:
    found = []
    for path in repository_files():
        if path.suffix != ".md":
            continue
        for target in re.findall(r"\]\(([^)\s]+)\)", path.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue
            linked = (path.parent / target.partition("#")[0]).resolve()
            if not linked.is_relative_to(ROOT) or not linked.exists():
                found.append(f"{path.relative_to(ROOT)}: {target}")
    assert found == [], "\n".join(found)


#: The pages a person reads about the code.
PAGES = [
    ROOT / "README.md",
    *sorted((ROOT / "docs").glob("*.md")),
    ROOT / "bot" / "SERVICE.md",
    ROOT / "bot" / "games" / "targi" / "VIEW.md",
    ROOT / "tests" / "fakediscord" / "README.md",
]
#: A path of the repository as a page names it: from a top folder on, up to a space, quote or
#: bracket. Paths with a placeholder (``<name>``, ``{ko,tr}``, ``*``, ``NNNN``) are patterns.
NAMED = re.compile(r"(?<![\w./-])((?:bot|renderers|tests|data|docs|\.ci)/[\w./-]*)")
#: Made by the tests or the bot when they run, not kept in the repository.
MADE_AT_RUN_TIME = {"tests/renderers/_failed/"}


def named_paths(page: Path) -> set[str]:
    text = page.read_text(encoding="utf-8")
    found = set()
    for match in NAMED.finditer(text):
        path = match.group(1).rstrip(".,;:")
        after = text[match.end() : match.end() + 1]
        if (after and after in "<{*") or "NNNN" in path:
            continue
        found.add(path)
    return found


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_path_a_page_names_exists(page: Path) -> None:
    named = named_paths(page)
    missing = sorted(
        p for p in named if p not in MADE_AT_RUN_TIME and not (ROOT / p.rstrip("/")).exists()
    )
    assert missing == [], f"{page.relative_to(ROOT)} names paths that do not exist: {missing}"


def test_every_migration_a_page_names_exists() -> None:
    migrations = {p.name for p in (ROOT / "bot" / "storage" / "migrations").glob("*.sql")}
    stems = {name.split(".")[0] for name in migrations}
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for name in re.findall(r"`(\d{4}_\w+(?:\.postgres)?(?:\.sql)?)`", text):
            assert name in migrations or name in stems, f"{page.name}: migration `{name}`"


def test_the_path_check_sees_the_paths() -> None:
    # The architecture page names dozens of modules; a pattern that matched none would pass.
    named = named_paths(ROOT / "docs" / "architecture.md")
    assert {"bot/pbp/scheduler.py", "renderers/replay.py", "tests/test_docs.py"} <= named


#: A module a page names by its file name alone (``service.py``); ``discord.py`` is the library.
BARE_MODULE = re.compile(r"(?<![\w/.<>-])([a-z][a-z0-9_]*\.py)\b")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_module_a_page_names_by_its_file_name_exists(page: Path) -> None:
    names = set(BARE_MODULE.findall(page.read_text(encoding="utf-8"))) - {"discord.py"}
    ours = {p.name for p in repository_files()}
    assert sorted(names - ours) == [], f"{page.relative_to(ROOT)} names modules that do not exist"


def test_a_moved_module_is_caught_by_its_bare_name() -> None:
    # The layer diagram once named `ai_turns.py`, moved to bot/ai/turns.py.
    assert BARE_MODULE.findall("use cases: service.py, ai_turns.py, <name>_chart.py") == [
        "service.py",
        "ai_turns.py",
    ]

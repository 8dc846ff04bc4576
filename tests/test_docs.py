"""The README and docs/ cannot drift: every command in their ``sh`` and ``console`` blocks is run
here (benchmarks with their sizes cut to the smallest each accepts) or carries a visible
``# not run in tests: <why>`` comment; a ``console`` block's shown output must appear; every
``python -m`` command quoted in the text appears in a block; links lead somewhere; each page
says who it is for."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shlex
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.games import get_game
from bot.games.playout import play
from bot.service import Service

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]
NOT_RUN = "not run in tests:"

#: The README's two fresh-machine commands: the bot needs Discord, and `.ci/run` runs the tests one.
FRESH_MACHINE = (
    "python3 -m venv .venv && . .venv/bin/activate && pip install -e . && python -m bot",
    "python3 -m venv .venv && . .venv/bin/activate && pip install -e '.[test]' && python -m pytest",
)

#: Tiny sizes per command (the longest matching key wins): every option listed is set, whatever
#: sizes the page shows. Most benchmarks then take well under a second of CPU; the longest are the
#: T&E arena (one whole game of AI decisions, about 7 s of CPU however small `strong`'s budget:
#: every `normal` decision and `strong`'s first ply look at every candidate), `renderers bench
#: --replays` (three whole replays, about 5 s) and `bot.ai bench --source normal` (it first plays
#: `normal` games to find its positions, about 3 s). The whole file: about 40 s of CPU.
TINY: dict[tuple[str, ...], dict[str, str]] = {
    ("bot.games", "bench"): {"--games": "2"},
    ("bot.ai", "bench"): {"--positions": "1"},
    ("bot.ai", "arena"): {"--games": "1", "--iterations": "100"},
    ("renderers", "bench"): {"--positions": "1", "--repeat": "1"},
    ("renderers", "legibility"): {"--positions": "1"},
    # --review-game: a Targi review (2 s of CPU) where a page reviews T&E games (5 s and more).
    ("bot.bench",): {
        "--games": "2",
        "--moves": "2",
        "--render-workers": "0",
        "--review-game": "targi",
    },
    ("bot.bench.taps",): {"--games": "1", "--level": "easy"},
    ("bot", "ratings", "bench"): {"--games": "10", "--players": "4"},
    ("bot", "ratings", "simulate"): {"--runs": "1"},
    ("bot.leagues", "bench"): {"--players": "4", "--history": "1", "--repeat": "1"},
    ("bot.ai.review_fit",): {"--games": "1", "--check": "0"},
    ("bot.ai.review_bench",): {
        "--games": "1",
        "--positions": "1",
        "--playouts": "1",
        "--title": "targi",
    },
}
#: Sizes cut only where the page uses the option (adding them would change what is measured).
TINY_IF_SHOWN: dict[tuple[str, ...], dict[str, str]] = {
    ("bot.bench",): {
        "--ai-tables": "1",
        "--ai-workers": "1",
        "--reviews": "1",
        "--review-games": "1",
        "--review-seats": "2",
    },
    ("bot.ai.review_bench",): {"--jobs": "1"},
}


@dataclass(frozen=True)
class Command:
    """One command of a page's ``sh`` or ``console`` block."""

    page: str
    line: int
    text: str
    comment: str
    shown: tuple[str, ...] = ()

    @property
    def runs(self) -> bool:
        return not self.comment.startswith(NOT_RUN)

    def __str__(self) -> str:
        return f"{self.page}:{self.line}: {self.text}"


def _blocks(text: str) -> list[tuple[str, int, list[str]]]:
    """``(language, line of the first content line, lines)`` of every fenced block."""
    blocks, lines = [], text.splitlines()
    index = 0
    while index < len(lines):
        fence = re.match(r"^```(\w*)\s*$", lines[index])
        if fence:
            end = next(i for i in range(index + 1, len(lines)) if lines[i].startswith("```"))
            blocks.append((fence.group(1), index + 2, lines[index + 1 : end]))
            index = end
        index += 1
    return blocks


def _split_comment(line: str) -> tuple[str, str]:
    parts = re.split(r"\s+#\s+", line, maxsplit=1)
    text, comment = (parts[0], parts[1]) if len(parts) == 2 else (line, "")
    return text.strip(), comment.strip()


def commands(page: Path) -> list[Command]:
    """Every command of the page: each line of an ``sh`` block (``\\`` continues a line), and each
    ``$ `` line of a ``console`` block with the output lines shown under it."""
    name = page.relative_to(ROOT).as_posix()
    found: list[Command] = []
    for language, first, lines in _blocks(page.read_text(encoding="utf-8")):
        if language == "sh":
            pending, start = "", first
            for offset, line in enumerate(lines):
                if not pending:
                    start = first + offset
                if line.rstrip().endswith("\\"):
                    pending += line.rstrip()[:-1] + " "
                    continue
                whole, pending = pending + line, ""
                if whole.strip() and not whole.lstrip().startswith("#"):
                    text, comment = _split_comment(whole)
                    found.append(Command(name, start, text, comment))
        elif language == "console":
            for offset, line in enumerate(lines):
                if line.startswith("$ "):
                    shown = []
                    for later in lines[offset + 1 :]:
                        if later.startswith("$ "):
                            break
                        if later.strip():
                            shown.append(later.rstrip())
                    text, comment = _split_comment(line[2:])
                    found.append(Command(name, first + offset, text, comment, tuple(shown)))
    return found


def _fresh_machine(command: Command) -> bool:
    return command.page == "README.md" and command.text in FRESH_MACHINE


def documented() -> list[Command]:
    return [c for page in PAGES for c in commands(page) if not _fresh_machine(c)]


def key(words: list[str]) -> tuple[str, ...]:
    """``python -m MODULE SUB...`` -> ``(MODULE, SUB, ...)``, up to the first option, file or
    placeholder."""
    out = [words[2]]
    for word in words[3:]:
        if not re.fullmatch(r"[a-z][a-z0-9_-]*", word):
            break
        out.append(word)
    return tuple(out)


def _python_words(text: str) -> tuple[dict[str, str], list[str]]:
    """The environment assignments in front of a command, and its words."""
    words = shlex.split(text)
    env = {}
    while words and re.fullmatch(r"[A-Z_]+=\S*", words[0]):
        name, _, value = words.pop(0).partition("=")
        env[name] = value
    return env, words


def tiny(words: list[str]) -> list[str]:
    """The command with the TINY sizes set (``words`` start ``python -m``)."""
    if words[1] != "-m":
        return words
    command = key(words)
    out = list(words)
    for table, always in ((TINY, True), (TINY_IF_SHOWN, False)):
        matches = [k for k in table if command[: len(k)] == k]
        if not matches:
            continue
        for option, value in table[max(matches, key=len)].items():
            if option in out:
                out[out.index(option) + 1] = value
            elif always:
                out += [option, value]
    return out


def test_the_readme_keeps_its_two_commands_on_top_and_stays_short() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 150
    top = [c.text for c in commands(README)[:2]]
    assert top == list(FRESH_MACHINE)
    assert text.index(FRESH_MACHINE[1]) < text.index("##")  # before any section
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "pip install -q -e '.[test]' && python -m pytest" in ci  # what the README promises


def test_the_readmes_quick_subset_is_real() -> None:
    """The README's quick test command names test paths that exist and collects about the number
    of tests it claims (its tests themselves run in the whole suite; running them here twice
    would cost half a minute of CPU)."""
    text = README.read_text(encoding="utf-8")
    quick = [c for c in commands(README) if c.text.startswith("python -m pytest tests/")]
    assert len(quick) == 1, quick
    paths = quick[0].text.split()[3:]
    assert paths and all(p.startswith("tests/") and (ROOT / p).exists() for p in paths), paths
    claim = re.search(r"about (\d+) tests, (\d+) s of CPU", text)
    assert claim, "the README says how many tests the quick subset runs"
    claimed = int(claim.group(1))
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-p", "no:cacheprovider", *paths],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    count = re.search(r"(\d+) tests? collected", result.stdout)
    assert count, result.stdout[-2000:]
    collected = int(count.group(1))
    assert 0.8 * claimed <= collected <= 1.25 * claimed, (collected, claimed)


@pytest.mark.parametrize("page", PAGES[1:], ids=lambda p: p.name)
def test_each_doc_page_opens_with_who_it_is_for(page: Path) -> None:
    lines = [line for line in page.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert lines[0].startswith("# ") and re.match(r"\*For [^*]+:\*", lines[1]), lines[:2]


def test_every_command_is_run_or_marked_with_a_reason() -> None:
    commands_ = documented()
    assert len(commands_) >= 25
    for command in commands_:
        if not command.runs:
            assert len(command.comment) > len(NOT_RUN) + 5, f"{command}: say why"
            continue
        _, words = _python_words(command.text)
        assert words[0] == "python" and words[1] in ("-m", "-c"), (
            f"{command}: the test runs only `python -m ...` and `python -c ...`; mark it"
            f" `# {NOT_RUN} <why>` if it cannot run here"
        )


def test_every_benchmark_in_the_docs_is_run_with_tiny_sizes() -> None:
    run = [c for c in documented() if c.runs]
    python = [key(words) for c in documented() if (words := _python_words(c.text)[1])[1] == "-m"]
    benches = {k for k in python if "bench" in k or k[0].endswith(".bench")}
    assert len(benches) >= 7, benches
    for bench in benches:
        assert any(key(_python_words(c.text)[1])[: len(bench)] == bench for c in run), bench
        assert any(bench[: len(k)] == k for k in TINY), f"{bench}: add its tiny sizes to TINY"


def test_every_python_command_quoted_in_the_text_is_in_a_block() -> None:
    blocks = {key(_python_words(c.text)[1]) for c in documented() if " -m " in c.text}
    for page in PAGES:
        text = page.read_text(encoding="utf-8").replace("\n", " ")
        for quoted in re.findall(r"`(python -m [^`]+)`", text):
            words = quoted.split()
            wanted = key(words)
            assert any(b[: len(wanted)] == wanted for b in blocks), f"{page.name}: `{quoted}`"


def _anchor(heading: str) -> str:
    """GitHub's anchor of a heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_links_lead_to_files_and_headings_that_exist() -> None:
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if target.startswith(("http://", "https://")):
                continue
            path, _, anchor = target.partition("#")
            linked = (page.parent / path).resolve() if path else page
            assert linked.exists(), f"{page.name}: {target}"
            if anchor:
                headings = re.findall(r"^#+ (.+)$", linked.read_text(encoding="utf-8"), re.M)
                assert anchor in {_anchor(h) for h in headings}, f"{page.name}: {target}"


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    """A folder with what the documented commands read: the bot's database at its default place
    (``var/bot.sqlite3``) and a game record (``record.json``)."""
    database = tmp_path / "var" / "bot.sqlite3"
    database.parent.mkdir()

    async def create() -> None:
        service = await Service.open(database)
        await service.close()

    asyncio.run(create())
    record = play(get_game("targi"), 2, 1).record
    (tmp_path / "record.json").write_text(json.dumps(record), encoding="utf-8")
    return tmp_path


def _environment(extra: dict[str, str]) -> dict[str, str]:
    """The test's environment without any bot setting (they come from the command alone)."""
    settings = re.findall(r"^([A-Z_]+)=", (ROOT / ".env.example").read_text(), re.M)
    env = {k: v for k, v in os.environ.items() if k not in settings}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return {**env, **extra}


def _is_benchmark(words: list[str]) -> bool:
    """A benchmark reads nothing from the work folder and keeps its databases in folders and ports
    of its own, so benchmarks may run side by side (only their timings, never checked here, feel
    it)."""
    if words[1] != "-m":
        return False
    command = key(words)
    return any(command[: len(k)] == k for k in TINY)


def _run(command: Command, workdir: Path) -> str | None:
    """Run one documented command (tiny sizes); a failure's description, or None."""
    extra, words = _python_words(command.text)
    argv = [sys.executable, *tiny(words)[1:]]
    result = subprocess.run(
        argv,
        cwd=workdir,
        env=_environment(extra),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    output = result.stdout + result.stderr
    lines = {line.rstrip() for line in output.splitlines()}
    missing = [shown for shown in command.shown if shown not in lines]
    if result.returncode != 0 or missing:
        return (
            f"{command}\n  ran {shlex.join(argv[1:])}: exit status {result.returncode}, "
            f"missing lines {missing}\n{output[-2000:]}"
        )
    return None


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_documented_command_runs(page: Path, workdir: Path) -> None:
    """Every command runs; the page's other commands in their order (a backup, then its check),
    its benchmarks two at a time beside them (most of their wall time is starting processes and
    waiting for them; on two cores this halves it)."""
    runnable = [c for c in commands(page) if not _fresh_machine(c) and c.runs]
    benches = [c for c in runnable if _is_benchmark(_python_words(c.text)[1])]
    in_order = [c for c in runnable if c not in benches]
    with ThreadPoolExecutor(max_workers=2) as pool:
        side_by_side = [pool.submit(_run, c, workdir) for c in benches]
        failures = [_run(c, workdir) for c in in_order]
        failures += [future.result() for future in side_by_side]
    assert not any(failures), "\n".join(f for f in failures if f)


def test_every_setting_of_env_example_is_in_running_md() -> None:
    settings = re.findall(r"^([A-Z_]+)=", (ROOT / ".env.example").read_text(), re.M)
    running = (ROOT / "docs" / "running.md").read_text(encoding="utf-8")
    assert len(settings) >= 12
    assert [s for s in settings if f"`{s}`" not in running] == []

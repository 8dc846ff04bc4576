"""The notation documented in docs/playing.md and VIEW.md is exactly what the engine reads."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.games.targi.notation import normalize

ROOT = Path(__file__).resolve().parents[2]


def _examples(path: Path, start: str, end: str, column: int, within: str = "") -> list[str]:
    text = path.read_text(encoding="utf-8")
    text = text[text.index(within) :]
    section = text[text.index(start) : text.index(end)]
    rows = [line.split("|") for line in section.splitlines() if line.startswith("| ")]
    return [ex for row in rows[1:] for ex in re.findall(r"`([^`]+)`", row[column])]


PLAYING = _examples(ROOT / "docs/playing.md", "**Notation.**", "**Table options**", 2, "## Targi")
VIEW = _examples(ROOT / "bot/games/targi/VIEW.md", "| When | Action", "A decision with exactly", 3)


def test_both_documents_give_examples():
    assert len(PLAYING) >= 25 and len(VIEW) >= 25


@pytest.mark.parametrize("example", sorted(set(PLAYING + VIEW)))
def test_every_documented_example_is_canonical(example):
    assert normalize(example) == example


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("  USE   b2 ", "use B2"),
        ("take s", "take 1S"),
        ("pay vp", "pay 1VP"),
        ("display 1 2s 1d", "display 1 1D 2S"),
        ("trade 3s g", "trade 3S G"),
        ("swap 2.1 1.4", "swap 1.4 2.1"),
        ("place 05", "place 5"),
        ("Display 2 G Stored", "display 2 1G stored"),
    ],
)
def test_chat_spellings_read_as_the_canonical_action(typed, canonical):
    assert normalize(typed) == canonical

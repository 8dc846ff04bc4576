"""A title's keyed texts as data (``bot.titles.keyed``): key -> message and its readers."""

from __future__ import annotations

import pytest

from bot import titles
from bot.i18n import N_, _, render
from bot.titles.keyed import KeyedTexts, Says, const, num, read, says

TABLE = KeyedTexts(
    {
        "pass": says(_("{player} passes")),
        "score": says(_("{player} scores {n} {colour}"), colour=read("colour", str.upper)),
        "swap": says(N_("{player} swaps {n} tile", "{player} swaps {n} tiles", 0), count=num("n")),
        "end": says(_("the game ends: the bag cannot refill the swap")),
        "odd": lambda p: _("{word} is odd", word=p["word"]) if p["word"] % 2 else None,
    },
    otherwise=lambda key, p: _("{player} passes", player=key) if key.startswith("@") else None,
)


def test_a_placeholder_reads_its_parameter_or_its_reader() -> None:
    assert TABLE("pass", {"player": "@1"}) == _("{player} passes", player="@1")
    assert str(TABLE("score", {"player": "@0", "n": 3, "colour": "red"})) == "@0 scores 3 RED"


def test_a_counted_message_takes_its_count_from_the_parameters() -> None:
    assert str(TABLE("swap", {"player": "@0", "n": 1})) == "@0 swaps 1 tile"
    assert render(TABLE("swap", {"player": "@0", "n": "3"}), "en") == "@0 swaps 3 tiles"


def test_keys_outside_the_table_go_to_its_fallback_else_none() -> None:
    assert TABLE("unknown", {}) is None
    assert str(TABLE("@2", {})) == "@2 passes"
    assert TABLE("odd", {"word": 2}) is None and str(TABLE("odd", {"word": 3})) == "3 is odd"


def test_a_missing_parameter_raises_so_the_engines_english_is_shown() -> None:
    with pytest.raises(KeyError):
        TABLE("score", {"player": "@0", "colour": "red"})


def test_a_reader_for_no_placeholder_is_refused_when_the_table_is_built() -> None:
    with pytest.raises(ValueError, match="colour"):
        says(_("{player} passes"), colour=const("red"))


@pytest.mark.parametrize("name", titles.title_names())
def test_every_shipped_title_words_events_and_refusals_by_a_table(name: str) -> None:
    title = titles.title(name)
    assert title is not None
    for table in (title.texts.events, title.texts.refusals):
        assert isinstance(table, KeyedTexts) and table.keys()
        assert all(callable(entry) for entry in table.entries.values())
        assert any(isinstance(entry, Says) for entry in table.entries.values())

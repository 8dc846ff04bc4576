"""The Targi board's message carries what the phone-sized table image leaves out (the round and
phase, the decks and the raids), in the table's language, through the fake Discord."""

from __future__ import annotations

import pytest

from tests.bot.helpers import Harness
from tests.bot.test_ui_languages import lobby_in, start


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ("Round 1", "Decks:", " · Raids: 1 2 3 4")),
        ("ko", ("1라운드", "더미: 부족 카드 ", " · 습격: 1 2 3 4")),
        ("tr", ("1. tur", "Desteler: ", " kabile kartı, ", " · Baskınlar: 1 2 3 4")),
    ],
)
async def test_the_board_message_names_the_round_and_the_decks(
    harness: Harness, language: str, words: tuple[str, ...]
) -> None:
    h = harness
    await start(h, await lobby_in(h, language))
    board = await h.board()
    lines = board["content"].splitlines()
    extra = [line for line in lines if line.startswith("-# ")]
    assert len(extra) == 1, board["content"]
    assert all(word in extra[0] for word in words), extra[0]

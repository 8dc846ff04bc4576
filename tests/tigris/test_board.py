"""The shipped map is loaded and checked on import; a damaged file is refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.games.tigris import board
from bot.games.tigris.board import BOARD_FILE, BoardDataError, label, parse_square


def test_labels_and_squares() -> None:
    assert label(37) == "F3" and parse_square("f3") == 37 and parse_square("P11") == 175
    for text in ("Q1", "A0", "A12", "A01", "", "F", "FF"):
        assert parse_square(text) is None


def _damaged(tmp_path: Path, change: str) -> Path:
    data = json.loads(BOARD_FILE.read_text(encoding="utf-8"))
    if change == "river":
        data["river"] = data["river"][:-1]
    elif change == "corner":
        data["temples"][0]["corner"] = True
    elif change == "temple on river":
        data["temples"][0]["pos"] = data["river"][0]
    elif change == "off board":
        data["river"][0] = [16, 0]
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("river", "41 river squares"),
        ("corner", "4 corner treasures"),
        ("temple on river", "wrong label|temples on land"),
        ("off board", "off the board"),
    ],
)
def test_a_damaged_board_file_is_refused(tmp_path: Path, change: str, message: str) -> None:
    with pytest.raises(BoardDataError, match=message):
        board._load(_damaged(tmp_path, change))


def test_a_missing_board_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(BoardDataError, match="cannot read"):
        board._load(tmp_path / "missing.json")

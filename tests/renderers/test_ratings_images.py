"""Rating images from plain data: the leaderboard and the rating card, as goldens."""

from __future__ import annotations

from renderers._draw import recording
from renderers.ratings import BoardLine, CardData, render_cards, render_leaderboard
from tests.renderers.golden import TOLERANCE, assert_matches_golden, decode, mean_difference

NAMES = ["Alice", "Bob, builder of very long ziggurat names", "Carol", "Dave", "Eve", "Frank"]


def _lines(provisional_from: int = 4) -> list[BoardLine]:
    trends = [12.0, -8.0, 0.0, 3.0, -20.0, 0.2]
    return [
        BoardLine(
            None if i >= provisional_from else i + 1,
            name,
            1700 - i * 23.4,
            30 - i * 4,
            55 - i * 3.3,
            trends[i],
            i >= provisional_from,
            highlight=i == 2,
        )
        for i, name in enumerate(NAMES)
    ]


def _leaderboard(caller: BoardLine | None = None, provisional_from: int = 4) -> bytes:
    return render_leaderboard("Targi · leaderboard", _lines(provisional_from), caller, "en")


def _card(provisional: bool) -> CardData:
    chart = tuple(1500 + i * 7 + (i % 5) * 9 for i in range(35))
    return CardData(
        "Tigris & Euphrates",
        "Alice",
        chart[-1],
        None if provisional else 2,
        8,
        provisional,
        10,
        4 if provisional else 34,
        2 if provisional else 20,
        ((1, 12.0), (2, -8.2), (1, 10.0), (4, -30.0), (1, 0.1)),
        chart[:5] if provisional else chart,
    )


def test_leaderboard_matches_golden() -> None:
    png = _leaderboard(BoardLine(31, "Mallory", 1402, 12, 25.0, -14, False, True))
    assert decode(png).width == 800
    assert_matches_golden(png, "ratings_leaderboard")


def test_empty_leaderboard_matches_golden() -> None:
    png = render_leaderboard("Targi · leaderboard", [], None, "en")
    assert_matches_golden(png, "ratings_leaderboard_empty")


def test_rating_cards_match_golden() -> None:
    png = render_cards([_card(False), _card(True)], "en")
    assert decode(png).size == (800, 640)
    assert_matches_golden(png, "ratings_cards")


def test_the_images_show_what_differs() -> None:
    with_caller = decode(_leaderboard(BoardLine(31, "Mallory", 1402, 12, 25.0, -14, False, True)))
    assert with_caller.height == decode(_leaderboard()).height + 2 * 44  # a gap, the line
    ranked = decode(_leaderboard(provisional_from=6))
    assert mean_difference(ranked, decode(_leaderboard())) > TOLERANCE / 4
    established, provisional = (decode(render_cards([_card(p)], "en")) for p in (False, True))
    assert mean_difference(established, provisional) > 4 * TOLERANCE


def test_the_leaderboard_shows_the_first_ten_and_the_callers_line_further_down() -> None:
    """A phone reads ten lines and the caller's own (the rest of the top is in the message):
    a highlighted line past the tenth comes after the gap, as a caller below the top does."""
    lines = [
        BoardLine(i + 1, f"Player {i + 1}", 1800 - 10 * i, 20, 50.0, 0.0, False, i == 14)
        for i in range(20)
    ]
    with recording() as texts:
        png = render_leaderboard("Targi", lines, None, "en")
    names = [text for text in texts if text.startswith("Player ")]
    assert names == [f"Player {i + 1}" for i in range(10)] + ["Player 15"]
    below = BoardLine(31, "Mallory", 1402, 12, 25.0, -14, False, True)
    assert decode(png).size == decode(render_leaderboard("Targi", lines[:10], below, "en")).size

"""The AI seat encoding: a negative user id naming the level, distinct per table."""

from __future__ import annotations

import pytest

from bot.ai import LEVELS
from bot.ai import seats as ai_seats


def test_every_level_has_nine_distinct_ids_that_name_it() -> None:
    assert ai_seats.AI_LEVELS == LEVELS
    seen: list[int] = []
    for level in ai_seats.AI_LEVELS:
        for n in range(1, 10):
            user = ai_seats.next_ai_id(level, seen)
            assert user < 0 and ai_seats.is_ai(user) and user not in seen
            assert ai_seats.ai_level(user) == level
            name = ai_seats.ai_name(user)
            assert name == (f"AI ({level})" if n == 1 else f"AI ({level}) {n}")
            seen.append(user)
        with pytest.raises(ValueError, match="at most 9"):
            ai_seats.next_ai_id(level, seen)
    assert len(set(seen)) == 27


def test_the_documented_ids() -> None:
    assert ai_seats.next_ai_id("easy", []) == -11
    assert ai_seats.next_ai_id("normal", [-21, 111]) == -22
    assert ai_seats.next_ai_id("strong", [-21]) == -31
    assert ai_seats.ai_level(-31) == "strong"


@pytest.mark.parametrize("user", [0, 1, 111, -1, -9, -10, -40, -45, -100])
def test_other_ids_are_no_known_level(user: int) -> None:
    assert ai_seats.ai_level(user) is None
    assert ai_seats.is_ai(user) == (user < 0)


def test_people_keep_their_names_and_ais_get_the_robot_mark() -> None:
    assert ai_seats.mark(111, "Ann") == "Ann"
    assert ai_seats.mark(-21, "AI (normal)") == "🤖 AI (normal)"
    with pytest.raises(ValueError, match="unknown AI level"):
        ai_seats.next_ai_id("grandmaster", [])


def test_images_get_the_ai_seats_and_draw_the_robot_mark() -> None:
    from bot.service import Player, Table
    from bot.ui.images import marked
    from renderers import render_board
    from tests.renderers import positions
    from tests.renderers.golden import decode, strongly_changed_pixels

    def table(*users: int) -> Table:
        players = tuple(Player(u, ai_seats.ai_name(u) if u < 0 else "Ann") for u in users)
        return Table(1, "tigris", 5, 6, 111, "active", 3, "join", {}, 1, players, 0, None, None)

    view = positions.tigris_start()
    people = marked(table(111, 222, 333), view)  # people only: no robot, their names
    assert "ai_seats" not in people and people["seat_names"] == ["Ann", "Ann", "Ann"]
    shown = marked(table(111, -21, -11), view)
    assert shown["ai_seats"] == [1, 2] and "ai_seats" not in view
    plain = decode(render_board("tigris", view, "en"))
    robots = decode(render_board("tigris", shown, "en"))
    assert strongly_changed_pixels(plain, robots) > 100  # two marks drawn

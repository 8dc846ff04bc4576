"""Counts in the play-by-post messages: "1 hour", "1 day", "1 away day" (never "1 hours")."""

from __future__ import annotations

from bot import presenters
from bot.games import tigris
from bot.games.common import IllegalAction
from tests.bot.helpers import ALICE, BOB, Harness, open_table
from tests.pbp.test_discord import DAY, ManualClock, timed  # noqa: F401  (fixture)
from tests.tigris.helpers import position


async def test_timing_limits_and_away_budget_say_one_hour_and_one_day(
    timed: tuple[Harness, ManualClock],  # noqa: F811
) -> None:
    h, clock = timed
    await open_table(h, "targi", [ALICE, BOB])
    too_long = await h.slash(ALICE, "game", {"reminder_hours": 400}, sub="timing")
    assert "between 1 hour and 14 days" in too_long.content, too_long.content
    too_long = await h.slash(ALICE, "game", {"timer_hours": 721}, sub="timing")
    assert "between 1 hour and 30 days" in too_long.content, too_long.content
    away = await h.slash(ALICE, "away", {"days": 13})
    assert "1 day of away time left" in away.content, away.content
    clock.advance(13 * DAY - 60)
    over = await h.slash(ALICE, "away", {"days": 2})
    assert "You have 1 away day left this month" in over.content, over.content


def test_engine_and_board_sentences_with_one() -> None:
    state = position(hands={0: "red blue blue blue blue blue"})
    try:
        tigris.apply(state, 0, "swap red red")
    except IllegalAction as refused:
        assert str(refused) == "you hold only 1 red tile"
    else:
        raise AssertionError("a swap of two red tiles with one in hand was accepted")
    view = {"pending": {"kind": "limits", "excess": 1}}
    assert presenters.pending_clause(view, [], lang="en") == "drop 1 good"
    view = {"pending": {"kind": "treasure", "count": 1}}
    assert presenters.pending_clause(view, [], lang="en") == "take 1 treasure"
    line = presenters.status_line({"to_act": [0], "actions_left": 1}, ["Ann"], lang="en")
    assert line == "To act: **Ann** (1 action left)."

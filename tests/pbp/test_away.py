"""Away periods: the monthly budget, silly numbers refused, /back."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.pbp.usecases import AWAY_BUDGET_DAYS, DAY, BadAway, PlayByPost
from tests.service.conftest import ANN, BOB

# 2026-03-01 00:00 UTC and the first of the next month.
MARCH = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
APRIL = dt.datetime(2026, 4, 1, tzinfo=dt.UTC).timestamp()


@pytest.mark.parametrize("days", [0, -1, 15, 10_000, 2.5, float("nan"), "3", None, True])
async def test_silly_numbers_are_refused_and_change_nothing(pbp: PlayByPost, days: object) -> None:
    with pytest.raises(BadAway) as refused:
        await pbp.away(ANN.user_id, days, now=MARCH)
    assert refused.value.message.endswith(".")
    assert len(refused.value.message) < 120
    status = await pbp.away_status(ANN.user_id, MARCH)
    assert status.until is None and status.budget_left == AWAY_BUDGET_DAYS * DAY


async def test_the_budget_is_per_calendar_month(pbp: PlayByPost) -> None:
    status = await pbp.away(ANN.user_id, 10, now=MARCH)
    assert (status.until, status.budget_left) == (MARCH + 10 * DAY, 4 * DAY)
    with pytest.raises(BadAway, match="4 away days left this month"):
        await pbp.away(ANN.user_id, 5, now=MARCH + 11 * DAY)
    status = await pbp.away(ANN.user_id, 4, now=MARCH + 11 * DAY)
    assert status.budget_left == 0
    with pytest.raises(BadAway, match="0 away days left"):
        await pbp.away(ANN.user_id, 1, now=MARCH + 20 * DAY)
    # Another user has their own budget; a new month a fresh one.
    assert (await pbp.away(BOB.user_id, 14, now=MARCH)).budget_left == 0
    assert (await pbp.away(ANN.user_id, 14, now=APRIL)).budget_left == 0


async def test_back_early_returns_the_unused_days(pbp: PlayByPost) -> None:
    with pytest.raises(BadAway, match="not away"):
        await pbp.back(ANN.user_id, now=MARCH)
    await pbp.away(ANN.user_id, 10, now=MARCH)
    status = await pbp.back(ANN.user_id, now=MARCH + 2 * DAY)
    assert status.until is None and status.budget_left == 12 * DAY
    assert (await pbp.away_status(ANN.user_id, MARCH + 3 * DAY)).until is None
    with pytest.raises(BadAway, match="not away"):
        await pbp.back(ANN.user_id, now=MARCH + 3 * DAY)


async def test_away_again_replaces_the_current_period(pbp: PlayByPost) -> None:
    await pbp.away(ANN.user_id, 3, now=MARCH)
    status = await pbp.away(ANN.user_id, 5, now=MARCH + DAY)
    assert status.until == MARCH + 6 * DAY
    assert status.budget_left == 8 * DAY  # 1 day used + 5 planned
    assert (await pbp.away_status(ANN.user_id, MARCH + 5 * DAY)).until == MARCH + 6 * DAY

"""The play-by-post scheduler driven by a manual clock: reminders, timer warnings and expiries,
away periods pausing them, and all of it surviving a restart on the same database file."""

from __future__ import annotations

import pytest

from bot.pbp.scheduler import Due, Scheduler
from bot.pbp.usecases import BadTiming, PlayByPost
from bot.service import Service
from bot.storage import Location
from tests.service.conftest import ANN, BOB, CAT, CHANNEL, ManualClock, open_service, started

HOUR = 3600.0
DAY = 24 * HOUR
HANDS = {"hands": [[1, 5, 9, 12], [2, 6, 7, 11]]}


def kinds(due: list[Due]) -> list[tuple[str, str]]:
    return [(d.kind, d.table.players[d.seat].name) for d in due]


async def at(scheduler: Scheduler, clock: ManualClock, when: float) -> list[tuple[str, str]]:
    clock.now = when
    return kinds(await scheduler.tick())


async def test_reminders_come_once_per_interval_and_never_more_often(
    service: Service, pbp: PlayByPost, scheduler: Scheduler, clock: ManualClock
) -> None:
    t0 = clock.now
    table = await started(service, setup=HANDS)
    assert (await pbp.options(table.id)).reminder == DAY  # the default
    assert await at(scheduler, clock, t0 + DAY - 1) == []
    assert await at(scheduler, clock, t0 + DAY) == [("reminder", "Ann"), ("reminder", "Bob")]
    assert await at(scheduler, clock, t0 + DAY) == []  # applied once
    assert await at(scheduler, clock, t0 + DAY + 5 * HOUR) == []
    await service.submit(table.id, BOB.user_id, "bid 11")  # Bob is done; Ann keeps waiting
    assert await at(scheduler, clock, t0 + 2 * DAY - 1) == []
    assert await at(scheduler, clock, t0 + 2 * DAY) == [("reminder", "Ann")]
    assert await at(scheduler, clock, t0 + 3 * DAY - 1) == []
    assert await at(scheduler, clock, t0 + 3 * DAY) == [("reminder", "Ann")]
    # Many ticks in between change nothing: exactly one reminder per day.
    for hour in range(1, 24):
        assert await at(scheduler, clock, t0 + 3 * DAY + hour * HOUR) == []


async def test_a_second_reminder_comes_when_times_have_fractions(
    service: Service, scheduler: Scheduler, clock: ManualClock
) -> None:
    """Real clocks read fractions of a second. The guarded update recording a reminder compares
    the previous reminder's time: on PostgreSQL a parameter typed as an integer never matched a
    fractional time, so the second reminder of a decision never came (whole seconds hid it)."""
    clock.now += 0.375
    t0 = clock.now
    table = await started(service, setup=HANDS)
    await service.submit(table.id, BOB.user_id, "bid 11")
    assert await at(scheduler, clock, t0 + DAY + 0.25) == [("reminder", "Ann")]
    assert await at(scheduler, clock, t0 + 2 * DAY + 0.5) == [("reminder", "Ann")]
    assert await at(scheduler, clock, t0 + 2 * DAY + 0.75) == []


async def test_a_live_table_turns_reminders_off(
    service: Service, pbp: PlayByPost, scheduler: Scheduler, clock: ManualClock
) -> None:
    t0 = clock.now
    table = await started(service, setup=HANDS)
    options = await pbp.set_options(table.id, ANN.user_id, can_manage=False, reminder=None)
    assert options.reminder is None and options.timer is None
    assert await at(scheduler, clock, t0 + 10 * DAY) == []
    await pbp.set_options(table.id, ANN.user_id, can_manage=False, reminder=6 * HOUR)
    assert await at(scheduler, clock, t0 + 10 * DAY) == [("reminder", "Ann"), ("reminder", "Bob")]
    assert await at(scheduler, clock, t0 + 10 * DAY + 6 * HOUR - 1) == []
    assert len(await at(scheduler, clock, t0 + 10 * DAY + 6 * HOUR)) == 2


async def test_timer_warns_once_then_skips_with_the_safest_decision(
    service: Service, pbp: PlayByPost, scheduler: Scheduler, clock: ManualClock
) -> None:
    t0 = clock.now
    table = await started(service, game="tigris")
    [first] = await service.to_act(table.id)
    name = table.players[first].name
    await pbp.set_options(
        table.id, ANN.user_id, can_manage=False, reminder=None, timer=2 * DAY, warn_lead=4 * HOUR
    )
    assert await at(scheduler, clock, t0 + 44 * HOUR - 1) == []
    clock.now = t0 + 44 * HOUR
    [warning] = await scheduler.tick()
    assert (warning.kind, warning.seat, warning.deadline) == ("warning", first, t0 + 2 * DAY)
    assert await pbp.deadline(table.id, first) == t0 + 2 * DAY
    assert await at(scheduler, clock, t0 + 2 * DAY - 1) == []  # warned once only
    clock.now = t0 + 2 * DAY
    [expired] = await scheduler.tick()
    assert (expired.kind, expired.consequence, expired.action) == ("expired", "skip", "pass")
    assert expired.move is not None and expired.move.action == "pass"
    after = await service.get(table.id)
    assert after.seq == 1 and after.status == "active"
    # A pass ends the turn: the other player now waits, with a fresh timer.
    other = 1 - first
    assert await service.pending_since(table.id) == {other: t0 + 2 * DAY}
    log = await pbp.game_log(table.id, lang="en")
    dynasty = ("archer", "bull")[first]  # beside the name, as the board marks the seat
    assert log.lines() == [f"1. {name} ({dynasty}) passes"]
    other_name = table.players[other].name
    assert await at(scheduler, clock, t0 + 2 * DAY) == []
    assert await at(scheduler, clock, t0 + 4 * DAY - 4 * HOUR) == [("warning", other_name)]
    assert await at(scheduler, clock, t0 + 4 * DAY) == [("expired", other_name)]
    assert await service.pending_since(table.id) == {first: t0 + 4 * DAY}


async def test_targi_timer_skips_a_targi_card_and_the_game_goes_on(
    service: Service, pbp: PlayByPost, scheduler: Scheduler, clock: ManualClock
) -> None:
    t0 = clock.now
    table = await started(service, game="targi")
    await pbp.set_options(table.id, ANN.user_id, can_manage=False, reminder=None, timer=HOUR)
    assert (await pbp.options(table.id)).warn_lead == HOUR / 4  # a quarter of a short timer
    assert await at(scheduler, clock, t0 + HOUR * 3 / 4) == [("warning", "Ann")]
    clock.now = t0 + HOUR
    [expired] = await scheduler.tick()
    legal_before = expired.move
    assert legal_before is not None
    # Placing is compulsory, so the first legal placement is taken.
    assert expired.action is not None and expired.action.startswith("place ")
    assert (await service.get(table.id)).seq == 1


async def test_forfeit_ends_the_game_with_the_late_player_last(
    service: Service, pbp: PlayByPost, scheduler: Scheduler, clock: ManualClock
) -> None:
    t0 = clock.now
    table = await started(service, (ANN, BOB, CAT), game="tigris")
    [first] = await service.to_act(table.id)
    await pbp.set_options(table.id, BOB.user_id, can_manage=True, timer=DAY, consequence="forfeit")
    assert len(await at(scheduler, clock, t0 + DAY - 4 * HOUR)) == 1  # the warning
    clock.now = t0 + DAY
    due = await scheduler.tick()
    assert [(d.kind, d.consequence, d.seat) for d in due] == [("expired", "forfeit", first)]
    after = await service.get(table.id)
    assert (after.status, after.end_reason, after.resigned_seat) == ("finished", "resigned", first)
    assert (await pbp.options(table.id)).forfeit_seat == first
    summary = await service.final_summary(table.id)
    assert summary["ranking"][-1] == [first]
    assert await at(scheduler, clock, t0 + 5 * DAY) == []  # nothing more for a finished game


async def test_away_pauses_reminders_and_extends_the_timer(
    service: Service, pbp: PlayByPost, scheduler: Scheduler, clock: ManualClock
) -> None:
    t0 = clock.now
    table = await started(service, setup=HANDS)
    await pbp.set_options(table.id, ANN.user_id, can_manage=False, timer=3 * DAY, warn_lead=HOUR)
    await pbp.away(ANN.user_id, 2, now=t0 + 10 * HOUR)
    assert await pbp.away_seats(table.id, t0 + 11 * HOUR) == {0: t0 + 10 * HOUR + 2 * DAY}
    # the table the board shows, passed as read: the same answer without reading it again
    assert await pbp.away_seats(table, t0 + 11 * HOUR) == {0: t0 + 10 * HOUR + 2 * DAY}
    assert await at(scheduler, clock, t0 + DAY) == [("reminder", "Bob")]
    # Ann is back at t0 + 58 h having waited 10 h of present time: no reminder until 24 h.
    assert await pbp.away_seats(table.id, t0 + 58 * HOUR) == {}
    assert await at(scheduler, clock, t0 + 58 * HOUR) == [("reminder", "Bob")]
    # Her timer (3 days of present time) ends 2 days late; Bob's is not extended.
    assert await pbp.deadline(table.id, 0) == t0 + 5 * DAY
    assert await pbp.deadline(table.id, 1) == t0 + 3 * DAY
    assert await at(scheduler, clock, t0 + 71 * HOUR) == [("warning", "Bob")]
    assert await at(scheduler, clock, t0 + 72 * HOUR - 1) == []
    assert await at(scheduler, clock, t0 + 72 * HOUR) == [("reminder", "Ann"), ("expired", "Bob")]
    # Her reminder (last one at 72 h) is due with the warning: one ping, not two.
    assert await at(scheduler, clock, t0 + 5 * DAY - HOUR) == [("warning", "Ann")]
    assert await at(scheduler, clock, t0 + 5 * DAY - 1) == []
    assert await at(scheduler, clock, t0 + 5 * DAY) == [("expired", "Ann")]


async def test_back_early_resumes_the_clock(
    service: Service, pbp: PlayByPost, scheduler: Scheduler, clock: ManualClock
) -> None:
    t0 = clock.now
    table = await started(service, setup=HANDS)
    await pbp.set_options(table.id, ANN.user_id, can_manage=False, reminder=None, timer=DAY)
    await pbp.away(BOB.user_id, 7, now=t0 + HOUR)
    assert await at(scheduler, clock, t0 + 20 * HOUR) == [("warning", "Ann")]  # Bob is away
    clock.now = t0 + DAY
    assert kinds(await scheduler.tick()) == [("expired", "Ann")]
    assert await at(scheduler, clock, t0 + 3 * DAY) == []  # Bob is away: paused
    status = await pbp.back(BOB.user_id, now=t0 + 3 * DAY)
    assert status.until is None
    assert await pbp.deadline(table.id, 1, t0 + 3 * DAY) == t0 + 3 * DAY + 23 * HOUR
    assert await at(scheduler, clock, t0 + 3 * DAY + 19 * HOUR) == [("warning", "Bob")]
    assert await at(scheduler, clock, t0 + 3 * DAY + 23 * HOUR - 1) == []
    assert await at(scheduler, clock, t0 + 3 * DAY + 23 * HOUR) == [("expired", "Bob")]


async def test_everything_survives_a_restart(database: Location, clock: ManualClock) -> None:
    t0 = clock.now
    svc = await open_service(database, clock)
    pbp = PlayByPost(svc)
    table = await started(svc, setup=HANDS)
    other = await started(svc, (CAT, ANN), channel=CHANNEL + 1, setup=HANDS)
    await pbp.set_options(table.id, ANN.user_id, can_manage=False, timer=2 * DAY)
    await pbp.set_options(other.id, CAT.user_id, can_manage=False, reminder=12 * HOUR)
    await pbp.away(CAT.user_id, 2, now=t0)
    clock.now = t0 + DAY

    def where(due: list[Due]) -> list[tuple[str, int, str]]:
        return [(d.kind, d.table.id, d.table.players[d.seat].name) for d in due]

    first = where(await Scheduler(pbp).tick())
    assert first == [
        ("reminder", table.id, "Ann"),
        ("reminder", table.id, "Bob"),
        ("reminder", other.id, "Ann"),  # Cat is away
    ]
    await svc.close()

    svc = await open_service(database, clock)  # the bot restarts on the same file
    try:
        pbp = PlayByPost(svc)
        scheduler = Scheduler(pbp)
        assert await scheduler.tick() == []  # nothing fires twice
        assert (await pbp.options(table.id)).timer == 2 * DAY
        assert (await pbp.away_status(CAT.user_id)).until == t0 + 2 * DAY
        clock.now = t0 + DAY + 12 * HOUR
        assert where(await scheduler.tick()) == [("reminder", other.id, "Ann")]
        clock.now = t0 + 2 * DAY - 4 * HOUR
        assert where(await scheduler.tick()) == [
            ("warning", table.id, "Ann"),
            ("warning", table.id, "Bob"),
        ]
        clock.now = t0 + 2 * DAY
        due = where(await scheduler.tick())
        assert sorted(due) == [
            ("expired", table.id, "Ann"),
            ("expired", table.id, "Bob"),
            ("reminder", other.id, "Ann"),
        ]
        # Cat came back at t0 + 2 days with no present waiting time: 12 h from now.
        clock.now = t0 + 2 * DAY + 12 * HOUR - 1
        assert where(await scheduler.tick()) == []
        clock.now = t0 + 2 * DAY + 12 * HOUR
        assert ("reminder", other.id, "Cat") in where(await scheduler.tick())
    finally:
        await svc.close()


async def test_timing_options_are_checked(
    service: Service, pbp: PlayByPost, clock: ManualClock
) -> None:
    table = await started(service, setup=HANDS)
    before = await pbp.options(table.id)
    bad: list[dict[str, object]] = [
        {"reminder": 0},
        {"reminder": 60.0},
        {"reminder": 100 * DAY},
        {"timer": -5},
        {"timer": float("nan")},
        {"timer": True},
        {"timer": DAY, "warn_lead": DAY},
        {"timer": DAY, "warn_lead": -1},
        {"consequence": "explode"},
    ]
    for options in bad:
        with pytest.raises(BadTiming):
            await pbp.set_options(table.id, ANN.user_id, can_manage=False, **options)  # type: ignore[arg-type]
    with pytest.raises(BadTiming, match="opened this table"):
        await pbp.set_options(table.id, BOB.user_id, can_manage=False, timer=DAY)
    assert await pbp.options(table.id) == before
    await service.resign(table.id, BOB.user_id)
    with pytest.raises(BadTiming, match="ended"):
        await pbp.set_options(table.id, ANN.user_id, can_manage=False, timer=DAY)


async def test_an_expiry_racing_the_players_own_move_applies_once(
    service: Service, pbp: PlayByPost, scheduler: Scheduler, clock: ManualClock
) -> None:
    import asyncio

    table = await started(service, game="targi")
    await pbp.set_options(table.id, ANN.user_id, can_manage=False, reminder=None, timer=HOUR)
    assert await at(scheduler, clock, clock.now + HOUR * 3 / 4) == [("warning", "Ann")]
    clock.advance(HOUR / 4)
    due, moved = await asyncio.gather(
        scheduler.tick(),
        service.submit(table.id, ANN.user_id, "place 2", expected_seq=0),
        return_exceptions=True,
    )
    _, _, _, actions = await service.history(table.id)
    assert len(actions) == 1 and (await service.get(table.id)).seq == 1
    if isinstance(moved, Exception):  # the timer was first: Ann's click met a changed board
        assert isinstance(due, list) and [d.kind for d in due] == ["expired"]
    else:
        assert due == [] and actions == [(0, "place 2")]


async def test_a_timer_set_during_a_long_wait_counts_from_the_change(
    service: Service, pbp: PlayByPost, scheduler: Scheduler, clock: ManualClock
) -> None:
    """A table that has waited three days for Ann turns on a one-day forfeit timer: Ann gets
    the whole day and her warning first, not a forfeit at the next tick."""
    t0 = clock.now
    table = await started(service, setup=HANDS)
    await pbp.set_options(table.id, ANN.user_id, can_manage=False, reminder=None)
    clock.now = t0 + 3 * DAY
    await pbp.set_options(table.id, ANN.user_id, can_manage=False, timer=DAY, consequence="forfeit")
    assert await pbp.deadline(table.id, 0) == t0 + 4 * DAY
    assert await at(scheduler, clock, t0 + 3 * DAY) == []
    assert await at(scheduler, clock, t0 + 4 * DAY - 4 * HOUR - 1) == []
    assert await at(scheduler, clock, t0 + 4 * DAY - 4 * HOUR) == [
        ("warning", "Ann"),
        ("warning", "Bob"),
    ]
    # Shortening the timer after the warnings starts a fresh count, with fresh warnings.
    clock.now = t0 + 4 * DAY - 2 * HOUR
    await pbp.set_options(table.id, ANN.user_id, can_manage=False, timer=2 * HOUR)
    assert await pbp.deadline(table.id, 1) == t0 + 4 * DAY
    assert await at(scheduler, clock, t0 + 4 * DAY - 30 * 60) == [
        ("warning", "Ann"),
        ("warning", "Bob"),
    ]
    assert await at(scheduler, clock, t0 + 4 * DAY - 1) == []
    due = await at(scheduler, clock, t0 + 4 * DAY)
    assert due == [("expired", "Ann")]  # the game ends with the first forfeit
    assert (await service.get(table.id)).status == "finished"


async def test_the_consequence_never_comes_without_its_warning(
    database: Location, clock: ManualClock
) -> None:
    """The bot is offline from before the warning until after the deadline: when it is back it
    warns first, and the forfeit follows the warning's lead later, even across another restart."""
    t0 = clock.now
    svc = await open_service(database, clock)
    try:
        pbp = PlayByPost(svc)
        table = await started(svc, setup=HANDS)
        await pbp.set_options(
            table.id, ANN.user_id, can_manage=False, reminder=None, timer=DAY, consequence="forfeit"
        )
        assert await at(Scheduler(pbp), clock, t0 + 10 * HOUR) == []
    finally:
        await svc.close()
    clock.now = t0 + DAY + 6 * HOUR  # back online long after the deadline
    svc = await open_service(database, clock)
    try:
        pbp = PlayByPost(svc)
        assert await at(Scheduler(pbp), clock, clock.now) == [
            ("warning", "Ann"),
            ("warning", "Bob"),
        ]
        assert await pbp.deadline(table.id, 0) == t0 + DAY + 10 * HOUR
    finally:
        await svc.close()
    svc = await open_service(database, clock)
    try:
        pbp = PlayByPost(svc)
        scheduler = Scheduler(pbp)
        assert await at(scheduler, clock, t0 + DAY + 10 * HOUR - 1) == []
        assert await at(scheduler, clock, t0 + DAY + 10 * HOUR) == [("expired", "Ann")]
        assert (await svc.get(table.id)).status == "finished"
    finally:
        await svc.close()


async def test_a_table_nobody_plays_is_abandoned_after_a_full_round_of_skips(
    service: Service, pbp: PlayByPost, scheduler: Scheduler, clock: ManualClock
) -> None:
    """Tigris players who all stop playing would otherwise be passed for ever (passing draws
    nothing, so the game never ends): once the timer has skipped every decision of a whole
    rounds (two actions per player each) with no move by a person in between, the game is
    abandoned. A person's move starts the count again."""
    t0 = clock.now
    table = await started(service, game="tigris")
    await pbp.set_options(table.id, ANN.user_id, can_manage=False, reminder=None, timer=HOUR)
    lead = HOUR / 4

    async def expire_next() -> list[Due]:
        """Tick at the next warning, then at the next expiry."""
        [warning] = await scheduler.tick(clock.now + HOUR - lead)
        assert warning.kind == "warning"
        clock.now += HOUR
        return await scheduler.tick(clock.now)

    clock.now = t0
    for _ in range(7):
        [due] = await expire_next()
        assert (due.kind, due.action) == ("expired", "pass")
    # A person moves: the count starts again.
    current = await service.get(table.id)
    [seat] = await service.to_act(table.id)
    user = current.players[seat].user_id
    await service.submit(table.id, user, "pass", expected_seq=current.seq)
    for _ in range(7):
        [due] = await expire_next()
        assert (due.kind, due.action) == ("expired", "pass")
    [last] = await expire_next()
    assert (last.kind, last.consequence) == ("expired", "abandoned")
    after = await service.get(table.id)
    assert (after.status, after.end_reason, after.seq) == ("aborted", "aborted", 16)
    assert await scheduler.tick(clock.now + DAY) == []


async def test_the_default_warning_follows_the_timer(service: Service, pbp: PlayByPost) -> None:
    """A table that tried a 2-hour timer and went back to a day gets the 4-hour warning again,
    not the half-hour one of the short timer."""
    table = await started(service, setup=HANDS)
    assert (
        await pbp.set_options(table.id, ANN.user_id, can_manage=False, timer=DAY)
    ).warn_lead == 4 * HOUR
    short = await pbp.set_options(table.id, ANN.user_id, can_manage=False, timer=2 * HOUR)
    assert short.warn_lead == HOUR / 2
    back = await pbp.set_options(table.id, ANN.user_id, can_manage=False, timer=DAY)
    assert back.warn_lead == 4 * HOUR
    same = await pbp.set_options(table.id, ANN.user_id, can_manage=False, consequence="forfeit")
    assert (same.timer, same.warn_lead) == (DAY, 4 * HOUR)

"""Timer consequences and crashes: a forfeit is recorded in one transaction, and an expiry whose
announcement was lost (the bot died after applying it) still reaches the channel, once; the
version token never repeats within a table, take-backs included."""

from __future__ import annotations

from bot.pbp.scheduler import Scheduler
from bot.pbp.usecases import PlayByPost
from bot.service import Service, StaleBoard
from bot.storage import Location
from bot.ui.pbp import run_scheduler_once
from tests.bot.helpers import ALICE, BOB, Harness, custom_ids, open_table
from tests.pbp.test_discord import HOUR, tick, timed  # noqa: F401  (fixture)
from tests.service.conftest import ANN, ManualClock, open_service, started
from tests.service.conftest import BOB as BOB_PLAYER

DAY = 24 * HOUR
HANDS = {"hands": [[1, 5, 9, 12], [2, 6, 7, 11]]}


async def test_a_forfeit_is_one_transaction(
    service: Service, pbp: PlayByPost, clock: ManualClock, database: Location
) -> None:
    # The game's end and the forfeiting seat are written together: a crash right after the
    # service's commit must not leave a game that reads as a resignation.
    table = await started(service, setup=HANDS)
    await service.forfeit(table.id, 1, table.seq)
    await service.close()
    reopened = await open_service(database, clock)
    try:
        after = await reopened.get(table.id)
        assert (after.status, after.end_reason, after.resigned_seat) == ("finished", "resigned", 1)
        assert (await PlayByPost(reopened).options(table.id)).forfeit_seat == 1
    finally:
        await reopened.close()


async def test_a_forfeit_keeps_the_tables_timing(service: Service, pbp: PlayByPost) -> None:
    table = await started(service, setup=HANDS)
    await pbp.set_options(table.id, ANN.user_id, can_manage=False, reminder=None, timer=DAY)
    await service.forfeit(table.id, 0, table.seq)
    options = await pbp.options(table.id)
    assert (options.reminder, options.timer, options.forfeit_seat) == (None, DAY, 0)


async def test_the_version_never_repeats_across_a_take_back(service: Service) -> None:
    table = await started(service, setup=HANDS)
    seen = [table.version]
    await service.submit(table.id, ANN.user_id, "bid 1")
    moved = await service.get(table.id)
    seen.append(moved.version)
    undone = await service.undo_last(table.id, moved.seq)
    seen.append(undone.version)
    again = await service.submit(table.id, ANN.user_id, "bid 5")
    seen.append(again.table.version)
    assert again.table.seq == moved.seq
    assert seen == sorted(set(seen)), seen
    # A token from before the take-back is refused, although its move count is current again.
    try:
        await service.submit(table.id, BOB_PLAYER.user_id, "bid 2", expected_version=moved.version)
    except StaleBoard:
        pass
    else:
        raise AssertionError("a stale version was accepted")
    assert (await service.get(table.id)).seq == again.table.seq


async def test_a_lost_skip_announcement_reaches_the_channel_once(
    timed: tuple[Harness, ManualClock],  # noqa: F811
) -> None:
    h, clock = timed
    table = await open_table(h, "targi", [ALICE, BOB])
    await h.slash(ALICE, "game", {"timer_hours": 1}, sub="timing")
    await tick(h, clock, 0.75 * HOUR)  # the warning
    clock.advance(0.25 * HOUR)
    (due,) = await h.bot.scheduler.tick()  # applied; the bot died before announcing it
    assert due.consequence == "skip"
    calls = await tick(h, clock, 60)  # the restarted bot's first tick
    boards = [c for c in calls if c.custom_ids() and c.custom_ids()[-1].endswith(":act")]
    assert len(boards) == 1
    current = await h.table_by_id(table.id)
    assert f"board:{table.id}:{current.version}:act" in boards[0].custom_ids()
    assert boards[0].pinged_user_ids()  # whoever must act now is pinged
    assert [c for c in await tick(h, clock, 60) if c.files] == []


async def test_a_lost_forfeit_announcement_posts_the_result(
    timed: tuple[Harness, ManualClock],  # noqa: F811
) -> None:
    h, clock = timed
    table = await open_table(h, "targi", [ALICE, BOB])
    await h.slash(ALICE, "game", {"timer_hours": 1, "consequence": "forfeit"}, sub="timing")
    await tick(h, clock, 0.75 * HOUR)
    clock.advance(0.25 * HOUR)
    (due,) = await h.bot.scheduler.tick()
    assert due.consequence == "forfeit"
    mark = h.fake.mark()
    await run_scheduler_once(h.bot)
    (final,) = [  # the result, once (its replay follows it)
        c for c in h.public_posts(mark) if any(f.filename.endswith("-record.json") for f in c.files)
    ]
    assert custom_ids(final.json) == [f"rematch:{table.id}", f"review:{table.id}"]
    assert "ran out of time" in final.json["content"]
    mark = h.fake.mark()
    await run_scheduler_once(h.bot)
    assert h.public_posts(mark) == []


async def test_an_abandoned_table_is_announced_once(
    service: Service, pbp: PlayByPost, scheduler: Scheduler
) -> None:
    # Service level: the abandon is a change like any other, so the channel is behind until
    # the notice is recorded as posted.
    table = await started(service, setup=HANDS)
    aborted = await service.abort(table.id, ANN.user_id, can_manage=False)
    assert aborted.version > aborted.posted_version
    assert [t.id for t in await service.unposted()] == [table.id]
    await service.set_posted(table.id, aborted.version, None, ())
    assert await service.unposted() == []


async def test_an_old_take_back_request_never_answers_a_new_one(
    timed: tuple[Harness, ManualClock],  # noqa: F811
) -> None:
    # After an approved take-back and the same move count again, a new request waits: the old
    # request's Approve (shown by a client that has not refreshed) must not answer it.
    h, _ = timed
    table = await open_table(h, "targi", [ALICE, BOB])
    await h.slash(ALICE, "move", {"action": "place 2"})
    mark = h.fake.mark()
    await h.slash(ALICE, "game", {}, sub="takeback")
    old = h.fake.message(h.public_posts(mark)[0].response["id"])
    approve = next(i for i in custom_ids(old) if i.endswith(":approve"))
    done = await h.click(BOB, old, approve)
    assert "taken back" in done.content
    await h.slash(ALICE, "move", {"action": "place 3"})
    asked = await h.slash(ALICE, "game", {}, sub="takeback")
    assert "requested" in asked.content
    late = await h.click(BOB, old, approve)
    assert "no longer open" in late.content
    assert (await h.table_by_id(table.id)).seq == 1
    assert await h.bot.pbp.takeback(table.id) is not None  # the new request still waits

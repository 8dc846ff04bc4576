"""Playing through the service with the small test game: ordered checks, races, restarts."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from bot.games.common import IllegalAction, InvalidNotation, NotYourTurn
from bot.service import (
    GameNotActive,
    MoveResult,
    NotAllowed,
    NotFinished,
    NotSeated,
    NotStarted,
    Player,
    Service,
    StaleBoard,
    UnknownTable,
)
from bot.storage import IntegrityError, Location
from tests.postgres import query
from tests.service import blind_bids
from tests.service.conftest import (
    ANN,
    BOB,
    CAT,
    CHANNEL,
    DAN,
    GUILD,
    ManualClock,
    dump,
    open_service,
    play,
    started,
)


def _replay(record: dict) -> blind_bids.State:
    state = blind_bids.new_game(
        record["seats"], record["seed"], options=record["options"], setup=record.get("setup")
    )
    for seat, action in record["actions"]:
        state = blind_bids.apply(state, seat, action)
    return state


@pytest.mark.parametrize("players", [(ANN, BOB), (ANN, BOB, CAT)])
@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_random_games_through_submit_to_the_end(
    service: Service, players: tuple[Player, ...], seed: int
) -> None:
    table = await started(service, players, seat_order="random", options={"rounds": 4})
    results = await play(service, table.id, random.Random(seed), 10_000)
    last = results[-1]
    assert last.finished and last.table.status == "finished" and last.table.end_reason == "over"
    assert last.to_ping == () and last.view["game_over"]
    for n, result in enumerate(results, start=1):
        assert result.table.seq == n
        assert result.to_ping == tuple(
            result.table.players[s].user_id for s in result.view["to_act"]
        )
        assert "hand" not in result.view  # the public view holds no hand
    record = await service.record(table.id)
    assert record["actions"] == [[r.seat, r.action] for r in results]
    assert record["players"] == [p.name for p in last.table.players]
    final = _replay(record)
    assert blind_bids.is_over(final)
    summary = await service.final_summary(table.id)
    assert summary["ranking"] == blind_bids.outcome(final)["ranking"]
    assert summary["scores"] == blind_bids.scores(final)
    assert summary["views"] == [blind_bids.view(final, s) for s in range(len(players))]
    assert await service.legal_actions(table.id, ANN.user_id) == []
    assert await service.list_waiting_on(ANN.user_id) == []
    with pytest.raises(GameNotActive, match="over"):
        await service.submit(table.id, ANN.user_id, "pass")


async def test_each_bad_submit_has_its_own_error_and_changes_nothing(
    service: Service, database: Location
) -> None:
    table = await started(service, setup={"hands": [[1, 5, 9, 12], [2, 6, 7, 11]]})
    lobby = await service.create(
        game="blind_bids",
        guild_id=GUILD,
        channel_id=CHANNEL + 1,
        creator=CAT,
        max_seats=2,
        language="en",
    )
    await service.submit(table.id, ANN.user_id, "bid 9", expected_seq=0)
    await service.submit(table.id, BOB.user_id, "bid 7", expected_seq=1)
    # Ann won the round and alone decides now: draw or pass.
    assert await service.to_act(table.id) == (0,)
    before = dump(database)

    with pytest.raises(UnknownTable):
        await service.submit(table.id + 99, ANN.user_id, "pass")
    with pytest.raises(NotStarted):
        await service.submit(lobby.id, CAT.user_id, "pass")
    with pytest.raises(NotSeated):
        await service.submit(table.id, CAT.user_id, "pass", expected_seq=0)  # before the seq
    with pytest.raises(StaleBoard):  # a stale button says so, whoever is to act now
        await service.submit(table.id, BOB.user_id, "pass", expected_seq=0)
    with pytest.raises(NotYourTurn, match="waiting for Ann"):
        await service.submit(table.id, BOB.user_id, "pass", expected_seq=2)
    with pytest.raises(StaleBoard) as stale:
        await service.submit(table.id, ANN.user_id, "garbage!", expected_seq=1)  # before the engine
    assert stale.value.table.seq == 2
    with pytest.raises(StaleBoard):
        await service.submit(table.id, ANN.user_id, "pass", expected_seq=3)
    with pytest.raises(InvalidNotation):
        await service.submit(table.id, ANN.user_id, "fly to the moon", expected_seq=2)
    with pytest.raises(IllegalAction):
        await service.submit(table.id, ANN.user_id, "bid 5", expected_seq=2)
    assert dump(database) == before
    assert (await service.get(table.id)).seq == 2

    result = await service.submit(table.id, ANN.user_id, "pass", expected_seq=2)
    assert result.table.seq == 3 and result.seat == 0 and result.action == "pass"
    assert set(result.to_ping) == {ANN.user_id, BOB.user_id}


async def test_views_come_from_the_engine(service: Service) -> None:
    table = await started(service, setup={"hands": [[1, 5, 9, 12], [2, 6, 7, 11]]})
    await service.submit(table.id, BOB.user_id, "bid 11")
    public = await service.public_view(table.id)
    assert "hand" not in public and "hands" not in public and public["has_bid"] == [False, True]
    assert "11" not in json.dumps(public["revealed"])
    mine = await service.private_view(table.id, BOB.user_id)
    assert mine["hand"] == [2, 6, 7] and mine["my_bid"] == 11
    theirs = await service.private_view(table.id, ANN.user_id)
    assert theirs["hand"] == [1, 5, 9, 12] and theirs["my_bid"] is None
    with pytest.raises(NotSeated):
        await service.private_view(table.id, CAT.user_id)


async def test_two_seats_racing_for_the_same_seq_apply_one(
    service: Service, database: Location
) -> None:
    table = await started(service, setup={"hands": [[1, 5, 9, 12], [2, 6, 7, 11]]})
    assert await service.to_act(table.id) == (0, 1)  # both bid at once
    outcomes = await asyncio.gather(
        service.submit(table.id, ANN.user_id, "bid 1", expected_seq=0),
        service.submit(table.id, BOB.user_id, "bid 2", expected_seq=0),
        return_exceptions=True,
    )
    applied = [o for o in outcomes if isinstance(o, MoveResult)]
    stale = [o for o in outcomes if isinstance(o, StaleBoard)]
    assert len(applied) == 1 and len(stale) == 1, outcomes
    assert stale[0].table.seq == 1
    assert len(dump(database)["actions"]) == 1
    assert (await service.get(table.id)).seq == 1


async def test_a_double_click_applies_once(service: Service, database: Location) -> None:
    table = await started(service, setup={"hands": [[1, 5, 9, 12], [2, 6, 7, 11]]})
    outcomes = await asyncio.gather(
        *(service.submit(table.id, ANN.user_id, "bid 5", expected_seq=0) for _ in range(3)),
        return_exceptions=True,
    )
    applied = [o for o in outcomes if isinstance(o, MoveResult)]
    assert len(applied) == 1
    # The later clicks carry the old seq: they are told the board has changed.
    assert all(isinstance(o, StaleBoard) for o in outcomes if o not in applied)
    assert [row[1:4] for row in dump(database)["actions"]] == [(0, 0, ANN.user_id)]


async def test_without_a_seq_simultaneous_decisions_both_apply(service: Service) -> None:
    table = await started(service, setup={"hands": [[1, 5, 9, 12], [2, 6, 7, 11]]})
    await asyncio.gather(
        service.submit(table.id, ANN.user_id, "bid 1"),
        service.submit(table.id, BOB.user_id, "bid 2"),
    )
    assert (await service.get(table.id)).seq == 2
    assert await service.to_act(table.id) == (1,)  # Bob won with 2


async def test_two_services_on_one_file_apply_one_of_two_racing_moves(
    database: Location, clock: ManualClock
) -> None:
    first = await open_service(database, clock)
    second = await open_service(database, clock)
    try:
        table = await started(first, setup={"hands": [[1, 5, 9, 12], [2, 6, 7, 11]]})
        await second.public_view(table.id)  # both have the state loaded
        outcomes = await asyncio.gather(
            first.submit(table.id, ANN.user_id, "bid 1", expected_seq=0),
            second.submit(table.id, BOB.user_id, "bid 2", expected_seq=0),
            return_exceptions=True,
        )
        assert sum(isinstance(o, MoveResult) for o in outcomes) == 1, outcomes
        assert sum(isinstance(o, StaleBoard) for o in outcomes) == 1, outcomes
        assert len(dump(database)["actions"]) == 1
    finally:
        await first.close()
        await second.close()


async def test_a_take_back_and_another_move_in_another_process_are_not_mistaken_for_the_cache(
    database: Location, clock: ManualClock
) -> None:
    """Two processes: one caches the state after Ann's bid; the other takes it back and Ann bids
    another card (the seq is the same again). The first must see the new bid, not its cache."""
    first = await open_service(database, clock)
    second = await open_service(database, clock)
    try:
        table = await started(first, setup={"hands": [[1, 5, 9, 12], [2, 6, 7, 11]]})
        await first.submit(table.id, ANN.user_id, "bid 1", expected_seq=0)
        before = await second.private_view(table.id, ANN.user_id)  # cached at seq 1
        await first.undo_last(table.id, expected_seq=1)
        await first.submit(table.id, ANN.user_id, "bid 5", expected_seq=0)
        assert (await second.get(table.id)).seq == 1  # the same seq as the cached state
        seen = await second.private_view(table.id, ANN.user_id)
        assert seen == await first.private_view(table.id, ANN.user_id)
        assert seen != before
        # Bob's bid in the second process is judged against Ann's 5, not her withdrawn 1.
        await second.submit(table.id, BOB.user_id, "bid 2", expected_seq=1)
        assert await second.to_act(table.id) == (0,)  # Ann won the round with 5
    finally:
        await first.close()
        await second.close()


async def test_a_move_another_process_commits_while_a_state_loads_makes_the_old_move_stale(
    database: Location, clock: ManualClock
) -> None:
    """The second process read the table before the first one's bid committed, and loads the
    state after it: it must load the state that table row stands for (no bid yet), so Ann's
    same bid from a stale button is "the board has changed", not "you hold no such card"."""
    first = await open_service(database, clock)
    second = await open_service(database, clock)
    try:
        table = await started(first, setup={"hands": [[1, 5, 9, 12], [2, 6, 7, 11]]})
        row, read = await second._read(table.id)  # read, then the other process moves
        await first.submit(table.id, ANN.user_id, "bid 1", expected_seq=0)
        state = await second._state(row, read)
        assert state == blind_bids.new_game(2, table.seed, options=row.options, setup=row.setup)
        [snapshot] = dump(database)["snapshots"]
        assert snapshot[:2] == (table.id, 1)  # the newer snapshot was kept
        with pytest.raises(StaleBoard):
            await second.submit(table.id, ANN.user_id, "bid 1", expected_version=table.version)
    finally:
        await first.close()
        await second.close()


async def test_the_log_key_refuses_a_second_action_with_the_same_seq(service: Service) -> None:
    table = await started(service)
    with pytest.raises(IntegrityError):
        async with service._db.write() as q:
            await q.append_action(table.id, 0, 0, ANN.user_id, "bid 1", 0.0)
            await q.append_action(table.id, 0, 1, BOB.user_id, "bid 2", 0.0)
    async with service._db.read() as q:
        assert await q.action_count(table.id) == 0  # the whole transaction rolled back


async def _restart_case(database: Location, clock: ManualClock, damage: str, **kw) -> None:
    svc = await open_service(database, clock)
    table = await started(svc, (ANN, BOB, CAT), options={"rounds": 5})
    rng = random.Random(42)
    await play(svc, table.id, rng, 7)
    await svc.close()
    if damage == "no snapshot":
        query(database, "DELETE FROM snapshots")
    elif damage == "old snapshot":
        query(database, "UPDATE snapshots SET seq = seq - 1")
    elif damage == "garbage snapshot":
        query(database, "UPDATE snapshots SET state = 'not json'")
    elif damage == "wrong snapshot":  # same seq, different state: only a replay notices
        text = query(database, "SELECT state FROM snapshots")[0][0]
        data = json.loads(text)
        data["points"] = [9] * len(data["points"])
        query(database, "UPDATE snapshots SET state = ?", (json.dumps(data),))

    svc = await open_service(database, clock, **kw)
    try:
        resumed = await svc.get(table.id)
        assert resumed.status == "active" and resumed.seq == 7
        record_so_far = [
            [a[2], a[4]] for a in sorted(dump(database)["actions"], key=lambda r: r[1])
        ]
        expected = _replay(
            {"seats": 3, "seed": resumed.seed, "options": resumed.options, "actions": record_so_far}
        )
        assert await svc.public_view(table.id) == blind_bids.view(expected, None)
        snapshot = dump(database)["snapshots"][0]
        assert snapshot[1] == 7 and blind_bids.from_json(snapshot[2]) == expected
        results = await play(svc, table.id, rng, 10_000)
        assert results[-1].finished
        record = await svc.record(table.id)
        assert blind_bids.is_over(_replay(record)) and len(record["actions"]) == 7 + len(results)
    finally:
        await svc.close()


@pytest.mark.parametrize("damage", ["none", "no snapshot", "old snapshot", "garbage snapshot"])
async def test_a_restart_mid_game_continues(
    database: Location, clock: ManualClock, damage: str
) -> None:
    await _restart_case(database, clock, damage)


async def test_verified_load_trusts_the_log_over_a_wrong_snapshot(
    database: Location, clock: ManualClock
) -> None:
    await _restart_case(database, clock, "wrong snapshot", verify_snapshots=True)


async def test_verifying_keeps_a_good_snapshot_when_the_log_no_longer_replays(
    database: Location, clock: ManualClock
) -> None:
    svc = await open_service(database, clock)
    table = await started(svc, setup={"hands": [[1, 5, 9, 12], [2, 6, 7, 11]]})
    await svc.submit(table.id, ANN.user_id, "bid 9")
    view = await svc.public_view(table.id)
    await svc.close()
    query(database, "UPDATE actions SET action = 'bid 99'")  # as if a rules change refused it
    svc = await open_service(database, clock, verify_snapshots=True)
    try:
        assert await svc.public_view(table.id) == view
        await svc.submit(table.id, BOB.user_id, "bid 2")
    finally:
        await svc.close()


async def test_resign_ends_the_game_with_the_resigner_last(service: Service) -> None:
    table = await started(service, (ANN, BOB, CAT))
    await service.submit(
        table.id, ANN.user_id, (await service.legal_actions(table.id, ANN.user_id))[0]
    )
    with pytest.raises(NotSeated):
        await service.resign(table.id, DAN.user_id)
    ended = await service.resign(table.id, BOB.user_id)
    assert (
        ended.status == "finished" and ended.end_reason == "resigned" and ended.resigned_seat == 1
    )
    summary = await service.final_summary(table.id)
    assert summary["ranking"] == [[0, 2], [1]] and summary["end_reason"] == "resigned"
    assert len(summary["views"]) == 3 and all("hand" in v for v in summary["views"])
    with pytest.raises(GameNotActive):
        await service.submit(table.id, CAT.user_id, "bid 1")
    with pytest.raises(GameNotActive):
        await service.resign(table.id, CAT.user_id)
    assert await service.to_act(table.id) == ()
    assert await service.in_channel(CHANNEL) is None
    record = await service.record(table.id)
    assert record["end"] == {"reason": "resigned", "resigned_seat": 1}
    assert len(record["actions"]) == 1


async def test_abort_mid_game(service: Service, database: Location) -> None:
    table = await started(service)
    await service.submit(
        table.id,
        BOB.user_id,
        "bid " + str((await service.private_view(table.id, BOB.user_id))["hand"][0]),
    )
    before = dump(database)
    with pytest.raises(NotAllowed):
        await service.abort(table.id, BOB.user_id, can_manage=False)
    assert dump(database) == before
    aborted = await service.abort(table.id, ANN.user_id, can_manage=False)
    assert aborted.status == "aborted" and aborted.end_reason == "aborted"
    with pytest.raises(GameNotActive, match="aborted"):
        await service.submit(table.id, ANN.user_id, "bid 1")
    summary = await service.final_summary(table.id)
    assert summary["ranking"] == [] and len(summary["views"]) == 2
    assert len((await service.record(table.id))["actions"]) == 1
    assert await service.legal_actions(table.id, ANN.user_id) == []


async def test_record_and_summary_wait_for_the_end(service: Service) -> None:
    table = await started(service)
    with pytest.raises(NotFinished):
        await service.record(table.id)  # the seed would reveal every hand
    with pytest.raises(NotFinished):
        await service.final_summary(table.id)


async def test_waiting_on_lists_games_where_the_user_must_act(service: Service) -> None:
    one = await started(service, setup={"hands": [[1, 5, 9, 12], [2, 6, 7, 11]]})
    two = await started(service, (BOB, CAT), channel=CHANNEL + 1)
    assert [t.id for t in await service.list_waiting_on(BOB.user_id)] == [one.id, two.id]
    await service.submit(one.id, BOB.user_id, "bid 2")
    assert [t.id for t in await service.list_waiting_on(BOB.user_id)] == [two.id]
    assert [t.id for t in await service.list_waiting_on(ANN.user_id)] == [one.id]
    assert await service.list_waiting_on(DAN.user_id) == []
    assert await service.legal_actions(one.id, BOB.user_id) == []
    assert await service.legal_actions(one.id, DAN.user_id) == []
    assert await service.legal_actions(one.id, ANN.user_id) == ["bid 1", "bid 12", "bid 5", "bid 9"]


async def test_the_view_of_a_table_just_read_needs_no_database_read(service: Service) -> None:
    """Posting a board after a move reads the table once: the view for that version comes
    from the state kept in memory (a newer version or an unknown one is read as before)."""
    table = await started(service, setup={"hands": [[1, 5, 9, 12], [2, 6, 7, 11]]})
    result = await service.submit(table.id, BOB.user_id, "bid 11")
    reads = 0
    real_read = service._db.read

    def counted():  # type: ignore[no-untyped-def]
        nonlocal reads
        reads += 1
        return real_read()

    service._db.read = counted  # type: ignore[method-assign]
    try:
        view = await service.public_view(table.id, result.table)
        assert reads == 0 and view == result.view
        assert await service.public_view(table.id, table) == view  # an older version: read
        assert reads > 0
    finally:
        service._db.read = real_read  # type: ignore[method-assign]

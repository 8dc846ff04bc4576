"""Whole seasons through the use-case layer with the manual clock: a 12-player Targi round robin
and a 10-player T&E Swiss season; every match created exactly once, deadlines enforced, a
restart mid-round, leaving mid-season, adjudication, standings as the rules say."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.leagues import DAY, LeagueService
from bot.service import Player, Service
from bot.storage import Location
from tests.leagues.conftest import CHANNEL, GUILD, MANAGER, Threads, people
from tests.postgres import query
from tests.service.conftest import ManualClock, open_service, play


async def signed_up(
    leagues: LeagueService, players: list[Player], game: str, format: str, **kw: object
) -> int:
    league = await leagues.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        creator=MANAGER,
        can_manage=True,
        game=game,
        name=f"{game} {format}",
        format=format,
        round_days=7,
        **kw,
    )
    for player in players:
        await leagues.join(league.id, player)
    return league.id


async def post_boards(service: Service, tables: list[object]) -> None:
    """What the Discord layer does after open_matches (`publish.show_current`): post each board,
    record it as what the thread shows."""
    for table in tables:
        await service.set_posted(table.id, table.version, 900_000 + table.id, ())  # type: ignore[attr-defined]


def table_count(database: Location) -> int:
    return int(query(database, "SELECT COUNT(*) FROM game_tables")[0][0])


async def test_targi_round_robin_of_12_lower_id_always_wins(
    database: Location, clock: ManualClock
) -> None:
    service = await open_service(database, clock)
    leagues = LeagueService(service)
    threads = Threads()
    players = people(12)
    league_id = await signed_up(leagues, players, "targi", "round_robin")
    started = await leagues.start(league_id, MANAGER.user_id, can_manage=True)
    assert started.opened_round == 1 and started.league.rounds == 11
    deadline_checked = False
    try:
        for number in range(1, 12):
            opened = await leagues.open_matches(league_id, threads)
            assert len(opened) == 6, "12 players: 6 pairs, no byes"
            await post_boards(service, opened)
            if number == 4:  # restart mid-round: close and reopen on the same file
                await service.close()
                service = await open_service(database, clock)
                leagues = LeagueService(service)
                assert await leagues.open_matches(league_id, threads) == []
            snap = await leagues.snapshot(league_id)
            assert snap.current_round is not None and snap.current_round.number == number
            matches = [m for m in snap.matches if m.round == number]
            assert sorted(p for m in matches for p in m.players) == [p.user_id for p in players]
            for match in matches:
                assert match.table_id is not None
                table = await service.get(match.table_id)
                loser = max(match.players)
                if number == 5 and not deadline_checked:
                    # The loser-to-be is left to decide when the round's deadline passes.
                    to_act = await service.to_act(table.id)
                    if table.players[to_act[0]].user_id != loser:
                        winner = table.players[to_act[0]].user_id
                        legal = await service.legal_actions(table.id, winner)
                        await service.submit(table.id, winner, legal[0])
                    seat = (await service.to_act(table.id))[0]
                    assert (await service.get(table.id)).players[seat].user_id == loser
                    deadline = snap.current_round.deadline
                    early = await leagues.advance(league_id, now=deadline - 1)
                    assert not early.results, "nothing is decided before the deadline"
                    deadline_checked = True
                    continue
                await service.resign(table.id, loser)
            if number == 5:
                clock.now = snap.current_round.deadline
            update = await leagues.advance(league_id)
            assert len(update.results) == 6
            if number == 5:
                [late] = [m for m in update.results if m.source == "deadline"]
                assert late.ranking == ((min(late.players),), (max(late.players),))
                assert late.forfeited == (max(late.players),)
                assert "had to decide" in (late.reason or "")
                [ended] = update.ended_tables
                assert ended.status == "finished" and ended.end_reason == "resigned"
            if number < 11:
                assert update.opened_round == number + 1
        assert update.finished and update.league.status == "finished"
        snap = await leagues.snapshot(league_id)
        # Hand-computed: P10 beats all 11 others (33 points), P11 all but P10 (30), ..., P21 0.
        assert [r.user_id for r in snap.standings] == [p.user_id for p in players]
        assert [r.points for r in snap.standings] == [33.0 - 3 * i for i in range(12)]
        assert [r.wins for r in snap.standings] == list(range(11, -1, -1))
        assert all(r.played == 11 for r in snap.standings)
        # Every match created exactly once: one thread and one table each, 66 in all.
        assert len(threads.calls) == 66 and len(set(threads.calls)) == 66
        assert len({m.table_id for m in snap.matches}) == 66
        assert len({m.thread_id for m in snap.matches}) == 66
        pairs = Counter(frozenset(m.players) for m in snap.matches)
        assert len(pairs) == 66 and set(pairs.values()) == {1}
        assert table_count(database) == 66
        assert await leagues.open_matches(league_id, threads) == []  # a finished season rests
    finally:
        await service.close()


async def test_tigris_swiss_of_10_with_leaver_adjudication_deadline_and_restart(
    database: Location, clock: ManualClock
) -> None:
    service = await open_service(database, clock)
    leagues = LeagueService(service)
    threads = Threads()
    players = people(10)
    league_id = await signed_up(leagues, players, "tigris", "swiss")
    started = await leagues.start(league_id, MANAGER.user_id, can_manage=True)
    assert started.league.rounds == 4  # min(ceil(log2 10) + 1, 4 pod round robin rounds)
    expected: Counter[int] = Counter()
    leaver = players[-1].user_id
    rng = random.Random(5)
    try:
        for number in range(1, 5):
            opened = await leagues.open_matches(league_id, threads)
            await post_boards(service, opened)
            snap = await leagues.snapshot(league_id)
            matches = [m for m in snap.matches if m.round == number]
            active = [p.user_id for p in players if number <= 2 or p.user_id != leaver]
            assert sorted(p for m in matches for p in m.players) == sorted(active)
            assert sorted(len(m.players) for m in matches) == (
                [3, 3, 4] if number <= 2 else [3, 3, 3]
            )
            if number == 1:  # the highest id of each pod resigns: the others tie for first
                for match in matches:
                    assert match.table_id is not None
                    await service.resign(match.table_id, max(match.players))
                    share = {4: 2.0, 3: 2.0}[len(match.players)]  # (3+2+1)/3, (3+1)/2
                    for p in match.players:
                        expected[p] += 0 if p == max(match.players) else share
            elif number == 2:  # the leaver leaves mid-match; a manager adjudicates the rest
                mine = next(m for m in matches if leaver in m.players)
                assert mine.table_id is not None
                left = await leagues.leave(league_id, leaver)
                # An AI plays on in the leaver's seat; the others finish, the leaver last.
                assert [t.id for t in left.replaced_tables] == [mine.table_id]
                assert left.ended_tables == ()
                await play(service, mine.table_id, rng, 5000)
                summary = await service.final_summary(mine.table_id)
                table = await service.get(mine.table_id)
                ranking = [
                    [table.players[s].user_id for s in place if table.players[s].user_id > 0]
                    for place in summary["ranking"]
                ]
                points = {4: (3, 2, 1, 0), 3: (3, 1, 0)}[len(mine.players)]
                place = 0
                for tied in [*(r for r in ranking if r), [leaver]]:
                    value = sum(points[place : place + len(tied)]) / len(tied)
                    for p in tied:
                        expected[p] += value
                    place += len(tied)
                for match in matches:
                    if match is mine:
                        continue
                    order = sorted(match.players)
                    await leagues.adjudicate(
                        league_id,
                        match.id,
                        MANAGER.user_id,
                        can_manage=True,
                        ranking=[[p] for p in order],
                        reason="players agreed on this result",
                    )
                    points = {4: (3, 2, 1, 0), 3: (3, 1, 0)}[len(order)]
                    for p, value in zip(order, points, strict=True):
                        expected[p] += value
            elif number == 3:  # restart mid-round; one pod plays to the end, the rest time out
                await service.close()
                service = await open_service(database, clock)
                leagues = LeagueService(service)
                assert await leagues.open_matches(league_id, threads) == []
                played, *late = matches
                assert played.table_id is not None
                await play(service, played.table_id, rng, 5000)
                summary = await service.final_summary(played.table_id)
                table = await service.get(played.table_id)
                ranking = [
                    [table.players[s].user_id for s in place] for place in summary["ranking"]
                ]
                place = 0
                for tied in ranking:
                    value = sum((3, 1, 0)[place : place + len(tied)]) / len(tied)
                    for p in tied:
                        expected[p] += value
                    place += len(tied)
                clock.now = snap.rounds[-1].deadline
                update = await leagues.advance(league_id)
                assert {m.source for m in update.results} == {"played", "deadline"}
                for match in late:
                    decided = next(m for m in update.results if m.id == match.id)
                    assert decided.forfeited and decided.source == "deadline"
                    scores = {3: (3, 1, 0)}[3]
                    on_time = [p for p in match.players if p not in decided.forfeited]
                    for p in on_time:
                        expected[p] += sum(scores[: len(on_time)]) / len(on_time)
                continue
            else:  # round 4: the lowest id of each pod resigns
                for match in matches:
                    assert match.table_id is not None
                    await service.resign(match.table_id, min(match.players))
                    for p in match.players:
                        expected[p] += 0 if p == min(match.players) else 2.0
            update = await leagues.advance(league_id)
            if number < 4:  # the round opened by the last result (here or in adjudicate)
                after = await leagues.snapshot(league_id)
                assert after.current_round is not None
                assert after.current_round.number == number + 1
        assert (await leagues.get(league_id)).status == "finished"
        snap = await leagues.snapshot(league_id)
        assert {r.user_id: r.points for r in snap.standings} == {
            p.user_id: expected[p.user_id] for p in players
        }
        points = [r.points for r in snap.standings]
        assert points == sorted(points, reverse=True)
        [gone] = [r for r in snap.standings if r.left]
        assert gone.user_id == leaver and gone.played == 2
        # Every match exactly once: one thread and one table per match.
        assert len(threads.calls) == len(snap.matches) == len(set(threads.calls)) == 12
        assert table_count(database) == 12
        adjudicated = [m for m in snap.matches if m.source == "adjudicated"]
        assert len(adjudicated) == 2 and all(m.decided_by == MANAGER.user_id for m in adjudicated)
        assert all(m.reason == "players agreed on this result" for m in adjudicated)
    finally:
        await service.close()


async def test_a_crash_between_thread_and_table_creates_each_match_once(
    service: Service, leagues: LeagueService, threads: Threads, database: Location
) -> None:
    league_id = await signed_up(leagues, people(4), "targi", "round_robin")
    await leagues.start(league_id, MANAGER.user_id, can_manage=True)
    threads.fail_after_create = True  # thread 1 made on Discord, never recorded
    with pytest.raises(RuntimeError):
        await leagues.open_matches(league_id, threads)
    snap = await leagues.snapshot(league_id)
    first = snap.matches[0]
    assert first.thread_id is None and first.table_id is None
    # Next: a thread recorded, and its table created, but the bot dies before attaching it.
    second = snap.matches[1]
    from bot.storage.leagues import LeagueQueries

    async with service.db.write() as q:
        await LeagueQueries(q).set_thread(second.id, 777)
    orphan = await service.create_started(
        game="targi",
        guild_id=GUILD,
        channel_id=777,
        creator_id=MANAGER.user_id,
        players=tuple(Player(u, f"P{u}") for u in second.players),
        language="en",
    )
    opened = await leagues.open_matches(league_id, threads)
    snap = await leagues.snapshot(league_id)
    assert [m.table_id is not None for m in snap.matches] == [True, True]
    assert snap.matches[1].table_id == orphan.id, "the table made before the crash is used"
    assert {t.id for t in opened} == {m.table_id for m in snap.matches}
    assert table_count(database) == 2
    assert len(threads.calls) == 2  # the lost thread (empty) and a new one for match 1
    await post_boards(service, opened)
    assert await leagues.open_matches(league_id, threads) == []
    assert table_count(database) == 2


async def test_deadline_gives_tables_the_round_timing(
    service: Service, leagues: LeagueService, threads: Threads
) -> None:
    league_id = await signed_up(leagues, people(2), "targi", "round_robin")
    await leagues.start(league_id, MANAGER.user_id, can_manage=True)
    [table] = await leagues.open_matches(league_id, threads)
    from bot.pbp.usecases import PlayByPost

    options = await PlayByPost(service).options(table.id)
    assert options.timer == 24 * 3600 and options.reminder == 12 * 3600
    assert options.consequence == "skip" and options.warn_lead == 4 * 3600
    snap = await leagues.snapshot(league_id)
    assert snap.rounds[0].deadline == snap.rounds[0].opened_at + 7 * DAY


async def test_leaving_before_the_match_table_opens_is_a_forfeit_win(
    service: Service, leagues: LeagueService, threads: Threads
) -> None:
    players = people(4)
    league_id = await signed_up(leagues, players, "targi", "round_robin")
    await leagues.start(league_id, MANAGER.user_id, can_manage=True)
    snap = await leagues.snapshot(league_id)
    first, second = (m for m in snap.matches if m.round == 1)
    quitter, stayer = first.players
    update = await leagues.kick(
        league_id, MANAGER.user_id, can_manage=True, user_id=quitter
    )  # before any thread or table exists
    [decided] = update.results
    assert decided.id == first.id and decided.source == "forfeit"
    assert decided.ranking == ((stayer,), (quitter,)) and decided.forfeited == (quitter,)
    opened = await leagues.open_matches(league_id, threads)
    assert [t.players for t in opened] == [tuple(Player(u, f"P{u}") for u in second.players)], (
        "only the match with both players gets a table"
    )
    await service.resign(opened[0].id, second.players[0])
    update = await leagues.advance(league_id)
    assert update.opened_round == 2
    snap = await leagues.snapshot(league_id)
    round2 = [m for m in snap.matches if m.round == 2]
    forfeits = [m for m in round2 if quitter in m.players]
    assert [m.source for m in forfeits] == ["forfeit"], "later matches: ranked last at once"
    [other] = [u for u in forfeits[0].players if u != quitter]
    assert forfeits[0].ranking == ((other,), (quitter,))
    points = {r.user_id: r.points for r in snap.standings}
    # Round 2 of stayer is still open (they met the quitter in round 1).
    assert points[quitter] == 0 and points[stayer] == 3
    assert [r.user_id for r in snap.standings][-1] == quitter


async def test_a_crash_between_the_deadline_forfeit_and_the_match_result(
    service: Service, leagues: LeagueService, threads: Threads, clock: ManualClock
) -> None:
    # The deadline ended the table (one transaction with its rating) and the bot died before
    # recording the match: the result still reads as the deadline's, not as a resignation.
    league_id = await signed_up(leagues, people(2), "targi", "round_robin")
    await leagues.start(league_id, MANAGER.user_id, can_manage=True)
    [table] = await leagues.open_matches(league_id, threads)
    clock.now = (await leagues.snapshot(league_id)).rounds[0].deadline
    (seat,) = await service.to_act(table.id)
    await service.forfeit(table.id, seat, table.seq)
    update = await leagues.advance(league_id)
    [match] = update.results
    late = table.players[seat]
    assert (match.source, match.forfeited) == ("deadline", (late.user_id,))
    assert match.reason == f"the round's deadline passed while {late.name} had to decide"
    assert match.ranking == ((table.players[1 - seat].user_id,), (late.user_id,))

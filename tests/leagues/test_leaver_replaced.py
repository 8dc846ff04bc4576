"""A player leaving a league mid-match: at a 3-4 player T&E table a `normal` AI takes the seat
over and the others play on; the match and the ratings count the people, the leaver last.
Targi (two players) ends as the leaver's resignation, as before."""

from __future__ import annotations

import random
from typing import Any

from bot.ai import choose_action
from bot.ai import seats as ai_seats
from bot.ai.turns import AiTurns
from bot.leagues import LeagueService
from bot.ratings import rebuild
from bot.service import Service
from bot.storage import Location
from tests.leagues.conftest import MANAGER, Threads, people
from tests.leagues.test_season import signed_up
from tests.postgres import query
from tests.service.conftest import ManualClock, open_service, play


async def quick_ai(game: str, view: dict[str, Any], legal: list[str], level: str, seed: int) -> str:
    """The real AI, on a small budget (tests)."""
    return choose_action(game, view, legal, level, seed, iterations=3)


async def play_to_the_end(service: Service, table_id: int, rng: random.Random) -> int:
    """People make seeded random legal moves, AI seats decide through :class:`AiTurns`; the
    number of AI moves."""
    turns = AiTurns(service, quick_ai)
    ai_moves = 0
    for _ in range(5000):
        table = await service.get(table_id)
        if table.status != "active":
            return ai_moves
        if await turns.play_once(table_id) is not None:
            ai_moves += 1
            continue
        seat = rng.choice(await service.to_act(table_id))
        user = table.players[seat].user_id
        legal = await service.legal_actions(table_id, user)
        await service.submit(table_id, user, rng.choice(legal), expected_seq=table.seq)
    raise AssertionError("the game did not end")


def history(database: Location, table_id: int) -> dict[int, list[int]]:
    """Each rated player's places in the rating history of the table."""
    rows = query(database, f"SELECT user_id, place FROM rating_history WHERE table_id = {table_id}")
    out: dict[int, list[int]] = {}
    for user, place in rows:
        out.setdefault(int(user), []).append(int(place))
    return out


def ratings(database: Location) -> dict[int, tuple[float, float, int]]:
    rows = query(database, "SELECT user_id, mu, sigma, games FROM ratings")
    return {int(u): (float(mu), float(sigma), int(games)) for u, mu, sigma, games in rows}


async def test_a_leaver_at_move_20_of_a_4_player_pod_is_replaced_and_ranked_last(
    database: Location, clock: ManualClock
) -> None:
    service = await open_service(database, clock)
    try:
        leagues = LeagueService(service)
        players = people(4)
        league_id = await signed_up(leagues, players, "tigris", "round_robin")
        await leagues.start(league_id, MANAGER.user_id, can_manage=True)
        await leagues.open_matches(league_id, Threads())
        [match] = (await leagues.snapshot(league_id)).matches
        assert match.table_id is not None and len(match.players) == 4
        table_id = match.table_id
        rng = random.Random(20)
        assert len(await play(service, table_id, rng, 20)) == 20
        leaver = players[2].user_id
        seat = (await service.get(table_id)).seat_of(leaver)
        assert seat is not None

        update = await leagues.leave(league_id, leaver)

        assert [t.id for t in update.replaced_tables] == [table_id]
        assert update.ended_tables == () and update.results == ()
        table = await service.get(table_id)
        assert table.status == "active" and table.seat_of(leaver) is None
        assert ai_seats.ai_level(table.players[seat].user_id) == "normal"
        assert (await service.replaced_seats(table_id))[0][:2] == (seat, leaver)
        assert ratings(database) == {}  # nothing is rated while the others play on

        assert await play_to_the_end(service, table_id, rng) > 0  # the AI played the seat
        table = await service.get(table_id)
        assert table.status == "finished" and table.end_reason == "over"
        summary = await service.final_summary(table_id)
        others = [
            [table.players[s].user_id for s in place if s != seat] for place in summary["ranking"]
        ]
        expected = (*(tuple(place) for place in others if place), (leaver,))

        update = await leagues.advance(league_id)
        [decided] = update.results
        assert decided.ranking == expected and decided.forfeited == (leaver,)
        assert decided.source == "played"
        snap = await leagues.snapshot(league_id)
        assert snap.league.status == "finished"
        gone = next(row for row in snap.standings if row.user_id == leaver)
        assert gone.points == 0 and gone.left and snap.standings[-1].user_id == leaver

        # Rated once, for the people only: the three who played on by their places, the
        # leaver last; the AI not at all.
        places = history(database, table_id)
        assert set(places) == {p.user_id for p in players}
        assert places[leaver] == [len(expected)]  # tied places share one number
        assert all(len(got) == 1 for got in places.values())
        rows = query(database, f"SELECT rated, players FROM results WHERE table_id = {table_id}")
        assert len(rows) == 1 and rows[0][0] in (1, True)
        after = ratings(database)
        assert {user: games for user, (_mu, _sigma, games) in after.items()} == {
            p.user_id: 1 for p in players
        }
        winner = expected[0][0]
        assert after[winner][0] > after[leaver][0]
        await leagues.advance(league_id)  # nothing left to count: still rated once
        assert await rebuild(service.db) == 1 and ratings(database) == after
    finally:
        await service.close()


async def test_a_targi_leaver_still_ends_the_table_as_a_resignation(
    database: Location, clock: ManualClock
) -> None:
    service = await open_service(database, clock)
    try:
        leagues = LeagueService(service)
        players = people(2)
        league_id = await signed_up(leagues, players, "targi", "round_robin")
        await leagues.start(league_id, MANAGER.user_id, can_manage=True)
        await leagues.open_matches(league_id, Threads())
        [match] = (await leagues.snapshot(league_id)).matches
        assert match.table_id is not None
        await play(service, match.table_id, random.Random(4), 10)
        update = await leagues.leave(league_id, players[0].user_id)
        assert [t.id for t in update.ended_tables] == [match.table_id]
        assert update.replaced_tables == ()
        table = await service.get(match.table_id)
        assert table.status == "finished" and table.end_reason == "resigned"
        [decided] = update.results
        assert decided.ranking == ((players[1].user_id,), (players[0].user_id,))
    finally:
        await service.close()


async def test_at_the_deadline_the_late_person_forfeits_and_the_leaver_stays_last(
    database: Location, clock: ManualClock
) -> None:
    service = await open_service(database, clock)
    try:
        leagues = LeagueService(service)
        players = people(3)
        league_id = await signed_up(leagues, players, "tigris", "round_robin")
        await leagues.start(league_id, MANAGER.user_id, can_manage=True)
        await leagues.open_matches(league_id, Threads())
        [match] = (await leagues.snapshot(league_id)).matches
        assert match.table_id is not None
        table_id = match.table_id
        await play(service, table_id, random.Random(8), 7)
        leaver = players[0].user_id
        assert [t.id for t in (await leagues.leave(league_id, leaver)).replaced_tables] == [
            table_id
        ]
        turns = AiTurns(service, quick_ai)
        while await turns.play_once(table_id) is not None:
            pass  # the AI seat decides; then a person must act
        table = await service.get(table_id)
        [late_seat] = await service.to_act(table_id)
        late = table.players[late_seat].user_id
        on_time = next(p.user_id for p in players if p.user_id not in (leaver, late))

        clock.now = (await leagues.snapshot(league_id)).rounds[0].deadline
        [decided] = (await leagues.advance(league_id)).results

        assert decided.source == "deadline"
        assert decided.ranking == ((on_time,), (late,), (leaver,))
        assert set(decided.forfeited) == {late, leaver}
        places = history(database, table_id)
        assert places == {on_time: [1], late: [2], leaver: [3]}
    finally:
        await service.close()

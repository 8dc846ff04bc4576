"""The real rules engines driven through the service: whole games, restarts, records, bad input.

Generic: each test runs on every installed title (``game_case`` / ``game_title``, see
``tests/conftest.py``), and on a game's own title where its test folder imports it.
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import pytest

from bot import titles
from bot.games import IllegalAction, InvalidNotation, NotYourTurn, game_names, get_game
from bot.games import replay as replay_record
from bot.service import GameNotActive, MoveResult, Player, Service, StaleBoard
from bot.storage import Location
from bot.titles import Title
from tests.replay_tool import run_replay_tool
from tests.service.conftest import (
    ANN,
    BOB,
    CAT,
    DAN,
    EVE,
    ManualClock,
    dump,
    open_service,
    play,
    play_short_of_the_end,
    seeds,
    started,
)

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = (ANN, BOB, CAT, DAN)


async def test_a_whole_game_with_a_restart_in_the_middle(
    game_case: tuple[str, int], database: Location, clock: ManualClock, tmp_path: Path
) -> None:
    name, count = game_case
    game = get_game(name)
    players: tuple[Player, ...] = PLAYERS[:count]
    rng = random.Random(f"{name}-{count}")
    svc = await open_service(database, clock, seeds(77))
    table = await started(svc, players, game=name, seat_order="random")
    first_half = await play_short_of_the_end(svc, table.id, rng, 40)
    await svc.close()

    # A new process on the same file; it checks the snapshot against a replay of the log.
    svc = await open_service(database, clock, verify_snapshots=True)
    try:
        resumed = await svc.get(table.id)
        assert resumed.status == "active" and resumed.seq == len(first_half)
        rest = await play(svc, table.id, rng, 100_000)
        results = first_half + rest
        final_result = results[-1]
        assert final_result.finished and final_result.table.status == "finished"
        record = await svc.record(table.id)
        assert record["actions"] == [[r.seat, r.action] for r in results]
        # Every move's result matches the engine played directly with the same actions.
        state = game.new_game(count, record["seed"], options=record["options"])
        for n, result in enumerate(results, start=1):
            state = game.apply(state, result.seat, result.action)
            assert result.table.seq == n
            assert result.view == game.view(state, None)
            seated = final_result.table.players
            assert result.to_ping == tuple(seated[s].user_id for s in game.to_act(state))
            assert result.finished == game.is_over(state)

        final = replay_record(record)
        assert game.is_over(final)
        assert await svc.public_view(table.id) == game.view(final, None)
        for seat, player in enumerate(final_result.table.players):
            assert await svc.private_view(table.id, player.user_id) == game.view(final, seat)
        summary = await svc.final_summary(table.id)
        assert summary["ranking"] == [list(p) for p in game.outcome(final)["ranking"]]
        assert summary["views"] == [game.view(final, s) for s in range(count)]
        assert json.dumps(summary)

        # The record is exactly what the replay tool reads.
        path = tmp_path / "record.json"
        path.write_text(json.dumps(record))
        entry = titles.title(name)
        assert entry is not None
        out = run_replay_tool(path, engine=(name, entry.engine))  # a registered title's too
        assert out.returncode == 0, out.stdout + out.stderr
        assert game.from_json(json.dumps(json.loads(out.stdout))) == final
    finally:
        await svc.close()


async def test_bad_moves_change_nothing(
    game_title: Title, service: Service, database: Location
) -> None:
    name = game_title.name
    game = get_game(name)
    players = PLAYERS[: min(game.SEAT_COUNTS)]
    table = await started(service, players, game=name)
    await play(service, table.id, random.Random(3), 5)
    table = await service.get(table.id)
    to_act = await service.to_act(table.id)
    actor = table.players[to_act[0]]
    idle = [p for s, p in enumerate(table.players) if s not in to_act]
    legal = await service.legal_actions(table.id, actor.user_id)
    words = sorted({w for a in legal for w in a.split()})
    illegal = [
        " ".join([*a.split()[:i], w, *a.split()[i + 1 :]])
        for a in legal[:10]
        for i in range(len(a.split()))
        for w in words[:10]
    ]
    illegal = [a for a in illegal if a not in legal]
    before = dump(database)
    for text in ["", "fly to the moon", "x" * 300]:
        with pytest.raises(InvalidNotation):
            await service.submit(table.id, actor.user_id, text, expected_seq=table.seq)
    refused = 0
    for text in illegal[:30]:
        with pytest.raises((IllegalAction, InvalidNotation)):
            await service.submit(table.id, actor.user_id, text, expected_seq=table.seq)
        refused += 1
    assert refused > 0
    for player in idle:
        with pytest.raises(NotYourTurn):
            await service.submit(table.id, player.user_id, legal[0], expected_seq=table.seq)
    with pytest.raises(StaleBoard):
        await service.submit(table.id, actor.user_id, legal[0], expected_seq=table.seq - 1)
    assert dump(database) == before
    assert isinstance(
        await service.submit(table.id, actor.user_id, legal[0], expected_seq=table.seq),
        MoveResult,
    )


async def test_racing_moves_for_one_seq_apply_once(
    game_title: Title, service: Service, database: Location
) -> None:
    name = game_title.name
    game = get_game(name)
    players = PLAYERS[: max(game.SEAT_COUNTS)]
    table = await started(service, players, game=name)
    table = await service.get(table.id)
    actor = table.players[(await service.to_act(table.id))[0]]
    legal = await service.legal_actions(table.id, actor.user_id)
    choices = random.Random(9).sample(legal, min(3, len(legal)))
    outcomes = await asyncio.gather(
        *(service.submit(table.id, actor.user_id, a, expected_seq=table.seq) for a in choices),
        return_exceptions=True,
    )
    applied = [o for o in outcomes if isinstance(o, MoveResult)]
    assert len(applied) == 1, outcomes
    for other in outcomes:
        if other is not applied[0]:
            assert isinstance(other, StaleBoard), other
    assert len(dump(database)["actions"]) == 1
    assert (await service.get(table.id)).seq == 1


async def test_views_mid_game_are_the_engines_views(
    game_title: Title, service: Service, database: Location
) -> None:
    name = game_title.name
    game = get_game(name)
    count = min(game.SEAT_COUNTS)
    table = await started(service, PLAYERS[:count], game=name)
    await play(service, table.id, random.Random(5), 12)
    table = await service.get(table.id)
    actions = sorted(dump(database)["actions"], key=lambda row: row[1])
    state = replay_record(
        {
            "game": name,
            "seats": count,
            "seed": table.seed,
            "options": table.options,
            "actions": [[row[2], row[4]] for row in actions],
        }
    )
    assert await service.public_view(table.id) == game.view(state, None)
    for seat, player in enumerate(table.players):
        assert await service.private_view(table.id, player.user_id) == game.view(state, seat)
    assert await service.legal_actions(table.id, EVE.user_id) == []


@pytest.mark.skipif("tigris" not in game_names(), reason="the T&E engine is not installed")
async def test_tigris_aborted_mid_conflict_refuses_the_pending_support(
    service: Service, database: Location
) -> None:
    table = await started(service, PLAYERS[:3], game="tigris")
    rng = random.Random(12)
    view: dict = {}
    for _ in range(2000):  # seeded random play until a conflict waits for support
        result = (await play(service, table.id, rng, 1))[0]
        view = result.view
        if (view.get("pending") or {}).get("kind") == "support" or result.finished:
            break
    assert view["pending"]["kind"] == "support", "seed 12 reaches a conflict"
    waiting = await service.to_act(table.id)
    supporter = table.players[waiting[0]]
    legal_then = await service.legal_actions(table.id, supporter.user_id)
    assert legal_then
    aborted = await service.abort(table.id, table.creator_id, can_manage=False)
    assert aborted.status == "aborted"
    before = dump(database)
    with pytest.raises(GameNotActive, match="aborted"):  # even what was legal a moment ago
        await service.submit(table.id, supporter.user_id, legal_then[0], expected_seq=aborted.seq)
    assert await service.legal_actions(table.id, supporter.user_id) == []
    assert dump(database) == before
    summary = await service.final_summary(table.id)
    assert summary["ranking"] == [] and len(summary["views"]) == 3
    assert (await service.record(table.id))["actions"]


async def test_resigning_off_turn_ends_the_game(game_title: Title, service: Service) -> None:
    name = game_title.name
    game = get_game(name)
    count = max(game.SEAT_COUNTS)
    table = await started(service, PLAYERS[:count], game=name)
    played = await play_short_of_the_end(service, table.id, random.Random(4), 10)
    waiting = await service.to_act(table.id)
    idle_seat = next(s for s in range(count) if s not in waiting)
    ended = await service.resign(table.id, table.players[idle_seat].user_id)
    assert ended.end_reason == "resigned" and ended.resigned_seat == idle_seat
    summary = await service.final_summary(table.id)
    assert summary["ranking"][-1] == [idle_seat]
    assert sorted(s for place in summary["ranking"] for s in place) == list(range(count))
    record = await service.record(table.id)
    assert played and len(record["actions"]) == len(played)
    assert not game.is_over(replay_record(record))

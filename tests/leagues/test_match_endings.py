"""How a league match ends, through the fake Discord: at the round's deadline, by a player
leaving or being removed, by a manager's decision. Each table's end is rated at most once (never
when adjudicated), and its thread shows the final result (or the stop notice) exactly once, also
across a restart."""

from __future__ import annotations

from typing import Any

from bot.ui.leagues import sync
from tests.bot.helpers import ALICE, BOB, MODERATOR, Harness
from tests.leagues.test_exactly_once import Bot, boards, finals, in_channel, restart, signed_up


async def rated_games(h: Harness, table_id: int) -> tuple[list[Any], dict[int, int]]:
    """The table's result rows (rated flag) and every player's rated game count."""
    async with h.service.db.read() as q:
        rows = await q.executor.all("SELECT rated FROM results WHERE table_id = ?", [table_id])
        results = [r[0] for r in rows]
        rows = await q.executor.all("SELECT user_id, games FROM ratings")
        games = {int(r[0]): int(r[1]) for r in rows}
    return results, games


async def started_pair(h: Harness) -> tuple[int, Any]:
    league_id = await signed_up(h)
    await h.slash(MODERATOR, "league", sub="start")
    [match] = (await h.bot.leagues.snapshot(league_id)).matches
    assert match.table_id is not None and match.thread_id is not None
    return league_id, match


async def test_a_deadline_forfeit_is_rated_once_and_shown_once(league_bot: Bot) -> None:
    h, clock = league_bot
    league_id, match = await started_pair(h)
    to_act = await h.service.to_act(match.table_id)
    table = await h.service.get(match.table_id)
    late = table.players[to_act[0]]
    clock.now = (await h.bot.leagues.snapshot(league_id)).rounds[0].deadline
    await sync.run_league_tick(h.bot)
    await restart(h)
    await restart(h)

    thread = in_channel(h, match.thread_id)
    [final] = finals(thread)
    assert "Ratings:" in final["content"]
    notes = [m for m in thread if "deadline passed" in m["content"]]
    assert len(notes) == 1 and late.name in notes[0]["content"]
    assert await rated_games(h, match.table_id) == ([1], {ALICE.uid: 1, BOB.uid: 1})
    snap = await h.bot.leagues.snapshot(league_id)
    assert snap.matches[0].source == "deadline" and snap.matches[0].forfeited == (late.user_id,)
    assert snap.league.status == "finished" and snap.standings[0].user_id != late.user_id


async def test_a_removed_players_match_ends_once_as_a_resignation(league_bot: Bot) -> None:
    h, _ = league_bot
    league_id, match = await started_pair(h)
    kicked = await h.slash(MODERATOR, "league", {"player": BOB.id}, sub="kick")
    assert "Removed" in kicked.content
    await h.settle()
    await restart(h)

    thread = in_channel(h, match.thread_id)
    [final] = finals(thread)
    assert "ran out of time" not in final["content"], "nobody's timer ran out"
    notes = [m for m in thread if "was removed from Spring" in m["content"]]
    assert len(notes) == 1 and notes[0]["content"].startswith("Bob ")
    assert await rated_games(h, match.table_id) == ([1], {ALICE.uid: 1, BOB.uid: 1})
    snap = await h.bot.leagues.snapshot(league_id)
    assert snap.matches[0].ranking == ((ALICE.uid,), (BOB.uid,))
    assert snap.league.status == "finished" and snap.standings[0].name == "Alice"


async def test_an_adjudicated_match_is_not_rated_and_says_why_once(league_bot: Bot) -> None:
    h, _ = league_bot
    league_id, match = await started_pair(h)
    args = {"match": str(match.id), "result": "Bob > Alice", "reason": "Alice never moved"}
    done = await h.slash(MODERATOR, "league", args, sub="adjudicate")
    assert "decided" in done.content
    await h.settle()
    await restart(h)

    thread = in_channel(h, match.thread_id)
    stopped = [m for m in thread if f"table #{match.table_id} was aborted" in m["content"]]
    assert len(stopped) == 1 and "Reason: Alice never moved" in stopped[0]["content"]
    assert len(thread) == 2 and finals(thread) == [], "the first board and the notice"
    assert boards(thread) == [], "the stopped board lost its buttons"
    assert await rated_games(h, match.table_id) == ([], {}), "not played out: not rated"
    snap = await h.bot.leagues.snapshot(league_id)
    assert snap.matches[0].source == "adjudicated"
    assert [(r.name, r.points) for r in snap.standings] == [("Bob", 3), ("Alice", 0)]


async def test_a_played_out_match_cannot_be_adjudicated(league_bot: Bot) -> None:
    h, _ = league_bot
    league_id, match = await started_pair(h)
    await h.service.resign(match.table_id, BOB.uid)  # ended and rated; the league counts it next
    args = {"match": str(match.id), "result": "Bob > Alice", "reason": "a mistake"}
    refused = await h.slash(MODERATOR, "league", args, sub="adjudicate")
    assert refused.audience == "ephemeral"
    assert "played to the end; its game's result counts" in refused.content
    assert (await h.bot.leagues.snapshot(league_id)).matches[0].ranking is None
    await restart(h)
    snap = await h.bot.leagues.snapshot(league_id)
    assert snap.matches[0].source == "played" and snap.standings[0].name == "Alice"
    assert await rated_games(h, match.table_id) == ([1], {ALICE.uid: 1, BOB.uid: 1})
    assert len(finals(in_channel(h, match.thread_id))) == 1

"""Results and ratings (issue 10): what counts, the update at a game's end, and the read models
behind ``/leaderboard``, ``/rating`` and ``/history``. Knows no discord.py.

A finished game leaves one immutable result; the ratings are derived from the rated results in
their order, so :func:`rebuild` recomputes exactly what the live updates wrote. The update runs
inside the service's write transaction that ends the game (:func:`record_result`), so a game is
rated exactly once or, if that transaction fails, not finished at all.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.ai import seats as ai_seats
from bot.i18n import Text, _
from bot.ratings.model import PROVISIONAL_GAMES, Skill, rate, shown
from bot.storage.leagues import LeagueQueries
from bot.storage.ratings import HistoryRow, PlayedRow, RatingQueries, RatingRow, ResultRow
from bot.storage.tables import Database, EndReason, Queries

__all__ = [
    "END_REASONS",
    "PROVISIONAL_GAMES",
    "RECENT_GAMES",
    "STARTING_RATING",
    "TOP",
    "TREND_GAMES",
    "BoardEntry",
    "Card",
    "FinishedTable",
    "Leaderboard",
    "PlayedGame",
    "displayed_ratings",
    "is_human",
    "leaderboard",
    "leavers_last",
    "player_cards",
    "rebuild",
    "recent_games",
    "record_result",
    "resign_ranking",
    "unrated_reason",
    "unrated_text",
]

#: How a game that counts ended: normally, by resignation, or by the turn timer.
END_REASONS = (EndReason.OVER, EndReason.RESIGNED, EndReason.FORFEIT)
#: The shown rating of a player who has never played.
STARTING_RATING = shown(Skill())
#: The leaderboard image lists this many players.
TOP = 20
#: The trend arrow compares the rating now with the rating this many rated games ago.
TREND_GAMES = 5
#: Recent results on a player's card, and points on the rating chart.
RECENT_GAMES = 5
CHART_GAMES = 50


class _Seated(Protocol):
    @property
    def user_id(self) -> int: ...


class FinishedTable(Protocol):
    """What the service's ``Table`` offers about a game that just ended."""

    @property
    def id(self) -> int: ...
    @property
    def game(self) -> str: ...
    @property
    def guild_id(self) -> int | None: ...
    @property
    def players(self) -> Sequence[_Seated]: ...
    @property
    def rated(self) -> bool: ...


def is_human(user_id: int) -> bool:
    """A person's seat; an AI seat has a negative user id (the convention with the AI players)."""
    return user_id >= 0


#: Why a finished game does not count. The database keeps the English text (as before
#: languages); :func:`unrated_text` gives it back as a text to show in any language.
FRIENDLY = _("a friendly game (rated=no)")
NO_SERVER = _("not played in a server")
NOT_A_PERSON = _("a seat was not played by a person")
TOO_FEW = _("fewer than two players")
_UNRATED = {str(text): text for text in (FRIENDLY, NO_SERVER, NOT_A_PERSON, TOO_FEW)}


def unrated_reason(guild_id: int | None, players: Sequence[int], rated: bool) -> str | None:
    """Why a finished game does not count (English, as stored), or None when it does."""
    if not rated:
        return str(FRIENDLY)
    if guild_id is None:
        return str(NO_SERVER)
    if not all(is_human(u) for u in players):
        return str(NOT_A_PERSON)
    if len(set(players)) < 2:
        return str(TOO_FEW)
    return None


def unrated_text(stored: str | None) -> Text | str:
    """A stored reason for an unrated game as a text in every language."""
    return _UNRATED.get(stored or "", stored or "")


def resign_ranking(seats: int, loser: int) -> list[list[int]]:
    """Everybody else tied first, the resigner (or the player out of time) last."""
    others = [s for s in range(seats) if s != loser]
    return [others, [loser]] if others else [[loser]]


def leavers_last(ranking: Sequence[Sequence[int]], leavers: Collection[int]) -> list[list[int]]:
    """The ranking with the seats of players who left (an AI played on in their seats) taken
    out of their places and tied last."""
    kept = [[seat for seat in place if seat not in leavers] for place in ranking]
    return [place for place in kept if place] + ([sorted(leavers)] if leavers else [])


async def _league_leavers(q: Queries, table_id: int) -> dict[int, int]:
    """{seat: user id} of the players who left the league of this match table while it ran
    and whose seats an AI took over; empty for every other table."""
    replaced = await q.replaced_seats(table_id)
    if not replaced or await LeagueQueries(q).match_of_table(table_id) is None:
        return {}
    return {seat: user_id for seat, user_id, _name, _reason in replaced}


async def record_result(
    q: Queries,
    table: FinishedTable,
    end_reason: EndReason,
    ranking: Sequence[Sequence[int]],
    at: float,
) -> ResultRow:
    """Write the game's result and, if it counts, update its players' ratings.

    Call inside the transaction that ends the game. ``finished_at`` is ``at`` unless an earlier
    commit already wrote a later (finished_at, table_id): then it moves just past it, so the
    order :func:`rebuild` replays is exactly the order the updates were made in.

    A league match table whose players left the league while AIs played on in their seats
    counts for the people: each such seat is the leaver's again, tied last (the AIs are not
    rated). At any other table an AI seat makes the game unrated.
    """
    if end_reason not in END_REASONS:
        raise ValueError(f"a result ends 'over', 'resigned' or 'forfeit', not {end_reason!r}")
    rq = RatingQueries(q)
    finished_at = at
    last = await rq.last_result()
    if last is not None and (finished_at, table.id) < last:
        finished_at = last[0] if table.id > last[1] else math.nextafter(last[0], math.inf)
    players = tuple(p.user_id for p in table.players)
    leavers = await _league_leavers(q, table.id)
    if leavers:
        players = tuple(leavers.get(seat, user) for seat, user in enumerate(players))
        ranking = leavers_last(ranking, leavers)
    why = unrated_reason(table.guild_id, players, table.rated)
    row = ResultRow(
        table_id=table.id,
        game=table.game,
        guild_id=table.guild_id,
        finished_at=finished_at,
        end_reason=end_reason,
        ranking=tuple(tuple(int(s) for s in place) for place in ranking),
        players=players,
        rated=why is None,
        unrated_why=why,
    )
    await rq.insert_result(row)
    if row.rated:
        await _apply(rq, row)
    return row


async def _apply(rq: RatingQueries, result: ResultRow) -> None:
    """One rated result's update of its players' ratings and history."""
    assert result.guild_id is not None
    guild, game = result.guild_id, result.game
    current = {r.user_id: r for r in await rq.ratings(guild, game, result.players)}
    # A seat missing from the ranking (never expected from an engine) counts as last.
    places = [
        result.place_of(seat) - 1 if result.place_of(seat) else len(result.ranking)
        for seat in range(len(result.players))
    ]
    before = [
        Skill(current[u].mu, current[u].sigma) if u in current else Skill() for u in result.players
    ]
    after = _rated(result, before, places)
    for seat, user_id in enumerate(result.players):
        old, new = before[seat], after[seat]
        row = current.get(user_id)
        await rq.put_rating(
            RatingRow(
                guild,
                game,
                user_id,
                new.mu,
                new.sigma,
                (row.games if row else 0) + 1,
                (row.wins if row else 0) + (places[seat] == 0),
                result.finished_at,
            )
        )
        await rq.insert_history(
            HistoryRow(
                result.table_id,
                user_id,
                guild,
                game,
                places[seat] + 1,
                old.mu,
                old.sigma,
                shown(old),
                new.mu,
                new.sigma,
                shown(new),
                result.finished_at,
            )
        )


def _rated(result: ResultRow, before: list[Skill], places: list[int]) -> list[Skill]:
    """The new skills. A game decided by a resignation or forfeit among 3-4 players decided
    nothing between the others: each of them is rated as having beaten the leaver (a result
    against the leaver's rating before the game; also against earlier leavers of a league
    match, whose seats an AI played), never as drawing with each other, so someone else's
    resignation never costs a player points. The leavers are rated by their places in the
    whole game."""
    if result.end_reason == EndReason.OVER or len(before) <= 2 or len(result.ranking) < 2:
        return rate(before, places)
    losers = [seat for place in result.ranking[1:] for seat in place]
    whole = rate(before, places)
    after = list(before)
    for seat in result.ranking[0]:
        against = [before[seat], *(before[loser] for loser in losers)]
        after[seat] = rate(against, [0, *(1 for _ in losers)])[0]
    for seat in losers:
        after[seat] = whole[seat]
    return after


async def rebuild(db: Database) -> int:
    """Recompute every rating and history row from the rated results in order, in one
    transaction; returns how many results were replayed."""
    async with db.write() as q:
        rq = RatingQueries(q)
        await rq.clear_derived()
        results = await rq.rated_results()
        for result in results:
            await _apply(rq, result)
    return len(results)


async def displayed_ratings(
    db: Database, guild_id: int | None, game: str, user_ids: Sequence[int]
) -> dict[int, float]:
    """Shown rating per user (a player never rated gets the starting rating)."""
    out = {u: STARTING_RATING for u in user_ids}
    if guild_id is None:
        return out
    async with db.read() as q:
        for row in await RatingQueries(q).ratings(guild_id, game, list(user_ids)):
            out[row.user_id] = shown(Skill(row.mu, row.sigma))
    return out


# -- read models for the commands ------------------------------------------------------------


@dataclass(frozen=True)
class BoardEntry:
    """One line of a leaderboard. ``rank`` is None for a provisional player (not ranked yet)."""

    rank: int | None
    user_id: int
    name: str
    rating: float
    games: int
    wins: int
    trend: float  # shown change over the last TREND_GAMES rated games

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES

    @property
    def win_percent(self) -> float:
        return 100.0 * self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class Leaderboard:
    """The server's players of one game: ranked players first, then provisional ones."""

    game: str
    entries: tuple[BoardEntry, ...]  # at most TOP
    caller: BoardEntry | None  # the caller's own line when it is not among ``entries``
    ranked: int  # how many players are ranked (not provisional)
    total: int


def _ordered(rows: Sequence[RatingRow]) -> list[tuple[int | None, RatingRow]]:
    established = [r for r in rows if r.games >= PROVISIONAL_GAMES]
    provisional = [r for r in rows if r.games < PROVISIONAL_GAMES]
    ranked: list[tuple[int | None, RatingRow]] = [(i + 1, r) for i, r in enumerate(established)]
    return ranked + [(None, r) for r in provisional]


async def _entry(
    rq: RatingQueries, rank: int | None, row: RatingRow, names: dict[int, str]
) -> BoardEntry:
    recent = await rq.history(row.guild_id, row.game, row.user_id, TREND_GAMES)
    now = shown(Skill(row.mu, row.sigma))
    trend = now - recent[0].shown_before if recent else 0.0
    name = names.get(row.user_id, f"user {row.user_id}")
    return BoardEntry(rank, row.user_id, name, now, row.games, row.wins, trend)


async def leaderboard(db: Database, guild_id: int, game: str, caller_id: int) -> Leaderboard:
    """The top ``TOP`` players (ranked ones by rating, then provisional ones) and the caller."""
    async with db.read() as q:
        rq = RatingQueries(q)
        ordered = _ordered(await rq.board(guild_id, game))
        top = ordered[:TOP]
        mine = next(((rank, r) for rank, r in ordered[TOP:] if r.user_id == caller_id), None)
        wanted = [r.user_id for _, r in top] + ([mine[1].user_id] if mine else [])
        names = await rq.names(wanted)
        entries = tuple([await _entry(rq, rank, r, names) for rank, r in top])
        caller = await _entry(rq, mine[0], mine[1], names) if mine else None
    ranked = sum(1 for rank, _ in ordered if rank is not None)
    return Leaderboard(game, entries, caller, ranked, len(ordered))


@dataclass(frozen=True)
class Card:
    """A player's rating in one game: ``/rating``."""

    game: str
    user_id: int
    name: str
    rating: float
    rank: int | None  # None while provisional
    ranked: int  # ranked players of this game on the server
    games: int
    wins: int
    recent: tuple[HistoryRow, ...]  # newest last
    chart: tuple[float, ...]  # shown rating before the first charted game, then after each

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


async def player_cards(
    db: Database, guild_id: int, user_id: int, games: Sequence[str] | None = None
) -> list[Card]:
    """The player's card for each game they have a rating in (or only ``games``)."""
    async with db.read() as q:
        rq = RatingQueries(q)
        played = await rq.games_of(guild_id, user_id)
        names = await rq.names([user_id])
        cards = []
        for game in played if games is None else [g for g in games if g in played]:
            ordered = _ordered(await rq.board(guild_id, game))
            rank, row = next((rk, r) for rk, r in ordered if r.user_id == user_id)
            history = await rq.history(guild_id, game, user_id, CHART_GAMES)
            chart = (history[0].shown_before, *(h.shown_after for h in history))
            cards.append(
                Card(
                    game,
                    user_id,
                    names.get(user_id, f"user {user_id}"),
                    shown(Skill(row.mu, row.sigma)),
                    rank,
                    sum(1 for rk, _ in ordered if rk is not None),
                    row.games,
                    row.wins,
                    tuple(history[-RECENT_GAMES:]),
                    chart if history else (),
                )
            )
    return cards


@dataclass(frozen=True)
class PlayedGame:
    """One finished game in ``/history``: the player's place, opponents and rating change."""

    table_id: int
    game: str
    finished_at: float
    end_reason: str
    place: int
    places: int
    opponents: tuple[str, ...]
    change: float | None  # None: the game was not rated
    unrated_why: str | None
    channel_id: int
    board_message_id: int | None
    #: Who resigned or ran out of time (a game that ended so), by name; None otherwise.
    loser: str | None = None


async def recent_games(
    db: Database, guild_id: int, user_id: int, limit: int = 10
) -> list[PlayedGame]:
    """The player's last ``limit`` finished games on the server, newest first."""
    async with db.read() as q:
        rq = RatingQueries(q)
        rows: list[PlayedRow] = await rq.played(guild_id, user_id, limit)
        others = sorted({u for row in rows for u in row.result.players if u != user_id})
        names = await rq.names([*others, user_id])  # the player's own: they may have resigned
    out = []
    for row in rows:
        result = row.result
        seat = result.players.index(user_id)
        change = row.change.shown_after - row.change.shown_before if row.change else None
        out.append(
            PlayedGame(
                result.table_id,
                result.game,
                result.finished_at,
                result.end_reason,
                result.place_of(seat),
                len(result.ranking),
                tuple(
                    ai_seats.mark(u, names.get(u, f"user {u}"))
                    for u in result.players
                    if u != user_id
                ),
                change,
                result.unrated_why,
                row.channel_id,
                row.board_message_id,
                _loser(result, names),
            )
        )
    return out


def _loser(result: ResultRow, names: Mapping[int, str]) -> str | None:
    """The name of whoever resigned or ran out of time (alone in the last place, see
    :func:`resign_ranking`), for a game that ended so; None otherwise."""
    if result.end_reason not in (EndReason.RESIGNED, EndReason.FORFEIT) or not result.ranking:
        return None
    last = result.ranking[-1]
    if len(last) != 1 or len(result.ranking) < 2:
        return None
    loser = result.players[last[0]]
    return ai_seats.mark(loser, names.get(loser, f"user {loser}"))


async def result_changes(
    db: Database, table_id: int
) -> tuple[ResultRow, dict[int, tuple[float, float]]] | None:
    """A finished table's result and, per seat, the shown rating before and after that game
    (empty when the game was not rated); None if the table has no result."""
    async with db.read() as q:
        rq = RatingQueries(q)
        result = await rq.result(table_id)
        if result is None:
            return None
        history = {h.user_id: h for h in await rq.history_of_table(table_id)}
    changes = {
        seat: (history[user].shown_before, history[user].shown_after)
        for seat, user in enumerate(result.players)
        if user in history
    }
    return result, changes

"""The post-game review of a finished table: computed once in the long lane, stored, shown again.

:class:`Reviews` gets a table's review: the stored one, else :func:`compute` replays the game's
record, takes each decision through the acting seat's own view (:func:`bot.ai.review.decisions`)
and has the AI judge them, all through ``run_long``, a runner the UI gives (the render pool's
long, low-priority lane), so a review never takes a worker a board waits for, nor the bot's own
process for long. At most
:data:`MAX_IN_FLIGHT` reviews per server are computed at once, by all the bot's processes
together (each holds a slot in the database while it runs); past that a clear refusal.
The sentences (turning points, summary lines) are built here as :class:`bot.i18n.Text`.
Knows no discord.py.
"""

from __future__ import annotations

import asyncio
import hashlib
import importlib
import json
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot import replays, titles
from bot.ai import review as ai_review
from bot.games import get_game
from bot.i18n import N_, Text, _
from bot.running.shards import process_name
from bot.service import ServiceError
from bot.storage.reviews import ReviewQueries

if TYPE_CHECKING:
    from bot.service import Service, Table

__all__ = [
    "MAX_IN_FLIGHT",
    "GameReview",
    "ReviewBusy",
    "Reviews",
    "TurningPoint",
    "compute",
    "review_seed",
    "summary_text",
    "term_text",
]

#: Reviews computed at once per server (by all the bot's processes together); more wait for a
#: later click.
MAX_IN_FLIGHT = 2
#: A review's slot runs this long past its last renewal: a process that died while computing
#: frees its server's slot within this (a review takes seconds of CPU; queued behind others in
#: a loaded long lane, minutes: the slot is renewed meanwhile).
SLOT_SECONDS = 120.0
#: How often a review being computed renews its slot.
SLOT_RENEW = 30.0
#: How often a process waiting for another one's review of the same table looks for it.
SLOT_POLL = 2.0

#: A title's ``review_texts.term_text(term, names, other=None)``: the term in one sentence, or
#: None (the shared sentence).
TermText = Callable[..., "Text | None"]

#: ``run_long(function, *args)``: ``function(*args)`` (bytes) in a worker of the long lane.
LongRunner = Callable[..., Awaitable[bytes]]


class ReviewBusy(ServiceError):
    """Too many reviews are being computed on this server."""


def review_seed(table_seed: int) -> int:
    """The review's random seed: fixed per table; a hash, so it says nothing of the deal."""
    digest = hashlib.sha256(f"review:{table_seed}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def compute(record: dict[str, Any], seed: int, ranking: list[list[int]]) -> bytes:
    """Runs in a worker of the long lane: the review of a finished game's record
    (:meth:`bot.service.Service.record`) as JSON bytes (with the game's final ``ranking``, for
    the chart's end) and the CPU seconds it took. The game is replayed here, not in the bot's
    process (whose threads would take the interpreter from the boards' event loop), and each
    decision reaches the judge through the acting seat's own view only."""
    started = time.process_time()
    game = get_game(record["game"])
    state = game.new_game(
        int(record["seats"]),
        int(record["seed"]),
        options=record.get("options"),
        setup=record.get("setup"),
    )
    actions = [(int(seat), str(action)) for seat, action in record["actions"]]
    states = [state]
    for seat, action in actions:
        state = game.apply(state, seat, action)
        states.append(state)
    choices = ai_review.decisions(game, states, actions)
    judged = ai_review.review(record["game"], int(record["seats"]), choices, seed)
    cpu = time.process_time() - started
    return json.dumps({"review": {**judged.to_json(), "ranking": ranking}, "cpu": cpu}).encode()


@dataclass(frozen=True)
class TurningPoint:
    """One of a seat's turning points: the decision (``index`` in the log) in turn ``turn``."""

    seat: int
    turn: int
    judged: ai_review.Judged


@dataclass(frozen=True)
class GameReview:
    """A table's review with its replay (for the turns, their stills and the log)."""

    table: Table
    review: ai_review.Review
    replay: replays.Replay
    ranking: tuple[tuple[int, ...], ...] = ()

    def turn_of(self, index: int) -> int:
        """The turn (from 1) holding action ``index`` (0-based)."""
        for turn in self.replay.turns:
            if turn.start <= index < turn.end:
                return turn.number
        return len(self.replay.turns)

    def series(self) -> list[list[float]]:
        """Each seat's estimated chance to win: index 0 the deal (an even share), ``n`` after
        turn ``n`` (its last judged decision so far), the last the real result."""
        seats = self.review.seats
        latest = [1.0 / seats] * seats
        by_turn: dict[int, list[ai_review.Judged]] = {}
        for judged in self.review.decisions:
            if judged.choices > 1:
                by_turn.setdefault(self.turn_of(judged.index), []).append(judged)
        out = [[latest[s]] for s in range(seats)]
        for number in range(1, len(self.replay.turns) + 1):
            for judged in by_turn.get(number, []):
                latest[judged.seat] = judged.chance_played
            for seat in range(seats):
                out[seat].append(latest[seat])
        if self.ranking:
            winners = self.ranking[0]
            for seat in range(seats):
                out[seat][-1] = 1.0 / len(winners) if seat in winners else 0.0
        return out

    def turning(self, seat: int) -> list[TurningPoint]:
        """The seat's turning points, largest drop first."""
        return [
            TurningPoint(
                seat, self.turn_of(self.review.decisions[i].index), self.review.decisions[i]
            )
            for i in self.review.turning[seat]
        ]


class Reviews:
    """Gets tables' reviews: stored ones, or computed (once per table) within the limit.

    The limit holds for every process on the database: a review holds one of its server's
    numbered slots in ``review_slots`` (migration 0016) while it is computed, renewed every
    :data:`SLOT_RENEW` seconds and expiring :data:`SLOT_SECONDS` after the last renewal, so a
    process that crashed holds no slot for long. A table whose review another process is
    computing is waited for (its stored review is shown) rather than computed twice."""

    def __init__(
        self,
        service: Service,
        run_long: LongRunner,
        limit: int = MAX_IN_FLIGHT,
        *,
        holder: str | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.service = service
        self.run_long = run_long
        self.limit = limit
        self.holder = holder or process_name()
        self.clock = clock
        self.poll = SLOT_POLL
        self._running: dict[int, asyncio.Future[dict[str, Any]]] = {}

    async def in_flight(self, guild_id: int | None) -> int:
        """Reviews being computed for the server now, by every process."""
        async with self.service.db.read() as q:
            return await ReviewQueries(q).in_flight(guild_id, self.clock())

    async def stored(self, table_id: int) -> dict[str, Any] | None:
        async with self.service.db.read() as q:
            return await ReviewQueries(q).get(table_id)

    async def get(self, table_id: int, lang: str) -> GameReview:
        """The finished table's review (its replay's log in ``lang``). ``NotFinished`` before
        the end, ``ReviewBusy`` past the server's limit."""
        replay = await replays.load(self.service, table_id, lang)
        table = replay.table
        data = await self.stored(table_id)
        if data is None:
            running = self._running.get(table_id)
            data = await (running if running is not None else self._compute(table))
        ranking = tuple(tuple(int(s) for s in group) for group in data.get("ranking", []))
        return GameReview(table, ai_review.Review.from_json(data), replay, ranking)

    async def _claim(self, table: Table) -> bool:
        """Take a slot of the table's server for its review: True; False while another process
        computes this table's review; ``ReviewBusy`` when the server's slots are all taken."""
        now = self.clock()
        async with self.service.db.write() as q:
            queries = ReviewQueries(q)
            if await queries.slot_holder(table.id, now) is not None:
                return False
            slot = await queries.take_slot(
                table.guild_id, table.id, self.holder, now, now + SLOT_SECONDS, self.limit
            )
            # Lost a race for the table itself: another process took its slot meanwhile.
            elsewhere = slot is None and await queries.slot_holder(table.id, now) is not None
        if slot is not None:
            return True
        if elsewhere:
            return False
        raise ReviewBusy(
            N_(
                "A review is already being prepared on this server; ask again in a few minutes.",
                "{n} reviews are already being prepared on this server; ask again in a few "
                "minutes.",
                self.limit,
            )
        )

    async def _renew(self, table_id: int) -> None:
        """Keep the review's slot while it is computed (cancelled when it ends)."""
        while True:
            await asyncio.sleep(SLOT_RENEW)
            async with self.service.db.write() as q:
                await ReviewQueries(q).renew_slot(
                    table_id, self.holder, self.clock() + SLOT_SECONDS
                )

    async def _compute(self, table: Table) -> dict[str, Any]:
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._running[table.id] = future
        try:
            data = await self._compute_once(table)
            future.set_result(data)
            return data
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: a failure nobody else awaited is not logged twice
            raise
        finally:
            del self._running[table.id]

    async def _compute_once(self, table: Table) -> dict[str, Any]:
        while not await self._claim(table):
            # Another process computes it: show its review once stored (or compute it here if
            # that process died and its slot expired).
            await asyncio.sleep(self.poll)
            stored = await self.stored(table.id)
            if stored is not None:
                return stored
        renewing = asyncio.create_task(self._renew(table.id))
        try:
            # Another process may have stored it between our last look and its slot's release.
            stored = await self.stored(table.id)
            if stored is not None:
                return stored
            record = await self.service.record(table.id)
            ranking = (await self.service.final_summary(table.id))["ranking"]
            raw = await self.run_long(compute, record, review_seed(table.seed), ranking)
            result = json.loads(raw)
            async with self.service.db.write() as q:
                await ReviewQueries(q).put(
                    table.id, table.guild_id, table.game, result["review"], float(result["cpu"])
                )
            data: dict[str, Any] = result["review"]
            return data
        finally:
            renewing.cancel()
            async with self.service.db.write() as q:
                await ReviewQueries(q).free_slot(table.id, self.holder)


# --------------------------------------------------------------------------- sentences


def term_text(
    game: str, term: ai_review.Term | None, names: Sequence[str], *, other: str | None = None
) -> Text:
    """Why the AI's move is better, in one short sentence in the game's own words (the title's
    ``ai.review_texts``): better than the move played (a review), or with ``other`` (a hint) than
    that next best action."""
    entry = titles.title(game)
    if term is not None and entry is not None and entry.ai.review_texts is not None:
        words: TermText = importlib.import_module(entry.ai.review_texts).term_text
        said = words(term, names, other=other)
        if said is not None:
            return said
    return _("The AI rates the position after its move higher overall.")


def summary_text(name: str, agreement: float, decisions: int) -> Text:
    """A seat's one-line summary: how often its move was as good as the AI's."""
    return N_(
        "{player}: as good as the AI's choice in {percent}% of {n} decision.",
        "{player}: as good as the AI's choice in {percent}% of {n} decisions.",
        decisions,
        player=name,
        percent=round(100 * agreement),
    )

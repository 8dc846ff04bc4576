"""After the game: its turns, the replay's frames and the score story, from the stored record.

A *turn* is what one frame of the replay shows:

- Tigris & Euphrates: one player's turn, their two actions with everything they set off (the
  conflicts' support, monuments, treasures) until the next player's turn begins;
- Targi: one round, both players' placements, actions and the end of the round (raid, upkeep).

The game is replayed from its stored log through the engine. The frames are public views only;
the score story also reads each seat's own view for T&E's hidden scores, which the end of the game
reveals, so nothing here serves a game that is still running. Knows no discord.py.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot import titles
from bot.ai import seats as ai_seats
from bot.games.contract import GameEngine
from bot.i18n import DEFAULT, N_, _
from bot.pbp.log import LogEntry, log_entries
from bot.presenters import ended_view, plain_text
from bot.service import NotFinished, ServiceError, Table
from bot.storage.tables import EndReason, TableStatus

if TYPE_CHECKING:
    from bot.service import Service

__all__ = [
    "Replay",
    "Step",
    "Turn",
    "after_turn",
    "changed_squares",
    "load",
    "split_turns",
    "steps",
    "story",
]

#: The public view's field that changes when a turn ends (a player's turn; a Targi round).


@dataclass(frozen=True)
class Turn:
    """Turn ``number`` (from 1): the actions after the first ``start`` up to the ``end``-th."""

    number: int
    start: int
    end: int


@dataclass(frozen=True)
class Step:
    """One frame of the animated replay: the public board ``view`` during or after turn
    ``turn``, with the ``changed`` squares framed (every square the turn changed)."""

    turn: int
    view: dict[str, Any]
    changed: tuple[str, ...] = ()


@dataclass(frozen=True)
class Replay:
    """A finished game turn by turn: ``frames[i]`` is the public board after ``turns[i]``
    (AI seats marked, as on the boards; its turn counter reads that turn, as the caption
    does), ``steps`` the animation's frames, ``story`` the score story's numbers, ``log`` the
    readable entries of every action (``log[k]`` is action ``k + 1``)."""

    table: Table
    turns: tuple[Turn, ...]
    frames: tuple[dict[str, Any], ...]
    story: dict[str, Any]
    log: tuple[LogEntry, ...]
    steps: tuple[Step, ...] = ()

    def turn_log(self, number: int) -> list[LogEntry]:
        """The log entries of turn ``number`` (from 1)."""
        turn = self.turns[number - 1]
        return list(self.log[turn.start : turn.end])


def split_turns(game: str, views: Sequence[dict[str, Any]]) -> list[Turn]:
    """The turns of a game from its public views (``views[i]`` after ``i`` actions): a turn ends
    where its title's ``replay.turn_key`` changes (at every action without one), the last one
    with the last action."""
    key = titles.title(game).replay.turn_key  # type: ignore[union-attr]
    turns: list[Turn] = []
    start = 0
    for index in range(1, len(views)):
        ended = key is None or views[index][key] != views[index - 1][key]
        if ended or index == len(views) - 1:
            turns.append(Turn(len(turns) + 1, start, index))
            start = index
    return turns


def after_turn(game: str, view: dict[str, Any], number: int) -> dict[str, Any]:
    """The board after turn ``number`` as its still shows it: the view that begins the next
    turn, its counter (the title's ``replay.turn_key``) set back to ``number`` (the caption's turn),
    shown as the title ends a turn (``turn_end``). The final board (game over) is left as it
    is."""
    title = titles.title(game)
    if view.get("game_over") or title is None or title.replay.turn_key is None:
        return view  # without a turn key every action is a turn: the board after it
    shown = {**view, title.replay.turn_key: number}
    return dict(title.replay.turn_end(shown)) if title.replay.turn_end is not None else shown


def changed_squares(before: dict[str, Any], after: dict[str, Any]) -> tuple[str, ...]:
    """The squares whose pieces differ between two public boards (every ``square`` the board's
    lists name; a bare square name counts as a piece: T&E's catastrophes), in reading order."""

    def pieces(view: dict[str, Any]) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        for name, items in (view.get("board") or {}).items():
            if not isinstance(items, list):
                continue
            for item in items:
                square = item.get("square") if isinstance(item, dict) else item
                if isinstance(square, str):
                    found.setdefault(square, []).append(
                        f"{name}:{sorted(item.items())!r}" if isinstance(item, dict) else name
                    )
        return found

    old, new = pieces(before), pieces(after)
    squares = {
        sq for sq in old.keys() | new.keys() if sorted(old.get(sq, [])) != sorted(new.get(sq, []))
    }
    return tuple(sorted(squares, key=lambda sq: (int(sq[1:]) if sq[1:].isdigit() else 0, sq)))


def steps(game: str, views: Sequence[dict[str, Any]], turns: Sequence[Turn]) -> list[Step]:
    """The animation's frames: one per turn (the board after it, the squares it changed
    framed), and before it the moves the title gives frames of their own (``move_frame``:
    Targi's placements)."""
    found: list[Step] = []
    title = titles.title(game)
    own_frame = title.replay.move_frame if title is not None else None
    for turn in turns:
        if own_frame is not None:
            for index in range(turn.start + 1, turn.end):
                if own_frame(views[index - 1]):
                    found.append(Step(turn.number, views[index]))
        last = after_turn(game, views[turn.end], turn.number)
        found.append(Step(turn.number, last, changed_squares(views[turn.start], views[turn.end])))
    return found


def story(
    game: GameEngine,
    states: Sequence[Any],
    views: Sequence[dict[str, Any]],
    turns: Sequence[Turn],
    robots: Sequence[int] = (),
    ranking: Sequence[Sequence[int]] | None = None,
) -> dict[str, Any]:
    """The score story's numbers: per seat a series per quantity (index 0 the deal, index ``n``
    after turn ``n``) and the marks (``{"turn", "kind", "seats"}``), as the title's ``replay.story``
    tells them (it may read each seat's own view: call this only once the game ended), and the
    final ``ranking`` (places, best first; None if unknown) the chart shows."""
    ends = [0, *(t.end for t in turns)]
    players: list[dict[str, Any]] = []
    marks: list[dict[str, Any]] = []
    title = titles.title(game.NAME)
    if title is not None and title.replay.story is not None:
        players, marks = title.replay.story(game, states, views, turns, ends)
    return {
        "game": game.NAME,
        "turns": len(turns),
        "players": players,
        "marks": marks,
        "ai_seats": list(robots),
        "ranking": [list(place) for place in ranking] if ranking is not None else None,
    }


def final_ranking(table: Table, game: GameEngine, state: Any) -> list[list[int]] | None:
    """The places of a finished game as its final result gives them: a resigned seat last."""
    seats = len(table.players)
    if table.end_reason == EndReason.RESIGNED and table.resigned_seat is not None:
        others = [s for s in range(seats) if s != table.resigned_seat]
        return [others, [table.resigned_seat]] if others else [[table.resigned_seat]]
    if table.end_reason == EndReason.OVER:
        return [list(place) for place in game.outcome(state)["ranking"]]
    return None


def _build(
    table: Table,
    game: GameEngine,
    states: Sequence[Any],
    actions: Sequence[tuple[int, str]],
    lang: str,
) -> Replay:
    views = [game.view(state, None) for state in states]
    turns = split_turns(game.NAME, views)
    robots = [s for s, p in enumerate(table.players) if ai_seats.is_ai(p.user_id)]
    marked = [{**view, "ai_seats": robots} if robots else view for view in views]
    frames = tuple(after_turn(game.NAME, marked[t.end], t.number) for t in turns)
    if frames:  # the last turn as the final board shows it (a resigned game: no turn left)
        frames = (*frames[:-1], ended_view(frames[-1]))
    names = [ai_seats.mark(p.user_id, plain_text(p.name)) for p in table.players]
    entries = [e for e in log_entries(game, states, actions, names, lang=lang) if e.number > 0]
    numbers = story(game, states, views, turns, robots, final_ranking(table, game, states[-1]))
    moving = tuple(steps(game.NAME, marked, turns))
    if moving:  # the last frame is the final board (a resigned game: no turn left)
        last = moving[-1]
        moving = (*moving[:-1], Step(last.turn, ended_view(last.view), last.changed))
    return Replay(table, tuple(turns), frames, numbers, tuple(entries), moving)


async def load(service: Service, table_id: int, lang: str = DEFAULT) -> Replay:
    """The finished game ``table_id`` turn by turn (its log in ``lang``); the replay is built
    off the event loop. ``NotFinished`` while it runs or if it was aborted, ``ServiceError`` if
    no turn was played."""
    table = await service.get(table_id)
    if table.status != TableStatus.FINISHED:
        raise NotFinished(_("The replay is shown when the game has ended."))
    table, game, states, actions = await service.history(table_id)
    if not actions:
        raise ServiceError(_("No turn was played in this game: there is nothing to replay."))
    return await asyncio.to_thread(_build, table, game, states, actions, lang)


def check_turn(replay: Replay, number: int) -> None:
    """Refuse a turn the game does not have."""
    if not 1 <= number <= len(replay.turns):
        raise ServiceError(
            N_(
                "This game has {n} turn; choose turn 1.",
                "This game has {n} turns; choose a turn from 1 to {n}.",
                len(replay.turns),
            )
        )

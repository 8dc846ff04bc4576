"""What the service hands out: players, tables, committed moves and due reminders."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.storage.tables import SeatRow, TableRow, TableStatus

__all__ = ["MoveResult", "Player", "Reminder", "Table", "to_table"]


@dataclass(frozen=True)
class Player:
    """A Discord user as the service sees it."""

    user_id: int
    name: str


@dataclass(frozen=True)
class Table:
    """One game in one channel, from lobby to end.

    ``players`` are in seat order once the game has started (seat i is ``players[i]``), in join
    order while in the lobby. ``seq`` counts the actions applied (it goes back down after a
    take-back). ``version`` rises with every change of the game state and never repeats: the
    stale-button token. ``posted_version`` is the version the channel's last board (or final
    result) shows, ``posted_to_act`` the seats it waits for (None: unknown).
    ``seed`` decides every hidden draw: never show it while the game runs.
    """

    id: int
    game: str
    guild_id: int | None
    channel_id: int
    creator_id: int
    status: TableStatus
    max_seats: int
    seat_order: str
    options: dict[str, Any]
    seed: int
    players: tuple[Player, ...]
    seq: int
    lobby_message_id: int | None
    board_message_id: int | None
    end_reason: str | None = None
    resigned_seat: int | None = None
    rated: bool = True  # table option `rated`: False for a friendly game
    version: int = 0
    posted_version: int = 0
    posted_to_act: tuple[int, ...] | None = None
    ai_replaces: bool = False  # table option: a leaver's seat passes to a `normal` AI
    hints: bool = False  # table option `hints`: the AI's suggestion on request (friendly only)
    language: str = "en"  # the language of the table's public messages (bot.i18n)

    def seat_of(self, user_id: int) -> int | None:
        """The seat (or, in the lobby, the join position) of ``user_id``; None if not here."""
        for index, player in enumerate(self.players):
            if player.user_id == user_id:
                return index
        return None


@dataclass(frozen=True)
class MoveResult:
    """What :meth:`Service.submit` committed."""

    table: Table
    seat: int
    action: str
    view: dict[str, Any]
    to_ping: tuple[int, ...]
    finished: bool


@dataclass(frozen=True)
class Reminder:
    """A decision that has waited long enough for a (repeated) reminder."""

    table: Table
    seat: int
    user_id: int
    pending_since: float
    reminded_at: float | None


def to_table(row: TableRow, seats: list[SeatRow]) -> Table:
    """The table of a stored row and its seats: players in join order while any seat is still
    unassigned (the lobby), in seat order once dealt."""
    if row.status == TableStatus.LOBBY or any(s.seat is None for s in seats):
        ordered = sorted(seats, key=lambda s: s.joined)
    else:
        ordered = sorted(seats, key=lambda s: s.seat if s.seat is not None else -1)
    return Table(
        id=row.id,
        game=row.game,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        creator_id=row.creator_id,
        status=row.status,
        max_seats=row.max_seats,
        seat_order=row.seat_order,
        options=dict(row.options),
        seed=row.seed,
        players=tuple(Player(s.user_id, s.name) for s in ordered),
        seq=row.seq,
        lobby_message_id=row.lobby_message_id,
        board_message_id=row.board_message_id,
        end_reason=row.end_reason,
        resigned_seat=row.resigned_seat,
        rated=row.rated,
        version=row.version,
        posted_version=row.posted_version,
        posted_to_act=row.posted_to_act,
        ai_replaces=row.ai_replaces,
        language=row.language,
        hints=row.hints,
    )

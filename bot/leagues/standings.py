"""League points and the standings order. Standard library only.

Points per match, by place among the players the match was scheduled for (players tied for
places share those places' points equally):

| players | 1st | 2nd | 3rd | 4th |
| --- | --- | --- | --- | --- |
| 2 | 3 | 0 | | |
| 3 | 3 | 1 | 0 | |
| 4 | 3 | 2 | 1 | 0 |

A player who forfeits (left the league, or was to decide when the round's deadline passed) is
ranked last and scores 0. A bye scores :data:`BYE_POINTS` (a win). A void match (its table was
aborted with no result) scores nothing for anyone. Order: points, then Buchholz (the sum of the
final points of every opponent met), then head-to-head among the players still tied (1 for each
tied opponent placed below them in a shared match, 1/2 for each tied with them), then rating,
then name.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

__all__ = ["BYE_POINTS", "PLACE_POINTS", "MatchScore", "StandingRow", "match_points", "rank"]

PLACE_POINTS: dict[int, tuple[int, ...]] = {2: (3, 0), 3: (3, 1, 0), 4: (3, 2, 1, 0)}
BYE_POINTS = 3.0


@dataclass(frozen=True)
class MatchScore:
    """A decided match: the players it was scheduled for, and its places (best first).

    ``ranking`` is empty for a void match; a bye is one player alone with ``bye=True``.
    """

    players: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]
    bye: bool = False
    forfeited: frozenset[int] = frozenset()


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings."""

    rank: int
    user_id: int
    name: str
    points: float
    played: int
    wins: int
    buchholz: float
    head_to_head: float
    rating: float
    left: bool


def match_points(match: MatchScore) -> dict[int, float]:
    """Each scheduled player's points from one decided match."""
    if match.bye:
        return {p: BYE_POINTS for p in match.players}
    out = {p: 0.0 for p in match.players}
    if not match.ranking:
        return out
    table = PLACE_POINTS.get(len(match.players))
    if table is None:
        raise ValueError(f"no points table for {len(match.players)} players")
    place = 0
    for tied in match.ranking:
        shared = table[place : place + len(tied)]
        value = sum(shared) / len(tied)
        for player in tied:
            out[player] = 0.0 if player in match.forfeited else value
        place += len(tied)
    return out


def _places(match: MatchScore) -> dict[int, int]:
    return {p: i for i, tied in enumerate(match.ranking) for p in tied}


def rank(
    members: Sequence[tuple[int, str, bool]],
    matches: Sequence[MatchScore],
    ratings: Mapping[int, float],
) -> list[StandingRow]:
    """The standings of ``members`` ``(user_id, name, left)`` after ``matches``."""
    points: dict[int, float] = defaultdict(float)
    played: dict[int, int] = defaultdict(int)
    wins: dict[int, int] = defaultdict(int)
    opponents: dict[int, list[int]] = defaultdict(list)
    for match in matches:
        for player, value in match_points(match).items():
            points[player] += value
        if match.bye:
            continue
        if match.ranking and len(match.ranking[0]) == 1:
            wins[match.ranking[0][0]] += 1
        for player in match.players:
            played[player] += 1
            opponents[player].extend(p for p in match.players if p != player)
    buchholz = {m[0]: sum(points[o] for o in opponents[m[0]]) for m in members}
    groups: dict[tuple[float, float], list[int]] = defaultdict(list)
    for user_id, _, _ in members:
        groups[(points[user_id], buchholz[user_id])].append(user_id)
    h2h: dict[int, float] = defaultdict(float)
    for tied in groups.values():
        if len(tied) < 2:
            continue
        tied_set = set(tied)
        for match in matches:
            inside = [p for p in match.players if p in tied_set]
            if match.bye or not match.ranking or len(inside) < 2:
                continue
            places = _places(match)
            last = len(match.ranking)
            for a in inside:
                for b in inside:
                    if a == b:
                        continue
                    pa, pb = places.get(a, last), places.get(b, last)
                    h2h[a] += 1.0 if pa < pb else 0.5 if pa == pb else 0.0
    names = {m[0]: m[1] for m in members}
    ordered = sorted(
        members,
        key=lambda m: (
            -points[m[0]],
            -buchholz[m[0]],
            -h2h[m[0]],
            -ratings.get(m[0], 0.0),
            m[1].casefold(),
            m[0],
        ),
    )
    rows = []
    for index, (user_id, _, left) in enumerate(ordered):
        rows.append(
            StandingRow(
                rank=index + 1,
                user_id=user_id,
                name=names[user_id],
                points=points[user_id],
                played=played[user_id],
                wins=wins[user_id],
                buchholz=buchholz[user_id],
                head_to_head=h2h[user_id],
                rating=ratings.get(user_id, 0.0),
                left=left,
            )
        )
    return rows

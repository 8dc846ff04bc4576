"""Views of seeded random games to draw: the benchmarks' and the palette's samples.

A title's benchmark game has its largest ``bench.seats``; views are taken at evenly spaced
points (:func:`sample_views`) or move after move (:func:`consecutive_views`).
"""

from __future__ import annotations

from typing import Any

from bot import titles

__all__ = ["bench_title", "consecutive_views", "sample_views", "seats_of"]


def seats_of(game: str) -> int:
    """The seats of a title's benchmark game: its largest ``bench.seats``."""
    return max(bench_title(game).bench.seats)


def bench_title(game: str) -> titles.Title:
    title = titles.title(game)
    if title is None:
        raise ValueError(f"no title {game!r}")
    return title


def sample_views(
    game_name: str, seed: int, positions: int
) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(public view, seat 0's view) at evenly spaced points of one seeded random game."""
    from bot.games import get_game
    from bot.games.playout import play

    game = get_game(game_name)
    states = play(game, seats_of(game_name), seed, keep_states=True).states
    picks = [states[round(i * (len(states) - 1) / max(1, positions - 1))] for i in range(positions)]
    return [(game.view(state, None), game.view(state, 0)) for state in picks]


def consecutive_views(game_name: str, seed: int, moves: int) -> list[dict[str, Any]]:
    """Public views of ``moves`` positions in a row from the middle of one seeded random game:
    the boards a table shows move after move."""
    from bot.games import get_game
    from bot.games.playout import play

    game = get_game(game_name)
    states = play(game, seats_of(game_name), seed, keep_states=True).states
    start = max(0, len(states) // 2 - moves // 2)
    return [game.view(state, None) for state in states[start : start + moves]]

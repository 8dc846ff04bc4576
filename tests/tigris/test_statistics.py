"""Statistics of seeded games equal what a second route counts: the events' English log text.

The extraction (``bot.games.tigris.stats``) walks the states (pending conflicts and the support
committed, monuments, treasures held, catastrophes left, the decision's verb); here the same
numbers are counted from the lines the channel's log shows, and the score from ``scores``.
"""

from __future__ import annotations

import re

import pytest

from bot.games import Step, game_statistics, replay, tigris
from bot.games.playout import play
from tests.tigris.helpers import position

# Seeds 18, 24 and 36 build monuments; every seed here fights revolts, most fight wars.
CASES = [(2, 1), (3, 2), (4, 3), (2, 18), (3, 24), (2, 36), (4, 40)]

TEXTS = {
    "tiles": re.compile(r"^@(\d) places a \w+ on "),
    "swaps": re.compile(r"^@(\d) swaps \d+ tiles?$"),
    "catastrophes": re.compile(r"^@(\d) drops a catastrophe on "),
    "monuments": re.compile(r"^@(\d) builds the \w+-\w+ monument on "),
    "treasures": re.compile(r"^@(\d) takes the treasure on "),
}
CONFLICT = re.compile(r"^@(\d)'s \w+ wins the (revolt|war) \d+ to \d+; @(\d)")


def counted_from_log(record: dict[str, object]) -> list[dict[str, int]]:
    """Every statistic, counted from the log lines of each action, one action at a time."""
    seats = int(record["seats"])  # type: ignore[call-overload]
    counts = [dict.fromkeys(tigris.STATISTICS, 0) for _ in range(seats)]
    state = replay({**record, "actions": []})
    for seat, action in record["actions"]:  # type: ignore[attr-defined]
        state = tigris.apply(state, seat, action)
        for event in state.events:
            text = event[1]
            for name, pattern in TEXTS.items():
                found = pattern.match(text)
                if found:
                    counts[int(found[1])][name] += 1
            conflict = CONFLICT.match(text)
            if conflict:
                kind = "revolts" if conflict[2] == "revolt" else "wars"
                counts[int(conflict[1])][f"{kind}_won"] += 1
                counts[int(conflict[3])][f"{kind}_lost"] += 1
    for seat, points in enumerate(tigris.scores(state)):
        colours = sorted(points[c] for c in ("red", "blue", "green", "black"))
        for _ in range(points["treasures"]):  # each treasure lifts the weakest colour
            colours[0] += 1
            colours.sort()
        counts[seat]["score"] = colours[0]
    return counts


@pytest.mark.parametrize(("seats", "seed"), CASES)
def test_statistics_equal_the_counts_of_the_log(seats: int, seed: int) -> None:
    record = play(tigris, seats, seed).record
    assert game_statistics(record) == counted_from_log(record)


def test_the_seeded_games_exercise_every_statistic() -> None:
    """Each statistic is non-zero in some seeded game, so the comparison above can fail."""
    totals = dict.fromkeys(tigris.STATISTICS, 0)
    for seats, seed in CASES:
        for row in game_statistics(play(tigris, seats, seed).record):
            for name, value in row.items():
                totals[name] += value
    assert all(totals.values()), totals


def test_every_conflict_has_one_winner_and_one_loser() -> None:
    for seats, seed in CASES:
        rows = game_statistics(play(tigris, seats, seed).record)
        for kind in ("revolts", "wars"):
            assert sum(r[f"{kind}_won"] for r in rows) == sum(r[f"{kind}_lost"] for r in rows)


def test_a_resigned_game_counts_up_to_its_last_action() -> None:
    record = play(tigris, 2, 5).record
    half = {**record, "actions": record["actions"][: len(record["actions"]) // 2]}
    assert game_statistics(half) == counted_from_log(half)


def test_the_bench_prints_what_the_statistics_cost(capsys: pytest.CaptureFixture[str]) -> None:
    from bot.games.__main__ import main

    assert main(["bench", "tigris", "--seats", "2", "--games", "2", "--statistics"]) == 0
    out = capsys.readouterr().out
    assert "statistics, CPU ms / game  median" in out and "statistics, wall ms / game" in out


def _walk(start: tigris.State, *moves: str) -> list[dict[str, int]]:
    """The statistics of ``moves`` ("0: leader red J7") played from ``start``."""
    steps, state = [], start
    for move in moves:
        seat, action = move.split(": ", 1)
        after = tigris.apply(state, int(seat), action)
        steps.append(Step(int(seat), action, state, after))
        state = after
    return tigris.statistics(start, steps)


def test_a_revolt_tied_four_to_four_is_won_by_the_defender() -> None:
    # The attacker's priest on J7 touches two temples, the defender's on H7 one (§9.1).
    start = position(
        hands={0: "red red red red blue blue", 1: "red red red blue blue blue"},
        board="H7: P1 r* . r",
    )
    rows = _walk(start, "0: leader red J7", "0: support 2", "1: support 3")
    assert (rows[0]["revolts_lost"], rows[0]["revolts_won"]) == (1, 0)
    assert (rows[1]["revolts_won"], rows[1]["revolts_lost"]) == (1, 0)
    assert rows[0]["tiles"] == rows[1]["tiles"] == 0  # support is not a tile placed
    assert rows[0]["wars_won"] + rows[1]["wars_won"] == 0


def test_a_placed_tile_and_a_swap_count_for_the_seat_that_took_them() -> None:
    start = position(hands={0: "green black red red red red"}, board="H7: K0 r*")
    rows = _walk(start, "0: tile green H8", "0: swap red red")
    assert (rows[0]["tiles"], rows[0]["swaps"]) == (1, 1)
    assert (rows[1]["tiles"], rows[1]["swaps"]) == (0, 0)

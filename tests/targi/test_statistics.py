"""Statistics of seeded Targi games equal what a second route counts: the events' English log
text and the public views.

The extraction (``bot.games.targi.stats``) reads the logged verbs, the raid events' keys and the
final state; here cards are counted from the "dealt face down" / "draws" lines, raids from the
"pays" lines, trades from the "trades" lines, Noble uses from the public view's hand flag, and
the rows and VP from the final public view.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.games import game_statistics, replay, targi
from bot.games.playout import play

SEEDS = range(6)

REPLACED = re.compile(r"^(a \w+ card is dealt face down to|the \w+ deck is empty:) ")
DRAWN = re.compile(r"^@(\d) draws .*(with the Caravan|with Tribal Expansion)")
PAID = re.compile(r"^@(\d) pays .+ to Raid \d$")
TRADED = re.compile(r"^@(\d) trades ((?:\d+[DSP] ?)+) for 1 ")


def counted_from_log(record: dict[str, Any]) -> list[dict[str, int]]:
    counts = [dict.fromkeys(targi.STATISTICS, 0) for _ in range(2)]
    state = replay({**record, "actions": []})
    for seat, action in record["actions"]:
        held_before = targi.view(state, None)["players"][seat]["hand_held"]
        state = targi.apply(state, seat, action)
        held_after = targi.view(state, None)["players"][seat]["hand_held"]
        if held_before and not held_after and not action.startswith("play "):
            counts[seat]["noble"] += 1  # only the Noble empties a hand otherwise
        for event in state.events:
            text = event["text"]
            if REPLACED.match(text):  # every card taken from the centre is replaced at once
                counts[seat]["cards_taken"] += 1
            for pattern, name in ((DRAWN, "cards_taken"), (PAID, "raids_paid")):
                found = pattern.match(text)
                if found:
                    counts[int(found[1])][name] += 1
            traded = TRADED.match(text)
            if traded:
                given = sum(int(word[:-1]) for word in traded[2].split())
                counts[int(traded[1])]["goods_traded"] += given
    for seat, player in enumerate(targi.view(state, None)["players"]):
        for row, cards in enumerate(player["display"]):
            counts[seat][f"row_{row + 1}"] = len(cards)
        score = player["score"]
        counts[seat].update(
            vp_tokens=score["tokens"], vp_cards=score["cards"], vp_bonus=score["bonus"]
        )
        counts[seat]["score"] = score["vp"]
    return counts


@pytest.mark.parametrize("seed", SEEDS)
def test_statistics_equal_the_counts_of_the_log(seed: int) -> None:
    record = play(targi, 2, seed).record
    assert game_statistics(record) == counted_from_log(record)


def test_the_seeded_games_exercise_the_statistics() -> None:
    """Each statistic except the rare row bonus is non-zero in some seeded game, so the
    comparison above can fail."""
    totals = dict.fromkeys(targi.STATISTICS, 0)
    for seed in SEEDS:
        for row in game_statistics(play(targi, 2, seed).record):
            for name, value in row.items():
                totals[name] += value
    assert all(v for name, v in totals.items() if name != "vp_bonus"), totals


def test_vp_sources_add_up_to_the_score() -> None:
    for seed in SEEDS:
        for row in game_statistics(play(targi, 2, seed).record):
            assert row["vp_tokens"] + row["vp_cards"] + row["vp_bonus"] == row["score"]

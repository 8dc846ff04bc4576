"""Act buttons, menus and `/move` suggestions in the reader's language: every action a game offers
gets a short label in its words (the notation stays the value behind it)."""

from __future__ import annotations

import random
import re

import pytest

from bot.games import game_names, get_game
from bot.ui.labels import action_label, choice_name, prefix_label

#: Words of the notation a label may not show in Korean or Turkish (the verbs a player types).
NOTATION_VERBS = re.compile(
    r"\b(tile|leader|withdraw|catastrophe|swap|pass|support|war|monument|treasure|place|use|"
    r"display|play|pay|take|drop|smith|trade|move|done|discard|hand|keep|none|red|blue|green|"
    r"black|stored|free)\b"
)


@pytest.mark.parametrize(
    ("game", "action", "korean", "turkish"),
    [
        ("tigris", "tile red F4", "사원 타일 → F4", "Tapınak taşı → F4"),
        ("tigris", "leader black G3", "왕 지도자 → G3", "Kral lideri → G3"),
        ("tigris", "withdraw green", "상인 지도자 회수", "Tüccar liderini geri çek"),
        ("tigris", "support 0", "지원하지 않기", "Destek verme"),
        ("tigris", "support 2", "지원 타일 2개", "2 taşla destekle"),
        ("tigris", "pass", "패스", "Pas"),
        ("targi", "place 2", "2번 대추야자에 타르기 놓기", "Targi koy: Hurma kartı (2)"),
        ("targi", "done", "끝내기", "Bitir"),
        ("targi", "discard", "버리기", "At"),
        ("targi", "hand", "손에 들기", "Eline al"),
        ("targi", "take 1S", "받기: 소금 1개", "Al: 1 tuz"),
        (
            "targi",
            "trade 3S G",
            "상인: 소금 3개 내고 금화 1개 받기",
            "Tüccar: 3 tuz ver, 1 altın al",
        ),
    ],
)
def test_an_action_reads_in_the_players_words(
    game: str, action: str, korean: str, turkish: str
) -> None:
    assert action_label(game, action, lang="ko") == korean
    assert action_label(game, action, lang="tr") == turkish


def test_a_menu_group_and_a_suggestion_name_the_notation_and_the_words() -> None:
    assert prefix_label("tigris", "tile red", 102, lang="ko") == "사원 타일 … (102)"
    assert prefix_label("tigris", "catastrophe", 165, lang="tr") == "Felaket taşı (165)"
    assert choice_name("tigris", "tile red F4", lang="ko") == "tile red F4 — 사원 타일 → F4"
    assert choice_name("tigris", "pass", lang="tr") == "pass — Pas"


def test_what_is_not_recognised_shows_its_notation() -> None:
    assert action_label("tigris", "dance wildly", lang="ko") == "dance wildly"
    assert choice_name("chess", "e2e4", lang="tr") == "e2e4"


@pytest.mark.parametrize("lang", ["ko", "tr"])
@pytest.mark.parametrize(
    ("game", "seats", "seed"), [("tigris", 2, 4), ("tigris", 4, 9), ("targi", 2, 3)]
)
def test_every_action_a_game_offers_has_a_label_in_the_language(
    game: str, seats: int, seed: int, lang: str
) -> None:
    """Random games: each legal action (a sample of each position's) gets a label that is not
    the notation, holds no notation verb, and fits a button (80) and a suggestion (100)."""
    if game not in game_names():
        pytest.skip(f"the {game} engine is not installed")
    module = get_game(game)
    rng = random.Random(seed)
    state = module.new_game(seats, seed)
    bad: set[str] = set()
    for _step in range(400):
        if module.is_over(state):
            break
        seat = rng.choice(module.to_act(state))
        legal = module.legal_actions(state, seat)
        for action in rng.sample(legal, min(12, len(legal))):
            label = action_label(game, action, lang=lang)
            if label == action or NOTATION_VERBS.search(label) or len(label) > 80:
                bad.add(f"{action!r} -> {label!r}")
            if len(choice_name(game, action, lang=lang)) > 100:
                bad.add(f"{action!r}: suggestion too long")
        state = module.apply(state, seat, rng.choice(legal))
    assert not bad, sorted(bad)[:40]

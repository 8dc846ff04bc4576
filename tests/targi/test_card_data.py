"""data/targi-cards.json: loads, matches the structure of the printed cards, rejects bad data."""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest

from bot.games.targi.cards import CARDS, DATA_FILE, RULE_KINDS, CardDataError, parse

RAW = json.loads(DATA_FILE.read_text(encoding="utf-8"))


def test_counts_and_border_geometry():
    assert len(CARDS.border) == 16 and len(CARDS.tribe) == 45 and len(CARDS.goods_deck()) == 19
    assert [b.number for b in CARDS.border.values() if b.kind == "raid"] == [4, 8, 12, 16]
    assert {b.number: b.action for b in CARDS.border.values() if b.kind == "action"} == {
        1: "noble",
        5: "merchant",
        9: "fata_morgana",
        10: "silversmith",
        13: "caravan",
        14: "tribal_expansion",
    }
    pairs = {(b.number, b.opposite) for b in CARDS.border.values() if b.opposite}
    assert {(1, 11), (2, 10), (3, 9), (5, 15), (6, 14), (7, 13)} <= pairs
    assert [CARDS.border[n].demand for n in (4, 8, 12, 16)] == [
        {"goods": 1, "vp": 1},
        {"goods": 2, "vp": 1},
        {"goods": 3, "vp": 2},
        {"gold": 1, "vp": 3},
    ]


def test_tribe_cards_have_the_printed_structure():
    cards = list(CARDS.tribe.values())
    assert sum(c.vp for c in cards) == 80
    for symbol in ("targia", "camel_rider", "tent", "well", "oasis"):
        vps = sorted(c.vp for c in cards if c.symbol == symbol)
        assert vps == [1, 1, 1, 1, 2, 2, 2, 3, 3], symbol
    timings = Counter(c.timing for c in cards)
    assert timings == {"none": 15, "end_of_game": 9, "ongoing": 15, "immediate": 5, "next_round": 1}
    assert sorted(c.id for c in cards if c.alternative) == ["targia_08", "tent_06"]
    assert sorted(c.id for c in cards if c.cost == (0, 0, 0, 1, 0)) == [
        "camel_rider_06",
        "camel_rider_09",
    ]
    discounts = {c.symbol: c.rule["symbol"] for c in cards if c.kind == "discount"}
    assert discounts == {s: s for s in discounts} and len(discounts) == 5
    pairs = {c.symbol: c.rule["symbol"] for c in cards if c.kind == "per_symbol"}
    assert pairs == {
        "oasis": "well",
        "well": "targia",
        "targia": "camel_rider",
        "camel_rider": "tent",
        "tent": "oasis",
    }


def test_goods_cards():
    kinds = {g.id: (g.copies, g.gives, g.choice) for g in CARDS.goods.values()}
    assert kinds["g_choice"] == (3, (0, 0, 0, 0, 0), 1)
    assert kinds["g_gold"] == (3, (0, 0, 0, 1, 0), 0)
    assert kinds["g_vp"] == (1, (0, 0, 0, 0, 1), 0)
    assert kinds["g_salt_pepper"] == (1, (0, 1, 1, 0, 0), 0)


def _broken(change):
    data = copy.deepcopy(RAW)
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda d: d.update(schema="x"), "schema"),
        (lambda d: d["tribe"].pop(), "45 tribe cards"),
        (lambda d: d["tribe"][1].update(id=d["tribe"][0]["id"]), "duplicate id"),
        (lambda d: d["tribe"][5]["rule"].update(kind="fly"), "unknown rule kind"),
        (lambda d: d["tribe"][4]["rule"].pop("goods"), "missing 'goods'"),
        (lambda d: d["tribe"][0].update(vp=7), "VP 1..3"),
        (lambda d: d["tribe"][0]["cost"].update(rubies=1), "unknown resource"),
        (lambda d: d["tribe"][0].update(timing="ongoing"), "timing 'none'"),
        (lambda d: d["border"][1].update(opposite=9), "face each other"),
        (lambda d: d["border"][3].update(kind="goods"), "exactly one good"),
        (lambda d: d["goods"][0].update(copies=3), "19 goods cards"),
        (lambda d: d["goods"][0].update(choice=1), "either fixed items or a choice"),
        (lambda d: d["border"][4].pop("trades"), "Merchant alone"),
        (lambda d: d["border"][9]["exchanges"].append({"vp": 9}), "Silversmith alone"),
    ],
)
def test_broken_data_is_refused(change, match):
    with pytest.raises(CardDataError, match=match):
        parse(_broken(change))


def test_every_rule_kind_is_used():
    assert {c.kind for c in CARDS.tribe.values()} == set(RULE_KINDS)

"""The 80 Targi cards, loaded from ``data/targi-cards.json`` and checked when loaded.

Border cards are addressed by their number (1..16), tribe cards by id (``"well_03"``), goods
cards by their kind id (``"g_dates_1"``; some kinds exist in several copies). Every tribe card
carries a small ``rule`` (``{"kind": ..., params}``) that the engine interprets (``RULE_KINDS``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.games.datafiles import data_file

DATA_FILE = data_file("targi-cards.json")

# Resource vector indices: goods first, then gold and VP tokens.
D, S, P, G, V = 0, 1, 2, 3, 4
GOODS = (D, S, P)
RESOURCE_KEYS = ("dates", "salt", "pepper", "gold", "vp")
LETTERS = ("D", "S", "P", "G", "VP")
SYMBOLS = ("targia", "camel_rider", "tent", "well", "oasis")
CORNERS = (4, 8, 12, 16)

# rule kind -> the parameters it needs (name -> type)
RULE_KINDS: dict[str, dict[str, type]] = {
    "none": {},
    "income": {"good": str},
    "gain_choice": {"goods": int, "gold": int, "vp": int},
    "mixed_rows": {"vp": int, "max_rows": int},
    "per_symbol": {"symbol": str, "per": int, "vp": int},
    "discount": {"symbol": str, "goods": int},
    "raid_vp": {"vp": int},
    "row_end": {"vp": int},
    "more_cards": {"vp": int},
    "goods_per_empty": {"per": int},
    "goods_per_card": {"per": int},
    "noble_discount": {"goods": int},
    "opponent_two_targi": {},
    "merchant_swap": {},
    "min_cards": {"cards": int, "vp": int},
    "play_hand": {"extra_goods": int},
    "ignore_robber": {},
    "stored_gold": {"gold": int},
    "rearrange": {},
    "consolation": {"goods": int},
    "raid_immunity": {},
}
TIMINGS = ("none", "immediate", "next_round", "ongoing", "end_of_game")
BORDER_ACTIONS = ("noble", "merchant", "fata_morgana", "silversmith", "caravan", "tribal_expansion")


class CardDataError(ValueError):
    """The card data file breaks its schema."""


def vector(amounts: dict[str, int]) -> tuple[int, int, int, int, int]:
    """A ``{"dates": 1, "gold": 1}`` mapping as a (D, S, P, G, VP) vector."""
    for key in amounts:
        if key not in RESOURCE_KEYS:
            raise CardDataError(f"unknown resource {key!r}")
    d, s, p, g, v = (int(amounts.get(key, 0)) for key in RESOURCE_KEYS)
    return (d, s, p, g, v)


def bundle_text(vec: tuple[int, ...] | list[int]) -> str:
    """``(1, 0, 2, 0, 0)`` -> ``"1D 2P"`` (empty -> ``""``)."""
    return " ".join(f"{n}{LETTERS[i]}" for i, n in enumerate(vec) if n)


@dataclass(frozen=True, slots=True)
class Border:
    """One of the 16 border cards."""

    number: int
    name: str
    kind: str  # "action" | "goods" | "raid"
    short: str
    grid: tuple[int, int]
    opposite: int | None
    axis: str | None  # "row" | "column" | None for corners
    line: int | None  # centre row/column index 1..3
    action: str | None
    gain: tuple[int, int, int, int, int]
    raid: int
    demand: dict[str, int]
    trades: dict[str, int]  # Merchant: goods for 1 gold, goods for 1 good
    exchanges: tuple[tuple[int, int, int], ...]  # Silversmith: (goods, gold, VP)


@dataclass(frozen=True, slots=True)
class Tribe:
    """One of the 45 tribe cards."""

    id: str
    name: str
    symbol: str
    cost: tuple[int, int, int, int, int]
    alternative: tuple[int, int, int, int, int] | None
    vp: int
    timing: str
    short: str
    effect: str
    rule: dict[str, Any]

    @property
    def kind(self) -> str:
        return str(self.rule["kind"])


@dataclass(frozen=True, slots=True)
class GoodsCard:
    """One kind of goods card (``copies`` physical cards share the id)."""

    id: str
    name: str
    copies: int
    gives: tuple[int, int, int, int, int]
    choice: int  # goods of the taker's choice (the 3-way card)
    short: str


@dataclass(frozen=True, slots=True)
class CardSet:
    """All card data of the game."""

    border: dict[int, Border]
    tribe: dict[str, Tribe]
    goods: dict[str, GoodsCard]
    symbols: dict[str, str]

    def goods_deck(self) -> list[str]:
        """All 19 goods cards as a list of kind ids (copies repeated)."""
        return [g.id for g in self.goods.values() for _ in range(g.copies)]


def _need(entry: dict[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in entry:
        raise CardDataError(f"{where}: missing {key!r}")
    value = entry[key]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise CardDataError(f"{where}: {key!r} must be an integer")
    if not isinstance(value, kind):
        raise CardDataError(f"{where}: {key!r} must be {kind.__name__}")
    return value


def parse(data: dict[str, Any]) -> CardSet:
    """Build and validate the card set from the JSON document."""
    if data.get("schema") != "targi-cards/1":
        raise CardDataError("schema must be 'targi-cards/1'")
    symbols = _need(data, "symbols", dict, "file")
    if tuple(symbols) != SYMBOLS:
        raise CardDataError(f"symbols must be {SYMBOLS}")
    border: dict[int, Border] = {}
    for entry in _need(data, "border", list, "file"):
        number = _need(entry, "number", int, "border")
        where = f"border {number}"
        kind = _need(entry, "kind", str, where)
        if kind not in ("action", "goods", "raid"):
            raise CardDataError(f"{where}: unknown kind {kind!r}")
        line = entry.get("line")
        action = entry.get("action")
        if kind == "action" and action not in BORDER_ACTIONS:
            raise CardDataError(f"{where}: unknown action {action!r}")
        gain = vector(entry.get("gain", {}))
        if kind == "goods" and sum(gain) != 1:
            raise CardDataError(f"{where}: a goods border card gives exactly one good")
        demand = dict(entry.get("demand", {}))
        raid = int(entry.get("raid", 0))
        if (kind == "raid") != (number in CORNERS) or (kind == "raid") != bool(raid and demand):
            raise CardDataError(f"{where}: raids are exactly the corners, with a demand")
        grid = _need(entry, "grid", list, where)
        trades = dict(entry.get("trades", {}))
        if (action == "merchant") != (set(trades) == {"goods_for_gold", "goods_for_good"}):
            raise CardDataError(f"{where}: the Merchant alone has goods_for_gold/goods_for_good")
        exchanges = tuple(
            (int(x.get("goods", 0)), int(x.get("gold", 0)), int(x["vp"]))
            for x in entry.get("exchanges", [])
        )
        if (action == "silversmith") != bool(exchanges) or any(
            (goods > 0) == (gold > 0) for goods, gold, _ in exchanges
        ):
            raise CardDataError(f"{where}: the Silversmith alone exchanges goods or gold for VP")
        border[number] = Border(
            number=number,
            name=_need(entry, "name", str, where),
            kind=kind,
            short=_need(entry, "short", str, where),
            grid=(int(grid[0]), int(grid[1])),
            opposite=entry.get("opposite"),
            axis=line["axis"] if line else None,
            line=int(line["index"]) if line else None,
            action=action,
            gain=gain,
            raid=raid,
            demand=demand,
            trades=trades,
            exchanges=exchanges,
        )
    if sorted(border) != list(range(1, 17)):
        raise CardDataError("border cards must be numbered 1..16")
    for b in border.values():
        if b.opposite is not None and border[b.opposite].opposite != b.number:
            raise CardDataError(f"border {b.number}: opposite cards must face each other")
        if (b.opposite is None) != (b.number in CORNERS):
            raise CardDataError(f"border {b.number}: only corners lack an opposite card")
    tribe: dict[str, Tribe] = {}
    for entry in _need(data, "tribe", list, "file"):
        card_id = _need(entry, "id", str, "tribe")
        where = f"tribe {card_id}"
        if card_id in tribe:
            raise CardDataError(f"{where}: duplicate id")
        rule = _need(entry, "rule", dict, where)
        rule_kind = rule.get("kind")
        if rule_kind not in RULE_KINDS:
            raise CardDataError(f"{where}: unknown rule kind {rule_kind!r}")
        for param, param_type in RULE_KINDS[rule_kind].items():
            _need(rule, param, param_type, f"{where} rule")
        symbol = _need(entry, "symbol", str, where)
        if symbol not in SYMBOLS or rule.get("symbol", symbol) not in SYMBOLS:
            raise CardDataError(f"{where}: unknown symbol")
        timing = _need(entry, "timing", str, where)
        if timing not in TIMINGS:
            raise CardDataError(f"{where}: unknown timing {timing!r}")
        if (timing == "none") != (rule_kind == "none"):
            raise CardDataError(f"{where}: timing 'none' goes with rule 'none' only")
        cost = vector(_need(entry, "cost", dict, where))
        alternative_data = entry.get("cost_alternative")
        alternative = vector(alternative_data) if alternative_data else None
        vp = _need(entry, "vp", int, where)
        if cost[V] or not 1 <= vp <= 3 or not sum(cost):
            raise CardDataError(f"{where}: cost must be goods/gold, VP 1..3")
        tribe[card_id] = Tribe(
            id=card_id,
            name=_need(entry, "name", str, where),
            symbol=symbol,
            cost=cost,
            alternative=alternative,
            vp=vp,
            timing=timing,
            short=_need(entry, "short", str, where),
            effect=_need(entry, "effect", str, where),
            rule=rule,
        )
    if len(tribe) != 45:
        raise CardDataError(f"there must be 45 tribe cards, found {len(tribe)}")
    for symbol in SYMBOLS:
        if sum(1 for t in tribe.values() if t.symbol == symbol) != 9:
            raise CardDataError(f"there must be 9 {symbol} cards")
    goods: dict[str, GoodsCard] = {}
    for entry in _need(data, "goods", list, "file"):
        card_id = _need(entry, "id", str, "goods")
        where = f"goods {card_id}"
        if card_id in goods:
            raise CardDataError(f"{where}: duplicate id")
        gives = vector(_need(entry, "gives", dict, where))
        choice = _need(entry, "choice", int, where)
        if (sum(gives) == 0) == (choice == 0):
            raise CardDataError(f"{where}: gives either fixed items or a choice")
        goods[card_id] = GoodsCard(
            id=card_id,
            name=_need(entry, "name", str, where),
            copies=_need(entry, "copies", int, where),
            gives=gives,
            choice=choice,
            short=_need(entry, "short", str, where),
        )
    if sum(g.copies for g in goods.values()) != 19:
        raise CardDataError("there must be 19 goods cards")
    return CardSet(border=border, tribe=tribe, goods=goods, symbols=dict(symbols))


def load(path: Path = DATA_FILE) -> CardSet:
    """Read and validate the card data file."""
    with path.open(encoding="utf-8") as handle:
        return parse(json.load(handle))


CARDS = load()

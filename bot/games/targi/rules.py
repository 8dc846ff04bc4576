"""Targi rules: the round flow, every border card, the tribe cards' rules, scoring.

The state moves through phases ``raid`` -> ``place`` -> ``act`` -> (``limits``) -> next round, and
``over``. Inside the action phase a card being resolved sets ``state.pending`` (a small dict with a
``kind``) until its last choice is made. Every choice is one canonical action string; a decision
with exactly one legal option is taken automatically by the engine's ``_settle``.
"""

from __future__ import annotations

import random
from typing import Any

from bot.games.targi.cards import (
    CARDS,
    CORNERS,
    GOODS,
    LETTERS,
    RESOURCE_KEYS,
    D,
    G,
    P,
    S,
    Tribe,
    V,
    bundle_text,
)
from bot.games.targi.state import CELL_INDEX, CELLS, Player, State

OPTIONS: dict[str, Any] = {
    "raid_unpaid_bonus": "fixed3",
    "hand_later_round": True,
    "merchant_repeatable": True,
    "merchant_same_kind": True,
    "silversmith_same_kind": True,
    "fata_morgana_face_down": False,
    "limits_at_game_end": False,
    "display_any_row": True,
    "caravan_card": "discard",
    "caravan_counts_as_goods_card": True,
    "hand_public": False,
    "discounts_stack": True,
    "count_new_card": True,
    "hand_play_once_per_round": True,
    "stored_gold_is_own_gold": False,
    "gain_goods_mixed": True,
    "immunity_covers_raid4": True,
}
OPTION_CHOICES: dict[str, tuple[Any, ...]] = {
    name: (("fixed3", "raid_amount") if name == "raid_unpaid_bonus" else (True, False))
    for name in OPTIONS
}
OPTION_CHOICES["caravan_card"] = ("discard", "bottom")

GOODS_CELLS = (0, 2, 4, 6, 8)
TRIBE_CELLS = (1, 3, 5, 7)
START_RESOURCES = (2, 2, 2, 1, 4)
GOODS_LIMIT = 10
GOLD_LIMIT = 3
BORDER = CARDS.border
TRIBE = CARDS.tribe
GOODS_CARDS = CARDS.goods
KIND_NAMES = ("dates", "salt", "pepper", "gold", "VP")
MERCHANT = next(b for b in BORDER.values() if b.action == "merchant").trades
EXCHANGES = next(b for b in BORDER.values() if b.action == "silversmith").exchanges
SMITH_VP = {(goods, gold): vp for goods, gold, vp in EXCHANGES}


# --------------------------------------------------------------------------- small helpers


def multisets(size: int, bound: tuple[int, ...] | list[int]) -> list[tuple[int, int, int]]:
    """All (dates, salt, pepper) with the given total, each at most its ``bound``."""
    out = []
    for d in range(min(size, bound[0]), -1, -1):
        rest = size - d
        for s in range(min(rest, bound[1]), -1, -1):
            p = rest - s
            if p <= bound[2]:
                out.append((d, s, p))
    return out


UNBOUNDED = (99, 99, 99)


def event(state: State, kind: str, text: str, seats: list[int], key: str, **params: Any) -> None:
    """Record a public consequence: its English ``text`` and, for the presenters, its ``key``
    and ``params`` (seat references ``@N``, card ids, border numbers, cells, amounts)."""
    state.events.append({"kind": kind, "text": text, "seats": seats, "key": key, "params": params})


def card_name(card_id: str) -> str:
    if card_id in TRIBE:
        return TRIBE[card_id].name
    return "goods card " + GOODS_CARDS[card_id].name


def has_rule(player: Player, kind: str) -> Tribe | None:
    """The first displayed card of ``player`` whose rule is ``kind``."""
    for row in player.display:
        for card_id in row:
            card = TRIBE[card_id]
            if card.rule["kind"] == kind:
                return card
    return None


def goods_total(player: Player) -> int:
    return player.res[D] + player.res[S] + player.res[P]


def gain(
    state: State, seat: int, vec: tuple[int, ...] | list[int], why: str, **source: Any
) -> None:
    """``seat`` takes ``vec``; ``why`` says from where in English, ``source`` in data (a
    ``cell``, a ``border`` number, a tribe ``card`` id, or ``caravan``/``consolation``)."""
    player = state.players[seat]
    for i, n in enumerate(vec):
        player.res[i] += n
    if any(vec):
        key = "takes_" + next(iter(source)) if source else "takes"
        event(
            state,
            "goods",
            f"@{seat} takes {bundle_text(vec)}{why}",
            [seat],
            key,
            player=f"@{seat}",
            goods=bundle_text(vec),
            **source,
        )


def gain_from_goods_card(
    state: State,
    seat: int,
    vec: tuple[int, ...] | list[int],
    why: str,
    counts: bool,
    **source: Any,
) -> None:
    """Goods taken from a goods card, which may trigger the income cards."""
    gain(state, seat, vec, why, **source)
    if not counts:
        return
    player = state.players[seat]
    for good in GOODS:
        if vec[good]:
            player.got[good] = True
            if not player.income_done[good]:
                for row in player.display:
                    for card_id in row:
                        rule = TRIBE[card_id].rule
                        if rule["kind"] == "income" and rule["good"] == RESOURCE_KEYS[good]:
                            player.income_done[good] = True
                            player.res[good] += 1
                            name = f"{RESOURCE_KEYS[good]} ({TRIBE[card_id].name})"
                            event(
                                state,
                                "effect",
                                f"@{seat} takes 1 extra {name}",
                                [seat],
                                "income",
                                player=f"@{seat}",
                                good=RESOURCE_KEYS[good],
                                card=card_id,
                            )


# --------------------------------------------------------------------------- decks


def draw_goods(state: State) -> str | None:
    """Top goods card; an empty deck is first refilled by shuffling the discard pile."""
    if not state.goods_deck and state.goods_discard:
        pile = sorted(state.goods_discard)
        random.Random(f"targi/{state.seed}/{state.shuffles}").shuffle(pile)
        state.shuffles += 1
        state.goods_deck = pile
        state.goods_discard = []
        event(
            state,
            "draw",
            "the goods discard pile is shuffled into a new goods deck",
            [],
            "reshuffle",
        )
    if not state.goods_deck:
        return None
    return state.goods_deck.pop(0)


def draw_tribe(state: State) -> str | None:
    return state.tribe_deck.pop(0) if state.tribe_deck else None


def replace_centre(state: State, cell: int, was_goods: bool) -> None:
    """Fill a emptied centre cell at once, face down, with a card of the other type."""
    card = draw_tribe(state) if was_goods else draw_goods(state)
    state.centre[cell] = card
    state.face_down[cell] = card is not None
    kind = "tribe" if was_goods else "goods"
    if card is None:
        event(
            state,
            "replace",
            f"the {kind} deck is empty: {CELLS[cell]} stays empty",
            [],
            f"{kind}_deck_empty",
            cell=CELLS[cell],
        )
    else:
        event(
            state,
            "replace",
            f"a {kind} card is dealt face down to {CELLS[cell]}",
            [],
            f"{kind}_dealt",
            cell=CELLS[cell],
        )


# --------------------------------------------------------------------------- round flow


def begin_round(state: State) -> None:
    """Robber step (from round 2), raid if it lands on a corner, then placement."""
    for player in state.players:
        player.got = [False, False, False]
        player.income_done = [False, False, False]
        player.played_hand = False
        player.targi = []
        player.markers = []
        player.placed = 0
    event(
        state,
        "round",
        f"round {state.round} begins; @{state.start} is start player",
        [],
        "round",
        round=state.round,
        player=f"@{state.start}",
    )
    if state.round > 1:
        state.robber += 1
        event(
            state,
            "robber",
            f"the robber moves to {BORDER[state.robber].name}",
            [],
            "robber",
            border=state.robber,
        )
        if state.robber in CORNERS:
            state.phase = "raid"
            state.queue = [state.start, 1 - state.start]
            next_raid(state)
            return
    begin_placement(state)


def raid_bonus(state: State, raid_vp: int) -> int:
    return 3 if state.options["raid_unpaid_bonus"] == "fixed3" else raid_vp


def next_raid(state: State) -> None:
    """Resolve raid payments seat by seat; the first real choice becomes pending."""
    border = BORDER[state.robber]
    while state.queue:
        seat = state.queue[0]
        player = state.players[seat]
        immune = has_rule(player, "raid_immunity") is not None and (
            border.raid != 4 or state.options["immunity_covers_raid4"]
        )
        if immune:
            event(
                state,
                "raid",
                f"@{seat} pays nothing: raid immunity",
                [seat],
                "immune",
                player=f"@{seat}",
            )
        elif not raid_payments(state, seat):
            bonus = raid_bonus(state, border.demand["vp"])
            state.players[1 - seat].res[V] += bonus
            event(
                state,
                "raid",
                f"@{seat} cannot pay {border.name}; @{1 - seat} gains {bonus} VP",
                [seat, 1 - seat],
                "raid_unpaid",
                player=f"@{seat}",
                border=state.robber,
                other=f"@{1 - seat}",
                n=bonus,
            )
        else:
            state.turn = seat
            state.pending = {"kind": "raid", "raid": border.raid}
            return
        after_raid_payment(state, seat)
    finish_raid(state)


def after_raid_payment(state: State, seat: int) -> None:
    card = has_rule(state.players[seat], "raid_vp")
    if card is not None:
        state.players[seat].res[V] += int(card.rule["vp"])
        event(
            state,
            "effect",
            f"@{seat} takes {card.rule['vp']} VP ({card.name})",
            [seat],
            "raid_vp",
            player=f"@{seat}",
            n=int(card.rule["vp"]),
            card=card.id,
        )
    state.queue.pop(0)


def finish_raid(state: State) -> None:
    state.raids += 1
    state.pending = None
    if BORDER[state.robber].raid == 4:
        end_game(state, "raid4")
        return
    state.robber += 1
    event(
        state,
        "robber",
        f"the robber moves on to {BORDER[state.robber].name}",
        [],
        "robber_on",
        border=state.robber,
    )
    begin_placement(state)


def raid_payments(state: State, seat: int) -> list[str]:
    res = state.players[seat].res
    demand = BORDER[state.robber].demand
    out = []
    if "goods" in demand:
        out = ["pay " + bundle_text(ms) for ms in multisets(demand["goods"], res)]
    if "gold" in demand and res[G] >= demand["gold"]:
        out.append(f"pay {demand['gold']}G")
    if res[V] >= demand["vp"]:
        out.append(f"pay {demand['vp']}VP")
    return out


def begin_placement(state: State) -> None:
    state.phase = "place"
    state.pending = None
    for seat, player in enumerate(state.players):
        player.allowed = 2 if player.short_round == state.round else 3
        if player.allowed == 2:
            event(
                state,
                "effect",
                f"@{seat} places only 2 Targi this round",
                [seat],
                "short_round",
                player=f"@{seat}",
            )
    state.turn = state.start


def placement_options(state: State, seat: int) -> list[int]:
    mine = state.players[seat]
    theirs = state.players[1 - seat]
    taken = set(mine.targi) | set(theirs.targi)
    blocked = {BORDER[n].opposite for n in theirs.targi}
    robber_ok = has_rule(mine, "ignore_robber") is not None
    return [
        n
        for n in range(1, 17)
        if n not in CORNERS
        and n not in taken
        and n not in blocked
        and (n != state.robber or robber_ok)
    ]


def place(state: State, seat: int, number: int) -> None:
    player = state.players[seat]
    player.targi.append(number)
    player.placed += 1
    event(
        state,
        "place",
        f"@{seat} places a Targi on {number} {BORDER[number].name}",
        [seat],
        "place",
        player=f"@{seat}",
        border=number,
    )
    other = state.players[1 - seat]
    if other.placed < other.allowed:
        state.turn = 1 - seat
    elif player.placed < player.allowed:
        state.turn = seat
    else:
        place_markers(state)


def place_markers(state: State) -> None:
    for seat, player in enumerate(state.players):
        rows = {BORDER[n].line for n in player.targi if BORDER[n].axis == "row"}
        cols = {BORDER[n].line for n in player.targi if BORDER[n].axis == "column"}
        player.markers = sorted((r - 1) * 3 + (c - 1) for r in rows for c in cols if r and c)
        cells = [CELLS[i] for i in player.markers]
        if not cells:
            text = f"@{seat}'s Targi share no row and column: no tribe marker"
        elif len(cells) == 1:
            text = f"@{seat} puts a tribe marker on {cells[0]}"
        else:
            text = f"@{seat} puts tribe markers on {' and '.join(cells)}"
        key = ("no_marker", "marker", "markers")[min(len(cells), 2)]
        event(state, "markers", text, [seat], key, player=f"@{seat}", cells=cells)
    state.phase = "act"
    state.turn = state.start
    state.pending = None


def end_action_phase(state: State, seat: int, *, consoled: bool = False) -> None:
    """The seat is done: unused pieces go home; the Oasis consolation good comes now."""
    player = state.players[seat]
    player.targi = []
    player.markers = []
    if not consoled and not any(player.got) and has_rule(player, "consolation") is not None:
        state.pending = {"kind": "take", "count": 1, "why": "consolation", "mixed": True}
        return
    state.pending = None
    if seat == state.start:
        state.turn = 1 - seat
    else:
        end_round(state)


def end_round(state: State) -> None:
    for i in range(9):
        if state.face_down[i]:
            state.face_down[i] = False
            event(
                state,
                "reveal",
                f"{CELLS[i]} is revealed: {card_name(str(state.centre[i]))}",
                [],
                "reveal",
                cell=CELLS[i],
                card=str(state.centre[i]),
            )
    state.start = 1 - state.start
    twelve = [seat for seat, p in enumerate(state.players) if p.display_count() >= 12]
    if twelve:
        if state.options["limits_at_game_end"]:
            begin_limits(state, "twelve_cards")
        else:
            end_game(state, "twelve_cards")
        return
    begin_limits(state, "")


def begin_limits(state: State, ending: str) -> None:
    state.phase = "limits"
    state.ending = ending
    state.queue = [state.start, 1 - state.start]
    next_limits(state)


def next_limits(state: State) -> None:
    while state.queue:
        seat = state.queue[0]
        player = state.players[seat]
        if player.res[G] > GOLD_LIMIT:
            extra = player.res[G] - GOLD_LIMIT
            player.res[G] = GOLD_LIMIT
            event(
                state,
                "limits",
                f"@{seat} returns {extra} gold (limit 3)",
                [seat],
                "gold_limit",
                player=f"@{seat}",
                n=extra,
            )
        excess = goods_total(player) - GOODS_LIMIT
        if excess > 0:
            state.turn = seat
            state.pending = {"kind": "limits", "excess": excess}
            return
        state.queue.pop(0)
    state.pending = None
    if state.ending:
        end_game(state, state.ending)
        return
    if state.robber == 15:
        # The robber's next step is raid 4, which ends the game: no 13th round begins.
        state.robber = 16
        event(state, "robber", "the robber moves to Raid 4", [], "robber", border=16)
        state.phase = "raid"
        state.queue = [state.start, 1 - state.start]
        next_raid(state)
        return
    state.round += 1
    begin_round(state)


def end_game(state: State, reason: str) -> None:
    state.phase = "over"
    state.over = reason
    state.turn = -1
    state.pending = None
    state.queue = []
    text = "raid 4 ends the game" if reason == "raid4" else "a display of 12 cards ends the game"
    scores = [score(state, seat)["vp"] for seat in range(2)]
    event(
        state,
        "end",
        f"{text}: @0 {scores[0]} VP, @1 {scores[1]} VP",
        [0, 1],
        "end_raid4" if reason == "raid4" else "end_display",
        first=scores[0],
        second=scores[1],
    )


# --------------------------------------------------------------------------- tribe cards


def discount_for(player: Player, card: Tribe, via_noble: bool) -> int:
    total = 0
    for row in player.display:
        for card_id in row:
            rule = TRIBE[card_id].rule
            if (rule["kind"] == "discount" and rule["symbol"] == card.symbol) or (
                rule["kind"] == "noble_discount" and via_noble
            ):
                total += int(rule["goods"])
    return total


def payments(
    state: State, player: Player, card: Tribe, discount: int, extra: int
) -> dict[str, tuple[int, int, int, int, int]]:
    """Payment label -> (dates, salt, pepper, own gold, stored gold) for every affordable way."""
    if not state.options["discounts_stack"]:
        discount = min(discount, 1)
    out: dict[str, tuple[int, int, int, int, int]] = {}
    res = player.res
    bases = [card.cost] if card.alternative is None else [card.cost, card.alternative]
    for base in bases:
        goods = base[:3]
        gold = base[G]
        removed_options = multisets(min(discount, sum(goods)), goods)
        for removed in removed_options:
            left = (goods[0] - removed[0], goods[1] - removed[1], goods[2] - removed[2])
            for added in multisets(extra, UNBOUNDED) if extra else [(0, 0, 0)]:
                d, s, p = left[0] + added[0], left[1] + added[1], left[2] + added[2]
                if d > res[D] or s > res[S] or p > res[P]:
                    continue
                for stored in (0, 1) if gold and player.stored else (0,):
                    own = gold - stored
                    if own > res[G]:
                        continue
                    label = bundle_text((d, s, p, own))
                    if stored:
                        label = f"{label} stored".strip()
                    out[label or "free"] = (d, s, p, own, stored)
    return out


def open_rows(state: State, player: Player) -> list[int]:
    rows = [r for r in range(3) if len(player.display[r]) < 4]
    if not state.options["display_any_row"]:
        return rows[:1]
    return rows


def display_options(
    state: State, seat: int, card_id: str, verb: str, via_noble: bool, extra: int
) -> list[str]:
    player = state.players[seat]
    rows = open_rows(state, player)
    if not rows:
        return []
    card = TRIBE[card_id]
    pays = payments(state, player, card, discount_for(player, card, via_noble), extra)
    return [f"{verb} {r + 1} {label}" for r in rows for label in pays]


def pay_and_display(
    state: State, seat: int, card_id: str, row: int, label: str, via_noble: bool, extra: int
) -> None:
    player = state.players[seat]
    card = TRIBE[card_id]
    cost = payments(state, player, card, discount_for(player, card, via_noble), extra)[label]
    for i in range(4):
        player.res[i] -= cost[i]
    player.stored -= cost[4]
    player.display[row].append(card_id)
    slot = len(player.display[row])
    event(
        state,
        "display",
        f"@{seat} displays {card.name} at {row + 1}.{slot} (pays {label})",
        [seat],
        "display",
        player=f"@{seat}",
        card=card.id,
        slot=f"{row + 1}.{slot}",
        payment=label,
    )
    on_display(state, seat, card)


def on_display(state: State, seat: int, card: Tribe) -> None:
    """The once-effects of a freshly displayed card."""
    player = state.players[seat]
    rule = card.rule
    kind = rule["kind"]
    count_new = 0 if state.options["count_new_card"] else 1
    if kind == "stored_gold":
        if state.options["stored_gold_is_own_gold"]:
            player.res[G] += int(rule["gold"])
            event(
                state,
                "effect",
                f"@{seat} takes {rule['gold']} gold ({card.name})",
                [seat],
                "card_gold",
                player=f"@{seat}",
                n=int(rule["gold"]),
                card=card.id,
            )
        else:
            player.stored += int(rule["gold"])
            event(
                state,
                "effect",
                f"{rule['gold']} gold is stored on @{seat}'s {card.name}",
                [seat],
                "stored_gold",
                player=f"@{seat}",
                n=int(rule["gold"]),
                card=card.id,
            )
    elif kind == "gain_choice":
        state.pending = {"kind": "take", "count": 3, "why": card.id, "mixed": True}
    elif kind in ("goods_per_empty", "goods_per_card"):
        cards = player.display_count() - count_new
        base = 12 - cards if kind == "goods_per_empty" else cards
        count = base // int(rule["per"])
        if count:
            state.pending = {"kind": "take", "count": count, "why": card.id, "mixed": True}
        else:
            event(
                state,
                "effect",
                f"@{seat} gets no goods from {card.name}",
                [seat],
                "no_goods",
                player=f"@{seat}",
                card=card.id,
            )
    elif kind == "rearrange":
        if player.display_count() >= 2:
            state.pending = {"kind": "rearrange"}
    elif kind == "opponent_two_targi":
        state.players[1 - seat].short_round = state.round + 1
        event(
            state,
            "effect",
            f"@{1 - seat} places only 2 Targi next round",
            [1 - seat],
            "short_next_round",
            player=f"@{1 - seat}",
        )


def hand_playable(state: State, player: Player) -> bool:
    return player.hand is not None and (
        not state.options["hand_later_round"] or player.hand_round < state.round
    )


# --------------------------------------------------------------------------- action phase


def use_options(state: State, seat: int) -> list[str]:
    player = state.players[seat]
    out = []
    for number in player.targi:
        if border_usable(state, seat, number):
            out.append(f"use {number}")
    face_down_ok = state.options["fata_morgana_face_down"]
    for cell in player.markers:
        if state.centre[cell] is not None and (face_down_ok or not state.face_down[cell]):
            out.append(f"use {CELLS[cell]}")
    return out


def border_usable(state: State, seat: int, number: int) -> bool:
    border = BORDER[number]
    player = state.players[seat]
    if border.kind == "goods":
        return True
    action = border.action
    if action == "noble":
        return player.hand is not None
    if action == "merchant":
        return bool(merchant_trades(state, seat))
    if action == "silversmith":
        return bool(smith_options(state, seat))
    if action == "fata_morgana":
        return bool(fata_morgana_moves(state, seat))
    if action == "caravan":
        return bool(state.goods_deck or state.goods_discard)
    if action == "tribal_expansion":
        return bool(state.tribe_deck)
    return False


def play_hand_options(state: State, seat: int) -> list[str]:
    player = state.players[seat]
    card = has_rule(player, "play_hand")
    if card is None or player.hand is None or not hand_playable(state, player):
        return []
    if player.played_hand and state.options["hand_play_once_per_round"]:
        return []
    return display_options(state, seat, player.hand, "play", False, int(card.rule["extra_goods"]))


def merchant_trades(state: State, seat: int) -> list[str]:
    player = state.players[seat]
    res = player.res
    out = []
    for_gold, for_good = MERCHANT["goods_for_gold"], MERCHANT["goods_for_good"]
    if state.options["merchant_same_kind"]:
        for good in GOODS:
            if res[good] >= for_gold:
                out.append(f"trade {for_gold}{LETTERS[good]} G")
            if res[good] >= for_good:
                out.extend(
                    f"trade {for_good}{LETTERS[good]} {LETTERS[o]}" for o in GOODS if o != good
                )
    else:
        out.extend(f"trade {bundle_text(ms)} G" for ms in multisets(for_gold, res))
        for ms in multisets(for_good, res):
            out.extend(f"trade {bundle_text(ms)} {LETTERS[o]}" for o in GOODS if not ms[o])
    if has_rule(player, "merchant_swap") is not None:
        for good in GOODS:
            if res[good] >= 1:
                out.extend(f"trade 1{LETTERS[good]} {LETTERS[o]}" for o in GOODS if o != good)
    return out


def smith_options(state: State, seat: int) -> list[str]:
    res = state.players[seat].res
    out: list[str] = []
    for size, gold, _ in EXCHANGES:
        if gold:
            if res[G] >= gold:
                out.append(f"smith {gold}G")
        elif state.options["silversmith_same_kind"]:
            out.extend(f"smith {size}{LETTERS[g]}" for g in GOODS if res[g] >= size)
        else:
            out.extend(f"smith {bundle_text(ms)}" for ms in multisets(size, res))
    return out


def fata_morgana_moves(state: State, seat: int) -> list[str]:
    player = state.players[seat]
    if not player.markers:
        return []
    occupied = set(player.markers) | set(state.players[1 - seat].markers)
    face_down_ok = state.options["fata_morgana_face_down"]
    targets = [
        i
        for i in range(9)
        if i not in occupied
        and state.centre[i] is not None
        and (face_down_ok or not state.face_down[i])
    ]
    return [f"move {CELLS[m]} {CELLS[t]}" for m in player.markers for t in targets]


def take_options(state: State, pending: dict[str, Any]) -> list[str]:
    count = int(pending["count"])
    why = pending["why"]
    if why in TRIBE and TRIBE[why].rule["kind"] == "gain_choice":
        rule = TRIBE[why].rule
        if state.options["gain_goods_mixed"]:
            goods = [bundle_text(ms) for ms in multisets(int(rule["goods"]), UNBOUNDED)]
        else:
            goods = [f"{rule['goods']}{LETTERS[g]}" for g in GOODS]
        return [f"take {t}" for t in [*goods, f"{rule['gold']}G", f"{rule['vp']}VP"]]
    return ["take " + bundle_text(ms) for ms in multisets(count, UNBOUNDED)]


def swap_options(player: Player) -> list[str]:
    slots = [f"{r + 1}.{c + 1}" for r in range(3) for c in range(len(player.display[r]))]
    out = [f"swap {a} {b}" for i, a in enumerate(slots) for b in slots[i + 1 :]]
    return [*out, "keep"]


Slots = dict[tuple[int, int], str]


def _slots(display: list[list[str]]) -> Slots:
    return {(r, c): card for r, row in enumerate(display) for c, card in enumerate(row)}


def _gap_free(slots: Slots) -> bool:
    """Every row filled from its first slot on, without a hole."""
    return all((r, c - 1) in slots for r, c in slots if c > 0)


def _slot_name(slot: tuple[int, int]) -> str:
    return f"{slot[0] + 1}.{slot[1] + 1}"


def _moves_from(slots: Slots) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    free = [(r, c) for r in range(3) for c in range(4) if (r, c) not in slots]
    return [(source, target) for source in sorted(slots) for target in free]


def _moved(slots: Slots, source: tuple[int, int], target: tuple[int, int]) -> Slots:
    out = dict(slots)
    out[target] = out.pop(source)
    return out


def move_options(player: Player) -> list[str]:
    """Oasis, rearrange display: move one or two displayed cards into free slots, so that the
    display is gap-free afterwards (the first move may open a hole that the second one fills)."""
    slots = _slots(player.display)
    out = []
    for first in _moves_from(slots):
        after = _moved(slots, *first)
        text = f"move {_slot_name(first[0])} {_slot_name(first[1])}"
        if _gap_free(after):
            out.append(text)
        for second in _moves_from(after):
            if second[0] != first[1] and _gap_free(_moved(after, *second)):
                out.append(f"{text} and {_slot_name(second[0])} {_slot_name(second[1])}")
    return out


def rearrange(player: Player, slot_words: list[str]) -> None:
    """Carry out the moves of a legal ``move 1.4 2.3 and ...`` (slot words without the ``and``)."""
    slots = _slots(player.display)
    for source, target in zip(slot_words[::2], slot_words[1::2], strict=True):
        (r1, c1), (r2, c2) = ((int(x) - 1 for x in w.split(".")) for w in (source, target))
        slots = _moved(slots, (r1, c1), (r2, c2))
    player.display = [[slots[(r, c)] for c in range(4) if (r, c) in slots] for r in range(3)]


def limit_options(state: State, seat: int, excess: int) -> list[str]:
    return ["drop " + bundle_text(ms) for ms in multisets(excess, state.players[seat].res)]


def legal(state: State) -> list[str]:
    """Canonical legal actions of the seat to act (sorted, unique)."""
    if state.legal_cache is not None:
        return state.legal_cache
    out = sorted(set(compute_legal(state)))
    state.legal_cache = out
    return out


def compute_legal(state: State) -> list[str]:
    seat = state.turn
    if state.phase == "over" or seat < 0:
        return []
    pending = state.pending
    player = state.players[seat]
    if state.phase == "raid":
        return raid_payments(state, seat)
    if state.phase == "place":
        return [f"place {n}" for n in placement_options(state, seat)]
    if state.phase == "limits":
        assert pending is not None
        return limit_options(state, seat, int(pending["excess"]))
    if pending is None:
        return [*use_options(state, seat), *play_hand_options(state, seat), "done"]
    kind = pending["kind"]
    if kind == "tribe":
        card_id = str(pending["card"])
        out = display_options(state, seat, card_id, "display", False, 0)
        if player.hand is None:
            out.append("hand")
        out.append("discard")
        return out
    if kind == "noble":
        out = []
        if hand_playable(state, player):
            out = display_options(state, seat, str(player.hand), "display", True, 0)
        out.append("discard")
        return out
    if kind == "merchant":
        if pending["trades"] and not state.options["merchant_repeatable"]:
            return ["done"]
        return [*merchant_trades(state, seat), "done"]
    if kind == "silversmith":
        return [*smith_options(state, seat), "done"]
    if kind == "fata_morgana":
        return fata_morgana_moves(state, seat)
    if kind == "take":
        return take_options(state, pending)
    if kind == "rearrange":
        return [*swap_options(player), *move_options(player)]
    raise AssertionError(f"unknown pending {kind}")


# --------------------------------------------------------------------------- applying


def parse_bundle(words: list[str]) -> tuple[int, int, int, int, int]:
    vec = [0, 0, 0, 0, 0]
    for word in words:
        digits = word.rstrip("DSPGV")
        letters = word[len(digits) :]
        vec[LETTERS.index(letters)] += int(digits)
    return (vec[0], vec[1], vec[2], vec[3], vec[4])


def perform(state: State, seat: int, action: str) -> None:
    """Carry out a canonical legal action on ``state`` (already a private copy)."""
    words = action.split()
    verb = words[0]
    player = state.players[seat]
    pending = state.pending
    if verb == "pay":
        vec = parse_bundle(words[1:])
        for i in range(5):
            player.res[i] -= vec[i]
        event(
            state,
            "raid",
            f"@{seat} pays {bundle_text(vec)} to {BORDER[state.robber].name}",
            [seat],
            "raid_paid",
            player=f"@{seat}",
            goods=bundle_text(vec),
            border=state.robber,
        )
        state.pending = None
        after_raid_payment(state, seat)
        next_raid(state)
    elif verb == "place":
        place(state, seat, int(words[1]))
    elif verb == "drop":
        vec = parse_bundle(words[1:])
        for i in range(3):
            player.res[i] -= vec[i]
        event(
            state,
            "limits",
            f"@{seat} discards {bundle_text(vec)} (limit 10 goods)",
            [seat],
            "goods_limit",
            player=f"@{seat}",
            goods=bundle_text(vec),
        )
        state.queue.pop(0)
        state.pending = None
        next_limits(state)
    elif verb == "use":
        use(state, seat, words[1])
    elif verb == "play":
        well = has_rule(player, "play_hand")
        assert well is not None and player.hand is not None
        hand, extra = player.hand, int(well.rule["extra_goods"])
        player.hand = None
        player.played_hand = True
        event(
            state,
            "hand",
            f"@{seat} plays the hand card without the Noble",
            [seat],
            "play_hand",
            player=f"@{seat}",
        )
        pay_and_display(state, seat, hand, int(words[1]) - 1, " ".join(words[2:]), False, extra)
    elif verb == "done":
        if pending is None:
            event(
                state, "round", f"@{seat} ends the action phase", [seat], "done", player=f"@{seat}"
            )
            end_action_phase(state, seat)
        else:
            state.pending = None
    elif verb in ("display", "hand", "discard"):
        assert pending is not None
        if pending["kind"] == "noble":
            noble(state, seat, words)
        else:
            take_tribe(state, seat, pending, words)
    elif verb == "take":
        take(state, seat, pending, parse_bundle(words[1:]))
    elif verb == "trade":
        vec = parse_bundle(words[1:-1])
        get = LETTERS.index(words[-1])
        for i in range(3):
            player.res[i] -= vec[i]
        player.res[get] += 1
        assert pending is not None
        pending["trades"] = int(pending["trades"]) + 1
        event(
            state,
            "trade",
            f"@{seat} trades {bundle_text(vec)} for 1 {KIND_NAMES[get]}",
            [seat],
            "trade",
            player=f"@{seat}",
            goods=bundle_text(vec),
            good=RESOURCE_KEYS[get],
        )
    elif verb == "smith":
        vec = parse_bundle(words[1:])
        vp = SMITH_VP[(vec[D] + vec[S] + vec[P], vec[G])]
        for i in range(4):
            player.res[i] -= vec[i]
        player.res[V] += vp
        event(
            state,
            "vp",
            f"@{seat} turns {bundle_text(vec)} into {vp} VP (Silversmith)",
            [seat],
            "smith",
            player=f"@{seat}",
            goods=bundle_text(vec),
            n=vp,
        )
        state.pending = None
    elif verb == "move" and "." in words[1]:
        moves = [w for w in words[1:] if w != "and"]
        rearrange(player, moves)
        told = " and ".join(f"{a} to {b}" for a, b in zip(moves[::2], moves[1::2], strict=True))
        event(
            state,
            "effect",
            f"@{seat} moves the displayed cards at {told}",
            [seat],
            "rearrange",
            player=f"@{seat}",
            moves=[[a, b] for a, b in zip(moves[::2], moves[1::2], strict=True)],
        )
        state.pending = None
    elif verb == "move":
        source, target = CELL_INDEX[words[1]], CELL_INDEX[words[2]]
        player.markers[player.markers.index(source)] = target
        player.markers.sort()
        event(
            state,
            "move",
            f"@{seat} moves a tribe marker from {words[1]} to {words[2]}",
            [seat],
            "move_marker",
            player=f"@{seat}",
            source=words[1],
            target=words[2],
        )
        state.pending = None
    elif verb == "swap":
        (r1, c1), (r2, c2) = ((int(x) - 1 for x in w.split(".")) for w in words[1:3])
        a, b = player.display[r1][c1], player.display[r2][c2]
        player.display[r1][c1], player.display[r2][c2] = b, a
        event(
            state,
            "effect",
            f"@{seat} swaps the cards at {words[1]} and {words[2]}",
            [seat],
            "swap",
            player=f"@{seat}",
            first=words[1],
            second=words[2],
        )
        state.pending = None
    elif verb == "keep":
        state.pending = None
    else:  # pragma: no cover - parse guarantees the verbs above
        raise AssertionError(action)


def use(state: State, seat: int, where: str) -> None:
    player = state.players[seat]
    if where in CELL_INDEX:
        cell = CELL_INDEX[where]
        player.markers.remove(cell)
        card_id = str(state.centre[cell])
        if card_id in TRIBE:
            state.pending = {"kind": "tribe", "card": card_id, "source": "centre", "cell": cell}
            event(
                state,
                "draw",
                f"@{seat} takes {TRIBE[card_id].name} from {where}",
                [seat],
                "take_tribe",
                player=f"@{seat}",
                card=card_id,
                cell=where,
            )
            return
        state.centre[cell] = None
        state.goods_discard.append(card_id)
        take_goods_card(state, seat, card_id, f" from {where}", True, cell=where)
        replace_centre(state, cell, was_goods=True)
        return
    number = int(where)
    player.targi.remove(number)
    border = BORDER[number]
    if border.kind == "goods":
        gain(state, seat, border.gain, f" ({border.name}, {number})", border=number)
        return
    action = border.action
    if action == "noble":
        state.pending = {"kind": "noble"}
    elif action == "merchant":
        state.pending = {"kind": "merchant", "trades": 0}
    elif action == "silversmith":
        state.pending = {"kind": "silversmith"}
    elif action == "fata_morgana":
        state.pending = {"kind": "fata_morgana"}
    elif action == "caravan":
        card_id = str(draw_goods(state))
        counts = bool(state.options["caravan_counts_as_goods_card"])
        if state.options["caravan_card"] == "bottom":
            state.goods_deck.append(card_id)
        else:
            state.goods_discard.append(card_id)
        event(
            state,
            "draw",
            f"@{seat} draws {card_name(card_id)} with the Caravan",
            [seat],
            "caravan",
            player=f"@{seat}",
            card=card_id,
        )
        take_goods_card(state, seat, card_id, " (Caravan)", counts, caravan=True)
    elif action == "tribal_expansion":
        card_id = str(draw_tribe(state))
        state.pending = {"kind": "tribe", "card": card_id, "source": "expansion", "cell": None}
        secret = "" if state.options["hand_public"] else f" (seen by @{seat} only)"
        event(
            state,
            "draw",
            f"@{seat} draws a tribe card with Tribal Expansion{secret}",
            [seat],
            "expansion" if state.options["hand_public"] else "expansion_secret",
            player=f"@{seat}",
        )


def take_goods_card(
    state: State, seat: int, card_id: str, why: str, counts: bool, **source: Any
) -> None:
    card = GOODS_CARDS[card_id]
    if card.choice:
        state.pending = {
            "kind": "take",
            "count": card.choice,
            "why": "goods_card",
            "counts": counts,
        }
        return
    gain_from_goods_card(state, seat, card.gives, why, counts, **source)


def take(state: State, seat: int, pending: dict[str, Any] | None, vec: tuple[int, ...]) -> None:
    assert pending is not None
    state.pending = None
    why = pending["why"]
    if why == "goods_card":
        gain_from_goods_card(state, seat, vec, "", bool(pending["counts"]))
        return
    label = "consolation" if why == "consolation" else TRIBE[why].name
    if why == "consolation":
        gain(state, seat, vec, f" ({label})", consolation=True)
    else:
        gain(state, seat, vec, f" ({label})", card=why)
    if why == "consolation":
        end_action_phase(state, seat, consoled=True)


def take_tribe(state: State, seat: int, pending: dict[str, Any], words: list[str]) -> None:
    card_id = str(pending["card"])
    player = state.players[seat]
    state.pending = None
    if words[0] == "display":
        pay_and_display(state, seat, card_id, int(words[1]) - 1, " ".join(words[2:]), False, 0)
    elif words[0] == "hand":
        player.hand = card_id
        player.hand_round = state.round
        # A private hand (the default) is never named, even when it came from the open centre.
        if state.options["hand_public"]:
            name = TRIBE[card_id].name
            known: dict[str, Any] = {"key": "hand_card", "card": card_id}
        elif pending["source"] == "expansion":
            name = "the drawn card"
            known = {"key": "hand_drawn"}
        else:
            name = f"the tribe card from {CELLS[int(pending['cell'])]}"
            known = {"key": "hand_from", "cell": CELLS[int(pending["cell"])]}
        event(state, "hand", f"@{seat} takes {name} into hand", [seat], player=f"@{seat}", **known)
    else:
        state.tribe_discard.append(card_id)
        event(
            state,
            "discard",
            f"@{seat} discards {TRIBE[card_id].name}",
            [seat],
            "discard",
            player=f"@{seat}",
            card=card_id,
        )
    if pending["source"] == "centre":
        cell = int(pending["cell"])
        state.centre[cell] = None
        replace_centre(state, cell, was_goods=False)


def noble(state: State, seat: int, words: list[str]) -> None:
    player = state.players[seat]
    card_id = str(player.hand)
    player.hand = None
    state.pending = None
    if words[0] == "display":
        pay_and_display(state, seat, card_id, int(words[1]) - 1, " ".join(words[2:]), True, 0)
    else:
        state.tribe_discard.append(card_id)
        event(
            state,
            "discard",
            f"@{seat} discards the hand card {TRIBE[card_id].name}",
            [seat],
            "discard_hand",
            player=f"@{seat}",
            card=card_id,
        )


# --------------------------------------------------------------------------- scoring


def bonus(state: State, seat: int) -> int:
    """End-game card effects plus row bonuses, as if the game ended now."""
    player = state.players[seat]
    cards = [TRIBE[c] for c in player.displayed()]
    counts = {symbol: 0 for symbol in CARDS.symbols}
    for card in cards:
        counts[card.symbol] += 1
    total = 0
    mixed_rows = 0
    for row in player.display:
        if len(row) == 4:
            symbols = {TRIBE[c].symbol for c in row}
            if len(symbols) == 1:
                total += 4
            elif len(symbols) == 4:
                mixed_rows += 1
    better = 0
    better_vp = 2
    for card in cards:
        rule = card.rule
        kind = rule["kind"]
        if kind == "per_symbol":
            total += counts[rule["symbol"]] // int(rule["per"]) * int(rule["vp"])
        elif kind == "mixed_rows":
            better = int(rule["max_rows"])
            better_vp = int(rule["vp"])
        elif (
            (kind == "row_end" and any(len(r) == 4 and r[3] == card.id for r in player.display))
            or (kind == "more_cards" and len(cards) > state.players[1 - seat].display_count())
            or (kind == "min_cards" and len(cards) >= int(rule["cards"]))
        ):
            total += int(rule["vp"])
    boosted = min(better, mixed_rows)
    total += boosted * better_vp + (mixed_rows - boosted) * 2
    return total


def score(state: State, seat: int) -> dict[str, int]:
    player = state.players[seat]
    cards = sum(TRIBE[c].vp for c in player.displayed())
    extra = bonus(state, seat)
    res = player.res
    return {
        "vp": res[V] + cards + extra,
        "tokens": res[V],
        "cards": cards,
        "bonus": extra,
        "gold": res[G],
        "dates": res[D],
        "salt": res[S],
        "pepper": res[P],
    }

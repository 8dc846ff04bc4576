"""The Targi AI: a determinizer, a goods-and-VP evaluation, three levels of play.

Everything here starts from one seat's view (``bot.games.targi.view``); the decks' order, the
face-down centre cards and a hidden hand card are sampled from the cards that view leaves unseen.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

from bot.ai.budget import Budget, SearchLimit
from bot.games import targi as engine
from bot.games.targi.cards import CARDS, CORNERS
from bot.games.targi.state import CELL_INDEX, State

GOODS_VALUE = 0.45  # a good is worth about half a VP (Silversmith: 2 goods -> 1 VP)
GOLD_VALUE = 1.1  # a gold is worth about one VP (Silversmith: 1 gold -> 2 VP, minus the trip)
CARD_POTENTIAL = 0.6  # a displayed card's share of the row and symbol bonuses to come
STRONG_ITERATIONS = 120


# --------------------------------------------------------------------------- determinization


def determinize(view: dict[str, Any], rng: random.Random) -> State:
    """A full state agreeing with ``view``: unseen cards are dealt at random from the unseen pool.

    Reads only the view: the decks' order, face-down centre cards, a hidden hand card and a
    hidden Tribal Expansion draw are sampled; the seed of later goods reshuffles too.
    """
    round_number = int(view["round"])
    pending_view = view["pending"]
    phase = str(view["phase"])
    to_act = list(view["to_act"])
    turn = to_act[0] if to_act else -1

    # Cards seen: displays, discards, face-up centre cards, visible hands, a visible drawn card.
    tribe_pool = Counter(list(CARDS.tribe))
    goods_pool = Counter(CARDS.goods_deck())
    for player in view["players"]:
        for row in player["display"]:
            tribe_pool.subtract(card["id"] for card in row)
        if player.get("hand"):
            tribe_pool[player["hand"]["id"]] -= 1
    tribe_pool.subtract(card["id"] for card in view["discards"]["tribe"])
    goods_pool.subtract(card["id"] for card in view["discards"]["goods"])
    for cell in view["centre"]:
        card = cell["card"]
        if isinstance(card, dict):
            (tribe_pool if card["type"] == "tribe" else goods_pool)[card["id"]] -= 1
    expansion_card: str | None = None
    expansion_hidden = False
    if pending_view and pending_view["kind"] == "tribe" and pending_view["source"] == "expansion":
        if "card" in pending_view:
            expansion_card = pending_view["card"]["id"]
            tribe_pool[expansion_card] -= 1
        else:
            expansion_hidden = True
    unseen_tribe = sorted(tribe_pool.elements())
    unseen_goods = sorted(goods_pool.elements())
    rng.shuffle(unseen_tribe)
    rng.shuffle(unseen_goods)

    def deal(pool: list[str]) -> str:
        if not pool:
            raise ValueError("the view shows more hidden cards than the game has")
        return pool.pop()

    centre: list[str | None] = []
    face_down: list[bool] = []
    for cell in view["centre"]:
        card = cell["card"]
        if card is None:
            centre.append(None)
            face_down.append(False)
        elif card == "face_down":
            centre.append(deal(unseen_tribe if cell["back"] == "tribe" else unseen_goods))
            face_down.append(True)
        else:
            centre.append(card["id"])
            face_down.append(False)

    players: list[dict[str, Any]] = []
    for pv in view["players"]:
        hand: str | None = None
        if pv["hand_held"]:
            hand = pv["hand"]["id"] if pv.get("hand") else deal(unseen_tribe)
        players.append(
            {
                "res": [pv["dates"], pv["salt"], pv["pepper"], pv["gold"], pv["vp_tokens"]],
                "display": [[card["id"] for card in row] for row in pv["display"]],
                "hand": hand,
                "hand_round": round_number - 1 if pv["hand_playable"] else round_number,
                "stored": pv["stored_gold"],
                "targi": list(pv["targi"]),
                "markers": [CELL_INDEX[c] for c in pv["markers"]],
                "allowed": pv["targi_allowed"],
                "placed": len(pv["targi"]) if phase == "place" else 0,
                "short_round": pv["short_round"],
                "got": list(pv["got_from_goods_cards"]),
                "income_done": list(pv["income_taken"]),
                "played_hand": pv["played_hand_this_round"],
            }
        )
    if pending_view and pending_view["kind"] == "act":
        # The acting seat's pieces in the order they were placed.
        pieces = pending_view["pieces"]
        players[turn]["targi"] = [int(p) for p in pieces if p.isdigit()]
    if expansion_hidden:
        expansion_card = deal(unseen_tribe)
    tribe_deck = [deal(unseen_tribe) for _ in range(view["decks"]["tribe"])]
    goods_deck = [deal(unseen_goods) for _ in range(view["decks"]["goods"])]
    if unseen_tribe or unseen_goods:
        raise ValueError("the view leaves cards unaccounted for")

    pending = _pending(view, pending_view, players, expansion_card)
    start = int(view["start_player"])
    queue: list[int] = []
    if phase in ("raid", "limits") and turn >= 0:
        queue = [turn] if turn != start else [turn, 1 - turn]
    ending = ""
    if phase == "limits" and any(p["display_count"] >= 12 for p in view["players"]):
        ending = "twelve_cards"
    last = view["last_action"]
    data = {
        "game": "targi",
        "seed": rng.randrange(1 << 30),
        "options": dict(view["options"]),
        "round": round_number,
        "robber": view["robber"],
        "raids": view["raids_done"],
        "start": start,
        "phase": phase,
        "turn": turn,
        "players": players,
        "centre": centre,
        "face_down": face_down,
        "tribe_deck": tribe_deck,
        "goods_deck": goods_deck,
        "tribe_discard": [card["id"] for card in view["discards"]["tribe"]],
        "goods_discard": [card["id"] for card in view["discards"]["goods"]],
        "shuffles": 0,
        "pending": pending,
        "queue": queue,
        "ending": ending,
        "over": view["final"]["reason"] if view["final"] else "",
        "last_action": [last["seat"], last["action"]] if last else None,
        "events": [dict(e) for e in view["events"]],
    }
    return State.from_dict(data)


def _pending(
    view: dict[str, Any],
    pv: dict[str, Any] | None,
    players: list[dict[str, Any]],
    expansion_card: str | None,
) -> dict[str, Any] | None:
    """The engine's ``pending`` dict behind the view's public description of it."""
    if pv is None or pv["kind"] in ("place", "act"):
        return None
    kind = pv["kind"]
    if kind == "raid":
        return {"kind": "raid", "raid": pv["raid"]}
    if kind == "limits":
        return {"kind": "limits", "excess": pv["excess"]}
    if kind == "merchant":
        return {"kind": "merchant", "trades": pv["trades"]}
    if kind in ("noble", "silversmith", "fata_morgana", "rearrange"):
        return {"kind": kind}
    if kind == "tribe":
        if pv["source"] == "centre":
            cell = CELL_INDEX[pv["cell"]]
            return {"kind": "tribe", "card": pv["card"]["id"], "source": "centre", "cell": cell}
        return {"kind": "tribe", "card": expansion_card, "source": "expansion", "cell": None}
    assert kind == "take", kind
    why_text = str(pv["why"])
    if why_text.startswith("goods card"):
        # Goods from a centre card always count; from the Caravan only with the table option.
        last = view["last_action"]
        used = str(last["action"]).split()[-1] if last else ""
        counts = not used.isdigit() or bool(view["options"]["caravan_counts_as_goods_card"])
        return {"kind": "take", "count": pv["count"], "why": "goods_card", "counts": counts}
    if why_text == "Oasis consolation good":
        why = "consolation"
    else:
        seat = int(pv["seat"])
        displayed = [c for row in players[seat]["display"] for c in row]
        why = next(c for c in displayed if CARDS.tribe[c].name == why_text)
    return {"kind": "take", "count": pv["count"], "why": why, "mixed": True}


# --------------------------------------------------------------------------- evaluation


def _worth(state: State, seat: int, score: dict[str, int]) -> float:
    """What a seat's position is worth in VP: points now plus goods, gold and hand card."""
    if state.over:
        goods = score["dates"] + score["salt"] + score["pepper"]
        return score["vp"] + 0.01 * score["gold"] + 0.001 * goods
    player = state.players[seat]
    # Late in the game goods turn into points less and less often.
    left = max(0.25, min(1.0, (13 - state.round) / 4))
    goods = min(10, player.res[0] + player.res[1] + player.res[2])
    worth = score["vp"] + left * (
        GOODS_VALUE * goods + GOLD_VALUE * (player.res[3] + player.stored)
    )
    # A displayed card also counts towards row and symbol bonuses not yet complete.
    worth += left * CARD_POTENTIAL * len(player.displayed())
    if player.hand is not None:
        # A hand card is a card still to be paid for: worth a fraction of displaying it.
        card = CARDS.tribe[player.hand]
        cost = GOODS_VALUE * sum(card.cost[:3]) + GOLD_VALUE * card.cost[3]
        worth += left * (0.3 + 0.4 * max(0.0, card.vp + CARD_POTENTIAL - cost))
    return worth


def value(state: State, seat: int) -> float:
    """What a seat's position is worth in VP: points now plus goods, gold and hand card."""
    return _worth(state, seat, engine.scores(state)[seat])


def evaluate(state: State, seat: int) -> float:
    """The seat's worth minus the opponent's."""
    both = engine.scores(state)
    return _worth(state, seat, both[seat]) - _worth(state, 1 - seat, both[1 - seat])


def _follow(state: State, seat: int, depth: int = 3) -> float:
    """Evaluate after an action, finishing the seat's own follow-up choices greedily."""
    if (
        depth > 0
        and not state.over
        and state.turn == seat
        and state.pending is not None
        and state.phase == "act"
    ):
        options = engine.legal_actions(state, seat)
        return max(_follow(engine.apply(state, seat, a), seat, depth - 1) for a in options)
    return evaluate(state, seat)


def action_values(state: State, seat: int, legal: list[str]) -> list[tuple[float, str]]:
    """Each legal action with its one-ply value (placements by the placement heuristic)."""
    if state.phase == "place":
        return [(placement_value(state, seat, int(a.split()[1])), a) for a in legal]
    return [(_follow(engine.apply(state, seat, a), seat), a) for a in legal]


def _cell_worth(state: State, seat: int, cell: int) -> float:
    card = state.centre[cell]
    if card is None or state.face_down[cell]:
        return 0.0
    if card in CARDS.goods:
        goods = CARDS.goods[card]
        gives = goods.gives
        return (
            GOODS_VALUE * (gives[0] + gives[1] + gives[2] + goods.choice)
            + GOLD_VALUE * gives[3]
            + gives[4]
        )
    tribe = CARDS.tribe[card]
    player = state.players[seat]
    cost = tribe.cost
    affordable = all(player.res[i] >= cost[i] for i in range(4))
    return (1.0 + tribe.vp) if affordable else 0.4


def _hand_playable(state: State, seat: int) -> bool:
    player = state.players[seat]
    return player.hand is not None and (
        not state.options["hand_later_round"] or player.hand_round < state.round
    )


def _border_worth(state: State, seat: int, number: int) -> float:
    border = CARDS.border[number]
    player = state.players[seat]
    if border.kind == "goods":
        gain = border.gain
        return GOODS_VALUE * (gain[0] + gain[1] + gain[2]) + 0.1
    action = border.action
    res = player.res
    goods = res[0] + res[1] + res[2]
    if action == "noble":
        return 2.0 if _hand_playable(state, seat) else 0.0
    if action == "merchant":
        return 0.5 if goods >= 3 else 0.0
    if action == "silversmith":
        return min(3.0, 0.9 * res[3] + 0.25 * goods) if goods >= 2 or res[3] else 0.0
    if action == "fata_morgana":
        return 0.9
    if action == "caravan":
        return 0.7
    if action == "tribal_expansion":
        return 1.2 if goods >= 3 else 0.4
    return 0.0


def placement_value(state: State, seat: int, number: int) -> float:
    """A Targi on a border card: the card's worth plus the centre cards it would mark."""
    border = CARDS.border[number]
    worth = _border_worth(state, seat, number)
    mine = state.players[seat].targi
    for other in mine:
        ob = CARDS.border[other]
        if ob.axis and ob.axis != border.axis:
            row = border.line if border.axis == "row" else ob.line
            col = border.line if border.axis == "column" else ob.line
            assert row is not None and col is not None
            worth += _cell_worth(state, seat, (row - 1) * 3 + (col - 1))
    if len(mine) < 2:
        # Room for a future crossing: the best card on this line, discounted.
        line = border.line or 1
        cells = (
            [(line - 1) * 3 + c for c in range(3)]
            if border.axis == "row"
            else [r * 3 + (line - 1) for r in range(3)]
        )
        worth += 0.4 * max(_cell_worth(state, seat, c) for c in cells)
    return worth


# --------------------------------------------------------------------------- levels


MAX_TRADES = 3  # trades in one Merchant visit: 1-for-1 trades could otherwise go round forever


def _merchant_done(state: State, legal: list[str]) -> bool:
    """Whether to leave the Merchant now: after ``MAX_TRADES`` trades in this visit."""
    pending = state.pending
    return (
        pending is not None
        and pending["kind"] == "merchant"
        and int(pending["trades"]) >= MAX_TRADES
        and "done" in legal
    )


def _greedy(state: State, seat: int, legal: list[str], rng: random.Random, slack: float) -> str:
    scored = action_values(state, seat, legal)
    if state.pending is not None and state.pending["kind"] == "merchant":
        # A trade must beat leaving: its value counts the trades after it, so ties go round.
        done = max(v for v, a in scored if a == "done")
        scored = [(v, a) for v, a in scored if a == "done" or v > done + 0.05]
    best = max(v for v, _ in scored)
    near = sorted(a for v, a in scored if v >= best - slack)
    return rng.choice(near)


def choose(
    view: dict[str, Any],
    legal: list[str],
    level: str,
    rng: random.Random,
    iterations: int | None = None,
    limit: SearchLimit | None = None,
) -> str:
    """The action this level picks for the viewer of ``view``; ``limit`` bounds ``strong``'s
    playouts (by default :data:`STRONG_ITERATIONS` and the CPU safety net)."""
    seat = int(view["viewer"])
    state = determinize(view, rng)
    if _merchant_done(state, legal):
        return "done"
    if level == "easy":
        if state.phase == "place":
            # Easy looks at the border cards only, not at the crossings its Targi make.
            useful = [a for a in legal if _border_worth(state, seat, int(a.split()[1])) > 0.3]
            return rng.choice(useful or legal)
        return _greedy(state, seat, legal, rng, slack=0.5)
    if level == "normal":
        return _greedy(state, seat, legal, rng, slack=0.0)
    iterations = iterations or STRONG_ITERATIONS
    budget = (limit or SearchLimit()).start(iterations)
    return _search(view, state, seat, legal, rng, iterations, budget)


def _rollout_action(state: State, seat: int, rng: random.Random) -> str:
    """A cheap policy for playouts: the placement heuristic, else greedy with a little noise."""
    legal = engine.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    if _merchant_done(state, legal):
        return "done"
    if rng.random() < 0.15:
        return rng.choice(legal)
    if state.phase == "place":
        return max(legal, key=lambda a: placement_value(state, seat, int(a.split()[1])))
    best = max(
        ((evaluate(engine.apply(state, seat, a), seat), a) for a in legal), key=lambda x: x[0]
    )
    return best[1]


def _playout(state: State, seat: int, rng: random.Random) -> float:
    """Play on to the end of this round (or the game); the result in [0, 1] for ``seat``."""
    horizon = state.round
    while not state.over and state.round <= horizon:
        actor = state.turn
        state = engine.apply(state, actor, _rollout_action(state, actor, rng))
    if state.over:
        ranking = engine.outcome(state)["ranking"]
        if len(ranking) == 1:
            return 0.5
        return 1.0 if ranking[0] == [seat] else 0.0
    return 1.0 / (1.0 + math.exp(-evaluate(state, seat) / 3.0))


def _search(
    view: dict[str, Any],
    first: State,
    seat: int,
    legal: list[str],
    rng: random.Random,
    iterations: int,
    budget: Budget,
) -> str:
    """Determinized Monte-Carlo search: UCB1 over the root actions, one fresh sample per
    iteration, playouts to the end of the round with a greedy policy; every root action is
    tried once, then the playouts go on while ``budget`` (one node per playout) allows."""
    if len(legal) == 1:
        return legal[0]
    # Prune very wide decisions (payments, trades) to the best dozen by one-ply value.
    scored = sorted(action_values(first, seat, legal), key=lambda x: (-x[0], x[1]))
    candidates = [a for _, a in scored[: min(12, max(2, iterations // 4))]]
    prior = {a: v for v, a in scored}
    visits = dict.fromkeys(candidates, 0)
    totals = dict.fromkeys(candidates, 0.0)
    for it in range(max(iterations, len(candidates))):
        if it >= len(candidates) and not budget.allows(1):
            break
        budget.spend()
        state = first if it == 0 else determinize(view, rng)
        if it < len(candidates):
            action = candidates[it]
        else:
            log_n = math.log(it + 1)
            action = max(
                candidates,
                key=lambda a: totals[a] / visits[a] + 0.6 * math.sqrt(log_n / visits[a]),
            )
        result = _playout(engine.apply(state, seat, action), seat, rng)
        visits[action] += 1
        totals[action] += result
    return max(candidates, key=lambda a: (visits[a], totals[a] / visits[a], prior[a], a))


assert CORNERS == (4, 8, 12, 16)

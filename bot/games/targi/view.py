"""What a seat (or the public) may see of a Targi state; the shape is documented in VIEW.md."""

from __future__ import annotations

from typing import Any

from bot.games.targi import rules
from bot.games.targi.cards import CARDS, CORNERS, G, bundle_text
from bot.games.targi.state import CELLS, State


def card_object(card_id: str) -> dict[str, Any]:
    """A face-up card as the renderers and the bot need it."""
    if card_id in CARDS.tribe:
        tribe = CARDS.tribe[card_id]
        return {
            "id": tribe.id,
            "type": "tribe",
            "name": tribe.name,
            "symbol": tribe.symbol,
            "cost": bundle_text(tribe.cost),
            "cost_alternative": bundle_text(tribe.alternative) if tribe.alternative else None,
            "vp": tribe.vp,
            "gives": None,
            "timing": tribe.timing,
            "effect": tribe.short,
        }
    goods = CARDS.goods[card_id]
    gives = bundle_text(goods.gives) if not goods.choice else f"{goods.choice} of D/S/P"
    return {
        "id": goods.id,
        "type": "goods",
        "name": goods.name,
        "symbol": None,
        "cost": None,
        "cost_alternative": None,
        "vp": None,
        "gives": gives,
        "timing": None,
        "effect": goods.short,
    }


def _hand_visible(state: State, owner: int, viewer: int | None) -> bool:
    """The owner sees their hand card; everyone does with open hands or once the game is over."""
    return bool(state.options["hand_public"]) or viewer == owner or bool(state.over)


def _pending(state: State, viewer: int | None) -> dict[str, Any] | None:
    pending = state.pending
    seat = state.turn
    if state.phase == "over":
        return None
    if state.phase == "place":
        player = state.players[seat]
        return {"kind": "place", "seat": seat, "left": player.allowed - player.placed}
    if pending is None:
        pieces = [str(n) for n in state.players[seat].targi]
        pieces += [CELLS[c] for c in state.players[seat].markers]
        return {"kind": "act", "seat": seat, "pieces": pieces}
    kind = pending["kind"]
    out: dict[str, Any] = {"kind": kind, "seat": seat}
    if kind == "raid":
        raid_card = CARDS.border[state.robber]
        out.update(raid=raid_card.raid, demand=raid_card.short)
    elif kind == "tribe":
        cell = pending["cell"]
        out.update(source=pending["source"], cell=CELLS[cell] if cell is not None else None)
        if pending["source"] == "centre" or _hand_visible(state, seat, viewer):
            out["card"] = card_object(str(pending["card"]))
    elif kind == "noble":
        hand = state.players[seat].hand
        if hand is not None and _hand_visible(state, seat, viewer):
            out["card"] = card_object(hand)
    elif kind == "merchant":
        out["trades"] = pending["trades"]
    elif kind == "take":
        why = pending["why"]
        if why == "goods_card":
            text = "goods card: 1 good of your choice"
        elif why == "consolation":
            text = "Oasis consolation good"
        else:
            text = CARDS.tribe[why].name
        out.update(why=text, count=pending["count"])
    elif kind == "limits":
        out["excess"] = pending["excess"]
    return out


def _player(state: State, seat: int, viewer: int | None) -> dict[str, Any]:
    player = state.players[seat]
    res = player.res
    data: dict[str, Any] = {
        "seat": seat,
        "start_player": seat == state.start,
        "dates": res[0],
        "salt": res[1],
        "pepper": res[2],
        "gold": res[G],
        "vp_tokens": res[4],
        "goods": res[0] + res[1] + res[2],
        "stored_gold": player.stored,
        "display": [[card_object(c) for c in row] for row in player.display],
        "display_count": player.display_count(),
        "hand_held": player.hand is not None,
    }
    if _hand_visible(state, seat, viewer):
        data["hand"] = card_object(player.hand) if player.hand is not None else None
    data["hand_playable"] = rules.hand_playable(state, player)
    data["targi"] = sorted(player.targi)
    data["markers"] = [CELLS[c] for c in player.markers]
    data["targi_allowed"] = player.allowed
    # Public facts of this round that only the history shows (added for the AI players).
    data["short_round"] = player.short_round
    data["got_from_goods_cards"] = list(player.got)
    data["income_taken"] = list(player.income_done)
    data["played_hand_this_round"] = player.played_hand
    data["score"] = rules.score(state, seat)
    return data


def view(state: State, viewer: int | None) -> dict[str, Any]:
    """The JSON-ready picture of ``state`` for ``viewer`` (``None``: the public)."""
    targi_on = {n: seat for seat, p in enumerate(state.players) for n in p.targi}
    border = []
    for number, card in CARDS.border.items():
        border.append(
            {
                "number": number,
                "name": card.name,
                "kind": card.kind,
                "short": card.short,
                "grid": list(card.grid),
                "opposite": card.opposite,
                "robber": state.robber == number,
                "targi": targi_on.get(number),
            }
        )
    markers_on = {c: seat for seat, p in enumerate(state.players) for c in p.markers}
    centre = []
    for i, card_id in enumerate(state.centre):
        shown: Any
        if card_id is None:
            shown = None
        elif state.face_down[i]:
            shown = "face_down"
        else:
            shown = card_object(card_id)
        centre.append(
            {
                "cell": CELLS[i],
                "grid": [i // 3 + 1, i % 3 + 1],
                "marker": markers_on.get(i),
                "card": shown,
                # A card's back shows its type, also face down (added for the AI players).
                "back": None
                if card_id is None
                else ("tribe" if card_id in CARDS.tribe else "goods"),
            }
        )
    raid_track = []
    for index, corner in enumerate(CORNERS):
        card = CARDS.border[corner]
        raid_track.append(
            {"card": corner, "raid": card.raid, "demand": card.short, "done": state.raids > index}
        )
    final = None
    if state.over:
        final = {
            "reason": state.over,
            "ranking": rules_ranking(state),
            "scores": [rules.score(state, seat) for seat in range(2)],
        }
    last = state.last_action
    return {
        "game": "targi",
        "seats": 2,
        "viewer": viewer,
        "options": dict(state.options),
        "round": state.round,
        "phase": state.phase,
        "start_player": state.start,
        "to_act": [] if state.over else [state.turn],
        "robber": state.robber,
        "raids_done": state.raids,
        "raid_track": raid_track,
        "border": border,
        "centre": centre,
        "decks": {"tribe": len(state.tribe_deck), "goods": len(state.goods_deck)},
        "discards": {
            "tribe": [card_object(c) for c in state.tribe_discard],
            "goods": [card_object(c) for c in state.goods_discard],
        },
        "players": [_player(state, seat, viewer) for seat in range(2)],
        "pending": _pending(state, viewer),
        "last_action": {"seat": last[0], "action": last[1]} if last else None,
        "events": [dict(e) for e in state.events],
        "game_over": bool(state.over),
        "final": final,
    }


def rules_ranking(state: State) -> list[list[int]]:
    """Seats best first: VP, then gold, then goods; equal on all three share a place."""
    keys = {}
    for seat in range(2):
        s = rules.score(state, seat)
        keys[seat] = (s["vp"], s["gold"], s["dates"] + s["salt"] + s["pepper"])
    order = sorted(range(2), key=lambda seat: keys[seat], reverse=True)
    ranking: list[list[int]] = []
    for seat in order:
        if ranking and keys[ranking[-1][0]] == keys[seat]:
            ranking[-1].append(seat)
        else:
            ranking.append([seat])
    return ranking

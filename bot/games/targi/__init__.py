"""Targi (Andreas Steiger, Kosmos 2012) for two players: the complete base game, all 80 cards.

Notation and the ``view`` shape: ``VIEW.md`` next to this file. Table options (``OPTIONS``)
settle the questions the rules leave open; their defaults follow ``docs/rules-targi.md`` §12
and its tribe-card readings.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from bot.games.common import GameOver, IllegalAction, NotYourTurn
from bot.games.targi import rules
from bot.games.targi.cards import CARDS, bundle_text
from bot.games.targi.notation import normalize
from bot.games.targi.rules import GOODS_CELLS, OPTION_CHOICES, OPTIONS, START_RESOURCES, TRIBE_CELLS
from bot.games.targi.state import CELL_INDEX, Player, State, from_json, to_json
from bot.games.targi.stats import STATISTICS, statistics
from bot.games.targi.view import rules_ranking
from bot.games.targi.view import view as _view

__all__ = [
    "ENGLISH_NAME",
    "NAME",
    "OPTIONS",
    "SEAT_COUNTS",
    "STATISTICS",
    "State",
    "apply",
    "from_json",
    "is_over",
    "legal_actions",
    "new_game",
    "outcome",
    "scores",
    "statistics",
    "to_act",
    "to_json",
    "view",
]

NAME = "targi"
ENGLISH_NAME = "Targi"
SEAT_COUNTS = (2,)


def _options(given: dict[str, Any] | None) -> dict[str, Any]:
    chosen = dict(OPTIONS)
    for key, value in (given or {}).items():
        if key not in OPTIONS:
            raise ValueError(f"unknown Targi table option {key!r} (known: {', '.join(OPTIONS)})")
        if value not in OPTION_CHOICES[key] or type(value) is not type(OPTIONS[key]):
            choices = " or ".join(repr(c) for c in OPTION_CHOICES[key])
            raise ValueError(f"table option {key!r} must be {choices}")
        chosen[key] = value
    return chosen


def _stack(listed: list[str], full: list[str], what: str, rng: random.Random) -> list[str]:
    """``listed`` on top in order, the remaining cards shuffled below."""
    rest = list(full)
    for card_id in listed:
        if card_id not in rest:
            raise ValueError(f"setup: {what} deck lists {card_id!r} more often than it exists")
        rest.remove(card_id)
    rng.shuffle(rest)
    return [*listed, *rest]


def new_game(
    seats: int,
    seed: int,
    *,
    options: dict[str, Any] | None = None,
    setup: dict[str, Any] | None = None,
) -> State:
    """A new game, optionally stacked.

    ``setup = {"tribe_deck": [...], "goods_deck": [...], "first": 0}``: listed cards lie on top in
    order (the first 4 tribe / 5 goods cards are dealt to the centre), the rest of each deck is
    shuffled below them; ``first`` is the start player.
    """
    if seats not in SEAT_COUNTS:
        raise ValueError("Targi is a game for exactly 2 players")
    setup = dict(setup or {})
    unknown = set(setup) - {"tribe_deck", "goods_deck", "first"}
    if unknown:
        raise ValueError(f"unknown setup keys: {', '.join(sorted(unknown))}")
    rng = random.Random(f"targi/{seed}")
    tribe = _stack(list(setup.get("tribe_deck", [])), sorted(CARDS.tribe), "tribe", rng)
    goods = _stack(list(setup.get("goods_deck", [])), CARDS.goods_deck(), "goods", rng)
    first = int(setup.get("first", 0))
    if first not in (0, 1):
        raise ValueError("setup: first must be seat 0 or 1")
    centre: list[str | None] = [None] * 9
    for cell in GOODS_CELLS:
        centre[cell] = goods.pop(0)
    for cell in TRIBE_CELLS:
        centre[cell] = tribe.pop(0)
    players = [Player(res=list(START_RESOURCES), display=[[], [], []]) for _ in range(2)]
    state = State(
        seed=int(seed),
        options=_options(options),
        round=1,
        robber=1,
        raids=0,
        start=first,
        phase="place",
        turn=first,
        players=players,
        centre=centre,
        face_down=[False] * 9,
        tribe_deck=tribe,
        goods_deck=goods,
        tribe_discard=[],
        goods_discard=[],
    )
    rules.begin_round(state)
    _settle(state)
    return state


def to_act(state: State) -> tuple[int, ...]:
    """The seat that must decide now (one at a time in Targi); ``()`` once over."""
    return () if state.over else (state.turn,)


def legal_actions(state: State, seat: int) -> list[str]:
    """Every canonical action ``seat`` may take now, sorted."""
    if state.over or seat != state.turn:
        return []
    return list(rules.legal(state))


def apply(state: State, seat: int, action: str) -> State:
    """The state after ``seat`` plays ``action``; ``state`` itself is left unchanged."""
    if state.over:
        raise GameOver("The game is over; no more actions.", key="game_over")
    canonical = normalize(action)
    if seat != state.turn:
        raise NotYourTurn(
            f"It is @{state.turn}'s turn, not yours.", key="not_your_turn", player=f"@{state.turn}"
        )
    if canonical not in rules.legal(state):
        raise _explain(state, seat, canonical)
    new = state.copy()
    new.last_action = [seat, canonical]
    rules.perform(new, seat, canonical)
    new.legal_cache = None
    _settle(new)
    return new


def _settle(state: State) -> None:
    """Take every decision that has exactly one legal option, so players only see real choices."""
    while not state.over:
        options = rules.legal(state)
        if len(options) != 1:
            return
        rules.perform(state, state.turn, options[0])
        state.legal_cache = None


def scores(state: State) -> list[dict[str, int]]:
    """Per seat: vp (tokens + printed card VP + end-game bonuses, as if it ended now), tokens,
    cards, bonus, gold, dates, salt, pepper."""
    return [rules.score(state, seat) for seat in range(2)]


def is_over(state: State) -> bool:
    return bool(state.over)


def outcome(state: State) -> dict[str, Any]:
    """``{"ranking": [[seat], ...]}`` by VP, then gold, then goods (ties share a place)."""
    return {"ranking": rules_ranking(state), "reason": state.over}


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (or the public, ``None``) may see; see VIEW.md."""
    return _view(state, seat)


# --------------------------------------------------------------------------- error messages


def _explain(state: State, seat: int, action: str) -> IllegalAction:
    """Why ``action`` is not possible, naming only the player's own things (the sentence ends
    with a hint listing some legal actions: ``hint`` in the parameters)."""
    text, key, params = _why_not(state, seat, action)
    return IllegalAction(text, key=key, **params)


def _why_not(state: State, seat: int, action: str) -> tuple[str, str, dict[str, Any]]:
    legal = rules.legal(state)
    verb = action.split()[0]
    player = state.players[seat]
    have = bundle_text(player.res) or "nothing"
    expected = {a.split()[0] for a in legal}
    shown = f"{', '.join(legal[:5])}{' ...' if len(legal) > 5 else ''}"
    hint = f"You can: {shown}."
    facts: dict[str, Any] = {"hint": shown, "have": bundle_text(player.res)}
    if verb not in expected:
        kind = state.phase
        what = {
            "raid": "pay the raid",
            "place": "place a Targi",
            "limits": "drop goods down to 10",
        }.get(state.phase)
        if what is None:
            kind = state.pending["kind"] if state.pending else "act"
            what = {
                "act": "use one of your pieces or say `done`",
                "tribe": "decide on the tribe card",
                "noble": "decide on your hand card (Noble)",
                "merchant": "trade or say `done`",
                "silversmith": "make one exchange or say `done`",
                "fata_morgana": "move a tribe marker",
                "take": "choose what to take",
                "rearrange": "move or swap displayed cards, or `keep`",
            }[kind]
        return f"Not now: you must {what}. {hint}", "not_now", {**facts, "must": kind}
    if verb == "place":
        number = int(action.split()[1])
        other = state.players[1 - seat]
        if number in (4, 8, 12, 16):
            text = f"Card {number} is a raid corner; no Targi may stand there."
            return text, "raid_corner", {"border": number}
        if number in player.targi or number in other.targi:
            return f"A Targi already stands on card {number}.", "taken", {"border": number}
        if number == state.robber:
            return f"The robber stands on card {number}.", "robber", {"border": number}
        text = f"Card {number} faces @{1 - seat}'s Targi across the centre."
        return text, "opposite", {"border": number, "player": f"@{1 - seat}"}
    if verb == "use":
        return _explain_use(state, seat, action.split()[1], hint, facts)
    if verb in ("display", "play"):
        row = int(action.split()[1])
        if len(player.display[row - 1]) >= 4:
            return f"Row {row} of your display is full. {hint}", "row_full", {**facts, "row": row}
        if not any(a.startswith(f"{verb} {row} ") for a in legal):
            text = f"The card cannot go into row {row} now. {hint}"
            return text, "row_closed", {**facts, "row": row}
        text = f"That payment does not fit the cost or your goods (you have {have}). {hint}"
        return text, "payment", facts
    if verb in ("pay", "drop", "trade", "smith", "take"):
        text = f"That is not a possible {verb} here (you have {have}). {hint}"
        return text, "impossible_" + verb, facts
    return f"Not possible now. {hint}", "impossible", facts


_UNUSABLE = {
    "noble": "the Noble needs a card in your hand",
    "merchant": "you have no goods to trade at the Merchant",
    "silversmith": "you have nothing to exchange at the Silversmith",
    "fata_morgana": "Fata Morgana needs an unused tribe marker and a free face-up card",
    "caravan": "the goods deck and its discard pile are empty",
    "tribal_expansion": "the tribe deck is empty",
}


def _explain_use(
    state: State, seat: int, where: str, hint: str, facts: dict[str, Any]
) -> tuple[str, str, dict[str, Any]]:
    player = state.players[seat]
    if where.isdigit():
        number = int(where)
        if number not in player.targi:
            text = f"You have no unused Targi on card {number}. {hint}"
            return text, "no_targi", {**facts, "border": number}
        action = CARDS.border[number].action or ""
        text = f"You cannot use card {number} now: {_UNUSABLE.get(action, 'nothing to do')}."
        return text, "unusable", {"border": number, "action": action}
    cell = CELL_INDEX[where]
    if cell not in player.markers:
        text = f"You have no unused tribe marker on {where}. {hint}"
        return text, "no_marker", {**facts, "cell": where}
    if state.centre[cell] is None:
        return f"{where} is empty: the deck ran out.", "cell_empty", {"cell": where}
    text = f"The card on {where} is face down until the end of the round."
    return text, "face_down", {"cell": where}


if TYPE_CHECKING:
    # mypy holds this module to the engine contract (a missing or mistyped member fails here).
    from bot.games import targi as _engine
    from bot.games.contract import KeepsStatistics

    _contract: KeepsStatistics = _engine

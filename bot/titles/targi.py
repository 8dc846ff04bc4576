"""Targi as the bot offers it: its entry in the titles' registry, and its texts (engine
events, refusals, pending decisions, scores, card names, the rules reminder) in the players'
languages."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.games.contract import GameEngine, Params
from bot.games.targi.cards import CARDS as TARGI_CARDS
from bot.i18n import C_, N_, Text, _, named
from bot.presenters import points_sentence, score_parts, seat_entry
from bot.titles import (
    AiFacts,
    BenchFacts,
    DrawingFacts,
    PbpFacts,
    ReplayFacts,
    StatisticsFacts,
    Title,
    TitleTexts,
    UiFacts,
)
from bot.titles.keyed import KeyedTexts, const, param, read, says
from bot.titles.targi_words import (
    SCORE_WORDS,
    border_name,
    card_object_name,
    data_names,
    good_word,
    goods_text,
    targi_card_name,
)
from renderers import targi_stats as stats_words


def _slot(slot: object) -> Text | str:
    """A display slot (``3.1``, row 3 slot 1) as a sentence says it: notation in English,
    "3줄 1번 자리" / "3. sıra, 1. yer" in Korean and Turkish."""
    row, dot, place = str(slot).partition(".")
    if not (dot and row.isdecimal() and place.isdecimal()):
        return str(slot)
    return C_("display slot", "{row}.{slot}", row=int(row), slot=int(place))


_GOODS = read("goods", goods_text)
_CARD = read("card", targi_card_name)
_BORDER = read("border", border_name)
_GOOD = read("good", good_word)
#: The final scores of the two seats, in the order the end events name them.
_FINAL_SEATS = {"first_seat": const("@0"), "second_seat": const("@1")}


def _rearrange(p: Params) -> Text:
    moves = p["moves"]
    if len(moves) == 1:
        return _(
            "{player} moves the displayed cards at {source} to {target}",
            player=p.get("player"),
            source=_slot(moves[0][0]),
            target=_slot(moves[0][1]),
        )
    return _(
        "{player} moves the displayed cards at {source} to {target} and {source2} to {target2}",
        player=p.get("player"),
        source=_slot(moves[0][0]),
        target=_slot(moves[0][1]),
        source2=_slot(moves[1][0]),
        target2=_slot(moves[1][1]),
    )


def _caravan(p: Params) -> Text:
    goods = TARGI_CARDS.goods.get(str(p["card"]))
    if goods is not None:  # "goods card 2 dates" reads as one noun only in English
        return _(
            "{player} draws goods card {name} with the Caravan",
            player=p.get("player"),
            name=named("targi card", goods.name),
        )
    return _(
        "{player} draws {card} with the Caravan",
        player=p.get("player"),
        card=targi_card_name(p["card"]),
    )


#: Targi's events by engine key (``{player}`` and the other seats stay ``@N``).
EVENTS = KeyedTexts(
    {
        "takes": says(_("{player} takes {goods}"), goods=_GOODS),
        "takes_cell": says(_("{player} takes {goods} from {cell}"), goods=_GOODS),
        "takes_border": says(
            _("{player} takes {goods} ({card}, {number})"),
            goods=_GOODS,
            card=_BORDER,
            number=param("border"),
        ),
        "takes_card": says(_("{player} takes {goods} ({card})"), goods=_GOODS, card=_CARD),
        # A border card: named without the quotes of a tribe card's.
        "takes_caravan": says(
            C_("border card", "{player} takes {goods} ({card})"),
            goods=_GOODS,
            card=const(named("targi card", "Caravan")),
        ),
        "takes_consolation": says(_("{player} takes {goods} (consolation)"), goods=_GOODS),
        "income": says(_("{player} takes 1 extra {good} ({card})"), good=_GOOD, card=_CARD),
        "reshuffle": says(_("the goods discard pile is shuffled into a new goods deck")),
        "tribe_deck_empty": says(_("the tribe deck is empty: {cell} stays empty")),
        "goods_deck_empty": says(_("the goods deck is empty: {cell} stays empty")),
        "tribe_dealt": says(_("a tribe card is dealt face down to {cell}")),
        "goods_dealt": says(_("a goods card is dealt face down to {cell}")),
        "round": says(_("round {round} begins; {player} is start player")),
        "robber": says(_("the robber moves to {card}"), card=_BORDER),
        "robber_on": says(_("the robber moves on to {card}"), card=_BORDER),
        "immune": says(_("{player} pays nothing: raid immunity")),
        "raid_unpaid": says(_("{player} cannot pay {card}; {other} gains {n} VP"), card=_BORDER),
        "raid_vp": says(_("{player} takes {n} VP ({card})"), card=_CARD),
        "short_round": says(_("{player} places only 2 Targi this round")),
        "place": says(
            _("{player} places a Targi on {number} {card}"), number=param("border"), card=_BORDER
        ),
        "no_marker": says(_("{player}'s Targi share no row and column: no tribe marker")),
        "marker": says(_("{player} puts a tribe marker on {cell}"), cell=lambda p: p["cells"][0]),
        "markers": says(
            _("{player} puts tribe markers on {first} and {second}"),
            first=lambda p: p["cells"][0],
            second=lambda p: p["cells"][1],
        ),
        "reveal": says(_("{cell} is revealed: {card}"), card=_CARD),
        "gold_limit": says(_("{player} returns {n} gold (limit 3)")),
        "end_raid4": says(
            _("raid 4 ends the game: {first_seat} {first} VP, {second_seat} {second} VP"),
            **_FINAL_SEATS,
        ),
        "end_display": says(
            _(
                "a display of 12 cards ends the game: "
                "{first_seat} {first} VP, {second_seat} {second} VP"
            ),
            **_FINAL_SEATS,
        ),
        "display": says(
            _("{player} displays {card} at {slot} (pays {payment})"),
            card=_CARD,
            slot=read("slot", _slot),
            payment=read("payment", goods_text),
        ),
        "card_gold": says(_("{player} takes {n} gold ({card})"), card=_CARD),
        "stored_gold": says(_("{n} gold is stored on {player}'s {card}"), card=_CARD),
        "no_goods": says(_("{player} gets no goods from {card}"), card=_CARD),
        "short_next_round": says(_("{player} places only 2 Targi next round")),
        "raid_paid": says(_("{player} pays {goods} to {card}"), goods=_GOODS, card=_BORDER),
        "goods_limit": says(_("{player} discards {goods} (limit 10 goods)"), goods=_GOODS),
        "play_hand": says(_("{player} plays the hand card without the Noble")),
        "done": says(_("{player} ends the action phase")),
        "trade": says(_("{player} trades {goods} for 1 {good}"), goods=_GOODS, good=_GOOD),
        "smith": says(_("{player} turns {goods} into {n} VP (Silversmith)"), goods=_GOODS),
        "rearrange": _rearrange,
        "move_marker": says(_("{player} moves a tribe marker from {source} to {target}")),
        "swap": says(
            _("{player} swaps the cards at {first} and {second}"),
            first=read("first", _slot),
            second=read("second", _slot),
        ),
        "take_tribe": says(_("{player} takes {card} from {cell}"), card=_CARD),
        "caravan": _caravan,
        "expansion": says(_("{player} draws a tribe card with Tribal Expansion")),
        "expansion_secret": says(
            _("{player} draws a tribe card with Tribal Expansion (seen by {player} only)")
        ),
        "hand_card": says(_("{player} takes {card} into hand"), card=_CARD),
        "hand_drawn": says(_("{player} takes the drawn card into hand")),
        "hand_from": says(_("{player} takes the tribe card from {cell} into hand")),
        "discard": says(_("{player} discards {card}"), card=_CARD),
        "discard_hand": says(_("{player} discards the hand card {card}"), card=_CARD),
    }
)


_TARGI_EXAMPLES = _("e.g. `place 5`, `use B2`, `display 1 1D 2S`, `pay 1VP`, `take 1S` or `done`")
#: What a Targi amount was meant to be (the notation parser's words).
_TARGI_AMOUNTS = {
    "a payment": _("a payment"),
    "a raid payment": _("a raid payment"),
    "what you take": _("what you take"),
    "what you drop": _("what you drop"),
    "the exchange": _("the exchange"),
    "a trade": _("a trade"),
}
#: Targi's goods letters of the notation, named with the letter a player types.
_LETTER_WORDS = {
    "D": C_("goods letter", "D"),
    "S": C_("goods letter", "S"),
    "P": C_("goods letter", "P"),
    "G": C_("goods letter", "G"),
    "VP": C_("goods letter", "VP"),
}
#: What the seat to act must do now (Targi), by phase or pending decision.
_TARGI_MUST = {
    "raid": _("pay the raid"),
    "place": _("place a Targi"),
    "limits": _("drop goods down to 10"),
    "act": _("use one of your pieces or say `done`"),
    "tribe": _("decide on the tribe card"),
    "noble": _("decide on your hand card (Noble)"),
    "merchant": _("trade or say `done`"),
    "silversmith": _("make one exchange or say `done`"),
    "fata_morgana": _("move a tribe marker"),
    "take": _("choose what to take"),
    "rearrange": _("move or swap displayed cards, or `keep`"),
}
#: Why a border card cannot be used now (Targi), by its action.
_TARGI_UNUSABLE = {
    "noble": _("the Noble needs a card in your hand"),
    "merchant": _("you have no goods to trade at the Merchant"),
    "silversmith": _("you have nothing to exchange at the Silversmith"),
    "fata_morgana": _("Fata Morgana needs an unused tribe marker and a free face-up card"),
    "caravan": _("the goods deck and its discard pile are empty"),
    "tribal_expansion": _("the tribe deck is empty"),
}


def _have(p: Params) -> Text | str:
    return goods_text(p["have"]) if p.get("have") else _("nothing")


def _what(p: Params) -> Text | str:
    return _TARGI_AMOUNTS.get(str(p.get("what")), str(p.get("what")))


def _unusable(p: Params) -> Text:
    return _TARGI_UNUSABLE.get(str(p["action"]), _("nothing to do"))


def _impossible(key: str, p: Params) -> Text | None:
    """``impossible_<verb>``: a verb the engine names in its key."""
    if not key.startswith("impossible_"):
        return None
    return _(
        "That is not a possible {verb} here (you have {have}). You can: {hint}.",
        verb=key.removeprefix("impossible_"),
        have=_have(p),
        hint=p.get("hint", ""),
    )


def _hint(p: Params) -> Any:
    return p.get("hint", "")  # a refusal without a hint names none


_NUMBER = param("border")
_EXAMPLES = const(_TARGI_EXAMPLES)

#: Why Targi refuses an action, by engine key: the rules first, then the notation.
REFUSALS = KeyedTexts(
    {
        "game_over": says(_("The game is over; no more actions.")),
        "not_your_turn": says(_("It is {player}'s turn, not yours.")),
        "not_now": says(
            _("Not now: you must {what}. You can: {hint}."),
            what=lambda p: _TARGI_MUST[p["must"]],
            hint=_hint,
        ),
        "raid_corner": says(
            _("Card {number} is a raid corner; no Targi may stand there."), number=_NUMBER
        ),
        "taken": says(_("A Targi already stands on card {number}."), number=_NUMBER),
        "robber": says(_("The robber stands on card {number}."), number=_NUMBER),
        "opposite": says(
            _("Card {number} faces {player}'s Targi across the centre."), number=_NUMBER
        ),
        "row_full": says(_("Row {row} of your display is full. You can: {hint}."), hint=_hint),
        "row_closed": says(
            _("The card cannot go into row {row} now. You can: {hint}."), hint=_hint
        ),
        "payment": says(
            _(
                "That payment does not fit the cost or your goods (you have {have}). "
                "You can: {hint}."
            ),
            have=_have,
            hint=_hint,
        ),
        "impossible": says(_("Not possible now. You can: {hint}."), hint=_hint),
        "no_targi": says(
            _("You have no unused Targi on card {number}. You can: {hint}."),
            number=_NUMBER,
            hint=_hint,
        ),
        "unusable": says(
            _("You cannot use card {number} now: {reason}."), number=_NUMBER, reason=_unusable
        ),
        "no_marker": says(
            _("You have no unused tribe marker on {cell}. You can: {hint}."), hint=_hint
        ),
        "cell_empty": says(_("{cell} is empty: the deck ran out.")),
        "face_down": says(_("The card on {cell} is face down until the end of the round.")),
        # the notation
        "bad_amount": says(
            _("`{word}` is not an amount like 1D, 2S, 3P, 1G or 2VP ({what})."), what=_what
        ),
        "bad_letter": says(
            _("{what} cannot include {letter}."),
            what=_what,
            letter=lambda p: _LETTER_WORDS.get(str(p["letter"]), str(p["letter"])),
        ),
        "no_amount": says(_("Say what {what} is, e.g. `1D 2S`."), what=_what),
        "bad_where": says(_("`{word}` is neither a border card 1-16 nor a centre cell A1-C3.")),
        "bad_row": says(_("`{word}` is not a display row (1, 2 or 3).")),
        "empty": says(_("Type an action, {examples}."), examples=_EXAMPLES),
        "too_long": says(_("That is far too long for a Targi action.")),
        "no_args": says(_("`{verb}` takes nothing after it.")),
        "needs_more": says(_("`{verb}` needs more, {examples}."), examples=_EXAMPLES),
        "place": says(_("Place on a border card by number: `place 5`.")),
        "use": says(_("Use one piece at a time: `use 13` or `use B2`.")),
        "row_payment": says(_("Say the row and the payment: `{verb} 1 1D 2S`.")),
        "trade": says(_("Say what you give and what you get: `trade 3S G`.")),
        "trade_get": says(_("Name the good you get last: D, S, P or G (`trade 2D P`).")),
        "move_slots": says(
            _("Move displayed cards by row.slot: `move 1.4 2.3` or `move 1.2 2.3 and 1.3 1.2`.")
        ),
        "move_marker": says(_("Move a tribe marker between centre cells: `move B2 C3`.")),
        "swap": says(_("Swap two display slots given as row.slot: `swap 1.4 2.1`.")),
        "unknown": says(_("`{verb}` is not a Targi action; {examples}."), examples=_EXAMPLES),
    },
    otherwise=_impossible,
)


def _tribe_clause(pending: Mapping[str, Any]) -> Text:
    """The decision on a tribe card: named when this view sees it, else "the drawn card"."""
    card = pending.get("card")
    if isinstance(card, Mapping) and card.get("id"):
        return _("display, hand or discard {card}", card=targi_card_name(card["id"]))
    if isinstance(card, Mapping) and card.get("name"):
        return _("display, hand or discard {card}", card=str(card["name"]))
    return _("display, hand or discard the drawn tribe card")


_TAKE_WHY = {
    "goods card: 1 good of your choice": _("goods card: 1 good of your choice"),
    "Oasis consolation good": _("Oasis consolation good"),
}


def _take_clause(p: Mapping[str, Any]) -> Text:
    why = p.get("why")
    count = p.get("count", 1)
    if not why:
        return _("take {n} of your choice", n=count)
    reason = _TAKE_WHY.get(str(why))
    if reason is not None:
        return _("take {n} of your choice ({why})", n=count, why=reason)
    # A tribe card's name is quoted as in every card sentence, not nested in parentheses.
    card = next(
        (named("targi card", card.name) for card in TARGI_CARDS.tribe.values() if card.name == why),
        str(why),
    )
    return _("take {n} of your choice with {card}", n=count, card=card)


#: What a raid asks for as a sentence says it ("1 puan", where the card images write "1 ZP").
_RAID_DEMANDS = {
    "1 good or 1 VP": C_("raid demand", "1 good or 1 VP"),
    "2 goods or 1 VP": C_("raid demand", "2 goods or 1 VP"),
    "3 goods or 2 VP": C_("raid demand", "3 goods or 2 VP"),
    "1 gold or 3 VP, then the game ends": C_("raid demand", "1 gold or 3 VP, then the game ends"),
}


def _raid_clause(p: Mapping[str, Any]) -> Text:
    raid = p.get("raid", "")
    demand = p.get("demand")
    border = next((b for b in TARGI_CARDS.border.values() if b.raid and b.raid == raid), None)
    if border is not None and demand == border.short:
        words = _RAID_DEMANDS.get(str(demand)) or named("targi card text", str(demand))
        return _("raid {raid}: pay {demand}", raid=raid, demand=words)
    return _("raid {raid}: pay {demand}", raid=raid, demand=demand or _("the demand"))


def _limits_clause(p: Mapping[str, Any]) -> Text:
    excess = p.get("excess")
    if isinstance(excess, int):
        return N_("drop {n} good", "drop {n} goods", excess)
    return _("drop the excess goods")


_TARGI_PENDING: dict[str, Callable[[Mapping[str, Any]], Text]] = {
    "raid": _raid_clause,
    "place": lambda p: _("place a Targi ({left} left)", left=p.get("left", "?")),
    "act": lambda p: _("resolve cards and tribe markers"),
    "tribe": _tribe_clause,
    "noble": lambda p: _("display or discard the hand card (Noble)"),
    "merchant": lambda p: _("trade at the Merchant"),
    "silversmith": lambda p: _("exchange at the Silversmith"),
    "fata_morgana": lambda p: _("move a tribe marker (Fata Morgana)"),
    "take": _take_clause,
    "rearrange": lambda p: _("rearrange the display or keep it"),
    "limits": _limits_clause,
}


def _pending(pending: Params, names: Sequence[str]) -> Text | None:
    """A decision open in a Targi game, in the game's words (None: not a Targi decision)."""
    clause = _TARGI_PENDING.get(str(pending.get("kind", "decision")))
    return clause(pending) if clause is not None else None


#: Targi's score parts that are points (the rest of a Targi score is what a seat holds).
_POINT_PARTS = ("tokens", "cards", "bonus")


def _targi_score(score: Mapping[str, Any]) -> Text:
    """A Targi score: the points, what they are made of, and the goods and gold apart
    ("4 VP (tokens 4, cards 0) · goods: gold 1, dates 2")."""
    points = {k: v for k, v in score.items() if k in _POINT_PARTS}
    held = {k: v for k, v in score.items() if k not in _POINT_PARTS and k != "vp"}
    total: Text = _("{n} VP", n=score.get("vp", 0))
    if points:
        total = _("{total} ({parts})", total=total, parts=score_parts(points, SCORE_WORDS))
    if not held:
        return total
    return _("{points} · goods: {goods}", points=total, goods=score_parts(held, SCORE_WORDS))


def _score_text(score: Params) -> Text | None:
    return _targi_score(score) if "vp" in score else None


def _private_lines(private: Params, seat: int) -> list[Text]:
    """Beside a seat's private image: its hand card, its score, and a tribe card only it saw
    drawn (Tribal Expansion)."""
    parts: list[Text] = []
    mine = seat_entry(private, seat)
    if mine is not None:
        if "hand_held" in mine:
            card = mine.get("hand")
            if isinstance(card, Mapping):
                parts.append(_("Your hand card: {card}.", card=card_object_name(card)))
            elif not mine.get("hand_held"):
                parts.append(_("Your hand is empty."))
        score = mine.get("score")
        told = _score_text(score) if isinstance(score, Mapping) else None
        points = points_sentence(score, SCORE_WORDS) if told is None else None
        if told is not None:
            parts.append(_("Your score: {score}.", score=told))
        elif points is not None:
            parts.append(points)
    pending = private.get("pending")
    if isinstance(pending, Mapping) and pending.get("source") == "expansion":
        card = pending.get("card")
        if pending.get("seat") == seat and isinstance(card, Mapping):
            parts.append(_("You drew {card} (Tribal Expansion).", card=card_object_name(card)))
    return parts


def _final_hand(view: Params, seat: int) -> Text | str | None:
    """The hand card a seat held at the end ("no card" without one)."""
    mine = seat_entry(view, seat)
    if mine is None or "hand_held" not in mine:
        return None
    card = mine.get("hand")
    if isinstance(card, Mapping):
        return C_("hand card", "{card}", card=card_object_name(card))
    return _("no card")


def _takeback(before: Any, after: Any, seat: int) -> Text | None:
    """Refused if a tribe or goods card was drawn (deck sizes, a reshuffle), if a face-down
    centre card was turned up, if another player's hand changed, or if the actor's secret hand
    card left their hand (shown by displaying or discarding it)."""
    if (
        len(after.tribe_deck) != len(before.tribe_deck)
        or len(after.goods_deck) != len(before.goods_deck)
        or after.shuffles != before.shuffles
    ):
        return _("a card was drawn")
    if any(b and not a for b, a in zip(before.face_down, after.face_down, strict=True)):
        return _("a face-down card was turned up")
    for s, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
        if s != seat and old.hand != new.hand:
            return _("another player's hand changed")
    own_before = before.players[seat].hand
    hidden = not before.options.get("hand_public", False)
    if hidden and own_before is not None and after.players[seat].hand != own_before:
        return _("your hand card was revealed")
    return None


def _story(
    game: GameEngine,
    states: Sequence[Any],
    views: Sequence[dict[str, Any]],
    turns: Sequence[Any],
    ends: list[int],
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Victory points and goods (dates, salt, pepper) from the public views, marks for raids."""
    players: list[dict[str, Any]] = []
    marks: list[dict[str, Any]] = []
    for seat in range(len(views[0]["players"])):
        public = [views[i]["players"][seat] for i in ends]
        series = {
            "vp": [int(p["score"]["vp"]) for p in public],
            "goods": [int(p["goods"]) for p in public],
        }
        players.append({"seat": seat, "series": series})
    for turn in turns:
        raided = {
            int(s)
            for index in range(turn.start + 1, turn.end + 1)
            for event in views[index]["events"]
            if event.get("kind") == "raid"
            for s in event.get("seats") or []
        }
        if raided:
            marks.append({"turn": turn.number, "kind": "raid", "seats": sorted(raided)})
    return players, marks


def board_lines(view: Mapping[str, Any], names: Sequence[str], lang: str) -> list[str]:
    """What the table image leaves to the board's message (the image is drawn for a phone's
    feed): the round and phase, the decks and the raids, a player who places fewer Targi."""
    from renderers.targi import status_texts  # the image's own words, from its catalogue

    return status_texts({**view, "seat_names": list(names)}, lang)


RULES = _(
    "**Targi** (2 players). Each round place your three Targi on border cards (never on a "
    "corner, a taken card, the robber's card or opposite the opponent's Targi); where your "
    "lines cross you get a tribe marker on a centre card. Then resolve your cards: collect "
    "goods and gold, buy tribe cards for your display (4 per row, 3 rows) or take them into "
    "your one-card hand. Raids on the corners take goods or points. The game ends after the "
    "robber's last raid, or at the end of a round in which a player filled their display; "
    "most points wins (tie: more gold).\n"
    "Use `/move` (autocompleted) or the Act button."
)

TITLE = Title(
    name="targi",
    engine="bot.games.targi",
    printed_name=C_("game", "Targi"),
    game_id=C_("game id", "targi"),
    images="renderers.targi",
    pbp=PbpFacts(
        # End the action phase / stop trading (done), discard a tribe card rather than pay
        # for it, keep the display as it is.
        skip_preferences=("done", "discard", "keep"),
        # Three placements and ending the action phase.
        round_decisions=4,
        takeback=_takeback,
        public_action=lambda action: True,
    ),
    texts=TitleTexts(
        rules=RULES,
        events=EVENTS,
        vocabulary=(
            *("dates", "salt", "pepper", "tribe", "raid", "robber", "noble", "merchant"),
            *("silversmith", "caravan", "fata", "morgana", "oasis", "targia", "nomad"),
        ),
        refusals=REFUSALS,
        pending=_pending,
        option_words={
            "raid_unpaid_bonus": C_("option", "bonus for an unpaid raid"),
            "hand_later_round": C_("option", "hand card playable in a later round"),
            "merchant_repeatable": C_("option", "Merchant repeatable"),
            "merchant_same_kind": C_("option", "Merchant: one kind of good"),
            "silversmith_same_kind": C_("option", "Silversmith: one kind of good"),
            "fata_morgana_face_down": C_("option", "Fata Morgana on face-down cards"),
            "limits_at_game_end": C_("option", "limits at the game end"),
            "display_any_row": C_("option", "display in any row"),
            "caravan_card": C_("option", "Caravan card"),
            "caravan_counts_as_goods_card": C_("option", "Caravan counts as a goods card"),
            "hand_public": C_("option", "open hand card"),
            "discounts_stack": C_("option", "discounts add up"),
            "count_new_card": C_("option", "the new card counts"),
            "hand_play_once_per_round": C_("option", "hand card once per round"),
            "stored_gold_is_own_gold": C_("option", "stored gold is own gold"),
            "gain_goods_mixed": C_("option", "mixed goods from a gain"),
            "immunity_covers_raid4": C_("option", "immunity covers raid 4"),
        },
        score_text=_score_text,
        score_words=SCORE_WORDS,
        private_lines=_private_lines,
        final_hand=_final_hand,
        card_name=card_object_name,
        # The colours the board draws the seats in (renderers.targi.SEAT_NAMES).
        seat_words=(C_("Targi colour", "blue"), C_("Targi colour", "white")),
        data_names=data_names,
    ),
    drawing=DrawingFacts(
        incremental="renderers.targi_incremental",
        image_texts="renderers.targi",
        board_lines=board_lines,
    ),
    replay=ReplayFacts(
        chart="renderers.targi_chart",
        turn_key="round",
        # A round's still shows its end (nobody to act); each placement is a frame of its own.
        turn_end=lambda view: {**view, "phase": "limits", "to_act": [], "pending": None},
        move_frame=lambda view: view.get("phase") == "place",
        story=_story,
    ),
    ui=UiFacts(
        labels="bot.ui.labels_targi",
    ),
    ai=AiFacts(
        module="bot.ai.targi",
        review="bot.ai.review_targi",
        review_texts="bot.review_targi",
    ),
    statistics=StatisticsFacts(
        # Tribe cards displayed, the engine every strategy builds (raids are paid by everyone
        # alike, so "raids paid" would not tell players apart).
        league=("row_1", "row_2", "row_3"),
        labels=stats_words.LABELS,
        league_label=stats_words.LEAGUE_LABEL,
    ),
    bench=BenchFacts(
        image_targets_ms={"board": 40.0, "move": 40.0, "private": 20.0},
    ),
)

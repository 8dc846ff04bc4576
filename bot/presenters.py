"""Texts the bot shows, built from engine views and service records; no discord.py here.

Everything here is a pure function of JSON-ready data (engine ``view`` dicts, seat names, action
strings), so it is unit-tested directly and shared by every cog.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.targi.cards import CARDS as TARGI_CARDS
from bot.i18n import C_, DEFAULT, N_, Text, _, listing, named, render

__all__ = [
    "MAX_CHOICES",
    "MenuOption",
    "action_menu",
    "data_names",
    "event_text",
    "final_text",
    "game_name",
    "game_title",
    "hand_text",
    "localize_view",
    "name_seats",
    "natural_key",
    "pending_clause",
    "plain_text",
    "rank_actions",
    "refusal",
    "rules_summary",
    "spread_actions",
    "status_line",
    "targi_card_name",
]

#: Discord's limit for autocomplete choices, select options and buttons in one message.
MAX_CHOICES = 25
#: Selects (action rows) one message may carry.
MAX_SELECTS = 5

_SEAT_REF = re.compile(r"@(\d+)")
_DIGITS = re.compile(r"(\d+)")


#: Characters Discord reads as inline formatting or as the start of a mention, a channel link,
#: a timestamp or a masked link; a backslash before any of them shows the character itself.
_INLINE_MARKUP = re.compile(r"([\\*_~|`<\[\]>#])")
#: Line starts that make a list item or a numbered list ("- x", "+ x", "1. x").
_LINE_START_MARKUP = re.compile(r"^(\s*(?:\d+(?=\.)|))([-+.])", re.MULTILINE)
#: ``@everyone`` / ``@here`` and the engines' ``@N`` seat references.
_AT_SIGN = re.compile(r"(?<!<)@(?=everyone\b|here\b|\d)")


def plain_text(text: str) -> str:
    """``text`` (a player's display name, a value someone typed) so that a Discord message
    shows it literally: no bold or code, no heading, quote or list, no masked link, and a
    ``<@123>`` or ``@everyone`` reads as text instead of a mention of someone else (and a
    name like ``@1`` is not taken for a seat reference)."""
    text = _AT_SIGN.sub("@\u200b", " ".join(text.splitlines()))
    text = _INLINE_MARKUP.sub(r"\\\1", text)
    return _LINE_START_MARKUP.sub(r"\1\\\2", text)


_TITLES = {
    "tigris": C_("game", "Tigris & Euphrates"),
    "targi": C_("game", "Targi"),
}


def game_name(game: str) -> Text | str:
    """The printed name of a game as a text to render ("Tigris & Euphrates" for "tigris")."""
    return _TITLES.get(game) or game.capitalize()


def game_title(game: str, *, lang: str) -> str:
    """The printed name of a game ("Tigris & Euphrates" for "tigris")."""
    title = _TITLES.get(game)
    return title.render(lang) if title is not None else game.capitalize()


def natural_key(text: str) -> tuple[Any, ...]:
    """Sort key treating digit runs as numbers, so "A2" comes before "A10"."""
    return tuple(int(part) if part.isdigit() else part.lower() for part in _DIGITS.split(text))


def name_seats(text: str, names: Sequence[str]) -> str:
    """Replace the engine's ``@N`` seat references with the players' display names."""

    def _name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        return names[seat] if 0 <= seat < len(names) else match.group(0)

    return _SEAT_REF.sub(_name, text)


def _seat_name(seat: int, names: Sequence[str]) -> Text | str:
    return names[seat] if 0 <= seat < len(names) else _("seat {n}", n=seat)


def _names_of(seats: Sequence[int], names: Sequence[str], *, lang: str) -> str:
    listed = [str(render(_seat_name(s, names), lang)) for s in seats]
    if lang != DEFAULT and len(listed) > 1:
        return str(render(listing(listed), lang))
    if len(listed) <= 1:
        return "".join(listed)
    return ", ".join(listed[:-1]) + " and " + listed[-1]


# --------------------------------------------------------------------------------------------
# The games' words (engine ids -> texts)

_COLOUR_WORDS = {
    "red": C_("colour", "red"),
    "blue": C_("colour", "blue"),
    "green": C_("colour", "green"),
    "black": C_("colour", "black"),
}
_LEADER_WORDS = {
    "red": C_("leader", "priest"),
    "blue": C_("leader", "farmer"),
    "green": C_("leader", "trader"),
    "black": C_("leader", "king"),
}
_TILE_WORDS = {
    "red": C_("tile", "temple"),
    "blue": C_("tile", "farm"),
    "green": C_("tile", "market"),
    "black": C_("tile", "settlement"),
}
_GOOD_WORDS = {
    "dates": C_("good", "dates"),
    "salt": C_("good", "salt"),
    "pepper": C_("good", "pepper"),
    "gold": C_("good", "gold"),
}
#: Words of the score tables (hands and results): colours, treasures, Targi's score parts.
_SCORE_WORDS = {
    **_COLOUR_WORDS,
    **_GOOD_WORDS,
    "treasures": C_("score", "treasures"),
    "vp": C_("score", "vp"),
    "tokens": C_("score", "tokens"),
    "cards": C_("score", "cards"),
    "bonus": C_("score", "bonus"),
}


#: T&E dynasties (a player's symbol on the board), named as the images name them.
_DYNASTY_WORDS = {
    "archer": C_("dynasty", "archer"),
    "bull": C_("dynasty", "bull"),
    "pot": C_("dynasty", "pot"),
    "lion": C_("dynasty", "lion"),
}
#: Targi's amount notation ("1D", "2VP") as counted words inside a sentence; the English
#: text keeps the notation (it is what the engine says and what a player types).
_AMOUNTS: dict[str, Callable[[int], Text]] = {
    "D": lambda n: C_("goods amount", "{n}D", n=n),
    "S": lambda n: C_("goods amount", "{n}S", n=n),
    "P": lambda n: C_("goods amount", "{n}P", n=n),
    "G": lambda n: C_("goods amount", "{n}G", n=n),
    "VP": lambda n: C_("goods amount", "{n}VP", n=n),
}
_AMOUNT = re.compile(r"(\d+)(D|S|P|G|VP)")
#: The other words of a Targi payment label ("1D stored", "free").
_PAYMENT_WORDS = {
    "free": C_("payment", "free"),
    "stored": C_("payment", "stored"),
}
#: Table options (the engines' and the bot's own) by the name typed in `/game new`.
_OPTION_WORDS = {
    "rated": C_("option", "rated game"),
    "ai_replaces": C_("option", "AI replaces"),
    "open_scoring": C_("option", "open scoring"),
    "english_support": C_("option", "English support variant"),
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
}


def _chained(
    items: Sequence[Text | str], join: Callable[[Text | str, Text | str], Text]
) -> Text | str:
    """``items`` joined pairwise by ``join`` (a chain of texts, so that it renders in whatever
    language; each item in the reader's language)."""
    text: Text | str = ""
    for item in items:
        text = item if text == "" else join(text, item)
    return text


def _commas(items: Sequence[Text | str]) -> Text | str:
    """Items joined by commas ("red, blue": a tally or a choice list, not "a, b and c")."""
    return _chained(items, lambda first, second: _("{first}, {second}", first=first, second=second))


def _spaced(items: Sequence[Text | str]) -> Text | str:
    """The parts of one amount ("1D 2S"): a space in English (the notation), a comma in the
    languages that spell the goods out."""
    return _chained(
        items,
        lambda first, second: C_("goods list", "{first} {second}", first=first, second=second),
    )


def goods_text(bundle: object) -> Text | str:
    """A Targi amount in notation ("1D 2S", "3VP", a payment "1D stored" or "free") as words
    of the reader's language ("대추야자 1개, 소금 2개", "1 hurma, 2 tuz"); English keeps the
    notation. Anything else is returned as it is."""
    parts: list[Text | str] = []
    for word in str(bundle).split():
        amount = _AMOUNT.fullmatch(word)
        if amount is not None:
            parts.append(_AMOUNTS[amount.group(2)](int(amount.group(1))))
        elif word in _PAYMENT_WORDS:
            parts.append(_PAYMENT_WORDS[word])
        else:
            return str(bundle)
    return _spaced(parts) if parts else str(bundle)


def dynasty_word(dynasty: object) -> Text | str:
    """A T&E dynasty ("archer") as a word of the reader's language."""
    return _word(_DYNASTY_WORDS, dynasty)


def option_label(option: str) -> Text | str:
    """A table option as the lobby shows it: its name in the reader's language with the name
    typed in `/game new` beside it ("공개 점수 (open_scoring)")."""
    name = _OPTION_WORDS.get(option)
    if name is None:
        return option
    return _("{name} ({option})", name=name, option=option)


def seat_order(names: Sequence[str], dynasties: Sequence[object | None]) -> Text | str:
    """The seats in order with each seat's dynasty ("Alice (궁수), Bob (황소)"); a name that
    already has parentheses (an AI seat: "🤖 AI (보통) 2") takes a dash instead."""
    seats: list[Text | str] = []
    for index, name in enumerate(names):
        dynasty = dynasties[index] if index < len(dynasties) else None
        if not dynasty:
            seats.append(name)
        elif "(" in name:
            seats.append(_("{player} – {dynasty}", player=name, dynasty=dynasty_word(dynasty)))
        else:
            seats.append(_("{player} ({dynasty})", player=name, dynasty=dynasty_word(dynasty)))
    return _commas(seats)


def _word(words: Mapping[str, Text], value: object) -> Text | str:
    return words.get(str(value), str(value))


def colour_word(colour: object) -> Text | str:
    """A T&E colour ("red") as a word of the reader's language."""
    return _word(_COLOUR_WORDS, colour)


def leader_word(colour: object) -> Text | str:
    """The leader of a T&E colour ("black" -> king)."""
    return _word(_LEADER_WORDS, colour)


def tile_word(colour: object) -> Text | str:
    """The tile of a T&E colour ("red" -> temple)."""
    return _word(_TILE_WORDS, colour)


def _tiles_of(colour: object, n: int) -> Text:
    """``n`` tiles of a colour, counted the language's way ("2 temples")."""
    if colour == "blue":
        return N_("{n} farm", "{n} farms", n)
    if colour == "green":
        return N_("{n} market", "{n} markets", n)
    if colour == "black":
        return N_("{n} settlement", "{n} settlements", n)
    return N_("{n} temple", "{n} temples", n)


def targi_card_name(card_id: object) -> Text | str:
    """A Targi card by id as the reader calls it: tribe and border cards by name
    (``named("targi card", name)``), goods cards as "goods card <name>"."""
    card = str(card_id)
    if card in TARGI_CARDS.tribe:
        return named("targi card", TARGI_CARDS.tribe[card].name)
    if card in TARGI_CARDS.goods:
        return _("goods card {name}", name=named("targi card", TARGI_CARDS.goods[card].name))
    return card


def _border(number: object) -> Text | str:
    border = TARGI_CARDS.border.get(int(str(number)))
    return named("targi card", border.name) if border is not None else str(number)


def data_names() -> Iterator[tuple[str, str | None]]:
    """Every name from the game data a player can be shown, with its context, for the
    ``engine`` catalogue: Targi's card names (``named("targi card", name)``) and its tribe
    symbols (``named("targi symbol", name)``)."""
    cards = TARGI_CARDS
    names = [card.name for card in cards.border.values()]
    names += [card.name for card in cards.tribe.values()]
    names += [card.name for card in cards.goods.values()]
    for name in dict.fromkeys(names):
        yield name, "targi card"
    for symbol in dict.fromkeys(cards.symbols.values()):
        yield symbol, "targi symbol"
    # The cards' short texts (``named("targi card text", short)``) are the ``images``
    # catalogue's: drawn on the cards, they are translated to fit there, and one text has one
    # translation in the merged catalogue.


# --------------------------------------------------------------------------------------------
# Engine events: key + params -> text (English identical to the engine's sentence)

Params = Mapping[str, Any]


def _tigris_event(key: str, p: Params) -> Text | None:
    player = p.get("player")
    colour = p.get("colour")
    if key == "score":
        return _(
            "{player} scores {n} {colour}", player=player, n=p["n"], colour=colour_word(colour)
        )
    if key == "score_monument":
        return _(
            "{player} scores {n} {colour} from a monument",
            player=player,
            n=p["n"],
            colour=colour_word(colour),
        )
    if key == "withdraw":
        return _("{player} withdraws their {leader}", player=player, leader=leader_word(colour))
    if key == "pass":
        return _("{player} passes", player=player)
    if key == "leader_place":
        return _(
            "{player} places their {leader} on {square}",
            player=player,
            leader=leader_word(colour),
            square=p["square"],
        )
    if key == "leader_move":
        return _(
            "{player} moves their {leader} to {square}",
            player=player,
            leader=leader_word(colour),
            square=p["square"],
        )
    if key == "revolt":
        return _(
            "revolt: {attacker}'s {leader} against {defender}'s",
            attacker=p["attacker"],
            defender=p["defender"],
            leader=leader_word(colour),
        )
    if key == "tile":
        return _(
            "{player} places a {tile} on {square}",
            player=player,
            tile=tile_word(colour),
            square=p["square"],
        )
    if key == "unification":
        return _("{square} joins two kingdoms", square=p["square"])
    if key == "catastrophe":
        return _("{player} drops a catastrophe on {square}", player=player, square=p["square"])
    if key == "swap":
        return N_("{player} swaps {n} tile", "{player} swaps {n} tiles", int(p["n"]), player=player)
    if key == "support":
        return _(
            "{player} commits {n} {colour}", player=player, n=p["n"], colour=colour_word(colour)
        )
    if key == "no_support":
        return _("{player} commits no support", player=player)
    if key == "revolt_won":
        return _(
            "{winner}'s {leader} wins the revolt {high} to {low}; {loser}'s {leader} is withdrawn",
            winner=p["winner"],
            loser=p["loser"],
            leader=leader_word(colour),
            high=p["high"],
            low=p["low"],
        )
    if key == "no_monument":
        return _("{player} builds no monument", player=player)
    if key == "monument":
        return _(
            "{player} builds the {first}-{second} monument on {square}",
            player=player,
            first=colour_word(p["first"]),
            second=colour_word(p["second"]),
            square=p["square"],
        )
    if key == "war":
        return _(
            "{leader} war: {attacker} attacks {defender}",
            leader=leader_word(colour),
            attacker=p["attacker"],
            defender=p["defender"],
        )
    if key == "war_won":
        return _(
            "{winner}'s {leader} wins the war {high} to {low}; {loser} loses {tiles}",
            winner=p["winner"],
            loser=p["loser"],
            leader=leader_word(colour),
            high=p["high"],
            low=p["low"],
            tiles=_tiles_of(colour, int(p["n"])),
        )
    if key == "war_won_no_tiles":
        return _(
            "{winner}'s {leader} wins the war {high} to {low}; {loser} loses no tiles",
            winner=p["winner"],
            loser=p["loser"],
            leader=leader_word(colour),
            high=p["high"],
            low=p["low"],
        )
    if key == "war_cancelled":
        return _("the {leader} war is cancelled: no longer two sides", leader=leader_word(colour))
    if key == "treasure":
        return _("{player} takes the treasure on {square}", player=player, square=p["square"])
    if key == "stranded":
        return _(
            "{player}'s {leader} on {square} has no temple left and is withdrawn",
            player=player,
            leader=leader_word(colour),
            square=p["square"],
        )
    if key == "end_swap":
        return _("the game ends: the bag cannot refill the swap")
    if key == "end_refill":
        return _("the game ends: the bag cannot refill {player}'s hand", player=player)
    if key == "end_treasures":
        return N_(
            "the game ends: only {n} treasure is left on the board",
            "the game ends: only {n} treasures are left on the board",
            int(p["n"]),
        )
    return None


def _targi_event(key: str, p: Params) -> Text | None:
    player = p.get("player")
    card = targi_card_name(p["card"]) if "card" in p else None
    if key == "takes":
        return _("{player} takes {goods}", player=player, goods=goods_text(p["goods"]))
    if key == "takes_cell":
        return _(
            "{player} takes {goods} from {cell}",
            player=player,
            goods=goods_text(p["goods"]),
            cell=p["cell"],
        )
    if key == "takes_border":
        return _(
            "{player} takes {goods} ({card}, {number})",
            player=player,
            goods=goods_text(p["goods"]),
            card=_border(p["border"]),
            number=p["border"],
        )
    if key == "takes_card":
        return _(
            "{player} takes {goods} ({card})",
            player=player,
            goods=goods_text(p["goods"]),
            card=card,
        )
    if key == "takes_caravan":
        return _(
            "{player} takes {goods} ({card})",
            player=player,
            goods=goods_text(p["goods"]),
            card=named("targi card", "Caravan"),
        )
    if key == "takes_consolation":
        return _(
            "{player} takes {goods} (consolation)", player=player, goods=goods_text(p["goods"])
        )
    if key == "income":
        return _(
            "{player} takes 1 extra {good} ({card})",
            player=player,
            good=_word(_GOOD_WORDS, p["good"]),
            card=card,
        )
    if key == "reshuffle":
        return _("the goods discard pile is shuffled into a new goods deck")
    if key == "tribe_deck_empty":
        return _("the tribe deck is empty: {cell} stays empty", cell=p["cell"])
    if key == "goods_deck_empty":
        return _("the goods deck is empty: {cell} stays empty", cell=p["cell"])
    if key == "tribe_dealt":
        return _("a tribe card is dealt face down to {cell}", cell=p["cell"])
    if key == "goods_dealt":
        return _("a goods card is dealt face down to {cell}", cell=p["cell"])
    if key == "round":
        return _("round {round} begins; {player} is start player", round=p["round"], player=player)
    if key == "robber":
        return _("the robber moves to {card}", card=_border(p["border"]))
    if key == "robber_on":
        return _("the robber moves on to {card}", card=_border(p["border"]))
    if key == "immune":
        return _("{player} pays nothing: raid immunity", player=player)
    if key == "raid_unpaid":
        return _(
            "{player} cannot pay {card}; {other} gains {n} VP",
            player=player,
            card=_border(p["border"]),
            other=p["other"],
            n=p["n"],
        )
    if key == "raid_vp":
        return _("{player} takes {n} VP ({card})", player=player, n=p["n"], card=card)
    if key == "short_round":
        return _("{player} places only 2 Targi this round", player=player)
    if key == "place":
        return _(
            "{player} places a Targi on {number} {card}",
            player=player,
            number=p["border"],
            card=_border(p["border"]),
        )
    if key == "no_marker":
        return _("{player}'s Targi share no row and column: no tribe marker", player=player)
    if key == "marker":
        return _("{player} puts a tribe marker on {cell}", player=player, cell=p["cells"][0])
    if key == "markers":
        return _(
            "{player} puts tribe markers on {first} and {second}",
            player=player,
            first=p["cells"][0],
            second=p["cells"][1],
        )
    if key == "reveal":
        return _("{cell} is revealed: {card}", cell=p["cell"], card=card)
    if key == "gold_limit":
        return _("{player} returns {n} gold (limit 3)", player=player, n=p["n"])
    if key in ("end_raid4", "end_display"):
        values = {
            "first_seat": "@0",
            "first": p["first"],
            "second_seat": "@1",
            "second": p["second"],
        }
        if key == "end_raid4":
            return _(
                "raid 4 ends the game: {first_seat} {first} VP, {second_seat} {second} VP", **values
            )
        return _(
            "a display of 12 cards ends the game: "
            "{first_seat} {first} VP, {second_seat} {second} VP",
            **values,
        )
    if key == "display":
        return _(
            "{player} displays {card} at {slot} (pays {payment})",
            player=player,
            card=card,
            slot=p["slot"],
            payment=goods_text(p["payment"]),
        )
    if key == "card_gold":
        return _("{player} takes {n} gold ({card})", player=player, n=p["n"], card=card)
    if key == "stored_gold":
        return _("{n} gold is stored on {player}'s {card}", player=player, n=p["n"], card=card)
    if key == "no_goods":
        return _("{player} gets no goods from {card}", player=player, card=card)
    if key == "short_next_round":
        return _("{player} places only 2 Targi next round", player=player)
    if key == "raid_paid":
        return _(
            "{player} pays {goods} to {card}",
            player=player,
            goods=goods_text(p["goods"]),
            card=_border(p["border"]),
        )
    if key == "goods_limit":
        return _(
            "{player} discards {goods} (limit 10 goods)",
            player=player,
            goods=goods_text(p["goods"]),
        )
    if key == "play_hand":
        return _("{player} plays the hand card without the Noble", player=player)
    if key == "done":
        return _("{player} ends the action phase", player=player)
    if key == "trade":
        return _(
            "{player} trades {goods} for 1 {good}",
            player=player,
            goods=goods_text(p["goods"]),
            good=_word(_GOOD_WORDS, p["good"]),
        )
    if key == "smith":
        return _(
            "{player} turns {goods} into {n} VP (Silversmith)",
            player=player,
            goods=goods_text(p["goods"]),
            n=p["n"],
        )
    if key == "rearrange":
        moves = p["moves"]
        if len(moves) == 1:
            return _(
                "{player} moves the displayed cards at {source} to {target}",
                player=player,
                source=moves[0][0],
                target=moves[0][1],
            )
        return _(
            "{player} moves the displayed cards at {source} to {target} and {source2} to {target2}",
            player=player,
            source=moves[0][0],
            target=moves[0][1],
            source2=moves[1][0],
            target2=moves[1][1],
        )
    if key == "move_marker":
        return _(
            "{player} moves a tribe marker from {source} to {target}",
            player=player,
            source=p["source"],
            target=p["target"],
        )
    if key == "swap":
        return _(
            "{player} swaps the cards at {first} and {second}",
            player=player,
            first=p["first"],
            second=p["second"],
        )
    if key == "take_tribe":
        return _("{player} takes {card} from {cell}", player=player, card=card, cell=p["cell"])
    if key == "caravan":
        return _("{player} draws {card} with the Caravan", player=player, card=card)
    if key == "expansion":
        return _("{player} draws a tribe card with Tribal Expansion", player=player)
    if key == "expansion_secret":
        return _(
            "{player} draws a tribe card with Tribal Expansion (seen by {player} only)",
            player=player,
        )
    if key == "hand_card":
        return _("{player} takes {card} into hand", player=player, card=card)
    if key == "hand_drawn":
        return _("{player} takes the drawn card into hand", player=player)
    if key == "hand_from":
        return _(
            "{player} takes the tribe card from {cell} into hand", player=player, cell=p["cell"]
        )
    if key == "discard":
        return _("{player} discards {card}", player=player, card=card)
    if key == "discard_hand":
        return _("{player} discards the hand card {card}", player=player, card=card)
    return None


_EVENTS = {"tigris": _tigris_event, "targi": _targi_event}


def _checked(text: Text | None, english: str) -> Text | str:
    """``text`` if it says exactly the engine's English sentence, else that sentence: a key
    this code does not know (or a parameter it misreads) never changes what is shown."""
    if text is not None and text.render(DEFAULT) == english:
        return text
    return english


def event_text(game: str, event: Mapping[str, Any]) -> Text | str:
    """An engine event (from a view's ``events``) as a text to render in any language; seats
    stay ``@N`` (see :func:`name_seats`). An event without a key (stored before events had
    keys) is its English text."""
    english = str(event.get("text") or "")
    key, params, build = event.get("key"), event.get("params"), _EVENTS.get(game)
    if not key or not isinstance(params, Mapping) or build is None:
        return english
    try:
        return _checked(build(str(key), params), english)
    except (KeyError, IndexError, TypeError, ValueError):
        return english


# --------------------------------------------------------------------------------------------
# Refusals: an engine's GameError (key + params) or a service's Text -> text


def _tigris_refusal(key: str, p: Params) -> Text | None:
    square = p.get("square")
    colour = p.get("colour")
    if key == "bad_colour":
        return _(
            "`{word}` is not a colour: use red, blue, green or black "
            "(or temple/priest, farm/farmer, market/trader, settlement/king)",
            word=p["word"],
        )
    if key == "bad_square":
        return _("`{word}` is not a square: columns A to P, rows 1 to 11 (e.g. F3)", word=p["word"])
    if key == "say_what":
        return _("say what to do; {grammar}", grammar=_TIGRIS_GRAMMAR)
    if key == "arity":
        counts = listing(p["counts"], "or")  # "1 or 2", "1 또는 2", "1 veya 2"
        return _("`{verb}` takes {counts} words", verb=p["verb"], counts=counts)
    if key == "swap_count":
        return _("swap names 1 to 6 tiles, e.g. `swap red red blue`")
    if key == "support_number":
        return _("support takes a number of tiles, e.g. `support 2`")
    if key == "monument_words":
        return _("say `monument <square> <colour>-<colour>` or `monument none`")
    if key == "monument_pair":
        return _("name the monument by its two colours, e.g. `red-blue`")
    if key == "monument_same":
        return _("a monument has two different colours")
    if key == "not_an_action":
        return _("`{verb}` is not an action; {grammar}", verb=p["verb"], grammar=_TIGRIS_GRAMMAR)
    if key == "game_over":
        return _("the game is over: no more actions")
    if key == "not_your_decision":
        return _(
            "it is not your decision now: waiting for {waiting}", waiting=", ".join(p["waiting"])
        )
    if key == "expect_action":
        return _(
            "no conflict, monument or treasure is waiting: place a leader, a tile or a "
            "catastrophe, withdraw a leader, swap tiles or pass"
        )
    if key == "expect_support":
        return _("commit support first: `support <n>`")
    if key == "expect_war":
        return _("choose which war comes next: `war <colour>`")
    if key == "expect_monument":
        return _("build a monument first: `monument <square> <colour>-<colour>` or `monument none`")
    if key == "expect_treasure":
        return _("pick a treasure first: `treasure <square>`")
    if key == "leader_not_on_board":
        return _("your {leader} is not on the board", leader=leader_word(colour))
    if key == "no_such_war":
        return _(
            "there is no {colour} war pending: choose {choices}",
            colour=colour_word(colour),
            choices=_commas([colour_word(choice) for choice in p["choices"]]),
        )
    if key == "treasure_choice":
        return _("take one of the treasures on {squares}", squares=", ".join(p["squares"]))
    if key == "not_empty":
        return _("{square} is not empty", square=square)
    if key == "leader_river":
        return _("{square} is a river square: leaders stand on land", square=square)
    if key == "leader_temple":
        return _("a leader must stand next to a face-up temple; {square} is not", square=square)
    if key == "leader_joins":
        return _("a leader on {square} would join two kingdoms", square=square)
    if key == "no_tile":
        return _("you hold no {colour} tile", colour=colour_word(colour))
    if key == "farm_on_land":
        return _("{square} is a land square: farms (blue) go on rivers only", square=square)
    if key == "tile_on_river":
        return _("{square} is a river square: only farms (blue) go on rivers", square=square)
    if key == "three_kingdoms":
        return _("a tile on {square} would touch three kingdoms", square=square)
    if key == "no_catastrophe":
        return _("you have no catastrophe tile left")
    if key == "catastrophe_twice":
        return _("{square} already holds a catastrophe", square=square)
    if key == "catastrophe_leader":
        return _("a catastrophe cannot hit the leader on {square}", square=square)
    if key == "catastrophe_monument":
        return _("{square} is part of a monument", square=square)
    if key == "catastrophe_treasure":
        return _("the temple on {square} carries a treasure", square=square)
    if key == "hold_only":
        return N_(
            "you hold only {n} {colour} tile",
            "you hold only {n} {colour} tiles",
            int(p["n"]),
            colour=colour_word(colour),
        )
    if key == "english_attacker":
        return _("English variant: commit 0, or enough to go strictly ahead")
    if key == "english_defender":
        return _("English variant: commit 0, or exactly enough to tie")
    if key == "monument_where":
        return _(
            "a monument can go on {squares} (the top-left square)", squares=", ".join(p["squares"])
        )
    if key == "monument_taken":
        return _(
            "the {first}-{second} monument is built",
            first=colour_word(p["first"]),
            second=colour_word(p["second"]),
        )
    if key == "monument_colour":
        return _("the monument must include {colour}", colour=colour_word(colour))
    return None


_TIGRIS_GRAMMAR = _(
    "actions: `leader <colour> <square>`, `withdraw <colour>`, `tile <colour> <square>`, "
    "`catastrophe <square>`, `swap <colour>...`, `pass`, `support <n>`, `war <colour>`, "
    "`monument <square> <colour>-<colour>`, `monument none`, `treasure <square>`"
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


def _targi_refusal(key: str, p: Params) -> Text | None:
    have: Text | str = goods_text(p["have"]) if p.get("have") else _("nothing")
    hint = p.get("hint", "")
    if key == "game_over":
        return _("The game is over; no more actions.")
    if key == "not_your_turn":
        return _("It is {player}'s turn, not yours.", player=p["player"])
    if key == "not_now":
        return _(
            "Not now: you must {what}. You can: {hint}.", what=_TARGI_MUST[p["must"]], hint=hint
        )
    if key == "raid_corner":
        return _("Card {number} is a raid corner; no Targi may stand there.", number=p["border"])
    if key == "taken":
        return _("A Targi already stands on card {number}.", number=p["border"])
    if key == "robber":
        return _("The robber stands on card {number}.", number=p["border"])
    if key == "opposite":
        return _(
            "Card {number} faces {player}'s Targi across the centre.",
            number=p["border"],
            player=p["player"],
        )
    if key == "row_full":
        return _("Row {row} of your display is full. You can: {hint}.", row=p["row"], hint=hint)
    if key == "row_closed":
        return _("The card cannot go into row {row} now. You can: {hint}.", row=p["row"], hint=hint)
    if key == "payment":
        return _(
            "That payment does not fit the cost or your goods (you have {have}). You can: {hint}.",
            have=have,
            hint=hint,
        )
    if key.startswith("impossible_"):
        return _(
            "That is not a possible {verb} here (you have {have}). You can: {hint}.",
            verb=key.removeprefix("impossible_"),
            have=have,
            hint=hint,
        )
    if key == "impossible":
        return _("Not possible now. You can: {hint}.", hint=hint)
    if key == "no_targi":
        return _(
            "You have no unused Targi on card {number}. You can: {hint}.",
            number=p["border"],
            hint=hint,
        )
    if key == "unusable":
        reason = _TARGI_UNUSABLE.get(str(p["action"]), _("nothing to do"))
        return _("You cannot use card {number} now: {reason}.", number=p["border"], reason=reason)
    if key == "no_marker":
        return _(
            "You have no unused tribe marker on {cell}. You can: {hint}.", cell=p["cell"], hint=hint
        )
    if key == "cell_empty":
        return _("{cell} is empty: the deck ran out.", cell=p["cell"])
    if key == "face_down":
        return _("The card on {cell} is face down until the end of the round.", cell=p["cell"])
    # the notation
    what = _TARGI_AMOUNTS.get(str(p.get("what")), str(p.get("what")))
    if key == "bad_amount":
        return _(
            "`{word}` is not an amount like 1D, 2S, 3P, 1G or 2VP ({what}).",
            word=p["word"],
            what=what,
        )
    if key == "bad_letter":
        letter = _LETTER_WORDS.get(str(p["letter"]), str(p["letter"]))
        return _("{what} cannot include {letter}.", what=what, letter=letter)
    if key == "no_amount":
        return _("Say what {what} is, e.g. `1D 2S`.", what=what)
    if key == "bad_where":
        return _("`{word}` is neither a border card 1-16 nor a centre cell A1-C3.", word=p["word"])
    if key == "bad_row":
        return _("`{word}` is not a display row (1, 2 or 3).", word=p["word"])
    if key == "empty":
        return _("Type an action, {examples}.", examples=_TARGI_EXAMPLES)
    if key == "too_long":
        return _("That is far too long for a Targi action.")
    if key == "no_args":
        return _("`{verb}` takes nothing after it.", verb=p["verb"])
    if key == "needs_more":
        return _("`{verb}` needs more, {examples}.", verb=p["verb"], examples=_TARGI_EXAMPLES)
    if key == "place":
        return _("Place on a border card by number: `place 5`.")
    if key == "use":
        return _("Use one piece at a time: `use 13` or `use B2`.")
    if key == "row_payment":
        return _("Say the row and the payment: `{verb} 1 1D 2S`.", verb=p["verb"])
    if key == "trade":
        return _("Say what you give and what you get: `trade 3S G`.")
    if key == "trade_get":
        return _("Name the good you get last: D, S, P or G (`trade 2D P`).")
    if key == "move_slots":
        return _("Move displayed cards by row.slot: `move 1.4 2.3` or `move 1.2 2.3 and 1.3 1.2`.")
    if key == "move_marker":
        return _("Move a tribe marker between centre cells: `move B2 C3`.")
    if key == "swap":
        return _("Swap two display slots given as row.slot: `swap 1.4 2.1`.")
    if key == "unknown":
        return _(
            "`{verb}` is not a Targi action; {examples}.", verb=p["verb"], examples=_TARGI_EXAMPLES
        )
    return None


def _service_refusal(key: str, p: Params) -> Text | None:
    if key == "waiting_for_players":
        return _("It is not your turn; waiting for {players}.", players=p["players"])
    return None


_REFUSALS = (_tigris_refusal, _targi_refusal, _service_refusal)


def refusal(error: BaseException) -> Text | str:
    """What a player is told when ``error`` refuses their input, for :func:`bot.i18n.render`:
    an engine's refusal by its key and parameters (a key this code does not know: the English
    sentence), a service refusal by the text it carries. Seats stay ``@N``."""
    message = getattr(error, "text", None)
    if isinstance(message, Text):
        return message
    english = str(error)
    key, params = getattr(error, "key", ""), getattr(error, "params", None)
    if not key or not isinstance(params, Mapping):
        return english
    for build in _REFUSALS:
        try:
            text = build(str(key), params)
        except (KeyError, IndexError, TypeError, ValueError):
            continue
        if text is not None and text.render(DEFAULT) == english:
            return text
    return english


def localize_view(game: str, view: dict[str, Any], *, lang: str) -> dict[str, Any]:
    """``view`` with the engine's English event sentences in ``lang``, for the images (the
    renderers draw event texts as given; seats stay ``@N``). English returns ``view`` itself."""
    events = view.get("events")
    if lang == DEFAULT or not isinstance(events, list):
        return view
    shown = [
        {**event, "text": str(render(event_text(game, event), lang))}
        if isinstance(event, Mapping)
        else event
        for event in events
    ]
    return {**view, "events": shown}


# --------------------------------------------------------------------------------------------
# Decisions, the status line, hands, results


def _support_clause(pending: Mapping[str, Any], names: Sequence[str]) -> Text | None:
    """A conflict waiting for support, named by its leaders as players name it ("trader
    revolt at F4"; a revolt's ``colour`` is red, the tiles committed to it)."""
    conflict = str(pending.get("conflict", "conflict"))
    colour = str(pending.get("leader_colour") or pending.get("colour") or "")
    if not colour or conflict not in ("revolt", "war"):
        return None
    sides = {
        "leader": leader_word(colour),
        "attacker": _seat_name(int(pending.get("attacker", -1)), names),
        "defender": _seat_name(int(pending.get("defender", -1)), names),
    }
    square = pending.get("square")
    if conflict == "revolt":
        if square:
            return _(
                "{leader} revolt at {square}: {attacker} attacks {defender}", square=square, **sides
            )
        return _("{leader} revolt: {attacker} attacks {defender}", **sides)
    if square:
        return _("{leader} war at {square}: {attacker} attacks {defender}", square=square, **sides)
    return _("{leader} war: {attacker} attacks {defender}", **sides)


def _pending_text(pending: Mapping[str, Any], names: Sequence[str]) -> Text | str:
    """One clause describing an open decision, in the game's words."""
    kind = str(pending.get("kind", "decision"))
    if kind == "support":
        return _support_clause(pending, names) or _("commit support")
    if kind == "war_order":
        colours = pending.get("colours", [])
        return _(
            "choose which war to fight first ({colours})",
            colours=_commas([colour_word(c) for c in colours]),
        )
    if kind == "monument":
        colour = str(pending.get("colour", ""))
        if not colour:
            return _("a monument may be built")
        return _("a {colour} monument may be built", colour=colour_word(colour))
    if kind == "treasure":
        count = int(pending.get("count", 1))
        return N_("take {n} treasure", "take {n} treasures", count)
    if kind in _TARGI_PENDING:
        return _TARGI_PENDING[kind](pending)
    label = str(pending.get("label") or pending.get("text") or kind.replace("_", " "))
    return name_seats(label, names)


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
    reason: Text | str = _TAKE_WHY.get(str(why)) or next(
        (named("targi card", card.name) for card in TARGI_CARDS.tribe.values() if card.name == why),
        str(why),
    )
    return _("take {n} of your choice ({why})", n=count, why=reason)


def _raid_clause(p: Mapping[str, Any]) -> Text:
    raid = p.get("raid", "")
    demand = p.get("demand")
    border = next((b for b in TARGI_CARDS.border.values() if b.raid and b.raid == raid), None)
    if border is not None and demand == border.short:
        return _("raid {raid}: pay {demand}", raid=raid, demand=named("targi card text", demand))
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


def pending_clause(view: Mapping[str, Any], names: Sequence[str], *, lang: str) -> str | None:
    """The open decision in ``view`` in the game's words (from a seat's own view it may name
    what only that seat sees, e.g. a card drawn with Tribal Expansion), or None."""
    pending = view.get("pending")
    if not isinstance(pending, Mapping):
        return None
    return str(render(_pending_text(pending, names), lang))


def capitalized(text: str, lang: str) -> str:
    """``text`` with a capital first letter, the language's way (Turkish: i -> İ)."""
    first = text[:1]
    if lang == "tr" and first == "i":
        first = "İ"
    return first.upper() + text[1:]


def _sentence(text: str, lang: str) -> str:
    """An event as a sentence: capital first letter, full stop."""
    text = capitalized(text, lang)
    return text if text.endswith(".") else text + "."


def redacted_swap(action: str) -> int | None:
    """How many tiles a T&E swap exchanged when the view hides which (``swap 3 tiles``, what
    other seats see of ``swap red red blue``); None for any other action."""
    words = action.split()
    if (
        len(words) == 3
        and words[0] == "swap"
        and words[1].isdigit()
        and words[2] in ("tile", "tiles")
    ):
        return int(words[1])
    return None


def status_line(
    view: Mapping[str, Any], names: Sequence[str], *, lang: str, last_move: bool = True
) -> str:
    """The short public line under a board: last move, its consequences, who must act now
    (without the last move and its consequences unless ``last_move``: a board that lists the
    moves itself)."""
    game = str(view.get("game", ""))
    parts: list[str] = []

    def add(text: Text | str) -> None:
        parts.append(str(render(text, lang)))

    last = view.get("last_action")
    # A hidden swap is told by its event ("Alice swaps 3 tiles"), not by an English notation.
    if (
        last_move
        and isinstance(last, Mapping)
        and last.get("action")
        and redacted_swap(last["action"]) is None
    ):
        who = _names_of([int(last.get("seat", -1))], names, lang=lang)
        add(_("{player} played `{action}`.", player=who, action=last["action"]))
    events = (view.get("events") or []) if last_move else []
    for event in events:
        if isinstance(event, Mapping) and event.get("text"):
            shown = str(render(event_text(game, event), lang))
            parts.append(_sentence(name_seats(shown, names), lang))
    if view.get("game_over"):
        add(_("The game is over."))
        return " ".join(parts)
    to_act = [int(s) for s in view.get("to_act") or []]
    pending = view.get("pending")
    if isinstance(pending, Mapping):
        add(C_("status line", "Pending: {decision}.", decision=_pending_text(pending, names)))
    if to_act:
        who = _names_of(to_act, names, lang=lang)
        left = view.get("actions_left")
        if pending is None and isinstance(left, int) and left > 0:
            add(
                N_(
                    "To act: **{players}** ({n} action left).",
                    "To act: **{players}** ({n} actions left).",
                    left,
                    players=who,
                )
            )
        else:
            add(_("To act: **{players}**.", players=who))
    return " ".join(parts)


def _colour_counts(items: Sequence[Any]) -> Text | str:
    """Tiles by colour, counted the language's way ("red, 2 blue"; "빨강 1, 파랑 2")."""
    counts: dict[str, int] = {}
    for item in items:
        counts[str(item)] = counts.get(str(item), 0) + 1
    return _commas(
        [
            N_("{colour}", "{n} {colour}", n, colour=colour_word(colour))
            for colour, n in counts.items()
        ]
    )


def _score_parts(score: Mapping[str, Any]) -> Text | str:
    """A score table ("red 3, blue 1"), each word with its number the language's way."""
    return _commas(
        [
            C_("score part", "{word} {n}", word=_word(_SCORE_WORDS, key), n=value)
            for key, value in score.items()
        ]
    )


#: Targi's score parts that are points (the rest of a Targi score is what a seat holds).
_POINT_PARTS = ("tokens", "cards", "bonus")


def _targi_score(score: Mapping[str, Any]) -> Text:
    """A Targi score: the points, what they are made of, and the goods and gold apart
    ("4 VP (tokens 4, cards 0) · goods: gold 1, dates 2")."""
    points = {k: v for k, v in score.items() if k in _POINT_PARTS}
    held = {k: v for k, v in score.items() if k not in _POINT_PARTS and k != "vp"}
    total: Text = _("{n} VP", n=score.get("vp", 0))
    if points:
        total = _("{total} ({parts})", total=total, parts=_score_parts(points))
    if not held:
        return total
    return _("{points} · goods: {goods}", points=total, goods=_score_parts(held))


def _card_of(card: Mapping[str, Any]) -> Text | str:
    """A card object of a view by its name, translated when it is a Targi card's name."""
    card_id, name = str(card.get("id")), card.get("name")
    known = TARGI_CARDS.tribe.get(card_id) or TARGI_CARDS.goods.get(card_id)
    if known is not None and name == known.name:
        return named("targi card", known.name)
    return str(name or card.get("id") or card)


def hand_text(game: str, private: Mapping[str, Any], seat: int, *, lang: str) -> str:
    """The short text beside a player's private image: what is in the hand, the hidden score."""
    parts: list[Text] = []
    hand = private.get("hand")
    if isinstance(hand, list):
        if hand and isinstance(hand[0], Mapping):
            shown: Text | str = _commas([_card_of(card) for card in hand])
        else:
            shown = _colour_counts(hand)
        parts.append(_("Your hand: {hand}.", hand=shown or _("empty")))
    elif hand is not None:
        parts.append(_("Your hand: {hand}.", hand=str(hand)))
    players = private.get("players") or []
    mine = next(
        (p for p in players if isinstance(p, Mapping) and p.get("seat") == seat),
        None,
    )
    if isinstance(mine, Mapping):
        if "hand_held" in mine:  # Targi: one hand card, goods and gold on the table
            card = mine.get("hand")
            if isinstance(card, Mapping):
                parts.append(_("Your hand card: {card}.", card=_card_of(card)))
            elif not mine.get("hand_held"):
                parts.append(_("Your hand is empty."))
        score = mine.get("score")
        if isinstance(score, Mapping) and "vp" in score:  # Targi: points, then goods
            parts.append(_("Your score: {score}.", score=_targi_score(score)))
        elif isinstance(score, Mapping):
            treasures = mine.get("treasures")
            if isinstance(treasures, int):
                score = {**score, "treasures": treasures}
            parts.append(_("Your points: {points}.", points=_score_parts(score)))
        elif isinstance(score, int):
            parts.append(_("Your points: {points}.", points=score))
    pending = private.get("pending")
    if isinstance(pending, Mapping) and pending.get("source") == "expansion":
        card = pending.get("card")
        if pending.get("seat") == seat and isinstance(card, Mapping):
            parts.append(_("You drew {card} (Tribal Expansion).", card=_card_of(card)))
    if not parts:
        parts.append(_("Your view of this {game} game is in the image.", game=game_name(game)))
    return " ".join(str(render(part, lang)) for part in parts)


def final_text(game: str, summary: Mapping[str, Any], names: Sequence[str], *, lang: str) -> str:
    """Final ranking and every seat's revealed score, one line per place."""
    title = game_title(game, lang=lang)
    reason = summary.get("end_reason")
    resigned = summary.get("resigned_seat")
    if reason == "resigned" and isinstance(resigned, int) and 0 <= resigned < len(names):
        head = _("**{game}: final result** ({player} resigned)", game=title, player=names[resigned])
    else:
        head = _("**{game}: final result**", game=title)
    lines = [str(head.render(lang))]
    ranking = summary.get("ranking") or []
    scores = summary.get("scores") or []
    public = summary.get("public")
    final = public.get("final") if isinstance(public, Mapping) else None
    totals = (
        summary.get("final_score")
        or (final.get("final_score") if isinstance(final, Mapping) else None)
        or []
    )
    for place, seats in enumerate(ranking, start=1):
        for seat in seats:
            seat = int(seat)
            score = scores[seat] if 0 <= seat < len(scores) else None
            shown: Text | str | None = None
            if 0 <= seat < len(totals):  # T&E: the final score, then the colours it came from
                shown = _("final score {n}", n=totals[seat])
                if isinstance(score, Mapping):
                    shown = _("{total} ({parts})", total=shown, parts=_score_parts(score))
            elif isinstance(score, Mapping) and "vp" in score:  # Targi: points, then goods
                shown = _targi_score(score)
            elif isinstance(score, Mapping):
                shown = _score_parts(score)
            elif score is not None:
                shown = str(score)
            name = _seat_name(seat, names)
            line = (
                _("{place}. {player}: {score}", place=place, player=name, score=shown)
                if shown is not None
                else _("{place}. {player}", place=place, player=name)
            )
            lines.append(str(render(line, lang)))
    hands = _final_hands(summary.get("views") or [], names)
    if hands:
        lines.append(
            str(render(_("Hands at the end: {hands}.", hands=_chained(hands, _semicolon)), lang))
        )
    note = summary.get("note")
    if note:
        lines.append(name_seats(str(render(note, lang)), names))
    return "\n".join(lines)


def _semicolon(first: Text | str, second: Text | str) -> Text:
    return _("{first}; {second}", first=first, second=second)


def _final_hands(views: Sequence[Any], names: Sequence[str]) -> list[Text]:
    """What each seat held at the end, from each seat's own view (revealed once it is over)."""
    out = []
    for seat, view in enumerate(views):
        if not isinstance(view, Mapping) or seat >= len(names):
            continue
        hand = view.get("hand")
        players = view.get("players") or []
        mine = next((p for p in players if isinstance(p, Mapping) and p.get("seat") == seat), {})
        shown: Text | str
        if isinstance(hand, list):
            shown = _colour_counts(hand) if hand else _("nothing")
        elif isinstance(mine, Mapping) and "hand_held" in mine:
            card = mine.get("hand")
            shown = (
                C_("hand card", "{card}", card=_card_of(card))
                if isinstance(card, Mapping)
                else _("no card")
            )
        else:
            continue
        out.append(_("{player}: {hand}", player=names[seat], hand=shown))
    return out


_RULES: dict[str, Text] = {
    "tigris": _(
        "**Tigris & Euphrates** (2–4 players). On your turn take two actions: place or move a "
        "leader (next to a temple), place a tile from your hand (blue on rivers, the others on "
        "land), place a catastrophe, or swap tiles. A tile added to a kingdom scores a point in "
        "its colour for that kingdom's leader of that colour (the king scores for colours "
        "without a leader). A leader placed in a kingdom with a rival leader of the same colour "
        "starts a revolt (temples next to each leader, plus red tiles committed from the hand, "
        "decide); a tile joining two kingdoms with leaders of the same colour starts a war "
        "(tiles of that colour in each kingdom, plus tiles of that colour committed, decide). "
        "Four same-colour tiles in a square may become a monument. The game ends when only one "
        "or two treasures remain on the board or the bag cannot refill a hand; your score is "
        "your weakest colour (treasures are wild).\n"
        "Notation examples: `tile red F4`, `leader black G5`. Use `/move` (autocompleted), "
        "the Act button, or `/tigris tile`."
    ),
    "targi": _(
        "**Targi** (2 players). Each round place your three Targi on border cards (never on a "
        "corner, a taken card, the robber's card or opposite the opponent's Targi); where your "
        "lines cross you get a tribe marker on a centre card. Then resolve your cards: collect "
        "goods and gold, buy tribe cards for your display (4 per row, 3 rows) or take them into "
        "your one-card hand. Raids on the corners take goods or points. The game ends after the "
        "robber's last raid, or at the end of a round in which a player filled their display; "
        "most points wins (tie: more gold).\n"
        "Use `/move` (autocompleted) or the Act button."
    ),
}


def rules_summary(game: str, *, lang: str) -> str:
    """A short rules reminder for the game at a table."""
    text = _RULES.get(game) or _(
        "**{game}**: see the rules of the game.", game=game_title(game, lang=lang)
    )
    return str(text.render(lang))


def rank_actions(actions: Sequence[str], typed: str, limit: int = MAX_CHOICES) -> list[str]:
    """Legal actions matching what was typed, best first, at most ``limit``.

    Order: an exact match, then actions starting with the typed text, then actions whose words
    start with each typed word in order ("red f4" finds "tile red F4"), then any substring match.
    When more actions start with the typed text than fit, the places are shared out evenly over
    their next words (see :func:`spread_actions`): an empty query shows some of every verb, ``tile``
    some of every colour, so typing a little more always narrows towards any legal action.
    """
    query = " ".join(typed.lower().split())
    prefixed = [a for a in actions if a.lower().startswith(query)]
    exact = [a for a in prefixed if a.lower() == query]
    chosen = exact + spread_actions([a for a in prefixed if a.lower() != query], limit - len(exact))
    if len(chosen) >= limit or not query:
        return chosen[:limit]
    words = query.split()
    taken = set(chosen)
    ranked: list[tuple[int, tuple[Any, ...], str]] = []
    for action in actions:
        low = action.lower()
        if action in taken:
            continue
        if _words_in_order(low.split(), words):
            ranked.append((2, natural_key(action), action))
        elif query in low:
            ranked.append((3, natural_key(action), action))
    ranked.sort()
    return chosen + [action for _, _, action in ranked[: limit - len(chosen)]]


def spread_actions(actions: Sequence[str], limit: int, depth: int = 0) -> list[str]:
    """At most ``limit`` of ``actions`` covering as many different next words as possible.

    The actions are grouped by their word at ``depth`` (past the words they all share); each group
    gets an even share of the places (a small group gives its unused places to the others) and is
    spread the same way one word further. With more groups than places, the first ones in natural
    order get one place each. The result is in natural order.
    """
    ordered = sorted(actions, key=natural_key)
    if len(ordered) <= limit:
        return ordered
    if limit <= 0:
        return []
    groups: dict[str, list[str]] = {}
    for action in ordered:
        words = action.split()
        groups.setdefault(words[depth] if depth < len(words) else "", []).append(action)
    if len(groups) == 1:
        return spread_actions(ordered, limit, depth + 1)
    if len(groups) >= limit:
        return [members[0] for members in list(groups.values())[:limit]]
    quotas: dict[str, int] = {}
    left = limit
    by_size = sorted(groups, key=lambda key: len(groups[key]))
    for index, key in enumerate(by_size):
        quotas[key] = min(len(groups[key]), left // (len(by_size) - index))
        left -= quotas[key]
    return [
        action
        for key, members in groups.items()
        for action in spread_actions(members, quotas[key], depth + 1)
    ]


def _words_in_order(have: list[str], typed: list[str]) -> bool:
    index = 0
    for word in have:
        if index < len(typed) and word.startswith(typed[index]):
            index += 1
    return index == len(typed)


@dataclass(frozen=True)
class MenuOption:
    """One entry of the Act menu: a legal action, or a group of actions sharing a prefix."""

    label: str
    value: str  # the action, or the prefix of the group
    is_group: bool
    count: int = 1


def _prefix_words(prefix: str) -> int:
    return len(prefix.split())


def action_menu(actions: Sequence[str], prefix: str = "") -> list[list[MenuOption]]:
    """The Act menu for the actions starting with ``prefix``: a list of option lists.

    Each inner list fits one select (at most 25 options); there are at most five. When the actions
    fit, the options are the actions themselves; otherwise they are grouped by their next word
    ("tile" then "tile red"), and a group that is still too big is opened again with its prefix.
    """
    chosen = sorted(
        (a for a in actions if a.startswith(prefix)),
        key=natural_key,
    )
    capacity = MAX_CHOICES * MAX_SELECTS
    if len(chosen) <= capacity:
        leaves = [MenuOption(a, a, False) for a in chosen]
        return _chunk(leaves)
    depth = _prefix_words(prefix)
    groups: dict[str, list[str]] = {}
    for action in chosen:
        words = action.split()
        key = " ".join(words[: depth + 1])
        groups.setdefault(key, []).append(action)
    if len(groups) == 1:
        (only,) = groups
        if only != prefix and _prefix_words(only) > depth:
            return action_menu(chosen, only)
    options: list[MenuOption] = []
    for key in sorted(groups, key=natural_key):
        members = groups[key]
        if len(members) == 1 and members[0] == key:
            options.append(MenuOption(key, key, False))
        else:
            options.append(MenuOption(f"{key} … ({len(members)})", key, True, len(members)))
    if len(options) > capacity:
        options = _by_first_letter(groups, depth)
    return _chunk(options[:capacity])


def _by_first_letter(groups: Mapping[str, list[str]], depth: int) -> list[MenuOption]:
    """Fallback when one word has too many values: group by its first character."""
    letters: dict[str, int] = {}
    for key, members in groups.items():
        words = key.split()
        head = " ".join(words[:depth])
        letter = words[depth][:1] if len(words) > depth else ""
        group = f"{head} {letter}".strip()
        letters[group] = letters.get(group, 0) + len(members)
    return [MenuOption(f"{key}… ({n})", key, True, n) for key, n in sorted(letters.items())]


def _chunk(options: list[MenuOption]) -> list[list[MenuOption]]:
    return [options[i : i + MAX_CHOICES] for i in range(0, len(options), MAX_CHOICES)]

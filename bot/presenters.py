"""Texts the bot shows, built from engine views and service records; no discord.py here.

Everything here is a pure function of JSON-ready data (engine ``view`` dicts, seat names, action
strings), so it is unit-tested directly and shared by every cog.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot import titles
from bot.games.contract import Params
from bot.i18n import C_, DEFAULT, N_, Text, _, listing, render

__all__ = [
    "MAX_CHOICES",
    "MenuOption",
    "action_menu",
    "colour_counts",
    "commas",
    "data_names",
    "event_text",
    "final_text",
    "game_name",
    "game_title",
    "good_word",
    "hand_text",
    "localize_view",
    "name_seats",
    "natural_key",
    "pending_clause",
    "plain_text",
    "rank_actions",
    "refusal",
    "rules_summary",
    "score_parts",
    "seat_name",
    "spread_actions",
    "status_line",
    "tiles_of",
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


def game_name(game: str) -> Text | str:
    """The printed name of a game as a text to render (its title's ``printed_name``)."""
    title = titles.title(game)
    return title.printed_name if title is not None else game.capitalize()


def game_title(game: str, *, lang: str) -> str:
    """The printed name of a game in ``lang``."""
    return str(render(game_name(game), lang))


def natural_key(text: str) -> tuple[Any, ...]:
    """Sort key treating digit runs as numbers, so "A2" comes before "A10"."""
    return tuple(int(part) if part.isdigit() else part.lower() for part in _DIGITS.split(text))


def name_seats(text: str, names: Sequence[str]) -> str:
    """Replace the engine's ``@N`` seat references with the players' display names."""

    def _name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        return names[seat] if 0 <= seat < len(names) else match.group(0)

    return _SEAT_REF.sub(_name, text)


def seat_name(seat: int, names: Sequence[str]) -> Text | str:
    return names[seat] if 0 <= seat < len(names) else _("seat {n}", n=seat)


def _names_of(seats: Sequence[int], names: Sequence[str], *, lang: str) -> str:
    listed = [str(render(seat_name(s, names), lang)) for s in seats]
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
#: The bot's own table options by the name typed in `/game new` (each title names its engine's
#: in its ``option_words``).
_OPTION_WORDS = {
    "rated": C_("option", "rated game"),
    "ai_replaces": C_("option", "AI replaces"),
    "hints": C_("option", "hints (friendly game)"),
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


def commas(items: Sequence[Text | str]) -> Text | str:
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
    name = _OPTION_WORDS.get(option) or next(
        (t.option_words[option] for t in titles.titles() if option in t.option_words), None
    )
    if name is None:
        return option
    return _("{name} ({option})", name=name, option=option)


def seat_order(names: Sequence[str], dynasties: Sequence[object | None]) -> Text | str:
    """The seats in order with each seat's dynasty ("Alice (궁수), Bob (황소)"); a name that
    already has parentheses (an AI seat: "🤖 AI (보통) 2") takes a dash instead."""
    seats: list[Text | str] = []
    for index, name in enumerate(names):
        dynasty = dynasties[index] if index < len(dynasties) else None
        seats.append(with_symbol(name, dynasty_word(dynasty)) if dynasty else name)
    return commas(seats)


def with_symbol(name: str, symbol: Text | str) -> Text:
    """A player's name with their seat's symbol beside it ("Alice (궁수)", "Bob (blue)"); a
    name that already has parentheses (an AI seat: "🤖 AI (보통) 2") takes a dash instead."""
    if "(" in name:
        return _("{player} – {dynasty}", player=name, dynasty=symbol)
    return _("{player} ({dynasty})", player=name, dynasty=symbol)


def ended_view(view: Mapping[str, Any]) -> dict[str, Any]:
    """The public view of a game its table ended (a resignation, a timer's forfeit) as a
    finished game is drawn: nobody to act, nothing pending; as it is if the game itself ended."""
    if view.get("game_over"):
        return dict(view)
    return {**view, "game_over": True, "to_act": [], "pending": None}


def symbol_names(game: str, names: Sequence[str], *, lang: str) -> list[str]:
    """The seats' ``names`` (seat order, seats fixed) each with its seat's symbol beside it
    in ``lang`` (the title's ``seat_words``); as they are for a title without symbols."""
    title = titles.title(game)
    words = title.seat_words if title is not None else ()
    return [
        str(render(with_symbol(name, words[seat]), lang)) if seat < len(words) else name
        for seat, name in enumerate(names)
    ]


def _word(words: Mapping[str, Text], value: object) -> Text | str:
    return words.get(str(value), str(value))


def good_word(code: object) -> Text | str:
    """A Targi good by its engine id ("dates") as a word of the reader's language."""
    return _word(_GOOD_WORDS, code)


def colour_word(colour: object) -> Text | str:
    """A T&E colour ("red") as a word of the reader's language."""
    return _word(_COLOUR_WORDS, colour)


def leader_word(colour: object) -> Text | str:
    """The leader of a T&E colour ("black" -> king)."""
    return _word(_LEADER_WORDS, colour)


def tile_word(colour: object) -> Text | str:
    """The tile of a T&E colour ("red" -> temple)."""
    return _word(_TILE_WORDS, colour)


def tiles_of(colour: object, n: int) -> Text:
    """``n`` tiles of a colour, counted the language's way ("2 temples")."""
    if colour == "blue":
        return N_("{n} farm", "{n} farms", n)
    if colour == "green":
        return N_("{n} market", "{n} markets", n)
    if colour == "black":
        return N_("{n} settlement", "{n} settlements", n)
    return N_("{n} temple", "{n} temples", n)


def data_names() -> Iterator[tuple[str, str | None]]:
    """Every name from the game data a player can be shown, with its context, for the
    ``engine`` catalogue (each title's ``data_names``)."""
    for title in titles.titles():
        if title.data_names is not None:
            yield from title.data_names()


# --------------------------------------------------------------------------------------------
# Engine events: key + params -> text (English identical to the engine's sentence)


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
    title = titles.title(game)
    build = title.events if title is not None else None
    key, params = event.get("key"), event.get("params")
    if not key or not isinstance(params, Mapping) or build is None:
        return english
    try:
        return _checked(build(str(key), params), english)
    except (KeyError, IndexError, TypeError, ValueError):
        return english


# --------------------------------------------------------------------------------------------
# Refusals: an engine's GameError (key + params) or a service's Text -> text


def _service_refusal(key: str, p: Params) -> Text | None:
    if key == "waiting_for_players":
        return _("It is not your turn; waiting for {players}.", players=p["players"])
    return None


def _refusals() -> Iterator[Callable[[str, Params], Text | None]]:
    """Every title's refusals (an error does not say its game), then the service's."""
    for title in titles.titles():
        if title.refusals is not None:
            yield title.refusals
    yield _service_refusal


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
    for build in _refusals():
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


def _pending_text(game: str, pending: Mapping[str, Any], names: Sequence[str]) -> Text | str:
    """One clause describing an open decision, in the game's words (a view that does not say
    its game: the first title that knows the decision)."""
    kind = str(pending.get("kind", "decision"))
    title = titles.title(game)
    for each in (title,) if title is not None else titles.titles():
        clause = each.pending(pending, names) if each.pending is not None else None
        if clause is not None:
            return clause
    label = str(pending.get("label") or pending.get("text") or kind.replace("_", " "))
    return name_seats(label, names)


def pending_clause(view: Mapping[str, Any], names: Sequence[str], *, lang: str) -> str | None:
    """The open decision in ``view`` in the game's words (from a seat's own view it may name
    what only that seat sees, e.g. a card drawn with Tribal Expansion), or None."""
    pending = view.get("pending")
    if not isinstance(pending, Mapping):
        return None
    return str(render(_pending_text(str(view.get("game", "")), pending, names), lang))


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
        if events:
            # The title words the decision knowing what this message already told (a conflict
            # announced by an event is not told again: only what it waits for).
            told = tuple(str(e.get("key", "")) for e in events if isinstance(e, Mapping))
            pending = {**pending, "told": told}
        add(C_("status line", "Pending: {decision}.", decision=_pending_text(game, pending, names)))
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


def colour_counts(items: Sequence[Any]) -> Text | str:
    """Tiles by colour, counted the language's way ("red, 2 blue"; "빨강 1, 파랑 2")."""
    counts: dict[str, int] = {}
    for item in items:
        counts[str(item)] = counts.get(str(item), 0) + 1
    return commas(
        [
            N_("{colour}", "{n} {colour}", n, colour=colour_word(colour))
            for colour, n in counts.items()
        ]
    )


def score_parts(score: Mapping[str, Any]) -> Text | str:
    """A score table ("red 3, blue 1"), each word with its number the language's way."""
    return commas(
        [
            C_("score part", "{word} {n}", word=_word(_SCORE_WORDS, key), n=value)
            for key, value in score.items()
        ]
    )


def _own_score(game: str, score: Mapping[str, Any]) -> Text | None:
    """A seat's score table in its title's words, or None for the shared "word n" list."""
    title = titles.title(game)
    if title is None or title.score_text is None:
        return None
    return title.score_text(score)


def _card_of(game: str, card: Mapping[str, Any]) -> Text | str:
    """A card object of a view by its name (its title's words where it has them)."""
    title = titles.title(game)
    if title is not None and title.card_name is not None:
        return title.card_name(card)
    return str(card.get("name") or card.get("id") or card)


def _hand_words(game: str, hand: list[Any]) -> Text | str:
    """The cards or tiles of a hand (a view's ``hand``) in its title's words; by default each
    card by name, anything else as it is."""
    title = titles.title(game)
    if title is not None and title.hand is not None:
        return title.hand(hand)
    if hand and isinstance(hand[0], Mapping):
        return commas([_card_of(game, card) for card in hand])
    return commas([str(item) for item in hand])


def hand_text(game: str, private: Mapping[str, Any], seat: int, *, lang: str) -> str:
    """The short text beside a player's private image: what is in the hand, the hidden score."""
    parts: list[Text] = []
    hand = private.get("hand")
    if isinstance(hand, list):
        shown = _hand_words(game, hand)
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
                parts.append(_("Your hand card: {card}.", card=_card_of(game, card)))
            elif not mine.get("hand_held"):
                parts.append(_("Your hand is empty."))
        score = mine.get("score")
        told = _own_score(game, score) if isinstance(score, Mapping) else None
        if told is not None:
            parts.append(_("Your score: {score}.", score=told))
        elif isinstance(score, Mapping):
            treasures = mine.get("treasures")
            if isinstance(treasures, int):
                score = {**score, "treasures": treasures}
            parts.append(_("Your points: {points}.", points=score_parts(score)))
        elif isinstance(score, int):
            parts.append(_("Your points: {points}.", points=score))
    pending = private.get("pending")
    if isinstance(pending, Mapping) and pending.get("source") == "expansion":
        card = pending.get("card")
        if pending.get("seat") == seat and isinstance(card, Mapping):
            parts.append(_("You drew {card} (Tribal Expansion).", card=_card_of(game, card)))
    if not parts:
        parts.append(_("Your view of this {game} game is in the image.", game=game_name(game)))
    return " ".join(str(render(part, lang)) for part in parts)


def final_text(
    game: str,
    summary: Mapping[str, Any],
    names: Sequence[str],
    *,
    lang: str,
    last_move: bool = True,
) -> str:
    """Final ranking and every seat's revealed score, one line per place; first, for a game
    played out, the move that ended it and why (the public view's last action and events),
    unless ``last_move`` is False (the message tells the moves itself)."""
    title = game_title(game, lang=lang)
    reason = summary.get("end_reason")
    resigned = summary.get("resigned_seat")
    if reason == "resigned" and isinstance(resigned, int) and 0 <= resigned < len(names):
        head = _("**{game}: final result** ({player} resigned)", game=title, player=names[resigned])
    else:
        head = _("**{game}: final result**", game=title)
    lines = [str(head.render(lang))]
    public = summary.get("public")
    if last_move and reason == "over" and isinstance(public, Mapping):
        told = status_line(
            {**public, "game": game, "game_over": False, "to_act": []}, names, lang=lang
        )
        if told:
            lines.insert(0, told)
    ranking = summary.get("ranking") or []
    scores = summary.get("scores") or []
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
                    shown = _("{total} ({parts})", total=shown, parts=score_parts(score))
            elif isinstance(score, Mapping):
                shown = _own_score(game, score) or score_parts(score)
            elif score is not None:
                shown = str(score)
            name = seat_name(seat, names)
            line = (
                _("{place}. {player}: {score}", place=place, player=name, score=shown)
                if shown is not None
                else _("{place}. {player}", place=place, player=name)
            )
            lines.append(str(render(line, lang)))
    hands = _final_hands(game, summary.get("views") or [], names)
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


def _final_hands(game: str, views: Sequence[Any], names: Sequence[str]) -> list[Text]:
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
            shown = _hand_words(game, hand) if hand else _("nothing")
        elif isinstance(mine, Mapping) and "hand_held" in mine:
            card = mine.get("hand")
            shown = (
                C_("hand card", "{card}", card=_card_of(game, card))
                if isinstance(card, Mapping)
                else _("no card")
            )
        else:
            continue
        out.append(_("{player}: {hand}", player=names[seat], hand=shown))
    return out


def rules_summary(game: str, *, lang: str) -> str:
    """A short rules reminder for the game at a table."""
    title = titles.title(game)
    text = (title.rules if title is not None else None) or _(
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

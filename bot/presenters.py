"""Texts the bot shows, built from engine views and service records; no discord.py here.

Everything here is a pure function of JSON-ready data (engine ``view`` dicts, seat names, action
strings), so it is unit-tested directly and shared by every cog.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from bot import titles
from bot.games.contract import Params
from bot.i18n import C_, DEFAULT, N_, Text, _, listing, render

__all__ = [
    "capitalized",
    "chained",
    "commas",
    "data_names",
    "ended_view",
    "event_text",
    "final_text",
    "game_name",
    "game_title",
    "hand_text",
    "localize_view",
    "name_seats",
    "option_label",
    "pending_clause",
    "plain_text",
    "points_sentence",
    "refusal",
    "rules_summary",
    "score_parts",
    "seat_entry",
    "seat_name",
    "seat_order",
    "status_line",
    "symbol_names",
    "with_symbol",
]


_SEAT_REF = re.compile(r"@(\d+)")


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
# Words shared by every title (each title's own words live in its module, bot/titles/)

#: The bot's own table options by the name typed in `/game new` (each title names its engine's
#: in its ``texts.option_words``).
_OPTION_WORDS = {
    "rated": C_("option", "rated game"),
    "ai_replaces": C_("option", "AI replaces"),
    "hints": C_("option", "hints (friendly game)"),
}


def chained(
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
    return chained(items, lambda first, second: _("{first}, {second}", first=first, second=second))


def option_label(option: str) -> Text | str:
    """A table option as the lobby shows it: its name in the reader's language with the name
    typed in `/game new` beside it ("공개 점수 (open_scoring)")."""
    name = _OPTION_WORDS.get(option) or next(
        (t.texts.option_words[option] for t in titles.titles() if option in t.texts.option_words),
        None,
    )
    if name is None:
        return option
    return _("{name} ({option})", name=name, option=option)


def seat_order(names: Sequence[str], symbols: Sequence[Text | str | None] = ()) -> Text | str:
    """The seats in order, each with its seat's symbol in words where ``symbols`` gives one
    ("Alice (궁수), Bob (황소)"; see :func:`with_symbol`)."""
    seats: list[Text | str] = []
    for index, name in enumerate(names):
        symbol = symbols[index] if index < len(symbols) else None
        seats.append(with_symbol(name, symbol) if symbol else name)
    return commas(seats)


def with_symbol(name: str, symbol: Text | str) -> Text:
    """A player's name with their seat's symbol beside it ("Alice (궁수)", "Bob (blue)"); a
    name that already has parentheses (an AI seat: "🤖 AI (보통) 2") takes a dash instead."""
    if "(" in name:
        return _("{player} – {symbol}", player=name, symbol=symbol)
    return _("{player} ({symbol})", player=name, symbol=symbol)


def ended_view(view: Mapping[str, Any]) -> dict[str, Any]:
    """The public view of a game its table ended (a resignation, a timer's forfeit) as a
    finished game is drawn: nobody to act, nothing pending; as it is if the game itself ended."""
    if view.get("game_over"):
        return dict(view)
    return {**view, "game_over": True, "to_act": [], "pending": None}


def symbol_names(game: str, names: Sequence[str], *, lang: str) -> list[str]:
    """The seats' ``names`` (seat order, seats fixed) each with its seat's symbol beside it
    in ``lang`` (the title's ``texts.seat_words``); as they are for a title without symbols."""
    title = titles.title(game)
    words = title.texts.seat_words if title is not None else ()
    return [
        str(render(with_symbol(name, words[seat]), lang)) if seat < len(words) else name
        for seat, name in enumerate(names)
    ]


def data_names() -> Iterator[tuple[str, str | None]]:
    """Every name from the game data a player can be shown, with its context, for the
    ``engine`` catalogue (each title's ``texts.data_names``)."""
    for title in titles.titles():
        if title.texts.data_names is not None:
            yield from title.texts.data_names()


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
    build = title.texts.events if title is not None else None
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
        if title.texts.refusals is not None:
            yield title.texts.refusals
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
        clause = each.texts.pending(pending, names) if each.texts.pending is not None else None
        if clause is not None:
            return clause
    label = str(pending.get("label") or pending.get("text") or kind.replace("_", " "))
    return name_seats(label, names)


def pending_clause(view: Mapping[str, Any], names: Sequence[str], *, lang: str) -> str | None:
    """The open decision in ``view`` in the game's words (from a seat's own view it may name
    what only that seat sees, e.g. a card only it drew), or None."""
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
    title = titles.title(game)
    by_event = title.texts.told_by_event if title is not None else None
    # An action its view hides part of is told by its event ("Alice swaps 3 tiles"), not by
    # an English notation.
    if (
        last_move
        and isinstance(last, Mapping)
        and last.get("action")
        and not (by_event is not None and by_event(str(last["action"])))
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


def score_parts(score: Mapping[str, Any], words: Mapping[str, Text] | None = None) -> Text | str:
    """A score table ("red 3, blue 1"), each part named by ``words`` (a title's
    ``score_words``; a part without a word by its key) with its number the language's way."""
    named = words or {}
    return commas(
        [
            C_("score part", "{word} {n}", word=named.get(str(key), str(key)), n=value)
            for key, value in score.items()
        ]
    )


def points_sentence(score: object, words: Mapping[str, Text] | None = None) -> Text | None:
    """A seat's hidden score beside its private image ("Your points: red 3, blue 1."), a
    table named by ``words`` or a number; None for anything else."""
    if isinstance(score, Mapping):
        return _("Your points: {points}.", points=score_parts(score, words))
    if isinstance(score, int):
        return _("Your points: {points}.", points=score)
    return None


def seat_entry(view: Mapping[str, Any], seat: int) -> Mapping[str, Any] | None:
    """``seat``'s entry of a view's ``players``, or None."""
    players = view.get("players") or []
    return next((p for p in players if isinstance(p, Mapping) and p.get("seat") == seat), None)


def _own_score(title: titles.Title | None, score: Mapping[str, Any]) -> Text | None:
    """A seat's score table in its title's words, or None for the shared "word n" list."""
    if title is None or title.texts.score_text is None:
        return None
    return title.texts.score_text(score)


def _score_words(title: titles.Title | None) -> Mapping[str, Text]:
    return title.texts.score_words if title is not None else {}


def _card_of(title: titles.Title | None, card: Mapping[str, Any]) -> Text | str:
    """A card object of a view by its name (its title's words where it has them)."""
    if title is not None and title.texts.card_name is not None:
        return title.texts.card_name(card)
    return str(card.get("name") or card.get("id") or card)


def _hand_words(title: titles.Title | None, hand: list[Any]) -> Text | str:
    """The cards or tiles of a hand (a view's ``hand``) in its title's words; by default each
    card by name, anything else as it is."""
    if title is not None and title.texts.hand is not None:
        return title.texts.hand(hand)
    if hand and isinstance(hand[0], Mapping):
        return commas([_card_of(title, card) for card in hand])
    return commas([str(item) for item in hand])


def _seat_lines(title: titles.Title | None, private: Mapping[str, Any], seat: int) -> list[Text]:
    """The shared sentences after the hand: the seat's score (its title's ``texts.score_text``, else
    its table or number)."""
    mine = seat_entry(private, seat)
    score = mine.get("score") if mine is not None else None
    told = _own_score(title, score) if isinstance(score, Mapping) else None
    if told is not None:
        return [_("Your score: {score}.", score=told)]
    points = points_sentence(score, _score_words(title))
    return [points] if points is not None else []


def hand_text(game: str, private: Mapping[str, Any], seat: int, *, lang: str) -> str:
    """The short text beside a player's private image: what is in the hand, the hidden score."""
    title = titles.title(game)
    parts: list[Text] = []
    hand = private.get("hand")
    if isinstance(hand, list):
        shown = _hand_words(title, hand)
        parts.append(_("Your hand: {hand}.", hand=shown or _("empty")))
    elif hand is not None:
        parts.append(_("Your hand: {hand}.", hand=str(hand)))
    if title is not None and title.texts.private_lines is not None:
        parts.extend(title.texts.private_lines(private, seat))
    else:
        parts.extend(_seat_lines(title, private, seat))
    if not parts:
        parts.append(_("Your view of this {game} game is in the image.", game=game_name(game)))
    return " ".join(str(render(part, lang)) for part in parts)


def _final_score(
    title: titles.Title | None, summary: Mapping[str, Any], seat: int
) -> Text | str | None:
    """A seat's score on its line of the final result."""
    shown = title.texts.final_score(summary, seat) if title and title.texts.final_score else None
    if shown is not None:
        return shown
    scores = summary.get("scores") or []
    score = scores[seat] if 0 <= seat < len(scores) else None
    if isinstance(score, Mapping):
        return _own_score(title, score) or score_parts(score, _score_words(title))
    return str(score) if score is not None else None


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
    entry = titles.title(game)
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
    for place, seats in enumerate(summary.get("ranking") or [], start=1):
        for seat in seats:
            shown = _final_score(entry, summary, int(seat))
            name = seat_name(int(seat), names)
            line = (
                _("{place}. {player}: {score}", place=place, player=name, score=shown)
                if shown is not None
                else _("{place}. {player}", place=place, player=name)
            )
            lines.append(str(render(line, lang)))
    hands = _final_hands(entry, summary.get("views") or [], names)
    if hands:
        lines.append(
            str(render(_("Hands at the end: {hands}.", hands=chained(hands, _semicolon)), lang))
        )
    note = summary.get("note")
    if note:
        lines.append(name_seats(str(render(note, lang)), names))
    return "\n".join(lines)


def _semicolon(first: Text | str, second: Text | str) -> Text:
    return _("{first}; {second}", first=first, second=second)


def _final_hands(
    title: titles.Title | None, views: Sequence[Any], names: Sequence[str]
) -> list[Text]:
    """What each seat held at the end, from each seat's own view (revealed once it is over):
    its title's ``texts.final_hand``, else the view's ``hand``."""
    out = []
    for seat, view in enumerate(views):
        if not isinstance(view, Mapping) or seat >= len(names):
            continue
        shown: Text | str | None
        if title is not None and title.texts.final_hand is not None:
            shown = title.texts.final_hand(view, seat)
        else:
            hand = view.get("hand")
            shown = None
            if isinstance(hand, list):
                shown = _hand_words(title, hand) if hand else _("nothing")
        if shown is not None:
            out.append(_("{player}: {hand}", player=names[seat], hand=shown))
    return out


def rules_summary(game: str, *, lang: str) -> str:
    """A short rules reminder for the game at a table."""
    title = titles.title(game)
    text = (title.texts.rules if title is not None else None) or _(
        "**{game}**: see the rules of the game.", game=game_title(game, lang=lang)
    )
    return str(text.render(lang))

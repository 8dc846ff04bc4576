"""Images in Korean and Turkish: every text of the images catalogue has glyphs in the shipped
fonts and fits the box it is drawn in, nothing drawn bypasses the catalogue, and golden boards
and private images of each game in each language."""

from __future__ import annotations

import copy
import dataclasses
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from babel.messages.catalog import Message
from PIL import ImageDraw

from bot import i18n, presenters
from bot.i18n import Text, catalog, extract
from bot.titles.tigris_words import colour_word
from renderers import (
    _draw,
    _table,
    league,
    ratings,
    render_board,
    render_private,
    replay,
    review,
    stats,
    targi,
    tigris,
    tigris_chart,
)
from tests.renderers import positions
from tests.renderers.golden import assert_matches_golden

LANGS = ("en", "ko", "tr")
WEIGHTS = ("regular", "bold", "condensed")


def _entries(domain: str, lang: str) -> Iterator[Message]:
    for message in catalog.read(lang, domain):
        if message.id:
            yield message


def _strings(message: Message) -> list[str]:
    """A catalogue entry's translations (every plural form)."""
    value = message.string
    return [s for s in (value if isinstance(value, tuple | list) else (value,)) if s]


# ---- glyphs --------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", catalog.TRANSLATED)
@pytest.mark.parametrize("weight", WEIGHTS)
def test_every_translated_image_text_has_glyphs_in_the_shipped_fonts(lang: str, weight: str):
    """A missing glyph would be drawn as a box: each character of each translation (and of the
    card names the engine's catalogue gives, once it has them) is in DejaVu or the Hangul font."""
    missing: dict[str, set[str]] = {}
    texts = [s for m in _entries("images", lang) for s in _strings(m)]
    texts += [s for m in _entries("engine", lang) if m.context == "targi card" for s in _strings(m)]
    assert len(texts) > 150
    for text in texts:
        if lost := _draw.missing_glyphs(text, weight):
            missing[text] = lost
    assert missing == {}


@pytest.mark.parametrize("weight", WEIGHTS)
def test_every_hangul_syllable_and_turkish_letter_has_a_glyph(weight: str):
    """Player names in the league and rating images may hold any Hangul syllable."""
    syllables = "".join(chr(c) for c in range(0xAC00, 0xD7A4))
    assert _draw.missing_glyphs(syllables + "ğĞşŞıİöÖüÜçÇâî", weight) == set()


def test_hangul_is_drawn_in_the_hangul_font_and_the_rest_falls_back_to_dejavu():
    assert _draw.runs("Archer to play", "bold") == (("latin", "Archer to play"),)
    assert _draw.runs("Sıra: Okçu — 2 eylem kaldı") == (("latin", "Sıra: Okçu — 2 eylem kaldı"),)
    # a Turkish name in a Korean sentence: ğ is not in the Hangul font, so DejaVu draws it
    assert _draw.runs("Doğan 차례") == (
        ("hangul", "Do"),
        ("latin", "ğ"),
        ("hangul", "an 차례"),
    )
    assert _draw.runs("♐ 궁수") == (("latin", "♐ "), ("hangul", "궁수"))


def test_a_mixed_text_is_one_line_on_dejavus_baseline():
    """Hangul and a DejaVu-only letter drawn together: the width is the sum of the pieces and
    the glyphs land where a DejaVu text with the same anchor would."""
    from PIL import Image

    text = "Doğan 차례"
    size = 24
    pieces = _draw.runs(text)
    width = sum(_draw.face(f, size).getlength(p) for f, p in pieces)
    assert _draw.text_width(text, size) == pytest.approx(width)
    image = Image.new("L", (400, 100), 0)
    _draw.draw_text(ImageDraw.Draw(image), (200, 50), text, size, fill=255, anchor="mm")
    left, top, right, bottom = image.getbbox() or (0, 0, 0, 0)
    assert abs((left + right) / 2 - 200) < 3  # centred horizontally
    assert 20 < top < 50 < bottom < 70  # on one line around the anchor


# ---- boxes ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Box:
    """Where a text is drawn: ``width`` pixels at ``size`` (shrunk down to ``minimum`` when the
    renderer fits it; kept at ``size`` when ``minimum`` is None), on at most ``lines`` lines
    (wrapped the renderer's way when more than one). A ``narrow`` name too wide in ``weight``
    even at ``minimum`` is drawn condensed instead (see ``targi.name_font``)."""

    width: float
    size: int
    weight: str = "regular"
    minimum: int | None = None
    lines: int = 1
    narrow: bool = False


T, G, S, R, CARD = "T&E image", "Targi image", "standings image", "rating image", "targi card text"
CH = "chart image"
CHART_LINE = Box(replay.WIDTH - 2 * replay.MARGIN, replay.TEXT, lines=3)  # a legend line, wrapped
# under a player's name in the chart's name column, shrunk to fit down to 10 CSS px on a phone
CHART_LABEL = Box(replay.PLOT_X - 10 - replay.MARGIN, replay.TEXT, minimum=replay.SMALLEST)
# the strip's heading beside the bag line (as wide as the longest, "Torba: 93 taş") and six
# monument chips; a name beside the badge, the robot, the "to act" mark and the final score
TE_BAG = 270
TE_FINAL = 170
TE_HEADING = Box(
    tigris.WIDTH - 2 * tigris.STRIP_PAD - 6 * 48 - 20 - TE_BAG - 24,
    tigris.TEXT_PX,
    "bold",
    minimum=tigris.READABLE_PX,
)
TE_NAME = Box(tigris.BOX_W - 48 - 30 - 44 - 44, tigris.TEXT_PX, "bold", tigris.READABLE_PX)
TE_SMALL = tigris.PRIVATE_READABLE_PX
TE_TILE = Box(tigris.PRIVATE_TILE + 14, tigris.PRIVATE_TEXT_PX, "bold", minimum=TE_SMALL)
TE_SCORES = tigris.PRIVATE_W - 14 - (20 + 3 * (tigris.PRIVATE_TILE + 18) + 4) - 12
TARGI_MESSAGE = Box(10**6, 16)  # in the board's message, not on the image
TARGI_NAME = Box(260, targi.PHONE_TEXT + 3, "bold")  # a colour, beside the VP and the marks
TARGI_NOTE = Box(targi.PRIVATE_CARD[0], targi.PRIVATE_TEXT, "bold", targi.PRIVATE_TEXT - 3, 2)
STATS = "stats image"
# a statistic's label, condensed when the regular cut is too wide
STAT_LABEL = Box(stats.CELL_W, stats.LABEL_PX, "condensed")
STAT_LABEL_TEXTS = {
    label.msgid for labels in stats.STAT_LABELS.values() for label in labels.values()
}
# a number column's heading in the standings and the leaderboard: wrapped, never shrunk
NUMBER_HEADING = Box(130, _table.PHONE_PX, "bold", lines=2)
NAME_HEADING = Box(200, _table.PHONE_PX, "bold")  # the least room a name's column has

#: Each image text (by context and English source, the singular for counted ones) and its box.
BOXES: dict[tuple[str | None, str], Box] = {
    # T&E board: the strip under the map
    (T, "Game over"): TE_HEADING,
    (T, "Turn {n}"): TE_HEADING,
    (T, "War of {leaders} at {square}"): TE_HEADING,
    (T, "Revolt of {leaders} at {square}"): TE_HEADING,
    (None, "Bag: {n} tile"): Box(TE_BAG, tigris.READABLE_PX, "bold"),
    (T, "{name} (you)"): TE_NAME,
    (T, "seat {seat}"): TE_NAME,
    (T, "score {n}"): Box(TE_FINAL, tigris.READABLE_PX, "bold"),
    (T, "Final score: {n}"): Box(TE_SCORES, tigris.PRIVATE_TEXT_PX, lines=3),
    # T&E names drawn as titles
    (T, "Archer"): TE_NAME,
    (T, "Bull"): TE_NAME,
    (T, "Pot"): TE_NAME,
    (T, "Lion"): TE_NAME,
    (T, "priests"): Box(TE_HEADING.width / 2, tigris.TEXT_PX, "bold"),
    (T, "farmers"): Box(TE_HEADING.width / 2, tigris.TEXT_PX, "bold"),
    (T, "traders"): Box(TE_HEADING.width / 2, tigris.TEXT_PX, "bold"),
    (T, "kings"): Box(TE_HEADING.width / 2, tigris.TEXT_PX, "bold"),
    # T&E private image
    (T, "{dynasty}: your tiles"): Box(tigris.PRIVATE_W - 110, 38, "bold", minimum=TE_SMALL),
    (T, "temple"): TE_TILE,
    (T, "farm"): TE_TILE,
    (T, "market"): TE_TILE,
    (T, "settlement"): TE_TILE,
    (T, "No tiles in hand"): Box(tigris.PRIVATE_W - 48, tigris.PRIVATE_TEXT_PX + 4),
    (T, "Your points"): Box(TE_SCORES, 30, "bold", minimum=TE_SMALL),
    (None, "{n} treasure"): Box(TE_SCORES - 52, tigris.PRIVATE_TEXT_PX, "bold", minimum=TE_SMALL),
    (T, "Score if it ended now: {n}"): Box(TE_SCORES, tigris.PRIVATE_TEXT_PX, lines=3),
    # Targi table (the round, phase, decks and raids are in the board's message)
    (G, "Victory points only"): Box(targi.CARD_W - 12, targi.DETAIL, "condensed", lines=3),
    (G, "Goods card"): Box(targi.MARKER[0] - 10, targi.DETAIL + 1, "bold", minimum=10),
    (G, "face down"): Box(targi.CARD_W - 30, 16, "bold", minimum=10),
    (G, "✓ raided"): Box(
        targi.ROBBER[0] - 18, targi.PHONE_TEXT, "bold", minimum=targi.PHONE_TEXT, narrow=True
    ),
    (G, "empty"): Box(targi.CARD_W - 16, 16),
    (G, "Game over"): TARGI_MESSAGE,
    (G, "Round {n}: {phase}"): TARGI_MESSAGE,
    (G, "raid"): TARGI_MESSAGE,
    (G, "placing Targi"): TARGI_MESSAGE,
    (G, "actions"): TARGI_MESSAGE,
    (G, "end of round"): TARGI_MESSAGE,
    (G, "game over"): TARGI_MESSAGE,
    (G, "Decks: {tribe} tribe, {goods} goods   Raids: {raids}"): TARGI_MESSAGE,
    (G, "only {n} Targi"): TARGI_MESSAGE,
    (G, "{n} VP"): Box(150, 36, "bold", minimum=targi.PHONE_TEXT),
    (G, "Seat {seat}"): TARGI_NAME,
    (G, "Blue"): TARGI_NAME,
    (G, "White"): TARGI_NAME,
    (G, "Hand"): Box(
        targi.PANEL_W - 8 - 16 - 4 * (targi.MINI_W + targi.MINI_GAP), targi.PHONE_TEXT, "bold"
    ),
    # Targi private image
    (G, "{player}: your hand"): Box(targi.PRIVATE_W - 94, 34, "bold", minimum=26),
    (G, "playable now"): TARGI_NOTE,
    (G, "playable from next round"): TARGI_NOTE,
    (G, "no hand card"): Box(targi.PRIVATE_CARD[0] - 16, 28, minimum=targi.PRIVATE_TEXT),
    (G, "to decide: display, hand or discard"): TARGI_NOTE,
    # league standings
    (S, "#"): Box(44, _table.PHONE_PX, "bold"),
    (S, "Player"): NAME_HEADING,
    (S, "Wins"): NUMBER_HEADING,
    (S, "Opp. pts"): NUMBER_HEADING,
    (S, "Points"): NUMBER_HEADING,
    (S, "League"): Box(league.WIDTH - 2 * league.MARGIN, league.TITLE_PX, "bold", minimum=26),
    (S, "Champion: {name}"): Box(
        league.WIDTH - 2 * league.MARGIN - 32, league.CHAMPION_PX, "bold", minimum=22
    ),
    (S, "Nobody yet."): Box(league.WIDTH - league.NAME_X - league.MARGIN, _table.ROW_PX),
    (S, "{name} ({note})"): Box(NAME_HEADING.width, _table.ROW_PX, minimum=_table.PHONE_PX),
    # ratings
    (R, "#"): Box(44, _table.PHONE_PX, "bold"),
    (R, "Player"): NAME_HEADING,
    (R, "Rating"): NUMBER_HEADING,
    (R, "Games"): NUMBER_HEADING,
    (R, "Win %"): NUMBER_HEADING,
    (R, "Trend"): NUMBER_HEADING,
    (R, "No rated games yet."): Box(ratings.WIDTH - ratings.NAME_X - ratings.MARGIN, 24),
    (R, "{n}st"): Box(80, _table.PHONE_PX, "bold"),
    (R, "{n}nd"): Box(80, _table.PHONE_PX, "bold"),
    (R, "{n}rd"): Box(80, _table.PHONE_PX, "bold"),
    (R, "{n}th"): Box(80, _table.PHONE_PX, "bold"),
    (R, "no rated games yet"): Box(ratings.CHART[2] - ratings.CHART[0] - 16, _table.PHONE_PX),
    (R, "rank {rank} of {ranked}"): Box(ratings.LEFT_W, _table.ROW_PX, lines=2),
    (None, "provisional: {n} of {total} game"): Box(ratings.LEFT_W, _table.ROW_PX, lines=2),
    (R, "{games} games · {wins} wins ({percent}%)"): Box(ratings.LEFT_W, _table.PHONE_PX),
    (R, "Recent:"): Box(150, _table.PHONE_PX),
    (None, "last {n} game"): Box((ratings.CHART[2] - ratings.CHART[0]) * 0.7, _table.PHONE_PX),
    **{("statistic", str(label)): STAT_LABEL for label in STAT_LABEL_TEXTS},
    **{("statistic", label.msgid): NUMBER_HEADING for label in stats.LEAGUE_LABELS.values()},
    (None, "{n} game"): Box(200, 26, "bold"),
    (STATS, "with AI seats: {n}"): Box(240, stats.LABEL_PX),
    # after a four-digit total
    (STATS, "{average}/game"): Box(
        stats.CELL_W - 10 - _draw.text_width("1370", stats.TOTAL_PX, "bold"),
        stats.LABEL_PX,
        "condensed",
    ),
    (STATS, "{name} · statistics"): Box(
        stats.WIDTH - 2 * stats.MARGIN, stats.TITLE_PX, "bold", minimum=26
    ),
    # the score story
    (CH, "Score story"): Box(replay.WIDTH - 2 * replay.MARGIN, 30, "bold"),
    # the review's chance chart (renderers/review.py): its title across the image
    (CH, "Estimated chance to win, turn by turn"): Box(
        review.WIDTH - 2 * review.MARGIN, review.TITLE, "bold"
    ),
    (
        CH,
        "Points per colour after each turn; the thick line is the weakest colour, which decides.",
    ): CHART_LINE,
    (
        CH,
        "{treasure} treasure taken   {war} war   {revolt} revolt   {won} won   {lost} lost",
    ): CHART_LINE,
    # the final place and score under a player's name
    (CH, "place {rank} · score {score}"): Box(
        replay.PLOT_X - 10 - replay.MARGIN, replay.NAME, "bold", minimum=replay.SMALLEST
    ),
    # the banner above each replay frame, across the narrower board
    ("replay", "Turn {n} of {total}"): Box(
        min(tigris.WIDTH, targi.WIDTH) - 2 * replay.MARGIN, replay.BANNER_TEXT, "bold", minimum=40
    ),
    ("replay", "Round {n} of {total}"): Box(
        min(tigris.WIDTH, targi.WIDTH) - 2 * replay.MARGIN, replay.BANNER_TEXT, "bold", minimum=40
    ),
    (
        CH,
        "After each round: victory points (thick line) and goods, dates, salt and pepper "
        "(thin line).",
    ): CHART_LINE,
    (CH, "{raid} a raid"): CHART_LINE,
    (CH, "treasures: {n}"): CHART_LABEL,
    (CH, "goods: {n}"): CHART_LABEL,
    (CH, "turn"): Box(replay.PLOT_W / 3, replay.TEXT),
    (CH, "round"): Box(replay.PLOT_W / 3, replay.TEXT),
}
#: Card texts: a border card's short text (up to 4 lines) and a tribe or goods card's (as many
#: lines as the card has room for: 3 on the table).
BORDER_TEXT = Box(targi.CARD_W - 14, targi.DETAIL, "condensed", lines=5)
CARD_BODY = Box(targi.CARD_W - 12, targi.DETAIL, "condensed", lines=3)


def _longest(lang: str, texts: list[Text]) -> str:
    return max((t.render(lang) for t in texts), key=lambda s: _draw.text_width(s, 19, "bold"))


def _samples(context: str | None, lang: str) -> dict[str, Any]:
    """Parameters as long as the images give them (the longest name of the game in ``lang``)."""
    te = context == T or context is None
    player = _longest(lang, list(tigris.DYNASTY_NAMES.values()) if te else list(targi.SEAT_TITLES))
    return {
        "player": player,
        "players": f"{player}, {player}",
        "name": player,
        "dynasty": player,
        "n": 10,
        "seat": 4,
        "square": "F10",
        "squares": "F10, G11",
        "colour": _longest(
            lang, [w for c in tigris.COLOURS if isinstance(w := colour_word(c), Text)]
        ),
        "leaders": _longest(lang, list(tigris.LEADERS.values())),
        "base": 10,
        "extra": "?",
        "ranking": " > ".join(f"{player} 10" for _ in range(4)),
        "action": "tile red F10" if te else "use A3",
        "card": "Caravan",
        "where": "A3",
        "cards": "1, 5, A3",
        "count": 3,
        "why": "Oasis",
        "raid": 4,
        "demand": i18n.tr(i18n.named(CARD, "1 gold or 3 VP, then the game ends"), lang),
        "tribe": 20,
        "goods": 19,
        "raids": "✓ ✓ ✓ 4",
        "phase": _longest(lang, list(targi.PHASES.values())),
        "total": 10,
        "rank": 10,
        "ranked": 20,
        "games": 100,
        "wins": 50,
        "percent": 50,
        "note": "left",
        "treasure": tigris_chart.TREASURE_GLYPH,
        "war": replay.WAR_GLYPH,
        "revolt": tigris_chart.REVOLT_GLYPH,
        "won": replay.WON_GLYPH,
        "lost": replay.LOST_GLYPH,
        "score": 100,
        "average": "99.9",
    }


def _text(message: Message, lang: str) -> str:
    singular = message.id[0] if isinstance(message.id, tuple | list) else message.id
    plural = message.id[1] if isinstance(message.id, tuple | list) else None
    params = _samples(message.context, lang)
    names = extract.placeholders(singular) | (extract.placeholders(plural) if plural else set())
    given = tuple(sorted((k, v) for k, v in params.items() if k in names and k != "n"))
    if plural is not None:
        return Text(singular, given, plural, 10, message.context).render(lang)
    given = tuple(sorted((k, v) for k, v in params.items() if k in names))
    return Text(singular, given, context=message.context).render(lang)


def _overflow(text: str, box: Box) -> str | None:
    """Why ``text`` does not fit ``box`` the way its renderer draws it (None when it fits)."""
    if box.lines > 1:
        lines = _draw.wrap(text, box.width, box.size, box.weight)
        widest = max((_draw.text_width(line, box.size, box.weight) for line in lines), default=0)
        if len(lines) > box.lines or widest > box.width:
            return f"{len(lines)} lines (≤ {box.lines}), widest {widest:.0f} (≤ {box.width:.0f})"
        return None
    size, weight = box.size, box.weight
    if box.minimum is not None:
        size = _draw.fit_size(text, box.width, box.size, box.weight, box.minimum)
    if box.narrow and _draw.text_width(text, size, weight) > box.width:
        size, weight = _draw.fit_size(text, box.width, box.size, "condensed"), "condensed"
    width = _draw.text_width(text, size, weight)
    return None if width <= box.width else f"{width:.0f} px at {size} px (box {box.width:.0f})"


@pytest.mark.parametrize("lang", LANGS)
def test_every_image_text_fits_its_box(lang: str):
    """Each text of the images catalogue, with parameters as long as the games give, fits the
    box it is drawn in (after the renderer shrinks or wraps it), in every language."""
    template = [m for m in extract.template("images") if m.id]
    too_wide: dict[str, str] = {}
    unknown: list[str] = []
    for message in template:
        source = message.id[0] if isinstance(message.id, tuple | list) else message.id
        if message.context == CARD:
            border = source in {b.get("short") for b in _card_data()["border"]}
            box = BORDER_TEXT if border else CARD_BODY
        elif (message.context, source) in BOXES:
            box = BOXES[(message.context, source)]
        else:
            unknown.append(f"{message.context}: {source}")
            continue
        text = _text(message, lang).replace("->", "→")
        if message.context == CARD:  # a card cuts its text short ("…") as the English is cut
            english = _draw.wrap(source.replace("->", "→"), box.width, box.size, box.weight)
            box = dataclasses.replace(box, lines=max(box.lines, len(english)))
        if problem := _overflow(text, box):
            too_wide[text] = problem
    assert unknown == [], "give every new image text its box in BOXES"
    assert too_wide == {}


def _card_data() -> dict[str, Any]:
    import json

    from bot.games.datafiles import data_dir

    data: dict[str, Any] = json.loads((data_dir() / "targi-cards.json").read_text("utf-8"))
    return data


def test_the_box_check_notices_a_text_too_wide():
    assert _overflow("Waiting for everyone " * 8, Box(TE_SCORES, 19, lines=2)) is not None
    assert _overflow("Supplies and more supplies", Box(100, 22, "bold")) is not None
    assert _overflow("Supplies", Box(200, 22, "bold")) is None


# ---- nothing bypasses the catalogue -----------------------------------------------------------
NOTATION = re.compile(
    r"\b(?:[A-P](?:1[01]|[1-9])|red|blue|green|black|tile|use|place|support|leader|pass)\b"
)


def _outside_brackets(text: str) -> str:
    """What is left of ``text`` after removing every ``⟦…⟧`` (nested ones too)."""
    depth = 0
    kept = []
    for char in text:
        if char == "⟦":
            depth += 1
        elif char == "⟧":
            depth = max(0, depth - 1)
        elif depth == 0:
            kept.append(char)
    return "".join(kept)


def _pseudo_drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record every text the renderers draw (a wrapped text whole, not line by line: a line
    may cut a ``⟦…⟧`` in two)."""
    drawn: list[str] = []
    lines: set[str] = set()
    real_draw, real_wrap = _draw.draw_text, _draw.wrap

    flowing = []  # inside targi.fine_text, which flows a text over lines of its own widths
    real_fine = targi.fine_text

    def record(draw: ImageDraw.ImageDraw, xy: Any, text: str, *args: Any, **kwargs: Any) -> None:
        cut = text.removesuffix("…")
        if not flowing and not any(line.startswith(cut) for line in lines):
            drawn.append(text)
        real_draw(draw, xy, text, *args, **kwargs)

    def record_fine(draw: ImageDraw.ImageDraw, text: str, *args: Any, **kwargs: Any) -> None:
        drawn.append(text)
        flowing.append(text)
        try:
            real_fine(draw, text, *args, **kwargs)
        finally:
            flowing.pop()

    def record_wrap(text: str, *args: Any, **kwargs: Any) -> list[str]:
        drawn.append(text)
        wrapped = real_wrap(text, *args, **kwargs)
        lines.update(wrapped)
        return wrapped

    for module in (tigris, targi, league, ratings, replay):
        monkeypatch.setattr(module, "draw_text", record)
        if hasattr(module, "wrap"):
            monkeypatch.setattr(module, "wrap", record_wrap)
    monkeypatch.setattr(targi, "fine_text", record_fine)
    targi._card_sprite.cache_clear()
    targi._base_table.cache_clear()
    targi.card_back_sprite.cache_clear()
    return drawn


def _english_words(drawn: list[str], names: tuple[str, ...] = ()) -> list[str]:
    """The drawn texts with a word of English outside ``⟦…⟧`` (besides notation and names)."""
    leftovers = []
    for text in drawn:
        rest = NOTATION.sub("", _outside_brackets(text))
        for name in names:
            rest = rest.replace(name, "")
        if re.search(r"[A-Za-z]{2,}", rest):
            leftovers.append(text)
    return leftovers


def _pseudo_events(game: str, view: dict[str, Any]) -> dict[str, Any]:
    """The view as the bot gives it to the renderers, engine sentences marked as the engine's
    catalogue would mark them (they are the engine domain's texts)."""
    shown = copy.deepcopy(presenters.localize_view(game, view, lang=i18n.PSEUDO))
    for event in shown.get("events", []):
        if not str(event.get("text", "")).startswith("⟦"):
            event["text"] = f"⟦{event.get('text', '')}⟧"
    return shown


@pytest.mark.parametrize(
    "name", [*sorted(positions.TIGRIS_BOARDS), *sorted(positions.TARGI_BOARDS)]
)
def test_boards_in_the_pseudo_locale_draw_no_english_outside_the_catalogue(
    name: str, monkeypatch: pytest.MonkeyPatch
):
    game = "tigris" if name.startswith("tigris") else "targi"
    boards = positions.TIGRIS_BOARDS if game == "tigris" else positions.TARGI_BOARDS
    view = _pseudo_events(game, boards[name]())
    drawn = _pseudo_drawn(monkeypatch)
    render_board(game, view, i18n.PSEUDO)
    assert len(drawn) > (5 if game == "tigris" else 10)  # T&E's board: a heading, names, counts
    assert _english_words(drawn) == []


@pytest.mark.parametrize("name", sorted(positions.PRIVATE))
def test_private_images_in_the_pseudo_locale_draw_no_english_outside_the_catalogue(
    name: str, monkeypatch: pytest.MonkeyPatch
):
    game, view = positions.PRIVATE[name]
    drawn = _pseudo_drawn(monkeypatch)
    render_private(game, _pseudo_events(game, view()), i18n.PSEUDO)
    assert len(drawn) > 3
    assert _english_words(drawn) == []


def test_league_and_rating_images_in_the_pseudo_locale_draw_no_english(
    monkeypatch: pytest.MonkeyPatch,
):
    drawn = _pseudo_drawn(monkeypatch)
    title = i18n._("Spring league")
    league.render_standings(
        {
            "title": title,
            "subtitle": i18n._("Round 3 of 5"),
            "champion": "Ayşe",
            "rows": [
                {"rank": 1, "name": "Ayşe", "points": 3, "played": 3, "wins": 3, "buchholz": 4.5},
                {
                    "rank": 2,
                    "name": "민준",
                    "points": 1,
                    "played": 3,
                    "wins": 1,
                    "buchholz": 6,
                    "note": i18n._("left"),
                },
            ],
        },
        i18n.PSEUDO,
    )
    line = ratings.BoardLine(1, "Ayşe", 1500.0, 12, 50.0, 3.0, False)
    ratings.render_leaderboard(title, [line], None, i18n.PSEUDO)
    card = ratings.CardData(
        i18n._("Targi"),
        "민준",
        1480.0,
        2,
        9,
        False,
        5,
        12,
        6,
        ((1, 12.0), (2, -8.0)),
        (1500.0, 1480.0),
    )
    ratings.render_cards([card, dataclasses.replace(card, chart=())], i18n.PSEUDO)
    assert len(drawn) > 20
    assert _english_words(drawn, names=("Ayşe", "민준")) == []


@pytest.mark.parametrize(("game", "seats"), [("tigris", 3), ("targi", 2)])
def test_score_stories_in_the_pseudo_locale_draw_no_english(
    game: str, seats: int, monkeypatch: pytest.MonkeyPatch
):
    from bot import replays
    from bot.games import get_game
    from bot.games.playout import play

    engine = get_game(game)
    states = play(engine, seats, 3, keep_states=True).states
    views = [engine.view(state, None) for state in states]
    turns = replays.split_turns(game, views)
    drawn = _pseudo_drawn(monkeypatch)
    replay.render_chart(game, replays.story(engine, states, views, turns, [0]), i18n.PSEUDO)
    assert len(drawn) > 8
    assert _english_words(drawn) == []


def test_the_pseudo_check_notices_english_drawn_past_the_catalogue():
    assert _english_words(["⟦Turn 3⟧", "⟦Last: ⟦Archer⟧: tile red F3⟧"]) == []
    assert _english_words(["⟦Bag⟧: 3 tiles"]) == ["⟦Bag⟧: 3 tiles"]


# ---- the conflict header ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("lang", "header"),
    [
        ("en", "Revolt of traders at I6"),
        ("ko", "I6에서 상인 반란(내부 분쟁)"),
        ("tr", "I6 karesinde tüccar isyanı"),
    ],
)
def test_a_revolt_is_named_by_its_leaders_not_by_its_supporters_colour(lang: str, header: str):
    """A revolt's view gives red as its colour (the temples its supporters add); the header names
    the leaders who revolt, in words, with no colour id."""
    view = presenters.localize_view("tigris", positions.tigris_traders_revolt(), lang=lang)
    with _draw.recording() as drawn:
        render_board("tigris", view, lang)
    assert header in drawn
    assert not [text for text in drawn if "(red)" in text]


def test_a_war_is_named_by_its_leaders_in_words():
    view = positions.tigris_war_pending()
    colour = view["pending"]["colour"]
    words = {"ko": ("에서 ", " 전쟁(외부 분쟁)"), "tr": (" karesinde ", " savaşı")}
    for lang, (before, after) in words.items():
        with _draw.recording() as drawn:
            render_board("tigris", presenters.localize_view("tigris", view, lang=lang), lang=lang)
        leaders = i18n.tr(tigris.LEADERS[colour], lang)
        assert f"{view['pending']['square']}{before}{leaders}{after}" in drawn
        assert not [text for text in drawn if f"({colour})" in text]


# ---- seats in event sentences --------------------------------------------------------------------
def test_korean_event_lines_call_a_seat_a_player_not_an_honoured_dynasty():
    """ "궁수 님" honours a zodiac sign: on the images a seat is "궁수 플레이어", and the particle
    after it follows 플레이어 (a vowel); other languages keep the sentence as it is."""
    seats = {0: "archer", 1: "bull"}
    text = "@0 님이 @1 님을 공격해요. @1 님의 지도자와 @0 님과 @1 님은 @0 님이에요"
    assert tigris._seat_text(text, seats, "ko") == (
        "궁수 플레이어가 황소 플레이어를 공격해요. 황소 플레이어의 지도자와 궁수 플레이어와 "
        "황소 플레이어는 궁수 플레이어예요"
    )
    assert (
        targi._seat_text("@1 님이 @0 님에게 냈어요", "ko")
        == "하양 플레이어가 파랑 플레이어에게 냈어요"
    )
    assert targi._seat_text("@1 attı", "tr") == "Beyaz attı"


# ---- the bag line and the monument chips ---------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_the_monument_chips_keep_clear_of_the_bag_line(lang: str, monkeypatch: pytest.MonkeyPatch):
    """The chips once covered the cedilla of "Torba: 93 taş"; on the strip's header they stand
    to the right of the bag line's ink, and the heading stays left of it."""
    view = positions.tigris_start()
    available = view["monuments_available"]
    texts: list[tuple[str, float, str, int]] = []
    chips: list[float] = []
    real_draw, real_paste = tigris.draw_text, tigris._paste

    def draw_text(
        draw: Any, xy: Any, text: str, size: int, weight: str = "regular", *a: Any, **k: Any
    ) -> None:
        anchor = a[1] if len(a) > 1 else k.get("anchor", "la")
        texts.append((text, xy[0], anchor, size))
        real_draw(draw, xy, text, size, weight, *a, **k)

    def paste(image: Any, sprite: Any, x: float, y: float) -> None:
        if any(sprite is tigris.monument_sprite(*pair, 44) for pair in available):
            chips.append(x)
        real_paste(image, sprite, x, y)

    monkeypatch.setattr(tigris, "draw_text", draw_text)
    monkeypatch.setattr(tigris, "_paste", paste)
    render_board("tigris", view, lang)
    bag = i18n.tr(i18n.N_("Bag: {n} tile", "Bag: {n} tiles", view["bag_size"]), lang)
    [(_, right, anchor, size)] = [line for line in texts if line[0] == bag]
    assert anchor == "rm"
    left = right - _draw.text_width(bag, size, "bold")
    heading = i18n.tr(i18n.C_("T&E image", "Turn {n}", n=view["turn_number"]), lang)
    [(_, heading_x, _, heading_size)] = [line for line in texts if line[0] == heading]
    assert len(chips) == len(available) > 0
    assert min(chips) > right
    assert heading_x + _draw.text_width(heading, heading_size, "bold") < left


# ---- card names ---------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_border_card_names_are_not_shrunk_to_a_tiny_font(
    lang: str, monkeypatch: pytest.MonkeyPatch
):
    """Turkish "Kabile Genişlemesi" was drawn at 12 px bold; a long name is drawn condensed
    instead, on two lines if it must, never below the phone size (11 CSS px)."""
    names = {targi.card_name(b["name"], lang) for b in _card_data()["border"]}
    sizes: dict[str, int] = {}
    real = targi.draw_text

    def record(draw: Any, xy: Any, text: str, size: int, *a: Any, **k: Any) -> None:
        sizes[text] = size
        real(draw, xy, text, size, *a, **k)

    monkeypatch.setattr(targi, "draw_text", record)
    targi._base_table.cache_clear()
    render_board("targi", positions.targi_start(), lang)
    targi._base_table.cache_clear()
    for name in names:
        lines = targi.border_name_lines(name)[0]
        assert " ".join(lines) == name
        assert all(sizes.get(line, 0) >= targi.PHONE_TEXT for line in lines), (name, sizes)


# ---- golden images in Korean and Turkish ---------------------------------------------------------
GOLDEN = {
    "tigris": ("tigris_war_pending", "tigris_private"),
    "targi": ("targi_mid_game", "targi_private_drawn"),
}


@pytest.mark.parametrize("lang", catalog.TRANSLATED)
@pytest.mark.parametrize("game", sorted(GOLDEN))
def test_board_in_each_language_matches_golden(game: str, lang: str):
    """The public board as a table of that language sees it (events localized first, as the
    bot's image path does)."""
    board, _ = GOLDEN[game]
    boards = positions.TIGRIS_BOARDS if game == "tigris" else positions.TARGI_BOARDS
    view = presenters.localize_view(game, boards[board](), lang=lang)
    png = render_board(game, view, lang)
    assert png != render_board(game, view, "en")
    assert_matches_golden(png, f"{board}_{lang}")


@pytest.mark.parametrize("lang", catalog.TRANSLATED)
@pytest.mark.parametrize("game", sorted(GOLDEN))
def test_private_image_in_each_language_matches_golden(game: str, lang: str):
    _, private = GOLDEN[game]
    _, make = positions.PRIVATE[private]
    view = presenters.localize_view(game, make(), lang=lang)
    png = render_private(game, view, lang)
    assert png != render_private(game, view, "en")
    assert_matches_golden(png, f"{private}_{lang}")


def test_the_benchmark_draws_the_images_in_the_language_asked():
    from renderers.bench import run

    english, korean = (
        run(["targi"], seed=3, positions=1, repeat=1, lang=lang) for lang in LANGS[:2]
    )
    assert [r.kind for r in korean] == ["board", "move", "private"]
    assert [r.sizes for r in korean] != [r.sizes for r in english]

"""Targi images on a phone: fitted into about 400x400 CSS px (how Discord shows an attachment
in a phone's feed), every text a player needs is at least 11 CSS px tall; nothing drawn on a
card covers its text; the images name players by their display names; the squares the last move
changed are framed.

The measure (``python -m pytest tests/renderers/test_targi_phone.py -s`` prints it): a text's
height is its font size in pixels times the scale that fits the image into 400x400. Small print
(:func:`renderers.targi.fine_text`: rule texts for the zoomed image, labels a picture already
tells) and the letters on goods tokens (their shape and colour tell them) are reported apart.
"""

from __future__ import annotations

import contextlib
import copy
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from PIL import Image, ImageDraw

from bot import presenters
from bot.games.datafiles import data_dir
from bot.titles.targi import board_lines
from renderers import targi
from tests.renderers import positions
from tests.renderers.golden import decode, strongly_changed_pixels

LANGS = ("en", "ko", "tr")
PHONE = 400  # CSS px: the box Discord fits an image into in a phone's feed
NEEDED = 11  # CSS px


@dataclass
class Drawn:
    text: str
    size: float  # pixels, in the image the text ends up in
    box: tuple[float, float, float, float]  # in the image it was drawn on
    canvas: tuple[int, int]  # that image's size
    fine: bool  # small print
    token: bool  # drawn inside a supersampled sprite (a token's letter)


def _clear_caches() -> None:
    for cached in (
        targi._card_sprite,
        targi._base_table,
        targi.good_sprite,
        targi.any_good_sprite,
        targi.symbol_sprite,
        targi.card_back_sprite,
        targi.targi_sprite,
        targi.robber_sprite,
    ):
        cached.cache_clear()
    targi._MINI_TILES.clear()


@contextlib.contextmanager
def recording(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Drawn]]:
    """Every text the Targi renderer draws, with its size and box (the renderer's caches are
    emptied first, so nothing is pasted from an earlier drawing)."""
    drawn: list[Drawn] = []
    state = {"fine": 0, "sprite": 0}
    original_text = ImageDraw.ImageDraw.text
    original_fine = targi.fine_text
    original_supersampled = targi.supersampled

    def text(self: ImageDraw.ImageDraw, xy: Any, content: Any, *args: Any, **kwargs: Any) -> Any:
        used = kwargs.get("font")
        anchor = kwargs.get("anchor")
        box = self.textbbox(xy, str(content), font=used, anchor=anchor)
        size = float(getattr(used, "size", 10))
        if state["sprite"]:
            size /= targi_supersample()
        drawn.append(
            Drawn(
                str(content),
                size,
                box,
                self._image.size,
                bool(state["fine"]),
                bool(state["sprite"]),
            )
        )
        return original_text(self, xy, content, *args, **kwargs)

    def fine_text(*args: Any, **kwargs: Any) -> None:
        state["fine"] += 1
        try:
            original_fine(*args, **kwargs)
        finally:
            state["fine"] -= 1

    def supersampled(size: tuple[int, int], paint: Callable[..., None]) -> Image.Image:
        def painted(draw: ImageDraw.ImageDraw, s: int) -> None:
            state["sprite"] += 1
            try:
                paint(draw, s)
            finally:
                state["sprite"] -= 1

        return original_supersampled(size, painted)

    _clear_caches()
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    monkeypatch.setattr(targi, "fine_text", fine_text)
    monkeypatch.setattr(targi, "supersampled", supersampled)
    try:
        yield drawn
    finally:
        monkeypatch.undo()
        _clear_caches()


def targi_supersample() -> int:
    from renderers._draw import SUPERSAMPLE

    return SUPERSAMPLE


def css(size: float, image: Image.Image) -> float:
    """``size`` pixels of ``image`` in CSS px once it is fitted into 400x400."""
    return size * min(PHONE / image.width, PHONE / image.height)


def _localized(view: dict[str, Any], lang: str) -> dict[str, Any]:
    return presenters.localize_view("targi", view, lang=lang)


def _named(view: dict[str, Any]) -> dict[str, Any]:
    return {**view, "seat_names": ["Ayşe Yılmaz-Karaosmanoğlu", "이서연"]}


BOARDS = {
    **{name: make for name, make in positions.TARGI_BOARDS.items()},
    "targi_mid_game_named": lambda: _named(positions.targi_mid_game()),
}
PRIVATES = {
    "targi_private": positions.targi_private,
    "targi_private_drawn": positions.targi_private_drawn,
}


def smallest(drawn: list[Drawn], image: Image.Image) -> tuple[float, float, float]:
    """The smallest needed text, small print and token letter, in CSS px."""
    needed = [d.size for d in drawn if not d.fine and not d.token and d.text.strip()]
    fine = [d.size for d in drawn if d.fine and d.text.strip()] or [0.0]
    tokens = [d.size for d in drawn if d.token and d.text.strip()] or [0.0]
    return css(min(needed), image), css(min(fine), image), css(min(tokens), image)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(BOARDS))
def test_every_text_a_player_needs_on_the_table_reads_on_a_phone(monkeypatch, name, lang):
    view = _localized(BOARDS[name](), lang)
    with recording(monkeypatch) as drawn:
        image = targi.board_image(view, lang)
    needed, fine, tokens = smallest(drawn, image)
    print(f"table {name} {lang}: needed {needed:.1f}, fine {fine:.1f}, tokens {tokens:.1f} CSS px")
    small = sorted(
        {(d.text, round(css(d.size, image), 1)) for d in drawn if not d.fine and not d.token}
    )
    assert needed >= NEEDED, [t for t in small if t[1] < NEEDED]
    # the image is square: Discord's phone box is, and it gets the most of it
    assert image.width == image.height


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(PRIVATES))
def test_every_text_a_player_needs_on_the_private_image_reads_on_a_phone(monkeypatch, name, lang):
    view = _localized(PRIVATES[name](), lang)
    with recording(monkeypatch) as drawn:
        image = targi.private_image(view, lang)
    needed, fine, tokens = smallest(drawn, image)
    print(f"private {name} {lang}: needed {needed:.1f}, fine {fine:.1f}, tokens {tokens:.1f}")
    small = sorted(
        {(d.text, round(css(d.size, image), 1)) for d in drawn if not d.fine and not d.token}
    )
    assert needed >= NEEDED, [t for t in small if t[1] < NEEDED]


def test_the_measure_notices_small_text(monkeypatch):
    """The recorder sees a text drawn too small for a phone (the measure can fail)."""
    monkeypatch.setattr(targi, "PHONE_TEXT", 20)
    view = positions.targi_mid_game()
    with recording(monkeypatch) as drawn:
        image = targi.board_image(view, "en")
    assert smallest(drawn, image)[0] < NEEDED


# ---- nothing on a card covers its text -----------------------------------------------------
def _cards() -> dict[str, list[dict[str, Any]]]:
    return json.loads((data_dir() / "targi-cards.json").read_text(encoding="utf-8"))


def _view_card(entry: dict[str, Any], kind: str) -> dict[str, Any]:
    """A tribe or goods card as a view gives it."""

    def bundle(goods: dict[str, int] | None) -> str | None:
        if not goods:
            return None
        return " ".join(f"{n}{({**targi._GOOD_LETTER, 'vp': 'VP'})[g]}" for g, n in goods.items())

    return {
        "id": entry["id"],
        "type": kind,
        "name": entry["name"],
        "symbol": entry.get("symbol"),
        "cost": bundle(entry.get("cost")),
        "cost_alternative": bundle(entry.get("cost_alternative")),
        "vp": entry.get("vp"),
        "gives": bundle(entry.get("gives")),
        "effect": entry.get("short"),
    }


def _overlaps(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _piece(spot: tuple[int, int, int]) -> tuple[int, int, int, int]:
    x, y, size = spot
    return (x, y, x + size, y + size)


CELL_BADGE = targi.CELL_BADGE
ON_A_CENTRE_CARD = {"tribe marker": _piece(targi.MARKER), "cell badge": CELL_BADGE}
ON_A_BORDER_CARD = {"Targi": _piece(targi.FIGURE), "robber": _piece(targi.ROBBER)}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", ["tribe", "goods"])
def test_no_marker_covers_a_centre_cards_text(monkeypatch, lang, kind):
    """Issue 25: a tribe marker covered the third line of Tent's text (4 cards in English, 7 in
    Turkish, 1 in Korean). Every tribe and goods card in every language: the marker's and the
    cell badge's places are clear of every text the card draws."""
    entries = _cards()[kind]
    assert len(entries) == {"tribe": 45, "goods": 12}[kind]
    covered = []
    for entry in entries:
        card = _localized({"game": "targi", "centre": [{"card": _view_card(entry, kind)}]}, lang)
        with recording(monkeypatch) as drawn:
            targi.card_sprite(card["centre"][0]["card"], lang=lang)
        texts = [d for d in drawn if d.canvas == (targi.CARD_W, targi.CARD_H) and d.text.strip()]
        assert texts, entry["id"]
        for d in texts:
            for piece, box in ON_A_CENTRE_CARD.items():
                if _overlaps(d.box, box):
                    covered.append((entry["id"], piece, d.text))
    assert not covered


@pytest.mark.parametrize("lang", LANGS)
def test_no_figure_covers_a_border_cards_text(monkeypatch, lang):
    """Issue 25: a Targi figure covered ``at`` on the 4-line Turkish Kabile Genişlemesi. Every
    border card in every language: the Targi's and the robber's places are clear of its text."""
    view = _localized(positions.targi_start(), lang)
    covered = []
    with recording(monkeypatch) as drawn:
        targi.base_table(view, lang)
    texts = [d for d in drawn if d.canvas == (targi.WIDTH, targi.HEIGHT) and d.text.strip()]
    assert len({e["number"] for e in view["border"]}) == 16
    for entry in view["border"]:
        x, y = targi.grid_xy(*entry["grid"])
        on_card = [d for d in texts if _overlaps(d.box, (x, y, x + targi.CARD_W, y + targi.CARD_H))]
        assert on_card, entry["name"]
        for d in on_card:
            for piece, (left, top, right, bottom) in ON_A_BORDER_CARD.items():
                if _overlaps(d.box, (x + left, y + top, x + right, y + bottom)):
                    covered.append((entry["name"], piece, d.text))
    assert not covered


def test_the_overlap_check_notices_a_covered_text(monkeypatch):
    """With the marker put back where it stood before (the card's bottom left), Tent's text is
    covered: the check above can fail."""
    tent = next(e for e in _cards()["tribe"] if e["id"] == "tent_04")
    with recording(monkeypatch) as drawn:
        targi.card_sprite(_view_card(tent, "tribe"), lang="en")
    old_marker = _piece((6, targi.CARD_H - 48, 44))
    assert any(_overlaps(d.box, old_marker) for d in drawn if d.canvas == (228, 168))


# ---- names and changes ---------------------------------------------------------------------
def _texts(monkeypatch, draw: Callable[[], Image.Image]) -> list[str]:
    with recording(monkeypatch) as drawn:
        draw()
    return [d.text for d in drawn]


def test_the_images_name_players_by_their_display_names(monkeypatch):
    view = positions.targi_mid_game()
    named = {**view, "seat_names": ["Ayşe", "Bora"]}
    texts = " ".join(_texts(monkeypatch, lambda: targi.board_image(named, "en")))
    assert "Ayşe" in texts and "Bora" in texts and "Blue" not in texts
    texts = " ".join(_texts(monkeypatch, lambda: targi.board_image(view, "en")))
    assert "Blue" in texts and "White" in texts  # no names given: the colours, as before
    private = {**positions.targi_private(), "seat_names": ["Ayşe", "Bora"]}
    seat = private["viewer"]
    texts = " ".join(_texts(monkeypatch, lambda: targi.private_image(private, "en")))
    assert ["Ayşe", "Bora"][seat] in texts


def test_a_long_display_name_is_cut_not_shrunk(monkeypatch):
    view = {**positions.targi_mid_game(), "seat_names": ["W" * 40, "Bora"]}
    with recording(monkeypatch) as drawn:
        image = targi.board_image(view, "en")
    name = next(d for d in drawn if d.text.startswith("▶ WW") or d.text.startswith("WW"))
    assert name.text.endswith("…") and css(name.size, image) >= NEEDED
    assert name.box[2] <= targi.PANEL_X + targi.PANEL_W


def test_the_card_a_move_took_is_framed():
    """The cell an event names (a card taken, turned up) is framed like the cards the action
    names: a move by the Noble changes a centre card that the action (``use 1``) never names."""
    view = positions.targi_mid_game()
    view["last_action"] = {"seat": 0, "action": "done"}
    view["pending"] = None
    plain = copy.deepcopy(view)
    plain["events"] = []
    cells, _ = targi.changed_places(view)
    assert cells == ["A3"]
    markers = {"kind": "markers", "params": {"player": "@0", "cells": ["B1", "C3"]}}
    placed = {**view, "last_action": {"seat": 0, "action": "place 5"}, "events": [markers]}
    assert targi.changed_places(placed) == (["B1", "C3"], [5])
    framed = decode(targi.render_board(view, "en"))
    unframed = decode(targi.render_board(plain, "en"))
    assert strongly_changed_pixels(framed, unframed) > 1000


@pytest.mark.parametrize("lang", LANGS)
def test_the_board_message_carries_what_the_image_left_out(lang):
    view = positions.targi_mid_game()
    view["players"][1]["targi_allowed"] = 2
    lines = board_lines(view, ["Ayşe", "Bora"], lang)
    assert "10" in lines[0] and "20" in lines[0]  # the round; the tribe deck
    assert lines[1].startswith("Bora") and "2" in lines[1]


# ---- the cards' icons ----------------------------------------------------------------------
def _row_width(glyphs: list[targi.Glyph]) -> float:
    return targi.glyphs_width(glyphs, targi.PHONE_TEXT)


def test_every_ability_shows_as_icons_and_numbers_within_the_card():
    """Each tribe card with an ability has an icon row for it, and its cost and ability rows fit
    the card's width at the phone size."""
    for entry in _cards()["tribe"]:
        card = _view_card(entry, "tribe")
        effect = targi.effect_glyphs(entry["id"])
        assert bool(effect) == (entry["rule"]["kind"] != "none"), entry["id"]
        for row in (effect, targi.cost_glyphs(card)):
            assert _row_width(row) <= targi.CARD_W - 12, (entry["id"], row)


def test_a_raid_shows_what_it_takes():
    taken = {b["number"]: targi.raid_glyphs(b["short"]) for b in _cards()["border"]}
    assert taken[8] == [("text", "2"), targi.ANY, ("text", "/"), ("text", "1"), targi.VP_CROSS]
    assert taken[16][1] == ("good", "G") and taken[16][-1] == targi.END  # the game ends
    assert all(taken[n] for n in (4, 8, 12, 16)) and not taken[1]


@pytest.mark.parametrize("lang", LANGS)
def test_a_large_cards_caption_stays_above_the_supplies(monkeypatch, lang):
    """The private image writes each card's name and rule text under it: for every tribe card,
    in hand and drawn, the words end above the supplies row."""
    base = positions.targi_private_drawn()
    seat = base["viewer"]
    supplies = targi.PRIVATE_H - 58
    reaching = []
    for entry in _cards()["tribe"]:
        view = copy.deepcopy(base)
        card = _view_card(entry, "tribe")
        view["players"][seat]["hand"] = card
        view["players"][seat]["hand_playable"] = False  # the longer note
        view["pending"]["card"] = card
        shown = _localized(view, lang)
        with recording(monkeypatch) as drawn:
            targi.private_image(shown, lang)
        size = (targi.PRIVATE_W, targi.PRIVATE_H)
        for d in drawn:
            counts = d.text.isdigit() and d.box[1] >= supplies  # the supplies' own numbers
            if d.canvas == size and d.box[3] > supplies and not counts:
                reaching.append((entry["id"], d.text))
    assert not reaching

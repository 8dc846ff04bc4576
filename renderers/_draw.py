"""Drawing helpers shared by every game: shipped fonts, supersampled sprites, text, PNG bytes.

Text is drawn from a stack of shipped fonts: DejaVu (Latin, Turkish, the symbols) and Noto Sans
CJK KR (Hangul). A string with Hangul is drawn in the Hangul font, each character it lacks (ğ, ş,
a zodiac sign) falling back to DejaVu on the same baseline; any other string is drawn in DejaVu
alone, exactly as before there was a second font.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache, lru_cache
from typing import Any, Literal

from PIL import Image, ImageDraw, ImageFont

from bot.games.datafiles import data_dir

DATA_DIR = data_dir()
FONT_DIR = DATA_DIR / "fonts"
FONT_FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed.ttf",
}
#: The Hangul font (a subset of Noto Sans CJK KR, see ``data/fonts/README.md``) per weight; it
#: has no condensed cut, so condensed Korean text is drawn in the regular one.
HANGUL_FONT_FILES = {
    "regular": "NotoSansCJKkr-Regular-subset.otf",
    "bold": "NotoSansCJKkr-Bold-subset.otf",
    "condensed": "NotoSansCJKkr-Regular-subset.otf",
}
Family = Literal["latin", "hangul"]
SUPERSAMPLE = 4  # sprites are drawn this many times larger, then shrunk: smooth edges
PNG_COMPRESS_LEVEL = 1  # the fastest: flat colours compress well (3: 10% smaller, 30% slower)
PALETTE_SAMPLE = 4  # the palette is chosen from one pixel in 4 x 4
PNG_COLOURS = 256  # images are flat colours plus anti-aliasing: a palette loses nothing visible

Colour = tuple[int, int, int] | tuple[int, int, int, int] | str
Box = tuple[float, float, float, float]
Font = ImageFont.FreeTypeFont


MASKS_KEPT = 512  # rendered texts kept per font size and weight


def _keeping_masks(loaded: Font) -> Font:
    """``loaded``, remembering the texts it rendered. Pillow draws a text by asking the font for
    the text's mask (``getmask2``), a function of the text and its placement alone; a board
    draws mostly the same words move after move (names, labels, counts), and rendering them
    was the larger part of drawing a panel."""
    render = loaded.getmask2

    @lru_cache(maxsize=MASKS_KEPT)
    def kept(text: str, args: tuple[Any, ...], options: tuple[tuple[str, Any], ...]) -> Any:
        return render(text, *args, **dict(options))

    def getmask2(text: str, *args: Any, **options: Any) -> Any:
        try:
            return kept(text, args, tuple(sorted(options.items())))
        except TypeError:  # an option that cannot be a key (a list of features)
            return render(text, *args, **options)

    loaded.getmask2 = getmask2  # type: ignore[method-assign,assignment]
    return loaded


@lru_cache(maxsize=128)
def font(size: int, weight: str = "regular") -> Font:
    """The shipped DejaVu font (``regular``, ``bold`` or ``condensed``) at ``size`` pixels.

    The basic layout engine (no libraqm) keeps text identical whichever optional libraries the
    installed Pillow has; our texts need no complex shaping.
    """
    return _keeping_masks(
        ImageFont.truetype(
            str(FONT_DIR / FONT_FILES[weight]), size, layout_engine=ImageFont.Layout.BASIC
        )
    )


@lru_cache(maxsize=128)
def hangul_font(size: int, weight: str = "regular") -> Font:
    """The shipped Hangul font at ``size`` pixels (``condensed`` is its regular cut)."""
    return _keeping_masks(
        ImageFont.truetype(
            str(FONT_DIR / HANGUL_FONT_FILES[weight]), size, layout_engine=ImageFont.Layout.BASIC
        )
    )


def face(family: Family, size: int, weight: str = "regular") -> Font:
    """The font of ``family`` at ``size``."""
    return hangul_font(size, weight) if family == "hangul" else font(size, weight)


@cache
def coverage(filename: str) -> frozenset[int]:
    """The code points a shipped font file has glyphs for (read from its cmap)."""
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    with TTFont(str(FONT_DIR / filename), lazy=True) as loaded:
        return frozenset(loaded.getBestCmap())


def _covers(family: Family, weight: str, char: str) -> bool:
    files = HANGUL_FONT_FILES if family == "hangul" else FONT_FILES
    return ord(char) in coverage(files[weight])


@lru_cache(maxsize=4096)
def runs(text: str, weight: str = "regular") -> tuple[tuple[Family, str], ...]:
    """``text`` cut into pieces, each with the font family that draws it.

    Text DejaVu can draw is one DejaVu piece. Text with a character only the Hangul font has is
    drawn in the Hangul font, with DejaVu for the characters it lacks; spaces stay with the
    piece they are in, so a sentence is not cut at every word.
    """
    if all(_covers("latin", weight, c) for c in text):
        return (("latin", text),) if text else ()
    primary: Family = "hangul" if any(_covers("hangul", weight, c) for c in text) else "latin"
    fallback: Family = "latin" if primary == "hangul" else "hangul"
    pieces: list[tuple[Family, str]] = []
    for char in text:
        if char.isspace() and pieces:
            family = pieces[-1][0]
        elif _covers(primary, weight, char) or not _covers(fallback, weight, char):
            family = primary
        else:
            family = fallback
        if pieces and pieces[-1][0] == family:
            pieces[-1] = (family, pieces[-1][1] + char)
        else:
            pieces.append((family, char))
    return tuple(pieces)


def missing_glyphs(text: str, weight: str = "regular") -> set[str]:
    """The characters of ``text`` no shipped font of ``weight`` can draw (they would be boxes)."""
    return {
        c
        for c in text
        if not c.isspace() and not _covers("latin", weight, c) and not _covers("hangul", weight, c)
    }


#: The texts :func:`draw_text` drew since :func:`recording` began (None, the usual case: nobody
#: listens and drawing records nothing).
_drawn: list[str] | None = None


@contextmanager
def recording() -> Iterator[list[str]]:
    """Every text drawn inside the ``with``, in drawing order (a wrapped text line by line), so
    a test can read what an image says. Texts inside a sprite a renderer caches are drawn (and
    recorded) only the first time: clear those caches first."""
    global _drawn
    outer, _drawn = _drawn, []
    try:
        yield _drawn
    finally:
        _drawn = outer


#: While :func:`measuring`: how many times larger than on the image text is drawn now (a
#: supersampled sprite draws at :data:`SUPERSAMPLE`), per thread: the bot draws in several
#: threads at once, and one thread's sprite must not change another's measure.
_measure = threading.local()


def _measure_scale() -> int:
    scale: int = getattr(_measure, "scale", 1)
    return scale


@contextmanager
def measuring() -> Iterator[list[tuple[str, float]]]:
    """Every text Pillow draws inside the ``with`` (by any path: :func:`draw_text`, a sprite's
    glyph, a label drawn directly) with the size its font has on the final image, in pixels.
    Like :func:`recording`, a text inside a cached sprite or static layer is seen only when
    drawn: clear those caches first."""
    found: list[tuple[str, float]] = []
    real = ImageDraw.ImageDraw.text
    owner = threading.get_ident()  # texts other threads draw meanwhile are not this drawing's

    def text(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        used = kwargs.get("font", args[1] if len(args) > 1 else None)
        if isinstance(text, str) and used is not None and threading.get_ident() == owner:
            found.append((text, float(used.size) / _measure_scale()))
        real(self, xy, text, *args, **kwargs)

    ImageDraw.ImageDraw.text = text  # type: ignore[method-assign]
    try:
        yield found
    finally:
        ImageDraw.ImageDraw.text = real  # type: ignore[method-assign]


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    weight: str = "regular",
    fill: Colour = (0, 0, 0),
    anchor: str = "la",
    **options: Any,
) -> None:
    """``draw.text`` with the shipped font stack: ``text`` at ``size`` pixels, placed by
    ``anchor`` as Pillow places it (``options``: ``stroke_width``, ``stroke_fill``).

    A DejaVu text is drawn by Pillow directly. A text with Hangul is laid piece by piece on one
    baseline placed by DejaVu's metrics (the Hangul font's ascender is taller), so it sits where
    an English text with the same anchor would.
    """
    if _drawn is not None:
        _drawn.append(text)
    pieces = runs(text, weight)
    if not pieces or pieces == (("latin", text),):
        draw.text(xy, text, font=font(size, weight), fill=fill, anchor=anchor, **options)
        return
    horizontal, vertical = anchor[0], anchor[1]
    width = text_width(text, size, weight)
    x = xy[0] - {"l": 0.0, "m": width / 2, "r": width}.get(horizontal, 0.0)
    ascent, descent = font(size, weight).getmetrics()
    if vertical in ("t", "b"):  # placed by the drawn glyphs, as Pillow does
        boxes = [face(f, size, weight).getbbox(part, anchor="ls") for f, part in pieces]
        shift = -min(b[1] for b in boxes) if vertical == "t" else -max(b[3] for b in boxes)
    else:
        shift = {"a": ascent, "m": (ascent - descent) / 2, "s": 0, "d": -descent}.get(vertical, 0)
    baseline = xy[1] + shift
    for family, part in pieces:
        piece_font = face(family, size, weight)
        draw.text((x, baseline), part, font=piece_font, fill=fill, anchor="ls", **options)
        x += piece_font.getlength(part)


SpritePainter = Callable[[ImageDraw.ImageDraw, int], None]


def supersampled(size: tuple[int, int], paint: SpritePainter) -> Image.Image:
    """An RGBA sprite of ``size``: ``paint(draw, scale)`` draws it ``scale`` times larger first.

    Callers cache the result (sprites are drawn once and pasted many times).
    """
    scale = SUPERSAMPLE
    big = Image.new("RGBA", (size[0] * scale, size[1] * scale), (0, 0, 0, 0))
    outer, _measure.scale = _measure_scale(), scale
    try:
        paint(ImageDraw.Draw(big), scale)
    finally:
        _measure.scale = outer
    return big.resize(size, Image.Resampling.LANCZOS)


def glyph_painter(
    text: str, colour: Colour, size: int, weight: str = "bold", offset: tuple[float, float] = (0, 0)
) -> SpritePainter:
    """A painter that centres ``text`` (a symbol from the shipped font) in the sprite."""

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        width, height = draw.im.size
        centre = (width / 2 + offset[0] * scale, height / 2 + offset[1] * scale)
        draw.text(centre, text, font=font(size * scale, weight), fill=colour, anchor="mm")

    return paint


@lru_cache(maxsize=8192)
def text_width(text: str, size: int, weight: str = "regular") -> float:
    """Advance width of ``text`` in pixels, drawn with the font stack."""
    return sum(face(family, size, weight).getlength(part) for family, part in runs(text, weight))


def clipped(text: str, width: float, size: int, weight: str = "regular") -> str:
    """``text`` cut to fit ``width`` at ``size``, ending in "…" when it was cut."""
    if text_width(text, size, weight) <= width:
        return text
    while text and text_width(text + "…", size, weight) > width:
        text = text[:-1]
    return text + "…"


@lru_cache(maxsize=4096)
def fit_size(
    text: str, max_width: float, size: int, weight: str = "regular", minimum: int = 10
) -> int:
    """The largest size up to ``size`` (not below ``minimum``) at which ``text`` fits."""
    while size > minimum and text_width(text, size, weight) > max_width:
        size -= 1
    return size


def wrap(text: str, max_width: float, size: int, weight: str = "regular") -> list[str]:
    """``text`` broken into lines no wider than ``max_width`` (a long word stays whole)."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}".strip()
        if current and text_width(candidate, size, weight) > max_width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines


def png_bytes(image: Image.Image) -> bytes:
    """The image encoded as a palette PNG.

    Reducing to 256 colours first (no dithering) makes encoding about twice as fast and the file
    about a third of the RGB size; no pixel moves by more than a few levels. The 256 colours are
    chosen (fast octree) from one pixel in every 4 x 4 square, then each pixel takes the nearest
    of them: choosing from the whole image was the slowest step of a board, and every area of a
    colour four pixels wide still keeps its own colour (text's anti-aliasing takes the nearest).
    """
    rgb = image if image.mode == "RGB" else image.convert("RGB")  # convert() would copy
    buffer = io.BytesIO()
    rgb.quantize(palette=palette_of(rgb), dither=Image.Dither.NONE).save(
        buffer, format="PNG", compress_level=PNG_COMPRESS_LEVEL
    )
    return buffer.getvalue()


def palette_of(rgb: Image.Image) -> Image.Image:
    """The 256 colours :func:`png_bytes` reduces ``rgb`` to (a palette image for
    ``quantize(palette=...)``), chosen from one pixel in every 4 x 4 square."""
    sample = rgb.resize(
        (max(1, rgb.width // PALETTE_SAMPLE), max(1, rgb.height // PALETTE_SAMPLE)),
        Image.Resampling.NEAREST,
    )
    return sample.quantize(
        colors=PNG_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )


#: The key a view carries (added by the bot, not the engine: who plays a seat is public) to list
#: the seats an AI plays; their panels get the robot mark.
AI_SEATS_KEY = "ai_seats"


#: The key a view carries (added by the bot) with each seat's display name, by seat: the images
#: call players what the messages call them (the seat's dynasty or colour without it).
SEAT_NAMES_KEY = "seat_names"


def ai_seats_of(view: dict[str, Any]) -> set[int]:
    """The seats the view marks as played by an AI (none when the key is missing)."""
    return {int(s) for s in view.get(AI_SEATS_KEY) or []}


@lru_cache(maxsize=8)
def robot_sprite(size: int) -> Image.Image:
    """The robot mark next to an AI seat's name: a light head with a dark outline, two dark
    eyes, a mouth grille and an antenna (a shape, so it reads on any panel and without colour)."""

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        side = size * s
        dark = (40, 44, 54, 255)
        light = (226, 232, 240, 255)
        line = max(1, round(side * 0.07))
        draw.line([(side * 0.5, side * 0.08), (side * 0.5, side * 0.26)], fill=light, width=line)
        draw.ellipse((side * 0.4, 0, side * 0.6, side * 0.18), fill=light, outline=dark)
        draw.rounded_rectangle(
            (side * 0.06, side * 0.24, side * 0.94, side * 0.98),
            radius=side * 0.16,
            fill=light,
            outline=dark,
            width=line,
        )
        for left in (0.22, 0.58):
            draw.ellipse((side * left, side * 0.42, side * (left + 0.2), side * 0.62), fill=dark)
        draw.rounded_rectangle(
            (side * 0.28, side * 0.74, side * 0.72, side * 0.84), radius=side * 0.03, fill=dark
        )

    return supersampled((size, size), paint)

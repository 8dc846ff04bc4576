"""Drawing helpers shared by every game: shipped fonts, supersampled sprites, text, PNG bytes."""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from bot.games.datafiles import data_dir

DATA_DIR = data_dir()
FONT_DIR = DATA_DIR / "fonts"
FONT_FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed.ttf",
}
SUPERSAMPLE = 4  # sprites are drawn this many times larger, then shrunk: smooth edges
PNG_COMPRESS_LEVEL = 1  # the fastest: flat colours compress well (3: 10% smaller, 30% slower)
PALETTE_SAMPLE = 4  # the palette is chosen from one pixel in 4 x 4
PNG_COLOURS = 256  # images are flat colours plus anti-aliasing: a palette loses nothing visible

Colour = tuple[int, int, int] | tuple[int, int, int, int] | str
Box = tuple[float, float, float, float]
Font = ImageFont.FreeTypeFont


@lru_cache(maxsize=64)
def font(size: int, weight: str = "regular") -> Font:
    """The shipped DejaVu font (``regular``, ``bold`` or ``condensed``) at ``size`` pixels.

    The basic layout engine (no libraqm) keeps text identical whichever optional libraries the
    installed Pillow has; our texts need no complex shaping.
    """
    return ImageFont.truetype(
        str(FONT_DIR / FONT_FILES[weight]), size, layout_engine=ImageFont.Layout.BASIC
    )


SpritePainter = Callable[[ImageDraw.ImageDraw, int], None]


def supersampled(size: tuple[int, int], paint: SpritePainter) -> Image.Image:
    """An RGBA sprite of ``size``: ``paint(draw, scale)`` draws it ``scale`` times larger first.

    Callers cache the result (sprites are drawn once and pasted many times).
    """
    scale = SUPERSAMPLE
    big = Image.new("RGBA", (size[0] * scale, size[1] * scale), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), scale)
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


def text_width(text: str, size: int, weight: str = "regular") -> float:
    """Advance width of ``text`` in pixels."""
    return font(size, weight).getlength(text)


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
    sample = rgb.resize(
        (max(1, rgb.width // PALETTE_SAMPLE), max(1, rgb.height // PALETTE_SAMPLE)),
        Image.Resampling.NEAREST,
    )
    palette = sample.quantize(
        colors=PNG_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    buffer = io.BytesIO()
    rgb.quantize(palette=palette, dither=Image.Dither.NONE).save(
        buffer, format="PNG", compress_level=PNG_COMPRESS_LEVEL
    )
    return buffer.getvalue()


#: The key a view carries (added by the bot, not the engine: who plays a seat is public) to list
#: the seats an AI plays; their panels get the robot mark.
AI_SEATS_KEY = "ai_seats"


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

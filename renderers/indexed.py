"""Game images as palette PNGs in one fixed palette, compressed in bands of rows.

Every board and hand of both games is reduced to the same 256 colours (:mod:`renderers.
fixed_palette`: the drawing's colours are known, so no palette is chosen per image) and each
pixel takes the nearest of them, which depends on that pixel alone. The rows are then deflated
in bands of :data:`BAND_ROWS`, each band on its own (a fresh compressor, ending on a byte
boundary), and the bands are joined into one zlib stream. So a band's bytes in the file depend
only on that band's pixels: a board redrawn in part (:mod:`renderers.incremental`) re-encodes
only the bands that changed, and its file is byte for byte the file a full redraw gives.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from PIL import Image

from renderers.fixed_palette import PALETTE

BAND_ROWS = 32  # rows deflated together (measured: 8 or 16 rows reuse no more bands per move)
ZLIB_LEVEL = 1  # measured: level 2-3 save 5-10% of the bytes for 10-25% more CPU
_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_ZLIB_HEADER = b"\x78\x01"  # deflate, 32 KiB window, "fastest" (informative only)
_FINAL_BLOCK = b"\x03\x00"  # an empty last block: what ends the joined stream
_ADLER_BASE = 65521


@cache
def palette_image() -> Image.Image:
    """A 1x1 P image carrying :data:`PALETTE` (what ``Image.quantize`` maps onto)."""
    image = Image.new("P", (1, 1))
    image.putpalette(PALETTE)
    return image


def indexed(image: Image.Image) -> Image.Image:
    """``image`` (RGB) as palette indices: each pixel the nearest colour of the palette."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    return rgb.quantize(palette=palette_image(), dither=Image.Dither.NONE)


@dataclass(frozen=True)
class Band:
    """One band of rows as it goes into the file: its filtered rows (each a 0 filter byte, then
    the row's indices) deflated, their length and their Adler-32. The rows themselves are not
    kept here."""

    deflated: bytes
    length: int
    adler: int


def encode_band(raw: bytes) -> Band:
    """Deflate one band on its own, ending on a byte boundary (a sync flush)."""
    compressor = zlib.compressobj(ZLIB_LEVEL, zlib.DEFLATED, -15)
    deflated = compressor.compress(raw) + compressor.flush(zlib.Z_SYNC_FLUSH)
    return Band(deflated, len(raw), zlib.adler32(raw))


def filtered(picture: Image.Image) -> Image.Image:
    """A palette image's rows as the file holds them before deflating: one column more on the
    left, the filter byte 0 of each row (so a band's bytes are one crop of it)."""
    rows = Image.new("P", (picture.width + 1, picture.height), 0)
    rows.paste(picture, (1, 0))
    return rows


def band_box(rows: Image.Image, number: int) -> tuple[int, int, int, int]:
    """Where band ``number`` lies in :func:`filtered` rows."""
    top = number * BAND_ROWS
    return (0, top, rows.width, min(rows.height, top + BAND_ROWS))


def bands_of_rows(rows: Image.Image) -> list[Band]:
    """Every band of :func:`filtered` rows, encoded."""
    count = -(-rows.height // BAND_ROWS)
    return [encode_band(rows.crop(band_box(rows, n)).tobytes()) for n in range(count)]


def bands_of(picture: Image.Image) -> list[Band]:
    """Every band of a palette image, encoded."""
    return bands_of_rows(filtered(picture))


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings joined, from each one's (zlib's ``adler32_combine``)."""
    remainder = second_length % _ADLER_BASE
    sum1 = first & 0xFFFF
    sum2 = (remainder * sum1) % _ADLER_BASE
    sum1 = (sum1 + (second & 0xFFFF) + _ADLER_BASE - 1) % _ADLER_BASE
    sum2 = (
        sum2 + ((first >> 16) & 0xFFFF) + ((second >> 16) & 0xFFFF) + _ADLER_BASE - remainder
    ) % _ADLER_BASE
    return sum1 | (sum2 << 16)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def assemble(width: int, height: int, bands: Sequence[Band]) -> bytes:
    """The PNG file of a palette image given its encoded bands."""
    adler = 1
    for band in bands:
        adler = adler32_combine(adler, band.adler, band.length)
    stream = b"".join(
        [_ZLIB_HEADER, *(band.deflated for band in bands), _FINAL_BLOCK, struct.pack(">I", adler)]
    )
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8-bit palette indices
    return b"".join(
        [
            _SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", PALETTE),
            _chunk(b"IDAT", stream),
            _chunk(b"IEND", b""),
        ]
    )


def png_bytes(image: Image.Image) -> bytes:
    """``image`` as a palette PNG in the fixed palette, deflated band by band."""
    picture = indexed(image)
    return assemble(picture.width, picture.height, bands_of(picture))

"""Golden-image comparison with a small tolerance.

Two limits: the mean absolute difference per channel (absorbs a slightly different anti-aliasing
by another FreeType build) and the number of pixels that changed a lot (any channel by more than
``STRONG``): one changed digit or a moved piece changes dozens of pixels strongly, so it fails even
though its mean difference is tiny.

Set ``REGEN_GOLDENS=1`` to rewrite the golden PNGs from the current renderers. A failing
comparison saves the actual image and a difference image under ``tests/renderers/_failed/``
(git-ignored) for inspection.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

HERE = Path(__file__).resolve().parent
GOLDEN_DIR = HERE / "golden"
FAILED_DIR = HERE / "_failed"
TOLERANCE = 0.25  # mean absolute difference (0..255) allowed
STRONG = 64  # a channel difference above this counts as a real change of that pixel
MAX_STRONG_PIXELS = 8
REGENERATE = os.environ.get("REGEN_GOLDENS") == "1"


def decode(png: bytes) -> Image.Image:
    """PNG bytes as an RGB image."""
    return Image.open(io.BytesIO(png)).convert("RGB")


def mean_difference(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute per-channel difference of two images of the same mode and size."""
    assert a.mode == b.mode, f"modes differ: {a.mode} vs {b.mode}"
    assert a.size == b.size, f"sizes differ: {a.size} vs {b.size}"
    diff = ImageChops.difference(a, b)
    means = ImageStat.Stat(diff).mean
    return sum(means) / len(means)


def strongly_changed_pixels(a: Image.Image, b: Image.Image) -> int:
    """How many pixels differ by more than ``STRONG`` in some channel."""
    red, green, blue = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).split()
    largest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    return sum(largest.histogram()[STRONG + 1 :])


def assert_matches_golden(png: bytes, name: str) -> None:
    """The PNG looks like ``golden/<name>.png`` (or becomes it when regenerating)."""
    path = GOLDEN_DIR / f"{name}.png"
    if REGENERATE:
        GOLDEN_DIR.mkdir(exist_ok=True)
        path.write_bytes(png)
        return
    actual = Image.open(io.BytesIO(png)).convert("RGB")
    if not path.exists():
        _save_failure(name, actual, None)
        raise AssertionError(f"no golden {path.name}; run with REGEN_GOLDENS=1 to create it")
    expected = Image.open(path).convert("RGB")
    if actual.size != expected.size:
        _save_failure(name, actual, None)
        raise AssertionError(f"{name}: size {actual.size}, golden {expected.size}")
    difference = mean_difference(actual, expected)
    changed = strongly_changed_pixels(actual, expected)
    if difference > TOLERANCE or changed > MAX_STRONG_PIXELS:
        _save_failure(name, actual, expected)
        raise AssertionError(
            f"{name}: mean difference {difference:.3f} (limit {TOLERANCE}), {changed} pixels "
            f"changed strongly (limit {MAX_STRONG_PIXELS}); actual saved in {FAILED_DIR}"
        )


def _save_failure(name: str, actual: Image.Image, expected: Image.Image | None) -> None:
    FAILED_DIR.mkdir(exist_ok=True)
    actual.save(FAILED_DIR / f"{name}.png")
    if expected is not None:
        ImageChops.difference(actual, expected).save(FAILED_DIR / f"{name}.diff.png")

"""The 256 colours every board and hand of both games is encoded in (see ``renderers.indexed``).

Chosen once from the games' own drawings (:func:`build` chooses them again, in a minute): the
colours of boards and hands of seeded games, both games, every language, reduced to 256 by
Pillow's octree, with the 32 most frequent colours (backgrounds, land, river, panels, text) set
exactly. Mapped to these, a board is closer to its drawing than with a palette chosen per image
(mean difference per channel at most about 0.6 against about 1.3 over the sampled images).
"""

from __future__ import annotations

from collections import Counter

PINNED = 32  # the most frequent colours, kept exactly

PALETTE = bytes.fromhex(
    "9265196350209b6b589fa092d6a3a0e0dbdf6099655f2a1ca38e6fb28b11135d2b201e1a1f54a1a3c6a9982c259daed6"
    "ce645ed3a5126a9bcd636b53172d54a75e97b2d1d4d191662d5c5b679c9ef1e39fc6241bd9b3ccee752fc4709b427dc3"
    "5e699326904dfcd95dfbce2a3589af158538173c861b6bc8403e4671c08c1f2329000000ece0be2c313adde8c896c8e8"
    "faf3e23e3c28e6d6b6c8342cecc8beffffff2468bae8cea0228b46d4c498785c3c28282c46783ccdaa73aa32284e5562"
    "3a3432b03e787eb2d67918147e4c2e141418ffcc00785aaa3c9646f0f0ec2882aa464646c07828e7ddc4a3a9b410356d"
    "221d19c7cbd30e5225fb6d3b844a26c38b59c52b230d4e22c4251cc93830bdc3cd14843af0cac8113873d9d9d8e39995"
    "1b61b7292c31696c73f9c31d656769555759c7c8c7b7b7b748443af4ecda26221d0e336a1c1d21d5dbe3585348154381"
    "959799484c53a6a7a8145db5373b43d7c8aa858789757679e7e3d82861c5686458585c62ece2c7322c27a8a896a69884"
    "8b1e19423b35959aa4868b94c4b69bff703c797567898676857969524b43d8d5c7b9b6a4c8c5b7958877c7baa693c6a4"
    "9794879ca1aab8aa95d5cbb9d4d8b95e3e335d61683d4148777b83bbb19a0c2966135b2bfcc721ebb51d0b0c138d9198"
    "dae5f3d56862b5bac21c88414d5158f2e8cdf6e8e7d35d56655b537d818a87580173685bc8e2d162584db9c4a9cbd5b8"
    "e5ebf4c897156d7179c6d8ec578bcab4a68cf3bc1dc6d9c9e8bcb7ebf2f7966b07c7c4a8aba48bcb433bf3d6d4a9c3e4"
    "ba34273696573272beb22c2679a3d41c793c928c8193b5dc8c816ef8f0de99a58bd7ccc1433b26e7ba04d6e6da756c64"
    "d5b89a9c917cb1417a58a77385abd874b68a3a77c1e5a19d4843257d411b102a678c201bdae5e7c3a6980c245dd8a519"
    "1e5aa567581b7b3d164982c5f4bd20754700d9736da68714d4625ce1ad19e6a6a3275ec2adb0b49ea4b0b4cbe7aab39a"
    "2261ac867b72cd87818d502aa2937de6d8d66394cea8d1b6874a36776619dba8a48e3b32934338b3ada1c9a40ac5bdb0"
)


def build(seeds: tuple[int, ...] = (1, 2), positions: int = 5) -> bytes:
    """Choose the palette again from sample drawings (slow: about a minute)."""
    from PIL import Image

    from bot import titles
    from renderers import images as images_of
    from renderers.samples import sample_views

    images = []
    for game in titles.title_names():
        module = images_of(game)
        for seed in seeds:
            for board, own in sample_views(game, seed, positions):
                for lang in ("en", "ko", "tr"):
                    images.append(module.board_image(board, lang))
                    images.append(module.private_image(own, lang))
    mosaic = Image.new("RGB", (max(i.width for i in images), sum(i.height for i in images)))
    top = 0
    for image in images:
        mosaic.paste(image, (0, top))
        top += image.height
    counts: Counter[tuple[int, int, int]] = Counter()
    for image in images:
        for number, colour in image.getcolors(1 << 24) or []:
            counts[colour] += number
    reduced = mosaic.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    flat = (reduced.getpalette() or [])[: 256 * 3]
    colours = [tuple(flat[i : i + 3]) for i in range(0, len(flat), 3)]
    pinned: set[int] = set()
    for colour, _ in counts.most_common(PINNED):
        if colour in colours:
            pinned.add(colours.index(colour))
            continue
        nearest = min(
            (i for i in range(len(colours)) if i not in pinned),
            key=lambda i: sum((colours[i][k] - colour[k]) ** 2 for k in range(3)),
        )
        colours[nearest] = colour
        pinned.add(nearest)
    return bytes(channel for colour in colours for channel in colour)

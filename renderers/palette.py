"""Every colour the images use, by role, in one place (RGB)."""

from __future__ import annotations

RGB = tuple[int, int, int]

# Shared frame: dark slate around light boards reads well in Discord's dark and light themes.
BACKGROUND: RGB = (31, 35, 41)
PANEL: RGB = (44, 49, 58)
PANEL_ACTIVE: RGB = (62, 60, 40)
PANEL_LINE: RGB = (78, 85, 98)
TEXT: RGB = (240, 240, 236)
TEXT_DIM: RGB = (168, 174, 186)
TEXT_DARK: RGB = (34, 30, 26)
ACCENT: RGB = (255, 204, 0)  # whose turn, last action
PENDING: RGB = (255, 122, 40)  # squares a pending decision is about
WHITE: RGB = (255, 255, 255)
OUTLINE: RGB = (20, 20, 24)

# Tigris & Euphrates: the four civilisation colours (tiles, leaders, scores, monuments).
TIGRIS_COLOURS: dict[str, RGB] = {
    "red": (200, 52, 44),
    "blue": (36, 104, 186),
    "green": (34, 139, 70),
    "black": (40, 40, 44),
}
TIGRIS_COLOUR_EDGE: dict[str, RGB] = {
    "red": (120, 24, 20),
    "blue": (16, 54, 110),
    "green": (14, 80, 36),
    "black": (0, 0, 0),
}
LAND: RGB = (236, 224, 190)
LAND_GRID: RGB = (212, 196, 152)
RIVER: RGB = (150, 200, 232)
RIVER_WAVE: RGB = (118, 176, 218)
RIVER_GRID: RGB = (126, 178, 214)
CORNER_FRAME: RGB = (160, 166, 176)
COORDINATE: RGB = (200, 204, 212)
TREASURE: RGB = (250, 196, 30)
TREASURE_EDGE: RGB = (130, 86, 0)
TREASURE_SHINE: RGB = (255, 240, 160)
BADGE: RGB = (232, 222, 196)  # a dynasty's disc in the panel
CORNER_TREASURE_RING: RGB = (214, 220, 228)
CATASTROPHE: RGB = (58, 52, 50)
CATASTROPHE_MARK: RGB = (255, 110, 60)
FACE_DOWN: RGB = (150, 120, 90)
MONUMENT_EDGE: RGB = (24, 20, 16)
UNIFICATION: RGB = (255, 214, 64)

# Targi: desert cards, two players (blue, white), goods.
SAND: RGB = (232, 206, 160)
SAND_DARK: RGB = (205, 170, 115)
CARD: RGB = (250, 243, 226)
CARD_EDGE: RGB = (120, 92, 60)
CARD_BACK: RGB = (126, 76, 46)
CARD_BACK_MARK: RGB = (196, 140, 90)
RAID: RGB = (170, 50, 40)
RAID_BODY: RGB = (236, 200, 190)
GOODS_BAND: RGB = (70, 120, 60)
BORDER_ACTION: RGB = (230, 214, 182)
BORDER_GOODS: RGB = (221, 232, 200)
TARGI_PLAYERS: dict[str, RGB] = {"blue": (40, 96, 196), "white": (246, 246, 246)}
TARGI_PLAYER_EDGE: dict[str, RGB] = {"blue": (14, 40, 100), "white": (60, 60, 60)}
ROBBER: RGB = (110, 110, 116)
GOODS: dict[str, RGB] = {
    "dates": (132, 74, 38),
    "salt": (236, 236, 236),
    "pepper": (70, 70, 70),
    "gold": (238, 184, 30),
    "vp": (190, 196, 206),
}
GOLD_EDGE: RGB = (120, 80, 0)
GOLD_RIM: RGB = (150, 110, 10)
SYMBOLS: dict[str, RGB] = {
    "targia": (176, 62, 120),
    "camel_rider": (192, 120, 40),
    "tent": (120, 90, 170),
    "well": (40, 130, 170),
    "oasis": (60, 150, 70),
}

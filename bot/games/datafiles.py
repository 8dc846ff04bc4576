"""Where the static game data is found (the map, the cards, the fonts).

The repository's top-level ``data/`` folder is the one source. Running from a checkout (or an
editable install) it is read in place; a built wheel ships the same folder as the package
``bot_data`` (see ``setup.py``), found here without importing it.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

#: The repository root when this code runs from a checkout.
CHECKOUT = Path(__file__).resolve().parents[2]
PACKAGE = "bot_data"


def data_dir() -> Path:
    """The folder holding the games' data files (maps, card lists) and ``fonts/``."""
    checkout = CHECKOUT / "data"
    # pyproject.toml marks a checkout: an installed wheel has no such file next to its packages.
    if (CHECKOUT / "pyproject.toml").is_file() and checkout.is_dir():
        return checkout
    spec = importlib.util.find_spec(PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError(
            f"the game data is missing: no {checkout} and no installed package {PACKAGE!r} "
            "(reinstall the bot: pip install .)"
        )
    return Path(next(iter(spec.submodule_search_locations)))


def data_file(*parts: str) -> Path:
    """A file of the game data, e.g. ``data_file("fonts", "DejaVuSans.ttf")``."""
    return data_dir().joinpath(*parts)

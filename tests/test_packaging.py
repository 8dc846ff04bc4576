"""The installed bot carries its data: the map, the cards and the fonts from ``data/`` go into the
package ``bot_data``, and every loader finds them there when no checkout is around.

CI (``.ci/run``) also builds a real wheel, installs it in a fresh venv and runs the bot from
outside the checkout; this test checks the same package layout cheaply with setuptools' build_py.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = [
    "bot_data/tigris-board.json",
    "bot_data/targi-cards.json",
    "bot_data/fonts/DejaVuSans.ttf",
    "bot_data/fonts/DejaVuSans-Bold.ttf",
    "bot_data/fonts/DejaVuSansCondensed.ttf",
    "bot_data/locale/ko/LC_MESSAGES/ui.po",
    "bot_data/locale/tr/LC_MESSAGES/engine.po",
    "bot_data/fonts/LICENSE-DejaVu.txt",
    "bot/storage/migrations/0001_initial.sql",
    "bot/games/datafiles.py",
    "renderers/targi.py",
]
USE_INSTALLED = """
import sys
sys.path.insert(0, sys.argv[1])
from bot.games import get_game
from bot.games.datafiles import data_dir
import renderers
print(data_dir())
for name in ("tigris", "targi"):
    game = get_game(name)
    png = renderers.render_board(name, game.view(game.new_game(2, 1), None), "en")
    assert png.startswith(b"\\x89PNG"), name
"""


def test_the_package_layout_ships_the_data_and_the_loaders_find_it(tmp_path: Path) -> None:
    lib = tmp_path / "lib"
    build = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(lib)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert build.returncode == 0, build.stderr
    missing = [name for name in SHIPPED if not (lib / name).is_file()]
    assert missing == []
    assert not (lib / "data").exists() and not (lib / "tests").exists()
    # Run from elsewhere with only the built packages: the data must come from bot_data.
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    run = subprocess.run(
        [sys.executable, "-c", USE_INSTALLED, str(lib)],
        cwd=outside,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == str(lib / "bot_data")

"""The benchmark command runs and reports every image kind (timings are not asserted)."""

from __future__ import annotations

from renderers.__main__ import main as cli
from renderers.bench import report, run
from tests.renderers.positions import engine


def test_bench_reports_each_image_kind():
    for name in ("tigris", "targi"):
        engine(name)  # skips while an engine is missing
    results = run(["tigris", "targi"], seed=3, positions=2, repeat=1, lang="en")
    assert [(r.game, r.kind) for r in results] == [
        ("tigris", "board"),
        ("tigris", "move"),
        ("tigris", "private"),
        ("targi", "board"),
        ("targi", "move"),
        ("targi", "private"),
    ]
    # the boards after each move: consecutive positions, the table's last board kept
    assert [len(r.times_ms) for r in results] == [2, 8, 2, 2, 8, 2]
    assert all(min(r.sizes) > 1000 for r in results)
    table = report(results).splitlines()
    assert len(table) == 7 and table[1].startswith("tigris board")


def test_the_command_explains_itself(capsys):
    assert cli([]) == 2
    assert "python -m renderers bench" in capsys.readouterr().err

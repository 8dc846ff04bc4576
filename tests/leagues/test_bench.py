"""The league tools run (figures are printed, never asserted: no timed tests)."""

from __future__ import annotations

import pytest

from bot.leagues.__main__ import main


def test_bench_prints_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    main(["bench", "--players", "24", "--history", "2", "--repeat", "1"])
    out = capsys.readouterr().out
    for label in (
        "Targi round robin",
        "T&E round robin",
        "Targi Swiss",
        "T&E Swiss",
        "standings of",
        "standings image",
    ):
        assert label in out
    assert "wall ms" in out and "CPU ms" in out

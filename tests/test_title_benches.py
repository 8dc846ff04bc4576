"""The benchmark commands take any title at tiny sizes and leave out, cleanly, a title that lacks
what they measure: the image benchmarks draw the titles with image targets
(``bench.image_targets_ms``), the AI benchmark the titles with an AI. Timings are not asserted.

Generic: each test runs on every installed title (``game_title``, see ``tests/conftest.py``),
and on a game's own title where its test folder imports it.
"""

from __future__ import annotations

import importlib

import pytest

from bot.ai import __main__ as ai_cli
from bot.ai.arena import bench as ai_bench
from bot.titles import Title
from renderers import bench


def _fewest_seats(entry: Title) -> int:
    return min(importlib.import_module(entry.engine).SEAT_COUNTS)


def test_the_image_benchmark_draws_a_title_by_its_targets(
    game_title: Title, capsys: pytest.CaptureFixture[str]
) -> None:
    name = game_title.name
    assert bench.main(["--positions", "1", "--repeat", "1"]) == 0
    lines = [line.split()[:2] for line in capsys.readouterr().out.splitlines()[1:]]
    drawn = [kind for game, kind in lines if game == name]
    if game_title.bench.image_targets_ms:
        assert drawn == ["board", "move", "private"]
    else:
        assert drawn == [] and name not in bench.image_games()
        # Asked for by name it is drawn all the same, with no target to meet.
        results = bench.run([name], seed=3, positions=2, repeat=1, lang="en")
        assert [r.kind for r in results] == ["board", "move", "private"]
        assert all(r.target_ms is None and min(r.sizes) > 100 for r in results)
        assert all(line.endswith(" -") for line in bench.report(results).splitlines()[1:])


def test_the_replay_benchmark_draws_a_title_s_replay_and_its_chart_if_any(
    game_title: Title,
) -> None:
    name = game_title.name
    listed = name in (game for game, _seats in bench.replay_games())
    assert listed == bool(game_title.bench.image_targets_ms)
    [result] = bench.run_replays(1, "en", [(name, _fewest_seats(game_title))])
    assert result.turns >= 1 and result.gif_bytes > 0
    assert (result.chart_cpu_ms is not None) == game_title.replay.has_chart
    row = bench.replay_report([result]).splitlines()[1]
    chart = row.split()[-2]  # the last column is the peak memory (only with --memory)
    assert row.startswith(f"{name} ") and chart.endswith(
        "ms" if game_title.replay.has_chart else "-"
    )


def test_the_ai_benchmark_times_a_title_with_an_ai_and_leaves_out_one_without(
    game_title: Title, capsys: pytest.CaptureFixture[str]
) -> None:
    name = game_title.name
    if game_title.ai.module is None:
        assert name not in ai_cli.ai_games()
        assert name not in (game for game, _seats in ai_cli.bench_tables())
        with pytest.raises(SystemExit) as refused:  # argparse: not one of the choices
            ai_cli.main(["bench", name])
        assert refused.value.code == 2 and "invalid choice" in capsys.readouterr().err
        return
    assert name in ai_cli.ai_games()
    figures = ai_bench(name, _fewest_seats(game_title), "easy", 2, 1)
    assert figures["positions"] == 2 and figures["cpu_max"] >= figures["cpu_median"] >= 0

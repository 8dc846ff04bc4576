"""Every generic test, on take-away alone: the engine contract and its fuzzing, the registry's
scan, the benchmarks at tiny sizes. Importing them here is all a game's own test folder does;
``tests/conftest.py`` runs them on this module's ``TITLE``, registered for each test."""

from __future__ import annotations

from tests.plugin_game import TITLE
from tests.test_contract import (
    test_garbage_and_illegal_input_change_nothing,
    test_random_playouts_keep_the_contract,
    test_replay_tool_prints_state_and_reports_illegal_action,
)
from tests.test_contract_fuzz import test_every_input_in_every_kind_of_position_keeps_the_contract
from tests.test_title_benches import (
    test_the_ai_benchmark_times_a_title_with_an_ai_and_leaves_out_one_without,
    test_the_image_benchmark_draws_a_title_by_its_targets,
    test_the_replay_benchmark_draws_a_title_s_replay_and_its_chart_if_any,
)
from tests.test_titles_registry import test_the_shared_layers_name_no_game_outside_the_registry_line

__all__ = [
    "TITLE",
    "test_every_input_in_every_kind_of_position_keeps_the_contract",
    "test_garbage_and_illegal_input_change_nothing",
    "test_random_playouts_keep_the_contract",
    "test_replay_tool_prints_state_and_reports_illegal_action",
    "test_the_ai_benchmark_times_a_title_with_an_ai_and_leaves_out_one_without",
    "test_the_image_benchmark_draws_a_title_by_its_targets",
    "test_the_replay_benchmark_draws_a_title_s_replay_and_its_chart_if_any",
    "test_the_shared_layers_name_no_game_outside_the_registry_line",
]

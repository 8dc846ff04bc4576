"""Every generic test, on take-away alone: the engine contract and its fuzzing, the registry's
scan, the benchmarks at tiny sizes, whole games through the service (its fixtures imported with
them). Importing them here is all a game's own test folder does; ``tests/conftest.py`` runs them
on this module's ``TITLE``, registered for each test."""

from __future__ import annotations

from tests.plugin_game import TITLE
from tests.service.conftest import clock, service
from tests.service.test_engines import (
    test_a_whole_game_with_a_restart_in_the_middle,
    test_bad_moves_change_nothing,
    test_racing_moves_for_one_seq_apply_once,
    test_resigning_off_turn_ends_the_game,
    test_views_mid_game_are_the_engines_views,
)
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
    "clock",
    "service",
    "test_a_whole_game_with_a_restart_in_the_middle",
    "test_bad_moves_change_nothing",
    "test_every_input_in_every_kind_of_position_keeps_the_contract",
    "test_garbage_and_illegal_input_change_nothing",
    "test_racing_moves_for_one_seq_apply_once",
    "test_random_playouts_keep_the_contract",
    "test_replay_tool_prints_state_and_reports_illegal_action",
    "test_resigning_off_turn_ends_the_game",
    "test_the_ai_benchmark_times_a_title_with_an_ai_and_leaves_out_one_without",
    "test_the_image_benchmark_draws_a_title_by_its_targets",
    "test_the_replay_benchmark_draws_a_title_s_replay_and_its_chart_if_any",
    "test_the_shared_layers_name_no_game_outside_the_registry_line",
    "test_views_mid_game_are_the_engines_views",
]

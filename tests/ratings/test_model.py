"""The chosen model's promises, as properties over random ratings and as simulation figures."""

from __future__ import annotations

import random
import statistics

from bot import ratings
from bot.ratings import simulate
from bot.ratings.model import CHOSEN, PROVISIONAL_GAMES, Skill, rate, shown
from bot.storage.ratings import ResultRow


def _random_skills(rng: random.Random, count: int) -> list[Skill]:
    return [Skill(rng.uniform(0.0, 50.0), rng.uniform(0.3, 25.0 / 3.0)) for _ in range(count)]


def test_a_sole_first_place_never_lowers_the_shown_rating() -> None:
    rng = random.Random(11)
    checked = 0
    for _ in range(3000):
        count = rng.choice([2, 3, 4])
        skills = _random_skills(rng, count)
        places = [rng.randrange(count) for _ in range(count)]
        low = min(places)
        places = [p - low for p in places]
        after = rate(skills, places)
        for seat in range(count):
            if places[seat] == 0 and places.count(0) == 1:
                checked += 1
                assert shown(after[seat]) >= shown(skills[seat]), (skills, places, seat)
    assert checked > 1000


def test_someone_elses_resignation_never_lowers_a_remaining_player() -> None:
    rng = random.Random(12)
    for _ in range(1000):
        count = rng.choice([3, 4])
        skills = _random_skills(rng, count)
        loser = rng.randrange(count)
        ranking = ratings.resign_ranking(count, loser)
        result = ResultRow(
            1,
            "tigris",
            1,
            0.0,
            "resigned",
            tuple(tuple(p) for p in ranking),
            tuple(range(count)),
            True,
        )
        places = [result.place_of(s) - 1 for s in range(count)]
        after = ratings._rated(result, skills, places)
        for seat in range(count):
            if seat == loser:
                assert shown(after[seat]) <= shown(skills[seat])
            else:
                assert shown(after[seat]) > shown(skills[seat])


def test_shown_scale() -> None:
    assert shown(Skill()) == ratings.STARTING_RATING == 1500.0
    assert shown(Skill(26.0, 1.0)) == 1530.0  # 30 points per unit of mu, sigma not subtracted
    assert PROVISIONAL_GAMES == 10


def test_the_simulation_shows_what_the_parameters_were_chosen_for() -> None:
    reports = simulate.simulate(seed=1, runs=3, candidates=[CHOSEN])
    assert {r.size for r in reports} == {2, 4}
    for report in reports:
        assert report.wins_lowering == 0 and report.wins > 1000
        assert report.spot_wins_lowering == 0 and report.spot_wins == simulate.SPOT_CHECKS
        improver = {g: statistics.fmean(v) for g, v in report.improver.items()}
        # Still rising long after 100 games, following the true improvement (+200).
        assert improver[simulate.STEPS] - improver[100] > 100
        assert improver[400] > improver[200] > improver[100]
        # A change of skill after 400 games is followed within a few dozen games.
        assert statistics.fmean(report.recovery) < 30


def test_the_default_tau_is_slower_to_follow_a_change() -> None:
    default = simulate.CANDIDATES[1]
    assert default.tau < CHOSEN.tau
    slow, chosen = simulate.simulate(seed=2, runs=3, sizes=(2,), candidates=[default, CHOSEN])
    assert statistics.fmean(slow.recovery) > statistics.fmean(chosen.recovery)


def test_mu_minus_three_sigma_can_lower_a_winners_shown_rating() -> None:
    """The complaint the shown number avoids, reproduced with openskill's defaults."""
    (report,) = simulate.simulate(seed=1, runs=1, sizes=(2,), candidates=[simulate.CANDIDATES[0]])
    assert report.params.shown_k == 3.0
    assert report.spot_wins_lowering > 0

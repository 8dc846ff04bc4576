"""``python -m bot ratings simulate``: simulated players of known skill, rated by candidate models.

Every step the whole population is dealt into games of 2 (or 4) players; a player's performance
in a game is their true skill plus random noise, and the places follow the performances. The
noise is Gumbel with openskill's scale for that many players (``BETA`` x sqrt(players)), which
makes the places follow exactly the Plackett-Luce law the model assumes, so a well-tuned model's
shown rating should approach the true skill. Three tracked players join a population of
ordinary ones (true skills spread around the start):

- *star*: much stronger than everyone, from the first game on;
- *improver*: starts average and gets steadily stronger for the whole run;
- *switcher*: strong for 400 games, then suddenly weak (a change of skill after many games).

For each candidate model it prints what players complain about: whether the shown rating still
moves after 100 games, how often a win lowered it, how far it is from the truth, how quickly it
follows a change of skill, and how much it jitters for a player whose skill does not change.
"""

from __future__ import annotations

import itertools
import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.ratings.model import BETA, CHOSEN, MU, SCALE, START, Params, Skill, rate

__all__ = ["CANDIDATES", "Report", "main_text", "simulate"]

CANDIDATES = (
    Params("openskill defaults, mu - 3 sigma shown", tau=25.0 / 300.0, shown_k=3.0),
    Params("openskill defaults, mu shown", tau=25.0 / 300.0),
    Params("tau 0.15, mu shown", tau=0.15),
    CHOSEN,
    Params("tau 0.6, mu shown", tau=0.6),
    Params("tau 0.3, mu - 1 sigma shown", tau=0.3, shown_k=1.0, limit_sigma=True),
)

POPULATION = 16  # divisible by 2 and by 4: everyone plays every step
STEPS = 600
SWITCH_AT = 400  # the switcher's drop, after many games
STAR = 8.0  # true skills, mu units above the start (x30 = shown points)
IMPROVER_GAIN = 8.0  # over the whole run
SWITCH = 6.0  # the switcher is +6 for the first half, then -6
SPREAD = 6.0  # ordinary players' true skills: sd in mu units around the start
SPOT_CHECKS = 4000
CHECKPOINTS = (5, 10, 15, 20, 30, 50, 100, 200, 400, 600)


@dataclass
class Report:
    """Figures for one model and one game size, summed over the repetitions."""

    params: Params
    size: int
    runs: int = 0
    wins: int = 0
    wins_lowering: int = 0
    losses: int = 0
    losses_raising: int = 0
    spot_wins: int = 0
    spot_wins_lowering: int = 0
    star: dict[int, list[float]] = field(default_factory=dict)
    improver: dict[int, list[float]] = field(default_factory=dict)
    improver_truth: dict[int, float] = field(default_factory=dict)
    error: dict[int, list[float]] = field(default_factory=dict)
    recovery: list[int] = field(default_factory=list)
    jitter: list[float] = field(default_factory=list)
    sigma: list[float] = field(default_factory=list)


def _true_shown(skill: float) -> float:
    return START + SCALE * (skill - MU)


def _places(performances: Sequence[float]) -> list[int]:
    order = sorted(range(len(performances)), key=lambda i: -performances[i])
    places = [0] * len(performances)
    for place, seat in enumerate(order):
        places[seat] = place
    return places


def _gumbel(rng: random.Random, scale: float) -> float:
    return -scale * math.log(-math.log(rng.random() or 1e-300))


def _run(params: Params, size: int, rng: random.Random, report: Report) -> None:
    half = SWITCH_AT
    noise = BETA * math.sqrt(size)
    ordinary = [MU + rng.gauss(0.0, SPREAD) for _ in range(POPULATION - 3)]
    skills = [Skill(params.mu, params.sigma) for _ in range(POPULATION)]
    star, improver, switcher = POPULATION - 3, POPULATION - 2, POPULATION - 1
    star_series: list[float] = []
    switched_at: int | None = None
    before_drop = 0.0
    for step in range(1, STEPS + 1):
        truth = [
            *ordinary,
            MU + STAR,
            MU + IMPROVER_GAIN * step / STEPS,
            MU + (SWITCH if step <= half else -SWITCH),
        ]
        seats = list(range(POPULATION))
        rng.shuffle(seats)
        for start in range(0, POPULATION, size):
            game = seats[start : start + size]
            places = _places([truth[p] + _gumbel(rng, noise) for p in game])
            before = [params.shown(skills[p]) for p in game]
            new = rate([skills[p] for p in game], places, params)
            for p, place, old, skill in zip(game, places, before, new, strict=True):
                skills[p] = skill
                if place == 0:
                    report.wins += 1
                    if params.shown(skill) < old - 1e-9:
                        report.wins_lowering += 1
                elif place == size - 1:
                    report.losses += 1
                    if params.shown(skill) > old + 1e-9:
                        report.losses_raising += 1
        shown_now = [params.shown(s) for s in skills]
        if step in CHECKPOINTS:
            report.star.setdefault(step, []).append(shown_now[star])
            report.improver.setdefault(step, []).append(shown_now[improver])
            report.improver_truth[step] = _true_shown(truth[improver])
            errors = [abs(shown_now[p] - _true_shown(truth[p])) for p in range(POPULATION - 3)]
            report.error.setdefault(step, []).append(statistics.median(errors))
        if step > STEPS // 4:
            star_series.append(shown_now[star])
        if step == half:
            before_drop = shown_now[switcher]
        # Followed half of the true drop (2 x SWITCH) from wherever the shown rating stood.
        target = before_drop - SWITCH * SCALE
        if step > half and switched_at is None and shown_now[switcher] <= target:
            switched_at = step - half
    report.recovery.append(switched_at if switched_at is not None else STEPS - half)
    report.sigma.append(statistics.fmean(s.sigma for s in skills))
    steps = [b - a for a, b in itertools.pairwise(star_series)]
    report.jitter.append(statistics.pstdev(steps) if steps else 0.0)
    report.runs += 1


def _spot_checks(params: Params, size: int, rng: random.Random, report: Report) -> None:
    """Single games between players in random states (any mu, any sigma down to a veteran's):
    how often does the sole winner's shown rating go down?"""
    for _ in range(SPOT_CHECKS):
        skills = [
            Skill(rng.uniform(5.0, 45.0), rng.uniform(0.5, params.sigma)) for _ in range(size)
        ]
        places = list(range(size))
        rng.shuffle(places)
        new = rate(skills, places, params)
        winner = places.index(0)
        report.spot_wins += 1
        if params.shown(new[winner]) < params.shown(skills[winner]) - 1e-9:
            report.spot_wins_lowering += 1


def simulate(
    seed: int,
    runs: int = 5,
    sizes: Sequence[int] = (2, 4),
    candidates: Sequence[Params] = CANDIDATES,
) -> list[Report]:
    """Every candidate on the same seeded populations and games."""
    reports = []
    for size in sizes:
        for params in candidates:
            report = Report(params, size)
            for run in range(runs):
                _run(params, size, random.Random(f"{seed}:{size}:{run}"), report)
            _spot_checks(params, size, random.Random(f"{seed}:{size}:spot"), report)
            reports.append(report)
    return reports


def _mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else 0.0


def main_text(seed: int, runs: int = 5) -> str:
    """The printed tables (docs/architecture.md quotes them)."""
    lines = [
        f"Simulated ratings (seed {seed}, {runs} runs of {STEPS} games per player, "
        f"{POPULATION} players, others' true skill sd {SPREAD * SCALE:.0f}; "
        f"star = +{STAR * SCALE:.0f}, improver 0 -> "
        f"+{IMPROVER_GAIN * SCALE:.0f}, switcher +{SWITCH * SCALE:.0f} -> "
        f"-{SWITCH * SCALE:.0f} at game {SWITCH_AT}; shown = 1500 + {SCALE:.0f} x mu-units)",
    ]
    for report in simulate(seed, runs):
        p = report.params
        chosen = "  <- chosen" if p == CHOSEN else ""
        lines.append("")
        lines.append(f"[{report.size} players] {p.name} (tau {p.tau:.3g}){chosen}")
        star = "  ".join(f"{g}:{_mean(report.star[g]):.0f}" for g in CHECKPOINTS)
        lines.append(f"  star shown after N games (true {_true_shown(MU + STAR):.0f}): {star}")
        imp = "  ".join(
            f"{g}:{_mean(report.improver[g]):.0f}/{report.improver_truth[g]:.0f}"
            for g in (50, 100, 200, 400, 600)
        )
        lines.append(f"  improver shown/true: {imp}")
        rising = _mean(report.improver[STEPS]) - _mean(report.improver[100])
        truth_gain = report.improver_truth[STEPS] - report.improver_truth[100]
        lines.append(
            f"  improver's rise from game 100 to {STEPS}: {rising:+.0f} (true {truth_gain:+.0f})"
        )
        lines.append(
            f"  wins that lowered the shown rating: {report.wins_lowering} of {report.wins} "
            f"(random states: {report.spot_wins_lowering} of {report.spot_wins}); "
            f"last places that raised it: {report.losses_raising} of {report.losses}"
        )
        err = "  ".join(f"{g}:{_mean(report.error[g]):.0f}" for g in CHECKPOINTS)
        lines.append(f"  others' median |shown - true| after N games: {err}")
        lines.append(
            f"  switcher: games after the drop until shown has fallen half of it: "
            f"{_mean(report.recovery):.0f} (runs: {', '.join(map(str, report.recovery))})"
        )
        lines.append(f"  mean sigma after {STEPS} games: {_mean(report.sigma):.2f}")
        lines.append(
            f"  star's game-to-game change (sd) after game {STEPS // 4}: "
            f"{_mean(report.jitter):.1f} points"
        )
    return "\n".join(lines)

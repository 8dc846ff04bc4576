"""The rating model: openskill's Plackett-Luce with the parameters chosen by simulation.

Pure (no database, no Discord): ``rate`` takes the players' current (mu, sigma) and the places
of one game and returns the new values; ``shown`` turns mu into the number players see. The
parameters and the reasons for them are in docs/architecture.md's "Ratings"; ``python -m bot
ratings simulate`` reproduces the figures they were chosen from.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from openskill.models import PlackettLuce

__all__ = [
    "BETA",
    "CHOSEN",
    "MU",
    "PROVISIONAL_GAMES",
    "SCALE",
    "SIGMA",
    "TAU",
    "Params",
    "Skill",
    "rate",
    "shown",
]

#: openskill's own scale: every player starts at mu 25, sigma 25/3.
MU = 25.0
SIGMA = 25.0 / 3.0
#: Performance noise per game (openskill's default, sigma / 2).
BETA = 25.0 / 6.0
#: Sigma's growth before each game (openskill's default is 25/300): large enough that a player
#: who has played hundreds of games still moves when their play changes.
TAU = 0.3
#: Shown points per unit of mu: 400 points ~ the stronger player wins 10 of 11 two-player games.
SCALE = 30.0
#: Shown rating of a new player.
START = 1500.0
#: A player is provisional for fewer games than this (why 10: docs/playing.md, "Ratings").
PROVISIONAL_GAMES = 10


@dataclass(frozen=True)
class Skill:
    """One player's rating state: the mean and uncertainty of their estimated skill."""

    mu: float = MU
    sigma: float = SIGMA


@dataclass(frozen=True)
class Params:
    """A model configuration: openskill's parameters plus how the shown number is made.

    ``shown_k`` is the number of sigmas subtracted from mu for display (0: mu itself).
    ``limit_sigma`` keeps a game from raising a player's sigma.
    """

    name: str
    mu: float = MU
    sigma: float = SIGMA
    beta: float = BETA
    tau: float = TAU
    shown_k: float = 0.0
    limit_sigma: bool = False

    def model(self) -> PlackettLuce:
        return _model(self)

    def shown(self, skill: Skill) -> float:
        return START + SCALE * (skill.mu - self.shown_k * skill.sigma - self.mu)


@cache
def _model(params: Params) -> PlackettLuce:
    return PlackettLuce(
        mu=params.mu,
        sigma=params.sigma,
        beta=params.beta,
        tau=params.tau,
        limit_sigma=params.limit_sigma,
    )


#: The configuration the bot uses.
CHOSEN = Params("chosen")


def shown(skill: Skill) -> float:
    """The rating players see: 1500 + 30 x (mu - 25), rounded only when printed."""
    return CHOSEN.shown(skill)


def rate(
    skills: Sequence[Skill], places: Sequence[int], params: Params | None = None
) -> list[Skill]:
    """New skills after one game; ``places[i]`` is seat i's place (0 = first, ties equal)."""
    model = (params or CHOSEN).model()
    teams = [[model.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    new = model.rate(teams, ranks=[float(p) for p in places])
    return [Skill(team[0].mu, team[0].sigma) for team in new]

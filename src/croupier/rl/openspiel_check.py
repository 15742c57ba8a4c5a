"""The coup game checked against croupier's solver: CFR+ to a target `nash_conv`, and
the solver's value on the same shoe (issue 17, item 4).

`solver_value` gives `croupier.solve.chemin_de_fer.solve` the shoe's cards counted by
value, and solves the cards model (each side knows its two cards' values), the coup game's.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass

from croupier.cards import Card
from croupier.games.baccarat import value
from croupier.solve import chemin_de_fer

__all__ = ["CfrRun", "run_cfr_plus", "solver_value"]


def solver_value(shoe: str) -> float:
    """croupier's equilibrium value of a coup dealt from `shoe`, to the punter a unit staked."""
    counts = Counter(value(Card.from_str(text)) for text in shoe.split())
    composition = [counts[v] for v in range(10)]
    return chemin_de_fer.solve(info=chemin_de_fer.Info.CARDS, counts=composition).value


@dataclass(frozen=True, slots=True)
class CfrRun:
    """What CFR+ reached: its `nash_conv`, the average policy's value to each player, the
    iterations run and the seconds they took (the `nash_conv` checks included)."""

    nash_conv: float
    values: tuple[float, float]
    iterations: int
    seconds: float


def run_cfr_plus(shoe: str, target: float = 1e-3, every: int = 5, limit: int = 1000) -> CfrRun:
    """OpenSpiel's CFR+ on the coup on `shoe` (stake 1) until `nash_conv` <= `target`,
    checked every `every` iterations, at most `limit` iterations."""
    import pyspiel  # type: ignore[import-not-found]
    from open_spiel.python.algorithms import (  # type: ignore[import-untyped]
        cfr,
        expected_game_score,
        exploitability,
    )

    from croupier.rl.openspiel import COUP, register

    register()
    game = pyspiel.load_game(COUP, {"shoe": shoe, "stake": 1})
    start = time.perf_counter()
    solver = cfr.CFRPlusSolver(game)
    conv, iteration = float("inf"), 0
    while iteration < limit and conv > target:
        solver.evaluate_and_update_policy()
        iteration += 1
        if iteration % every == 0:
            conv = float(exploitability.nash_conv(game, solver.average_policy()))
    seconds = time.perf_counter() - start
    average = solver.average_policy()
    punter, banker = expected_game_score.policy_value(game.new_initial_state(), [average] * 2)
    return CfrRun(conv, (float(punter), float(banker)), iteration, seconds)

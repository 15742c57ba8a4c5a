"""What a Punto Banco simulation found: each result's frequency and each bet's return, with
95% confidence intervals, beside the exact figures of a fresh shoe (a chance of drawing on 5
mixes those of drawing and standing)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np

from croupier.estimate import Z95, Estimate, estimate_json, exact_json, share
from croupier.games.baccarat import AtFive
from croupier.games.punto_banco import Bet, Rules
from croupier.odds.punto_banco import exact, house_edges
from croupier.sim.punto_banco import BANCO, PUNTO, TIE

__all__ = ["PuntoBancoResults", "fresh_shoe", "rules_json"]

_INDEX = {Bet.PUNTO: PUNTO, Bet.BANCO: BANCO, Bet.EGALITE: TIE}


@cache
def fresh_shoe(rules: Rules, at_five: AtFive) -> dict[Bet, Fraction]:
    """The exact chance of each result on a fresh shoe of these rules, punto drawing on 5
    with the chance `at_five` gives: the mix of drawing's odds and standing's."""
    draws = at_five.draws
    assert draws is not None, "the simulators play a chance of drawing"
    mixed = dict.fromkeys(Bet, Fraction(0))
    for play, weight in ((AtFive.DRAW, draws), (AtFive.STAND, 1 - draws)):
        if weight:
            for bet, p in exact(rules.decks, rules, play).probability.items():
                mixed[bet] += weight * p
    return mixed


def rules_json(rules: Rules, at_five: AtFive, **shoe: Any) -> dict[str, Any]:
    """The table's rules that the figures depend on, for `--json`'s `rules`: `shoe` (the
    decks, the cut card), the commission, what égalité pays, and punto's play on 5. Bets
    are named by their value, as `--bet` names them (punto, banco, egalite)."""
    return {
        **shoe,
        "commission": exact_json(rules.commission),
        "egalite_pays": rules.egalite_pays,
        "punto_at_5": str(at_five),
    }


@dataclass(frozen=True, slots=True)
class PuntoBancoResults:
    """Frequencies and house edges from counts [punto, banco, tie, shoes], dealt at a table
    of these `rules`."""

    counts: tuple[int, int, int, int]
    rules: Rules
    at_five: AtFive

    @classmethod
    def of(cls, counts: Any, rules: Rules, at_five: AtFive) -> PuntoBancoResults:
        punto, banco, tie, shoes = (int(c) for c in counts)
        return cls((punto, banco, tie, shoes), rules, at_five)

    @property
    def hands(self) -> int:
        return sum(self.counts[:3])

    def frequencies(self) -> dict[Bet, Estimate]:
        n, exact_p = self.hands, fresh_shoe(self.rules, self.at_five)
        return {bet: share(self.counts[index], n, exact_p[bet]) for bet, index in _INDEX.items()}

    def house_edges(self) -> dict[Bet, Estimate]:
        """Each bet's edge for the house, per chip staked, paid as the rules pay (PB-7)."""
        n, rules = self.hands, self.rules
        p = np.array(self.counts[:3]) / n
        p_exact = fresh_shoe(rules, self.at_five)
        exact = house_edges(p_exact[Bet.PUNTO], p_exact[Bet.BANCO], p_exact[Bet.EGALITE], rules)
        # what each bet returns per chip on a punto win, a banco win, a tie
        returns = {
            Bet.PUNTO: np.array([1.0, -1.0, 0.0]),
            Bet.BANCO: np.array([-1.0, float(1 - rules.commission), 0.0]),
            Bet.EGALITE: np.array([-1.0, -1.0, float(rules.egalite_pays)]),
        }
        out = {}
        for bet, r in returns.items():
            mean = float(p @ r)
            variance = float(p @ (r * r)) - mean * mean
            margin = Z95 * math.sqrt(variance / n) if n > 1 else math.inf  # one coup: no spread
            out[bet] = Estimate(-mean, margin, exact[bet])
        return out

    def as_json(self) -> dict[str, Any]:
        """Each result's probability and each bet's house edge, for `--json`'s `results`."""
        return {
            "probability": {b.value: estimate_json(e) for b, e in self.frequencies().items()},
            "house_edge": {b.value: estimate_json(e) for b, e in self.house_edges().items()},
        }

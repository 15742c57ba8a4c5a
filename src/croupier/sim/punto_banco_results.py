"""What a Punto Banco simulation found: each result's frequency and each bet's return, with
95% confidence intervals, beside the exact figures where a fresh shoe gives them."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from croupier.estimate import Z95, Estimate, share
from croupier.games.baccarat import AtFive
from croupier.games.punto_banco import Bet, Rules
from croupier.odds.punto_banco import exact, house_edges
from croupier.sim.punto_banco import BANCO, PUNTO, TIE

__all__ = ["PuntoBancoResults", "fresh_shoe"]

_INDEX = {Bet.PUNTO: PUNTO, Bet.BANCO: BANCO, Bet.EGALITE: TIE}
_NAMES = {Bet.PUNTO: "punto", Bet.BANCO: "banco", Bet.EGALITE: "tie"}


def fresh_shoe(rules: Rules, at_five: AtFive) -> dict[Bet, Fraction] | None:
    """The exact chance of each result on a fresh shoe of these rules, for a pure play on
    5 (None for a mixed one)."""
    return exact(rules.decks, rules, at_five).probability if at_five.pure else None


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
        out = {}
        for bet, index in _INDEX.items():
            out[bet] = share(self.counts[index], n, float(exact_p[bet]) if exact_p else None)
        return out

    def house_edges(self) -> dict[Bet, Estimate]:
        """Each bet's edge for the house, per chip staked, paid as the rules pay (PB-7)."""
        n, rules = self.hands, self.rules
        p = np.array(self.counts[:3]) / n
        p_exact = fresh_shoe(rules, self.at_five)
        exact = (
            house_edges(p_exact[Bet.PUNTO], p_exact[Bet.BANCO], p_exact[Bet.EGALITE], rules)
            if p_exact
            else None
        )
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
            exact_edge = float(exact[bet]) if exact else None
            out[bet] = Estimate(-mean, Z95 * math.sqrt(variance / n), exact_edge)
        return out

    def as_json(self) -> dict[str, Any]:
        """The frequencies by name, for `--json`'s `results`."""
        frequencies = self.frequencies()
        edges = self.house_edges()
        return {
            **{_NAMES[bet]: e.value for bet, e in frequencies.items()},
            "shoes": self.counts[3],
            "house_edge": {_NAMES[bet]: e.value for bet, e in edges.items()},
            "margin_95": {
                **{_NAMES[bet]: e.margin for bet, e in frequencies.items()},
                "house_edge": {_NAMES[bet]: e.margin for bet, e in edges.items()},
            },
        }

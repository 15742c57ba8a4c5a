"""What a Chemin de Fer simulation found: how often each side wins, how often a natural
settles the coup, and the banker's edge a unit staked, with and without the house's
commission (CF-16 variant), each with its 95% confidence interval, beside the exact figures
of a fresh shoe where the project has them.

The exact figures: the banker's edge without commission for any strategy, from the
solver's game in the totals model (`croupier.solve.chemin_de_fer`: the equilibrium's value,
or any strategy's payoff, exactly); each side's chance of winning, and so the edge with
commission, when the banker plays the casino tableau, which is Punto Banco's table
(`croupier.odds.punto_banco`, mixed over the punter's play on 5). Elsewhere, and for the
naturals, `exact` is None. These are the next coup's from a fresh shoe; whole shoes dealt
to the cut card differ from them by far less than a run's intervals.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np

from croupier.estimate import Z95, Estimate, share
from croupier.games.chemin_de_fer.rules import Rules, Winner
from croupier.games.punto_banco import Bet
from croupier.odds.punto_banco import AtFive, exact
from croupier.sim.chemin_de_fer import (
    BANKER,
    NATURALS,
    PUNTER,
    SHOES,
    TIE,
    Strategy,
    strategy,
)
from croupier.solve.chemin_de_fer import solve, tableau

__all__ = ["CF_16", "CheminDeFerResults", "Estimate", "exact_take"]

_INDEX = {Winner.PUNTERS: PUNTER, Winner.BANKER: BANKER, Winner.TIE: TIE}
_NAMES = {Winner.PUNTERS: "punter", Winner.BANKER: "banker", Winner.TIE: "tie"}
CF_16 = Fraction(5, 100)
"""The classic commission of the CF-16 variant."""


@cache
def _value(decks: int, play: Strategy) -> Fraction:
    """The banker's exact expectation a unit staked, no commission: minus the punter's
    payoff in the solver's game (totals model)."""
    return -solve(decks).game.payoff((play.draws_at_5,), play.cells())


@cache
def _at_five(decks: int, at_five: AtFive) -> dict[Bet, Fraction]:
    return exact(decks, at_five=at_five).probability


@cache
def _probabilities(decks: int, play: Strategy) -> dict[Winner, Fraction] | None:
    """Each side's exact chance of winning, when the banker plays the tableau: Punto
    Banco's coup (PB-12, PB-13c), punto being the punter, who draws on 5 with his chance."""
    if play.cells() != tableau():
        return None
    x = play.draws_at_5
    mixed = {bet: Fraction(0) for bet in Bet}
    for at_five, weight in ((AtFive.DRAW, x), (AtFive.STAND, 1 - x)):
        if weight:
            for bet, p in _at_five(decks, at_five).items():
                mixed[bet] += weight * p
    return {
        Winner.PUNTERS: mixed[Bet.PUNTO],
        Winner.BANKER: mixed[Bet.BANCO],
        Winner.TIE: mixed[Bet.EGALITE],
    }


def exact_take(rules: Rules, play: Strategy, net: tuple[int, int, int], stake: int) -> float | None:
    """What a stake of `stake` paid `net` (a punter win, a banker win, a tie) loses per chip,
    exactly, on a fresh shoe of these rules: from each side's chance where the project has
    it, else from the game's value for an even-money stake on either side."""
    decks = rules.decks
    chances = _probabilities(decks, play)
    if chances is not None:
        won = sum(chances[w] * net[_INDEX[w]] for w in Winner)
        return float(-won / stake)
    value = _value(decks, play)  # the banker's expectation a unit staked
    even = {(stake, -stake, 0): value, (-stake, stake, 0): -value}
    return float(even[net]) if net in even else None


@dataclass(frozen=True, slots=True)
class CheminDeFerResults:
    """Frequencies and the banker's edge from counts [punter, banker, tie, naturals,
    shoes] (`croupier.sim.chemin_de_fer.simulate`, added up), dealt at a table of these
    `rules` with both sides playing `strategy`. The edge with commission takes the rules'
    commission (CF-16 variant), or the classic 5% at a table that takes none."""

    counts: tuple[int, int, int, int, int]
    rules: Rules
    strategy: Strategy

    @classmethod
    def of(cls, counts: Any, rules: Rules, play: Strategy | str) -> CheminDeFerResults:
        """From a kernel's counts (a row, or rows to add up), the rules, and the strategy
        played (a `Strategy`, or its name for `strategy(name, rules.decks)`)."""
        totals = np.asarray(counts, dtype=np.int64)
        if totals.ndim == 2:
            totals = totals.sum(axis=0)
        punter, banker, tie, naturals, shoes = (int(c) for c in totals)
        played = play if isinstance(play, Strategy) else strategy(play, rules.decks)
        return cls((punter, banker, tie, naturals, shoes), rules, played)

    @property
    def decks(self) -> int:
        return self.rules.decks

    @property
    def commission(self) -> Fraction:
        """The rate for the edge with commission: the table's, or CF-16's classic 5%."""
        return self.rules.commission or CF_16

    @property
    def hands(self) -> int:
        return sum(self.counts[:3])

    @property
    def shoes(self) -> int:
        return self.counts[SHOES]

    def frequencies(self) -> dict[Winner, Estimate]:
        """How often each side wins, and how often they tie (CF-11, CF-14)."""
        n, exact_p = self.hands, _probabilities(self.decks, self.strategy)
        out = {}
        for winner, index in _INDEX.items():
            exact = float(exact_p[winner]) if exact_p else None
            out[winner] = share(self.counts[index], n, exact)
        return out

    def naturals(self) -> Estimate:
        """How often a natural settles the coup (CF-11); no exact figure is kept for it."""
        return share(self.counts[NATURALS], self.hands)

    def banker_edge(self, commission: Any = 0) -> Estimate:
        """The banker's expected gain a unit staked (negative: the punters' advantage), the
        house taking `commission` of his winning coups (CF-14; CF-16 variant)."""
        rate = Fraction(commission)
        n = self.hands
        p = np.array(self.counts[:3]) / n
        r = np.array([-1.0, 1.0 - float(rate), 0.0])  # a punter win, a banker win, a tie
        mean = float(p @ r)
        variance = float(p @ (r * r)) - mean * mean
        return Estimate(mean, Z95 * math.sqrt(max(variance, 0.0) / n), self._exact_edge(rate))

    def _exact_edge(self, rate: Fraction) -> float | None:
        if rate == 0:
            return float(_value(self.decks, self.strategy))
        exact_p = _probabilities(self.decks, self.strategy)
        if exact_p is None:
            return None
        return float(exact_p[Winner.BANKER] * (1 - rate) - exact_p[Winner.PUNTERS])

    def as_json(self) -> dict[str, Any]:
        """The figures by name, for `--json`'s `results`."""
        frequencies = self.frequencies()
        naturals = self.naturals()
        edges = {
            "no_commission": self.banker_edge(),
            "commission": self.banker_edge(self.commission),
        }
        return {
            "strategy": self.strategy.name,
            "draw_at_5": float(self.strategy.draws_at_5),
            "decks": self.decks,
            **{_NAMES[w]: e.value for w, e in frequencies.items()},
            "naturals": naturals.value,
            "shoes": self.shoes,
            "commission": float(self.commission),
            "banker_edge": {name: e.value for name, e in edges.items()},
            "margin_95": {
                **{_NAMES[w]: e.margin for w, e in frequencies.items()},
                "naturals": naturals.margin,
                "banker_edge": {name: e.margin for name, e in edges.items()},
            },
            "exact": {
                **{_NAMES[w]: e.exact for w, e in frequencies.items()},
                "naturals": None,
                "banker_edge": {name: e.exact for name, e in edges.items()},
            },
        }

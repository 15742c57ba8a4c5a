"""What a Chemin de Fer simulation found: how often each side wins, how often a natural
settles the coup, and the banker's edge a unit staked, with and without the house's
commission (CF-16 variant), each with its 95% confidence interval, beside the exact figures
of the next coup of a fresh shoe, for the strategy played (`croupier.odds.chemin_de_fer`).
Whole shoes dealt to the cut card differ from those by far less than a run's intervals.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np

from croupier.estimate import Z95, Estimate, estimate_json, exact_json, share
from croupier.games.chemin_de_fer.rules import Rules, Winner
from croupier.odds.chemin_de_fer import natural, outcomes
from croupier.sim.chemin_de_fer import (
    BANKER,
    NATURALS,
    PUNTER,
    SHOES,
    TIE,
    Strategy,
    strategy,
)

__all__ = ["CF_16", "CheminDeFerResults", "Estimate", "exact_take", "rules_json", "strategy_json"]

_INDEX = {Winner.PUNTERS: PUNTER, Winner.BANKER: BANKER, Winner.TIE: TIE}
_NAMES = {Winner.PUNTERS: "punter", Winner.BANKER: "banker", Winner.TIE: "tie"}
CF_16 = Fraction(5, 100)
"""The classic commission of the CF-16 variant."""


@cache
def _chances(decks: int, play: Strategy) -> dict[Winner, Fraction]:
    """Each side's exact chance of winning the next coup of a fresh shoe, and of a tie."""
    return outcomes(decks, play.draws_at_5, play.cells())


def exact_take(rules: Rules, play: Strategy, net: tuple[int, int, int], stake: int) -> Fraction:
    """What a stake of `stake` paid `net` (a punter win, a banker win, a tie) loses per chip,
    exactly, on a fresh shoe of these rules."""
    chances = _chances(rules.decks, play)
    return -sum((chances[w] * net[_INDEX[w]] for w in Winner), Fraction(0)) / stake


def rules_json(rules: Rules) -> dict[str, Any]:
    """The table's rules, for `--json`'s `rules`."""
    return {
        "decks": rules.decks,
        "burn": rules.burn,
        "cut_card": rules.cut_card,
        "commission": exact_json(rules.commission),
    }


def strategy_json(play: Strategy) -> dict[str, Any]:
    """The strategy both sides play, by name, and the punter's chance of drawing on 5."""
    return {"name": play.name, "punter_draws_at_5": exact_json(play.draws_at_5)}


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
        n, chances = self.hands, _chances(self.decks, self.strategy)
        return {w: share(self.counts[index], n, chances[w]) for w, index in _INDEX.items()}

    def naturals(self) -> Estimate:
        """How often a natural settles the coup (CF-11)."""
        return share(self.counts[NATURALS], self.hands, natural(self.decks))

    def banker_edge(self, commission: Any = 0) -> Estimate:
        """The banker's expected gain a unit staked (negative: the punters' advantage), the
        house taking `commission` of his winning coups (CF-14; CF-16 variant)."""
        rate = Fraction(commission)
        n = self.hands
        p = np.array(self.counts[:3]) / n
        r = np.array([-1.0, 1.0 - float(rate), 0.0])  # a punter win, a banker win, a tie
        mean = float(p @ r)
        variance = float(p @ (r * r)) - mean * mean
        chances = _chances(self.decks, self.strategy)
        exact = chances[Winner.BANKER] * (1 - rate) - chances[Winner.PUNTERS]
        margin = Z95 * math.sqrt(max(variance, 0.0) / n) if n > 1 else math.inf  # one coup
        return Estimate(mean, margin, exact)

    def as_json(self) -> dict[str, Any]:
        """The figures by name, for `--json`'s `results`."""
        return {
            "strategy": strategy_json(self.strategy),
            "probability": {_NAMES[w]: estimate_json(e) for w, e in self.frequencies().items()},
            "natural": estimate_json(self.naturals()),
            "commission": exact_json(self.commission),
            "banker_edge": {
                "no_commission": estimate_json(self.banker_edge()),
                "with_commission": estimate_json(self.banker_edge(self.commission)),
            },
        }

"""What a Polish Banchek simulation found: how the banks ended (tripled, broke, or never),
how long those that ended lasted, and how often the punters won, with 95% confidence
intervals, beside the exact figures where there are some (RULES BN-6, BN-10).

Exact figures, from `croupier.odds.banchek.random_hand`:

- the first hand of each bank is dealt from a fresh shuffle, so the punter wins it with the
  chance of a random hand, `random_hand().win`, whatever the policy;
- against punters who stake the whole bank ("bank"), a bank ends on its first hand if the
  punter wins it (broken) and else on its second (doubled, then broken or quadrupled), so
  it lasts `2 - random_hand().win` hands on average.

`croupier.odds.banchek` does not compute the chance that a bank triples (for the "bank"
policy it is the chance that the first two hands both lose, two hands from one pack), so
that figure has no exact one beside it. Nor do the other shares and means: the hands played
are not a fair sample (a bank stops after the hand that ends it), and the pack is never
reshuffled within a bank.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from croupier.estimate import Z95, Estimate, share, wilson
from croupier.games.banchek.rules import Rules
from croupier.odds.banchek import random_hand
from croupier.sim.banchek import (
    BANKS,
    BROKE,
    COUNTS,
    ENDLESS,
    FIRST_WON,
    HANDS,
    HANDS_SQUARED,
    ROUNDS,
    ROUNDS_SQUARED,
    TRIPLED,
    WON,
    WON_HANDS,
    WON_SQUARED,
    Ending,
    Policy,
)

__all__ = ["BanchekResults"]

_ENDED = {Ending.TRIPLED: TRIPLED, Ending.BROKE: BROKE, Ending.ENDLESS: ENDLESS}


def _mean(total: int, squares: int, n: int, exact: float | None = None) -> Estimate | None:
    """The mean of `n` values from their sum and the sum of their squares; None of none."""
    if not n:
        return None
    mean = total / n
    if n < 2:
        return Estimate(mean, math.inf, exact)
    variance = max(squares - total * mean, 0.0) / (n - 1)
    return Estimate(mean, Z95 * math.sqrt(variance / n), exact)


@dataclass(frozen=True, slots=True)
class BanchekResults:
    """The figures from the kernel's counts (`croupier.sim.banchek`) of banks at the table
    `rules` (each bank put up at `rules.bank`, stakes from `rules.minimum`) against
    `punters` punters staking by `policy`."""

    counts: tuple[int, ...]
    punters: int
    policy: Policy
    rules: Rules

    @classmethod
    def of(
        cls, counts: Any, punters: int, policy: Policy | str, rules: Rules | None = None
    ) -> BanchekResults:
        """From the counts summed over slices (and chunks)."""
        flat = tuple(int(c) for c in counts)
        if len(flat) != COUNTS:
            raise ValueError(f"{len(flat)} counts: a Banchek run has {COUNTS}")
        return cls(flat, punters, Policy.of(policy), rules or Rules())

    @property
    def bank(self) -> int:
        """The bank put up (BN-2)."""
        return self.rules.bank

    @property
    def minimum(self) -> int:
        """The smallest stake (BN-5)."""
        return self.rules.minimum

    @property
    def banks(self) -> int:
        return self.counts[BANKS]

    def banks_that(self, ending: Ending) -> int:
        """How many banks tripled, broke, or never ended."""
        return self.counts[_ENDED[ending]]

    @property
    def ended(self) -> int:
        """Banks that tripled or broke: those the means are over."""
        return self.banks - self.counts[ENDLESS]

    def share(self, ending: Ending) -> Estimate:
        """The share of banks that ended so (no exact figure: see the module notes)."""
        return share(self.banks_that(ending), self.banks)

    def wilson(self, ending: Ending) -> tuple[float, float]:
        """The 95% Wilson interval of that share: unlike the normal margin of `share`, not
        empty when no bank, or every bank, ended so."""
        return wilson(self.banks_that(ending), self.banks)

    def rounds(self) -> Estimate | None:
        """The mean rounds dealt in a bank that ended (the round it ended in counted)."""
        return _mean(self.counts[ROUNDS], self.counts[ROUNDS_SQUARED], self.ended)

    def hands(self) -> Estimate | None:
        """The mean hands played in a bank that ended; exact against the "bank" policy."""
        exact = 2 - float(random_hand().win) if self.policy is Policy.BANK else None
        return _mean(self.counts[HANDS], self.counts[HANDS_SQUARED], self.ended, exact)

    def hands_won(self) -> Estimate | None:
        """The share of the hands played in the banks that ended that the punters won (a
        ratio over banks: the hands of one bank are not independent)."""
        y, n = self.counts[HANDS], self.ended
        if not y:
            return None
        x = self.counts[WON]
        r = x / y
        if n < 2:
            return Estimate(r, math.inf)
        residual = self.counts[WON_SQUARED] - 2 * r * self.counts[WON_HANDS]
        residual = max(residual + r * r * self.counts[HANDS_SQUARED], 0.0)
        return Estimate(r, Z95 * math.sqrt(residual * n / (n - 1)) / y)

    def first_hand(self) -> Estimate:
        """The share of banks whose first hand the punter won: a random hand's chance, from
        a fresh pack, exactly (BN-6)."""
        return share(self.counts[FIRST_WON], self.banks, float(random_hand().win))

    def as_json(self) -> dict[str, Any]:
        """Shares and means as plain numbers, each with its 95% margin and the exact figure
        (null where there is none), for `--json`'s `results`."""
        return {
            "punters": self.punters,
            "policy": self.policy.value,
            "bank": self.bank,
            "minimum": self.minimum,
            "banks": self.banks,
            **{ending.value: _json(self.share(ending)) for ending in Ending},
            "rounds": _json(self.rounds()),
            "hands": _json(self.hands()),
            "hands_won": _json(self.hands_won()),
            "first_hand_won": _json(self.first_hand()),
        }


def _json(estimate: Estimate | None) -> dict[str, Any]:
    if estimate is None:
        return {"value": None, "margin_95": None, "exact": None}
    margin = estimate.margin if math.isfinite(estimate.margin) else None
    value = estimate.value if math.isfinite(estimate.value) else None
    return {"value": value, "margin_95": margin, "exact": estimate.exact}

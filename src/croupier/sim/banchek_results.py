"""What a Polish Banchek simulation found: how the banks ended (tripled, broke, or never),
how long those that ended lasted, and how often the punters won, with 95% confidence
intervals, beside the exact figures where there are some (RULES BN-6, BN-10).

Exact figures, from `croupier.odds.banchek`:

- the first hand of each bank is dealt from a fresh shuffle, so the punter wins it with the
  chance of a random hand, `random_hand().win`, whatever the policy;
- against punters who stake the whole bank ("bank"), a bank ends on its first hand if the
  punter wins it (broken) and else on its second (doubled, then broken or quadrupled), so
  it lasts `2 - random_hand().win` hands on average (in one round, unless a lone punter
  plays both), triples as often as `bold_triples()` says, breaks otherwise, and always ends.

Against the other policies a bank lasts many hands from one pack, never reshuffled, which
`croupier.odds.banchek` does not follow, so their shares and means have no exact figure;
nor has the share of hands the punters win (a bank stops after the hand that ends it, so
the hands played are not a fair sample).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from croupier.estimate import Z95, Estimate, bounded, estimate_json, share
from croupier.games.banchek.rules import Rules
from croupier.odds.banchek import bold_triples, random_hand
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

__all__ = ["BanchekResults", "rules_json"]

_ENDED = {Ending.TRIPLED: TRIPLED, Ending.BROKE: BROKE, Ending.ENDLESS: ENDLESS}


def rules_json(rules: Rules) -> dict[str, Any]:
    """The table's rules, for `--json`'s `rules`: the bank put up, the smallest stake, the
    seats (BN-1, BN-2, BN-5)."""
    return {"bank": rules.bank, "minimum": rules.minimum, "seats": rules.seats}


def _mean(total: int, squares: int, n: int, exact: Fraction | None = None) -> Estimate | None:
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
        """The share of banks that ended so, with its Wilson interval; exact against the
        "bank" policy."""
        exact = None
        if self.policy is Policy.BANK:
            tripled = bold_triples()
            exact = {Ending.TRIPLED: tripled, Ending.BROKE: 1 - tripled}.get(ending, Fraction(0))
        return share(self.banks_that(ending), self.banks, exact)

    def rounds(self) -> Estimate | None:
        """The mean rounds dealt in a bank that ended (the round it ended in counted); exact
        against the "bank" policy: its two hands are one round's, or two of one punter's."""
        exact = None
        if self.policy is Policy.BANK:
            exact = 2 - random_hand().win if self.punters == 1 else Fraction(1)
        return _mean(self.counts[ROUNDS], self.counts[ROUNDS_SQUARED], self.ended, exact)

    def hands(self) -> Estimate | None:
        """The mean hands played in a bank that ended; exact against the "bank" policy."""
        exact = 2 - random_hand().win if self.policy is Policy.BANK else None
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
        return bounded(Estimate(r, Z95 * math.sqrt(residual * n / (n - 1)) / y))

    def first_hand(self) -> Estimate:
        """The share of banks whose first hand the punter won: a random hand's chance, from
        a fresh pack, exactly (BN-6)."""
        return share(self.counts[FIRST_WON], self.banks, random_hand().win)

    def as_json(self) -> dict[str, Any]:
        """The figures by name, for `--json`'s `results`: who staked how, the banks played,
        and each share and mean as `estimate_json` writes it."""
        return {
            "punters": self.punters,
            "policy": self.policy.value,
            "banks": self.banks,
            **{ending.value: estimate_json(self.share(ending)) for ending in Ending},
            "rounds": estimate_json(self.rounds()),
            "hands": estimate_json(self.hands()),
            "hands_won": estimate_json(self.hands_won()),
            "first_hand_won": estimate_json(self.first_hand()),
        }

"""What a Private Monte Bank simulation found: the flat bettor's and the counter's edge per
chip staked, on each deal of a shuffle and over whole shuffles, with 95% confidence
intervals, beside the exact figure where there is one (RULES PM-5, PM-6, PM-8).

The flat bettor's exact edge is that of the first deal, `first_deal().edge`, on every deal:
before a deal is seen, every card of the pack is as likely to be any of its five, whatever
the deals before it (none of them is looked at), so each deal is a first deal. The
counter's, and how often he bets, are `croupier.odds.private_monte_counter`'s.

An edge is a ratio, the net result over the stakes, of figures summed over independent
units: the deals of one number (one from each shuffle), or whole shuffles. Its interval is
the usual one for a ratio estimate (the delta method), from the sums of squares and
products that the kernel keeps, so it allows for the two layouts of a deal sharing their
gate and for the deals of a shuffle sharing their pack.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from croupier.estimate import Z95, Estimate, bounded, estimate_json, share
from croupier.games.private_monte.rules import PrivateRules
from croupier.odds.private_monte import first_deal
from croupier.odds.private_monte_counter import CountedDeal, counter
from croupier.sim.private_monte import (
    BETS,
    BETS_SQUARED,
    COLUMNS,
    DEALS_BET,
    DEALS_BET_SQUARED,
    DEALT,
    PRODUCTS,
    SHUFFLE,
    SQUARES,
    STATS,
    WINS,
    Bettor,
    stat,
)

__all__ = ["Bettor", "PrivateMonteResults", "rules_json"]


def _ratio(x: int, y: int, xx: int, xy: int, yy: int, n: int) -> tuple[float, float]:
    """The ratio `x / y` of sums over `n` independent units, and the half-width of its 95%
    interval, from the sums of squares and products (`y` > 0)."""
    r = x / y
    if n < 2:
        return r, math.inf
    residual = max(xx - 2 * r * xy + r * r * yy, 0.0)  # sum of (x - r y)^2 over the units
    return r, Z95 * math.sqrt(residual * n / (n - 1)) / y


def rules_json(rules: PrivateRules) -> dict[str, Any]:
    """The table's rules, for `--json`'s `rules`: the deals of a shuffle and the stakes'
    limits (PM-4, PM-8)."""
    return {"deals_per_bank": rules.deals_per_bank, "cava": rules.cava, "limit": rules.limit}


@dataclass(frozen=True, slots=True)
class PrivateMonteResults:
    """The figures from the kernel's counts (`croupier.sim.private_monte`) of shuffles at
    the table `rules`, of `rules.deals_per_bank` deals each."""

    counts: tuple[int, ...]
    rules: PrivateRules

    @classmethod
    def of(cls, counts: Any, rules: PrivateRules | None = None) -> PrivateMonteResults:
        """From the counts summed over slices (and chunks)."""
        flat = tuple(int(c) for c in counts)
        if len(flat) != STATS * COLUMNS:
            raise ValueError(f"{len(flat)} counts: a Private Monte run has {STATS * COLUMNS}")
        return cls(flat, rules or PrivateRules())

    @property
    def deals(self) -> int:
        """The deals of a shuffle (PM-8)."""
        deals = self.rules.deals_per_bank
        assert deals is not None  # PrivateRules allows no other
        return deals

    def _get(self, row: int, column: int) -> int:
        return self.counts[row * COLUMNS + column]

    @property
    def shuffles(self) -> int:
        return self._get(DEALT, SHUFFLE)

    def _column(self, deal: int | None) -> int:
        if deal is None:
            return SHUFFLE
        if not 1 <= deal <= self.deals:
            raise ValueError(f"deal {deal!r}: the deals of a shuffle are 1 to {self.deals}")
        return deal - 1

    def bets(self, bettor: Bettor, deal: int | None = None) -> int:
        """Layouts backed on deal number `deal` of each shuffle, or on every deal (None)."""
        return self._get(stat(bettor.index, BETS), self._column(deal))

    def wins(self, bettor: Bettor, deal: int | None = None) -> int:
        return self._get(stat(bettor.index, WINS), self._column(deal))

    def edge(self, bettor: Bettor, deal: int | None = None) -> Estimate | None:
        """The bettor's mean result per chip staked, on deal number `deal` or over all
        (None), beside the exact figure; None with no bets."""
        column = self._column(deal)
        index = bettor.index
        y = self._get(stat(index, BETS), column)
        if not y:
            return None
        x = 2 * self._get(stat(index, WINS), column) - y
        value, margin = _ratio(
            x,
            y,
            self._get(stat(index, SQUARES), column),
            self._get(stat(index, PRODUCTS), column),
            self._get(stat(index, BETS_SQUARED), column),
            self._get(DEALT, column),
        )
        return Estimate(value, margin, self._exact_edge(bettor, deal))

    def _exact_edge(self, bettor: Bettor, deal: int | None) -> Fraction | None:
        if bettor is Bettor.FLAT:
            return first_deal().edge
        deals = self._counted(deal)
        staked = sum((d.bets for d in deals), Fraction(0))
        won = sum((2 * d.wins - d.bets for d in deals), Fraction(0))
        return won / staked if staked else None

    def _counted(self, deal: int | None) -> tuple[CountedDeal, ...]:
        """The counter's deals, exactly: deal number `deal`, or every deal of a shuffle."""
        deals = counter()[: self.deals]
        return deals if deal is None else deals[self._column(deal) : deal]

    def by_deal(self, bettor: Bettor) -> tuple[Estimate | None, ...]:
        """The edge on each deal of a shuffle, the first first."""
        return tuple(self.edge(bettor, deal) for deal in range(1, self.deals + 1))

    def share_bet(self, bettor: Bettor, deal: int | None = None) -> Estimate:
        """The share of deals (of number `deal`, or all) on which the bettor bet at all:
        for one deal number a share of independent shuffles (its Wilson interval), over all
        a ratio (the deals of a shuffle share its pack), its interval held to [0, 1]."""
        column = self._column(deal)
        index = bettor.index
        units = self._get(DEALT, column)
        bet = self._get(stat(index, DEALS_BET), column)
        if bettor is Bettor.FLAT:
            exact = Fraction(1)
        else:
            deals = self._counted(deal)
            exact = sum((d.bet_at_all for d in deals), Fraction(0)) / len(deals)
        if deal is not None:
            return share(bet, units, exact)
        if not units:
            return Estimate(math.nan, math.inf, exact)
        per_unit = self.deals
        value, margin = _ratio(
            bet,
            units * per_unit,
            self._get(stat(index, DEALS_BET_SQUARED), column),
            bet * per_unit,
            units * per_unit * per_unit,
            units,
        )
        return bounded(Estimate(value, margin, exact))

    def as_json(self) -> dict[str, Any]:
        """Each bettor's figures, over all deals and by deal, for `--json`'s `results`: the
        banker's edge per chip the bettor stakes, the share of deals he bets on, and the
        layouts he backed."""
        return {bettor.value: self.bettor_json(bettor) for bettor in Bettor}

    def bettor_json(self, bettor: Bettor) -> dict[str, Any]:
        """One bettor's figures, as `as_json` gives them."""

        def figures(deal: int | None) -> dict[str, Any]:
            return {
                "banker_edge": estimate_json(_against(self.edge(bettor, deal))),
                "share_bet": estimate_json(self.share_bet(bettor, deal)),
                "bets": self.bets(bettor, deal),
            }

        by_deal = [{"deal": deal, **figures(deal)} for deal in range(1, self.deals + 1)]
        return {**figures(None), "by_deal": by_deal}


def _against(edge: Estimate | None) -> Estimate | None:
    """The banker's side of a bettor's edge: the same figure, its sign turned."""
    if edge is None:
        return None
    exact = None if edge.exact is None else -edge.exact
    return Estimate(-edge.value, edge.margin, exact)

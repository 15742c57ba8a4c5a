"""What counting the pack is worth at Private Monte Bank, exactly, deal by deal (RULES PM-5,
PM-8).

The counter backs a layout only when the cards seen since the shuffle make it better than
even (`croupier.odds.private_monte.backs`, the rule the bots and the kernel follow). Only
suits matter, to him and to the gate, so a shuffle is followed as the unseen cards of each
suit, deal after deal. The pack is shuffled uniformly, so a deal's five cards (the top
layout's two, the bottom's, then the gate, PM-3, PM-5) are any five unseen cards in any
order, each as likely; and suits are alike, so the counts are kept sorted. Weights are
numbers of ordered sequences of cards, whole numbers, as in the other calculators.

    >>> first, second, *_ = counter()
    >>> first.bets, second.edge > 0
    (Fraction(0, 1), True)
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product
from math import prod

from croupier.cards import Suit, monte_pack
from croupier.games.private_monte.rules import CARDS_A_DEAL, MOST_DEALS
from croupier.odds.private_monte import backs

__all__ = ["CountedDeal", "counter"]

_SUITS = len(Suit)
_PER_SUIT = len(monte_pack()) // _SUITS
_LAYOUTS = 2


@dataclass(frozen=True, slots=True)
class CountedDeal:
    """The counter on one deal of a shuffle, in expectation: the layouts he backs, those of
    them that win, and the chance that he backs one at all."""

    bets: Fraction
    wins: Fraction
    bet_at_all: Fraction

    @property
    def edge(self) -> Fraction | None:
        """His expectation per chip staked (paid 1 to 1, PM-6), over the deals of this
        number; None if he never bets on it."""
        return (2 * self.wins - self.bets) / self.bets if self.bets else None


@cache
def counter() -> tuple[CountedDeal, ...]:
    """The counter on each deal of a shuffle, the first first, as far as a shuffle deals
    (six deals, PM-8; a shuffle of fewer deals is their beginning)."""
    states: dict[tuple[int, ...], int] = {(_PER_SUIT,) * _SUITS: 1}
    out = []
    for d in range(MOST_DEALS):
        unseen = _SUITS * _PER_SUIT - CARDS_A_DEAL * d
        gates = unseen - 2 * _LAYOUTS  # the gate is any card still unseen
        bets = wins = at_all = 0
        after: defaultdict[tuple[int, ...], int] = defaultdict(int)
        for left, ways in states.items():
            for layouts in product(range(_SUITS), repeat=2 * _LAYOUTS):
                seen, weight = list(left), ways
                for suit in layouts:  # the layouts' four cards, in turn
                    weight *= seen[suit]
                    seen[suit] -= 1
                if not weight:
                    continue
                backed = 0
                for first, second in (layouts[:2], layouts[2:]):
                    covered = seen[first] + seen[second] * (second != first)
                    if backs(covered, gates):
                        backed += 1
                        wins += weight * covered
                bets += weight * gates * backed
                at_all += weight * gates * (backed > 0)
                for gate in range(_SUITS):
                    if seen[gate]:
                        seen[gate] -= 1
                        after[tuple(sorted(seen))] += weight * (seen[gate] + 1)
                        seen[gate] += 1
        total = prod(range(unseen - CARDS_A_DEAL + 1, _SUITS * _PER_SUIT + 1))
        out.append(
            CountedDeal(Fraction(bets, total), Fraction(wins, total), Fraction(at_all, total))
        )
        states = after
    return tuple(out)

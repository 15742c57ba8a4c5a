"""Exact odds of Private Monte Bank's layout bet, and what counting the pack is worth
(RULES PM-5, PM-6, PM-8).

    >>> first_deal().win
    Fraction(102, 247)
    >>> layout_odds(cards("2S 5C"), seen=cards("AD 3H")).win
    Fraction(1, 2)

A layout bet wins when the gate's suit is one of the layout's (PM-5) and pays 1 to 1 with no
cut (PM-6), so its edge is `2 * win - 1`. To a punter who has seen some cards, the gate is
any card he has not seen, each as likely: the exact chance is a count of suits. Before the
layout is dealt, its two cards and the gate are three of the unseen cards, each three as
likely, which `next_layout_odds` sums over the suits exactly.

The private form deals up to six layouts from one shuffle (PM-8), so the cards seen in the
earlier deals tell a counter which suits are left. `simulate` plays many shuffles with a
fixed seed: a flat bettor, who backs both layouts on every deal, and the counter, who backs a
layout only when its exact chance given the cards seen is above one half; it reports each
one's edge per bet, with a 95% confidence interval, overall and for each deal of a shuffle.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.cards import Card, Suit, monte_pack
from croupier.cards import read_cards as cards
from croupier.errors import InvalidInput
from croupier.estimate import Z95
from croupier.games.monte_bank.deal import LAYOUT_ENDS
from croupier.games.private_monte.rules import CARDS_A_DEAL, MOST_DEALS
from croupier.shoe import End

__all__ = [
    "Edge",
    "LayoutOdds",
    "Simulation",
    "cards",
    "first_deal",
    "layout_odds",
    "next_layout_odds",
    "outcomes",
    "positions",
    "report",
    "should_bet",
    "simulate",
    "suits_left",
]

_PACK = monte_pack()
_SUITS = tuple(Suit)
_PER_SUIT = len(_PACK) // len(_SUITS)
_LAYOUT = 2
"""Cards in one layout (PM-3)."""


@dataclass(frozen=True, slots=True)
class LayoutOdds:
    """A layout bet's exact chance of winning; it pays 1 to 1 (PM-6)."""

    win: Fraction

    @property
    def edge(self) -> Fraction:
        """The punter's expectation per chip staked (negative: the banker's edge)."""
        return 2 * self.win - 1


def suits_left(seen: Iterable[Card]) -> dict[Suit, int]:
    """How many cards of each suit the punter has not seen; `InvalidInput` for a card that is
    not in the 40-card pack, or one seen twice."""
    seen = tuple(seen)
    strangers = sorted({str(card) for card in seen if card not in _PACK})
    if strangers:
        raise InvalidInput(
            f"{', '.join(strangers)}: not in the 40-card pack (no eights, nines or tens)"
        )
    twice = sorted(str(card) for card, n in Counter(seen).items() if n > 1)
    if twice:
        raise InvalidInput(f"{', '.join(twice)}: seen twice, but the pack has one of each")
    counts = Counter(card.suit for card in seen)
    return {suit: _PER_SUIT - counts[suit] for suit in _SUITS}


def layout_odds(layout: Sequence[Card], seen: Iterable[Card] = ()) -> LayoutOdds:
    """The exact chance that a bet on this dealt layout wins, to a punter who has seen its
    cards and `seen` (the layout's cards may be among them)."""
    if len(layout) != _LAYOUT:
        raise InvalidInput(f"a layout is {_LAYOUT} cards, not {len(layout)}")
    left = suits_left(dict.fromkeys((*seen, *layout)))  # a layout card once, seen or not
    unseen = sum(left.values())
    if unseen == 0:
        raise InvalidInput("every card is seen: there is no gate left to show")
    covered = sum(left[suit] for suit in {card.suit for card in layout})
    return LayoutOdds(Fraction(covered, unseen))


def should_bet(layout: Sequence[Card], seen: Iterable[Card] = ()) -> bool:
    """The counter's rule: back the layout only when it is more likely to win than lose."""
    return layout_odds(layout, seen).win > Fraction(1, 2)


def next_layout_odds(seen: Iterable[Card] = ()) -> LayoutOdds:
    """The exact chance that a bet on a layout not yet dealt wins, given the cards seen.

    The gate and the layout's two cards are three distinct unseen cards, each three as
    likely; the layout loses when neither of its cards has the gate's suit.
    """
    left = suits_left(seen)
    n = sum(left.values())
    if n < _LAYOUT + 1:
        raise InvalidInput(f"only {n} cards are unseen: a layout and its gate need three")
    lose = sum(
        Fraction(g, n) * Fraction(n - g, n - 1) * Fraction(n - g - 1, n - 2) for g in left.values()
    )
    return LayoutOdds(Fraction(1) - lose)


def first_deal() -> LayoutOdds:
    """A layout bet on the first deal of a fresh pack."""
    return next_layout_odds(())


# -- the counter, simulated ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Edge:
    """A bettor's results on some deals: bets made, their mean result per chip, and the
    half-width of its 95% confidence interval."""

    deals: int
    deals_bet: int
    bets: int
    edge: float
    margin: float

    @property
    def share_bet(self) -> float:
        """The share of deals on which he bet at all."""
        return self.deals_bet / self.deals if self.deals else 0.0

    @classmethod
    def of(cls, bet: npt.NDArray[np.bool_], won: npt.NDArray[np.bool_]) -> Edge:
        """From `bet` and `won`, each (deals, layouts): whether each layout was backed, and
        whether it won."""
        results = np.where(won[bet], 1.0, -1.0)
        n = len(results)
        edge = float(results.mean()) if n else 0.0
        margin = Z95 * float(results.std(ddof=1)) / math.sqrt(n) if n > 1 else math.inf
        return cls(len(bet), int(bet.any(axis=1).sum()), n, edge, margin)

    def as_json(self) -> dict[str, Any]:
        """Edge per bet (null with no bets) and share of deals bet."""
        return {"edge_per_bet": self.edge if self.bets else None, "share_bet": self.share_bet}


@dataclass(frozen=True, slots=True)
class Simulation:
    """A seeded simulation of `shuffles` shuffles of `deals` deals each: each bettor overall
    and by deal number of a shuffle (the first deal is number 1)."""

    shuffles: int
    seed: int
    flat: tuple[Edge, ...]
    counter: tuple[Edge, ...]

    @property
    def deals(self) -> int:
        return len(self.counter)

    @staticmethod
    def overall(by_deal: Sequence[Edge]) -> Edge:
        """The pooled figures of every deal."""
        bets = sum(e.bets for e in by_deal)
        edge = sum(e.edge * e.bets for e in by_deal) / bets if bets else 0.0
        # the pooled variance of results of +-1: 1 - mean squared, per bet
        margin = Z95 * math.sqrt(max(1 - edge * edge, 0.0) / bets) if bets else math.inf
        return Edge(
            sum(e.deals for e in by_deal), sum(e.deals_bet for e in by_deal), bets, edge, margin
        )


def positions(deals: int = MOST_DEALS) -> npt.NDArray[np.intp]:
    """For each deal of a shuffle, where its five cards lie in the pack (top card first), in
    the order dealt: the top layout's two (from the bottom), the bottom layout's two (from
    the top), then the gate (from the bottom) (PM-3, PM-5, PM-7)."""
    top, bottom = 0, len(_PACK) - 1
    where = []
    for _ in range(deals):
        deal = []
        for end in (*LAYOUT_ENDS, End.BOTTOM):
            if end is End.TOP:
                deal.append(top)
                top += 1
            else:
                deal.append(bottom)
                bottom -= 1
        where.append(deal)
    return np.array(where, dtype=np.intp).reshape(deals, CARDS_A_DEAL)


def outcomes(
    suits: npt.NDArray[np.int8], deals: int = MOST_DEALS
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """For packs given as suit numbers (shuffles, 40), the index of each card's suit in
    `Suit`: for each shuffle, deal and layout (top, bottom), whether the counter backs it and
    whether it wins, as arrays (shuffles, deals, 2)."""
    shuffles = len(suits)
    dealt = suits[:, positions(deals)]  # (shuffles, deals, 5)
    one_hot = dealt[..., None] == np.arange(len(_SUITS))  # (shuffles, deals, 5, suits)
    before = np.cumsum(one_hot.sum(axis=2), axis=1) - one_hot.sum(axis=2)  # earlier deals
    layouts = dealt[..., : 2 * _LAYOUT].reshape(shuffles, deals, 2, _LAYOUT)
    gate = dealt[..., 2 * _LAYOUT]
    seen = before + one_hot[:, :, : 2 * _LAYOUT].sum(axis=2)  # and this deal's layout
    left = _PER_SUIT - seen  # (shuffles, deals, suits)
    unseen = left.sum(axis=2)
    first, second = layouts[..., 0], layouts[..., 1]
    cover = np.take_along_axis(left, first, axis=2) + np.where(
        first == second, 0, np.take_along_axis(left, second, axis=2)
    )
    bet = 2 * cover > unseen[..., None]
    won = (first == gate[..., None]) | (second == gate[..., None])
    return bet, won


def simulate(shuffles: int = 100_000, seed: int = 1, deals: int = MOST_DEALS) -> Simulation:
    """Play `shuffles` shuffles of `deals` deals each, with numpy's generator seeded by
    `seed` (the same seed, the same figures)."""
    if not 1 <= deals <= MOST_DEALS:
        raise InvalidInput(f"deals={deals} is not valid: 1 to {MOST_DEALS} a shuffle (PM-8)")
    if shuffles < 2:
        raise InvalidInput(f"shuffles={shuffles} is not valid: at least 2")
    rng = np.random.default_rng(seed)
    pack = np.repeat(np.arange(len(_SUITS), dtype=np.int8), _PER_SUIT)
    suits = rng.permuted(np.tile(pack, (shuffles, 1)), axis=1)
    bet, won = outcomes(suits, deals)
    everything = np.ones_like(bet)
    return Simulation(
        shuffles,
        seed,
        flat=tuple(Edge.of(everything[:, d], won[:, d]) for d in range(deals)),
        counter=tuple(Edge.of(bet[:, d], won[:, d]) for d in range(deals)),
    )


def report(simulation: Simulation) -> dict[str, Any]:
    """The exact first deal and the counter's simulated results, as plain JSON values."""
    first = first_deal()
    overall = Simulation.overall(simulation.counter)
    return {
        "game": "private-monte",
        "first_deal": {"win": str(first.win), "edge": float(first.edge)},
        "counter": {
            "edge_per_bet": overall.edge if overall.bets else None,
            "share_of_deals_bet": overall.share_bet,
            "by_deal": [
                {"deal": n, **edge.as_json()} for n, edge in enumerate(simulation.counter, 1)
            ],
        },
        "simulation": {"shuffles": simulation.shuffles, "seed": simulation.seed},
    }

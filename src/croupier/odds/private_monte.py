"""Exact odds of Private Monte Bank's layout bet, given the cards seen (RULES PM-3, PM-5,
PM-6, PM-7, PM-8).

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
earlier deals tell a counter which suits are left. His rule is `backs`, on whole numbers
(`should_bet` on cards): the engine's bots follow it, and the kernel of
`croupier.sim.private_monte` compiles it. What counting is worth, deal by deal, is
`croupier.odds.private_monte_counter`'s, exactly, and simulated by that kernel.
`positions` says where each deal's cards lie in the pack (PM-3, PM-5, PM-7).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from croupier import i18n
from croupier.cards import Card, Suit, monte_pack
from croupier.cards import read_cards as cards
from croupier.errors import InvalidConfig, InvalidInput
from croupier.estimate import exact_json
from croupier.games.monte_bank.deal import LAYOUT_ENDS
from croupier.games.monte_bank.view import MonteView
from croupier.games.private_monte.rules import CARDS_A_DEAL, MOST_DEALS, Row
from croupier.shoe import End

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "LayoutOdds",
    "backs",
    "cards",
    "check_position",
    "first_deal",
    "layout_json",
    "layout_odds",
    "layouts",
    "next_layout_odds",
    "positions",
    "report",
    "should_bet",
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
        said = i18n._("{cards}: not in the 40-card pack (no eights, nines or tens)")
        raise InvalidInput(said.format(cards=", ".join(strangers)))
    twice = sorted(str(card) for card, n in Counter(seen).items() if n > 1)
    if twice:
        said = i18n._("{cards}: seen twice, but the pack has one of each")
        raise InvalidInput(said.format(cards=", ".join(twice)))
    counts = Counter(card.suit for card in seen)
    return {suit: _PER_SUIT - counts[suit] for suit in _SUITS}


def _covered(layout: Sequence[Card], seen: Iterable[Card]) -> tuple[int, int]:
    """The unseen cards of the layout's suits, and all the unseen cards, to a punter who has
    seen its cards and `seen` (the layout's cards may be among them)."""
    if len(layout) != _LAYOUT:
        said = i18n._("a layout is {cards} cards, not {given}")
        raise InvalidInput(said.format(cards=_LAYOUT, given=len(layout)))
    left = suits_left(dict.fromkeys((*seen, *layout)))  # a layout card once, seen or not
    unseen = sum(left.values())
    if unseen == 0:
        raise InvalidInput(i18n._("every card is seen: there is no gate left to show"))
    return sum(left[suit] for suit in {card.suit for card in layout}), unseen


def layout_odds(layout: Sequence[Card], seen: Iterable[Card] = ()) -> LayoutOdds:
    """The exact chance that a bet on this dealt layout wins, to a punter who has seen its
    cards and `seen` (the layout's cards may be among them): the gate is any unseen card."""
    covered, unseen = _covered(layout, seen)
    return LayoutOdds(Fraction(covered, unseen))


def check_position(seen: Sequence[Card], layout: Sequence[Card] = ()) -> None:
    """`InvalidInput` unless `seen` can be the cards of earlier deals from one shuffle and
    `layout` a layout dealt after them: every card in the pack and met once, no more seen
    than the deals before the last show (PM-3, PM-5, PM-8)."""
    suits_left((*seen, *layout))
    most = CARDS_A_DEAL * (MOST_DEALS - 1)
    if len(seen) > most:
        said = i18n._(
            "{named} cards is more than the {deals} deals before the last show ({most}): no "
            "deal of this shuffle is left (PM-8)"
        )
        form = said.format(named="{named}", deals=MOST_DEALS - 1, most=most)
        raise InvalidConfig(form, {"seen": str(len(seen))})


def backs(covered: int, unseen: int) -> bool:
    """The counter's rule: back a layout only when it is more likely to win than lose, that
    is when the unseen cards of its suits, `covered`, are more than half of the `unseen`
    (PM-5). Plain arithmetic, which numba compiles for the kernel."""
    return 2 * covered > unseen


def should_bet(layout: Sequence[Card], seen: Iterable[Card] = ()) -> bool:
    """The counter's rule, `backs`, for a dealt layout given the cards seen."""
    return backs(*_covered(layout, seen))


def next_layout_odds(seen: Iterable[Card] = ()) -> LayoutOdds:
    """The exact chance that a bet on a layout not yet dealt wins, given the cards seen.

    The gate and the layout's two cards are three distinct unseen cards, each three as
    likely; the layout loses when neither of its cards has the gate's suit.
    """
    left = suits_left(seen)
    n = sum(left.values())
    if n < _LAYOUT + 1:
        said = i18n._("only {n} cards are unseen: a layout and its gate need three")
        raise InvalidInput(said.format(n=n))
    lose = sum(
        Fraction(g, n) * Fraction(n - g, n - 1) * Fraction(n - g - 1, n - 2) for g in left.values()
    )
    return LayoutOdds(Fraction(1) - lose)


def first_deal() -> LayoutOdds:
    """A layout bet on the first deal of a fresh pack."""
    return next_layout_odds(())


def positions(deals: int = MOST_DEALS) -> npt.NDArray[np.intp]:
    """For each deal of a shuffle, where its five cards lie in the pack (top card first), in
    the order dealt: the top layout's two (from the bottom), the bottom layout's two (from
    the top), then the gate (from the bottom) (PM-3, PM-5, PM-7). (numpy is imported here,
    for the simulator's kernels: a bot's odds need none of it.)"""
    import numpy as np

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


def report() -> dict[str, Any]:
    """The exact first deal, as JSON (docs/json.md)."""
    return {"first_deal": layout_json(first_deal())}


def layout_json(odds: LayoutOdds) -> dict[str, Any]:
    """A layout bet's chance and the banker's edge against it, as JSON."""
    return {"win": exact_json(odds.win), "banker_edge": exact_json(-odds.edge)}


def layouts(view: MonteView) -> list[tuple[Row, list[Card], LayoutOdds]]:
    """Each layout of the deal `view` shows, its cards, and its exact odds given every card
    seen since the shuffle."""
    layout = view.layout
    assert layout is not None
    found = []
    for row in Row:
        cards = [layout.card(spot) for spot in layout.places if spot in row.spots]
        found.append((row, cards, layout_odds(cards, view.seen)))
    return found

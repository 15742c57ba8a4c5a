"""Private Monte Bank's rule set and its one rule of play: the gate's suit (RULES PM-1,
PM-4, PM-5, PM-6, PM-8).

The table itself (the first banker, the monte, the shuffles and cuts, the limit of the
bank, the bank passing left) is Monte Bank's, shared, not copied.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from croupier.cards import Card
from croupier.errors import InvalidConfig
from croupier.games.monte_bank.layout import GROUPS, Spot
from croupier.games.monte_bank.rules import Rules
from croupier.i18n import _

__all__ = [
    "CARDS_A_DEAL",
    "MOST_DEALS",
    "UNDEALT",
    "PrivateRules",
    "Row",
    "row_wins",
    "suits_win",
]

MOST_DEALS = 6
"""Deals from one shuffle, at the most (PM-8)."""

UNDEALT = 10
"""Cards that must stay undealt, so that the suits left cannot be counted out (PM-8)."""

CARDS_A_DEAL = 5
"""Four layout cards and the gate (PM-3, PM-5)."""


class Row(enum.Enum):
    """The two layouts a punter may back (PM-4)."""

    TOP = "top"
    BOTTOM = "bottom"

    @property
    def spots(self) -> frozenset[Spot]:
        return GROUPS[self.value]


@dataclass(frozen=True, slots=True)
class PrivateRules(Rules):
    """Private Monte: no cutter and no cut; stakes from the cava to an agreed `limit` (and
    never over the bank, PM-6); the banker deals `deals_per_bank` deals from one shuffle."""

    limit: int = 500
    deals_per_bank: int | None = MOST_DEALS
    cut: Fraction = Fraction(0)

    def __post_init__(self) -> None:
        if self.deals_per_bank is None or not 1 <= self.deals_per_bank <= MOST_DEALS:
            said = _("deals_per_bank = {deals} is not valid: 1 to {most} (PM-8)")
            raise InvalidConfig(
                said.format(deals=self.deals_per_bank, most=MOST_DEALS)
            )  # before the club form's checks, whose words do not fit the private bank's term
        Rules.__post_init__(self)
        if self.limit < self.cava:
            said = _("limit = {limit} is not valid: at least the cava")
            raise InvalidConfig(said.format(limit=self.limit))
        if self.cut or self.extra_cards:
            raise InvalidConfig(_("the private form has no house cut and no added cards"))


def suits_win(first: Any, second: Any, gate: Any) -> bool:
    """A layout of two cards of these suits wins when the gate's suit is either's, or both's
    (PM-5): suits, or the kernels' suit numbers. Written once, in numba's subset and without
    a branch (the simulation kernel compiles it)."""
    return (gate == first) | (gate == second)  # type: ignore[no-any-return]


def row_wins(cards: Iterable[Card], gate: Card) -> bool:
    """A layout's bets win when the gate's suit is that of either of its cards (PM-5)."""
    first, second = cards
    return bool(suits_win(first.suit, second.suit, gate.suit))

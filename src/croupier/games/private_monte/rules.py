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
from croupier.engine.rule_options import End, option, refuse
from croupier.games.monte_bank.layout import GROUPS, Spot
from croupier.games.monte_bank.rules import Rules
from croupier.i18n import N_, _

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

    limit: int = option(
        500, N_("The largest stake (PM-4)."), "PM-4", low=1,
        reason=N_("at least 1 chip"), stake="stake", end=End.HIGH,
    )  # fmt: skip
    deals_per_bank: int | None = option(
        MOST_DEALS,
        N_("Deals from one shuffle before the bank passes (PM-8)."),
        "PM-8",
        low=1,
        high=MOST_DEALS,
        reason=N_("1 to {high} (PM-8)"),
    )
    cut: Fraction = option(
        Fraction(0),
        N_("The house's cut: none in the private form (PM-6)."),
        "PM-6",
        low=0,
        high=0,
        reason=N_("the private form has no house cut"),
    )
    extra_cards: int = option(
        0,
        N_("Unpaired cards added to the layout: none in the private form (PM-3)."),
        "PM-3",
        low=0,
        high=0,
        reason=N_("the private form has no added cards"),
    )

    def __post_init__(self) -> None:
        Rules.__post_init__(self)
        if self.limit < self.cava:
            raise refuse({"limit": str(self.limit)}, _("at least the cava"))


def suits_win(first: Any, second: Any, gate: Any) -> bool:
    """A layout of two cards of these suits wins when the gate's suit is either's, or both's
    (PM-5): suits, or the kernels' suit numbers. Written once, in numba's subset and without
    a branch (the simulation kernel compiles it)."""
    return (gate == first) | (gate == second)  # type: ignore[no-any-return]


def row_wins(cards: Iterable[Card], gate: Card) -> bool:
    """A layout's bets win when the gate's suit is that of either of its cards (PM-5)."""
    first, second = cards
    return bool(suits_win(first.suit, second.suit, gate.suit))

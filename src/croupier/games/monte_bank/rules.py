"""Monte Bank's rule set (RULES MB-1, MB-4, MB-8, MB-13, MB-15, MB-17)."""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from fractions import Fraction

from croupier.engine.rule_options import check, option, rate, refuse
from croupier.i18n import N_, _

__all__ = ["Cap", "CutOn", "Rules"]


class CutOn(enum.Enum):
    """When the house takes its 25% of a winner's winnings (MB-13)."""

    GATE = "gate"
    """Reading: the card backed falls on the gate, the very first card shown."""
    FIRST_FALL = "first-fall"
    """Variant: it falls on the first card that makes a layout card fall in the deal (an
    ordinary match, MB-10c, is no fall)."""


class Cap(enum.Enum):
    """What the monte limits in a deal (MB-4)."""

    NET = "net"
    """Reading: the banker's net loss; stakes won in the deal refill the bank."""
    GROSS = "gross"
    """Variant: the payouts alone."""


@dataclass(frozen=True, slots=True)
class Rules:
    """A Monte Bank rule set; the defaults are the text's readings."""

    seats: int = option(
        8, N_("Seats at the table (MB-1)."), "MB-1", low=2, high=12, reason=N_("2 to 12 (MB-1)")
    )
    cava: int = option(
        10,
        N_("The smallest stake (MB-8, PM-4)."),
        "MB-8",
        low=1,
        reason=N_("at least 1 chip"),
        stake="stake",
    )
    minimum_monte: int = option(
        100, N_("The smallest monte a banker puts up (MB-4)."), "MB-4", low=1,
        reason=N_("at least 1 chip"), stake="monte",
    )  # fmt: skip
    cut: Fraction = rate(
        Fraction(1, 4),
        N_("The house's cut of a winner's winnings (MB-13): 25%, 0.25 or 1/4."),
        "MB-13",
    )
    cut_on: CutOn = option(
        CutOn.GATE,
        N_(
            "When the house takes its cut of a win (MB-13): gate (a win on the first card shown), "
            "or first-fall (the variant: on the first card that makes a spot fall)."
        ),
        "MB-13",
    )
    cap: Cap = option(
        Cap.NET,
        N_(
            "What the monte limits (MB-4): net (the banker's net loss in a deal) or gross "
            "(the payouts)."
        ),
        "MB-4",
    )
    deals_per_bank: int | None = option(
        None,
        N_("Deals a banker deals before the bank passes (MB-15); none for as long as he likes."),
        "MB-15",
        low=1,
        reason=N_("at least 1, or none for as long as he likes"),
    )
    extra_cards: int = option(
        0,
        N_("MB-17 variant: unpaired cards added to the layout."),
        "MB-17",
        low=0,
        high=2,
        reason=N_("0, or 1 or 2 for the Zecchinetta-style variant (MB-17)"),
    )

    def __post_init__(self) -> None:
        check(self)
        if self.minimum_monte < self.cava:
            values = {"cava": str(self.cava), "minimum_monte": str(self.minimum_monte)}
            raise refuse(values, _("the smallest monte is at least the cava"))

    def cut_on_winnings(self, winnings: int) -> int:
        """The house's cut, rounded half up to a whole chip (MB-13)."""
        return math.floor(winnings * self.cut + Fraction(1, 2))

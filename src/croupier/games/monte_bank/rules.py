"""Monte Bank's rule set (RULES MB-1, MB-4, MB-8, MB-13, MB-15, MB-17)."""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from fractions import Fraction

from croupier.errors import InvalidConfig
from croupier.i18n import _

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

    seats: int = 8
    cava: int = 10
    minimum_monte: int = 100
    cut: Fraction = Fraction(1, 4)
    cut_on: CutOn = CutOn.GATE
    cap: Cap = Cap.NET
    deals_per_bank: int | None = None
    extra_cards: int = 0

    def __post_init__(self) -> None:
        if not 2 <= self.seats <= 12:
            said = _("seats = {seats} is not valid: 2 to 12 (MB-1)")
            raise InvalidConfig(said.format(seats=self.seats))
        if self.cava < 1 or self.minimum_monte < self.cava:
            raise InvalidConfig(
                _("the cava is at least 1 chip, and the smallest monte at least the cava")
            )
        if not 0 <= self.cut < 1:
            raise InvalidConfig(_("cut = {cut} is not valid: from 0 up to 1").format(cut=self.cut))
        if self.deals_per_bank is not None and self.deals_per_bank < 1:
            raise InvalidConfig(_("deals_per_bank is at least 1, or none for as long as he likes"))
        if not 0 <= self.extra_cards <= 2:
            said = _(
                "extra_cards = {extra} is not valid: 0, or 1 or 2 for the Zecchinetta-style "
                "variant (MB-17)"
            )
            raise InvalidConfig(said.format(extra=self.extra_cards))

    def cut_on_winnings(self, winnings: int) -> int:
        """The house's cut, rounded half up to a whole chip (MB-13)."""
        return math.floor(winnings * self.cut + Fraction(1, 2))

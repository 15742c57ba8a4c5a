"""Chemin de Fer's rule set (RULES CF-1, CF-2, CF-4, CF-13, CF-16) and its small vocabularies."""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from fractions import Fraction

from croupier.engine.rule_options import check, option, rate
from croupier.i18n import N_

__all__ = ["BankerPlay", "Hand", "Outcome", "Rules", "Winner"]


class Hand(enum.Enum):
    """The two hands of a coup: the punters' (played by the largest stake) and the banker's."""

    PUNTER = "punter"
    BANKER = "banker"


class Winner(enum.Enum):
    PUNTERS = "punters"
    BANKER = "banker"
    TIE = "tie"


class Outcome(enum.Enum):
    WIN = "win"
    LOSE = "lose"
    PUSH = "push"


class BankerPlay(enum.Enum):
    """How the banker plays his third card (CF-13)."""

    FREE = "free"
    """The text: seeing the punter's third card, or that he stood, the banker chooses freely."""
    TABLEAU = "tableau"
    """Variant: the casino table, every cell forced; the table of PB-12, and against a punter
    who stood, drawing on 0-5."""


@dataclass(frozen=True, slots=True)
class Rules:
    """A Chemin de Fer rule set; the defaults are the text's."""

    decks: int = option(
        6, N_("Decks in the shoe (CF-2)."), "CF-2", low=3, reason=N_("at least 3 full decks (CF-2)")
    )
    seats: int = option(
        10, N_("Seats at the table (CF-1)."), "CF-1", low=2, high=20, reason=N_("2 to 20 (CF-1)")
    )
    burn: int = option(
        3,
        N_("Cards burned at each shoe (CF-4)."),
        "CF-4",
        choices=(3, 4),
        reason=N_("3 or 4 cards (CF-4)"),
    )
    minimum_bank: int = option(
        100, N_("The smallest bank a banker puts up (CF-3)."), "CF-3", low=1,
        reason=N_("at least 1 chip"), stake="bank",
    )  # fmt: skip
    minimum_stake: int = option(
        10, N_("The smallest stake against the bank (CF-7)."), "CF-7", low=1,
        reason=N_("at least 1 chip"), stake="stake",
    )  # fmt: skip
    banker_play: BankerPlay = option(
        BankerPlay.FREE,
        N_("free: the banker chooses freely (CF-13); tableau: the casino table."),
        "CF-13",
    )
    commission: Fraction = rate(
        Fraction(0),
        N_(
            "The house's commission on a banker's winning coup: 5%, 0.05 or 1/20 "
            "(CF-16 variant; the text has none)."
        ),
        "CF-16",
    )
    cut_card: int = option(
        10,
        N_("Cards behind the cut card (the text names none)."),
        low=6,
        high=52,
        reason=N_("6 to 52 from the bottom"),
    )

    def __post_init__(self) -> None:
        check(self)

    def commission_on(self, win: int) -> int:
        """The house's commission on a banker's winning coup, rounded half up (CF-16)."""
        return math.floor(win * self.commission + Fraction(1, 2))

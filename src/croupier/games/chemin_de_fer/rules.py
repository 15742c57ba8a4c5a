"""Chemin de Fer's rule set (RULES CF-1, CF-2, CF-4, CF-13, CF-16) and its small vocabularies."""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from fractions import Fraction

from croupier.errors import InvalidConfig
from croupier.i18n import _

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

    decks: int = 6
    seats: int = 10
    burn: int = 3
    minimum_bank: int = 100
    minimum_stake: int = 10
    banker_play: BankerPlay = BankerPlay.FREE
    commission: Fraction = Fraction(0)
    cut_card: int = 10

    def __post_init__(self) -> None:
        if self.decks < 3:
            said = _("decks = {decks} is not valid: at least 3 full decks (CF-2)")
            raise InvalidConfig(said.format(decks=self.decks))
        if not 2 <= self.seats <= 20:
            raise InvalidConfig(
                _("seats = {seats} is not valid: 2 to 20 (CF-1)").format(seats=self.seats)
            )
        if self.burn not in (3, 4):
            raise InvalidConfig(
                _("burn = {burn} is not valid: 3 or 4 cards (CF-4)").format(burn=self.burn)
            )
        if self.minimum_bank < 1 or self.minimum_stake < 1:
            raise InvalidConfig(_("the minimum bank and the minimum stake are at least 1 chip"))
        if not 0 <= self.commission < 1:
            said = _("commission = {commission} is not valid: from 0 up to 1")
            raise InvalidConfig(said.format(commission=self.commission))
        if not 6 <= self.cut_card <= 52:
            said = _("cut_card = {cut_card} is not valid: 6 to 52 from the bottom")
            raise InvalidConfig(said.format(cut_card=self.cut_card))

    def commission_on(self, win: int) -> int:
        """The house's commission on a banker's winning coup, rounded half up (CF-16)."""
        return math.floor(win * self.commission + Fraction(1, 2))

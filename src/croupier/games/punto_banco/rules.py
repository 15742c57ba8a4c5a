"""Punto Banco's rule set: the table, the limits, the payouts and the variants.

Defaults follow the text; every setting is checked when the rule set is made.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass, replace
from fractions import Fraction

from croupier.cards import Card, Rank
from croupier.engine.rule_options import check, option, rate
from croupier.errors import InvalidConfig
from croupier.games.baccarat import AtFive
from croupier.i18n import N_, _

__all__ = [
    "Bet",
    "CommissionTiming",
    "Decision",
    "Hand",
    "Limits",
    "Rules",
    "Stakes",
    "TableSize",
    "Tableau",
    "burn_count",
]


class Hand(enum.Enum):
    """The two hands of a coup."""

    PUNTO = "punto"
    BANCO = "banco"


class Bet(enum.Enum):
    """The three bets (PB-6); also names the winner of a coup."""

    PUNTO = "punto"
    BANCO = "banco"
    EGALITE = "egalite"

    @property
    def label(self) -> str:
        return "égalité" if self is Bet.EGALITE else self.value


class Decision(enum.Enum):
    """The punto side's choice on 5 (PB-13e)."""

    DRAW = "draw"
    STAND = "stand"


class TableSize(enum.Enum):
    """The two tables of PB-1."""

    LARGE = "large"
    SMALL = "small"

    @property
    def decks(self) -> int:
        return 8 if self is TableSize.LARGE else 6

    @property
    def boxes(self) -> int:
        return 16 if self is TableSize.LARGE else 7


class Tableau(enum.Enum):
    """How punto plays on 5: the text's choice (PB-13e), or always draw (PB-14)."""

    TEXT = "text"
    FIXED = "fixed"


class CommissionTiming(enum.Enum):
    """When banco's commission is taken (PB-7): at once, or owed until the shoe ends."""

    EACH_COUP = "each-coup"
    END_OF_SHOE = "end-of-shoe"


@dataclass(frozen=True, slots=True)
class Limits:
    """A bet's table range, whole chips, both ends allowed (PB-6)."""

    low: int
    high: int

    def __post_init__(self) -> None:
        if not 1 <= self.low <= self.high:
            said = _("limits {low}-{high} are not valid: need 1 <= low <= high")
            raise InvalidConfig(said.format(low=self.low, high=self.high))

    def __str__(self) -> str:
        return f"{self.low}-{self.high}"


@dataclass(frozen=True, slots=True)
class Rules:
    """A Punto Banco rule set. The defaults are the text's."""

    table: TableSize = option(
        TableSize.LARGE, N_("large: 8 decks, 16 boxes; small: 6 decks, 7 boxes (PB-1)."), "PB-1"
    )
    punto: Limits = option(
        help=N_("Punto's table range, low-high (PB-6)."), rule="PB-6", stake="punto",
        factory=lambda: Limits(10, 1000),
    )  # fmt: skip
    banco: Limits = option(
        help=N_("Banco's table range, low-high (PB-6)."), rule="PB-6", stake="banco",
        factory=lambda: Limits(10, 1000),
    )  # fmt: skip
    egalite: Limits = option(
        help=N_("Égalité's table range, low-high (PB-6)."), rule="PB-6", stake="egalite",
        factory=lambda: Limits(10, 200),
    )  # fmt: skip
    commission: Fraction = rate(
        Fraction(5, 100),
        N_("The house's commission on banco's wins (PB-7): 5%, 0.05 or 1/20; 0 for none."),
        "PB-7",
    )
    egalite_pays: int = option(
        8, N_("Égalité pays this many to one (PB-7)."), "PB-7", low=1, reason=N_("at least 1")
    )
    cut_card: int = option(
        10, N_("Cards behind the cut card (PB-3)."), "PB-3", low=8, high=10,
        reason=N_("8 to 10 cards from the bottom (PB-3)"),
    )  # fmt: skip
    tableau: Tableau = option(
        Tableau.TEXT,
        N_("choose: punto chooses on 5 (PB-13e); draw: he always draws (PB-14)."),
        "PB-13e",
        flag="at-5",
        words=(("choose", Tableau.TEXT), ("draw", Tableau.FIXED)),
    )
    commission_timing: CommissionTiming = option(
        CommissionTiming.EACH_COUP,
        N_(
            "each-coup: banco's commission is taken at once; end-of-shoe: owed until the "
            "shoe ends (PB-7)."
        ),
        "PB-7",
        flag="commission-taken",
    )

    def __post_init__(self) -> None:
        check(self)

    @property
    def decks(self) -> int:
        return self.table.decks

    @property
    def boxes(self) -> int:
        return self.table.boxes

    @property
    def seats(self) -> int:
        """The places at the table, as every game's rules name them: the boxes."""
        return self.table.boxes

    def check_play(self, at_five: AtFive) -> AtFive:
        """A play on 5 for an analysis of this table: any at the text's table; at the fixed
        tableau punto always draws (PB-14)."""
        if not isinstance(at_five, AtFive):
            said = _("at_five {at_five!r} is not valid: draw, stand, best, or a chance of drawing")
            raise InvalidConfig(said.format(at_five=at_five))
        if self.tableau is Tableau.FIXED and at_five != AtFive.DRAW:
            said = _(
                "at_five {at_five!r} is not valid at the fixed tableau: punto always draws on 5 "
                "(PB-14)"
            )
            raise InvalidConfig(said.format(at_five=str(at_five)))
        return at_five

    def limits(self, bet: Bet) -> Limits:
        if bet is Bet.PUNTO:
            return self.punto
        return self.banco if bet is Bet.BANCO else self.egalite

    def commission_on(self, win: int) -> int:
        """Banco's commission on a win, exact then rounded half up to a chip (PB-7)."""
        return math.floor(win * self.commission + Fraction(1, 2))


@dataclass(frozen=True, slots=True)
class Stakes:
    """A box's stakes on the three bets."""

    punto: int = 0
    banco: int = 0
    egalite: int = 0

    def __getitem__(self, bet: Bet) -> int:
        return int(getattr(self, bet.value))

    def with_stake(self, bet: Bet, amount: int) -> Stakes:
        return replace(self, **{bet.value: amount})

    @property
    def total(self) -> int:
        return self.punto + self.banco + self.egalite


def burn_count(card: Card) -> int:
    """How many further cards the first card of a shoe burns (PB-4): tens and pictures 10."""
    if card.rank is Rank.ACE:
        return 1
    if card.rank is Rank.TEN or card.rank.is_picture:
        return 10
    return int(card.rank.value)

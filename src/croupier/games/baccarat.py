"""The baccarat coup, written once for Punto Banco, Chemin de Fer, the exact odds, the
simulation kernels and the solver.

Point values (C-3), naturals (PB-13a/b, CF-11), what punto's first two cards call for
(PB-13, CF-12), and banco's third-card table (PB-12, PB-13c; the CF-13 tableau variant)
are tables here, with the rule IDs beside them. `coup` plays a whole coup over point
values from those tables; it is written in the subset of Python that numba compiles, so
the kernels compile this very function and the engines, stepping card by card, read the
same tables.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from croupier.cards import Card, Rank
from croupier.errors import InvalidConfig

__all__ = [
    "BANCO_DRAWS_ON",
    "BANCO_DRAWS_WHEN_PUNTO_STOOD",
    "BANCO_TABLE",
    "BANCO_WINS",
    "COLUMNS",
    "DRAWING_TOTALS",
    "PUNTO_RULE",
    "PUNTO_WINS",
    "STOOD",
    "TIE",
    "AtFive",
    "PuntoRule",
    "banco_draws",
    "coup",
    "is_natural",
    "points",
    "shoe_values",
    "value",
    "with_values",
]

# C-3: ace 1, two to nine at face value, ten and pictures 0.
_VALUES: dict[Rank, int] = {
    Rank.ACE: 1,
    Rank.TWO: 2,
    Rank.THREE: 3,
    Rank.FOUR: 4,
    Rank.FIVE: 5,
    Rank.SIX: 6,
    Rank.SEVEN: 7,
    Rank.EIGHT: 8,
    Rank.NINE: 9,
    Rank.TEN: 0,
    Rank.JACK: 0,
    Rank.QUEEN: 0,
    Rank.KING: 0,
}


def value(card: Card) -> int:
    """A card's baccarat value, 0..9 (C-3)."""
    return _VALUES[card.rank]


def shoe_values(decks: int) -> tuple[int, ...]:
    """How many cards of each value 0..9 a shoe of `decks` decks holds: 16 worth 0 a deck
    (tens and pictures), 4 of each other."""
    return (16 * decks, *(4 * decks,) * 9)


def with_values(counts: tuple[int, ...], cards: Iterable[Card]) -> tuple[int, ...]:
    """`counts` by value, with `cards` added."""
    added = list(counts)
    for card in cards:
        added[_VALUES[card.rank]] += 1
    return tuple(added)


def points(cards: Iterable[Card]) -> int:
    """A hand's points: the sum of its values modulo 10 (C-3)."""
    return sum(_VALUES[card.rank] for card in cards) % 10


class PuntoRule(enum.IntEnum):
    """What a hand's first two cards call for (PB-13, CF-11, CF-12). Whole numbers, so that
    the table below serves the compiled kernels as it is."""

    DRAW = 0  # 0-4: punto draws unless banco is natural (PB-13d, CF-12)
    CHOOSE = 1  # 5: the punto side chooses (PB-13e, CF-12)
    STAND = 2  # 6-7: banco opens, banco 0-5 draws (PB-13c, CF-12)
    NATURAL = 3  # 8-9, for either hand: no more cards (PB-13a, PB-13b, CF-11)


PUNTO_RULE: tuple[PuntoRule, ...] = (
    *(PuntoRule.DRAW,) * 5,
    PuntoRule.CHOOSE,
    *(PuntoRule.STAND,) * 2,
    *(PuntoRule.NATURAL,) * 2,
)
"""PB-13 and CF-12, by punto's two-card points 0..9; its NATURAL entries are every hand's
naturals (PB-13b, CF-11)."""


def is_natural(cards: tuple[Card, ...]) -> bool:
    """Two cards making 8 or 9 (PB-13a/b, CF-11)."""
    return len(cards) == 2 and PUNTO_RULE[points(cards)] is PuntoRule.NATURAL


@dataclass(frozen=True, slots=True)
class AtFive:
    """How the punto side plays two cards making 5 when the choice is its own (PB-13e,
    CF-12): a strategy, the one value every analysis takes. `draws` is its chance of
    drawing (1: always, the fixed tableau's play, PB-14; 0: never; between: a mixed play);
    None is the best play for its two cards against the cards left (PB-13e).

        >>> AtFive.read("1/2"), str(AtFive.BEST), AtFive.read("draw") == AtFive.DRAW
        (AtFive(draws=Fraction(1, 2)), 'best', True)
    """

    draws: Fraction | None

    DRAW: ClassVar[AtFive]
    STAND: ClassVar[AtFive]
    BEST: ClassVar[AtFive]

    def __post_init__(self) -> None:
        if self.draws is not None:
            if isinstance(self.draws, bool) or not isinstance(self.draws, int | Fraction):
                raise InvalidConfig(f"at_five {self.draws!r} is not valid: a chance as a fraction")
            if not 0 <= self.draws <= 1:
                raise InvalidConfig(f"at_five {self.draws} is not valid: a chance from 0 to 1")
            object.__setattr__(self, "draws", Fraction(self.draws))

    @classmethod
    def read(cls, text: str) -> AtFive:
        """`draw`, `stand`, `best`, or a chance of drawing (`0.8`, `4/5`)."""
        word = str(text).strip().lower()
        named = {"draw": cls.DRAW, "stand": cls.STAND, "best": cls.BEST}
        if word in named:
            return named[word]
        try:
            return cls(Fraction(word))
        except (ValueError, ZeroDivisionError):
            raise InvalidConfig(
                f"at_five {text!r} is not valid: draw, stand, best, or a chance of drawing "
                "from 0 to 1"
            ) from None

    @property
    def pure(self) -> bool:
        """Always drawing or always standing."""
        return self.draws in (0, 1)

    def __str__(self) -> str:
        if self.draws is None:
            return "best"
        return "draw" if self.draws == 1 else "stand" if self.draws == 0 else str(self.draws)


AtFive.DRAW = AtFive(Fraction(1))
AtFive.STAND = AtFive(Fraction(0))
AtFive.BEST = AtFive(None)


DRAWING_TOTALS = PUNTO_RULE.index(PuntoRule.NATURAL)
"""Banco's two-card totals that are not naturals, and so may draw: 0..7."""

# PB-12: banco's points (0..7) -> the values of punto's third card on which banco draws.
BANCO_DRAWS_ON: tuple[frozenset[int], ...] = (
    frozenset(range(10)),  # 0: draws
    frozenset(range(10)),  # 1: draws
    frozenset(range(10)),  # 2: draws
    frozenset(range(10)) - {8},  # 3: draws unless the third card is an 8
    frozenset(range(2, 8)),  # 4: draws on 2-7
    frozenset(range(4, 8)),  # 5: draws on 4-7
    frozenset({6, 7}),  # 6: draws on 6 or 7
    frozenset(),  # 7: stands
)

BANCO_DRAWS_WHEN_PUNTO_STOOD = frozenset(range(6))
"""PB-13c, PB-13e: after punto stood, banco draws on 0-5 and stands on 6-7."""

STOOD = 10
"""Banco's column when punto stood; columns 0..9 are punto's third card's value."""
COLUMNS = STOOD + 1

BANCO_TABLE: tuple[int, ...] = tuple(
    int(b in BANCO_DRAWS_WHEN_PUNTO_STOOD if c == STOOD else c in BANCO_DRAWS_ON[b])
    for b in range(DRAWING_TOTALS)
    for c in range(COLUMNS)
)
"""Banco's whole table, flat: `BANCO_TABLE[COLUMNS * b + c]` is 1 when banco on `b` (0..7)
draws against punto's third card worth `c`, or, for `c` = `STOOD`, after punto stood
(PB-12, PB-13c, PB-13e; the CF-13 tableau). A banker's strategy in the same shape (1 to
draw) plays in its place in `coup`."""


def banco_draws(banco_points: int, punto_third: Card | None) -> bool:
    """Whether banco (not natural) draws a third card, from `BANCO_TABLE`: after punto
    drew, by the third card's value (PB-12); when punto stood (on 6-7, or on 5 by choice),
    on 0-5 (PB-13c, PB-13e)."""
    column = STOOD if punto_third is None else value(punto_third)
    return bool(BANCO_TABLE[COLUMNS * banco_points + column])


PUNTO_WINS, BANCO_WINS, TIE = 0, 1, 2
"""The results of `coup`."""

_DRAW, _CHOOSE, _NATURAL = int(PuntoRule.DRAW), int(PuntoRule.CHOOSE), int(PuntoRule.NATURAL)
"""As plain integers, which numba takes into `coup` as constants."""


def coup(values: Any, i: int, rule: Any, draws_on_5: bool, banco: Any) -> tuple[int, int, int, int]:
    """The coup dealt from `values[i:]` (point values, P, B, P, B, then the third cards):
    its result (`PUNTO_WINS`, `BANCO_WINS`, `TIE`), 1 if a natural settled it, the cards it
    took, and banco's cell `COLUMNS * total + column` (-1 after a natural).

    `rule` is `PUNTO_RULE` (as integers); `draws_on_5`, punto's choice on 5 (PB-13e, CF-12);
    `banco`, banco's table in the shape of `BANCO_TABLE` (it, or a banker's pure strategy,
    CF-13). Written once, in the subset of Python that numba compiles: no helpers.

        >>> coup((3, 0, 2, 6, 4, 9), 0, PUNTO_RULE, True, BANCO_TABLE)  # punto 9 v banco 6
        (0, 0, 5, 70)
    """
    p = (values[i] + values[i + 2]) % 10
    b = (values[i + 1] + values[i + 3]) % 10
    if rule[p] == _NATURAL or rule[b] == _NATURAL:  # compare at once (PB-13a/b, CF-11)
        if p > b:
            return PUNTO_WINS, 1, 4, -1
        return (BANCO_WINS, 1, 4, -1) if b > p else (TIE, 1, 4, -1)
    dealt = 4
    column = STOOD
    if rule[p] == _DRAW or (rule[p] == _CHOOSE and draws_on_5):  # PB-13d, PB-13e, CF-12
        column = values[i + 4]
        p = (p + column) % 10
        dealt = 5
    cell = COLUMNS * b + column
    if banco[cell]:  # PB-12, PB-13c; CF-13: the banker's choice
        b = (b + values[i + dealt]) % 10
        dealt += 1
    if p > b:
        return PUNTO_WINS, 0, dealt, cell
    return (BANCO_WINS, 0, dealt, cell) if b > p else (TIE, 0, dealt, cell)

"""Baccarat arithmetic shared by Punto Banco, Chemin de Fer and the calculators.

Point values (C-3), naturals (PB-13a/b, CF-11), what punto's first two cards
require (PB-13), and banco's third-card table (PB-12): one source of truth,
kept as tables.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

from croupier.cards import Card, Rank

__all__ = [
    "BANCO_DRAWS_ON",
    "PUNTO_RULE",
    "PuntoRule",
    "banco_draws",
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


def is_natural(cards: tuple[Card, ...]) -> bool:
    """Two cards making 8 or 9 (PB-13a/b, CF-11)."""
    return len(cards) == 2 and points(cards) >= 8


class PuntoRule(enum.Enum):
    """What punto's first two cards call for (PB-13)."""

    NATURAL = "natural"  # 8-9: no more cards (PB-13a)
    STAND = "stand"  # 6-7: banco opens, banco 0-5 draws (PB-13c)
    CHOOSE = "choose"  # 5: the punto side chooses (PB-13e)
    DRAW = "draw"  # 0-4: punto draws unless banco is natural (PB-13d)


# PB-13, by punto's two-card points 0..9.
PUNTO_RULE: tuple[PuntoRule, ...] = (
    *(PuntoRule.DRAW,) * 5,
    PuntoRule.CHOOSE,
    *(PuntoRule.STAND,) * 2,
    *(PuntoRule.NATURAL,) * 2,
)

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


def banco_draws(banco_points: int, punto_third: Card | None) -> bool:
    """Whether banco (not natural) draws a third card.

    After punto drew, PB-12 decides by the third card's value; when punto
    stood (on 6-7, or on 5 by choice), banco draws on 0-5 (PB-13c, PB-13e).
    """
    if punto_third is None:
        return banco_points <= 5
    return value(punto_third) in BANCO_DRAWS_ON[banco_points]

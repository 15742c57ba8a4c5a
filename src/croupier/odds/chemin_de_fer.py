"""Exact odds of a Chemin de Fer coup from a fresh shoe, however both sides play it (RULES
CF-11 .. CF-13).

The coup is baccarat's with the punter in punto's place (CF-12), so the one enumeration,
`croupier.odds._baccarat_kernel`, counts it, given the banker's draws (CF-13) in place of
banco's table. A strategy may mix: the punter draws on 5 with a chance, the banker in some
cells. A coup meets the punter's choice once at most and one of the banker's cells at most,
so each result's chance is linear in each of those chances on its own: the odds of the pure
plays, mixed.

    >>> from croupier.solve.chemin_de_fer import tableau
    >>> odds = outcomes(6, Fraction(1), tableau())     # Punto Banco's coup, punto drawing on 5
    >>> f"{float(odds[Winner.BANKER]):.6f}"
    '0.458653'
    >>> natural(6)
    Fraction(22146974, 64546495)
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from math import prod

from croupier.games.baccarat import (
    COLUMNS,
    DRAWING_TOTALS,
    PUNTO_RULE,
    STOOD,
    PuntoRule,
    shoe_values,
)
from croupier.games.chemin_de_fer.rules import Winner
from croupier.odds._baccarat_kernel import DRAW, STAND, count_coups

__all__ = ["Cell", "natural", "outcomes"]

Cell = tuple[int, int | None]
"""The banker's choice: his total 0..7, and the punter's third card's value or None if he
stood (the solver's cells)."""

_RULE = tuple(map(int, PUNTO_RULE))
_WINNERS = (Winner.PUNTERS, Winner.BANKER, Winner.TIE)
_CARDS = 6
"""The most cards a coup takes, over which the enumeration counts sequences."""


def outcomes(
    decks: int, draws_at_5: Fraction, banker: Mapping[Cell, Fraction]
) -> dict[Winner, Fraction]:
    """Each side's chance of winning the next coup of a fresh shoe of `decks` decks, and of
    a tie: the punter drawing on 5 with chance `draws_at_5`, the banker drawing in each of
    his 88 cells with the chance `banker` gives it."""
    mixed = tuple(cell for cell, p in banker.items() if p not in (0, 1))
    pure = tuple((cell, int(p == 1)) for cell, p in banker.items() if cell not in mixed)
    chances = dict.fromkeys(_WINNERS, Fraction(0))
    for play, weight in ((DRAW, draws_at_5), (STAND, 1 - draws_at_5)):
        if not weight:
            continue
        standing = _coup(decks, play, pure + tuple((cell, 0) for cell in mixed))
        for winner in _WINNERS:
            chances[winner] += weight * standing[winner]
        for cell in mixed:  # drawing there rather than standing
            drawing = _coup(decks, play, pure + tuple((c, int(c == cell)) for c in mixed))
            for winner in _WINNERS:
                chances[winner] += weight * banker[cell] * (drawing[winner] - standing[winner])
    return chances


@cache
def _coup(decks: int, play: int, draws: tuple[tuple[Cell, int], ...]) -> dict[Winner, Fraction]:
    """The chances when both play purely: the punter `play` on 5, the banker `draws`."""
    table = [0] * (DRAWING_TOTALS * COLUMNS)
    for (total, column), draw in draws:
        table[COLUMNS * total + (STOOD if column is None else column)] = draw
    counts = list(shoe_values(decks))
    out = [0, 0, 0]
    count_coups(counts, _RULE, table, play, out, [0] * 100, [0] * 21, [0] * 6, [0] * 80)
    total = prod(sum(counts) - taken for taken in range(_CARDS))
    return {winner: Fraction(n, total) for winner, n in zip(_WINNERS, out, strict=True)}


@cache
def natural(decks: int) -> Fraction:
    """The chance that a natural settles the next coup of a fresh shoe (CF-11): either side's
    first two cards make 8 or 9, whatever anyone would have played."""
    counts = list(shoe_values(decks))
    n = sum(counts)
    naturals = [t for t, rule in enumerate(PUNTO_RULE) if rule is PuntoRule.NATURAL]
    # the punter's two cards, then the banker's, as values; ordered ways of dealing them
    ways = 0
    for i in range(10):
        for j in range(10):
            punter = counts[i] * (counts[j] - (i == j))
            if punter <= 0:
                continue
            left = list(counts)
            left[i] -= 1
            left[j] -= 1
            if (i + j) % 10 in naturals:
                ways += punter * (n - 2) * (n - 3)
                continue
            banker = sum(
                left[k] * (left[h] - (k == h))
                for k in range(10)
                for h in range(10)
                if (k + h) % 10 in naturals
            )
            ways += punter * banker
    return Fraction(ways, n * (n - 1) * (n - 2) * (n - 3))

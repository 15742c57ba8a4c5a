"""Exact odds of Punto Banco for any shoe (RULES PB-7, PB-12, PB-13, PB-14).

    >>> odds = exact(8)                       # a fresh eight-deck shoe, punto drawing on 5
    >>> odds.sequences[Bet.BANCO]
    2292252566437888
    >>> f"{float(odds.house_edge[Bet.BANCO]):.4%}"
    '1.0579%'

A shoe is a number of decks or the counts of the ten point values left in
it (index 0: tens and pictures; 1..9: ace to nine). The table's rules are the
game's own `Rules` (its commission and égalité payout); punto's play on 5, the
strategy being analysed, is an `AtFive`. Every coup is enumerated
through the same drawing rules the game plays (`croupier.games.baccarat`),
and the results are exact `Fraction`s. `probabilities` answers the same
question in floats, compiled by numba when it is installed, for loops over
many shoes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, lru_cache
from types import MappingProxyType
from typing import Any

from croupier import i18n
from croupier.cards import Card
from croupier.errors import InvalidConfig
from croupier.games.baccarat import BANCO_TABLE, PUNTO_RULE, AtFive, value
from croupier.games.punto_banco.rules import Bet, Decision, Rules, Tableau
from croupier.games.punto_banco.view import PuntoBancoView
from croupier.odds._baccarat_kernel import BEST, DRAW, STAND, count_coups

__all__ = [
    "CARDS_IN_A_COUP",
    "AtFive",
    "Odds",
    "check_remaining",
    "effect_of_removal",
    "exact",
    "house_edges",
    "next_coup",
    "probabilities",
    "punto_decision",
    "shoe_counts",
]

CARDS_IN_A_COUP = 6
"""The most cards a coup takes: two to each hand and a third to each."""


def _strategy(at_five: AtFive) -> int:
    """The enumeration's play on 5: always drawing, never, or the best for the two cards."""
    if at_five == AtFive.BEST:
        return BEST
    if not at_five.pure:
        raise InvalidConfig(
            f"at_five {str(at_five)!r} is not valid here: the exact odds take draw, stand or "
            "best; a mixed play's are the mix of draw's and stand's"
        )
    return DRAW if at_five == AtFive.DRAW else STAND


_TABLES = (tuple(map(int, PUNTO_RULE)), BANCO_TABLE)
"""The coup's rules, as the enumeration takes them (PB-12, PB-13)."""


def _checked(rules: Rules | None, at_five: AtFive) -> Rules:
    """The rules, and a play on 5 they allow (`Rules.check_play`)."""
    rules = rules or Rules()
    rules.check_play(at_five)
    return rules


@dataclass(frozen=True, slots=True)
class Odds:
    """The exact odds of the next coup from a shoe.

    `sequences` counts, for each result, the ordered sequences of six cards
    from the shoe that lead to it (a coup that uses fewer cards counts every
    way the rest could lie); `total` is all of them. `draws_on_five` lists
    punto's two-card values (low, high) making 5 on which it draws.
    """

    remaining: tuple[int, ...]
    rules: Rules
    at_five: AtFive
    sequences: MappingProxyType[Bet, int]
    total: int
    draws_on_five: frozenset[tuple[int, int]] = field(default=frozenset())

    @property
    def probability(self) -> dict[Bet, Fraction]:
        return {bet: Fraction(count, self.total) for bet, count in self.sequences.items()}

    @property
    def house_edge(self) -> dict[Bet, Fraction]:
        """Each bet's edge as a share of the stake, positive for the house (PB-7)."""
        p = self.probability
        return house_edges(p[Bet.PUNTO], p[Bet.BANCO], p[Bet.EGALITE], self.rules)


def house_edges(punto: Any, banco: Any, tie: Any, rules: Rules) -> dict[Bet, Any]:
    """Edges from the three probabilities, exact or float: punto pays 1:1, banco 1:1 less
    the commission, égalité `egalite_pays` to 1; punto and banco are returned on a tie
    (PB-7)."""
    return {
        Bet.PUNTO: banco - punto,
        Bet.BANCO: punto - banco * (1 - rules.commission),
        Bet.EGALITE: 1 - tie * (rules.egalite_pays + 1),
    }


def shoe_counts(decks: int) -> tuple[int, ...]:
    """The ten value counts of a full shoe: 16 tens and pictures and 4 of each other per deck."""
    if isinstance(decks, bool) or not isinstance(decks, int) or decks < 1:
        raise InvalidConfig(f"decks must be a whole number, 1 or more, not {decks!r}")
    return (16 * decks, *(4 * decks,) * 9)


def check_remaining(remaining: Sequence[int], decks: int | None = None) -> tuple[int, ...]:
    """The counts, checked: ten whole numbers, none negative, enough cards for a coup,
    and (with `decks`) no more of a value than that many decks hold."""
    counts = tuple(remaining)
    if len(counts) != 10 or any(isinstance(c, bool) or not isinstance(c, int) for c in counts):
        said = i18n._(
            "remaining must be ten whole numbers (tens and pictures, then ace to nine), "
            "not {given!r}"
        )
        raise InvalidConfig(said.format(given=list(remaining)))
    if any(count < 0 for count in counts):
        said = i18n._("remaining counts cannot be negative: {given!r}")
        raise InvalidConfig(said.format(given=list(counts)))
    if sum(counts) < CARDS_IN_A_COUP:
        said = i18n._(
            "a shoe of {cards} cards is too small to deal a coup: it needs at least {need}"
        )
        raise InvalidConfig(said.format(cards=sum(counts), need=CARDS_IN_A_COUP))
    if decks is not None:
        full = shoe_counts(decks)
        over = [v for v in range(10) if counts[v] > full[v]]
        if over:
            v = over[0]
            if v == 0:
                said = i18n._(
                    "impossible counts: {count} tens and pictures, but {decks} decks hold only "
                    "{most}"
                )
            else:
                said = i18n._(
                    "impossible counts: {count} cards worth {value}, but {decks} decks hold "
                    "only {most}"
                )
            raise InvalidConfig(said.format(count=counts[v], value=v, decks=decks, most=full[v]))
    return counts


def _counts(shoe: int | Sequence[int]) -> tuple[int, ...]:
    return shoe_counts(shoe) if isinstance(shoe, int) else check_remaining(shoe)


def _scratch(zero: float) -> tuple[list[float], list[float], list[float]]:
    """The kernel's working space, in the kind of number it counts with."""
    return [zero] * 21, [zero] * 6, [zero] * 80


def exact(
    shoe: int | Sequence[int] = 8, rules: Rules | None = None, at_five: AtFive = AtFive.DRAW
) -> Odds:
    """The exact odds of the next coup from `shoe` (decks, or the ten counts left), at a
    table of these `rules`, punto playing 5 as `at_five` says."""
    rules = _checked(rules, at_five)
    counts = _counts(shoe)
    out = [0, 0, 0]
    drew = [0] * 100
    count_coups(list(counts), *_TABLES, _strategy(at_five), out, drew, *_scratch(0))
    total = 1
    for taken in range(CARDS_IN_A_COUP):
        total *= sum(counts) - taken
    return Odds(
        remaining=counts,
        rules=rules,
        at_five=at_five,
        sequences=MappingProxyType(
            dict(zip((Bet.PUNTO, Bet.BANCO, Bet.EGALITE), out, strict=True))
        ),
        total=total,
        draws_on_five=frozenset(
            (i, j) for i in range(10) for j in range(i, 10) if drew[10 * i + j]
        ),
    )


def effect_of_removal(
    decks: int = 8, rules: Rules | None = None, at_five: AtFive = AtFive.DRAW
) -> dict[int, dict[Bet, Fraction]]:
    """For each value 0..9: how each bet's edge changes when one card of it leaves a full shoe."""
    full = exact(decks, rules, at_five).house_edge
    effects: dict[int, dict[Bet, Fraction]] = {}
    for v in range(10):
        counts = list(shoe_counts(decks))
        counts[v] -= 1
        edge = exact(counts, rules, at_five).house_edge
        effects[v] = {bet: edge[bet] - full[bet] for bet in Bet}
    return effects


def punto_decision(remaining: Sequence[int], punto: tuple[Card, Card]) -> Decision:
    """Punto's better play on 5 holding these two cards, the other unseen cards being
    `remaining` (banco's two face-down cards among them): the exact expectations of
    drawing and standing, compared (PB-13e)."""
    low, high = sorted(value(card) for card in punto)
    if (low + high) % 10 != 5:
        raise InvalidConfig(f"{punto[0]} {punto[1]} make {(low + high) % 10}, not 5")
    counts = list(check_remaining(remaining))
    counts[low] += 1
    counts[high] += 1
    odds = exact(counts, at_five=AtFive.BEST)
    return Decision.DRAW if (low, high) in odds.draws_on_five else Decision.STAND


# -- the fast path ---------------------------------------------------------------------------


@cache
def _kernel() -> Callable[[Sequence[float], int], tuple[float, float, float]] | None:
    """The enumeration compiled for floats by numba: a function of the counts and the
    strategy on 5 that gives the punto, banco and tie sequences; None without numba, where
    plain Python runs it. Imported and compiled when first asked for, so that what only
    decides (a bot, `punto_decision`) loads none of it."""
    try:
        import numba
        import numpy as np
    except ImportError:  # pragma: no cover - exercised by forcing the fallback in the tests
        return None
    kernel: Callable[..., None] = numba.njit(cache=True)(count_coups)
    arrays = tuple(np.array(table, dtype=np.int64) for table in _TABLES)

    def counted(remaining: Sequence[float], strategy: int) -> tuple[float, float, float]:
        out, scratch = np.zeros(3), np.zeros(207)
        counts = np.asarray(remaining, dtype=np.float64)
        pre, acc, beats, drew = scratch[:21], scratch[21:27], scratch[27:107], scratch[107:]
        kernel(counts, *arrays, strategy, out, drew, pre, acc, beats)
        punto, banco, tie = (float(x) for x in out)
        return punto, banco, tie

    return counted


def probabilities(
    remaining: Sequence[float], at_five: AtFive = AtFive.DRAW, *, compiled: bool = True
) -> tuple[float, float, float]:
    """Punto, banco and égalité probabilities of the next coup, in floats.

    The counts are not checked (this is for inner loops; `exact` checks them).
    `compiled=False` runs the same enumeration in plain Python.
    """
    total = 1.0
    n = float(sum(remaining))
    for taken in range(CARDS_IN_A_COUP):
        total *= n - taken
    fast = _kernel() if compiled else None
    if fast is not None:
        punto, banco, tie = fast(remaining, _strategy(at_five))
    else:
        sums = [0.0, 0.0, 0.0]
        floats = [float(c) for c in remaining]
        count_coups(floats, *_TABLES, _strategy(at_five), sums, [0] * 100, *_scratch(0.0))
        punto, banco, tie = sums
    return punto / total, banco / total, tie / total


def next_coup(view: PuntoBancoView) -> Odds:
    """The exact odds of the next coup, for the cards `view` has not yet seen: punto draws
    on 5 at the fixed tableau, or plays it as well as can be."""
    rules = view.rules
    at_five = AtFive.DRAW if rules.tableau is Tableau.FIXED else AtFive.BEST
    return _exact_kept(tuple(view.unseen), rules, at_five)


@lru_cache(maxsize=1024)
def _exact_kept(unseen: tuple[int, ...], rules: Rules, at_five: AtFive) -> Odds:
    """`exact`, kept for the last shoes' counts asked for: the odds change only as cards
    are seen, and a table's every step asks again (a server's odds, the terminal's)."""
    return exact(unseen, rules, at_five)

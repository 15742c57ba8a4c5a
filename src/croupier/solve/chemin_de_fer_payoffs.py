"""A Chemin de Fer coup as a game in normal form: the payoff of every choice (CF-11..CF-13).

Chance is enumerated once, from the shoe; what is left are the two sides'
choices. The punter chooses only on 5 (CF-12); the banker chooses in each
*cell*: his hand and what he has seen, the value of the punter's face-up
third card or that the punter stood (CF-13). For each cell and each of the
banker's two actions, the punter's net wins (coups won less coups lost) are
linear in the punter's draw probabilities on 5: a `Line`. A `CoupGame` holds
these lines with the coups settled by a natural (CF-11), and answers best
replies exactly.

A hand of a `CoupGame` is what a side knows of its two cards: its points in
the totals model, its two values in the cards model; `coup_game` builds either.

How the enumeration is fast: the punter's two cards are taken as unordered
pairs of values (55), then the banker's (55). For each punter pair, a table
holds, for every banker total and final punter total, the punter's net over
the cards left, were the banker to draw; the cards dealt since are taken off
one by one. So no loop runs over the banker's third card.

Weights are counts of ordered six-card sequences (a coup that uses fewer
cards counts every way the rest could lie), as in `croupier.odds`; an
infinite shoe is one deck dealt with replacement, so the same integers serve.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import prod
from types import MappingProxyType
from typing import Generic, TypeVar

from croupier.games.baccarat import PUNTO_RULE, PuntoRule, shoe_values

__all__ = [
    "COLUMNS",
    "FIVES",
    "NATURALS",
    "PAIRS",
    "Cell",
    "Column",
    "CoupGame",
    "CoupPayoffs",
    "Line",
    "Nets",
    "Pair",
    "coup_game",
    "coup_payoffs",
]

Pair = tuple[int, int]
"""Two card values, the lower first."""

Column = int | None
"""What the banker sees of the punter: his third card's value, or None if he stood."""

COLUMNS: tuple[Column, ...] = (None, *range(10))
PAIRS: tuple[Pair, ...] = tuple((i, j) for i in range(10) for j in range(i, 10))
NATURALS = frozenset(t for t, rule in enumerate(PUNTO_RULE) if rule is PuntoRule.NATURAL)
FIVES: tuple[Pair, ...] = tuple(
    pair for pair in PAIRS if PUNTO_RULE[sum(pair) % 10] is PuntoRule.CHOOSE
)
"""The punter's two-card hands making 5, on which he chooses (CF-12)."""

_STAND, _DRAW = 0, 1  # the banker's actions, as indices

# _SIGN[q][b]: the punter's result on q points against the banker's b (CF-11, CF-13).
_SIGN = tuple(tuple((q > b) - (q < b) for b in range(10)) for q in range(10))

H = TypeVar("H", int, Pair)

Cell = tuple[Pair, Column]
Nets = Mapping[Cell, tuple[int, int]]


@dataclass(frozen=True, slots=True)
class CoupPayoffs:
    """The punter's net wins in a coup, in ordered six-card sequences out of `total`.

    `natural`: from coups with a natural (CF-11). `forced[(banker's pair, column)]`:
    (if the banker stands, if he draws) from the punter's hands that do not choose;
    `at_five[pair][cell]` the same from the punter's `pair` making 5, when he draws
    (columns 0..9) and when he stands (column None).
    """

    decks: int | None
    total: int
    natural: int
    forced: Nets
    at_five: Mapping[Pair, Nets]


def coup_payoffs(decks: int | None, counts: Sequence[int] | None = None) -> CoupPayoffs:
    """Enumerate a coup from a full shoe of `decks` decks (None: infinite), or, given
    `counts`, from a shoe of exactly those cards by value (`counts[0]` the tens and faces;
    `decks` is then the None it is given)."""
    r = list(shoe_values(1 if decks is None else decks) if counts is None else counts)
    take = 0 if decks is None and counts is None else 1  # dealt cards leave the shoe
    m = sum(r) - 4 * take  # the cards the fifth is dealt from
    rest = m - take  # and the sixth
    total = prod(sum(r) - take * dealt for dealt in range(6))
    natural = 0
    forced: dict[Cell, list[int]] = {}
    at_five: dict[Pair, dict[Cell, list[int]]] = {pair: {} for pair in FIVES}
    for i, j in PAIRS:
        p = (i + j) % 10
        wp = r[i] * (r[j] - take * (i == j)) * (1 if i == j else 2)
        if wp <= 0:
            continue
        r[i] -= take
        r[j] -= take
        nets = at_five.get((i, j), forced)
        rule = PUNTO_RULE[p]
        stands = rule is PuntoRule.STAND or rule is PuntoRule.CHOOSE
        draws = rule is PuntoRule.DRAW or rule is PuntoRule.CHOOSE
        # versus[b][q]: the punter's net over the banker's possible third cards, b to q
        versus = [
            [sum(r[d] * _SIGN[q][(b + d) % 10] for d in range(10)) for q in range(10)]
            for b in range(10)
        ]
        for k, h in PAIRS:
            b = (k + h) % 10
            w = wp * r[k] * (r[h] - take * (k == h)) * (1 if k == h else 2)
            if w <= 0:
                continue
            if p in NATURALS or b in NATURALS:  # CF-11: no cards are drawn
                natural += w * m * rest * _SIGN[p][b]
                continue
            r[k] -= take
            r[h] -= take
            bk, bh = (b + k) % 10, (b + h) % 10
            if stands:  # CF-13: the banker saw the punter stand on p
                net = nets.setdefault(((k, h), None), [0, 0])
                net[_STAND] += w * m * rest * _SIGN[p][b]
                sign = _SIGN[p]
                net[_DRAW] += w * rest * (versus[b][p] - take * (sign[bk] + sign[bh]))
            if draws:  # CF-12, CF-13: the banker saw the punter's third card c
                for c in range(10):
                    wc = w * r[c]
                    if wc <= 0:
                        continue
                    q = (p + c) % 10
                    sign = _SIGN[q]
                    net = nets.setdefault(((k, h), c), [0, 0])
                    net[_STAND] += wc * rest * sign[b]
                    gone = sign[bk] + sign[bh] + sign[(b + c) % 10]
                    net[_DRAW] += wc * (versus[b][q] - take * gone)
            r[k] += take
            r[h] += take
        r[i] += take
        r[j] += take
    return CoupPayoffs(
        decks=decks,
        total=total,
        natural=natural,
        forced=_frozen(forced),
        at_five=MappingProxyType({pair: _frozen(nets) for pair, nets in at_five.items()}),
    )


def _frozen(nets: dict[Cell, list[int]]) -> Nets:
    return MappingProxyType({cell: (net[_STAND], net[_DRAW]) for cell, net in nets.items()})


@dataclass(frozen=True, slots=True)
class Line:
    """The punter's net wins in a cell for one banker's action, as a function of the
    punter's draw probabilities on 5: `constant + sum(slopes[i] * x[i])`."""

    constant: int
    slopes: tuple[int, ...]

    def at(self, draws: Sequence[Fraction]) -> Fraction:
        """The net wins when the punter draws on his hands making 5 this often."""
        return self.constant + sum(
            (s * x for s, x in zip(self.slopes, draws, strict=True)), Fraction(0)
        )


@dataclass(frozen=True, slots=True)
class CoupGame(Generic[H]):
    """The coup in normal form, hands being totals (`int`) or pairs (`Pair`).

    The punter's strategy: a draw probability for each of his hands making 5,
    in the order of `fives`. The banker's: a draw probability for each cell
    (his hand, column) of `cells`, which maps it to the lines (stand, draw).
    Payoffs are in sequences out of `total`; the methods give them per unit staked.
    Every coup without a natural reaches a cell, so `natural` is the only other term.
    """

    decks: int | None
    fives: tuple[H, ...]
    total: int
    natural: int
    cells: Mapping[tuple[H, Column], tuple[Line, Line]]

    def payoff(
        self, punter: Sequence[Fraction], banker: Mapping[tuple[H, Column], Fraction]
    ) -> Fraction:
        """The punter's expectation when both play these strategies."""
        net = Fraction(self.natural)
        for cell, (stand, draw) in self.cells.items():
            standing = stand.at(punter)
            net += standing + banker[cell] * (draw.at(punter) - standing)
        return net / self.total

    def banker_reply(
        self, punter: Sequence[Fraction]
    ) -> tuple[Fraction, dict[tuple[H, Column], Fraction]]:
        """The banker's best reply, cell by cell (standing where both are worth the same),
        and what the punter gets against it."""
        net = Fraction(self.natural)
        reply: dict[tuple[H, Column], Fraction] = {}
        for cell, (stand, draw) in self.cells.items():
            standing, drawing = stand.at(punter), draw.at(punter)
            reply[cell] = Fraction(drawing < standing)
            net += min(standing, drawing)
        return net / self.total, reply

    def punter_reply(
        self, banker: Mapping[tuple[H, Column], Fraction]
    ) -> tuple[Fraction, tuple[Fraction, ...]]:
        """The punter's best reply, hand by hand (standing where both are worth the same),
        and what he gets with it."""
        net = Fraction(self.natural)
        slopes = [Fraction(0)] * len(self.fives)
        for cell, (stand, draw) in self.cells.items():
            q = banker[cell]
            net += stand.constant + q * (draw.constant - stand.constant)
            for i, (s, d) in enumerate(zip(stand.slopes, draw.slopes, strict=True)):
                slopes[i] += s + q * (d - s)
        reply = tuple(Fraction(slope > 0) for slope in slopes)
        net += sum((slope for slope in slopes if slope > 0), Fraction(0))
        return net / self.total, reply


def coup_game(payoffs: CoupPayoffs, hand: Callable[[Pair], H]) -> CoupGame[H]:
    """The game where each side knows `hand(its two values)` of its cards."""
    fives = tuple(dict.fromkeys(hand(pair) for pair in FIVES))
    constants: dict[tuple[H, Column], list[int]] = {}
    slopes: dict[tuple[H, Column], list[list[int]]] = {}
    for (pair, column), nets in payoffs.forced.items():
        for a in (_STAND, _DRAW):
            constants.setdefault((hand(pair), column), [0, 0])[a] += nets[a]
    for five, by_cell in payoffs.at_five.items():
        x = fives.index(hand(five))
        for (pair, column), nets in by_cell.items():
            cell = (hand(pair), column)
            lines = slopes.setdefault(cell, [[0] * len(fives), [0] * len(fives)])
            for a in (_STAND, _DRAW):
                if column is None:  # he stood: this is worth 1 - x (CF-12)
                    constants.setdefault(cell, [0, 0])[a] += nets[a]
                    lines[a][x] -= nets[a]
                else:
                    lines[a][x] += nets[a]
    flat = [[0] * len(fives)] * 2
    cells: dict[tuple[H, Column], tuple[Line, Line]] = {}
    for cell in sorted(constants.keys() | slopes.keys(), key=_cell_order):
        constant, slope = constants.get(cell, [0, 0]), slopes.get(cell, flat)
        cells[cell] = (
            Line(constant[_STAND], tuple(slope[_STAND])),
            Line(constant[_DRAW], tuple(slope[_DRAW])),
        )
    return CoupGame(
        decks=payoffs.decks,
        fives=fives,
        total=payoffs.total,
        natural=payoffs.natural,
        cells=MappingProxyType(cells),
    )


def _cell_order(cell: tuple[H, Column]) -> tuple[H, int]:
    hand, column = cell
    return hand, -1 if column is None else column

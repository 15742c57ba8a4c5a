"""The two choices of a baccarat coup, valued from what the one who chooses knows (RULES
PB-13e, CF-11, CF-12, CF-13): the punto side's draw or stand on 5, and the banker's.

The cards the chooser has not seen are given as counts by value (`unseen`, the tens and
pictures first), the other side's face-down cards among them, each order of them as likely.
The punto side on 5 knows its own total; at Chemin de Fer it also knows that the banker has
no natural (CF-11: a natural is shown at once), at Punto Banco it chooses before banco's cards
are opened (PB-13e), so a banco natural is one of the things that may lie there. The banker
knows his two cards and sees the punter's third card, or that he stood (CF-13). The other
side plays as its rules or its strategy say: the banker's chance of drawing in each cell, in
the shape of `BANCO_TABLE` (which is Punto Banco's banco), and the punter's chance of
drawing on 5.

    >>> from croupier.games.baccarat import BANCO_TABLE, shoe_values
    >>> stand, draw = punto_on_five(shoe_values(6), BANCO_TABLE, banco_natural=False)
    >>> float(draw.edge - stand.edge) > 0            # on 5, drawing does the punter good
    True

Every figure is a `Fraction`: a count of ordered sequences of the cards the coup may take.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from croupier.games.baccarat import COLUMNS, PUNTO_RULE, STOOD, PuntoRule

__all__ = ["Chances", "banker_choice", "banker_table", "punto_on_five"]

_FIVE = PUNTO_RULE.index(PuntoRule.CHOOSE)


@dataclass(frozen=True, slots=True)
class Chances:
    """The chances that punto (the punters) wins, that banco (the banker) wins, and of a
    tie."""

    punto: Fraction
    banco: Fraction
    tie: Fraction

    @property
    def edge(self) -> Fraction:
        """Punto's (the punter's) expectation a unit staked, a tie returning the stake and no
        commission: `punto - banco`."""
        return self.punto - self.banco


def banker_table(banker: Mapping[tuple[int, int | None], Fraction]) -> tuple[Fraction, ...]:
    """A banker's strategy by total and column, as `croupier.solve.chemin_de_fer` gives it
    (None for the column when the punter stood), in the shape of `BANCO_TABLE`."""
    table = [Fraction(0)] * len(PUNTO_RULE) * COLUMNS
    for (total, column), draws in banker.items():
        table[COLUMNS * total + (STOOD if column is None else column)] = draws
    return tuple(table)


def _result(punto: int, banco: int) -> int:
    return 0 if punto > banco else 1 if banco > punto else 2


def _after_draw(counts: Sequence[int], punto: int, banco: int) -> list[int]:
    """The results, counted over the cards `counts` holds, of banco drawing one card."""
    out = [0, 0, 0]
    for d, n in enumerate(counts):
        if n:
            out[_result(punto, (banco + d) % 10)] += n
    return out


class _Tally:
    """Sequences counted for each of the chooser's options, by the other side's cell, where
    the other side's mixed play weighs them."""

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int, bool], list[int]] = {}
        self.settled = [[0, 0, 0], [0, 0, 0]]

    def add(self, option: int, cell: int, draws: bool, weight: int, results: Sequence[int]) -> None:
        counted = self.cells.setdefault((option, cell, draws), [0, 0, 0])
        for k in range(3):
            counted[k] += weight * results[k]

    def chances(self, option: int, draws: Sequence[Fraction]) -> Chances | None:
        total = [Fraction(n) for n in self.settled[option]]
        for (chosen, cell, drew), counted in self.cells.items():
            if chosen == option:
                share = draws[cell] if drew else 1 - draws[cell]
                for k in range(3):
                    total[k] += share * counted[k]
        return _chances(total)


def punto_on_five(
    unseen: Sequence[int], banco: Sequence[Fraction | int], *, banco_natural: bool
) -> tuple[Chances, Chances]:
    """The chances of the coup if the punto side, on 5, stands and if it draws (PB-13e,
    CF-12): the cards it has not seen are `unseen`, banco's two among them; banco plays
    `banco` (its chance of drawing by cell, `BANCO_TABLE`'s shape, PB-12 or CF-13); a banco
    natural may lie there (`banco_natural`, PB-13e) or is known not to (CF-11)."""
    r = list(unseen)
    n = sum(r)
    stand, draw = 0, 1
    tally = _Tally()
    for k in range(10):
        if not r[k]:
            continue
        first = r[k]
        r[k] -= 1
        for h in range(10):
            if not r[h]:
                continue
            w = first * r[h]
            r[h] -= 1
            b = (k + h) % 10
            if PUNTO_RULE[b] is PuntoRule.NATURAL:
                if banco_natural:  # PB-13b: banco wins at once, whatever punto chose
                    for option in (stand, draw):
                        tally.settled[option][1] += w * (n - 2) * (n - 3)
            else:
                cell = COLUMNS * b + STOOD
                tally.add(stand, cell, False, w * (n - 2) * (n - 3), _unit(_FIVE, b))
                tally.add(stand, cell, True, w * (n - 3), _after_draw(r, _FIVE, b))
                for c in range(10):
                    if not r[c]:
                        continue
                    wc = w * r[c]
                    r[c] -= 1
                    total = (_FIVE + c) % 10
                    cell = COLUMNS * b + c
                    tally.add(draw, cell, False, wc * (n - 3), _unit(total, b))
                    tally.add(draw, cell, True, wc, _after_draw(r, total, b))
                    r[c] += 1
            r[h] += 1
        r[k] += 1
    table = [Fraction(p) for p in banco]
    return _both(tally.chances(stand, table), tally.chances(draw, table))


def banker_choice(
    unseen: Sequence[int], points: int, third: int | None, punter_draws_on_five: Fraction
) -> tuple[Chances, Chances]:
    """The chances of the coup if the banker, on `points` (no natural), stands and if he
    draws (CF-13): the cards he has not seen are `unseen` (the punter's two among them, his
    third card not), the punter drew a third card worth `third` or stood (None), having
    played his two cards by CF-12, drawing on 5 with chance `punter_draws_on_five`; neither
    hand is a natural (CF-11)."""
    r = list(unseen)
    if third is not None:
        r[third] += 1  # dealt after the punter's two cards
    n = sum(r)
    if third is None:  # the punter's share of each hand of two cards that stood
        plays = {PuntoRule.STAND: Fraction(1), PuntoRule.CHOOSE: 1 - punter_draws_on_five}
    else:
        plays = {PuntoRule.DRAW: Fraction(1), PuntoRule.CHOOSE: punter_draws_on_five}
    standing, drawing = [Fraction(0)] * 3, [Fraction(0)] * 3
    for i in range(10):
        if not r[i]:
            continue
        first = r[i]
        r[i] -= 1
        for j in range(10):
            share = plays.get(PUNTO_RULE[(i + j) % 10], Fraction(0))
            if not r[j] or not share:
                continue
            w = first * r[j]
            r[j] -= 1
            total, spare = (i + j) % 10, n - 2  # spare: the cards the banker's draw is from
            if third is not None and r[third]:
                w *= r[third]
                r[third] -= 1
                total, spare = (total + third) % 10, n - 3
                drawn = _after_draw(r, total, points)
                r[third] += 1
            elif third is None:
                drawn = _after_draw(r, total, points)
            else:
                w = 0
            if w:
                stood = _unit(total, points)
                for k in range(3):
                    standing[k] += share * w * spare * stood[k]
                    drawing[k] += share * w * drawn[k]
            r[j] += 1
        r[i] += 1
    return _both(_chances(standing), _chances(drawing))


def _unit(punto: int, banco: int) -> list[int]:
    out = [0, 0, 0]
    out[_result(punto, banco)] = 1
    return out


def _chances(counted: Sequence[Fraction]) -> Chances | None:
    whole = sum(counted, Fraction(0))
    return Chances(*(n / whole for n in counted)) if whole else None


def _both(stand: Chances | None, draw: Chances | None) -> tuple[Chances, Chances]:
    if stand is None or draw is None:
        raise ValueError("no deal of the unseen cards reaches this choice")
    return stand, draw

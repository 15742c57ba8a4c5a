"""The Chemin de Fer coup solved as a two-person zero-sum game (CF-11, CF-12, CF-13).

The punter, who plays the punters' hand, chooses only on 5 (CF-12); the
banker chooses freely, knowing his hand and seeing the punter's third card or
that he stood (CF-13). The payoff to the punter is +1, -1 or 0 a unit staked,
with no commission. Two models of what each side knows:

- `Info.TOTALS` (Kemeny and Snell): each side knows its own total. Solved
  exactly, in `Fraction`s.
- `Info.CARDS` (Ethier and Gámez): each side knows its own two cards' values.
  Solved as a linear program (scipy's HiGHS), in floats.

    >>> solution = solve(None)                # an infinite shoe, totals known
    >>> solution.punter_draw_at_5, solution.value
    (Fraction(9, 11), Fraction(-679568, 53094899))
    >>> solution.banker[(6, None)]            # banker 6, the punter stood
    Fraction(859, 2288)
    >>> f"{float(solution.banker_exploitability(tableau())):.6f}"  # what the tableau gives away
    '0.000518'
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Literal, overload

import numpy as np
from scipy.optimize import linprog  # type: ignore[import-untyped]

from croupier.errors import InvalidConfig
from croupier.estimate import exact_json
from croupier.games.baccarat import BANCO_TABLE, DRAWING_TOTALS, STOOD
from croupier.games.baccarat import COLUMNS as BANCO_COLUMNS
from croupier.solve.chemin_de_fer_payoffs import (
    COLUMNS,
    FIVES,
    NATURALS,
    PAIRS,
    Column,
    CoupGame,
    Pair,
    coup_game,
    coup_payoffs,
)

__all__ = [
    "COLUMNS",
    "FIVES",
    "CardsSolution",
    "Column",
    "Info",
    "Pair",
    "TotalsSolution",
    "on_pairs",
    "solve",
    "tableau",
]


class Info(enum.Enum):
    """What each side knows of its own two cards."""

    TOTALS = "totals"
    CARDS = "cards"


def tableau() -> dict[tuple[int, Column], Fraction]:
    """The classic banker's table as a pure strategy by totals: PB-12 after the punter
    drew, and drawing on 0-5 when he stood (CF-13, variant "banker tableau")."""
    return {
        (b, c): Fraction(BANCO_TABLE[BANCO_COLUMNS * b + (STOOD if c is None else c)])
        for b in range(DRAWING_TOTALS)
        for c in COLUMNS
    }


def on_pairs(banker: Mapping[tuple[int, Column], Fraction]) -> dict[tuple[Pair, Column], Fraction]:
    """A banker's strategy by totals, played on his two cards (for the cards model)."""
    return {
        (pair, c): banker[(sum(pair) % 10, c)]
        for pair in PAIRS
        if sum(pair) % 10 not in NATURALS
        for c in COLUMNS
    }


@dataclass(frozen=True, slots=True)
class TotalsSolution:
    """An exact equilibrium of the coup when each side knows only its total.

    `punter_draw_at_5`: how often the punter draws on 5; `banker[(total, column)]`:
    how often the banker draws on `total` seeing `column`; `value`: the punter's
    expectation a unit staked.
    """

    game: CoupGame[int] = field(repr=False)
    punter_draw_at_5: Fraction
    value: Fraction
    banker: Mapping[tuple[int, Column], Fraction]

    @property
    def decks(self) -> int | None:
        return self.game.decks

    def punter_exploitability(self, draw_at_5: Fraction) -> Fraction:
        """How much less than the value a punter drawing on 5 this often gets against
        the banker's best reply."""
        return self.value - self.game.banker_reply((draw_at_5,))[0]

    def banker_exploitability(self, banker: Mapping[tuple[int, Column], Fraction]) -> Fraction:
        """How much more than the value the punter gets by his best reply to this banker."""
        return self.game.punter_reply(banker)[0] - self.value

    def as_json(self) -> dict[str, Any]:
        """The solution as JSON (docs/json.md), every figure exact."""
        return _json(
            Info.TOTALS,
            exact_json(self.punter_draw_at_5),
            self.value,
            {(str(b), c): p for (b, c), p in self.banker.items()},
        )


@dataclass(frozen=True, slots=True)
class CardsSolution:
    """An equilibrium, from a linear program, when each side knows its two cards' values.

    `punter_draw_at_5[pair]`: how often the punter draws on each `pair` making 5;
    `banker[(pair, column)]`: how often the banker draws on `pair` seeing `column`;
    `value`: the punter's expectation a unit staked.
    """

    game: CoupGame[Pair] = field(repr=False)
    punter_draw_at_5: Mapping[Pair, float]
    value: float
    banker: Mapping[tuple[Pair, Column], float]

    @property
    def decks(self) -> int | None:
        return self.game.decks

    def punter_exploitability(self, draw_at_5: Mapping[Pair, float]) -> float:
        """How much less than the value this punter gets against the banker's best reply."""
        punter = tuple(Fraction(draw_at_5[pair]) for pair in self.game.fives)
        return self.value - float(self.game.banker_reply(punter)[0])

    def banker_exploitability(self, banker: Mapping[tuple[Pair, Column], float]) -> float:
        """How much more than the value the punter gets by his best reply to this banker."""
        exact = {cell: Fraction(p) for cell, p in banker.items()}
        return float(self.game.punter_reply(exact)[0]) - self.value

    def as_json(self) -> dict[str, Any]:
        """The solution as JSON (docs/json.md), pairs written "2-3": the linear program's
        answers are floats, so no figure has a fraction."""
        return _json(
            Info.CARDS,
            {_pair_text(pair): exact_json(p) for pair, p in self.punter_draw_at_5.items()},
            self.value,
            {(_pair_text(pair), c): p for (pair, c), p in self.banker.items()},
        )


@overload
def solve(
    decks: int | None = ...,
    info: Literal[Info.TOTALS] = ...,
    *,
    counts: Sequence[int] | None = ...,
) -> TotalsSolution: ...
@overload
def solve(
    decks: int | None, info: Literal[Info.CARDS], *, counts: Sequence[int] | None = ...
) -> CardsSolution: ...
@overload
def solve(
    decks: int | None = ..., *, info: Literal[Info.CARDS], counts: Sequence[int] | None = ...
) -> CardsSolution: ...
@overload
def solve(
    decks: int | None = ..., info: Info | str = ..., *, counts: Sequence[int] | None = ...
) -> TotalsSolution | CardsSolution: ...
def solve(
    decks: int | None = 6, info: Info | str = Info.TOTALS, *, counts: Sequence[int] | None = None
) -> TotalsSolution | CardsSolution:
    """Solve a coup from a full shoe of `decks` decks (None: infinite, with replacement), or
    from a shoe of exactly `counts` cards of each value (ten numbers, the tens and faces
    first; `decks` is then ignored), each side knowing `info` of its own cards (an `Info` or
    its name)."""
    if counts is not None:
        if len(counts) != 10 or any(
            isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in counts
        ):
            raise InvalidConfig(f"counts {counts!r} is not valid: ten whole numbers, 0 or more")
        if sum(counts) < 6:
            raise InvalidConfig(f"counts {counts!r} hold {sum(counts)} cards: a coup needs 6")
        decks = None
    elif decks is not None and (isinstance(decks, bool) or not isinstance(decks, int) or decks < 1):
        raise InvalidConfig(
            f"decks {decks!r} is not valid: a whole number, 1 or more, or None for an infinite shoe"
        )
    try:
        model = Info(info)
    except ValueError:
        raise InvalidConfig(
            f"info {info!r} is not valid: choose from {', '.join(i.value for i in Info)}"
        ) from None
    payoffs = coup_payoffs(decks, counts)
    if model is Info.TOTALS:
        return _solve_totals(coup_game(payoffs, lambda pair: sum(pair) % 10))
    return _solve_cards(coup_game(payoffs, lambda pair: pair))


def _solve_totals(totals: CoupGame[int]) -> TotalsSolution:
    """The punter's x maximises V(x), his payoff against the banker's best reply: concave
    and piecewise linear, so greatest at 0, 1 or where a cell's two lines cross. The banker
    plays his best reply to x, and where he is indifferent mixes so that the punter is too
    (or, at 0 or 1, has no cause to move)."""
    lines = {  # per cell: standing's constant and slope, then drawing's
        cell: (stand.constant, stand.slopes[0], draw.constant, draw.slopes[0])
        for cell, (stand, draw) in totals.cells.items()
    }
    crossings = {Fraction(d0 - s0, s1 - d1) for s0, s1, d0, d1 in lines.values() if s1 != d1}
    candidates = sorted({Fraction(0), Fraction(1)} | {x for x in crossings if 0 < x < 1})
    x = max(candidates, key=lambda x: totals.banker_reply((x,))[0])  # the least, if several
    banker: dict[tuple[int, Column], Fraction] = {}
    steeper: dict[tuple[int, Column], bool] = {}  # where he is indifferent: is drawing steeper
    slope, span = 0, 0  # the punter's dE/dx with those cells at their lesser slope; its range
    for cell, (s0, s1, d0, d1) in lines.items():
        standing, drawing = s0 + s1 * x, d0 + d1 * x
        if standing == drawing and s1 != d1:
            steeper[cell] = d1 > s1
            slope += min(s1, d1)
            span += abs(s1 - d1)
        else:
            banker[cell] = Fraction(drawing < standing)
            slope += d1 if drawing < standing else s1
    # the share t of the steeper action bringing dE/dx to 0, or as near as [0, 1] allows
    t = min(max(Fraction(-slope, span), Fraction(0)), Fraction(1)) if span else Fraction(0)
    for cell, draw_steeper in steeper.items():
        banker[cell] = t if draw_steeper else 1 - t
    ordered = {cell: banker[cell] for cell in totals.cells}
    return TotalsSolution(
        game=totals,
        punter_draw_at_5=x,
        value=totals.payoff((x,), ordered),
        banker=MappingProxyType(ordered),
    )


def _solve_cards(cards: CoupGame[Pair]) -> CardsSolution:
    """Maximise the natural coups plus the sum of z over cells, each z at most both of the
    banker's lines at x; the banker's strategy is the constraints' dual values."""
    n, cells = len(cards.fives), list(cards.cells)
    rows, bounds = [], []
    for i, cell in enumerate(cells):
        for line in cards.cells[cell]:
            row = [0.0] * (n + len(cells))
            row[:n] = (-s / cards.total for s in line.slopes)
            row[n + i] = 1.0
            rows.append(row)
            bounds.append(line.constant / cards.total)
    result = linprog(
        c=[0.0] * n + [-1.0] * len(cells),
        A_ub=np.array(rows),
        b_ub=np.array(bounds),
        bounds=[(0.0, 1.0)] * n + [(None, None)] * len(cells),
        method="highs",
    )
    if not result.success:  # pragma: no cover - a bounded, feasible program always solves
        raise RuntimeError(f"the linear program failed: {result.message}")
    weights = -result.ineqlin.marginals
    return CardsSolution(
        game=cards,
        punter_draw_at_5=MappingProxyType(
            {pair: float(np.clip(result.x[i], 0, 1)) for i, pair in enumerate(cards.fives)}
        ),
        value=cards.natural / cards.total - float(result.fun),
        banker=MappingProxyType(
            {
                cell: float(np.clip(weights[2 * i + 1] / weights[2 * i : 2 * i + 2].sum(), 0, 1))
                for i, cell in enumerate(cells)
            }
        ),
    )


def _pair_text(pair: Pair) -> str:
    return f"{pair[0]}-{pair[1]}"


def _json(
    info: Info, punter: Any, value: Fraction | float, banker: Mapping[Any, Fraction | float]
) -> dict[str, Any]:
    """The shape shared by both models: the punter's play on 5, the banker's strategy by
    hand, then column, and the banker's edge, minus the game's value to the punter."""
    table: dict[str, dict[str, Any]] = {}
    for (hand, column), p in banker.items():
        table.setdefault(hand, {})["stood" if column is None else str(column)] = exact_json(p)
    return {
        "info": info.value,
        "strategy": {"punter_draws_at_5": punter, "banker": table},
        "banker_edge": {"no_commission": exact_json(-value)},
    }

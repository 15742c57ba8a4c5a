"""Chemin de Fer at speed: the coup dealt shoe after shoe, with the burn and the cut card, both
sides playing a given strategy, in a numba kernel (RULES CF-2, CF-4, CF-9 .. CF-13).

The coup is `croupier.games.baccarat.coup`, compiled, the banker's pure choices in place of
banco's table: `play_shoe` deals a given shoe coup by coup (held equal to the engine by
test), both sides playing pure strategies; `simulate` deals shoe after shoe from its own
generator, mixed strategies drawn as they come.

What is played (the engine's way, from the game's `Rules`): a shoe of `rules.decks` decks
(CF-2) is shuffled and cut, the cut card goes `rules.cut_card` cards from the bottom, and the
banker burns `rules.burn` cards (CF-4, 3 or 4).
Coups follow until a card from behind the cut card has come out; that coup is finished and
the next shoe begins. In each coup (CF-9 .. CF-13) the punter draws on 0-4, stands on 6-7
and, on 5, plays `Strategy.at_five` (a chance of drawing); the banker, seeing the punter's third
card or that he stood, draws with the chance his strategy gives that cell (his total 0..7,
the third card's value 0..9 or "stood"). A strategy is named (`strategy`): the solver's
equilibrium (totals model), the casino tableau (CF-13 variant), always drawing or always
standing; or built from any table of cells (`Strategy.of`).

How it is fast (see the notes of `croupier.sim.punto_banco`, whose tricks these are).

- Each shoe is shuffled only as far as it can be dealt: a coup begins before the cut card
  comes out and takes six cards at most.
- The coup is one look-up in a table built from the coup itself: its result, whether it was
  a natural and the cards it takes depend only on the sums of the first four cards and on
  the next two, given each side's pure choices. A mixed choice needs a second look-up, and
  a uniform draw, only when the coup reaches it: each entry is flagged when the punter holds
  5 and mixes, or the banker reaches a cell where he mixes; the other entries cost nothing.
  Four tables serve: the punter standing or drawing on 5, times the banker standing or
  drawing in his mixed cells (a coup reaches one cell at most).
- Two shoes are dealt side by side, so the processor works on one while the other's
  look-up is on its way; the coups that need no chance drawn go round a tight loop, and
  a flagged one is dealt outside it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier import i18n
from croupier.errors import InvalidConfig, InvalidInput
from croupier.games import baccarat
from croupier.games.baccarat import AtFive
from croupier.games.chemin_de_fer.rules import BankerPlay, Rules
from croupier.sim import sessions as money
from croupier.sim.jit import njit
from croupier.sim.punto_banco import shoe_values
from croupier.sim.rng import MOST_CARDS, shuffle_prefix, uniform
from croupier.sim.slices import SLICES, split
from croupier.solve.chemin_de_fer import COLUMNS, Column, solve, tableau

__all__ = [
    "BANKER",
    "COUNTS",
    "NATURALS",
    "PUNTER",
    "SHOES",
    "SLICES",
    "STOOD",
    "STRATEGIES",
    "TIE",
    "TOTALS",
    "Cell",
    "Strategy",
    "dealing",
    "dealt",
    "filler",
    "new_shoe",
    "play_shoe",
    "sessions",
    "simulate",
    "simulate_shoes",
    "strategy",
]

PUNTER, BANKER, TIE = baccarat.PUNTO_WINS, baccarat.BANCO_WINS, baccarat.TIE
NATURALS, SHOES = 3, 4
"""The columns of `simulate`'s counts: punter wins, banker wins, ties, coups settled by a
natural (of any result, CF-11), shoes shuffled."""
COUNTS = 5
"""How many columns."""

STOOD = baccarat.STOOD
"""The banker's column when the punter stood."""
TOTALS = baccarat.DRAWING_TOTALS
"""The banker's totals that reach a choice: 0..7 (8 and 9 are naturals, CF-11)."""

STRATEGIES = ("equilibrium", "tableau", "draw", "stand")
"""The strategies `strategy` knows by name."""

Cell = tuple[int, Column]
"""The banker's choice: his total 0..7 and the punter's third card's value, or None if the
punter stood (the solver's cells)."""


def _at_five(x: Any, what: str) -> AtFive:
    """The punter's play on 5: an `AtFive` with a chance of drawing, or the chance itself."""
    if isinstance(x, AtFive):
        if x.draws is None:
            raise InvalidInput(
                f"{what} 'best' is not valid: the kernel plays a chance of drawing on 5"
            )
        return x
    return AtFive(_chance(x, what))


def _chance(x: Any, what: str) -> Fraction:
    """A probability, exactly: a float is read as the decimal it prints as (0.8 is 4/5)."""
    if isinstance(x, bool | int | Fraction):
        p = Fraction(x)
    elif isinstance(x, float) and math.isfinite(x):
        p = Fraction(repr(x))
    else:
        raise InvalidInput(f"{what} {x!r} is not valid: a chance from 0 to 1")
    if not 0 <= p <= 1:
        raise InvalidInput(f"{what} {x!r} is not valid: a chance from 0 to 1")
    return p


@dataclass(frozen=True, slots=True)
class Strategy:
    """How both sides play the coup: the punter's play on 5, a chance of drawing (CF-12),
    and the banker's chance of drawing in each cell (CF-13), `banker[total][column]` for totals 0..7
    and columns 0..9 (the punter's third card) then 10 (he stood). Exact fractions, so the
    solver can value them; the kernel plays them in floats."""

    name: str
    at_five: AtFive
    banker: tuple[tuple[Fraction, ...], ...]

    def __post_init__(self) -> None:
        if len(self.banker) != TOTALS or any(len(row) != baccarat.COLUMNS for row in self.banker):
            raise InvalidInput(
                f"strategy {self.name!r}: the banker's table must have {TOTALS} rows (his "
                f"totals 0..7) of {baccarat.COLUMNS} cells (the third card 0..9, then stood)"
            )
        object.__setattr__(
            self, "at_five", _at_five(self.at_five, f"strategy {self.name!r}: at_five")
        )
        rows = tuple(
            tuple(
                _chance(
                    p,
                    f"strategy {self.name!r}: the banker's chance in row {total}, column {column}",
                )
                for column, p in enumerate(row)
            )
            for total, row in enumerate(self.banker)
        )
        object.__setattr__(self, "banker", rows)

    @classmethod
    def of(cls, name: str, at_five: Any, banker: Mapping[Cell, Any]) -> Strategy:
        """A strategy from the punter's play on 5 (an `AtFive`, or a chance of drawing) and
        the banker's chance of drawing by cell, keyed as the solver keys them: (total 0..7,
        third card 0..9 or None when the punter stood). Every one of the 88 cells must be
        there."""
        cells = [(b, c) for b in range(TOTALS) for c in COLUMNS]
        missing = [cell for cell in cells if cell not in banker]
        extra = [cell for cell in banker if cell not in cells]
        if missing or extra:
            wrong = missing[0] if missing else extra[0]
            raise InvalidInput(
                f"strategy {name!r}: the banker's cell {wrong!r} is "
                f"{'missing' if missing else 'not a cell'}: cells are (total 0..7, third "
                f"card 0..9 or None), all 88 of them"
            )
        rows = tuple(
            tuple(
                _chance(banker[cell], f"strategy {name!r}: the banker's chance at {cell!r}")
                for cell in ((b, None if c == STOOD else c) for c in range(baccarat.COLUMNS))
            )
            for b in range(TOTALS)
        )
        return cls(name, _at_five(at_five, f"strategy {name!r}: at_five"), rows)

    def cells(self) -> dict[Cell, Fraction]:
        """The banker's chances keyed as the solver keys them."""
        return {
            (b, None if c == STOOD else c): self.banker[b][c]
            for b in range(TOTALS)
            for c in (STOOD, *range(10))
        }

    def draws(self, total: int, column: Column) -> Fraction:
        """The banker's chance of drawing on `total`, seeing `column`."""
        return self.banker[total][STOOD if column is None else column]

    @property
    def pure(self) -> bool:
        """Whether neither side ever mixes."""
        return self.at_five.pure and all(p in (0, 1) for row in self.banker for p in row)

    @property
    def draws_at_5(self) -> Fraction:
        """The punter's chance of drawing on 5 (a strategy's play on 5 is always one)."""
        assert self.at_five.draws is not None
        return self.at_five.draws

    def with_at_five(self, at_five: Any) -> Strategy:
        """The same banker, the punter playing 5 so (an `AtFive`, or a chance of drawing)."""
        return replace(self, at_five=_at_five(at_five, f"strategy {self.name!r}: at_five"))

    def arrays(self) -> tuple[float, npt.NDArray[np.float64]]:
        """The punter's chance and the banker's table, in floats for the kernel."""
        table = np.array([[float(p) for p in row] for row in self.banker], dtype=np.float64)
        return float(self.draws_at_5), table


@cache
def _equilibrium(decks: int) -> Strategy:
    solution = solve(decks)
    return Strategy.of("equilibrium", solution.punter_draw_at_5, solution.banker)


def strategy(name: str, decks: int = 6, *, at_five: Any = None) -> Strategy:
    """A strategy by name (`STRATEGIES`):

    - "equilibrium": both sides as the solver's equilibrium for a fresh shoe of `decks`
      decks, each side knowing its total (`croupier.solve.chemin_de_fer`, totals model);
    - "tableau": the banker by the casino table (CF-13 variant; PB-12, and drawing on 0-5
      when the punter stood), the punter drawing on 5;
    - "draw" / "stand": the banker always draws / always stands, and so does the punter
      on 5.

    `at_five`, if given (an `AtFive`, or a chance of drawing), replaces the punter's play
    on 5.

        >>> play = strategy("tableau", at_five=AtFive.read("1/2"))
        >>> str(play.at_five), play.draws(6, None), play.draws(6, 7), play.pure
        ('1/2', Fraction(0, 1), Fraction(1, 1), False)
    """
    key = name.strip().lower() if isinstance(name, str) else name
    if key == "equilibrium":
        Rules(decks=decks)  # decks the game allows (CF-2)
        found = _equilibrium(decks)
    elif key == "tableau":
        found = Strategy.of("tableau", 1, tableau())
    elif key in ("draw", "stand"):
        always = int(key == "draw")
        found = Strategy.of(key, always, {(b, c): always for b in range(TOTALS) for c in COLUMNS})
    else:
        raise InvalidInput(f"strategy {name!r} is not valid: choose from {', '.join(STRATEGIES)}")
    return found if at_five is None else found.with_at_five(at_five)


def _strategy_of(play: str | Strategy, decks: int, at_five: Any) -> Strategy:
    if isinstance(play, Strategy):
        return play if at_five is None else play.with_at_five(at_five)
    return strategy(play, decks, at_five=at_five)


# -- the coup ---------------------------------------------------------------------------------


_coup = njit(baccarat.coup)
_RULE = np.array(baccarat.PUNTO_RULE, dtype=np.int8)
_STANDS = np.zeros(TOTALS * baccarat.COLUMNS, dtype=np.bool_)
"""A banker who never draws: the coup up to his choice."""


_SUMS = 19
"""Two cards' values add to 0..18."""
_SIZE = _SUMS * _SUMS * 100
_PUNTER_MIXES = 64
"""Flag: the punter holds 5 (no natural) and mixes."""
_BANKER_MIXES = 128
"""Flag: the coup reaches a cell where the banker mixes."""
_CODE = 63
"""The rest of an entry: `8 * (result + 3 * natural) + cards dealt`."""


@njit
def _build(draws_at_5: float, banker: Any, out: Any) -> None:
    """`out[2 * d + m, (p * 19 + b) * 100 + 10 * c5 + c6]`, where `p` and `b` are the sums
    of the punter's and the banker's first two cards and `c5`, `c6` the next two cards:
    the coup as it plays when the punter draws on 5 if `d`, and the banker draws in his
    mixed cells if `m` (in the others, as his pure choice), flagged where the play needs a
    chance drawn."""
    punter_mixes = 0.0 < draws_at_5 < 1.0
    shoe = np.zeros(6, dtype=np.int64)
    table = np.zeros(TOTALS * baccarat.COLUMNS, dtype=np.bool_)  # in the shape of BANCO_TABLE
    for d in range(2):
        for m in range(2):
            for b in range(TOTALS):
                for c in range(baccarat.COLUMNS):
                    q = banker[b, c]
                    table[b * baccarat.COLUMNS + c] = q >= 1.0 or (m == 1 and q > 0.0)
            for p in range(_SUMS):
                for b in range(_SUMS):
                    shoe[0], shoe[2] = min(p, 9), p - min(p, 9)
                    shoe[1], shoe[3] = min(b, 9), b - min(b, 9)
                    for c5 in range(10):
                        for c6 in range(10):
                            shoe[4], shoe[5] = c5, c6
                            result, natural, dealt, cell = _coup(shoe, 0, _RULE, d == 1, table)
                            entry = 8 * (result + 3 * natural) + dealt
                            if punter_mixes and natural == 0 and p % 10 == 5:
                                entry += _PUNTER_MIXES
                            if cell >= 0:
                                q = banker[cell // baccarat.COLUMNS, cell % baccarat.COLUMNS]
                                if 0.0 < q < 1.0:
                                    entry += _BANKER_MIXES
                            out[2 * d + m, (p * _SUMS + b) * 100 + 10 * c5 + c6] = entry


def _tables(play: Strategy) -> npt.NDArray[np.uint8]:
    """The four tables of `_build` for this strategy."""
    draws_at_5, banker = play.arrays()
    out = np.zeros((4, _SIZE), dtype=np.uint8)
    _build(draws_at_5, banker, out)
    return out


@njit
def _mixed(
    state: Any, shoe: Any, i: int, k: int, entry: int, draws_at_5: float, banker: Any, tables: Any
) -> int:
    """The coup of a flagged entry: draw what must be drawn, and look it up again."""
    d = int(draws_at_5 >= 1.0)
    if entry & _PUNTER_MIXES:
        d = int(uniform(state) < draws_at_5)  # the punter's choice on 5 (CF-12)
        entry = tables[2 * d, k]
    if entry & _BANKER_MIXES:  # the cell the coup reaches, whatever the banker then does
        _, _, _, cell = _coup(shoe, i, _RULE, d == 1, _STANDS)
        if uniform(state) < banker[cell // baccarat.COLUMNS, cell % baccarat.COLUMNS]:  # CF-13
            entry = tables[2 * d + 1, k]
    return entry & _CODE


@njit
def _index(shoe: Any, i: int) -> int:
    """Where the coup dealt from `shoe[i:]` lies in the tables."""
    p = int(shoe[i]) + int(shoe[i + 2])
    b = int(shoe[i + 1]) + int(shoe[i + 3])
    return (p * _SUMS + b) * 100 + 10 * int(shoe[i + 4]) + int(shoe[i + 5])


@njit
def dealt(
    state: Any, shoe: Any, i: int, base: int, draws_at_5: float, banker: Any, tables: Any
) -> tuple[int, int]:
    """The coup dealt from `shoe[i:]`, looked up in `tables` (`dealing`'s): its code
    (`result + 3 * natural`) and where the next coup starts. `base` is the table looked up
    first and `draws_at_5` the punter's chance of drawing on 5, as `dealing` gives them; a
    punter whose choice on 5 is made outside the kernel (an agent's, `draws` 0 or 1) plays
    it with `base = 2 * draws` and `draws_at_5 = draws`, in tables dealt with a pure play
    on 5. Mixed choices are drawn from the generator `state` as the coup reaches them."""
    k = _index(shoe, i)
    entry = tables[base, k]
    if entry > _CODE:
        entry = _mixed(state, shoe, i, k, entry, draws_at_5, banker, tables)
    return entry >> 3, i + (entry & 7)


def _base(draws_at_5: float) -> int:
    """The table a coup is first looked up in: the punter's pure choice on 5 (standing, for
    the look-up, when he mixes), the banker's pure choices (standing where he mixes)."""
    return 2 * int(draws_at_5 >= 1.0)


# -- a given shoe ----------------------------------------------------------------------------


@njit
def _play_shoe(
    shoe: Any, cut: int, burn: int, base: int, draws_at_5: float, banker: Any, tables: Any, out: Any
) -> int:
    n = len(shoe)
    state = np.ones(4, dtype=np.uint64)  # never drawn from: the play is pure
    i = burn  # the banker burns the first cards (CF-4)
    coups = 0
    while True:
        start = i
        code, i = dealt(state, shoe, i, base, draws_at_5, banker, tables)
        out[coups, 0] = code % 3
        out[coups, 1] = code // 3
        out[coups, 2] = i - start
        coups += 1
        if i > n - cut:  # a card from behind the cut card came out: the shoe ends
            return coups


def play_shoe(
    values: npt.ArrayLike, play: Strategy, rules: Rules | None = None
) -> npt.NDArray[np.int8]:
    """Each coup dealt from this shoe (point values, top first, as it stands after the cut),
    both sides playing the pure strategy `play`: the banker burns `rules.burn` cards (CF-4),
    then coups are dealt until a card from behind the cut card, `rules.cut_card` cards from
    the bottom, has come out. One row a coup: its result (`PUNTER`, `BANKER`, `TIE`), 1 if a natural
    settled it (CF-11), and the cards it took."""
    shoe = np.asarray(values, dtype=np.int8)
    rules = _checked(rules, play)
    cut, burn = rules.cut_card, rules.burn
    if not play.pure:
        raise InvalidInput(
            f"strategy {play.name!r} mixes: a given shoe is dealt with pure strategies only "
            f"(every chance 0 or 1)"
        )
    draws_at_5, banker = play.arrays()
    out = np.empty((len(shoe) // 4 + 1, 3), dtype=np.int8)
    tables = _tables(play)
    coups = _play_shoe(shoe, cut, burn, _base(draws_at_5), draws_at_5, banker, tables, out)
    return out[:coups]


# -- shoe after shoe -------------------------------------------------------------------------


@njit
def new_shoe(state: Any, shoe: Any, last: int, burn: int) -> int:
    """Shuffle a shoe as far as it can be dealt (a coup starts at `last` at the latest and
    takes six cards at most); the banker burns (CF-4); the place of the first coup. `shoe`
    may hold any cards (point values, or the cards' places in `croupier.cards.shoe_of`):
    only their order changes."""
    shuffle_prefix(state, shoe, last + 6)
    return burn


@njit
def _count(codes: Any, shoes: int, out: Any) -> None:
    """Coups by code (`result + 3 * natural`) and shoes, added to the counts `out`."""
    for result in range(3):
        out[result] += codes[result] + codes[3 + result]
    out[NATURALS] += codes[3] + codes[4] + codes[5]
    out[SHOES] += shoes


@njit
def _simulate(
    state: Any,
    hands: int,
    first: Any,
    second: Any,
    at: Any,
    cut: int,
    burn: int,
    base: int,
    draws_at_5: float,
    banker: Any,
    tables: Any,
    out: Any,
) -> None:
    """`hands` coups from two shoes dealt side by side, each going on from its place in `at`
    (0: a new shoe), where it is left; counts added to `out`.

    The coups with no chance to draw go in a tight loop over both shoes in turn, which
    leaves at a flagged entry: such a coup is dealt apart, and the loop taken up again. (A
    draw from the generator written inside the loop, even one never made, slows it two- or
    threefold.)"""
    last = len(first) - cut  # a coup begun past here has brought out the cut card
    codes = np.zeros(6, dtype=np.int64)
    shoes = 0
    i, j = at[0], at[1]
    if i == 0:
        i = new_shoe(state, first, last, burn)
        shoes += 1
    if j == 0:
        j = new_shoe(state, second, last, burn)
        shoes += 1
    done = 0
    while done < hands:
        apart = 0  # the shoe whose coup is dealt apart
        while done + 1 < hands:
            entry = tables[base, _index(first, i)]
            if entry > _CODE:
                break
            codes[entry >> 3] += 1
            i += entry & 7
            if i > last:  # the cut card came out: the shoe ends
                i = new_shoe(state, first, last, burn)
                shoes += 1
            entry = tables[base, _index(second, j)]
            if entry > _CODE:
                apart = 1
                done += 1
                break
            codes[entry >> 3] += 1
            j += entry & 7
            if j > last:
                j = new_shoe(state, second, last, burn)
                shoes += 1
            done += 2
        if done == hands:
            break
        if apart == 0:  # a flagged coup, or the last of an odd number
            code, i = dealt(state, first, i, base, draws_at_5, banker, tables)
            if i > last:
                i = new_shoe(state, first, last, burn)
                shoes += 1
        else:
            code, j = dealt(state, second, j, base, draws_at_5, banker, tables)
            if j > last:
                j = new_shoe(state, second, last, burn)
                shoes += 1
        codes[code] += 1
        done += 1
    at[0], at[1] = i, j
    _count(codes, shoes, out)


def simulate(
    state: npt.NDArray[np.uint64],
    hands: int,
    rules: Rules | None = None,
    strategy: str | Strategy = "equilibrium",
    at_five: Any = None,
) -> npt.NDArray[np.int64]:
    """Deal `hands` coups, shoe after shoe, from the generator `state` (which steps on): for
    each of `SLICES` slices of them in turn, the counts `[PUNTER, BANKER, TIE, NATURALS,
    SHOES]` (wins of each side, ties, coups settled by a natural, shoes shuffled), at a
    table of these `rules`. `strategy`: a `Strategy`, or a name for `strategy(name,
    rules.decks)`; `at_five`, if given, replaces the punter's play on 5 (CF-12)."""
    shoe, cut, burn, base, x, banker, tables = dealing(rules, strategy, at_five)
    second, at = shoe.copy(), np.zeros(2, dtype=np.int64)
    out = np.zeros((SLICES, COUNTS), dtype=np.int64)
    for k, count in enumerate(split(hands)):
        _simulate(state, count, shoe, second, at, cut, burn, base, x, banker, tables, out[k])
    return out


@njit
def _simulate_shoes(
    state: Any,
    shoes: int,
    shoe: Any,
    cut: int,
    burn: int,
    base: int,
    draws_at_5: float,
    banker: Any,
    tables: Any,
    out: Any,
) -> None:
    """`shoes` whole shoes, each dealt to its cut card; counts added to `out`."""
    last = len(shoe) - cut
    codes = np.zeros(6, dtype=np.int64)
    for _ in range(shoes):
        i = new_shoe(state, shoe, last, burn)
        while i <= last:  # past `last`, a card from behind the cut card has come out
            code, i = dealt(state, shoe, i, base, draws_at_5, banker, tables)
            codes[code] += 1
    _count(codes, shoes, out)


def simulate_shoes(
    state: npt.NDArray[np.uint64],
    shoes: int,
    rules: Rules | None = None,
    strategy: str | Strategy = "equilibrium",
    at_five: Any = None,
) -> npt.NDArray[np.int64]:
    """As `simulate`, but `shoes` whole shoes, each dealt from its shuffle to its cut card:
    the same counts for each of `SLICES` slices of the shoes."""
    shoe, cut, burn, base, x, banker, tables = dealing(rules, strategy, at_five)
    out = np.zeros((SLICES, COUNTS), dtype=np.int64)
    for k, count in enumerate(split(shoes)):
        _simulate_shoes(state, count, shoe, cut, burn, base, x, banker, tables, out[k])
    return out


# -- sessions --------------------------------------------------------------------------------


@njit
def _fill(
    state: Any,
    shoe: Any,
    cut: int,
    burn: int,
    base: int,
    draws_at_5: float,
    banker: Any,
    tables: Any,
    net: Any,
    out: Any,
) -> None:
    """Each row of `out` a session, from a fresh shoe and on through as many as it takes:
    what each coup wins, `net[result]`."""
    last = len(shoe) - cut
    for s in range(out.shape[0]):
        i = new_shoe(state, shoe, last, burn)
        for h in range(out.shape[1]):
            code, i = dealt(state, shoe, i, base, draws_at_5, banker, tables)
            out[s, h] = net[code % 3]
            if i > last:  # the next coup is from a new shoe
                i = new_shoe(state, shoe, last, burn)


def filler(
    net: tuple[int, int, int],
    rules: Rules | None = None,
    strategy: str | Strategy = "equilibrium",
    at_five: Any = None,
) -> money.Fill:
    """The coups of sessions at a table of these `rules`, both sides playing `strategy`, for
    a stake that wins or loses `net` when the punter wins, the banker wins, or they tie:
    each session from a fresh shoe."""
    shoe, cut, burn, base, x, banker, tables = dealing(rules, strategy, at_five)
    by_result = np.array(net, dtype=np.int64)

    def fill(state: npt.NDArray[np.uint64], out: npt.NDArray[np.int64]) -> None:
        _fill(state, shoe, cut, burn, base, x, banker, tables, by_result, out)

    return fill


def sessions(
    state: npt.NDArray[np.uint64],
    count: int,
    plan: money.Plan,
    net: tuple[int, int, int],
    rules: Rules | None = None,
    strategy: str | Strategy = "equilibrium",
    at_five: Any = None,
) -> npt.NDArray[np.int64]:
    """`count` sessions of `plan`, the stake winning or losing `net`: the counts of
    `sessions.play`."""
    return money.play(filler(net, rules, strategy, at_five), state, count, plan)


def _checked(rules: Rules | None, play: Strategy) -> Rules:
    """The rules, and a strategy they allow: at the banker tableau the banker's every cell
    is forced (CF-13 variant)."""
    rules = rules or Rules()
    if rules.banker_play is BankerPlay.TABLEAU and play.cells() != tableau():
        raise InvalidConfig(
            f"strategy {play.name!r} is not valid at the banker tableau: the table forces the "
            "banker's every draw (CF-13 variant); play the tableau"
        )
    return rules


def dealing(
    rules: Rules | None, strategy: str | Strategy, at_five: Any
) -> tuple[Any, int, int, int, float, Any, Any]:
    """What dealing shoe after shoe takes from the rule set and the strategy (a name for
    `strategy`, or a `Strategy`; `at_five`, if given, replaces the punter's play on 5): the
    shoe's values in `croupier.cards.shoe_of`'s order, the cut card and the burn (CF-2,
    CF-4), then both sides' play as `dealt` looks it up (the first table, the punter's
    chance on 5, the banker's chances, the tables). Refuses a shoe too long to shuffle and
    a strategy the rules do not allow (`InvalidConfig`, `InvalidInput`)."""
    decks = (rules or Rules()).decks
    if 52 * decks > MOST_CARDS:
        form = i18n._("{named} is too many for the simulation: {reason}")
        said = i18n._("it shuffles at most {cards:,} cards, {most:,} decks")
        reason = said.format(cards=MOST_CARDS, most=MOST_CARDS // 52)
        raise InvalidConfig(form, {"decks": str(decks)}, reason)
    play = _strategy_of(strategy, decks, at_five)
    rules = _checked(rules, play)
    x, banker = play.arrays()
    shoe = shoe_values(rules.decks)
    return shoe, rules.cut_card, rules.burn, _base(x), x, banker, _tables(play)

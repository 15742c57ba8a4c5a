"""Punto Banco at speed: whole shoes with the cut card and the burn, in a numba kernel
(RULES PB-3, PB-4, PB-5, PB-9, PB-12, PB-13, PB-14).

The coup is `croupier.games.baccarat.coup`, the one the engine's tables make, compiled:
`play_shoe` deals a given shoe coup by coup (held equal to the engine by test); `simulate`
deals shoe after shoe from its own generator.

How it is fast (about 13 ns a coup on one core here; see benchmarks/simulate.py).

- Each shoe is shuffled only as far as it can be dealt: a coup begins before the cut card
  comes out and takes six cards at most, so the shuffle stops six places past the last
  place a coup can begin. A Fisher-Yates shuffle stopped part way leaves a uniformly random
  sequence in the places it has done, so the dealing is exactly that of a fully shuffled
  shoe. The generator is xoshiro256**; each 64 bits place four cards (`shuffle_prefix`).
- The coup is one look-up: its result and the cards it takes depend only on the sums of
  the first four cards and on the next two ("six cards ahead": the cards are there,
  shuffled, whether or not the coup takes them), so a 36,100-entry table built from
  the coup itself replaces the coup's branches, which a processor cannot predict.
- Two shoes are dealt side by side. Each coup's look-up must wait for the one before (it
  tells where the next coup starts); two independent shoes let the processor work on one
  while it waits on the other.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.cards import shoe_of
from croupier.errors import InvalidConfig
from croupier.games import baccarat
from croupier.games.baccarat import AtFive
from croupier.games.punto_banco import Bet, Rules
from croupier.games.punto_banco.coup import pay
from croupier.sim import sessions as money
from croupier.sim.jit import njit
from croupier.sim.rng import shuffle_prefix, uniform
from croupier.sim.slices import SLICES, split

__all__ = [
    "BANCO",
    "PUNTO",
    "SLICES",
    "TABLE",
    "TIE",
    "burn",
    "coup_table",
    "dealt",
    "filler",
    "nets",
    "play_shoe",
    "sessions",
    "shoe_values",
    "simulate",
    "simulate_shoes",
]

PUNTO, BANCO, TIE = baccarat.PUNTO_WINS, baccarat.BANCO_WINS, baccarat.TIE
"""Where each result is counted."""


def shoe_values(decks: int) -> npt.NDArray[np.int8]:
    """The point values (C-3) of a shoe of `decks` packs, in the shoe's fixed order."""
    return np.array([baccarat.value(card) for card in shoe_of(decks)], dtype=np.int8)


_coup = njit(baccarat.coup)
_RULE = np.array(baccarat.PUNTO_RULE, dtype=np.int8)
_BANCO = np.array(baccarat.BANCO_TABLE, dtype=np.bool_)

_SUMS = 19
"""Two cards' values add to 0..18."""


def coup_table() -> npt.NDArray[np.int8]:
    """Every coup at a glance: `table[draws, (p * 19 + b) * 100 + 10 * c5 + c6]`, where `p`
    and `b` are the sums of punto's and banco's first two cards and `c5`, `c6` the next two
    cards, holds `8 * result + cards dealt`, as the coup plays it (`draws`: punto draws on
    5). One look-up in place of the coup's branches, which a processor cannot predict."""
    table = np.empty((2, _SUMS * _SUMS * 100), dtype=np.int8)
    shoe = np.zeros(6, dtype=np.int8)
    for draws in (0, 1):
        for p in range(_SUMS):
            for b in range(_SUMS):
                shoe[0], shoe[2] = min(p, 9), p - min(p, 9)
                shoe[1], shoe[3] = min(b, 9), b - min(b, 9)
                for c5 in range(10):
                    for c6 in range(10):
                        shoe[4], shoe[5] = c5, c6
                        result, _, taken, _ = _coup(shoe, 0, _RULE, bool(draws), _BANCO)
                        table[draws, (p * _SUMS + b) * 100 + 10 * c5 + c6] = 8 * result + taken
    return table


@njit
def dealt(shoe: Any, i: int, draws: int, table: Any) -> tuple[int, int]:
    """The coup dealt from `shoe[i:]`, looked up: its result and where the next starts."""
    p = int(shoe[i]) + int(shoe[i + 2])  # as ints: the shoe's int8s would overflow
    b = int(shoe[i + 1]) + int(shoe[i + 3])
    entry = table[draws, (p * _SUMS + b) * 100 + 10 * int(shoe[i + 4]) + int(shoe[i + 5])]
    return entry >> 3, i + (entry & 7)


@njit
def burn(first: int) -> int:
    """How many cards the first card of a shoe burns after it: tens and pictures 10 (PB-4)."""
    return 10 if first == 0 else first


@njit
def _play_shoe(shoe: Any, cut: int, draws: int, table: Any, out: Any) -> int:
    n = len(shoe)
    i = 1 + burn(shoe[0])
    coups = 0
    while True:
        result, i = dealt(shoe, i, draws, table)
        out[coups] = result
        coups += 1
        if i > n - cut:  # a card behind the cut card came out: the shoe ends (PB-5)
            return coups


def play_shoe(
    values: npt.ArrayLike, rules: Rules | None = None, at_five: AtFive = AtFive.DRAW
) -> npt.NDArray[np.int8]:
    """The result of each coup dealt from this shoe (point values, top first, as it stands
    after the cut): burn, then coups until the cut card, `rules.cut_card` cards from the
    bottom, comes out (PB-3 .. PB-5). `at_five`: punto draws on 5 (PB-14), or stands
    (PB-13e); a given shoe is dealt with a pure play."""
    shoe = np.asarray(values, dtype=np.int8)
    _, cut, x = _dealing(rules, at_five)
    if not at_five.pure:
        raise InvalidConfig(f"at_five {str(at_five)!r}: a given shoe is dealt with draw or stand")
    out = np.empty(len(shoe) // 4 + 1, dtype=np.int8)
    coups = _play_shoe(shoe, cut, int(x), TABLE, out)
    return out[:coups]


@njit
def _new_shoe(state: Any, shoe: Any, last: int) -> int:
    """Shuffle a shoe as far as it can be dealt (a coup starts at `last` at the latest and
    takes six cards at most); burn; the place of the first coup (PB-4)."""
    shuffle_prefix(state, shoe, last + 6)
    return 1 + burn(shoe[0])


@njit
def _simulate(
    state: Any,
    hands: int,
    first: Any,
    second: Any,
    at: Any,
    cut: int,
    draws_at_5: float,
    table: Any,
    out: Any,
) -> None:
    """`hands` coups from two shoes dealt side by side (see the module notes), each going on
    from its place in `at` (0: a new shoe), where it is left; counts added to `out`."""
    last = len(first) - cut  # a coup begun past here has brought out the cut card
    mixed = 0.0 < draws_at_5 < 1.0
    draws = int(draws_at_5 >= 1.0)
    wins = np.zeros(3, dtype=np.int64)
    shoes = 0
    i, j = at[0], at[1]
    if i == 0:
        i = _new_shoe(state, first, last)
        shoes += 1
    if j == 0:
        j = _new_shoe(state, second, last)
        shoes += 1
    for done in range(0, hands, 2):
        if mixed:
            draws = int(uniform(state) < draws_at_5)
        result, i = dealt(first, i, draws, table)
        wins[result] += 1
        if i > last:  # the cut card came out: the shoe ends (PB-5)
            i = _new_shoe(state, first, last)
            shoes += 1
        if done + 1 == hands:
            break
        if mixed:
            draws = int(uniform(state) < draws_at_5)
        result, j = dealt(second, j, draws, table)
        wins[result] += 1
        if j > last:
            j = _new_shoe(state, second, last)
            shoes += 1
    at[0], at[1] = i, j
    out[:3] += wins
    out[3] += shoes


def simulate(
    state: npt.NDArray[np.uint64],
    hands: int,
    rules: Rules | None = None,
    at_five: AtFive = AtFive.DRAW,
) -> npt.NDArray[np.int64]:
    """Deal `hands` coups, shoe after shoe, at a table of these `rules` (its decks and cut
    card), from the generator `state` (which steps on): for each of `SLICES` slices of them
    in turn, the counts of punto, banco and tie wins, and of shoes shuffled. `at_five`:
    punto's play on 5, drawing always (PB-14), never, or with a chance (PB-13e)."""
    shoe, cut, x = _dealing(rules, at_five)
    second, at = shoe.copy(), np.zeros(2, dtype=np.int64)
    out = np.zeros((SLICES, 4), dtype=np.int64)
    for k, count in enumerate(split(hands)):
        _simulate(state, count, shoe, second, at, cut, x, TABLE, out[k])
    return out


@njit
def _simulate_shoes(
    state: Any, shoes: int, shoe: Any, cut: int, draws_at_5: float, table: Any, out: Any
) -> None:
    """`shoes` whole shoes, each dealt to its cut card; counts added to `out`."""
    last = len(shoe) - cut
    mixed = 0.0 < draws_at_5 < 1.0
    draws = int(draws_at_5 >= 1.0)
    for _ in range(shoes):
        i = _new_shoe(state, shoe, last)
        while i <= last:  # past `last`, the cut card has come out: the shoe ends (PB-5)
            if mixed:
                draws = int(uniform(state) < draws_at_5)
            result, i = dealt(shoe, i, draws, table)
            out[result] += 1
    out[3] += shoes


def simulate_shoes(
    state: npt.NDArray[np.uint64],
    shoes: int,
    rules: Rules | None = None,
    at_five: AtFive = AtFive.DRAW,
) -> npt.NDArray[np.int64]:
    """As `simulate`, but `shoes` whole shoes, each dealt from its shuffle to its cut card:
    the same counts for each of `SLICES` slices of the shoes."""
    shoe, cut, x = _dealing(rules, at_five)
    out = np.zeros((SLICES, 4), dtype=np.int64)
    for k, count in enumerate(split(shoes)):
        _simulate_shoes(state, count, shoe, cut, x, TABLE, out[k])
    return out


# -- sessions --------------------------------------------------------------------------------


def nets(rules: Rules, bet: Bet, stake: int) -> tuple[int, int, int]:
    """What `stake` on `bet` wins or loses when punto wins, banco wins, or they tie, the
    commission taken at once (PB-7)."""
    out = [0, 0, 0]
    for winner, where in ((Bet.PUNTO, PUNTO), (Bet.BANCO, BANCO), (Bet.EGALITE, TIE)):
        _, won, commission = pay(rules, bet, stake, winner)
        out[where] = won - commission
    return out[0], out[1], out[2]


@njit
def _fill(
    state: Any, shoe: Any, cut: int, draws_at_5: float, table: Any, net: Any, out: Any
) -> None:
    """Each row of `out` a session, from a fresh shoe and on through as many as it takes:
    what each coup wins, `net[result]`."""
    last = len(shoe) - cut
    mixed = 0.0 < draws_at_5 < 1.0
    draws = int(draws_at_5 >= 1.0)
    for s in range(out.shape[0]):
        i = _new_shoe(state, shoe, last)
        for h in range(out.shape[1]):
            if mixed:
                draws = int(uniform(state) < draws_at_5)
            result, i = dealt(shoe, i, draws, table)
            out[s, h] = net[result]
            if i > last:  # the cut card came out: the next coup is from a new shoe (PB-5)
                i = _new_shoe(state, shoe, last)


def filler(
    net: tuple[int, int, int], rules: Rules | None = None, at_five: AtFive = AtFive.DRAW
) -> money.Fill:
    """The hands of sessions at a table of these `rules`, for a stake that wins or loses
    `net` (as `nets` gives it): each session from a fresh shoe."""
    shoe, cut, x = _dealing(rules, at_five)
    by_result = np.array(net, dtype=np.int64)

    def fill(state: npt.NDArray[np.uint64], out: npt.NDArray[np.int64]) -> None:
        _fill(state, shoe, cut, x, TABLE, by_result, out)

    return fill


def sessions(
    state: npt.NDArray[np.uint64],
    count: int,
    plan: money.Plan,
    net: tuple[int, int, int],
    rules: Rules | None = None,
    at_five: AtFive = AtFive.DRAW,
) -> npt.NDArray[np.int64]:
    """`count` sessions of `plan`, the stake winning or losing `net`: the counts of
    `sessions.play`."""
    return money.play(filler(net, rules, at_five), state, count, plan)


def _dealing(rules: Rules | None, at_five: AtFive) -> tuple[npt.NDArray[np.int8], int, float]:
    """What the kernels take from the rule set: the shoe's values, the cut card (PB-1,
    PB-3), and punto's chance of drawing on 5, a play the rules allow (PB-14)."""
    rules = rules or Rules()
    rules.check_play(at_five)
    if at_five.draws is None:
        raise InvalidConfig(
            "at_five 'best' is not valid here: the kernels deal a fixed chance of drawing on "
            "5; the best play is the exact odds' (croupier.odds.punto_banco)"
        )
    return shoe_values(rules.decks), rules.cut_card, float(at_five.draws)


TABLE = coup_table()
"""`coup_table()`, made once: every kernel here (and `croupier.rl.vector`'s) looks coups up
in it."""

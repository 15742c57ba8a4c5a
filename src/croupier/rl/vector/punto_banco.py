"""Punto Banco at N tables at once: a punter at each, and the shoe dealt by the compiled
coup of `croupier.sim.punto_banco` (RULES PB-3 .. PB-7, PB-12 .. PB-14).

- A step is one coup. The agent sits it out (`sit-out`) or stakes on one bet (PB-6):
  `punto@0.25` is punto's minimum and a quarter of the way on to its maximum, the stake
  `low + round(share * (high - low))` of `croupier.rl.actions.STAKE_GRID`, as the other
  environments number stakes (`env.stakes` gives each action's chips). Every action is
  legal at every step: the punter's chips are not counted, only what each coup wins.
- The tableau deals the coup. When punto's choice on 5 is the agent's (it stakes punto at
  the text's table, PB-13e), it plays `at_five`: draw (the default) or stand; with no punto
  stake punto draws (PB-13e), as always at the fixed tableau (PB-14).
- The reward is what the stake won or lost (PB-7, as `croupier.sim.punto_banco.nets` pays
  it), the commission taken at once; where the rules owe it to the end of the shoe, all of
  it is taken at the step that ends the episode.
- An episode is one shoe: shuffled, burned (PB-4), dealt coup after coup until the cut card
  comes out (PB-5); the step that deals the last coup is `terminated`, and the table
  shuffles its next shoe in the same step. With `max_coups`, a shoe is cut short
  (`truncated`) after that many coups. The punter's cut (PB-3) is left out: a uniform
  shuffle cut anywhere is still uniform.
- The observation is what a punter at the table has seen before he stakes:
  `unseen_0` .. `unseen_9`, how many cards of each value (C-3) he has not seen (the cards
  burned face down count as unseen, the first, shown, card as seen); `before_cut`, the cards
  left before the cut card; `coup`, the coming coup's number in the shoe (1 for the first);
  and the last coup's result, one of `last_punto`, `last_banco`, `last_egalite`, or
  `last_none` before a shoe's first coup.

One kernel call steps every table. Each table keeps its shoe as the places of
`croupier.cards.shoe_of(decks)` (`shoe(table)` gives the engine the same cards) beside
their values, shuffled by the sim's `shuffle_prefix` only as far as a shoe can be dealt
(every card before it then as in a whole shuffle), and dealt by the sim's coup table.

    >>> tables = PuntoBancoTables(2, table="small")
    >>> observations, info = tables.reset(seed=1)
    >>> tables.actions[:3], tables.stakes[:3]
    (('sit-out', 'punto@0', 'punto@0.25'), (0, 10, 258))
    >>> tables.observations[10:]
    ('before_cut', 'coup', 'last_punto', 'last_banco', 'last_egalite', 'last_none')
    >>> observations[0, 10:].tolist()
    [300.0, 1.0, 0.0, 0.0, 0.0, 1.0]
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from croupier.cards import Card, shoe_of
from croupier.errors import InvalidConfig
from croupier.games import baccarat
from croupier.games.baccarat import AtFive
from croupier.games.punto_banco import Bet, CommissionTiming, PuntoBanco, Rules
from croupier.rl.actions import STAKE_GRID
from croupier.rl.vector import Tables
from croupier.sim.jit import njit
from croupier.sim.punto_banco import TABLE, burn, dealt, nets, shoe_values
from croupier.sim.rng import shuffle_prefix

__all__ = ["PuntoBancoTables"]

_BETS = (Bet.PUNTO, Bet.BANCO, Bet.EGALITE)
_VALUES = 10
"""Point values 0..9 (C-3)."""
_NONE = 3
"""The last result before a shoe's first coup; 0..2 are the sim's PUNTO, BANCO, TIE."""

# The columns of a table's place: where the next coup starts in its shoe, the coups dealt
# from the shoe, the last coup's result, and the commission owed (PB-7 variant).
_AT, _COUPS, _RESULT, _OWED = range(4)


class PuntoBancoTables(Tables):
    """N Punto Banco tables, an agent punting at each (see the module). `rules` are the
    fields of `croupier.games.punto_banco.Rules` (values or text, as `make_config` takes
    them); `at_five` is the agent's play on 5 when it stakes punto (draw or stand);
    `max_coups` cuts each shoe short after that many coups."""

    actions: ClassVar[tuple[str, ...]] = (
        "sit-out",
        *(f"{bet.value}@{share:g}" for bet in _BETS for share in STAKE_GRID),
    )
    observations: ClassVar[tuple[str, ...]] = (
        *(f"unseen_{v}" for v in range(_VALUES)),
        "before_cut",
        "coup",
        *(f"last_{bet.value}" for bet in _BETS),
        "last_none",
    )

    def __init__(
        self,
        num_envs: int,
        *,
        at_five: AtFive | str = AtFive.DRAW,
        max_coups: int | None = None,
        **rules: Any,
    ) -> None:
        self.rules: Rules = PuntoBanco().config(**rules)
        play = at_five if isinstance(at_five, AtFive) else AtFive.read(at_five)
        if not self.rules.check_play(play).pure:
            raise InvalidConfig(
                f"at_five {str(play)!r} is not valid here: the agent draws or stands on 5"
            )
        if max_coups is not None and (type(max_coups) is not int or max_coups < 1):
            raise InvalidConfig(f"max_coups={max_coups!r} is not valid: a whole number, 1 or more")
        self.at_five, self.max_coups = play, max_coups
        super().__init__(num_envs)
        chosen: list[tuple[Bet, int] | None] = [None]
        for bet in _BETS:
            low, high = self.rules.limits(bet).low, self.rules.limits(bet).high
            chosen += [(bet, low + round(share * (high - low))) for share in STAKE_GRID]
        self.stakes: tuple[int, ...] = tuple(0 if c is None else c[1] for c in chosen)
        """The chips each action stakes (0: it sits out)."""
        self.bets: tuple[Bet | None, ...] = tuple(None if c is None else c[0] for c in chosen)
        """The bet each action stakes on (None: it sits out)."""
        self._net, self._owe = _payouts(self.rules, chosen)
        stands = play == AtFive.STAND
        self._draws = np.array([int(not (stands and b is Bet.PUNTO)) for b in self.bets])
        self._cards = shoe_of(self.rules.decks)
        self._values_of = shoe_values(self.rules.decks)
        self._full = np.array(baccarat.shoe_values(self.rules.decks), dtype=np.int32)
        self._last = len(self._cards) - self.rules.cut_card
        """A coup begun past this place has brought out the cut card (PB-5)."""
        self._order = np.tile(np.arange(len(self._cards), dtype=np.int16), (num_envs, 1))
        self._values = np.zeros((num_envs, len(self._cards)), dtype=np.int8)
        self._unseen = np.zeros((num_envs, _VALUES), dtype=np.int32)
        self._place = np.zeros((num_envs, 4), dtype=np.int64)

    def shoe(self, table: int) -> tuple[Card, ...]:
        """The shoe `table` is dealing, every card, top first, as it stands once cut: the
        order of undealt cards, which no observation holds, for tests and replays (the
        engine given it deals the same coups). Read it at an episode's start: the next shoe
        is shuffled in its place."""
        return tuple(self._cards[i] for i in self._order[table])

    def _start(self) -> None:
        self._order[:] = np.arange(len(self._cards), dtype=np.int16)
        self.mask[:] = 1
        self.reward[:] = 0
        self.terminated[:] = False
        self.truncated[:] = False
        _start(
            self.generators,
            self._order,
            self._values,
            self._values_of,
            self._full,
            self._last,
            self._unseen,
            self._place,
            self.obs,
        )

    def _play(self, actions: npt.NDArray[np.int64]) -> None:
        _play(
            actions,
            self.generators,
            self._order,
            self._values,
            self._values_of,
            self._full,
            self._last,
            self._unseen,
            self._place,
            self._draws,
            self._net,
            self._owe,
            TABLE,
            self.max_coups or 0,
            self.obs,
            self.reward,
            self.terminated,
            self.truncated,
        )


def _payouts(
    rules: Rules, chosen: list[tuple[Bet, int] | None]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """For each action and result (punto, banco, tie): what the stake wins or loses at
    once, and the commission it owes to the end of the shoe (PB-7)."""
    owing = rules.commission_timing is CommissionTiming.END_OF_SHOE
    free = dataclasses.replace(rules, commission=Fraction(0))
    net = np.zeros((len(chosen), 3), dtype=np.int64)
    owe = np.zeros((len(chosen), 3), dtype=np.int64)
    for a, choice in enumerate(chosen):
        if choice is not None:
            net[a] = nets(free if owing else rules, *choice)
            if owing:
                owe[a] = np.subtract(nets(free, *choice), nets(rules, *choice))
    return net, owe


@njit
def _shuffled(
    state: Any, order: Any, values: Any, values_of: Any, full: Any, last: int, unseen: Any
) -> int:
    """A table's new shoe, shuffled as far as it can be dealt (a coup starts at `last` at
    the latest and takes six cards at most) and burned: the place of its first coup
    (PB-4). The first card is seen, the ones it burns are not."""
    shuffle_prefix(state, order, last + 6)
    for k in range(last + 6):
        values[k] = values_of[order[k]]
    for v in range(_VALUES):
        unseen[v] = full[v]
    unseen[values[0]] -= 1
    return 1 + burn(values[0])


@njit
def _observe(row: Any, unseen: Any, place: Any, last: int) -> None:
    """A table's observation, from its unseen counts and its place (see the module)."""
    for v in range(_VALUES):
        row[v] = unseen[v]
    row[_VALUES] = last - place[_AT]
    row[_VALUES + 1] = place[_COUPS] + 1
    for r in range(4):
        row[_VALUES + 2 + r] = 0.0
    row[_VALUES + 2 + place[_RESULT]] = 1.0


@njit
def _start(
    generators: Any,
    order: Any,
    values: Any,
    values_of: Any,
    full: Any,
    last: int,
    unseen: Any,
    place: Any,
    obs: Any,
) -> None:
    """Every table from a fresh shoe."""
    for t in range(len(order)):
        place[t, _AT] = _shuffled(
            generators[t], order[t], values[t], values_of, full, last, unseen[t]
        )
        place[t, _COUPS], place[t, _RESULT], place[t, _OWED] = 0, _NONE, 0
        _observe(obs[t], unseen[t], place[t], last)


@njit
def _play(
    actions: Any,
    generators: Any,
    order: Any,
    values: Any,
    values_of: Any,
    full: Any,
    last: int,
    unseen: Any,
    place: Any,
    draws: Any,
    net: Any,
    owe: Any,
    table: Any,
    max_coups: int,
    obs: Any,
    reward: Any,
    terminated: Any,
    truncated: Any,
) -> None:
    """One coup at every table, its agent's action staked; a new shoe where one ended."""
    for t in range(len(actions)):
        a = actions[t]
        start = place[t, _AT]
        result, at = dealt(values[t], start, draws[a], table)
        for k in range(start, at):  # every card of a coup is shown by its end
            unseen[t, values[t, k]] -= 1
        won = net[a, result]
        place[t, _OWED] += owe[a, result]
        place[t, _COUPS] += 1
        ended = at > last  # the cut card came out: the shoe ends after this coup (PB-5)
        cut_short = not ended and place[t, _COUPS] == max_coups
        if ended or cut_short:
            won -= place[t, _OWED]
            at = _shuffled(generators[t], order[t], values[t], values_of, full, last, unseen[t])
            place[t, _COUPS], result, place[t, _OWED] = 0, _NONE, 0
        place[t, _AT], place[t, _RESULT] = at, result
        reward[t] = won
        terminated[t] = ended
        truncated[t] = cut_short
        _observe(obs[t], unseen[t], place[t], last)

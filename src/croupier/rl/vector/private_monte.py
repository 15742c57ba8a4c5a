"""N Private Monte tables at once (RULES PM-3 .. PM-8): `make("private-monte", num_envs)`.

- The agent is a punter. Each step is one deal: he has seen the two layouts and backs
  neither, the top, the bottom or both (`actions`, 0 to 3: the action's 1 bit backs the
  top layout, its 2 bit the bottom), `stake` chips on each (a fixed stake the rules allow,
  PM-4: the cava unless given). The gate is turned and each layout backed wins or loses
  the stake, 1 to 1 even when both its cards match the gate's suit (PM-5, PM-6); the
  reward is the chips won less those lost. Every action is legal on every deal: the bank
  is not followed (it never runs short, as in `croupier.sim.private_monte`'s sessions),
  nor the punter's chips.
- An episode is one shuffle: the `rules.deals_per_bank` deals from one pack (PM-8). After
  the last the episode ends (`terminated`) and the table shuffles afresh in the same step.
- The observation (`observations`) is what the punter has seen: for each suit, the cards
  of it not yet seen since the shuffle (earlier layouts and gates, and this deal's layouts,
  counted seen); which suits each layout holds (four flags a layout); and the deal's number
  in the shuffle, 1 first. A layout wins with chance `covered / unseen`, `covered` adding
  the unseen counts over its suits (`layout_counts`, `croupier.odds.private_monte`). Never
  the unseen order.
- The deal is the sim kernel's (`croupier.sim.private_monte`): each shuffle shuffles only
  the places it deals (`shuffle_prefix`) and deals them in turn, five a deal (the top
  layout's two, the bottom layout's two, the gate), which is card for card as likely as
  dealing from both ends of a whole shuffled pack (PM-3, PM-5, PM-7). The table holds
  cards, not only suits: `pack(table)` gives the shuffle's pack as the engine would deal
  it, `layouts`, `gates` and `won` the cards on the table and the last deal's outcome, for
  tests and for measuring; none is an observation.

    >>> from croupier.rl import vector
    >>> tables = vector.make("private-monte", num_envs=2, deals_per_bank=4, stake=20)
    >>> observations, info = tables.reset(seed=1)
    >>> observations[:, tables.observations.index("deal")].tolist()
    [1.0, 1.0]
    >>> tables.legal(0)
    ['neither', 'top', 'bottom', 'both']
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from croupier.cards import Card, Suit, monte_pack
from croupier.errors import InvalidConfig
from croupier.games.private_monte import CARDS_A_DEAL, PrivateMonte, PrivateRules
from croupier.games.private_monte.rules import suits_win
from croupier.odds.private_monte import positions
from croupier.rl.vector import Tables
from croupier.sim.jit import njit
from croupier.sim.private_monte import PACK_SUITS, check_stake
from croupier.sim.rng import shuffle_prefix

__all__ = ["PrivateMonteTables", "layout_counts"]

_SUITS = len(Suit)
_FULL = np.bincount(PACK_SUITS, minlength=_SUITS).astype(np.int64)
"""Cards of each suit in the 40-card pack (C-2)."""
_TOP, _BOTTOM, _DEAL = _SUITS, 2 * _SUITS, 3 * _SUITS
"""Where the top layout's flags, the bottom layout's and the deal's number start."""

_suits_win = njit(suits_win)


@njit
def _show(n: int, d: int, packs: Any, left: Any, obs: Any, layouts: Any) -> None:
    """Deal table `n`'s layouts of deal `d` (0 first) and write what its punter sees."""
    base = CARDS_A_DEAL * d
    for k in range(4):
        card = packs[n, base + k]
        layouts[n, k] = card
        left[n, PACK_SUITS[card]] -= 1
    for s in range(_SUITS):
        obs[n, s] = left[n, s]
        obs[n, _TOP + s] = 0.0
        obs[n, _BOTTOM + s] = 0.0
    for k in range(2):
        obs[n, _TOP + PACK_SUITS[layouts[n, k]]] = 1.0
        obs[n, _BOTTOM + PACK_SUITS[layouts[n, 2 + k]]] = 1.0
    obs[n, _DEAL] = d + 1


@njit
def _shuffle(n: int, generators: Any, packs: Any, deals: int, left: Any) -> None:
    """A fresh shuffle at table `n`: as far as its deals go (PM-8), every card unseen."""
    shuffle_prefix(generators[n], packs[n], CARDS_A_DEAL * deals)
    for s in range(_SUITS):
        left[n, s] = _FULL[s]


@njit
def _start(
    generators: Any, packs: Any, deal: Any, deals: int, left: Any, obs: Any, layouts: Any
) -> None:
    """Every table from a fresh shuffle of the pack in its first order, its first deal's
    layouts dealt."""
    for n in range(len(packs)):
        for k in range(packs.shape[1]):
            packs[n, k] = k
        _shuffle(n, generators, packs, deals, left)
        deal[n] = 0
        _show(n, 0, packs, left, obs, layouts)


@njit
def _step(
    generators: Any,
    packs: Any,
    deal: Any,
    deals: int,
    left: Any,
    stake: int,
    actions: Any,
    obs: Any,
    reward: Any,
    terminated: Any,
    layouts: Any,
    gates: Any,
    won: Any,
) -> None:
    """Each table's deal: the punter's bets, the gate, the payment; then the next layouts, of
    this shuffle or, after its last deal, of a fresh one."""
    for n in range(len(packs)):
        d = deal[n]
        gate = packs[n, CARDS_A_DEAL * d + 4]  # from the bottom, after the layouts (PM-5)
        suit = PACK_SUITS[gate]
        top = _suits_win(PACK_SUITS[layouts[n, 0]], PACK_SUITS[layouts[n, 1]], suit)
        bottom = _suits_win(PACK_SUITS[layouts[n, 2]], PACK_SUITS[layouts[n, 3]], suit)
        action = actions[n]
        backs_top, backs_bottom = action & 1, (action >> 1) & 1
        net = backs_top * (2 * int(top) - 1) + backs_bottom * (2 * int(bottom) - 1)
        reward[n] = stake * net  # 1 to 1, even when both cards match (PM-6)
        gates[n] = gate
        won[n, 0] = top
        won[n, 1] = bottom
        left[n, suit] -= 1  # the gate is seen and discarded, with the layouts (PM-7)
        d += 1
        terminated[n] = d == deals  # the deals agreed from one shuffle (PM-8)
        if d == deals:
            _shuffle(n, generators, packs, deals, left)
            d = 0
        deal[n] = d  # the next layouts from the same pack, unshuffled (PM-7)
        _show(n, d, packs, left, obs, layouts)


def layout_counts(
    observations: npt.ArrayLike,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """From observations (one a row, as the tables give them): the unseen cards of each
    layout's suits, `covered` (a row: top, bottom), and all the unseen cards, `unseen`. A
    layout wins with chance `covered / unseen` (PM-5); the counter backs it when
    `croupier.odds.private_monte.backs(covered, unseen)`."""
    rows = np.asarray(observations)
    left = rows[..., :_TOP]
    top = (left * rows[..., _TOP:_BOTTOM]).sum(axis=-1)
    bottom = (left * rows[..., _BOTTOM:_DEAL]).sum(axis=-1)
    covered = np.stack([top, bottom], axis=-1).astype(np.int64)
    return covered, left.sum(axis=-1).astype(np.int64)


class PrivateMonteTables(Tables):
    """N Private Monte tables, a punter at each (see the module). `rules` are the fields of
    `PrivateRules` (`deals_per_bank`, `cava`, `limit`, ...); `stake` is the chips staked on
    each layout backed, from the cava to the limit (PM-4), the cava by default."""

    actions: ClassVar[tuple[str, ...]] = ("neither", "top", "bottom", "both")
    observations: ClassVar[tuple[str, ...]] = (
        *(f"{suit.name.lower()}_left" for suit in Suit),
        *(f"top_{suit.name.lower()}" for suit in Suit),
        *(f"bottom_{suit.name.lower()}" for suit in Suit),
        "deal",
    )

    def __init__(self, num_envs: int, stake: int | None = None, **rules: Any) -> None:
        self.rules: PrivateRules = PrivateMonte().config(**rules)
        if stake is not None and (type(stake) is not int):
            raise InvalidConfig(f"stake={stake!r} is not valid: a whole number of chips")
        self.stake: int = self.rules.cava if stake is None else stake
        check_stake(self.stake, self.rules)
        deals = self.rules.deals_per_bank
        assert deals is not None  # PrivateRules allows no other
        self.deals: int = deals
        super().__init__(num_envs)
        self._packs = np.zeros((num_envs, len(PACK_SUITS)), dtype=np.int8)
        self._deal = np.zeros(num_envs, dtype=np.int64)
        self._left = np.zeros((num_envs, _SUITS), dtype=np.int64)
        self.layouts = np.zeros((num_envs, 4), dtype=np.int8)
        """Each table's layout cards as numbers (their places in `monte_pack()`): top-left,
        top-right, bottom-left, bottom-right (MB-6)."""
        self.gates = np.full(num_envs, -1, dtype=np.int8)
        """Each table's gate shown in the last step, as a number (-1: none since `reset`)."""
        self.won = np.zeros((num_envs, 2), dtype=np.bool_)
        """Whether each table's top and bottom layout won the deal of the last step."""

    def pack(self, table: int) -> tuple[Card, ...]:
        """The pack of `table`'s shuffle, top card first, as the engine would deal it (PM-3,
        PM-5, PM-7): for tests and replays; no observation holds it."""
        if not 0 <= table < self.num_envs:
            raise ValueError(f"table {table!r}: there are tables 0 to {self.num_envs - 1}")
        where = positions(self.deals).ravel()
        dealt, rest = self._packs[table, : len(where)], self._packs[table, len(where) :]
        whole = np.empty_like(self._packs[table])
        whole[where] = dealt
        whole[np.setdiff1d(np.arange(len(whole)), where)] = rest
        cards = monte_pack()
        return tuple(cards[number] for number in whole)

    def _start(self) -> None:
        self.mask[:] = 1  # every bet, every deal: the bank is not followed
        self.reward[:] = 0
        self.terminated[:] = False
        self.truncated[:] = False
        self.gates[:] = -1
        self.won[:] = False
        _start(
            self.generators, self._packs, self._deal, self.deals, self._left, self.obs, self.layouts
        )

    def _play(self, actions: npt.NDArray[np.int64]) -> None:
        _step(
            self.generators,
            self._packs,
            self._deal,
            self.deals,
            self._left,
            self.stake,
            actions,
            self.obs,
            self.reward,
            self.terminated,
            self.layouts,
            self.gates,
            self.won,
        )

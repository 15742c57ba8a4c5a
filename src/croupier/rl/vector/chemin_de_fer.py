"""Chemin de Fer, N tables at once: at each, a punter who may go banco against the bank,
shoe after shoe (RULES CF-2, CF-4, CF-6, CF-9 .. CF-14).

`make("chemin-de-fer", num_envs, banker=..., stake=..., **rules)`: the rule set's fields
(`croupier.games.chemin_de_fer.Rules`: decks, burn, cut card, the banker tableau variant,
...), the banker's strategy and the bank.

- The agent is the punter who calls banco: each coup the bank holds `stake` chips (the
  rule set's minimum bank unless given), and the agent stakes it all (`banco`, CF-6) or
  lets it go (`pass`). A coup passed is dealt all the same, to another punter who plays
  the banker's strategy's play on 5; the agent sees its cards shown and wins or loses
  nothing. With banco, the agent's two cards come (CF-9); on 5, neither hand a natural
  (CF-11), it chooses (`stand` or `draw`, CF-12), and that is the only other step: on 0-4
  the hand draws, on 6-7 it stands, a natural ends the coup, as the engine plays them.
- The banker plays `banker`, a `croupier.sim.chemin_de_fer.Strategy` or its name: the
  solver's equilibrium by default, the casino tableau at the tableau variant (which
  allows no other); a cell where he mixes is drawn from the table's generator (CF-13).
- The reward comes on the step that ends the coup: the stake won or lost (CF-14; the
  commission of the CF-16 variant is the banker's to pay, never the punter's); a tie, a
  pass and the choice on 5 itself are 0.
- An episode is one shoe: shuffled (as far as it can be dealt, `croupier.sim.rng`), the
  cut card `cut_card` cards from the bottom, the first `burn` cards burned and shown
  (CF-4); coups follow until a card from behind the cut card has come out. The step that
  ends that coup is `terminated`, and the table's next shoe starts in the same step.
- The agent sees (`ChemmyTables.observations`): whether it is choosing on 5; its two
  cards' values when it is (0 otherwise); for each value 0..9 the cards it has not seen
  (the banker's two cards stay unseen until the coup is shown; the burned cards are
  seen); the cards left before the cut card; the coup's number in the shoe, from 1.
  Never the order of the cards to come: `shoe` gives it, for tests and replays only.

How it is played: the coups are `croupier.sim.chemin_de_fer`'s (`dealt`, the coup looked
up in tables built from `croupier.games.baccarat.coup`, and `new_shoe`), in one compiled
call a step for every table (without reference counting: it allocates nothing). The
agent's coups are looked up in tables built with a pure play on 5, its choice picking the
table; the other punter's in the strategy's own. Each shoe holds the cards' places in
`croupier.cards.shoe_of` (so `shoe` can name them) beside their point values, which the
coups read. About 50 ns a table step on one core here (a shared EPYC), some 10 million
agent steps a second through `step` at 1,024 tables, random legal actions.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from croupier.cards import shoe_of
from croupier.errors import InvalidConfig
from croupier.games import baccarat
from croupier.games.baccarat import AtFive, PuntoRule
from croupier.games.chemin_de_fer import BankerPlay, CheminDeFer, Rules
from croupier.rl.vector import Tables
from croupier.shoe import Shoe
from croupier.sim.chemin_de_fer import BANKER, PUNTER, TIE, Strategy, dealing, dealt, new_shoe
from croupier.sim.jit import inlined, uncounted

__all__ = ["ACTIONS", "BANCO", "DRAW", "OBSERVATIONS", "PASS", "STAND", "ChemmyTables"]

ACTIONS = ("pass", "banco", "stand", "draw")
"""The agent's actions: let the bank go or call banco (CF-6); on 5, stand or draw (CF-12)."""
PASS, BANCO, STAND, DRAW = range(len(ACTIONS))

OBSERVATIONS = (
    "on_five",
    "first_card",
    "second_card",
    *(f"unseen_{value}" for value in range(10)),
    "before_cut",
    "coup",
)
"""What the agent sees (see the module)."""
_ON_FIVE, _FIRST, _SECOND = 0, 1, 2
_UNSEEN = OBSERVATIONS.index("unseen_0")
_BEFORE_CUT, _COUP = OBSERVATIONS.index("before_cut"), OBSERVATIONS.index("coup")

_CALLS, _FIVE = 0, 1
"""A table's phase: the agent calls banco or passes; the agent holds 5 and chooses."""

_RULE = np.array(baccarat.PUNTO_RULE, dtype=np.int8)
_CHOOSE, _NATURAL = int(PuntoRule.CHOOSE), int(PuntoRule.NATURAL)


@inlined
def _fresh(
    t: int,
    gen: Any,
    cards: Any,
    values: Any,
    value_of: Any,
    full: Any,
    at: Any,
    coup: Any,
    phase: Any,
    unseen: Any,
    last: int,
    burn: int,
) -> None:
    """Table `t`'s next shoe: shuffled as far as it can be dealt, the first cards burned and
    shown (CF-4)."""
    row = cards[t]
    i = new_shoe(gen[t], row, last, burn)
    for k in range(len(row)):
        values[t, k] = value_of[row[k]]
    for v in range(10):
        unseen[t, v] = full[v]
    for k in range(i):
        unseen[t, values[t, k]] -= 1
    at[t], coup[t], phase[t] = i, 1, _CALLS


@inlined
def _observe(
    t: int,
    values: Any,
    at: Any,
    coup: Any,
    phase: Any,
    unseen: Any,
    last: int,
    obs: Any,
    mask: Any,
) -> None:
    """What table `t`'s agent sees, and may do, now."""
    i = at[t]
    five = phase[t] == _FIVE
    for v in range(10):
        obs[t, _UNSEEN + v] = unseen[t, v]
    if five:  # its own two cards are seen (CF-9); the banker's are not
        first, second = values[t, i], values[t, i + 2]
        obs[t, _ON_FIVE], obs[t, _FIRST], obs[t, _SECOND] = 1.0, first, second
        obs[t, _UNSEEN + first] -= 1.0
        obs[t, _UNSEEN + second] -= 1.0
        obs[t, _BEFORE_CUT] = max(last - i - 4, 0)
    else:
        obs[t, _ON_FIVE], obs[t, _FIRST], obs[t, _SECOND] = 0.0, 0.0, 0.0
        obs[t, _BEFORE_CUT] = last - i
    obs[t, _COUP] = coup[t]
    mask[t, PASS] = mask[t, BANCO] = not five
    mask[t, STAND] = mask[t, DRAW] = five


@uncounted
def _start(
    gen: Any,
    cards: Any,
    values: Any,
    value_of: Any,
    full: Any,
    at: Any,
    coup: Any,
    phase: Any,
    unseen: Any,
    last: int,
    burn: int,
    obs: Any,
    mask: Any,
    reward: Any,
    terminated: Any,
    truncated: Any,
) -> None:
    """Every table from a fresh shoe, its cards first put back in `shoe_of`'s order."""
    for t in range(len(at)):
        for k in range(cards.shape[1]):  # the same seed, the same shoes
            cards[t, k] = k
        _fresh(t, gen, cards, values, value_of, full, at, coup, phase, unseen, last, burn)
        _observe(t, values, at, coup, phase, unseen, last, obs, mask)
        reward[t], terminated[t], truncated[t] = 0.0, False, False


@uncounted
def _play(
    actions: Any,
    gen: Any,
    cards: Any,
    values: Any,
    value_of: Any,
    full: Any,
    at: Any,
    coup: Any,
    phase: Any,
    unseen: Any,
    last: int,
    burn: int,
    net: Any,
    banker: Any,
    mine: Any,
    base: int,
    draws_at_5: float,
    theirs: Any,
    obs: Any,
    mask: Any,
    reward: Any,
    terminated: Any,
) -> None:
    """Each table's action (legal: checked before), and the table on to its next choice."""
    for t in range(len(actions)):
        state, shoe, i, action = gen[t], values[t], at[t], actions[t]
        won = 0.0
        if phase[t] == _FIVE:  # the agent's choice on 5 (CF-12), then the banker's (CF-13)
            draws = int(action == DRAW)
            code, j = dealt(state, shoe, i, 2 * draws, float(draws), banker, mine)
            won = net[code % 3]
        elif action == BANCO:
            punter = (shoe[i] + shoe[i + 2]) % 10  # P, B, P, B (CF-9)
            bank = (shoe[i + 1] + shoe[i + 3]) % 10
            if _RULE[punter] == _CHOOSE and _RULE[bank] != _NATURAL:  # CF-11, CF-12
                phase[t] = _FIVE
                reward[t], terminated[t] = 0.0, False
                _observe(t, values, at, coup, phase, unseen, last, obs, mask)
                continue
            code, j = dealt(state, shoe, i, 0, 0.0, banker, mine)  # no choice is his
            won = net[code % 3]
        else:  # passed: another punter goes banco and plays the strategy's play on 5
            code, j = dealt(state, shoe, i, base, draws_at_5, banker, theirs)
        for k in range(i, j):  # both hands are shown, as the engine shows them
            unseen[t, shoe[k]] -= 1
        reward[t] = won
        at[t], coup[t], phase[t] = j, coup[t] + 1, _CALLS
        terminated[t] = j > last  # a card from behind the cut card came out (CF-4)
        if j > last:
            _fresh(t, gen, cards, values, value_of, full, at, coup, phase, unseen, last, burn)
        _observe(t, values, at, coup, phase, unseen, last, obs, mask)


class ChemmyTables(Tables):
    """N Chemin de Fer tables, a banco punter at each (see the module).

    `banker`: the banker's strategy, a `Strategy` or a name for
    `croupier.sim.chemin_de_fer.strategy` (default: "equilibrium", or "tableau" at the
    banker tableau variant); `stake`: the bank, in chips (default: the minimum bank);
    `rules`: the rule set's fields.

        >>> tables = ChemmyTables(2, banker="tableau", decks=6, cut_card=10, burn=3)
        >>> observations, info = tables.reset(seed=1)
        >>> tables.legal(0), int(observations[0, tables.observations.index("before_cut")])
        (['pass', 'banco'], 299)
    """

    actions: ClassVar[tuple[str, ...]] = ACTIONS
    observations: ClassVar[tuple[str, ...]] = OBSERVATIONS

    def __init__(
        self,
        num_envs: int,
        *,
        banker: str | Strategy | None = None,
        stake: int | None = None,
        **rules: Any,
    ) -> None:
        self.rules: Rules = CheminDeFer().config(**rules)
        if banker is None:
            tableau = self.rules.banker_play is BankerPlay.TABLEAU
            banker = "tableau" if tableau else "equilibrium"
        low = self.rules.minimum_bank
        stake = low if stake is None else stake
        if isinstance(stake, bool) or not isinstance(stake, int) or stake < low:
            raise InvalidConfig(
                f"stake={stake!r} is not valid: the bank, whole chips, at least the minimum "
                f"bank ({low})"
            )
        self.stake = stake
        value_of, cut, self._burn, self._base, self._draws_at_5, self._banker, self._theirs = (
            dealing(self.rules, banker, None)
        )
        *_, self._mine = dealing(self.rules, banker, AtFive.DRAW)
        super().__init__(num_envs)
        n = len(value_of)
        self._value_of = value_of
        self._last = n - cut
        self._full = np.bincount(value_of, minlength=10).astype(np.int64)
        self._net = np.zeros(3, dtype=np.float32)  # by the coup's result (CF-14)
        self._net[PUNTER], self._net[BANKER], self._net[TIE] = stake, -stake, 0
        self._pack = shoe_of(self.rules.decks)
        self._cards = np.zeros((num_envs, n), dtype=np.uint16)  # at most MOST_CARDS
        self._values = np.zeros((num_envs, n), dtype=np.int8)
        self._at = np.zeros(num_envs, dtype=np.int64)
        self._coup = np.zeros(num_envs, dtype=np.int64)
        self._phase = np.zeros(num_envs, dtype=np.int8)
        self._unseen = np.zeros((num_envs, 10), dtype=np.int64)

    def shoe(self, table: int) -> Shoe:
        """The shoe `table` deals from now, whole, as it stood after the cut and before the
        burn (top first, the cut card in place): for tests and replays, never seen by the
        agent. Only as many cards as can be dealt are shuffled; the rest lie as the table's last
        shuffle left them."""
        order = tuple(self._pack[k] for k in self._cards[table])
        return Shoe(order).with_cut_card(self.rules.cut_card)

    def _start(self) -> None:
        _start(
            self.generators,
            self._cards,
            self._values,
            self._value_of,
            self._full,
            self._at,
            self._coup,
            self._phase,
            self._unseen,
            self._last,
            self._burn,
            self.obs,
            self.mask,
            self.reward,
            self.terminated,
            self.truncated,
        )

    def _play(self, actions: npt.NDArray[np.int64]) -> None:
        _play(
            actions,
            self.generators,
            self._cards,
            self._values,
            self._value_of,
            self._full,
            self._at,
            self._coup,
            self._phase,
            self._unseen,
            self._last,
            self._burn,
            self._net,
            self._banker,
            self._mine,
            self._base,
            self._draws_at_5,
            self._theirs,
            self.obs,
            self.mask,
            self.reward,
            self.terminated,
        )

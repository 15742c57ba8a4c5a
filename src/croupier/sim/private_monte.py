"""Private Monte Bank at speed: shuffles of the 40-card pack, up to six deals each, with a
flat bettor and a counter, in a numba kernel, and their sessions (RULES PM-3, PM-5, PM-6,
PM-7, PM-8).

A second implementation of the deal, kept equal by test to the engine (deal by deal) and to
a plain loop that deals the packs by hand (pack by pack): `play_packs` plays given packs as
the engine deals them; `simulate` shuffles its own, from its own generator. This is
croupier's one simulation of the counter: `croupier odds private-monte` and
`croupier simulate private-monte` both run it.

- The deal (PM-3, PM-5, PM-7): two cards from the bottom make the top layout, two from the
  top the bottom layout (`LAYOUT_ENDS`), then the gate from the bottom; the next deal goes
  on from the same pack, unshuffled. A layout wins when the gate's suit is one of its cards'.
- The flat bettor backs both layouts on every deal. The counter backs a layout only when
  its exact chance, given every card seen since the shuffle (earlier layouts and gates, and
  this layout), is above one half: with `left` the unseen cards of each suit and `unseen`
  their sum, the layout wins with chance `covered / unseen`, where `covered` adds `left`
  over the layout's distinct suits, and the kernel asks `croupier.odds.private_monte.backs`
  of those whole numbers, compiled: the rule the engine's counting bots follow, through
  `should_bet`.
- Only suits matter, and a shuffle deals `5 * deals` of its 40 cards: `simulate` shuffles
  only that many places (a Fisher-Yates shuffle stopped part way leaves a uniformly random
  sequence there) and deals them in turn, which is, card for card, as likely as dealing
  from both ends of a fully shuffled pack.
- Sessions (`sessions`): a hand is a deal, a session's first from a fresh shuffle, the pack
  shuffled afresh after every `rules.deals_per_bank` deals; each deal wins or loses `stake`
  chips on each layout the bettor backs, so up to twice `stake`, a stake the rules allow
  (from the cava to the limit, PM-4). The bank is not followed: it never runs short.
- The table is the game's `PrivateRules`, the one rule set the engine plays too: the deals
  from one shuffle (`deals_per_bank`, PM-8) and the stakes' limits are read from it. Who
  bets, and how much, are the simulation's own values beside it (`Bettor`, `stake`).

Counts, for each slice of the shuffles, are one row of `STATS * COLUMNS` whole numbers:
`row.reshape(STATS, COLUMNS)[stat, column]`, where the column is the deal number less one
(0 .. 5) or `SHUFFLE`, the whole shuffle. Row `DEALT` counts deals (in `SHUFFLE`:
shuffles). For each bettor (`FLAT`, `COUNTER`), row `stat(bettor, what)` sums, over the
deals of that number (in `SHUFFLE`: over shuffles), with `y` the layouts backed and `x` the
net result in stakes (wins less losses): `BETS` (y), `WINS`, `SQUARES` (x * x), `PRODUCTS`
(x * y), `BETS_SQUARED` (y * y), `DEALS_BET` (the deals with a bet, d) and
`DEALS_BET_SQUARED` (d * d). The squares give honest intervals: the two layouts of a deal
share their gate, and the deals of one shuffle its pack, so neither bets nor deals are
independent; deals of one number in different shuffles are, and so are shuffles.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier import i18n
from croupier.cards import Card, Suit, monte_pack
from croupier.engine.config import member
from croupier.engine.rule_options import refuse
from croupier.errors import InvalidInput
from croupier.games.private_monte.rules import CARDS_A_DEAL, MOST_DEALS, PrivateRules, suits_win
from croupier.odds.private_monte import backs, positions
from croupier.sim import sessions as money
from croupier.sim.jit import njit
from croupier.sim.rng import shuffle_prefix
from croupier.sim.slices import SLICES, split

__all__ = [
    "BETS",
    "BETS_SQUARED",
    "COLUMNS",
    "COUNTER",
    "DEALS_BET",
    "DEALS_BET_SQUARED",
    "DEALT",
    "FLAT",
    "PACK_SUITS",
    "PRODUCTS",
    "SHUFFLE",
    "SLICES",
    "SQUARES",
    "STATS",
    "WINS",
    "Bettor",
    "at",
    "check_stake",
    "filler",
    "pack_suits",
    "play_packs",
    "positions",
    "sessions",
    "simulate",
    "stat",
]

_SUITS = tuple(Suit)
PACK_SUITS = np.array([_SUITS.index(card.suit) for card in monte_pack()], dtype=np.int8)
"""The 40-card pack (C-2) as suit numbers, the index of each card's suit in `Suit`."""
_PER_SUIT = len(PACK_SUITS) // len(_SUITS)

FLAT, COUNTER = 0, 1
"""The bettors' places in the counts: the flat bettor's, then the counter's."""


class Bettor(enum.Enum):
    """The two bettors the kernel follows."""

    FLAT = "flat"
    """Backs both layouts on every deal."""
    COUNTER = "counter"
    """Backs a layout only when the cards seen since the shuffle make it better than even."""

    @classmethod
    def of(cls, bettor: Bettor | str) -> Bettor:
        """A bettor, or his name; `InvalidInput` for a name that is none."""
        return member(cls, bettor, "bettor")

    @property
    def index(self) -> int:
        """His place in the counts, `FLAT` or `COUNTER`."""
        return FLAT if self is Bettor.FLAT else COUNTER


BETS, WINS, SQUARES, PRODUCTS, BETS_SQUARED, DEALS_BET, DEALS_BET_SQUARED = range(7)
"""What is counted for each bettor (see the module notes)."""
_PER_BETTOR = 7
DEALT = 0
"""The row of deals (in the `SHUFFLE` column: shuffles)."""
STATS = 1 + 2 * _PER_BETTOR
"""Rows of counts."""
SHUFFLE = MOST_DEALS
"""The column of whole shuffles, after the deal numbers' columns."""
COLUMNS = MOST_DEALS + 1


@njit
def stat(bettor: int, what: int) -> int:
    """The row that holds `what` for `bettor`."""
    return 1 + bettor * _PER_BETTOR + what


@njit
def at(row: int, column: int) -> int:
    """Where `[row, column]` lies in a slice's counts."""
    return row * COLUMNS + column


_backs = njit(backs)
_suits_win = njit(suits_win)


@njit
def _play(suits: Any, where: Any, deals: int, left: Any, bet: Any, won: Any) -> None:
    """`deals` deals from the pack `suits`, its cards taken from the places `where`: for each
    deal and layout (top, bottom), whether the counter backs it and whether it wins. `left`
    (four whole numbers) is scratch: the unseen cards of each suit. Written without
    branches, which a processor cannot predict on shuffled cards."""
    left[:] = _PER_SUIT
    unseen = 4 * _PER_SUIT
    for d in range(deals):
        top_1, top_2 = suits[where[d, 0]], suits[where[d, 1]]
        bottom_1, bottom_2 = suits[where[d, 2]], suits[where[d, 3]]
        gate = suits[where[d, 4]]
        # the layout is seen before the bets (PM-3, PM-4)
        left[top_1] -= 1
        left[top_2] -= 1
        left[bottom_1] -= 1
        left[bottom_2] -= 1
        unseen -= 4
        covered = left[top_1] + left[top_2] * (top_2 != top_1)
        bet[d, 0] = _backs(covered, unseen)
        covered = left[bottom_1] + left[bottom_2] * (bottom_2 != bottom_1)
        bet[d, 1] = _backs(covered, unseen)
        won[d, 0] = _suits_win(top_1, top_2, gate)  # PM-5
        won[d, 1] = _suits_win(bottom_1, bottom_2, gate)
        left[gate] -= 1  # the gate is seen, and discarded (PM-7)
        unseen -= 1


@njit
def _backed(bettor: int, bet: Any, won: Any, d: int) -> tuple[int, int]:
    """How many layouts `bettor` backs on deal `d`, and how many of those win."""
    if bettor == FLAT:
        return 2, int(won[d, 0]) + int(won[d, 1])
    return int(bet[d, 0]) + int(bet[d, 1]), int(bet[d, 0] & won[d, 0]) + int(bet[d, 1] & won[d, 1])


@njit
def _count(bet: Any, won: Any, deals: int, out: Any) -> None:
    """Add one shuffle's deals to the counts `out` (see the module notes)."""
    out[at(DEALT, SHUFFLE)] += 1
    for bettor in range(2):
        base = 1 + bettor * _PER_BETTOR
        total_x = total_y = total_wins = deals_bet = 0
        for d in range(deals):
            y, wins = _backed(bettor, bet, won, d)
            x = 2 * wins - y
            any_bet = int(y > 0)
            out[at(base + BETS, d)] += y
            out[at(base + WINS, d)] += wins
            out[at(base + SQUARES, d)] += x * x
            out[at(base + PRODUCTS, d)] += x * y
            out[at(base + BETS_SQUARED, d)] += y * y
            out[at(base + DEALS_BET, d)] += any_bet
            out[at(base + DEALS_BET_SQUARED, d)] += any_bet
            total_x += x
            total_y += y
            total_wins += wins
            deals_bet += any_bet
        out[at(base + BETS, SHUFFLE)] += total_y
        out[at(base + WINS, SHUFFLE)] += total_wins
        out[at(base + SQUARES, SHUFFLE)] += total_x * total_x
        out[at(base + PRODUCTS, SHUFFLE)] += total_x * total_y
        out[at(base + BETS_SQUARED, SHUFFLE)] += total_y * total_y
        out[at(base + DEALS_BET, SHUFFLE)] += deals_bet
        out[at(base + DEALS_BET_SQUARED, SHUFFLE)] += deals_bet * deals_bet


@njit
def _play_packs(suits: Any, where: Any, deals: int, bet: Any, won: Any) -> None:
    left = np.zeros(4, dtype=np.int64)
    for n in range(len(suits)):
        _play(suits[n], where, deals, left, bet[n], won[n])


def play_packs(
    suits: npt.ArrayLike, rules: PrivateRules | None = None
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """For packs given as suit numbers (packs, 40), top card first (as `PACK_SUITS`): for
    each pack, deal and layout (top, bottom), whether the counter backs it and whether it
    wins, as arrays (packs, deals, 2), the `rules.deals_per_bank` deals of a shuffle dealt
    as the engine deals them (PM-3 .. PM-8)."""
    deals = _dealing(rules)
    packs = np.asarray(suits, dtype=np.int8)
    if packs.ndim != 2 or packs.shape[1] != len(PACK_SUITS):
        raise InvalidInput(
            f"packs of shape {packs.shape}: one row of {len(PACK_SUITS)} suit numbers a pack"
        )
    bad = np.flatnonzero((np.sort(packs, axis=1) != np.sort(PACK_SUITS)).any(axis=1))
    if bad.size:
        raise InvalidInput(
            f"pack {int(bad[0])} is not the 40-card pack (C-2): each row holds the suit "
            f"numbers 0 to {len(_SUITS) - 1} ten times each"
        )
    bet = np.zeros((len(packs), deals, 2), dtype=np.bool_)
    won = np.zeros((len(packs), deals, 2), dtype=np.bool_)
    _play_packs(packs, positions(deals), deals, bet, won)
    return bet, won


def pack_suits(cards: Sequence[Card]) -> npt.NDArray[np.int8]:
    """A pack of cards, top first, as the suit numbers `play_packs` takes."""
    return np.array([_SUITS.index(card.suit) for card in cards], dtype=np.int8)


@njit
def _simulate(state: Any, shuffles: int, pack: Any, where: Any, deals: int, out: Any) -> None:
    """`shuffles` shuffles of `deals` deals each, counted into `out`."""
    left = np.zeros(4, dtype=np.int64)
    bet = np.zeros((deals, 2), dtype=np.bool_)
    won = np.zeros((deals, 2), dtype=np.bool_)
    dealt = CARDS_A_DEAL * deals
    for _ in range(shuffles):
        shuffle_prefix(state, pack, dealt)
        _play(pack, where, deals, left, bet, won)
        _count(bet, won, deals, out)
    for d in range(deals):  # every shuffle deals every deal
        out[at(DEALT, d)] += shuffles


def simulate(
    state: npt.NDArray[np.uint64], shuffles: int, rules: PrivateRules | None = None
) -> npt.NDArray[np.int64]:
    """Deal `shuffles` shuffles of `rules.deals_per_bank` deals each (1 to 6, PM-8) from the
    generator `state` (which steps on): for each of `SLICES` slices of them in turn, the
    counts of the module notes, one row each."""
    deals = _dealing(rules)
    if shuffles < 0:
        raise refuse({"shuffles": str(shuffles)}, i18n._("0 or more"))
    pack, where = PACK_SUITS.copy(), _in_turn(deals)
    out = np.zeros((SLICES, STATS * COLUMNS), dtype=np.int64)
    for k, count in enumerate(split(shuffles)):
        _simulate(state, count, pack, where, deals, out[k])
    return out


# -- sessions --------------------------------------------------------------------------------


@njit
def _fill(state: Any, pack: Any, where: Any, deals: int, bettor: int, stake: int, out: Any) -> None:
    """Each row of `out` a session of deals, from a fresh shuffle, the pack shuffled afresh
    after every `deals` deals (PM-8): what each deal wins, `stake` on each layout `bettor`
    backs, paid 1 to 1 (PM-6)."""
    left = np.zeros(4, dtype=np.int64)
    bet = np.zeros((deals, 2), dtype=np.bool_)
    won = np.zeros((deals, 2), dtype=np.bool_)
    for s in range(out.shape[0]):
        for h in range(out.shape[1]):
            d = h % deals
            if d == 0:
                shuffle_prefix(state, pack, CARDS_A_DEAL * deals)
                _play(pack, where, deals, left, bet, won)
            y, wins = _backed(bettor, bet, won, d)
            out[s, h] = stake * (2 * wins - y)


def filler(bettor: Bettor | str, stake: int, rules: PrivateRules | None = None) -> money.Fill:
    """The deals of sessions at the table `rules` for `bettor` staking `stake`, a stake the
    rules allow, on each layout he backs: a deal wins or loses up to `2 * stake`, the cover
    a session needs."""
    who = Bettor.of(bettor)
    deals = _dealing(rules)
    check_stake(stake, rules or PrivateRules())
    pack, where = PACK_SUITS.copy(), _in_turn(deals)

    def fill(state: npt.NDArray[np.uint64], out: npt.NDArray[np.int64]) -> None:
        _fill(state, pack, where, deals, who.index, stake, out)

    return fill


def sessions(
    state: npt.NDArray[np.uint64],
    count: int,
    plan: money.Plan,
    bettor: Bettor | str,
    stake: int,
    rules: PrivateRules | None = None,
) -> npt.NDArray[np.int64]:
    """`count` sessions of `plan` at the table `rules`, a hand a deal, `bettor` staking
    `stake` on each layout he backs: the counts of `sessions.play`."""
    return money.play(filler(bettor, stake, rules), state, count, plan)


def _in_turn(deals: int) -> npt.NDArray[np.intp]:
    """The places a partly shuffled pack is dealt from: in turn, each deal's five in the
    order `positions` takes them."""
    return np.arange(CARDS_A_DEAL * deals, dtype=np.intp).reshape(deals, CARDS_A_DEAL)


def _dealing(rules: PrivateRules | None) -> int:
    """What the kernels take from the rule set: the deals from one shuffle (PM-8), which
    `PrivateRules` holds to 1 to 6."""
    deals = (rules or PrivateRules()).deals_per_bank
    assert deals is not None  # PrivateRules allows no other
    return deals


def check_stake(stake: int, rules: PrivateRules) -> None:
    """`InvalidInput` unless a bet of `stake` on a layout is one the rules allow (PM-4): the
    sessions' and the vector tables' (`croupier.rl.vector.private_monte`) check."""
    if not rules.cava <= stake <= rules.limit:
        said = i18n._("a stake on a layout is from the cava, {cava}, to the limit, {limit} (PM-4)")
        reason = said.format(cava=rules.cava, limit=rules.limit)
        raise refuse({"stake": str(stake)}, reason)

"""Monte Bank at speed: deal after deal from a fresh 40-card pack, every wager of every kind
settled, in a numba kernel (RULES MB-6, MB-7, MB-9, MB-10, MB-12, MB-13).

A second implementation of the layout and the falls, kept equal to the engine's `deal.py`
and `layout.py` by test: `play_pack` deals a given pack as the engine does; `simulate` deals
from its own generator. Cards are integers: a card's place in `monte_pack()` (rank, then
suit), with its rank and colour looked up in tables built from the engine's cards.

How a deal is dealt.

- The pack is read in dealing order: two cards from the bottom (the top layout), two from
  the top (the bottom layout), then on from the bottom: the replacements for a pair or
  triple (MB-7c) and the cards shown in the draw, the first of them the gate (MB-11).
  `dealing_order` puts a given pack in that order by the engine's own `LAYOUT_ENDS`; a
  shuffled pack is as random in that order as in any other, so `simulate` shuffles it and
  reads it straight through.
- A void deal (MB-7a .. MB-7d) is counted by its rule and the layout dealt again from a new
  shuffle, as the engine does; `simulate(state, deals)` deals that many valid deals.
- Every wager is laid on every layout: a circle on each spot (MB-9a), a cross on each
  ordered pair of spots (MB-9b; with a stack, those naming it are "stacked crosses"), and a
  doubler on each row and column (MB-9c): `WAGERS`, twenty in all. The draw runs until the
  last of them is settled (MB-12).
- Sessions (`sessions`): a hand is a valid deal, on which a punter stakes on one wager
  (`SESSION_WAGERS`), paid as the engine pays (`payment`: the house's cut rounded, MB-13).

How it is fast (about 100 ns a deal on one core here, 1e7 deals a second, where the engine
deals some 2e3 with four bets a deal).

- The pack is shuffled only as far as it is dealt, four places to each 64 random bits: a
  Fisher-Yates shuffle carried on from where it stopped is still uniform. A void deal
  costs four or eight places, a valid one some sixteen.
- The draw keeps the cards that can still move a spot as bits of one word, so a card of
  no layout rank costs a shift and a test; it records only *when* each spot first falls
  and first moves (falls, or meets an ordinary match, MB-10c), eight bits a spot in one
  word each. A plain layout, where every such card falls, has a loop of its own.
- Every wager's fate follows from those times: it wins when a spot it backs moves before
  one it is against. `play_pack` settles the twenty one by one (`_settle`, for the test
  against the engine); the counts add up each kind at once from the same times
  (`_tally`: one circle of four wins, the row and column of the first fall, each plain
  card beats those that move after it); the test holds both to the engine, pack by pack.
  On plain layouts the counts differ only by whether the gate made a spot fall, so
  `simulate` tallies that once and counts the plain deals of each (`_simulate`).
- The layout and the draw are compiled into each kernel that deals (`inlined`): called,
  they would cost more than they do, in arguments and in numba's reference counts, which
  `simulate`'s kernel does without (`uncounted`). Its counts are the same as when each
  deal was tallied through calls, card for card: the random stream is unchanged.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.cards import Card, Colour, monte_pack
from croupier.errors import InvalidInput
from croupier.games.monte_bank.deal import LAYOUT_ENDS
from croupier.games.monte_bank.layout import (
    GROUPS,
    Circle,
    Cross,
    Doubler,
    Fate,
    Kind,
    Layout,
    Spot,
    Wager,
    falls,
    opposite,
)
from croupier.games.monte_bank.play import payment
from croupier.games.monte_bank.rules import CutOn, Rules
from croupier.odds.monte_bank import BetKind, check_rules
from croupier.shoe import End
from croupier.sim import sessions as money
from croupier.sim.jit import inlined, njit, uncounted
from croupier.sim.rng import _place, next_u64
from croupier.sim.slices import SLICES, split

__all__ = [
    "COLUMNS",
    "PACK",
    "SESSION_WAGERS",
    "SLICES",
    "VOID_RULES",
    "WAGERS",
    "Head",
    "Played",
    "Settled",
    "Tally",
    "column",
    "dealing_order",
    "filler",
    "nets",
    "play_pack",
    "sessions",
    "simulate",
]

PACK: tuple[Card, ...] = monte_pack()
"""The 40 cards; a card's code is its place here."""
_RANKS = tuple(dict.fromkeys(card.rank for card in PACK))
_RANK = np.array([_RANKS.index(card.rank) for card in PACK], dtype=np.int64)
_falls = inlined(falls)
_RED = np.array([card.colour is Colour.RED for card in PACK], dtype=np.bool_)
_CODE = {card: code for code, card in enumerate(PACK)}
_RANK_COUNT = len(_RANKS)

VOID_RULES = ("MB-7a", "MB-7b", "MB-7c", "MB-7d")
"""The rules that void a deal, in the order of their columns."""


class Head(enum.IntEnum):
    """The first columns of a row of counts: deals, void deals, layouts, cards shown."""

    DEALS = 0
    """Valid deals, played to the end of the draw."""
    VOID_A = 1
    """Void: the bottom layout's two cards of one rank (MB-7a)."""
    VOID_B = 2
    """Void: a rank on both layouts (MB-7b)."""
    VOID_C = 3
    """Void: the fourth card of the top layout's rank (MB-7c)."""
    VOID_D = 4
    """Void: a replacement of a bottom-layout rank (MB-7d)."""
    PLAIN = 5
    PAIR = 6
    TRIPLE = 7
    """Layouts by kind (MB-7c); they add up to `DEALS`."""
    SHOWN = 8
    """Cards shown in the draws, the gates included (MB-11, MB-12)."""


class Tally(enum.IntEnum):
    """The counts kept for each bet kind on each layout kind. A deal's own counts of wins,
    gate wins and first-fall wins are squared and multiplied into the last five, so that
    intervals can allow for the wagers of one deal going together."""

    WAGERS = 0
    WINS = 1
    GATE_WINS = 2
    """Wins on the gate, the first card shown: the house cut's reading (MB-13)."""
    FIRST_FALL_WINS = 3
    """Wins on the first card to make a layout card fall: the variant (MB-13)."""
    WINS_SQUARED = 4
    GATE_WINS_SQUARED = 5
    FIRST_FALL_WINS_SQUARED = 6
    WINS_TIMES_GATE_WINS = 7
    WINS_TIMES_FIRST_FALL_WINS = 8


_BETS = tuple(BetKind)
_KINDS = tuple(Kind)
_HEAD = len(Head)
_KIND_COUNT, _TALLY_COUNT = len(_KINDS), len(Tally)
_DEALS, _PLAIN, _SHOWN = int(Head.DEALS), int(Head.PLAIN), int(Head.SHOWN)
_VOID_A, _VOID_B, _VOID_C, _VOID_D = (
    int(h) for h in (Head.VOID_A, Head.VOID_B, Head.VOID_C, Head.VOID_D)
)
COLUMNS = _HEAD + len(_BETS) * len(_KINDS) * len(Tally)
"""Columns in a row of counts."""


def column(bet: BetKind, layout: Kind, tally: Tally) -> int:
    """The column that counts `tally` for bets of kind `bet` on layouts of kind `layout`."""
    return _HEAD + (_BETS.index(bet) * len(_KINDS) + _KINDS.index(layout)) * len(Tally) + tally


# -- the wagers -------------------------------------------------------------------------------

WAGERS: tuple[Wager, ...] = (
    *(Circle(spot) for spot in Spot),
    *(Cross(backed, against) for backed in Spot for against in Spot if backed != against),
    *(Doubler(group) for group in GROUPS.values()),
)
"""Every wager laid on every layout (MB-9a .. MB-9c)."""

_SPOTS = tuple(Spot)
_STACK_SPOT = Spot.TOP_LEFT
"""Where `layout_step` stacks a pair or triple (MB-7c)."""


def _mask(places: Iterable[Any]) -> int:
    return sum(1 << _SPOTS.index(place) for place in places)


def _plan(wager: Wager, stacked: bool) -> tuple[int, int, int]:
    """A wager as integers, on a layout with a stack or without: whether ordinary matches
    settle it (1) or falls only (0), and the spots it backs and is against, as bits (MB-9,
    MB-10c)."""
    backs = _mask(wager.backs)
    if isinstance(wager, Circle):
        return 0, backs, _mask(set(Spot) - wager.backs)
    if isinstance(wager, Cross):
        names_stack = stacked and _STACK_SPOT in (wager.backed, wager.against)
        return int(not names_stack), backs, _mask({wager.against})
    return 0, backs, _mask(opposite(wager.group))


_PLANS = np.array(
    [[_plan(wager, stacked) for wager in WAGERS] for stacked in (False, True)], dtype=np.int64
)
"""`_PLANS[stacked, w]`: the w-th wager as integers (`_plan`)."""
_CIRCLE_BET, _CROSS_BET, _STACKED_BET, _DOUBLER_BET = (
    _BETS.index(BetKind.CIRCLE),
    _BETS.index(BetKind.CROSS),
    _BETS.index(BetKind.CROSS_STACKED),
    _BETS.index(BetKind.DOUBLER),
)
_LOW_BIT = np.array([(m & -m).bit_length() - 1 for m in range(16)], dtype=np.int64)

_NEVER = 64
"""The time of a move that has not happened: later than any card of the pack."""
_WIN, _LOSE = 1, -1
_OF_RANK = np.array(
    [sum(1 << code for code, card in enumerate(PACK) if card.rank is rank) for rank in _RANKS],
    dtype=np.uint64,
)
"""`_OF_RANK[r]`: the cards of the r-th rank, as bits."""
_NONE, _ONE = np.uint64(0), np.uint64(1)
_U16, _16, _32, _48 = np.uint64(0xFFFF), np.uint64(16), np.uint64(32), np.uint64(48)
_NEVERS = sum(_NEVER << (8 * s) for s in range(len(_SPOTS)))
"""A time for each spot, eight bits each, all `_NEVER`: how `_draw` keeps the times."""


# -- the kernel -------------------------------------------------------------------------------


@inlined
def _more(rng: Any, pack: Any, ready: int) -> int:
    """Shuffle the next four places of the pack (fewer at its end), carrying on the shuffle
    of `shuffle_prefix` from place `ready`, four places to each 64 random bits; the places
    now ready. (Slicing the pack for `shuffle_prefix` costs more than the shuffle.)"""
    bits = next_u64(rng)
    if ready + 4 <= len(pack):
        _place(pack, ready, bits >> _48, rng)
        _place(pack, ready + 1, (bits >> _32) & _U16, rng)
        _place(pack, ready + 2, (bits >> _16) & _U16, rng)
        _place(pack, ready + 3, bits & _U16, rng)
        return ready + 4
    while ready < len(pack):
        _place(pack, ready, bits >> _48, rng)
        bits <<= _16
        ready += 1
    return ready


@inlined
def _lay(pack: Any, ready: int, rng: Any) -> tuple[int, int, int, int, int]:
    """The layout dealt from `pack` in dealing order (MB-6, MB-7): the rule that voids the
    deal (a `Head` column, 0 if valid), the size of the stack at the top left (1: none),
    the place of the top-right card, the place of the gate, and the places now shuffled."""
    while ready < 4:
        ready = _more(rng, pack, ready)
    t1, t2 = _RANK[pack[0]], _RANK[pack[1]]
    b1, b2 = _RANK[pack[2]], _RANK[pack[3]]
    if b1 == b2:
        return _VOID_A, 0, 0, 0, ready
    if t1 in (b1, b2) or t2 in (b1, b2):
        return _VOID_B, 0, 0, 0, ready
    if t1 != t2:
        return 0, 1, 1, 4, ready
    stack = 2  # a pair at the top: stacked, and replaced from the bottom (MB-7c)
    i = 4
    while True:
        if i >= ready:
            ready = _more(rng, pack, ready)
        r = _RANK[pack[i]]
        if r == t1:
            stack += 1
            if stack == 4:
                return _VOID_C, 0, 0, 0, ready
        elif r in (b1, b2):
            return _VOID_D, 0, 0, 0, ready
        else:
            return 0, stack, i, i + 1, ready
        i += 1


@inlined
def _draw(
    pack: Any, ready: int, rng: Any, stack: int, top_right: int, gate: int
) -> tuple[int, int, int, int]:
    """Show cards from `gate` on until every wager is settled (MB-10, MB-12): the cards shown,
    the places now shuffled, and the time (0: the gate) at which each spot first falls, and
    first falls or meets an ordinary match, eight bits a spot (`_times`)."""
    named = (pack[0], pack[top_right], pack[2], pack[3])  # a stack is named by its first card
    live = _NONE  # the cards that can still move a spot, as bits
    spots = 0  # the spot of each layout rank, four bits a rank
    for s in range(4):
        r = _RANK[named[s]]
        spots |= s << (4 * r)
        live |= _OF_RANK[r]
    fell = _NEVERS
    i, t = gate, 0
    if stack == 1:  # every card of a layout rank falls, the first of its rank (MB-10c)
        falls = 0
        while True:  # four places at a time, as they are shuffled: the gate is at place 4
            if i >= ready:
                ready = _more(rng, pack, ready)
            for q in range(4):
                card = pack[i + q]
                if (live >> np.uint64(card)) & _ONE:
                    r = _RANK[card]
                    fell ^= (_NEVER ^ (t + q)) << (8 * ((spots >> (4 * r)) & 3))  # (MB-12)
                    live &= ~_OF_RANK[r]
                    falls += 1
                    if falls == 3:  # every cross settled; circles and doublers were before
                        return t + q + 1, ready, fell, fell
            i += 4
            t += 4
    moved = _NEVERS
    standing = True  # the pair or triple has not fallen (MB-10)
    plain_moved = 0  # plain spots fallen or matched: these settle the plain crosses
    falls = 0
    while True:
        if i >= ready:
            if i == len(pack):  # never: the rules settle every wager first (MB-12)
                return t, ready, fell, moved
            ready = _more(rng, pack, ready)
        card = pack[i]
        if (live >> np.uint64(card)) & _ONE:
            s = (spots >> (4 * _RANK[card])) & 3
            at = 8 * s
            unmoved = (moved >> at) & 255 == _NEVER
            # with a pair standing a plain card falls to the other colour, with a triple to
            # its own; any other card of its rank is an ordinary match (MB-10a, b, c)
            if not _falls(stack, standing, s == 0, _RED[card], _RED[named[s]]):
                if unmoved:
                    moved ^= (_NEVER ^ t) << at
                    plain_moved += 1
            else:
                fell ^= (_NEVER ^ t) << at  # the card leaves the layout (MB-12)
                live &= ~_OF_RANK[_RANK[card]]
                falls += 1
                if unmoved:
                    moved ^= (_NEVER ^ t) << at
                    if s != 0:
                        plain_moved += 1
                if s == 0:
                    standing = False
            # settled: every plain cross (all but one plain spot moved), and every stacked
            # cross (the stack fallen, or every plain card); circles and doublers went with
            # the first fall
            if plain_moved >= 2 and (fell & 255 != _NEVER or falls == 3):
                return t + 1, ready, fell, moved
        i += 1
        t += 1


@inlined
def _times(word: int, out: Any) -> None:
    """`out[s]`: the s-th time in `word`, eight bits each (`_draw`)."""
    for s in range(4):
        out[s] = (word >> (8 * s)) & 255


@njit
def _earliest(times: Any, out: Any) -> None:
    """`out[mask]`: the earliest of `times` over the spots in the bits of `mask`."""
    out[0] = _NEVER
    for mask in range(1, 16):
        out[mask] = min(out[mask & (mask - 1)], times[_LOW_BIT[mask]])


@njit
def _settle(fell: Any, moved: Any, plan: Any, times: Any, out: Any) -> None:
    """Each wager's fate: `out[w]` = (fate, time settled, won on the gate, won on the first
    fall). A wager wins when a spot it backs moves before one it is against (MB-9): crosses
    between two plain cards count ordinary matches as moves (MB-10c), all else falls only.
    The first fall is the earliest of all (MB-13's variant)."""
    _earliest(fell, times[0])
    _earliest(moved, times[1])
    first = times[0, 15]
    for w in range(len(plan)):
        by = plan[w, 0]
        win, lose = times[by, plan[w, 1]], times[by, plan[w, 2]]
        won = win < lose
        out[w, 0] = int(won) - int(lose < win)
        out[w, 1] = min(win, lose)
        out[w, 2] = int(won and win == 0)
        out[w, 3] = int(won and win == first)


@inlined
def _tally(fell: Any, moved: Any, stack: int, shown: int, acc: Any, row: Any) -> None:
    """Add a valid deal's counts to `row`, every wager's fate counted straight from the times
    of the falls and moves, as `_settle` would find them one by one (`acc`: scratch)."""
    row[_DEALS] += 1
    row[_PLAIN - 1 + stack] += 1
    row[_SHOWN] += shown
    first = min(min(fell[0], fell[1]), min(fell[2], fell[3]))
    fallen, gate = int(first < _NEVER), int(first == 0)
    # a circle wins when its spot falls first; a doubler when the spot that falls first is
    # in its row or column: one circle of four, two doublers of four (MB-9a, MB-9c)
    acc[_CIRCLE_BET, 0], acc[_CIRCLE_BET, 1] = 4, fallen
    acc[_CIRCLE_BET, 2], acc[_CIRCLE_BET, 3] = gate, fallen
    acc[_DOUBLER_BET, 0], acc[_DOUBLER_BET, 1] = 4, 2 * fallen
    acc[_DOUBLER_BET, 2], acc[_DOUBLER_BET, 3] = 2 * gate, 2 * fallen
    # a cross between plain cards wins when its card moves before the other, ordinary
    # matches counting (MB-9b, MB-10c): each card beats those that move after it
    low = 0 if stack == 1 else 1
    wins = gate_wins = first_wins = 0
    for a in range(low, 4):
        beats = 0
        for b in range(low, 4):
            beats += int(moved[a] < moved[b])
        wins += beats
        gate_wins += beats * int(moved[a] == 0)
        first_wins += beats * int(moved[a] == first)
    plain = 4 - low
    acc[_CROSS_BET, 0], acc[_CROSS_BET, 1] = plain * (plain - 1), wins
    acc[_CROSS_BET, 2], acc[_CROSS_BET, 3] = gate_wins, first_wins
    # a cross naming the stack wins when its card falls before the other (MB-10)
    wins = gate_wins = first_wins = 0
    if stack > 1:
        for p in range(1, 4):
            for a, b in ((0, p), (p, 0)):
                won = int(fell[a] < fell[b])
                wins += won
                gate_wins += won * int(fell[a] == 0)
                first_wins += won * int(fell[a] == first)
    acc[_STACKED_BET, 0], acc[_STACKED_BET, 1] = 6 * int(stack > 1), wins
    acc[_STACKED_BET, 2], acc[_STACKED_BET, 3] = gate_wins, first_wins
    for bet in range(len(acc)):
        if acc[bet, 0] == 0:
            continue
        base = _HEAD + (bet * _KIND_COUNT + stack - 1) * _TALLY_COUNT
        wins, gate_wins, first_wins = acc[bet, 1], acc[bet, 2], acc[bet, 3]
        row[base] += acc[bet, 0]
        row[base + 1] += wins
        row[base + 2] += gate_wins
        row[base + 3] += first_wins
        row[base + 4] += wins * wins
        row[base + 5] += gate_wins * gate_wins
        row[base + 6] += first_wins * first_wins
        row[base + 7] += wins * gate_wins
        row[base + 8] += wins * first_wins


@uncounted
def _simulate(
    rng: Any, deals: int, pack: Any, row: Any, fell: Any, moved: Any, acc: Any, plain: Any
) -> None:
    """`deals` valid deals, each from a fresh shuffle (void ones counted and dealt again);
    counts added to `row` (`fell`, `moved`, `acc`, `plain`: scratch).

    A plain layout's counts, but for the cards shown, are those of every other plain layout
    on which the gate makes a spot fall, or does not: every card of a layout rank falls, the
    first of its rank (MB-10c), so the spots fall one at a time, the third settling every
    wager, and of the twelve crosses the six of a spot that fell before the other win
    (MB-9). They are tallied into `plain` once for each, and counted."""
    plain_deals = np.int64(0)  # plain layouts on which the gate made no spot fall
    plain_gate_deals = np.int64(0)  # and those on which it did
    shown_plain = 0
    done = 0
    while done < deals:
        void, stack, top_right, gate, ready = _lay(pack, 0, rng)
        if void:
            row[void] += 1  # gathered and shuffled again (MB-7)
            continue
        shown, ready, times_fell, times_moved = _draw(pack, ready, rng, stack, top_right, gate)
        if stack == 1:
            on_gate = 0  # a time of 0: the gate made a spot fall
            for s in range(len(fell)):
                on_gate |= int((times_fell >> (8 * s)) & 255 == 0)
            if (plain_gate_deals if on_gate else plain_deals) == 0:
                for c in range(len(row)):
                    plain[on_gate, c] = 0
                _times(times_fell, fell)
                _times(times_moved, moved)
                _tally(fell, moved, stack, 0, acc, plain[on_gate])
            plain_gate_deals += on_gate
            plain_deals += 1 - on_gate
            shown_plain += shown
        else:
            _times(times_fell, fell)
            _times(times_moved, moved)
            _tally(fell, moved, stack, shown, acc, row)
        done += 1
    for c in range(len(row)):
        if plain_deals:
            row[c] += plain_deals * plain[0, c]
        if plain_gate_deals:
            row[c] += plain_gate_deals * plain[1, c]
    row[_SHOWN] += shown_plain


@njit
def _play(pack: Any, plans: Any, fates: Any, row: Any) -> Any:
    """One deal of `pack` (in dealing order, every place given): the void rule, the stack,
    the place of the top-right card, and the cards shown; each wager's fate in `fates`, the
    deal's counts in `row`."""
    rng = np.zeros(4, dtype=np.uint64)  # never drawn from: the whole pack is given
    void, stack, top_right, gate, ready = _lay(pack, len(pack), rng)
    if void:
        row[void] += 1
        return void, stack, top_right, 0
    fell = np.empty(4, dtype=np.int64)
    moved = np.empty(4, dtype=np.int64)
    shown, ready, times_fell, times_moved = _draw(pack, ready, rng, stack, top_right, gate)
    _times(times_fell, fell)
    _times(times_moved, moved)
    _settle(fell, moved, plans[int(stack > 1)], np.empty((2, 16), dtype=np.int64), fates)
    _tally(fell, moved, stack, shown, np.empty((len(_BETS), 4), dtype=np.int64), row)
    return void, stack, top_right, shown


# -- the API ----------------------------------------------------------------------------------


def simulate(
    state: npt.NDArray[np.uint64], deals: int, rules: Rules | None = None
) -> npt.NDArray[np.int64]:
    """Deal `deals` valid deals at the table `rules` (by default the rules' readings), each
    from a freshly shuffled pack, from the generator `state` (which steps on), every wager in
    `WAGERS` laid on each: for each of `SLICES` slices of them in turn, a row of `COLUMNS`
    counts (`Head`, then `Tally` for each bet kind on each layout kind, at `column(bet,
    layout, tally)`). Void deals are counted by rule and dealt again (MB-7), so the rows'
    `Head.DEALS` add up to `deals`. The counts hold wins on the gate and on the first fall
    alike, so the cut is for `MonteBankResults` to take; `rules` is checked (`_dealing`)."""
    _dealing(rules)
    _check_state(state)
    if isinstance(deals, bool) or not isinstance(deals, int | np.integer) or deals < 0:
        raise InvalidInput(f"deals {deals!r} is not valid: a whole number, 0 or more")
    pack = np.arange(len(PACK), dtype=np.int64)
    out = np.zeros((SLICES, COLUMNS), dtype=np.int64)
    scratch = (
        np.empty(len(_SPOTS), dtype=np.int64),
        np.empty(len(_SPOTS), dtype=np.int64),
        np.empty((len(_BETS), 4), dtype=np.int64),
        np.empty((2, COLUMNS), dtype=np.int64),
    )
    for k, count in enumerate(split(int(deals))):
        _simulate(state, count, pack, out[k], *scratch)
    return out


def _check_state(state: Any) -> None:
    if not (
        isinstance(state, np.ndarray)
        and state.dtype == np.uint64
        and state.shape == (4,)
        and state.any()
    ):
        raise InvalidInput(
            f"generator state {state!r} is not valid: four uint64 words, not all zero "
            "(croupier.sim._rng.seeded)"
        )


def dealing_order(pack: Iterable[Card | str]) -> tuple[Card, ...]:
    """A pack, top first as the engine's `Shoe` holds it, in the order the deal takes its
    cards: the layout's four from the ends `LAYOUT_ENDS` names (MB-6), then on from the
    bottom, the replacements of MB-7c and the draw, the gate first (MB-11, MB-12)."""
    cards = _check_pack(pack)
    top, bottom = 0, len(cards) - 1
    order: list[Card] = []
    for end in LAYOUT_ENDS:
        if end is End.TOP:
            order.append(cards[top])
            top += 1
        else:
            order.append(cards[bottom])
            bottom -= 1
    order += reversed(cards[top : bottom + 1])
    return tuple(order)


def _check_pack(pack: Iterable[Card | str]) -> tuple[Card, ...]:
    cards = tuple(card if isinstance(card, Card) else Card.from_str(card) for card in pack)
    if sorted(_CODE.get(card, -1) for card in cards) != list(range(len(PACK))):
        shown = " ".join(str(card) for card in cards)
        raise InvalidInput(
            f"pack {shown!r} is not valid: the 40 cards of the Monte pack, each once (MB-2)"
        )
    return cards


@dataclass(frozen=True, slots=True)
class Settled:
    """How a wager came out: its fate (None: the cards never settled it), the card of the
    draw that settled it (0: the gate), and whether it won on the gate and on the first fall
    (the two readings of the house cut, MB-13)."""

    fate: Fate | None
    shown: int
    on_gate: bool
    on_first_fall: bool


@dataclass(frozen=True, slots=True, eq=False)
class Played:
    """One deal of a given pack, as the kernel plays it: the rule that voids it, or its
    layout, how every wager in `WAGERS` came out, and the cards shown; `counts` is the row
    it adds to `simulate`'s counts."""

    void: str | None
    layout: Layout | None
    settled: Mapping[Wager, Settled]
    shown: int
    counts: npt.NDArray[np.int64]


def play_pack(pack: Iterable[Card | str]) -> Played:
    """Deal this pack (top first, as the engine's `Shoe` holds it after the cut) as the
    kernel deals it: the layout (MB-6, MB-7), then every wager in `WAGERS` settled by the
    cards shown from the bottom (MB-9 .. MB-13)."""
    order = dealing_order(pack)
    codes = np.array([_CODE[card] for card in order], dtype=np.int64)
    fates = np.zeros((len(WAGERS), 4), dtype=np.int64)
    row = np.zeros(COLUMNS, dtype=np.int64)
    void, stack, top_right, shown = _play(codes, _PLANS, fates, row)
    if void:
        return Played(VOID_RULES[void - _VOID_A], None, {}, 0, row)
    stacked = order[:2] + order[4:5] if stack == 3 else order[:stack]
    layout = Layout(
        {
            Spot.TOP_LEFT: stacked,
            Spot.TOP_RIGHT: (order[top_right],),
            Spot.BOTTOM_LEFT: (order[2],),
            Spot.BOTTOM_RIGHT: (order[3],),
        }
    )
    named = {_WIN: Fate.WIN, _LOSE: Fate.LOSE}
    settled = {
        wager: Settled(named.get(int(f[0])), int(f[1]), bool(f[2]), bool(f[3]))
        for wager, f in zip(WAGERS, fates, strict=True)
    }
    return Played(None, layout, settled, int(shown), row)


# -- sessions ---------------------------------------------------------------------------------

SESSION_WAGERS: Mapping[BetKind, Wager] = {
    BetKind.CIRCLE: Circle(Spot.TOP_LEFT),
    BetKind.CROSS: Cross(Spot.BOTTOM_LEFT, Spot.BOTTOM_RIGHT),
    BetKind.CROSS_STACKED: Cross(Spot.TOP_LEFT, Spot.TOP_RIGHT),
    BetKind.DOUBLER: Doubler(GROUPS["top"]),
}
"""The wager a session of each kind stakes on every valid deal: the circle on the top-left
card, the bottom-left card crossed against the bottom-right (two plain cards, MB-9b: the
bottom layout is never stacked), the stack at the top left against the card beside it (only
deals with a pair or triple), and the top row doubled against the bottom (MB-9). Each has on
every layout of a kind the odds of its kind (MB-10 gives every card an equal chance), so the
choice changes no figure."""


def nets(rules: Rules, bet: BetKind, stake: int) -> tuple[int, int, int]:
    """What `stake` on the session wager of kind `bet` wins or loses: lost, won, and won with
    the house's cut taken, as the engine pays it from a bank that covers it (MB-4, MB-9,
    MB-13)."""
    wager = SESSION_WAGERS[bet]
    pay, cut = payment(rules, wager, stake, cut_due=True)
    return -stake, pay, pay - cut


@njit
def _fill(rng: Any, pack: Any, plans: Any, stacked: bool, due: int, net: Any, out: Any) -> None:
    """Each row of `out` a session: on each valid deal (with a pair or triple, if `stacked`),
    what the wager of `plans` wins, `net[0]` lost, `net[1]` won, `net[2]` won with the cut due
    (`due`: the column of `_settle` that says when)."""
    fell = np.empty(4, dtype=np.int64)
    moved = np.empty(4, dtype=np.int64)
    times = np.empty((2, 16), dtype=np.int64)
    fate = np.empty((1, 4), dtype=np.int64)
    for s in range(out.shape[0]):
        for h in range(out.shape[1]):
            while True:  # a void deal is dealt again (MB-7); a plain one sat out if `stacked`
                void, stack, top_right, gate, ready = _lay(pack, 0, rng)
                if not void and (stack > 1 or not stacked):
                    break
            _, _, times_fell, times_moved = _draw(pack, ready, rng, stack, top_right, gate)
            _times(times_fell, fell)
            _times(times_moved, moved)
            _settle(fell, moved, plans[int(stack > 1)], times, fate)
            out[s, h] = net[0] if fate[0, 0] == _LOSE else net[1 + fate[0, due]]


def filler(bet: BetKind, net: tuple[int, int, int], rules: Rules | None = None) -> money.Fill:
    """The hands of sessions at the table `rules` (by default the rules' readings) staking on
    the wager of kind `bet` (`SESSION_WAGERS`) each valid deal, a stake that wins or loses
    `net` (as `nets(rules, ...)` gives it), the house's cut taken on the gate or on the first
    fall as `rules.cut_on` says (MB-13). Each deal is from a fresh shuffle."""
    due = _dealing(rules)
    w = WAGERS.index(SESSION_WAGERS[bet])
    plans = np.ascontiguousarray(_PLANS[:, w : w + 1])
    by_fate = np.array(net, dtype=np.int64)
    pack = np.arange(len(PACK), dtype=np.int64)
    stacked = bet is BetKind.CROSS_STACKED

    def fill(state: npt.NDArray[np.uint64], out: npt.NDArray[np.int64]) -> None:
        _fill(state, pack, plans, stacked, due, by_fate, out)

    return fill


def sessions(
    state: npt.NDArray[np.uint64],
    count: int,
    plan: money.Plan,
    bet: BetKind,
    net: tuple[int, int, int],
    rules: Rules | None = None,
) -> npt.NDArray[np.int64]:
    """`count` sessions of `plan` at the table `rules` staking on the wager of kind `bet`,
    the stake winning or losing `net`: the counts of `sessions.play`."""
    return money.play(filler(bet, net, rules), state, count, plan)


_DUE = {CutOn.GATE: 2, CutOn.FIRST_FALL: 3}
"""The column of `_settle`'s fates that says whether the cut is due, by when it is taken."""


def _dealing(rules: Rules | None) -> int:
    """The kernel's reading of the table `rules` (by default the rules' readings): the column
    of `_settle` that says when the cut is due (MB-13). The kernel deals the four-card layout,
    as the exact odds do, so a rule they do not follow is refused (`check_rules`: the cards
    added by MB-17's variant)."""
    return _DUE[check_rules(rules).cut_on]

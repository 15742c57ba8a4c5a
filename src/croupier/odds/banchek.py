"""Exact odds of Polish Banchek (RULES BN-1, BN-6, BN-8, BN-9).

    >>> hand_odds(cards("7D KC 5D")).win
    Fraction(33, 101)
    >>> random_hand().win
    Fraction(56879, 176851)
    >>> period(4)
    100320

A punter wins when he holds a card of the turned card's suit and of equal or higher rank
(BN-6), and is paid 1 to 1, so his edge is `2 * win - 1`. To someone who knows some cards,
the turned card is any card of the two packs he does not know of, each as likely:
`hand_odds` counts the unknown cards that the hand beats. Before the deal, the hand and the
turned card are four of the unknown cards: `random_hand` conditions on the turned card, after
which the hand loses only if its three cards all miss the unknown cards of that suit and of
equal or higher rank (a hypergeometric count). `favourable_share` counts the hands of a fresh
pack that beat the next card more often than not. `cover_table` is BN-6 as a table of card
kinds (`CARD_TYPES`), which the kernel of `croupier.sim.banchek` deals with.

Without a shuffle the deal is a fixed rearrangement of the shuffled pack (BN-8, BN-9): after
`period(punters)` rounds (26 for one punter, 52 for two, 100,320 for four) the pack is back
in its shuffled order and every hand and turned card comes again.

The banker's prospects (how often a bank triples before it breaks, how long it lasts) are
simulated, by `croupier.sim.banchek` and `croupier.sim.banchek_results`; against punters who
stake the whole bank a bank ends by its second hand, and `bold_triples` gives its chance.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import chain
from math import comb
from typing import TYPE_CHECKING, Any

from croupier import i18n
from croupier.cards import Card, Suit, full_pack
from croupier.errors import InvalidInput
from croupier.estimate import exact_json
from croupier.games.banchek.rules import HAND, beats, cards, rank_order, two_packs
from croupier.games.banchek.view import BanchekView

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "CARD_TYPES",
    "HandOdds",
    "bold_triples",
    "cards",
    "cover_table",
    "favourable_share",
    "hand_json",
    "hand_odds",
    "own_hand",
    "period",
    "random_hand",
    "report",
    "seen_chance",
]

CARD_TYPES: tuple[Card, ...] = tuple(
    sorted(full_pack(), key=lambda card: (tuple(Suit).index(card.suit), rank_order(card)))
)
"""The 52 kinds of card, by suit then rank: the kernel's packs are their indexes."""
_TYPE = {card: index for index, card in enumerate(CARD_TYPES)}
_PACK = two_packs()
_COPIES = len(_PACK) // len(CARD_TYPES)
"""Two of each card (BN-1)."""


def cover_table() -> npt.NDArray[np.uint8]:
    """`table[c, t]`: a hand holding a card of kind c beats a turned t (BN-6, from `beats`);
    a hand beats t when any of its cards does, so a hand's row is its cards' rows or-ed.
    (numpy is imported here, for the simulator's kernels: a bot's odds need none of it.)"""
    import numpy as np

    return np.array(_BEATS, dtype=np.uint8)


_BEATS = tuple(tuple(beats((card,), other) for other in CARD_TYPES) for card in CARD_TYPES)
"""`_BEATS[c][t]`: a card of kind c beats a turned t (BN-6)."""
_COVERS = tuple(sum(1 << t for t, won in enumerate(row) if won) for row in _BEATS)
"""The same as bit masks, a card's row."""
_COVERED_BY = tuple(
    sum(1 << c for c, row in enumerate(_BEATS) if row[t]) for t in range(len(CARD_TYPES))
)
"""The cards that beat a turned card, as bit masks."""


def _bits(mask: int) -> Iterable[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _unknown(known: Sequence[Card], what: str) -> list[int]:
    """For each kind of card, the copies of it no one knows of, when `known` are known;
    `InvalidInput` for a card known more often than two packs hold."""
    over = sorted(str(card) for card, n in Counter(known).items() if n > _COPIES)
    if over:
        said = i18n._(
            "{cards}: given more than twice ({what}), but two packs hold only {copies} of each card"
        )
        raise InvalidInput(said.format(cards=", ".join(over), what=i18n._(what), copies=_COPIES))
    left = [_COPIES] * len(CARD_TYPES)
    for card in known:
        left[_TYPE[card]] -= 1
    return left


def _won(hand: Iterable[int], left: Sequence[int]) -> int:
    """The unknown cards, counted in `left` by kind, that a hand of these kinds beats."""
    mask = 0
    for card in hand:
        mask |= _COVERS[card]
    return sum(left[t] for t in _bits(mask))


@dataclass(frozen=True, slots=True)
class HandOdds:
    """A hand's exact chance of beating the card turned; a stake is paid 1 to 1 (BN-6)."""

    win: Fraction

    @property
    def edge(self) -> Fraction:
        """The punter's expectation per chip staked (negative: the bank's edge)."""
        return 2 * self.win - 1


def hand_odds(hand: Sequence[Card], gone: Iterable[Card] = ()) -> HandOdds:
    """The exact chance that this three-card hand beats the next card turned, which is any
    card of the two packs neither in the hand nor known to be `gone`, each as likely."""
    hand, gone = tuple(hand), tuple(gone)
    if len(hand) != HAND:
        shown = " ".join(str(card) for card in hand)
        said = i18n._("a hand is {cards} cards, not {given}: {shown!r}")
        raise InvalidInput(said.format(cards=HAND, given=len(hand), shown=shown))
    left = _unknown((*hand, *gone), i18n.N_("in the hand and gone"))
    unknown = sum(left)
    if unknown == 0:
        raise InvalidInput(
            i18n._("every card is in the hand or gone: there is no card left to turn")
        )
    return HandOdds(Fraction(_won((_TYPE[card] for card in hand), left), unknown))


def random_hand(gone: Iterable[Card] = ()) -> HandOdds:
    """The exact chance that a hand not yet dealt beats the card turned after it: the hand
    and the card are four of the cards not known to be `gone`, each four as likely."""
    left = _unknown(tuple(gone), i18n.N_("gone"))
    n = sum(left)
    if n < HAND + 1:
        said = i18n._("only {n} cards are left: a hand and the card turned need {need}")
        raise InvalidInput(said.format(n=n, need=HAND + 1))
    # given the turned card t, the hand is 3 of the n - 1 others; it loses when none of them
    # is among the k others of t's suit that rank as high or higher
    lose = 0
    for t, copies in enumerate(left):
        if copies:
            k = sum(left[c] for c in _bits(_COVERED_BY[t])) - 1  # less t itself
            lose += copies * comb(n - 1 - k, HAND)
    return HandOdds(1 - Fraction(lose, n * comb(n - 1, HAND)))


@cache
def favourable_share() -> Fraction:
    """The share of the hands dealt from a fresh pack, each of the C(104, 3) as likely, whose
    chance of beating the next card is above one half."""
    left = [_COPIES] * len(CARD_TYPES)
    unknown = len(_PACK) - HAND
    kinds = len(CARD_TYPES)
    favourable = 0
    for a in range(kinds):
        for b in range(a, kinds):
            for c in range(b, kinds):
                if a == c:
                    continue  # a kind is at most twice in a hand
                hand = (a, b, c)
                for card in hand:
                    left[card] -= 1
                if 2 * _won(hand, left) > unknown:
                    # physical hands of these kinds: 2 * 2 * 2 of three kinds, 1 * 2 of a pair
                    favourable += math.prod(comb(_COPIES, hand.count(k)) for k in set(hand))
                for card in hand:
                    left[card] += 1
    return Fraction(favourable, comb(len(_PACK), HAND))


@cache
def bold_triples() -> Fraction:
    """The chance that a bank triples against punters who stake the whole bank (BN-5,
    BN-10): the first hand won breaks it, else the second ends it, doubled again or broken,
    so it triples when both hands lose. The two hands and their turned cards are eight
    different cards of the shuffle, whatever the number of punters."""
    every = (1 << len(CARD_TYPES)) - 1
    total = 0
    for t1, beat_1 in enumerate(_COVERED_BY):
        for t2, beat_2 in enumerate(_COVERED_BY):
            ways = _COPIES * (_COPIES - (t1 == t2))
            # the other cards that beat neither turned card, only the second, only the first
            # (a turned card beats itself, so it is never among those that miss it)
            neither = _COPIES * (every & ~(beat_1 | beat_2)).bit_count()
            only_2 = _COPIES * (beat_2 & ~beat_1).bit_count() - (not beat_1 >> t2 & 1)
            only_1 = _COPIES * (beat_1 & ~beat_2).bit_count() - (not beat_2 >> t1 & 1)
            # the first hand misses t1: j cards that beat only t2, the rest beat neither;
            # the second misses t2, from what is left of those and of the cards beating t1
            total += ways * sum(
                comb(only_2, j) * comb(neither, HAND - j) * comb(only_1 + neither - HAND + j, HAND)
                for j in range(HAND + 1)
            )
    n = len(_PACK)
    return Fraction(total, n * (n - 1) * comb(n - 2, HAND) * comb(n - 2 - HAND, HAND))


# -- the deal without a shuffle ------------------------------------------------------------


def _gathered(punters: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Where in a round's cards, in the order drawn, each punter's hand lies (BN-4: three
    each, one at a time), and the order they go under the pack: each hand in seat order,
    then the turned cards (BN-9)."""
    dealt = tuple(tuple(j * punters + s for j in range(HAND)) for s in range(punters))
    return dealt, (*chain.from_iterable(dealt), *range(HAND * punters, (HAND + 1) * punters))


@cache
def period(punters: int) -> int:
    """After how many rounds the pack is back in its shuffled order: without a shuffle, the
    round's cards always go under it in the same order (BN-8, BN-9), so every bank that
    lasts this long sees the same hands and turned cards again, in the same order."""
    per_round = (HAND + 1) * punters
    _, gathered = _gathered(punters)
    # slot i of the pack after a round holds the card from slot src[i] before it
    src = [*range(per_round, len(_PACK)), *gathered]
    order, done = 1, [False] * len(src)
    for i in range(len(src)):
        length = 0
        while not done[i]:
            done[i], i, length = True, src[i], length + 1
        if length:
            order = math.lcm(order, length)
    return order


def report() -> dict[str, Any]:
    """The exact figures, as JSON (docs/json.md): a hand not yet dealt, from a fresh pack,
    and the share of hands better than even."""
    return {
        "random_hand": hand_json(random_hand()),
        "hands_favourable": exact_json(favourable_share()),
    }


def hand_json(odds: HandOdds) -> dict[str, Any]:
    """A hand's chance and the banker's edge against it, as JSON."""
    return {"win": exact_json(odds.win), "banker_edge": exact_json(-odds.edge)}


def seen_chance(hand: Sequence[Card], view: BanchekView) -> Fraction:
    """The exact chance that `hand` beats the next card, to the viewer: while fresh cards lie
    on top, the next is any card he has not seen since the shuffle (his own hand and the
    cards shown); after that he counts nothing."""
    if not view.fresh:
        return hand_odds(hand).win
    shown = dict(view.shown)
    known = Counter(view.seen)
    if view.viewer not in shown:
        known.update(view.hand)  # his own cards, not yet among those shown
    known.subtract(hand)  # the hand itself, shown or his own, is not gone
    return hand_odds(hand, gone=tuple(known.elements())).win


def own_hand(view: BanchekView) -> tuple[Fraction, Fraction] | None:
    """The seat's own hand's exact chance of beating the next card, and its edge (a stake
    paid 1:1), to the viewer; None while it holds no cards."""
    if not view.hand:
        return None
    win = seen_chance(view.hand, view)
    return win, 2 * win - 1

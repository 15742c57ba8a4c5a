"""Exact odds of Polish Banchek, and the banker's prospects by simulation
(RULES BN-1, BN-4 .. BN-10).

    >>> hand_odds(cards("7D KC 5D")).win
    Fraction(33, 101)
    >>> random_hand().win
    Fraction(56879, 176851)

A punter wins when he holds a card of the turned card's suit and of equal or higher rank
(BN-6), and is paid 1 to 1, so his edge is `2 * win - 1`. To someone who knows some cards,
the turned card is any card of the two packs he does not know of, each as likely:
`hand_odds` counts the unknown cards that the hand beats. Before the deal, the hand and the
turned card are four of the unknown cards: `random_hand` conditions on the turned card, after
which the hand loses only if its three cards all miss the unknown cards of that suit and of
equal or higher rank (a hypergeometric count). `favourable_share` counts the hands of a fresh
pack that beat the next card more often than not.

`prospects` plays many banks, each from a fresh shuffle, dealt as the rules deal them: three
cards to each punter one at a time, a card turned for each in turn, the round's cards put
under the pack in the order of BN-9 and no reshuffle (BN-8). The bank ends, checked after
every settlement, once it has tripled or is broken (BN-10); the hands still unplayed are void
and go under the pack, which changes nothing here, as each bank is dealt from a fresh
shuffle. The punters all follow one `Policy`: "flat" stakes the minimum; "bank" stakes the
whole bank every hand; "chance" knows his exact chance and stakes more only when it is
better than even:

- what he counts: his hand, and while the pack is in its first pass (the card to be turned
  has not been dealt since the shuffle), every card he has seen since the shuffle: his own
  hands and the cards turned. Once the cards gathered under the pack come back to the top
  he counts his hand alone. His chance is exact given what he counts: the turned card is
  then, to him, any card he has not counted, each as likely.
- what he stakes: the minimum when his chance is at most one half; above, the minimum plus
  his edge times the bank, rounded down, and never more than the bank (BN-5).

A stake is never more than the bank: when less than the minimum is left, a punter stakes
what is left (BN-5, **reading**).

Without a shuffle the deal is a fixed rearrangement of the shuffled pack: after
`period(punters)` rounds (26 for one punter, 52 for two, 100,320 for four) the pack is back
in its shuffled order and every hand and turned card comes again. A bank that holds, at the
start of such a cycle, what it held at the start of an earlier one (from the second cycle on,
when the chance punter no longer counts) goes on for ever: the rules end a bank only when it
has tripled or is broken (BN-10). Such banks are counted apart, as endless, and left out of
the mean length.
"""

from __future__ import annotations

import enum
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import chain
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.cards import Card, Suit, full_pack
from croupier.errors import InvalidInput
from croupier.estimate import Z95
from croupier.games.banchek.rules import (
    HAND,
    MOST_PUNTERS,
    TRIPLED,
    beats,
    cards,
    rank_order,
    two_packs,
)

__all__ = [
    "CARD_TYPES",
    "HandOdds",
    "Outcomes",
    "Policy",
    "Prospects",
    "cards",
    "check_table",
    "favourable_share",
    "hand_odds",
    "outcomes",
    "period",
    "prospects",
    "random_hand",
    "report",
    "shuffles",
]

CARD_TYPES: tuple[Card, ...] = tuple(
    sorted(full_pack(), key=lambda card: (tuple(Suit).index(card.suit), rank_order(card)))
)
"""The 52 kinds of card, by suit then rank: a pack in `outcomes` is their indexes."""
_TYPE = {card: index for index, card in enumerate(CARD_TYPES)}
_PACK = two_packs()
_COPIES = len(_PACK) // len(CARD_TYPES)
"""Two of each card (BN-1)."""
_KINDS = np.array([_TYPE[card] for card in _PACK], dtype=np.int8)
"""The two packs as indexes into `CARD_TYPES`."""

_COVER = np.array([[beats((card,), other) for other in CARD_TYPES] for card in CARD_TYPES])
"""`_COVER[c, t]`: a hand holding card c beats a turned t (BN-6). A hand beats t when any of
its cards does, so a hand's row is the rows of its cards or-ed together."""
_COVERS = tuple(sum(1 << int(t) for t in np.flatnonzero(row)) for row in _COVER)
"""The same as bit masks, a card's row."""
_COVERED_BY = tuple(sum(1 << int(c) for c in np.flatnonzero(column)) for column in _COVER.T)
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
        raise InvalidInput(
            f"{', '.join(over)}: given more than twice ({what}), but two packs hold only "
            f"{_COPIES} of each card"
        )
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
        raise InvalidInput(f"a hand is {HAND} cards, not {len(hand)}: {shown!r}")
    left = _unknown((*hand, *gone), "in the hand and gone")
    unknown = sum(left)
    if unknown == 0:
        raise InvalidInput("every card is in the hand or gone: there is no card left to turn")
    return HandOdds(Fraction(_won((_TYPE[card] for card in hand), left), unknown))


def random_hand(gone: Iterable[Card] = ()) -> HandOdds:
    """The exact chance that a hand not yet dealt beats the card turned after it: the hand
    and the card are four of the cards not known to be `gone`, each four as likely."""
    left = _unknown(tuple(gone), "gone")
    n = sum(left)
    if n < HAND + 1:
        raise InvalidInput(f"only {n} cards are left: a hand and the card turned need {HAND + 1}")
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


# -- the banker's prospects, simulated -----------------------------------------------------


class Policy(enum.Enum):
    """How the punters stake (BN-5); see the module's notes."""

    FLAT = "flat"
    """The minimum, every hand."""
    CHANCE = "chance"
    """The minimum, or more when his exact chance is better than even."""
    BANK = "bank"
    """The whole bank, every hand: the bold punter."""

    @classmethod
    def of(cls, policy: Policy | str) -> Policy:
        """A policy, or its name; `InvalidInput` for a name that is none."""
        if isinstance(policy, Policy):
            return policy
        try:
            return cls(str(policy).strip().lower())
        except ValueError:
            valid = ", ".join(repr(p.value) for p in cls)
            raise InvalidInput(f"policy={policy!r} is not valid: choose from {valid}") from None


@dataclass(frozen=True, slots=True)
class Outcomes:
    """How each of some banks ended: whether it tripled, or went on for ever (else it broke),
    and the rounds dealt (the one it ended in counted), the hands played and the hands the
    punters won before it ended (an endless bank: before it was found to be endless)."""

    tripled: npt.NDArray[np.bool_]
    endless: npt.NDArray[np.bool_]
    rounds: npt.NDArray[np.int64]
    hands: npt.NDArray[np.int64]
    won: npt.NDArray[np.int64]

    @property
    def broke(self) -> npt.NDArray[np.bool_]:
        return ~(self.tripled | self.endless)


def shuffles(banks: int, seed: int) -> npt.NDArray[np.int8]:
    """`banks` shuffles of the two packs, top card first, as indexes into `CARD_TYPES`, from
    numpy's generator seeded by `seed`."""
    if seed < 0:
        raise InvalidInput(f"seed={seed} is not valid: a whole number from 0 up")
    return np.random.default_rng(seed).permuted(np.tile(_KINDS, (banks, 1)), axis=1)


def check_table(punters: int, bank: int, minimum: int) -> None:
    """`InvalidInput` unless a round for `punters` fits the pack, and the bank and the
    smallest stake agree (BN-1, BN-2, BN-5)."""
    if not 1 <= punters <= MOST_PUNTERS:
        raise InvalidInput(
            f"punters={punters} is not valid: 1 to {MOST_PUNTERS}, so that a round fits "
            "the pack (BN-1)"
        )
    if minimum < 1 or bank < minimum:
        raise InvalidInput(
            f"minimum={minimum}, bank={bank}: the smallest stake is at least 1 chip, and "
            "the bank at least the smallest stake (BN-2, BN-5)"
        )


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


def outcomes(
    packs: npt.ArrayLike,
    punters: int,
    policy: Policy | str,
    bank: int = 100,
    minimum: int = 5,
) -> Outcomes:
    """Play one bank from each shuffled pack, given as rows of indexes into `CARD_TYPES`,
    top card first, until it triples or breaks (BN-4 .. BN-10); all banks in step, a round
    at a time.

    A bank can also go on for ever: the deal repeats after `period(punters)` rounds, and a
    bank that holds, at the start of such a cycle (the second on), what it held at the start
    of an earlier one, will do so again and again; it is counted `endless`.
    """
    policy = Policy.of(policy)
    check_table(punters, bank, minimum)
    packs = np.array(packs, dtype=np.int8)  # a copy: the rounds are put under it
    if packs.ndim != 2 or packs.shape[1] != len(_PACK):
        raise InvalidInput(f"packs of shape {packs.shape}: one row of {len(_PACK)} cards a bank")
    bad = np.flatnonzero((np.sort(packs, axis=1) != np.sort(_KINDS)).any(axis=1))
    if bad.size:
        raise InvalidInput(
            f"pack {int(bad[0])} is not two of each card (BN-1): each row holds the indexes "
            f"0 to {len(CARD_TYPES) - 1} of `CARD_TYPES` twice"
        )
    n, size = packs.shape
    money = np.full(n, bank, dtype=np.int64)
    tripled = np.zeros(n, dtype=np.bool_)
    endless = np.zeros(n, dtype=np.bool_)
    rounds = np.zeros(n, dtype=np.int64)
    hands = np.zeros(n, dtype=np.int64)
    punters_won = np.zeros(n, dtype=np.int64)
    # the chance punter's count of the cards he has seen, by punter and kind (first pass)
    counting = policy is Policy.CHANCE
    seen = np.zeros((n, punters, len(CARD_TYPES)) if counting else (0, 0, 0), dtype=np.int8)
    per_round = (HAND + 1) * punters
    dealt, gathered = _gathered(punters)
    turned_at = HAND * punters
    cycle = period(punters)
    held_then: list[npt.NDArray[np.int64]] = []  # the banks at the start of each cycle
    live = np.arange(n)
    start = 0  # cards drawn since the shuffle
    while live.size:
        if rounds[live[0]] and rounds[live[0]] % cycle == 0:
            again = np.zeros(live.size, dtype=np.bool_)
            for then in held_then:
                again |= then[live] == money[live]
            endless[live[again]] = True
            held_then.append(money.copy())
            live = live[~again]
            if not live.size:
                break
        slots = (start + np.arange(per_round)) % size  # the pack as a ring: top at `start`
        drawn = packs[live[:, None], slots]
        rounds[live] += 1
        if counting and start < size:
            for s in range(punters):
                for j in dealt[s]:
                    seen[live, s, drawn[:, j]] += 1
        playing = np.ones(live.size, dtype=np.bool_)
        for s in range(punters):  # from the banker's left (BN-5, BN-7)
            rows = np.flatnonzero(playing)
            if not rows.size:
                break
            ids = live[rows]
            hand = drawn[rows][:, dealt[s]]
            turned = drawn[rows, turned_at + s]
            won = _COVER[hand[:, 0], turned] | _COVER[hand[:, 1], turned]
            won |= _COVER[hand[:, 2], turned]
            held = money[ids]
            if policy is Policy.FLAT:
                stake = np.minimum(minimum, held)
            elif policy is Policy.BANK:
                stake = held
            else:
                covers = _COVER[hand[:, 0]] | _COVER[hand[:, 1]] | _COVER[hand[:, 2]]
                first_pass = start + turned_at + s < size
                if first_pass:  # he counts his hand and what he has seen
                    unseen = _COPIES - seen[ids, s]
                    beaten = (unseen * covers).sum(axis=1)
                    unknown = unseen.sum(axis=1)
                    seen[ids, :, turned] += 1  # turned face up, for all to see
                else:  # his hand alone
                    beaten = _COPIES * covers.sum(axis=1) - HAND
                    unknown = np.full(len(ids), size - HAND)
                extra = np.maximum((2 * beaten - unknown) * held // unknown, 0)
                stake = np.minimum(minimum + extra, held)
            money[ids] = held + np.where(won, -stake, stake)  # BN-6
            hands[ids] += 1
            punters_won[ids] += won
            broke = money[ids] <= 0
            up = money[ids] >= TRIPLED * bank
            tripled[ids[up]] = True
            playing[rows[broke | up]] = False  # BN-10: the bank ends at once
        packs[live[:, None], slots] = drawn[:, gathered]  # under the pack, no shuffle (BN-8)
        live = live[playing]
        start += per_round
    return Outcomes(tripled, endless, rounds, hands, punters_won)


def _wilson(successes: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion: sound at 0 and 1 too."""
    p, z2 = successes / n, Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(centre - half, 0.0), min(centre + half, 1.0)


@dataclass(frozen=True, slots=True)
class Prospects:
    """The banker's prospects against punters of one policy, over `banks` simulated banks:
    how many tripled, and how many went on for ever (the rest broke); the mean rounds and
    hands that the banks which ended lasted, with the half-width of their 95% intervals; and
    how many of those hands the punters won.

    The share of hands won is not `random_hand().win`: each hand, on its own, is won that
    often, but a bank ends straight after the hand that breaks it or triples it, and the
    hands left in the round are void (BN-10), so the hands played are not a fair sample."""

    punters: int
    policy: Policy
    banks: int
    seed: int
    bank: int
    minimum: int
    tripled: int
    endless: int
    rounds: float
    rounds_margin: float
    hands: float
    hands_margin: float
    hands_won: int
    hands_played: int

    @property
    def broke(self) -> int:
        return self.banks - self.tripled - self.endless

    @property
    def triple(self) -> float:
        """The share of banks that tripled before they broke."""
        return self.tripled / self.banks

    @property
    def triple_interval(self) -> tuple[float, float]:
        """Its 95% (Wilson) interval."""
        return _wilson(self.tripled, self.banks)

    @property
    def endless_interval(self) -> tuple[float, float]:
        """The 95% interval of the share of banks that never end."""
        return _wilson(self.endless, self.banks)

    @property
    def won(self) -> float:
        """The share of the hands played in the banks that ended that the punters won."""
        return self.hands_won / self.hands_played

    @property
    def rounds_interval(self) -> tuple[float, float]:
        return self.rounds - self.rounds_margin, self.rounds + self.rounds_margin

    def as_json(self) -> dict[str, Any]:
        """Shares and means as plain numbers, each interval as [low, high]."""
        return {
            "punters": self.punters,
            "policy": self.policy.value,
            "banks": self.banks,
            "seed": self.seed,
            "bank": self.bank,
            "minimum": self.minimum,
            "triple": self.triple,
            "triple_95": list(self.triple_interval),
            "broke": self.broke / self.banks,
            "endless": self.endless / self.banks,
            "endless_95": list(self.endless_interval),
            "rounds": self.rounds,
            "rounds_95": list(self.rounds_interval),
            "hands": self.hands,
            "hands_95": [self.hands - self.hands_margin, self.hands + self.hands_margin],
            "hands_won": self.won,
        }


def _mean(values: npt.NDArray[np.int64]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (none of fewer than two)."""
    if len(values) < 2:
        return float(values.mean()) if len(values) else math.nan, math.inf
    return float(values.mean()), Z95 * float(values.std(ddof=1)) / math.sqrt(len(values))


def prospects(
    punters: int,
    policy: Policy | str,
    banks: int = 20_000,
    seed: int = 1,
    bank: int = 100,
    minimum: int = 5,
) -> Prospects:
    """Whether a bank of `bank` chips triples before it breaks, and how long it lasts, against
    `punters` punters staking by `policy` from `minimum` up, over `banks` banks each from a
    fresh shuffle (BN-10): seeded, so the same seed gives the same figures."""
    policy = Policy.of(policy)
    check_table(punters, bank, minimum)
    if banks < 2:
        raise InvalidInput(f"banks={banks} is not valid: at least 2")
    ended = outcomes(shuffles(banks, seed), punters, policy, bank, minimum)
    over = ~ended.endless
    rounds, rounds_margin = _mean(ended.rounds[over])
    hands, hands_margin = _mean(ended.hands[over])
    return Prospects(
        punters,
        policy,
        banks,
        seed,
        bank,
        minimum,
        tripled=int(ended.tripled.sum()),
        endless=int(ended.endless.sum()),
        rounds=rounds,
        rounds_margin=rounds_margin,
        hands=hands,
        hands_margin=hands_margin,
        hands_won=int(ended.won[over].sum()),
        hands_played=int(ended.hands[over].sum()),
    )


def report(prospects: Iterable[Prospects] | None = None) -> dict[str, Any]:
    """The exact figures as plain JSON values, and the prospects simulated if given."""
    flat = random_hand()
    data: dict[str, Any] = {
        "game": "banchek",
        "win": str(flat.win),
        "edge_flat": float(flat.edge),
        "hands_favourable": float(favourable_share()),
    }
    if prospects is not None:
        data["prospects"] = [p.as_json() for p in prospects]
    return data

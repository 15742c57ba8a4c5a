"""Polish Banchek at speed: banks played out, each from a fresh shuffle of the two packs, in
a numba kernel (RULES BN-1, BN-4 .. BN-10). This is croupier's one simulation of the bank:
`croupier odds banchek` and `croupier simulate banchek` both run it.

A second implementation of the bank, kept equal by test to the engine (hand by hand) and to
a plain loop that deals the rules card by card (bank by bank): `play_bank` and `play_banks`
play given packs; `simulate` shuffles its own, from its own generator.

- The round (BN-4 .. BN-9): three cards to each punter, one at a time, from the banker's
  left; then for each punter in turn a stake, the top card turned, and 1 to 1 settlement
  (BN-6: he wins with a card of its suit as high or higher, the table
  `croupier.odds.banchek.cover_table` built from `beats`); then the round's cards go under
  the pack, the hands in seat order, each as dealt, then the turned cards (BN-9), with no
  shuffle (BN-8). The pack is a ring of 104 card kinds (indexes into
  `croupier.odds.banchek.CARD_TYPES`): a round reads its cards from the top and writes them
  back, gathered, in the same places, which is then the bottom.
- The bank ends, checked after every hand, once it has tripled or is broken (BN-10); the
  hands left in that round are void.
- A bank can go on for ever: the deal repeats after `croupier.odds.banchek.period(punters)`
  rounds, and a bank that holds, at the start of such a cycle (the second on), what it held
  at the start of an earlier one, does so again and again, since from then on nothing but
  the pack and the bank decides a stake. It is counted endless.
- The punters all follow one `Policy`: "flat" stakes the minimum; "bank" the whole bank;
  "chance" the minimum, plus his edge times the bank, rounded down, when his exact chance is
  above one half. What the chance punter counts (not what the engine's bot counts, which
  also takes in the other punters' hands shown at settlement): while the card to be turned
  has not been dealt since the shuffle, his own hands since the shuffle and every card
  turned; after that, his hand alone. His chance is exact given what he counts: the turned
  card is then, to him, any card he has not counted, each as likely.
- A stake is never more than the bank (BN-5, reading): flat and chance stakes are capped
  at what the bank holds.
- The table is the game's `Rules`, the one rule set the engine plays too: the bank put up
  (`rules.bank`, BN-2) and the smallest stake (`rules.minimum`, BN-5) are read from it, and
  `rules.seats` bounds the punters who sit down, one seat being the banker's. How many sit
  down (`punters`) and how they stake (`policy`) are the simulation's own values, beside
  it. Riders (`rules.riders`, BN-15) are refused: the punters' policies never ride, and the
  kernel plays no stake but a punter's own on his own cards.

Counts, for each slice of the banks, are one row of whole numbers that add up over slices
and chunks: `BANKS`, `TRIPLED`, `BROKE`, `ENDLESS`; over the banks that ended (tripled or
broke; endless banks are left out of the means): `ROUNDS` and `ROUNDS_SQUARED`, `HANDS` and
`HANDS_SQUARED`, `WON` (hands the punters won), `WON_SQUARED` and `WON_HANDS` (for the
interval of the share won); and over every bank `FIRST_WON`, the banks whose first hand
the punter won (a fair sample of hands from a fresh pack, unlike the rest).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier import i18n
from croupier.cards import Card
from croupier.engine.config import member
from croupier.engine.rule_options import refuse
from croupier.errors import InvalidConfig, InvalidInput
from croupier.games.banchek.rules import (
    BROKEN_END,
    GOING,
    HAND,
    MOST_PUNTERS,
    TRIPLED_END,
    Rules,
    ended,
    two_packs,
)
from croupier.odds.banchek import CARD_TYPES, cover_table, period
from croupier.sim import sessions as money
from croupier.sim.jit import njit
from croupier.sim.rng import shuffle_prefix
from croupier.sim.slices import SLICES, split

__all__ = [
    "BANKS",
    "BROKE",
    "CHUNK",
    "COUNTS",
    "ENDLESS",
    "FIRST_WON",
    "HANDS",
    "HANDS_SQUARED",
    "ROUNDS",
    "ROUNDS_SQUARED",
    "SLICES",
    "TRIPLED",
    "WON",
    "WON_HANDS",
    "WON_SQUARED",
    "BankPlayed",
    "Ending",
    "Outcomes",
    "Policy",
    "banker_plan",
    "check_table",
    "filler",
    "kinds",
    "play_bank",
    "play_banks",
    "sessions",
    "simulate",
]

BANKS, TRIPLED, BROKE, ENDLESS = 0, 1, 2, 3
ROUNDS, ROUNDS_SQUARED, HANDS, HANDS_SQUARED = 4, 5, 6, 7
WON, WON_SQUARED, WON_HANDS, FIRST_WON = 8, 9, 10, 11
COUNTS = 12
"""The counts in a slice's row (see the module notes)."""
CHUNK = 1 << 16
"""Banks in a chunk of a run (`croupier.sim.runner`): a bank takes far longer than a coup,
so smaller chunks than the runner's keep the progress moving."""


class Policy(enum.Enum):
    """How the punters stake (BN-5); see the module notes."""

    FLAT = "flat"
    """The minimum, every hand."""
    CHANCE = "chance"
    """The minimum, or more when his exact chance is better than even."""
    BANK = "bank"
    """The whole bank, every hand: the bold punter."""

    @classmethod
    def of(cls, policy: Policy | str) -> Policy:
        """A policy, or its name; `InvalidInput` for a name that is none."""
        return member(cls, policy, "policy")


def check_table(punters: int, rules: Rules | None = None) -> Rules:
    """The table (`Rules()` if none), once found to seat `punters` punters beside the banker
    and to be one the kernel plays; `InvalidInput` if not (BN-1, BN-15). The bank and the
    smallest stake are the rule set's own to check, when it is made (BN-2, BN-5)."""
    rules = rules or Rules()
    most = rules.seats - 1  # one seat is the banker's
    if punters < 1:
        raise refuse({"punters": str(punters)}, i18n._("at least 1"))
    if punters > most:
        said = (
            i18n._("1 to {most}, so that a round fits the pack (BN-1)")
            if most == MOST_PUNTERS
            else i18n._("1 to {most}, at a table of {seats} seats, one of them the banker's")
        )
        raise refuse({"punters": str(punters)}, said.format(most=most, seats=rules.seats))
    if rules.riders:
        raise InvalidConfig(
            "{named} is not simulated: {reason}",
            {"riders": "True"},
            "the punters' policies never ride, and the kernel plays each punter's own stake "
            "alone (BN-15); play riders in the engine",
        )
    return rules


_KINDS = len(CARD_TYPES)
_TYPE = {card: index for index, card in enumerate(CARD_TYPES)}
_PACK = np.array(sorted(_TYPE[card] for card in two_packs()), dtype=np.int8)
"""The two packs (BN-1) as card kinds, in a fixed order."""
_SIZE = len(_PACK)
_COPIES = _SIZE // _KINDS

_CODES = {Policy.FLAT: 0, Policy.CHANCE: 1, Policy.BANK: 2}
_FLAT, _CHANCE, _BANK = 0, 1, 2


class Ending(enum.Enum):
    """How a bank ended (BN-10), or that it never does."""

    TRIPLED = "tripled"
    BROKE = "broke"
    ENDLESS = "endless"


_ENDLESS_END = 3  # beside the rules' own ends (`ended`)
_ENDINGS = {TRIPLED_END: Ending.TRIPLED, BROKEN_END: Ending.BROKE, _ENDLESS_END: Ending.ENDLESS}
_ended = njit(ended)


def _covered_table(cover: npt.NDArray[np.uint8]) -> npt.NDArray[np.int8]:
    """`table[a, b, c]`: how many kinds of card a hand of kinds a, b, c beats."""
    hands = cover[:, None, None, :] | cover[None, :, None, :] | cover[None, None, :, :]
    counts: npt.NDArray[np.int8] = (hands != 0).sum(axis=3, dtype=np.int8)
    return counts


@njit
def _bank(
    ring: Any,
    punters: int,
    policy: int,
    bank: int,
    minimum: int,
    cycle: int,
    cover: Any,
    covered: Any,
    drawn: Any,
    seen: Any,
    held_then: Any,
    record: Any,
) -> tuple[int, int, int, int, int, Any]:
    """One bank dealt from the shuffled `ring` (which is left as the rounds leave it):
    how it ended, the rounds dealt (the one it ended in counted), the hands played and won,
    whether the first hand was won, and the scratch `held_then`, grown if need be. The
    first hands' stakes and results (1: won) go into `record`, as many as it holds."""
    size = len(ring)
    per_round = (HAND + 1) * punters
    turned_at = HAND * punters
    money = bank
    rounds = hands = won = first_won = 0
    cycles = 0  # banks held at the start of each cycle from the first on
    to_cycle = cycle  # rounds to the start of the next
    start = base = 0  # cards drawn since the shuffle; where the top lies in the ring
    if policy == _CHANCE:
        seen[:punters, :] = 0
    while True:
        if to_cycle == 0:
            to_cycle = cycle
            for k in range(cycles):
                if held_then[k] == money:  # the same again for ever
                    return _ENDLESS_END, rounds, hands, won, first_won, held_then
            if cycles == len(held_then):
                grown = np.empty(2 * len(held_then), dtype=np.int64)
                grown[:cycles] = held_then
                held_then = grown
            held_then[cycles] = money
            cycles += 1
        for i in range(per_round):
            j = base + i
            drawn[i] = ring[j - size if j >= size else j]
        rounds += 1
        to_cycle -= 1
        if policy == _CHANCE and start < size:  # each counts his hand
            for s in range(punters):
                for j in range(HAND):
                    seen[s, drawn[j * punters + s]] += 1
        for s in range(punters):  # from the banker's left (BN-5, BN-7)
            a = drawn[s]
            b = drawn[punters + s]
            c = drawn[2 * punters + s]
            t = drawn[turned_at + s]
            win = (cover[a, t] | cover[b, t] | cover[c, t]) != 0  # BN-6
            if policy == _FLAT:
                stake = min(minimum, money)
            elif policy == _BANK:
                stake = money
            else:
                if start + turned_at + s < size:  # the card to turn is fresh: he counts
                    beaten = unknown = 0
                    for k in range(_KINDS):
                        unseen = _COPIES - seen[s, k]
                        unknown += unseen
                        if cover[a, k] | cover[b, k] | cover[c, k]:
                            beaten += unseen
                    for p in range(punters):  # turned face up, for all to see
                        seen[p, t] += 1
                else:  # his hand alone
                    beaten = _COPIES * covered[a, b, c] - HAND
                    unknown = size - HAND
                extra = (2 * beaten - unknown) * money // unknown if 2 * beaten > unknown else 0
                stake = min(minimum + extra, money)
            if hands < len(record):
                record[hands, 0] = stake
                record[hands, 1] = 1 if win else 0
            if hands == 0:
                first_won = int(win)
            hands += 1
            won += win
            money += stake - 2 * stake * win  # 1 to 1 either way (BN-6)
            end = _ended(money, bank)  # BN-10: the bank ends at once
            if end != GOING:
                return end, rounds, hands, won, first_won, held_then
        # under the pack, no shuffle (BN-8): each hand as dealt, in seat order, then the
        # turned cards (BN-9)
        i = base
        for s in range(punters):
            for j in range(HAND):
                ring[i - size if i >= size else i] = drawn[j * punters + s]
                i += 1
        for s in range(punters):
            ring[i - size if i >= size else i] = drawn[turned_at + s]
            i += 1
        start += per_round
        base = i - size if i >= size else i


_COVER = cover_table()
_COVERED = _covered_table(_COVER)


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


@dataclass(frozen=True, slots=True)
class BankPlayed:
    """One bank, played out: how it ended, the rounds dealt (the last counted), the hands
    played and won, and the first hands' stakes and whether each punter won."""

    ending: Ending
    rounds: int
    hands: int
    won: int
    stakes: tuple[int, ...]
    results: tuple[bool, ...]


def kinds(cards: Sequence[Card]) -> npt.NDArray[np.int8]:
    """Cards, top first, as the card kinds (indexes into `CARD_TYPES`) the kernel deals."""
    return np.array([_TYPE[card] for card in cards], dtype=np.int8)


def _scratch(punters: int) -> tuple[Any, Any, Any]:
    drawn = np.zeros((HAND + 1) * punters, dtype=np.int8)
    seen = np.zeros((punters, _KINDS), dtype=np.int16)
    return drawn, seen, np.zeros(16, dtype=np.int64)


def play_bank(
    pack: npt.ArrayLike,
    punters: int,
    policy: Policy | str,
    rules: Rules | None = None,
    record: int = 10_000,
) -> BankPlayed:
    """One bank from this pack (104 card kinds, top first, as `kinds` gives them) at the
    table `rules`, against `punters` punters staking by `policy`, until it triples, breaks
    or is found endless (BN-4 .. BN-10), with the stakes and results of its first `record`
    hands."""
    table = _dealing(punters, policy, rules)
    ring = _packs(pack, one=True)[0]
    drawn, seen, then = _scratch(punters)
    hands_record = np.zeros((max(record, 0), 2), dtype=np.int64)
    end, rounds, hands, won, _, _ = _bank(
        ring, punters, *table, _COVER, _COVERED, drawn, seen, then, hands_record
    )
    kept = hands_record[: min(hands, len(hands_record))]
    return BankPlayed(
        _ENDINGS[end],
        int(rounds),
        int(hands),
        int(won),
        tuple(int(stake) for stake in kept[:, 0]),
        tuple(bool(result) for result in kept[:, 1]),
    )


@njit
def _play_banks(
    packs: Any,
    punters: int,
    policy: int,
    bank: int,
    minimum: int,
    cycle: int,
    cover: Any,
    covered: Any,
    drawn: Any,
    seen: Any,
    held_then: Any,
    out: Any,
) -> None:
    record = np.zeros((0, 2), dtype=np.int64)
    for n in range(len(packs)):
        end, rounds, hands, won, _, held_then = _bank(
            packs[n], punters, policy, bank, minimum, cycle, cover, covered, drawn, seen,
            held_then, record,
        )  # fmt: skip
        out[n, 0] = end
        out[n, 1] = rounds
        out[n, 2] = hands
        out[n, 3] = won


def play_banks(
    packs: npt.ArrayLike,
    punters: int,
    policy: Policy | str,
    rules: Rules | None = None,
) -> Outcomes:
    """One bank from each shuffled pack, rows of card kinds top first (as `kinds` gives
    them), at the table `rules` against `punters` punters staking by `policy`, until each
    triples, breaks or is found endless (BN-4 .. BN-10)."""
    table = _dealing(punters, policy, rules)
    rings = _packs(packs, one=False)
    drawn, seen, then = _scratch(punters)
    out = np.zeros((len(rings), 4), dtype=np.int64)
    _play_banks(rings, punters, *table, _COVER, _COVERED, drawn, seen, then, out)
    return Outcomes(
        tripled=out[:, 0] == TRIPLED_END,
        endless=out[:, 0] == _ENDLESS_END,
        rounds=out[:, 1].copy(),
        hands=out[:, 2].copy(),
        won=out[:, 3].copy(),
    )


@njit
def _simulate(
    state: Any,
    banks: int,
    ring: Any,
    punters: int,
    policy: int,
    bank: int,
    minimum: int,
    cycle: int,
    cover: Any,
    covered: Any,
    drawn: Any,
    seen: Any,
    held_then: Any,
    out: Any,
) -> Any:
    """`banks` banks, each from a fresh shuffle, counted into `out`; the scratch
    `held_then`, grown if need be."""
    record = np.zeros((0, 2), dtype=np.int64)
    for _ in range(banks):
        shuffle_prefix(state, ring, len(ring))  # a fresh shuffle for each bank (BN-10)
        end, rounds, hands, won, first_won, held_then = _bank(
            ring, punters, policy, bank, minimum, cycle, cover, covered, drawn, seen,
            held_then, record,
        )  # fmt: skip
        out[BANKS] += 1
        out[FIRST_WON] += first_won
        if end == _ENDLESS_END:
            out[ENDLESS] += 1
            continue
        out[TRIPLED if end == TRIPLED_END else BROKE] += 1
        out[ROUNDS] += rounds
        out[ROUNDS_SQUARED] += rounds * rounds
        out[HANDS] += hands
        out[HANDS_SQUARED] += hands * hands
        out[WON] += won
        out[WON_SQUARED] += won * won
        out[WON_HANDS] += won * hands
    return held_then


def simulate(
    state: npt.NDArray[np.uint64],
    banks: int,
    punters: int = 2,
    policy: Policy | str = Policy.FLAT,
    rules: Rules | None = None,
) -> npt.NDArray[np.int64]:
    """Play `banks` banks, each from a fresh shuffle drawn from the generator `state` (which
    steps on), at the table `rules` (its bank put up, its smallest stake) against `punters`
    punters staking by `policy`: for each of `SLICES` slices of them in turn, the counts of
    the module notes, one row each."""
    table = _dealing(punters, policy, rules)
    if banks < 0:
        raise refuse({"banks": str(banks)}, i18n._("0 or more"))
    ring = _PACK.copy()
    drawn, seen, then = _scratch(punters)
    out = np.zeros((SLICES, COUNTS), dtype=np.int64)
    for k, count in enumerate(split(banks)):
        then = _simulate(
            state, count, ring, punters, *table, _COVER, _COVERED, drawn, seen, then, out[k]
        )
    return out


# -- sessions: the banker's, hand by hand --------------------------------------------------


@njit
def _fill(
    state: Any,
    ring: Any,
    punters: int,
    policy: int,
    bank: int,
    minimum: int,
    cycle: int,
    cover: Any,
    covered: Any,
    drawn: Any,
    seen: Any,
    held_then: Any,
    record: Any,
    out: Any,
) -> Any:
    """Each row of `out` a bank from a fresh shuffle: what each of its hands wins for the
    banker, the stake either way (BN-6), until it ends (0 after); the scratch `held_then`,
    grown if need be."""
    for s in range(out.shape[0]):
        shuffle_prefix(state, ring, len(ring))
        _, _, hands, _, _, held_then = _bank(
            ring, punters, policy, bank, minimum, cycle, cover, covered, drawn, seen,
            held_then, record,
        )  # fmt: skip
        for h in range(out.shape[1]):
            out[s, h] = record[h, 0] * (1 - 2 * record[h, 1]) if h < hands else 0
    return held_then


def filler(
    hands: int,
    punters: int = 2,
    policy: Policy | str = Policy.FLAT,
    rules: Rules | None = None,
) -> money.Fill:
    """The banker's sessions: each a bank put up at `rules.bank` from a fresh shuffle, its
    first `hands` hands against `punters` punters staking by `policy`."""
    table = _dealing(punters, policy, rules)
    ring = _PACK.copy()
    drawn, seen, then = _scratch(punters)
    record = np.zeros((hands, 2), dtype=np.int64)
    scratch = [then]

    def fill(state: npt.NDArray[np.uint64], out: npt.NDArray[np.int64]) -> None:
        scratch[0] = _fill(
            state, ring, punters, *table, _COVER, _COVERED, drawn, seen, scratch[0], record, out
        )

    return fill


def banker_plan(hands: int, rules: Rules | None = None) -> money.Plan:
    """The banker's sessions of `hands` hands at the table `rules`: his bankroll the bank
    put up (BN-2), broken below one chip and passed on at three times the bank (BN-10); the
    stakes vary, and are at most what the bank holds (BN-5)."""
    rules = rules or Rules()
    return money.Plan(rules.bank, 1, hands, rules.tripled - 1, rules.tripled, flat=False)


def sessions(
    state: npt.NDArray[np.uint64],
    count: int,
    plan: money.Plan,
    punters: int = 2,
    policy: Policy | str = Policy.FLAT,
    rules: Rules | None = None,
) -> npt.NDArray[np.int64]:
    """`count` banks at the table `rules`, followed hand by hand for `plan` (as
    `banker_plan` makes it: its bankroll the bank put up): the counts of `sessions.play`."""
    bank = (rules or Rules()).bank
    if plan.bankroll != bank:
        raise refuse(
            {"Plan.bankroll": str(plan.bankroll)},
            f"the banker's bankroll is the bank put up, {bank} (BN-2); `banker_plan` makes the "
            "plan",
        )
    return money.play(filler(plan.hands, punters, policy, rules), state, count, plan)


def _dealing(punters: int, policy: Policy | str, rules: Rules | None) -> tuple[int, int, int, int]:
    """What the kernel takes from the rule set and the punters, once `check_table` finds
    them sound: the policy's code, the bank put up (BN-2), the smallest stake (BN-5), and
    the rounds after which the deal comes round (BN-8, BN-9)."""
    chosen = Policy.of(policy)
    rules = check_table(punters, rules)
    return _CODES[chosen], rules.bank, rules.minimum, period(punters)


def _packs(packs: npt.ArrayLike, one: bool) -> npt.NDArray[np.int8]:
    """Packs as rows of card kinds, copied (the kernel puts each round under its pack);
    `InvalidInput` for any that is not two of each card."""
    rows = np.array(packs, dtype=np.int8, ndmin=2 if one else 1)
    shape = f"{_SIZE} cards" if one else f"rows of {_SIZE} cards, one a bank"
    if rows.ndim != 2 or rows.shape[1] != _SIZE or (one and len(rows) != 1):
        raise InvalidInput(f"packs of shape {np.shape(packs)}: {shape}")
    bad = np.flatnonzero((np.sort(rows, axis=1) != _PACK).any(axis=1))
    if bad.size:
        raise InvalidInput(
            f"pack {int(bad[0])} is not two of each card (BN-1): each row holds the card "
            f"kinds 0 to {_KINDS - 1} of `CARD_TYPES` twice"
        )
    return rows

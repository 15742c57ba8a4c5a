"""Exact odds of Monte Bank, club form (RULES MB-7, MB-9, MB-10, MB-13).

    >>> deal = deal_odds()
    >>> deal.void
    Fraction(16447, 45695)
    >>> table = bet_table()
    >>> table.odds[BetKind.CIRCLE][Kind.PLAIN].edge
    Fraction(1, 16)

A deal is dealt from a uniformly shuffled 40-card pack, so whether it is void,
and which layout it makes, follows from the ranks of its first six cards:
`deal_odds` enumerates them (MB-7). The draw runs through the layout's own
rules, `Falls.show` and `fate` (MB-9, MB-10): only the cards of the layout's
ranks, by colour, order the falls; the other cards matter only for the gate,
the first card shown, which decides the house cut (MB-13). `wager_odds`
recurses over the counts of those cards; `bet_table` averages each kind of
bet over every layout of each kind, and `report` gives it all as JSON.
"""

from __future__ import annotations

import enum
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations, product
from types import MappingProxyType
from typing import Any

from croupier.cards import Card, Suit, monte_pack
from croupier.estimate import exact_json
from croupier.games.monte_bank.deal import layout_step
from croupier.games.monte_bank.layout import (
    GROUPS,
    Circle,
    Cross,
    Doubler,
    Kind,
    Layout,
    Spot,
    Wager,
)
from croupier.games.monte_bank.rules import CutOn, Rules
from croupier.odds._monte_bank_draw import WagerOdds, check_rules, unseen, wager_odds

__all__ = [
    "BetKind",
    "BetTable",
    "DealOdds",
    "WagerOdds",
    "bet_table",
    "check_rules",
    "deal_odds",
    "report",
    "unseen",
    "wager_odds",
    "wagers",
]

_PACK = monte_pack()
_RANKS = tuple(dict.fromkeys(card.rank for card in _PACK))
_OF_A_RANK = len(_PACK) // len(_RANKS)
_DEALT = 6
"""The most cards a deal takes: two from the bottom, two from the top, two replacements."""
_STACKED = {Kind.PLAIN: 1, Kind.PAIR: 2, Kind.TRIPLE: 3}


class BetKind(enum.Enum):
    """The bets, grouped as their odds differ (MB-9)."""

    CIRCLE = "circle"
    CROSS = "cross"
    """A cross between two plain cards."""
    CROSS_STACKED = "cross_stacked"
    """A cross backing the stack or against it, both directions pooled."""
    DOUBLER = "doubler"


@dataclass(frozen=True, slots=True)
class DealOdds:
    """The chance that a deal is void, and of each layout given that it is not (MB-7)."""

    void: Fraction
    plain: Fraction
    pair: Fraction
    triple: Fraction

    def given_valid(self, kind: Kind) -> Fraction:
        """The chance of a layout of this kind, given that the deal is valid."""
        return {Kind.PLAIN: self.plain, Kind.PAIR: self.pair, Kind.TRIPLE: self.triple}[kind]


@dataclass(frozen=True, slots=True)
class BetTable:
    """Each kind of bet on each kind of layout, averaged over every layout of the kind and
    every wager of the kind on it, as a punter choosing one at random would meet them; at a
    table where the house takes `cut` of a win on the gate or on the first fall, as `cut_on`
    says (MB-13)."""

    cut: Fraction
    cut_on: CutOn
    deal: DealOdds
    odds: Mapping[BetKind, Mapping[Kind, WagerOdds]]

    def overall(self, bet: BetKind) -> WagerOdds:
        """Averaged over valid deals, weighted by how often each layout is dealt (over the
        stacked layouts alone for `CROSS_STACKED`)."""
        by_kind = self.odds[bet]
        total = sum(self.deal.given_valid(kind) for kind in by_kind)
        return _mean((self.deal.given_valid(kind) / total, odds) for kind, odds in by_kind.items())


# -- the deal (MB-6, MB-7) --------------------------------------------------------------------


def _deal(ranks: Sequence[int]) -> Kind | None:
    """The layout made by cards of these ranks in dealing order, or None if the deal is void:
    the game's own `layout_step` (MB-6, MB-7) judges, on cards standing for the ranks."""
    seen: dict[int, int] = defaultdict(int)
    cards = []
    for rank in ranks:
        cards.append(Card(_RANKS[rank], tuple(Suit)[seen[rank]]))
        seen[rank] += 1
    step = layout_step(tuple(cards))
    return step.kind if isinstance(step, Layout) else None


def _rank_sequences(length: int) -> Iterator[tuple[Fraction, tuple[int, ...]]]:
    """The ranks of the first `length` cards of a shuffled pack, each named by its order of
    first appearance (0, 1, ...), with their probabilities. Every rank has as many cards,
    so these name all sequences of ranks up to relabelling."""

    def extend(
        ranks: tuple[int, ...], chance: Fraction
    ) -> Iterator[tuple[Fraction, tuple[int, ...]]]:
        if len(ranks) == length:
            yield chance, ranks
            return
        left = len(_PACK) - len(ranks)
        seen = len(set(ranks))
        for rank in range(seen):
            if ranks.count(rank) < _OF_A_RANK:
                yield from extend((*ranks, rank), chance * (_OF_A_RANK - ranks.count(rank)) / left)
        if seen < len(_RANKS):
            yield from extend((*ranks, seen), chance * (len(_RANKS) - seen) * _OF_A_RANK / left)

    return extend((), Fraction(1))


@cache
def deal_odds() -> DealOdds:
    """The exact chances of a void deal and of each layout, from a fresh pack (MB-7)."""
    chance: dict[Kind | None, Fraction] = defaultdict(Fraction)
    for p, ranks in _rank_sequences(_DEALT):
        chance[_deal(ranks)] += p
    valid = 1 - chance[None]
    return DealOdds(
        void=chance[None],
        plain=chance[Kind.PLAIN] / valid,
        pair=chance[Kind.PAIR] / valid,
        triple=chance[Kind.TRIPLE] / valid,
    )


# -- every wager on every layout ------------------------------------------------------------


def wagers(layout: Layout, bet: BetKind) -> tuple[Wager, ...]:
    """Every wager of this kind on the layout (MB-9): a cross names its two cards in order."""
    stack = layout.stack
    plain = [spot for spot in Spot if spot != stack]
    if bet is BetKind.CIRCLE:
        return tuple(Circle(spot) for spot in Spot)
    if bet is BetKind.CROSS:
        return tuple(Cross(a, b) for a in plain for b in plain if a != b)
    if bet is BetKind.CROSS_STACKED:
        if stack is None:
            return ()
        return (*(Cross(stack, spot) for spot in plain), *(Cross(spot, stack) for spot in plain))
    return tuple(Doubler(group) for group in GROUPS.values())


def _mean(weighted: Iterable[tuple[Fraction, WagerOdds]]) -> WagerOdds:
    """The weighted mean of odds of one pay and one table's cut; the weights sum to one."""
    pairs = list(weighted)
    first = pairs[0][1]
    return WagerOdds(
        win=sum((w * odds.win for w, odds in pairs), Fraction(0)),
        lose=sum((w * odds.lose for w, odds in pairs), Fraction(0)),
        win_on_gate=sum((w * odds.win_on_gate for w, odds in pairs), Fraction(0)),
        win_on_first_fall=sum((w * odds.win_on_first_fall for w, odds in pairs), Fraction(0)),
        pays=first.pays,
        cut=first.cut,
        cut_on=first.cut_on,
    )


def _layouts(kind: Kind) -> Iterator[Layout]:
    """Every layout of this kind on four given ranks, its stack (or card) top-left (MB-7c).
    Every rank of the pack has the same suits, so the ranks chosen change no odds."""
    suits = {rank: [card for card in _PACK if card.rank is rank] for rank in _RANKS[:4]}
    stacked, *others = suits.values()
    for stack in combinations(stacked, _STACKED[kind]):
        for plain in product(*others):
            yield Layout(dict(zip(Spot, (stack, *((card,) for card in plain)), strict=True)))


def _signature(layout: Layout) -> tuple[object, ...]:
    """All that the odds of a wager on this layout depend on, from a fresh pack: how many
    cards are left and, for each spot, its stack's size and the cards of its rank left in
    its card's colour and in the other (MB-10)."""
    remaining = unseen(layout)
    spots = []
    for spot in Spot:
        card = layout.spots[spot][0]
        left = [other for other in remaining if other.rank is card.rank]
        same = sum(other.colour is card.colour for other in left)
        spots.append((len(layout.spots[spot]), same, len(left) - same))
    return len(remaining), tuple(spots)


def bet_table(rules: Rules | None = None) -> BetTable:
    """Each kind of bet on each kind of layout from a fresh pack at the table `rules` (by
    default the rules' readings): the odds of every wager of the kind on every layout of the
    kind, averaged. Layouts alike in what the odds depend on (`_signature`) are computed
    once, weighted by how many there are. A rule the odds do not follow is refused
    (`check_rules`); tables alike in the cut and when it is taken share one computation."""
    rules = check_rules(rules)
    return _bet_table(rules.cut, rules.cut_on)


@cache
def _bet_table(cut: Fraction, cut_on: CutOn) -> BetTable:
    rules = Rules(cut=cut, cut_on=cut_on)
    odds: dict[BetKind, dict[Kind, WagerOdds]] = {bet: {} for bet in BetKind}
    for kind in Kind:
        alike: dict[tuple[object, ...], list[Layout]] = defaultdict(list)
        for layout in _layouts(kind):
            alike[_signature(layout)].append(layout)
        count = sum(len(group) for group in alike.values())
        for bet in BetKind:
            weighted: list[tuple[Fraction, WagerOdds]] = []
            for group in alike.values():
                choices = [wager_odds(group[0], w, rules=rules) for w in wagers(group[0], bet)]
                weighted += [(Fraction(len(group), count * len(choices)), o) for o in choices]
            if weighted:
                odds[bet][kind] = _mean(weighted)
    return BetTable(
        cut=cut,
        cut_on=cut_on,
        deal=deal_odds(),
        odds=MappingProxyType({bet: MappingProxyType(by) for bet, by in odds.items()}),
    )


def report(rules: Rules | None = None) -> dict[str, Any]:
    """The deal's and every bet's odds at the table `rules`, as JSON (docs/json.md): each
    figure exact, as `exact_json` writes it; each bet by layout kind and over "all" the
    layouts it is found on, weighed by how often a valid deal makes them."""
    table = bet_table(rules)

    def per_kind(figure: Callable[[WagerOdds], Fraction]) -> dict[str, Any]:
        return {
            bet.value: {
                **{kind.value: exact_json(figure(odds)) for kind, odds in by_kind.items()},
                "all": exact_json(figure(table.overall(bet))),
            }
            for bet, by_kind in table.odds.items()
        }

    return {
        "void": exact_json(table.deal.void),
        "layout": {kind.value: exact_json(table.deal.given_valid(kind)) for kind in Kind},
        "win": per_kind(lambda odds: odds.win),
        "win_on_gate": per_kind(lambda odds: odds.win_on_gate),
        "win_on_first_fall": per_kind(lambda odds: odds.win_on_first_fall),
        "house_edge": per_kind(lambda odds: odds.edge),
    }

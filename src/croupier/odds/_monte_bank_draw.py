"""One Monte Bank wager on one layout, exactly: the draw (RULES MB-9, MB-10, MB-12, MB-13).

The public names are re-exported by `croupier.odds.monte_bank`. The draw
shows the cards left in a uniformly random order. What a card does depends
only on its rank and colour, and only cards of the layout's ranks move a
spot, so the order of those cards, by (rank, colour), decides every wager;
the other cards matter only for the gate, the first card shown. Every card
passes through the layout's own rules, `Falls.show` and `fate`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from croupier.cards import Card, Colour, Rank, monte_pack
from croupier.errors import InvalidConfig
from croupier.games.monte_bank.layout import (
    GROUPS,
    Cross,
    Doubler,
    Falls,
    Fate,
    Layout,
    Spot,
    Wager,
    fate,
)
from croupier.games.monte_bank.rules import CutOn, Rules
from croupier.i18n import _

__all__ = ["WagerOdds", "check_rules", "unseen", "wager_odds"]

_PACK = monte_pack()
_IN_PACK = frozenset(_PACK)
_LARGEST_STACK = 3  # MB-7c: the fourth of a rank voids the deal


@dataclass(frozen=True, slots=True)
class WagerOdds:
    """A wager's exact chances, and its house edge per unit staked at the table it was
    computed for: the house takes `cut` of the winnings of a win on the gate, or on the first
    fall, as `cut_on` says (a table's `Rules.cut` and `Rules.cut_on`, MB-13).

    `win_on_gate`: it wins on the gate; `win_on_first_fall`: it wins on the
    first card that makes a layout card fall in the deal. A wager that
    the cards left can never settle (only with a short `remaining`) neither
    wins nor loses: its stake comes back.
    """

    win: Fraction
    lose: Fraction
    win_on_gate: Fraction
    win_on_first_fall: Fraction
    pays: int
    cut: Fraction
    cut_on: CutOn

    @property
    def unsettled(self) -> Fraction:
        return 1 - self.win - self.lose

    @property
    def win_cut(self) -> Fraction:
        """The chance that it wins and the house takes its cut (MB-13)."""
        return self.win_on_gate if self.cut_on is CutOn.GATE else self.win_on_first_fall

    @property
    def edge(self) -> Fraction:
        """Minus the expected net gain per unit staked: positive for the house (MB-13). The
        cut is taken exactly, as a share of the winnings, not rounded to a chip."""
        return self.lose - self.pays * (self.win - self.cut * self.win_cut)


def check_rules(rules: Rules | None) -> Rules:
    """The table the odds are for (by default the rules' readings), or `InvalidConfig` for a
    rule they do not follow. The cut and when it is taken (MB-13) change the edges. The
    seats, the cava, the smallest monte and how long a banker deals change no wager's odds;
    nor does what the monte caps (MB-4), as the odds are of a stake the bank covers. The
    Zecchinetta-style added cards (MB-17) change the layout and the draw: refused."""
    rules = Rules() if rules is None else rules
    if rules.extra_cards:
        said = _(
            "{named} is not valid here: the odds are of the four-card layout; cards added to "
            "it (MB-17) are not followed"
        )
        raise InvalidConfig(said, {"extra_cards": str(rules.extra_cards)})
    return rules


def wager_odds(
    layout: Layout,
    wager: Wager,
    remaining: Collection[Card] | None = None,
    rules: Rules | None = None,
) -> WagerOdds:
    """A wager's exact odds on this layout, the draw showing `remaining` (by default the
    pack less the layout) in a uniformly random order; its first card is the gate. Its edge
    is at the table `rules` (by default the rules' readings): its cut and when it is taken.

    >>> from croupier.games.monte_bank.layout import Circle
    >>> odds = wager_odds(Layout.of("7S+7C", "KH", "AD", "3C"), Circle(Spot.TOP_LEFT))
    >>> odds.win, odds.win_on_gate, odds.edge
    (Fraction(1, 4), Fraction(2, 35), Fraction(3, 70))
    """
    rules = check_rules(rules)
    _check_layout(layout)
    _check_wager(wager)
    cards = unseen(layout) if remaining is None else _check_remaining(layout, remaining)
    ranks = {layout.rank(spot) for spot in Spot}
    by_class: dict[tuple[Rank, Colour], list[Card]] = defaultdict(list)
    for card in cards:
        if card.rank in ranks:
            by_class[card.rank, card.colour].append(card)
    shown = tuple(group[0] for group in by_class.values())  # one card stands for its class
    gate = Fraction(0)
    for card, group in zip(shown, by_class.values(), strict=True):
        if fate(wager, layout, *Falls().show(layout, card)[1:]) is Fate.WIN:
            gate += Fraction(len(group), len(cards))

    @cache
    def draw(
        falls: Falls, counts: tuple[int, ...], before: bool
    ) -> tuple[Fraction, Fraction, Fraction]:
        """Win, lose, and win on the first card that makes a layout card fall, from here on;
        `before`: none has fallen yet. A card that moves nothing changes nothing, so the
        cards of a fallen rank are left out of the order (MB-12)."""
        moves = [(i, falls.show(layout, card)) for i, card in enumerate(shown) if counts[i]]
        moves = [(i, move) for i, move in moves if move[1] is not None or move[2] is not None]
        total = sum(counts[i] for i, _ in moves)
        win = lose = first = Fraction(0)
        for i, (after, fell, matched) in moves:
            p = Fraction(counts[i], total)
            outcome = fate(wager, layout, fell, matched)
            if outcome is Fate.WIN:
                win += p
                if before and fell is not None:
                    first += p
            elif outcome is Fate.LOSE:
                lose += p
            else:
                rest = (*counts[:i], counts[i] - 1, *counts[i + 1 :])
                w, lo, f = draw(after, rest, before and fell is None)
                win, lose, first = win + p * w, lose + p * lo, first + p * f
        return win, lose, first

    win, lose, first = draw(Falls(), tuple(len(group) for group in by_class.values()), True)
    return WagerOdds(win, lose, gate, first, wager.pays, rules.cut, rules.cut_on)


def unseen(layout: Layout) -> tuple[Card, ...]:
    """The Monte pack less the layout's cards: what the draw shows after a fresh deal."""
    on_layout = set(layout.cards)
    return tuple(card for card in _PACK if card not in on_layout)


def _show(layout: Layout) -> str:
    return " ".join("+".join(str(card) for card in layout.spots[spot]) for spot in Spot)


def _check_layout(layout: Layout) -> None:
    """A layout a valid deal can make: Monte cards, each once, four ranks, at most one stack
    of two or three (MB-7)."""
    cards = layout.cards
    stranger = next((card for card in cards if card not in _IN_PACK), None)
    if stranger is not None:
        raise InvalidConfig(
            _(
                "layout {layout!r}: {card} is not a card of the Monte pack: "
                "ranks A, 2-7, J, Q, K (C-2)"
            ).format(layout=_show(layout), card=stranger)
        )
    if len(set(cards)) != len(cards):
        raise InvalidConfig(
            _("layout {layout!r} holds a card twice: each card is once").format(
                layout=_show(layout)
            )
        )
    if len({layout.rank(spot) for spot in Spot}) != len(Spot):
        raise InvalidConfig(
            _("layout {layout!r} is not valid: each spot holds a rank of its own (MB-7)").format(
                layout=_show(layout)
            )
        )
    stacks = [cards for cards in layout.spots.values() if len(cards) > 1]
    if len(stacks) > 1 or any(len(stack) > _LARGEST_STACK for stack in stacks):
        raise InvalidConfig(
            _("layout {layout!r} is not valid: at most one stack, of two or three (MB-7c)").format(
                layout=_show(layout)
            )
        )


def _check_wager(wager: Wager) -> None:
    if isinstance(wager, Cross) and wager.backed == wager.against:
        raise InvalidConfig(
            _(
                "a cross of {card} against itself is not valid: "
                "a cross backs one card against another (MB-9b)"
            ).format(card=wager.backed.value)
        )
    if isinstance(wager, Doubler) and wager.group not in GROUPS.values():
        spots = ", ".join(sorted(spot.value for spot in wager.group))
        raise InvalidConfig(
            _(
                "a doubler on {{{spots}}} is not valid: it backs a row or a column, "
                "{groups} (MB-9c)"
            ).format(spots=spots, groups=", ".join(GROUPS))
        )


def _check_remaining(layout: Layout, remaining: Collection[Card]) -> tuple[Card, ...]:
    """The cards left, checked: Monte cards, each once, none of them on the layout."""
    cards = tuple(remaining)
    on_layout = set(layout.cards)
    seen: set[Card] = set()
    for card in cards:
        if card not in _IN_PACK:
            raise InvalidConfig(
                _(
                    "remaining: {card!r} is not a card of the Monte pack: "
                    "ranks A, 2-7, J, Q, K (C-2)"
                ).format(card=card)
            )
        if card in on_layout:
            raise InvalidConfig(
                _(
                    "remaining: {card} is on the layout {layout!r}: the cards left are those off it"
                ).format(card=card, layout=_show(layout))
            )
        if card in seen:
            raise InvalidConfig(
                _("remaining: {card} is there twice: each card is once").format(card=card)
            )
        seen.add(card)
    return cards

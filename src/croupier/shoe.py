"""The shoe (or pack) as an ordered, immutable sequence of cards (RULES C-4..C-6).

The top is the next card dealt, the bottom the last. A shoe may carry a cut
card (the red indicator) placed a number of cards from the bottom; it
*comes out* when a card is drawn from behind it.

Drawing takes a card from either end. For the exact calculators a draw may
also name any card still in the shoe: that card is taken out from the
nearest place to that end, which is how one conditions a well-shuffled
shoe on the next card being that one.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction

from croupier.cards import Card

__all__ = ["End", "Shoe"]


class End(enum.Enum):
    """Which end of the shoe a card is drawn from (C-4)."""

    TOP = "top"
    BOTTOM = "bottom"


@dataclass(frozen=True, slots=True)
class Shoe:
    """An ordered shoe; `cards[0]` is the top.

    `cut_card` is how many cards lie behind the indicator (None: no
    indicator); `cut_card_out` turns true once a card behind it is drawn.
    """

    cards: tuple[Card, ...]
    cut_card: int | None = None
    cut_card_out: bool = False

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def top(self) -> Card:
        return self.cards[0]

    @property
    def bottom(self) -> Card:
        return self.cards[-1]

    def next_card(self, end: End = End.TOP) -> Card:
        """The card a draw from `end` would give."""
        if not self.cards:
            raise IndexError("the shoe is empty")
        return self.top if end is End.TOP else self.bottom

    def draw(self, card: Card | None = None, end: End = End.TOP) -> Shoe:
        """The shoe after drawing `card` (default: the card at `end`)."""
        cards = self.cards
        if card is None or card == self.next_card(end):
            rest = cards[1:] if end is End.TOP else cards[:-1]
        else:
            try:
                at = (
                    cards.index(card)
                    if end is End.TOP
                    else len(cards) - 1 - cards[::-1].index(card)
                )
            except ValueError:
                raise ValueError(f"{card} is not in the shoe") from None
            rest = cards[:at] + cards[at + 1 :]
        out = self.cut_card_out or (self.cut_card is not None and len(cards) <= self.cut_card)
        return replace(self, cards=rest, cut_card_out=out)

    def cut(self, position: int) -> Shoe:
        """Move the top `position` cards to the bottom (C-6)."""
        if not 0 < position < len(self.cards):
            raise ValueError(
                f"a cut must leave cards on both sides: position 1 to {len(self.cards) - 1}, "
                f"not {position!r}"
            )
        return replace(self, cards=self.cards[position:] + self.cards[:position])

    def with_cut_card(self, from_bottom: int) -> Shoe:
        """Place the indicator `from_bottom` cards from the bottom (PB-3)."""
        if not 0 <= from_bottom < len(self.cards):
            raise ValueError(
                f"the cut card must go inside the shoe, 0 to {len(self.cards) - 1} cards "
                f"from the bottom, not {from_bottom!r}"
            )
        return replace(self, cut_card=from_bottom, cut_card_out=False)

    def counts(self) -> Counter[Card]:
        return Counter(self.cards)

    def outcomes(self) -> tuple[tuple[Card, Fraction], ...]:
        """Each distinct card with its chance of being the next one drawn from a shuffled shoe."""
        total = len(self.cards)
        counts = self.counts()
        return tuple(
            (card, Fraction(counts[card], total)) for card in sorted(counts, key=_sort_key)
        )

    @classmethod
    def of(cls, cards: Iterable[Card | str]) -> Shoe:
        """A shoe from cards or card text, top first: `Shoe.of("7D KS 2H".split())`."""
        return cls(tuple(card if isinstance(card, Card) else Card.from_str(card) for card in cards))


def _sort_key(card: Card) -> int:
    return card.index

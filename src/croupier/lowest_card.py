"""The lowest-card draw for the first bank (RULES C-7), as a small frozen state.

Every seat in turn draws one card; the lowest banks first. Seats that tie
for lowest draw again, among themselves, until one is lowest alone. Monte
counts the ace lowest (A, 2..7, J, Q, K); Banchek the usual order, 2 lowest
and the ace highest. A game keeps a `LowestCardDraw` in its state and feeds
it the cards chance draws::

    >>> draw = LowestCardDraw.among((0, 1, 2), MONTE_ORDER)
    >>> for text in ("KS", "AD", "AH", "2C", "5S"):
    ...     draw = draw.record(Card.from_str(text))
    >>> draw.winner
    1
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.cards import Card, Rank

__all__ = ["MONTE_ORDER", "USUAL_ORDER", "LowestCardDraw"]

MONTE_ORDER: tuple[Rank, ...] = (
    Rank.ACE,
    Rank.TWO,
    Rank.THREE,
    Rank.FOUR,
    Rank.FIVE,
    Rank.SIX,
    Rank.SEVEN,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
)
"""The Monte pack's own order, ace lowest (C-7)."""

USUAL_ORDER: tuple[Rank, ...] = tuple(Rank)
"""2 lowest, ace highest (C-7, BN-1)."""


@dataclass(frozen=True, slots=True)
class LowestCardDraw:
    """A draw in progress: who draws this round, and the cards drawn so far in it."""

    order: tuple[Rank, ...]
    drawing: tuple[int, ...]
    drawn: tuple[Card, ...] = ()
    rounds: int = 1

    @classmethod
    def among(cls, seats: tuple[int, ...], order: tuple[Rank, ...]) -> LowestCardDraw:
        if not seats:
            raise ValueError("the draw needs at least one seat")
        return cls(order, tuple(seats))

    @property
    def next_seat(self) -> int | None:
        """The seat to draw now; None once the draw is decided."""
        if len(self.drawing) == 1:
            return None
        return self.drawing[len(self.drawn)]

    @property
    def winner(self) -> int | None:
        """The seat that banks first, once one is lowest alone."""
        return self.drawing[0] if len(self.drawing) == 1 else None

    def record(self, card: Card) -> LowestCardDraw:
        """The draw after the next seat draws `card`."""
        if self.next_seat is None:
            raise ValueError("the draw is decided")
        if card.rank not in self.order:
            raise ValueError(f"{card} is not in this pack's order")
        drawn = (*self.drawn, card)
        if len(drawn) < len(self.drawing):
            return LowestCardDraw(self.order, self.drawing, drawn, self.rounds)
        lowest = min(self.order.index(c.rank) for c in drawn)
        tied = tuple(
            s
            for s, c in zip(self.drawing, drawn, strict=True)
            if self.order.index(c.rank) == lowest
        )
        return LowestCardDraw(self.order, tied, (), self.rounds + (len(tied) > 1))

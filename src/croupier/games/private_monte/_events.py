"""Events of the private form, beside Monte Bank's."""

from __future__ import annotations

from dataclasses import dataclass

from croupier.cards import Card
from croupier.engine.events import Event
from croupier.games.private_monte.rules import Row

__all__ = ["Discarded", "RowBetPlaced"]


@dataclass(frozen=True, slots=True)
class RowBetPlaced(Event):
    number: int
    seat: int
    row: Row
    stake: int


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """The layout and the gate go to the discard pile; the next layout comes from the same
    pack, unshuffled (PM-7)."""

    cards: tuple[Card, ...]

"""The frozen state of a Chemin de Fer session, and walking round the table.

Seats are numbered round the table to the left; the banker's right is the
seat below his, round the table (CF-5). The auction goes in seat order
upwards (CF-3).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass, field

from croupier.cards import Card
from croupier.engine.seating import Seated
from croupier.engine.shown import Shown
from croupier.games.chemin_de_fer.rules import Rules
from croupier.shoe import Shoe

__all__ = ["Auction", "Coup", "Phase", "State"]


class Phase(enum.Enum):
    AUCTION = "auction"  # the first bank is bid for (CF-3)
    OFFER = "offer"  # the bank is offered to a seat, who names it or declines (CF-14, CF-15)
    KEEP = "keep"  # between coups the banker keeps the bank or gives it up (CF-15)
    SHUFFLE = "shuffle"  # chance shuffles a new shoe (C-5)
    CUT = "cut"  # the banker's right cuts (C-6)
    BURN = "burn"  # chance: the banker burns cards, shown (CF-4)
    CALLS = "calls"  # banco calls, in priority order (CF-6)
    STAKES = "stakes"  # partial stakes, in priority order (CF-7)
    DEAL = "deal"  # chance: punter, banker, punter, banker (CF-9)
    PUNTER = "punter"  # the punter draws or stands (CF-12)
    PUNTER_DRAWS = "punter draws"  # chance: the punter's third card
    BANKER = "banker"  # the banker draws or stands (CF-13)
    BANKER_DRAWS = "banker draws"  # chance: the banker's third card
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Auction:
    """The open ascending auction: whose turn, the best bid, who has passed for good."""

    turn: int
    high: tuple[int, int] | None = None
    passed: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class Coup:
    """A coup being dealt: who plays the punters' hand, and both hands."""

    punter: int
    punter_cards: tuple[Card, ...] = ()
    banker_cards: tuple[Card, ...] = ()
    punter_stood: bool = False
    banco: bool = False
    """Whether the punter called banco, taking the whole bank (CF-6)."""


@dataclass(frozen=True, slots=True)
class State(Seated):
    """A Chemin de Fer session. `seats[i]` holds seat i's chips (None: empty); the bank
    is apart, and `stakes` are on the table, in the order placed."""

    rules: Rules
    phase: Phase
    banker: int | None = None
    bank: int = 0
    auction: Auction | None = None
    offered: int | None = None
    declined: frozenset[int] = frozenset()
    order: tuple[int, ...] = ()
    speaker: int = 0
    stakes: tuple[tuple[int, int], ...] = ()
    coup: Coup | None = None
    shoe: Shoe = field(default_factory=lambda: Shoe(()))
    shoes: int = 0
    coups: int = 0
    burn_left: int = 0
    house: int = 0
    paid_in: int = 0
    paid_out: int = 0
    last: Shown | None = None
    """The last coup as the table showed it."""

    @property
    def covered(self) -> int:
        return sum(amount for _, amount in self.stakes)

    @property
    def uncovered(self) -> int:
        return self.bank - self.covered

    def in_seat_order(self, after: int) -> Iterator[int]:
        """The occupied seats after `after` going up round the table, `after` last."""
        count = len(self.seats)
        for step in range(1, count + 1):
            other = (after + step) % count
            if self.seats[other] is not None:
                yield other

"""What happens at a Chemin de Fer table, as events.

Each hand's first two cards are dealt face down, seen only by the one who
holds the hand (`Audience.only`); cards burned, third cards and hands shown
are public.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from croupier.cards import Card
from croupier.engine.events import (
    ChipsAdded,
    CutCardPlaced,
    Event,
    SeatJoined,
    SeatLeft,
    SessionEnded,
    ShoeCut,
    ShoeEnded,
    ShoeShuffled,
)
from croupier.games.chemin_de_fer.rules import Hand, Outcome, Winner

__all__ = [
    "AuctionPassed",
    "BancoCalled",
    "BankDeclined",
    "BankGivenUp",
    "BankKept",
    "BankOpened",
    "BankPassed",
    "BankerDecided",
    "BidMade",
    "CallPassed",
    "CallsOpen",
    "CardBurned",
    "CardDealt",
    "ChipsAdded",
    "CoupResult",
    "CutCardPlaced",
    "HandShown",
    "NoBanker",
    "NoStakes",
    "PunterDecided",
    "SeatJoined",
    "SeatLeft",
    "SessionEnded",
    "Settled",
    "ShoeCut",
    "ShoeEnded",
    "ShoeShuffled",
    "StakePassed",
    "StakePlaced",
    "ThirdCard",
]


@dataclass(frozen=True, slots=True)
class BidMade(Event):
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class AuctionPassed(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class NoBanker(Event):
    """Everyone passed: nobody will bank, and the table closes (CF-15)."""


@dataclass(frozen=True, slots=True)
class BankOpened(Event):
    """`seat` banks `amount`: by winning the auction, or taking the bank offered."""

    seat: int
    amount: int
    by_auction: bool


@dataclass(frozen=True, slots=True)
class BankDeclined(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class BankKept(Event):
    seat: int
    bank: int


@dataclass(frozen=True, slots=True)
class BankGivenUp(Event):
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class BankPassed(Event):
    """The punters won: the bank passes to the right; `returned` goes back to the old banker."""

    from_seat: int
    returned: int


@dataclass(frozen=True, slots=True)
class CardBurned(Event):
    """Dealt by the banker, shown and discarded (CF-4)."""

    card: Card
    by: int


@dataclass(frozen=True, slots=True)
class CallsOpen(Event):
    coup: int
    banker: int
    bank: int


@dataclass(frozen=True, slots=True)
class BancoCalled(Event):
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class CallPassed(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class StakePlaced(Event):
    seat: int
    amount: int
    uncovered: int


@dataclass(frozen=True, slots=True)
class StakePassed(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class NoStakes(Event):
    """Nobody staked: no coup is dealt."""


@dataclass(frozen=True, slots=True)
class CardDealt(Event):
    """A card face down to a hand: its holder sees it, nobody else (CF-9)."""

    secret: ClassVar[tuple[str, ...]] = ("card",)
    hand: Hand
    card: Card | None
    holder: int


@dataclass(frozen=True, slots=True)
class HandShown(Event):
    hand: Hand
    cards: tuple[Card, ...]
    points: int
    natural: bool


@dataclass(frozen=True, slots=True)
class PunterDecided(Event):
    seat: int
    draws: bool


@dataclass(frozen=True, slots=True)
class BankerDecided(Event):
    """`forced`: by the tableau variant, not the banker's free choice (CF-13)."""

    seat: int
    draws: bool
    forced: bool


@dataclass(frozen=True, slots=True)
class ThirdCard(Event):
    """A third card, dealt face up (CF-12)."""

    hand: Hand
    card: Card


@dataclass(frozen=True, slots=True)
class CoupResult(Event):
    winner: Winner
    punter: int
    banker: int


@dataclass(frozen=True, slots=True)
class Settled(Event):
    """One punter's stake settled; `net` is what the punter gained (negative: lost)."""

    seat: int
    stake: int
    outcome: Outcome
    net: int

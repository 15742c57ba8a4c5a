"""What happens at a Banchek table. A punter's hand is his alone until it is shown at the
settlement (or to the riders, BN-15); a card the banker peeks at is his alone (BN-17)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import ClassVar

from croupier.cards import Card
from croupier.engine.events import (
    ChipsAdded,
    DrawnForBank,
    Event,
    FirstBanker,
    SatIn,
    SatOut,
    SeatJoined,
    SeatLeft,
    SessionEnded,
    ShoeCut,
)

__all__ = [
    "BankEnded",
    "BankPutUp",
    "BankSkipped",
    "CardTurned",
    "ChipsAdded",
    "DrawnForBank",
    "FirstBanker",
    "HandDealt",
    "HandShown",
    "HandsVoid",
    "PackShuffled",
    "PeekClaimed",
    "Peeked",
    "RiderStaked",
    "RidersRefused",
    "RoundGathered",
    "SatIn",
    "SatOut",
    "SeatJoined",
    "SeatLeft",
    "SessionEnded",
    "Settled",
    "ShoeCut",
    "Staked",
    "Why",
]


@dataclass(frozen=True, slots=True)
class BankPutUp(Event):
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class BankSkipped(Event):
    """`seat`'s turn to bank passes him by: he has not the agreed amount."""

    seat: int
    chips: int


@dataclass(frozen=True, slots=True)
class PackShuffled(Event):
    by: int
    cards: int


@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    """Three cards to `seat`, one at a time (BN-4, BN-8); only he sees them."""

    secret: ClassVar[tuple[str, ...]] = ("cards",)
    seat: int
    cards: tuple[Card, ...] | None


@dataclass(frozen=True, slots=True)
class Staked(Event):
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class RidersRefused(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class RiderStaked(Event):
    seat: int
    on: int
    amount: int


@dataclass(frozen=True, slots=True)
class Peeked(Event):
    """The banker looks at the card before turning it (BN-17); only he sees it."""

    secret: ClassVar[tuple[str, ...]] = ("card",)
    banker: int
    card: Card | None


@dataclass(frozen=True, slots=True)
class PeekClaimed(Event):
    """`seat`, a punter, has the peeked card count as turned: it is `punter`'s card to play
    as in BN-14 (BN-17)."""

    seat: int
    punter: int


@dataclass(frozen=True, slots=True)
class CardTurned(Event):
    """The banker turns the top card for `seat`; `early`: before the stake (BN-14)."""

    seat: int
    card: Card
    early: bool


@dataclass(frozen=True, slots=True)
class HandShown(Event):
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Settled(Event):
    """A stake on `hand` (the punter's seat) by `seat`: won (the bank pays it) or lost."""

    seat: int
    hand: int
    stake: int
    won: bool


class Why(enum.Enum):
    TRIPLED = "tripled"
    BROKEN = "broken"


@dataclass(frozen=True, slots=True)
class BankEnded(Event):
    """The banker takes the bank off, tripled or broken (BN-10)."""

    seat: int
    bank: int
    why: Why


@dataclass(frozen=True, slots=True)
class HandsVoid(Event):
    """Hands not yet played when the bank ended (BN-10)."""

    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RoundGathered(Event):
    """The punter on the banker's right puts the round's `cards` (how many) under the pack
    (BN-9)."""

    by: int
    cards: int

"""What happens at a Monte Bank table, as events. All of it is public: the layout and
every card shown are face up; only the order of the pack is never told."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from croupier.cards import Card
from croupier.engine.events import (
    ChipsAdded,
    DrawnForBank,
    Event,
    FirstBanker,
    SeatJoined,
    SeatLeft,
    SessionEnded,
    ShoeCut,
)
from croupier.games.monte_bank.layout import Extra, Fate, Kind, Place, Spot
from croupier.shoe import End

__all__ = [
    "AcesCalled",
    "BankBroken",
    "BankDeclined",
    "BankPassed",
    "BetKind",
    "BetPlaced",
    "BetSettled",
    "BetVoided",
    "BetsClosed",
    "CardFell",
    "CardShown",
    "ChipsAdded",
    "CutShared",
    "DealEnded",
    "DealVoid",
    "DrawnForBank",
    "ExtraCard",
    "ExtraDiscarded",
    "FirstBanker",
    "LayoutCard",
    "MonteAdded",
    "MontePutUp",
    "OrdinaryMatch",
    "PackShuffled",
    "RitualPassed",
    "SeatJoined",
    "SeatLeft",
    "SessionEnded",
    "ShoeCut",
    "Stacked",
    "TermServed",
]


class BetKind(enum.Enum):
    CIRCLE = "circle"
    CROSS = "cross"
    DOUBLER = "doubler"


@dataclass(frozen=True, slots=True)
class MontePutUp(Event):
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class MonteAdded(Event):
    seat: int
    amount: int
    bank: int


@dataclass(frozen=True, slots=True)
class BankDeclined(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class AcesCalled(Event):
    """The banker gives up the bank (MB-15) and takes back `bank`."""

    seat: int
    bank: int


@dataclass(frozen=True, slots=True)
class TermServed(Event):
    """The banker's agreed deals are dealt, or too few cards are left to deal another: the
    bank passes at once (MB-15, PM-8). `reason` says which."""

    seat: int
    bank: int
    reason: str


@dataclass(frozen=True, slots=True)
class BankBroken(Event):
    """The monte is used up: the bank passes at once (MB-4, MB-15)."""

    seat: int


@dataclass(frozen=True, slots=True)
class CutShared(Event):
    """The cut kept apart is shared as the bank passes: half to the house, half to the banker
    who gave it up, the odd chip to the house (MB-14)."""

    house: int
    banker: int
    seat: int


@dataclass(frozen=True, slots=True)
class BankPassed(Event):
    """The bank is offered to the next player on the left (MB-15)."""

    from_seat: int
    to_seat: int


@dataclass(frozen=True, slots=True)
class PackShuffled(Event):
    """`by` a seat, or None: the house, for the draw for the first bank."""

    by: int | None
    cards: int


@dataclass(frozen=True, slots=True)
class RitualPassed(Event):
    """A punter lets his chance to shuffle or to cut go by (MB-5)."""

    seat: int
    ritual: str


@dataclass(frozen=True, slots=True)
class LayoutCard(Event):
    """A card dealt face up to the layout, from the pack's bottom or top (MB-6)."""

    spot: Spot
    card: Card
    end: End


@dataclass(frozen=True, slots=True)
class Stacked(Event):
    """A pair or triple on the top layout, stacked at `spot` (MB-7c)."""

    spot: Spot
    cards: tuple[Card, ...]
    kind: Kind


@dataclass(frozen=True, slots=True)
class DealVoid(Event):
    """The deal is void: the cards are gathered and reshuffled (`rule`: MB-7a..d)."""

    rule: str


@dataclass(frozen=True, slots=True)
class ExtraCard(Event):
    """MB-17 variant: an unpaired card added to the layout."""

    place: Extra
    card: Card


@dataclass(frozen=True, slots=True)
class ExtraDiscarded(Event):
    """MB-17 variant: a card that would pair with the layout, set aside."""

    card: Card


@dataclass(frozen=True, slots=True)
class BetPlaced(Event):
    number: int
    seat: int
    kind: BetKind
    backs: tuple[Card, ...]
    against: tuple[Card, ...]
    stake: int


@dataclass(frozen=True, slots=True)
class BetsClosed(Event):
    """The cutter says "all" (MB-11)."""


@dataclass(frozen=True, slots=True)
class CardShown(Event):
    """A card shown from the bottom of the face-up pack; the first is the gate (MB-11)."""

    card: Card
    gate: bool


@dataclass(frozen=True, slots=True)
class CardFell(Event):
    spot: Place
    card: Card


@dataclass(frozen=True, slots=True)
class OrdinaryMatch(Event):
    """A card of `spot`'s rank in the wrong colour while a stack stands: not a fall, except
    for cross bets between two plain cards (MB-10)."""

    spot: Place
    card: Card
    stack: Kind


@dataclass(frozen=True, slots=True)
class BetSettled(Event):
    """`paid`: the winnings paid (less than due if the monte ran out), `cut` the house's
    share of them (MB-13); a lost stake goes to the bank."""

    number: int
    seat: int
    fate: Fate
    stake: int
    paid: int
    cut: int


@dataclass(frozen=True, slots=True)
class BetVoided(Event):
    """The monte ran out: this bet is void and its stake returned (MB-4)."""

    number: int
    seat: int
    stake: int


@dataclass(frozen=True, slots=True)
class DealEnded(Event):
    deal: int
    bank: int

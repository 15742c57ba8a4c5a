"""What happens at a Punto Banco table, as events.

Cards dealt face down are secret to everyone until turned (`CardDealt` to
`NOBODY`), and so are the cards burned unseen; every other event is public.
"""

from __future__ import annotations

import enum
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
from croupier.games.punto_banco.rules import Bet, Decision, Hand

__all__ = [
    "BetsClosed",
    "BetsOpen",
    "BoxDone",
    "BurnCardShown",
    "CardBurned",
    "CardDealt",
    "CardsTurned",
    "ChipsAdded",
    "ChoiceStated",
    "CommissionCollected",
    "CoupResult",
    "CutCardPlaced",
    "Outcome",
    "PassReason",
    "PuntoDecided",
    "SeatJoined",
    "SeatLeft",
    "SessionEnded",
    "Settled",
    "ShoeCut",
    "ShoeEnded",
    "ShoePassed",
    "ShoeShuffled",
    "StakePlaced",
    "StakeWithdrawn",
    "ThirdCard",
    "TurnDeclined",
    "TurnOffered",
]


class Outcome(enum.Enum):
    WIN = "win"
    LOSE = "lose"
    PUSH = "push"


class PassReason(enum.Enum):
    """Why the shoe passed left (PB-8)."""

    DECLINED = "declined to deal"
    NO_BANCO_BET = "did not bet on banco"
    BET_PUNTO = "bet on punto"
    BET_EGALITE = "bet on égalité"
    BANCO_LOST = "lost the banco bet"
    LEFT = "left the table"


@dataclass(frozen=True, slots=True)
class BurnCardShown(Event):
    """The first card of the shoe, shown; `burns` more go unseen (PB-4)."""

    card: Card
    burns: int


@dataclass(frozen=True, slots=True)
class CardBurned(Event):
    secret: ClassVar[tuple[str, ...]] = ("card",)
    card: Card | None


@dataclass(frozen=True, slots=True)
class BetsOpen(Event):
    coup: int
    holder: int | None


@dataclass(frozen=True, slots=True)
class StakePlaced(Event):
    box: int
    bet: Bet
    amount: int
    total: int


@dataclass(frozen=True, slots=True)
class StakeWithdrawn(Event):
    box: int
    bet: Bet
    amount: int


@dataclass(frozen=True, slots=True)
class BoxDone(Event):
    box: int


@dataclass(frozen=True, slots=True)
class ShoePassed(Event):
    from_box: int
    to_box: int | None
    reason: PassReason


@dataclass(frozen=True, slots=True)
class BetsClosed(Event):
    dealer: int | None


@dataclass(frozen=True, slots=True)
class CardDealt(Event):
    """A card dealt face down to a hand (PB-9)."""

    secret: ClassVar[tuple[str, ...]] = ("card",)
    hand: Hand
    card: Card | None


@dataclass(frozen=True, slots=True)
class CardsTurned(Event):
    hand: Hand
    cards: tuple[Card, ...]
    points: int
    by: int | None


@dataclass(frozen=True, slots=True)
class TurnOffered(Event):
    from_box: int
    to_box: int


@dataclass(frozen=True, slots=True)
class TurnDeclined(Event):
    box: int


@dataclass(frozen=True, slots=True)
class ChoiceStated(Event):
    box: int
    decision: Decision


@dataclass(frozen=True, slots=True)
class PuntoDecided(Event):
    """Punto's play on 5: chosen by `by`, or forced (`by` None) by `rule`."""

    decision: Decision
    by: int | None
    rule: str


@dataclass(frozen=True, slots=True)
class ThirdCard(Event):
    hand: Hand
    card: Card
    points: int


@dataclass(frozen=True, slots=True)
class CoupResult(Event):
    winner: Bet
    punto: int
    banco: int
    rule: str


@dataclass(frozen=True, slots=True)
class Settled(Event):
    """One stake settled: `net` is what the box gained (negative: lost), after commission."""

    box: int
    bet: Bet
    stake: int
    outcome: Outcome
    net: int
    commission: int


@dataclass(frozen=True, slots=True)
class CommissionCollected(Event):
    box: int
    amount: int

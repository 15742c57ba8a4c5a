"""What the seats of a Banchek table may do (RULES BN-5, BN-10 .. BN-17).

Getting up (the common `Leave`) is what a punter does who refuses the bank or passes his
stake: he leaves the game (BN-11).
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.engine.actions import Action

__all__ = [
    "AddToBank",
    "ClaimTurned",
    "Peek",
    "PlayOn",
    "PutUpBank",
    "RefuseRiders",
    "Ride",
    "Stake",
    "TakeFromBank",
    "TurnEarly",
    "Wait",
]


@dataclass(frozen=True, slots=True)
class PutUpBank(Action):
    """Take the bank in one's turn and put up the agreed amount (BN-2, BN-10)."""


@dataclass(frozen=True, slots=True)
class Stake(Action):
    """The punter names his stake on his three cards (BN-5, BN-14)."""

    amount: int


@dataclass(frozen=True, slots=True)
class Wait(Action):
    """The banker lets the punter name his stake before he turns the card."""


@dataclass(frozen=True, slots=True)
class TurnEarly(Action):
    """The banker turns the punter's card before the stake is named (BN-14)."""


@dataclass(frozen=True, slots=True)
class Peek(Action):
    """The banker looks at the card before turning it, which he may not do (BN-17)."""


@dataclass(frozen=True, slots=True)
class ClaimTurned(Action):
    """After a peek, a punter has the card count as turned: the punter whose card it is plays
    it as in BN-14 (BN-17)."""


@dataclass(frozen=True, slots=True)
class PlayOn(Action):
    """After a peek, a punter lets the card be turned as usual; it is, once every punter has
    (BN-17)."""


@dataclass(frozen=True, slots=True)
class RefuseRiders(Action):
    """No rider may stake on one's cards; then one may ride on no one else's (BN-16)."""


@dataclass(frozen=True, slots=True)
class Ride(Action):
    """Add a stake to the punter's cards, when riders are allowed (BN-15)."""

    amount: int


@dataclass(frozen=True, slots=True)
class AddToBank(Action):
    """Never allowed: the banker may not add to the bank (BN-12)."""

    amount: int


@dataclass(frozen=True, slots=True)
class TakeFromBank(Action):
    """Never allowed: the banker may not take money out of the bank (BN-12)."""

    amount: int

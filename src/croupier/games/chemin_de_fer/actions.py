"""What seats can do at a Chemin de Fer table, beyond the engine's common actions."""

from __future__ import annotations

from dataclasses import dataclass

from croupier.engine.actions import Action

__all__ = [
    "Banco",
    "Bid",
    "DeclineBank",
    "DrawCard",
    "GiveUpBank",
    "KeepBank",
    "OpenBank",
    "Pass",
    "Stake",
    "Stand",
]


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Name a bank in the auction, larger than the last named (CF-3)."""

    amount: int


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass: in the auction (for good), on a banco call, or on a stake (CF-3, CF-6, CF-7)."""


@dataclass(frozen=True, slots=True)
class Banco(Action):
    """Stake the whole bank (CF-6)."""


@dataclass(frozen=True, slots=True)
class Stake(Action):
    """Stake up to the part of the bank not yet covered (CF-7)."""

    amount: int


@dataclass(frozen=True, slots=True)
class DrawCard(Action):
    """Ask for a third card: the punter (CF-12), or the banker (CF-13)."""


@dataclass(frozen=True, slots=True)
class Stand(Action):
    """Stay on two cards (CF-12, CF-13)."""


@dataclass(frozen=True, slots=True)
class OpenBank(Action):
    """Take the bank offered, naming its amount (CF-14, CF-15)."""

    amount: int


@dataclass(frozen=True, slots=True)
class DeclineBank(Action):
    """Refuse the bank offered; it goes on to the right (CF-15)."""


@dataclass(frozen=True, slots=True)
class KeepBank(Action):
    """The banker holds the bank for another coup."""


@dataclass(frozen=True, slots=True)
class GiveUpBank(Action):
    """The banker gives up the bank between coups and keeps what is in it (CF-15)."""

"""What seats can do at a Monte Bank table, beyond the engine's common actions.

Bets name the layout cards they back and play against (a stack by its
first card); a doubler names the two cards of the row or column it backs.
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.cards import Card
from croupier.engine.actions import Action, ShufflePack

__all__ = [
    "AddToBank",
    "CircleBet",
    "CrossBet",
    "DeclineBank",
    "DoublerBet",
    "GiveUpBank",
    "KeepBank",
    "MonteCarloBet",
    "Pass",
    "PutUpBank",
    "ShufflePack",
]


@dataclass(frozen=True, slots=True)
class PutUpBank(Action):
    """Put up the monte: the amount the banker will risk (MB-4)."""

    amount: int


@dataclass(frozen=True, slots=True)
class AddToBank(Action):
    """The banker adds to the monte between deals (MB-4, reading)."""

    amount: int


@dataclass(frozen=True, slots=True)
class KeepBank(Action):
    """The banker deals again."""


@dataclass(frozen=True, slots=True)
class GiveUpBank(Action):
    """ "Aces": the banker gives up the bank, no bets being unsettled (MB-15)."""


@dataclass(frozen=True, slots=True)
class DeclineBank(Action):
    """Refuse the bank when it comes round; it goes on to the left."""


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Let the chance to shuffle or to cut go by (MB-5)."""


@dataclass(frozen=True, slots=True)
class CircleBet(Action):
    """`card` falls before any of the other three (MB-9a)."""

    card: Card
    amount: int


@dataclass(frozen=True, slots=True)
class CrossBet(Action):
    """`card` falls before `against` (MB-9b)."""

    card: Card
    against: Card
    amount: int


@dataclass(frozen=True, slots=True)
class DoublerBet(Action):
    """Either of `card` and `other`, a row or a column, falls before either card of the
    other row or column (MB-9c)."""

    card: Card
    other: Card
    amount: int


@dataclass(frozen=True, slots=True)
class MonteCarloBet(Action):
    """One placement backing `card` three ways, each with its own stake: a circle, a cross
    against `against`, and a doubler with `partner` (MB-9d, reading)."""

    card: Card
    against: Card
    partner: Card
    circle: int
    cross: int
    doubler: int

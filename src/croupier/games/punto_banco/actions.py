"""What seats can do at a Punto Banco table, beyond the engine's common actions."""

from __future__ import annotations

from dataclasses import dataclass

from croupier.engine.actions import Action
from croupier.games.punto_banco.rules import Bet, Decision

__all__ = ["Choose", "DeclineTurn", "OfferTurn", "PassShoe", "Stake", "TurnCards", "Withdraw"]


@dataclass(frozen=True, slots=True)
class Stake(Action):
    """Add `amount` chips to one's stake on a bet (PB-6)."""

    bet: Bet
    amount: int


@dataclass(frozen=True, slots=True)
class Withdraw(Action):
    """Take back one's whole stake on a bet while bets are open."""

    bet: Bet


@dataclass(frozen=True, slots=True)
class PassShoe(Action):
    """The shoe holder declines to deal: the shoe passes left (PB-8)."""


@dataclass(frozen=True, slots=True)
class TurnCards(Action):
    """Turn punto's two cards face up (PB-10)."""


@dataclass(frozen=True, slots=True)
class OfferTurn(Action):
    """Hand the right to turn punto's cards to another punto bettor (PB-10)."""

    box: int


@dataclass(frozen=True, slots=True)
class DeclineTurn(Action):
    """Refuse the right to turn punto's cards; it goes back (PB-10)."""


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """State the punto side's choice on 5 (PB-13e)."""

    decision: Decision

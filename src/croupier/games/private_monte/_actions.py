"""The private form's one bet."""

from __future__ import annotations

from dataclasses import dataclass

from croupier.engine.actions import Action
from croupier.games.private_monte.rules import Row

__all__ = ["LayoutBet"]


@dataclass(frozen=True, slots=True)
class LayoutBet(Action):
    """Stake on a layout: it wins if the gate's suit is one of its cards' (PM-4, PM-5)."""

    row: Row
    amount: int

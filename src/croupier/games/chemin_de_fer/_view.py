"""What one seat (or a spectator) may know of a Chemin de Fer table."""

from __future__ import annotations

from dataclasses import dataclass

from croupier.cards import Card
from croupier.engine.actions import Legal
from croupier.engine.actors import Actor
from croupier.engine.shown import Shown
from croupier.games.chemin_de_fer._state import Phase
from croupier.games.chemin_de_fer.rules import Rules

__all__ = ["ChemmyView"]


@dataclass(frozen=True, slots=True)
class ChemmyView:
    """The table as `viewer` sees it. A hand's first two cards show only to its holder
    (`None` for a card the viewer may not see); third cards are face up."""

    viewer: Actor | None
    rules: Rules
    phase: Phase
    seats: tuple[int | None, ...]
    banker: int | None
    bank: int
    high_bid: tuple[int, int] | None
    passed: frozenset[int]
    offered: int | None
    speaking: int | None
    stakes: tuple[tuple[int, int], ...]
    uncovered: int
    punter: int | None
    punter_cards: tuple[Card | None, ...]
    banker_cards: tuple[Card | None, ...]
    punter_stood: bool
    banco: int | None
    """The seat that called banco this coup, taking the whole bank (CF-6)."""
    shoe_number: int
    cards_left: int
    coups: int
    house: int
    last: Shown | None
    """The last coup, both hands face up, as the table showed it."""
    to_act: frozenset[Actor]
    legal: Legal

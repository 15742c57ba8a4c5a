"""What one seat (or a spectator) may know of a Punto Banco table."""

from __future__ import annotations

from dataclasses import dataclass

from croupier.cards import Card
from croupier.engine.actions import Legal
from croupier.engine.actors import Actor
from croupier.engine.shown import Shown
from croupier.games.punto_banco._state import Phase
from croupier.games.punto_banco.rules import Decision, Rules, Stakes

__all__ = ["BoxView", "HandView", "PuntoBancoView"]


@dataclass(frozen=True, slots=True)
class BoxView:
    box: int
    chips: int
    stakes: Stakes
    done: bool
    owed: int


@dataclass(frozen=True, slots=True)
class HandView:
    """A hand as the table sees it: `None` for a card still face down."""

    cards: tuple[Card | None, ...] = ()
    points: int | None = None


@dataclass(frozen=True, slots=True)
class PuntoBancoView:
    """The table as `viewer` sees it. Punto Banco has no private cards: every seat
    sees the same table, and only its own legal actions differ. The order of
    the cards left in the shoe is never shown, only how many remain."""

    viewer: Actor | None
    rules: Rules
    phase: Phase
    boxes: tuple[BoxView | None, ...]
    shoe_number: int
    coups: int
    cards_left: int
    cut_card_out: bool
    holder: int | None
    dealer: int | None
    punto: HandView
    banco: HandView
    turner: int | None
    choosers: tuple[int, ...]
    decision: Decision | None
    house: int
    unseen: tuple[int, ...]
    """By baccarat value (0: tens and pictures, 1..9: ace to nine), the cards of the shoe
    not yet shown: the undealt ones, those burned unseen and any face down. Anyone who
    counts the cards shown knows this; the exact odds of the next coup follow from it."""
    last: Shown | None
    """The last coup, its hands face up, as the table showed it."""
    to_act: frozenset[Actor]
    legal: Legal

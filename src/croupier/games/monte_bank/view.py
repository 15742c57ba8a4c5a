"""What a seat (or a spectator) may know of a Monte Bank table: everything but the order of
the pack. Every card of the layout and of the draw is face up."""

from __future__ import annotations

from dataclasses import dataclass

from croupier.cards import Card
from croupier.engine.actions import Legal
from croupier.engine.actors import Actor
from croupier.engine.shown import Shown
from croupier.games.monte_bank.layout import Falls, Layout
from croupier.games.monte_bank.rules import Rules
from croupier.games.monte_bank.state import Bet, Phase

__all__ = ["MonteView"]


@dataclass(frozen=True, slots=True)
class MonteView:
    viewer: Actor | None
    rules: Rules
    phase: Phase
    seats: tuple[int | None, ...]
    banker: int | None
    bank: int
    apart: int
    house: int
    layout: Layout | None
    bets: tuple[Bet, ...]
    falls: Falls
    shown: int
    cards_left: int
    deals: int
    offered: int | None
    speaking: int | None
    to_act: frozenset[Actor]
    legal: Legal
    seen: tuple[Card, ...] = ()
    """The private form's cards shown since the pack was shuffled: what a counter knows
    (PM-8). The club form shuffles for every deal and leaves it empty."""
    last: Shown | None = None
    """The last deal as the table showed it: its layout, the cards drawn, what each made."""
    deals_left: int | None = None
    """The deals this bank may still deal after those dealt and on the table (MB-15, PM-8);
    None: as many as the banker likes."""

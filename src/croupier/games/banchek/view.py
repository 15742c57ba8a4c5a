"""What a seat (or a spectator) may know of a Banchek table: its own hand, the hands shown,
the cards turned; never another's hidden hand, the order of the pack, or (but to the banker)
a card the banker peeked at."""

from __future__ import annotations

from dataclasses import dataclass

from croupier.cards import Card
from croupier.engine.actions import Legal
from croupier.engine.actors import Actor
from croupier.engine.shown import Shown
from croupier.games.banchek._state import Phase
from croupier.games.banchek.rules import Rules

__all__ = ["BanchekView"]


@dataclass(frozen=True, slots=True)
class BanchekView:
    viewer: Actor | None
    rules: Rules
    phase: Phase
    seats: tuple[int | None, ...]
    banker: int | None
    bank: int
    last_banker: int | None
    offered: int | None
    order: tuple[int, ...]
    punter: int | None
    """The seat whose hand is in play."""
    hand: tuple[Card, ...]
    """The viewer's own cards this round."""
    shown: tuple[tuple[int, tuple[Card, ...]], ...]
    """Hands shown this round (at the settlement, or to the riders), by seat."""
    turned: tuple[Card, ...]
    early: Card | None
    """The card turned before the stake (BN-14)."""
    peeked: bool
    peeked_card: Card | None
    """The card the banker peeked at: only in the banker's own view (BN-17)."""
    stakes: tuple[tuple[int, int], ...]
    no_riders: frozenset[int]
    out: frozenset[int]
    """The seats sitting out: their places and chips kept, dealt nothing (BN-11)."""
    cards_left: int
    rounds: int
    seen: tuple[Card, ...]
    """Every card shown since the pack was shuffled: what a counter knows."""
    fresh: int
    """Cards on top not dealt since the shuffle: while any are left, the next card is one the
    viewer has not seen, each as likely; after them come the rounds' cards (BN-9)."""
    last: Shown | None
    """The last hand settled, face up, as the table showed it."""
    to_act: frozenset[Actor]
    legal: Legal

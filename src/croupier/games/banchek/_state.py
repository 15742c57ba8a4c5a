"""A Banchek table's state: one immutable value per moment of the session."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from croupier.cards import Card
from croupier.engine.seating import Seated
from croupier.engine.shown import Shown
from croupier.games.banchek.rules import Rules
from croupier.lowest_card import LowestCardDraw
from croupier.shoe import Shoe

__all__ = ["Phase", "State"]


class Phase(enum.Enum):
    FIRST_BANKER = "first banker"
    """Chance: each seat draws a card; the lowest banks first (BN-2)."""
    BANK = "bank"
    """The seat whose turn it is puts up the bank, or leaves the game (BN-10, BN-11)."""
    SHUFFLING = "shuffling"
    """Chance: the banker shuffles the two packs (BN-4, BN-10)."""
    CUT = "cut"
    """The punter on the banker's right cuts (BN-4)."""
    DEALING = "dealing"
    """Chance: three cards to each punter, one at a time (BN-4, BN-8)."""
    OPEN = "open"
    """The banker lets the punter stake, or turns his card early, or peeks (BN-14, BN-17)."""
    PEEKED = "peeked"
    """The punters may have the peeked card count as turned, or let it be turned (BN-17)."""
    EARLY = "early"
    """Chance: the card turned before the stake (BN-14)."""
    STAKE = "stake"
    """The punter names his stake, or leaves the game (BN-5, BN-11, BN-14)."""
    RIDING = "riding"
    """Riders add stakes to the punter's cards, or not (BN-15, BN-16)."""
    TURN = "turn"
    """Chance: the banker turns the top card (BN-6)."""
    WAITING = "waiting"
    """Too few players: two to draw for the bank, or a punter for the banker to deal to."""
    OVER = "over"


@dataclass(frozen=True, slots=True)
class State(Seated):
    """`order`: this round's punters, from the banker's left, with their `hands`; `turn`:
    the hand in play; `stakes`: (seat, amount) on it, the punter's first, then the riders'.
    `let_pass`: the punters who let a peeked card be turned as usual (BN-17); `out`: the
    seats sitting out, out of the game with their places and chips kept (BN-11);
    `joined`: the seats sat down at during this round, whose hand in it is the last holder's,
    never shown to the newcomer; `seen`: the cards shown since the shuffle; `fresh`: how
    many on top of the pack have not been dealt since it (below them lie the rounds' cards,
    put under, BN-9)."""

    rules: Rules
    phase: Phase
    banker: int | None = None
    bank: int = 0
    last_banker: int | None = None
    offered: int | None = None
    pack: Shoe = field(default_factory=lambda: Shoe(()))
    lowest: LowestCardDraw | None = None
    order: tuple[int, ...] = ()
    hands: tuple[tuple[Card, ...], ...] = ()
    turn: int = 0
    turned: tuple[Card, ...] = ()
    early: Card | None = None
    peeked: bool = False
    let_pass: frozenset[int] = frozenset()
    stakes: tuple[tuple[int, int], ...] = ()
    riders: tuple[int, ...] = ()
    shown: frozenset[int] = frozenset()
    no_riders: frozenset[int] = frozenset()
    out: frozenset[int] = frozenset()
    joined: frozenset[int] = frozenset()
    seen: tuple[Card, ...] = ()
    fresh: int = 0
    rounds: int = 0
    paid_in: int = 0
    paid_out: int = 0
    last: Shown | None = None
    """The last hand settled, as the table showed it."""

    def players(self) -> list[int]:
        """The seats in the game: taken, and not sitting out."""
        return [seat for seat in self.occupied() if seat not in self.out]

    def players_left(self, seat: int) -> tuple[int, ...]:
        """The seats in the game from `seat`'s left round the table, `seat` excluded."""
        return tuple(other for other in self.to_the_left(seat) if other not in self.out)

    def players_right(self, seat: int) -> tuple[int, ...]:
        """The seats in the game from `seat`'s right round the table, `seat` excluded."""
        return tuple(other for other in self.to_the_right(seat) if other not in self.out)

    @property
    def punter(self) -> int:
        """The seat whose hand is in play."""
        return self.order[self.turn]

    @property
    def hand(self) -> tuple[Card, ...]:
        return self.hands[self.turn]

    @property
    def staked(self) -> int:
        return sum(amount for _, amount in self.stakes)

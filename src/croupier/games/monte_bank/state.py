"""The frozen state of a Monte Bank session.

Seats are numbered round the table to the left: the bank passes to the next
seat up (MB-15), and the banker's right is the seat below his.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from croupier.cards import Card
from croupier.engine.seating import Seated
from croupier.engine.shown import Shown
from croupier.games.monte_bank.layout import Falls, Layout, RowWager, Wager
from croupier.games.monte_bank.rules import Rules
from croupier.lowest_card import LowestCardDraw
from croupier.shoe import Shoe

__all__ = ["Bet", "Phase", "State"]


class Phase(enum.Enum):
    FIRST_BANKER = "first banker"  # chance: the lowest-card draw (MB-3, C-7)
    MONTE = "monte"  # the banker puts up the monte (MB-4)
    SHUFFLES = "shuffles"  # punters may ask to shuffle (MB-5)
    SHUFFLING = "shuffling"  # chance: a punter, or the banker last, shuffles (MB-5)
    CUTS = "cuts"  # punters may cut; the banker's right cuts last (MB-5)
    LAYOUT = "layout"  # chance: the layout from both ends (MB-6, MB-7)
    EXTRAS = "extras"  # chance: unpaired cards added to the layout (MB-17 variant)
    BETTING = "betting"  # bets on the layout, until "all" (MB-8, MB-11)
    DRAW = "draw"  # chance: the gate, then card after card (MB-11, MB-12)
    BETWEEN = "between"  # the banker deals again, adds to the bank, or calls "aces" (MB-15)
    OFFER = "offer"  # the bank comes round to a seat, who puts up a monte or declines
    WAITING = "waiting"  # fewer than two players: the table waits for more to sit down (MB-1)
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Bet:
    """A bet on the layout: who placed it, what it backs, its stake, and its number (the
    order of placing, which settles equal stakes, MB-4)."""

    number: int
    seat: int
    wager: Wager | RowWager
    stake: int


@dataclass(frozen=True, slots=True)
class State(Seated):
    """A Monte Bank session. `seats[i]` holds seat i's chips (None: empty); the monte,
    the stakes on the layout and the cut kept apart are elsewhere. `drawn` and `swings`
    are the cards shown from the bottom this deal and what each seat made by them; `last`
    the last deal as the table showed it."""

    rules: Rules
    phase: Phase
    banker: int | None = None
    bank: int = 0
    apart: int = 0
    house: int = 0
    pack: Shoe = field(default_factory=lambda: Shoe(()))
    lowest: LowestCardDraw | None = None
    order: tuple[int, ...] = ()
    speaker: int = 0
    shuffler: int | None = None
    after: Phase = Phase.CUTS
    dealt: tuple[Card, ...] = ()
    layout: Layout | None = None
    bets: tuple[Bet, ...] = ()
    placed: int = 0
    done: frozenset[int] = frozenset()
    falls: Falls = field(default_factory=Falls)
    shown: int = 0
    first_fall: bool = False
    paid: int = 0
    monte: int = 0
    deals: int = 0
    bank_deals: int = 0
    seen: tuple[Card, ...] = ()
    drawn: tuple[Card, ...] = ()
    swings: tuple[tuple[int, int], ...] = ()
    last: Shown | None = None
    offered: int | None = None
    declined: frozenset[int] = frozenset()
    paid_in: int = 0
    paid_out: int = 0

    @property
    def staked(self) -> int:
        return sum(bet.stake for bet in self.bets)

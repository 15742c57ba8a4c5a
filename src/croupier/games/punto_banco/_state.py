"""The frozen state of a Punto Banco session."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from croupier.cards import Card
from croupier.engine.shown import Shown
from croupier.games.punto_banco.rules import Decision, Rules, Stakes
from croupier.shoe import Shoe

__all__ = ["Box", "Coup", "Phase", "State"]


class Phase(enum.Enum):
    SHUFFLE = "shuffle"  # chance shuffles a new shoe (C-5)
    CUT = "cut"  # a punter cuts (PB-3)
    BURN = "burn"  # chance: the first card and the burned ones (PB-4)
    BETTING = "betting"  # bets open; the shoe is offered (PB-6, PB-8)
    DEAL = "deal"  # chance: P, B, P, B face down (PB-9)
    TURN = "turn"  # punto's cards wait to be turned (PB-10)
    CHOOSE = "choose"  # the punto side chooses on 5 (PB-13e)
    PUNTO_DRAWS = "punto draws"  # chance: punto's third card
    BANCO_DRAWS = "banco draws"  # chance: banco's third card (PB-12)
    OVER = "over"  # the session has ended


@dataclass(frozen=True, slots=True)
class Box:
    """An occupied box: the seat's free chips, its stakes this coup, and commission owed."""

    chips: int
    stakes: Stakes = field(default_factory=Stakes)
    done: bool = False
    owed: int = 0

    @property
    def free(self) -> int:
        """Chips the seat may still stake: owed commission is held back (PB-7 variant)."""
        return self.chips - self.owed


@dataclass(frozen=True, slots=True)
class Coup:
    """The coup being dealt, from the close of bets to settlement."""

    dealer: int | None
    punto: tuple[Card, ...] = ()
    banco: tuple[Card, ...] = ()
    turned: bool = False
    banco_open: bool = False
    turner: int | None = None
    offered: frozenset[int] = frozenset()
    stated: tuple[tuple[int, Decision], ...] = ()
    decision: Decision | None = None


@dataclass(frozen=True, slots=True)
class State:
    """A Punto Banco session. `boxes[i]` is None when box i is empty.

    `shoe_box` is the box the shoe is offered to (PB-8), `passed` the boxes
    that have declined it this coup. `house` is the house's takings so far.
    `seen` counts, by baccarat value, the cards of this shoe shown face up; `last` is the
    last coup as the table showed it.
    """

    rules: Rules
    phase: Phase
    boxes: tuple[Box | None, ...]
    shoe: Shoe = field(default_factory=lambda: Shoe(()))
    shoes: int = 0
    coups: int = 0
    burn_left: int | None = None
    shoe_box: int = 0
    passed: frozenset[int] = frozenset()
    coup: Coup | None = None
    house: int = 0
    paid_in: int = 0
    paid_out: int = 0
    seen: tuple[int, ...] = (0,) * 10
    last: Shown | None = None

    def box(self, index: int) -> Box:
        """The occupied box `index`; an error if it is empty."""
        box = self.boxes[index]
        if box is None:
            raise ValueError(f"box {index + 1} is empty")
        return box

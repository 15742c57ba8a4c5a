"""Polish Banchek's rule set and its one rule of play: which hand beats the turned card
(RULES BN-1, BN-2, BN-5, BN-6, BN-10, BN-14, BN-15).

    >>> hand = cards("7D KC 5D")
    >>> [beats(hand, card) for card in cards("QC KC AC 7D 8D 2S")]
    [True, True, False, True, False, False]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from croupier.cards import Card, full_pack, shoe_of
from croupier.cards import read_cards as cards
from croupier.engine.rule_options import End, check, option, refuse
from croupier.i18n import N_, _
from croupier.lowest_card import USUAL_ORDER

__all__ = [
    "BROKEN_END",
    "GOING",
    "HAND",
    "MOST_PUNTERS",
    "PACKS",
    "TRIPLED",
    "TRIPLED_END",
    "Rules",
    "beats",
    "cards",
    "ended",
    "rank_order",
    "two_packs",
]

HAND = 3
"""Cards dealt to each punter (BN-4)."""

PACKS = 2
"""Two full packs shuffled together (BN-1)."""

MOST_PUNTERS = len(full_pack()) * PACKS // (HAND + 1)
"""So that a round, a hand and a turned card for each punter, fits the pack (BN-1)."""

TRIPLED = 3
"""The bank passes once it holds this many times what was put up (BN-10)."""


GOING, TRIPLED_END, BROKEN_END = 0, 1, 2
"""What `ended` says of a bank: it goes on, it has tripled, it is broken."""


def ended(bank: int, put_up: int) -> int:
    """Whether a bank that began with `put_up` and now holds `bank` has ended (BN-10): once
    it has tripled, or is broken. Plain arithmetic, so that the simulation's kernel
    compiles this very function."""
    if bank <= 0:
        return BROKEN_END
    if bank >= TRIPLED * put_up:
        return TRIPLED_END
    return GOING


def two_packs() -> tuple[Card, ...]:
    """The 104 cards of two full packs (BN-1), in a fixed order."""
    return shoe_of(PACKS, full_pack())


def rank_order(card: Card) -> int:
    """A card's place in the usual order: 2 lowest, ace highest (BN-1)."""
    return USUAL_ORDER.index(card.rank)


def beats(hand: Iterable[Card], turned: Card) -> bool:
    """The punter wins when he holds a card of the turned card's suit and of equal or
    higher rank; an equal card, which two packs allow, goes to the punter (BN-6)."""
    return any(c.suit is turned.suit and rank_order(c) >= rank_order(turned) for c in hand)


@dataclass(frozen=True, slots=True)
class Rules:
    """A Banchek table: its seats, the agreed smallest stake and first bank, and whether
    riders are allowed (BN-15)."""

    seats: int = option(
        8, N_("Seats at the table, the banker's too (BN-1)."), "BN-1", low=2, high=MOST_PUNTERS + 1,
        reason=N_("2 to {high}, so that a round fits the pack (BN-1)"),
    )  # fmt: skip
    minimum: int = option(
        5, N_("The smallest stake agreed (BN-5)."), "BN-5", low=1, reason=N_("at least 1 chip"),
        stake="stake",
    )  # fmt: skip
    bank: int = option(
        100, N_("The bank each banker puts up; it passes at 3x (BN-10)."), "BN-10", low=1,
        reason=N_("at least 1 chip"), stake="bank", end=End.BOTH,
    )  # fmt: skip
    riders: bool = option(False, N_("Allow riders on another's cards (BN-15, BN-16)."), "BN-15")

    def __post_init__(self) -> None:
        if self.minimum < 1 or self.bank < self.minimum:
            values = {"minimum": str(self.minimum), "bank": str(self.bank)}
            said = _(
                "the smallest stake is at least 1 chip, and the bank at least the smallest "
                "stake (BN-2, BN-5)"
            )
            raise refuse(values, said)
        check(self)

    @property
    def tripled(self) -> int:
        """The bank at which it passes, having tripled (BN-10)."""
        return TRIPLED * self.bank

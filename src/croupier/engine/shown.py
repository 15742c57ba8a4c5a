"""What a table shows when a coup, deal or hand is settled: the hands face up with their
points, which won, and what each seat won or lost by it. A game's view holds the last one
(`last`) until the next is settled, so that a page drawn after a reload shows it too."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from croupier.cards import Card

__all__ = ["Shown", "ShownHand", "against_bank", "nets"]


@dataclass(frozen=True, slots=True)
class ShownHand:
    """A hand as the table showed it at the settlement."""

    name: str
    """The game's word for it: "punto", "banker", "layout", "gate" ..."""
    cards: tuple[Card, ...]
    points: int | None = None
    seat: int | None = None
    """Whose hand it is, when it is a seat's."""


@dataclass(frozen=True, slots=True)
class Shown:
    """One settlement: the hands shown, the winning hand's name (None: a tie, or no one
    hand), and each staking seat's net chips by it, won (+) or lost (-), in seat order."""

    hands: tuple[ShownHand, ...]
    winner: str | None
    nets: tuple[tuple[int, int], ...]


def nets(swings: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """(seat, chips) swings summed by seat, in seat order."""
    total: dict[int, int] = {}
    for seat, chips in swings:
        total[seat] = total.get(seat, 0) + chips
    return tuple(sorted(total.items()))


def against_bank(
    swings: Iterable[tuple[int, int]], banker: int, taken: int = 0
) -> tuple[tuple[int, int], ...]:
    """The nets of stakes played against a bank held by `banker`: each stake's swing, and
    the bank's, what the stakes lost less what they won, less the house's `taken`."""
    stakes = list(swings)
    return nets([*stakes, (banker, -sum(chips for _, chips in stakes) - taken)])

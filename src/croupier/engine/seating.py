"""Seats that hold chips, for the games where one of them banks (Chemin de Fer, Monte Bank).

A state is `Seated`: a tuple of each seat's chips (None for an empty seat).
A `BankingGame` reads what each seat holds, its bank included, from states
that also name their `banker` and `bank`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from croupier.cards import Card
from croupier.engine.actions import MAX_BUY_IN, Join, Leave
from croupier.engine.events import DrawnForBank, Event, FirstBanker
from croupier.engine.game import Game, View
from croupier.errors import (
    ForbiddenAction,
    IllegalAction,
    InvalidConfig,
    NotYourTurn,
    StakeOutOfRange,
)
from croupier.i18n import _
from croupier.lowest_card import LowestCardDraw

__all__ = ["BankingGame", "Seated", "by_seat", "draw_for_bank", "seat_buy_ins", "seating_refusal"]


@dataclass(frozen=True, slots=True)
class Seated:
    """The part of a state that says who sits where with how many chips."""

    seats: tuple[int | None, ...]

    def chips(self, seat: int) -> int:
        chips = self.seats[seat]
        if chips is None:
            raise ValueError(f"seat {seat + 1} is empty")
        return chips

    def occupied(self) -> list[int]:
        return [i for i, chips in enumerate(self.seats) if chips is not None]

    def to_the_left(self, seat: int) -> Iterator[int]:
        """The occupied seats from `seat`'s left round the table, `seat` itself excluded."""
        count = len(self.seats)
        for step in range(1, count):
            other = (seat + step) % count
            if self.seats[other] is not None:
                yield other

    def to_the_right(self, seat: int) -> Iterator[int]:
        """The occupied seats from `seat`'s right round the table, `seat` itself excluded."""
        count = len(self.seats)
        for step in range(1, count):
            other = (seat - step) % count
            if self.seats[other] is not None:
                yield other


def seat_buy_ins(buy_ins: Mapping[int, int], count: int) -> tuple[int | None, ...]:
    """Each of `count` seats' chips from the buy-ins (seat number -> chips), checked."""
    seats: list[int | None] = [None] * count
    for seat, chips in buy_ins.items():
        if not (isinstance(seat, int) and 0 <= seat < count):
            said = _("there is no seat {seat!r}: seats are 0 to {last}")
            raise InvalidConfig(said.format(seat=seat, last=count - 1))
        if isinstance(chips, bool) or not isinstance(chips, int) or chips < 1:
            said = _("seat {seat} must bring a whole number of chips, not {chips!r}")
            raise InvalidConfig(said.format(seat=seat, chips=chips))
        seats[seat] = chips
    return tuple(seats)


def seating_refusal(
    seats: tuple[int | None, ...], seat: int, action: Join | Leave, busy: str | None
) -> IllegalAction | None:
    """The refusal every game gives alike to sitting down or getting up: a taken seat, the
    cards busy (`busy` says how, or None when they are not), chips out of range, an empty
    seat; None when it is the game's own to say why a seated player may not get up now."""
    if isinstance(action, Join):
        if seats[seat] is not None:
            return ForbiddenAction(seat, action, _("this seat is taken: sit down at an empty one"))
        if busy is not None:
            return NotYourTurn(seat, action, _("no one sits down while {busy}").format(busy=busy))
        said = _("bring 1 to {most} chips").format(most=MAX_BUY_IN)
        return StakeOutOfRange(seat, action, said)
    if seats[seat] is None:
        return ForbiddenAction(seat, action, _("this seat is empty"))
    return None


def by_seat(stakes: Iterable[tuple[int, int]]) -> dict[int, int]:
    """Stakes given as (seat, amount), added up for each seat."""
    found: dict[int, int] = {}
    for seat, amount in stakes:
        found[seat] = found.get(seat, 0) + amount
    return found


def draw_for_bank(lowest: LowestCardDraw | None, card: Card, events: list[Event]) -> LowestCardDraw:
    """The lowest-card draw once the next seat has drawn `card`, told as events; its
    `winner` banks first (C-7)."""
    assert lowest is not None and lowest.next_seat is not None
    events.append(DrawnForBank(lowest.next_seat, card))
    lowest = lowest.record(card)
    if lowest.winner is not None:
        events.append(FirstBanker(lowest.winner))
    return lowest


class _Banked(Protocol):
    @property
    def seats(self) -> tuple[int | None, ...]: ...
    @property
    def banker(self) -> int | None: ...
    @property
    def bank(self) -> int: ...


C = TypeVar("C")
S = TypeVar("S", bound=_Banked)
V = TypeVar("V", bound=View)


class BankingGame(Game[C, S, V], Generic[C, S, V]):
    """A game of seats, one of which may hold the bank."""

    def seats(self, state: S) -> frozenset[int]:
        return frozenset(i for i, chips in enumerate(state.seats) if chips is not None)

    def holdings(self, state: S) -> dict[int, int]:
        return {
            seat: chips + (state.bank if seat == state.banker else 0)
            for seat, chips in enumerate(state.seats)
            if chips is not None
        }

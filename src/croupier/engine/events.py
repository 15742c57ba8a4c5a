"""Events: what happened, and who may see which part of it.

An event names its `audience`. Everyone sees that the event happened; the
fields listed in the class's `secret` are shown only to the audience and
are `None` for everyone else. A card dealt face down is an event whose card
is secret to all; a private hand is secret to all but its holder.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from types import ModuleType
from typing import Any, ClassVar

from croupier.cards import Card
from croupier.engine.actors import Actor

__all__ = [
    "EVERY_TABLE",
    "NOBODY",
    "PUBLIC",
    "Audience",
    "ChipsAdded",
    "CutCardPlaced",
    "DrawnForBank",
    "Event",
    "FirstBanker",
    "LimitsSet",
    "SatIn",
    "SatOut",
    "SeatJoined",
    "SeatLeft",
    "SessionEnded",
    "ShoeCut",
    "ShoeEnded",
    "ShoeShuffled",
    "kinds",
    "redact",
]


@dataclass(frozen=True, slots=True)
class Audience:
    """Who may see an event's secret fields: every viewer, or only these seats."""

    seats: frozenset[int] | None = None

    def admits(self, viewer: Actor | None) -> bool:
        if self.seats is None:
            return True
        return isinstance(viewer, int) and viewer in self.seats

    @classmethod
    def only(cls, *seats: int) -> Audience:
        return cls(frozenset(seats))


PUBLIC = Audience()
NOBODY = Audience(frozenset())


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event."""

    secret: ClassVar[tuple[str, ...]] = ()
    audience: Audience = field(default=PUBLIC, kw_only=True)


def redact(event: Event, viewer: Actor | None) -> Event:
    """The event as `viewer` may see it (None: a spectator)."""
    if not event.secret or event.audience.admits(viewer):
        return event
    hidden: dict[str, Any] = dict.fromkeys(event.secret)
    return replace(event, **hidden)


def kinds(*modules: ModuleType) -> tuple[type[Event], ...]:
    """The event types that `modules` define or import, the first module's first, then
    those every table may tell (`EVERY_TABLE`): what a game names as its `events`."""
    found = (value for module in modules for value in vars(module).values())
    named = (kind for kind in found if isinstance(kind, type) and issubclass(kind, Event))
    return tuple(dict.fromkeys((*named, *EVERY_TABLE)))


# Events common to the games' tables.


@dataclass(frozen=True, slots=True)
class DrawnForBank(Event):
    """A card drawn for the first bank (C-7)."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class FirstBanker(Event):
    """The seat that drew the lowest card alone banks first (C-7)."""

    seat: int


@dataclass(frozen=True, slots=True)
class SeatJoined(Event):
    seat: int
    chips: int


@dataclass(frozen=True, slots=True)
class ChipsAdded(Event):
    """A seated player brings `chips` more to the table (a `Rebuy`); he now has `total`."""

    seat: int
    chips: int
    total: int


@dataclass(frozen=True, slots=True)
class SeatLeft(Event):
    seat: int
    chips: int


@dataclass(frozen=True, slots=True)
class SatOut(Event):
    """`seat` leaves the game but keeps its place and chips (a `SitOut`)."""

    seat: int


@dataclass(frozen=True, slots=True)
class SatIn(Event):
    """`seat`, sitting out, comes back into the game (a `SitIn`)."""

    seat: int


@dataclass(frozen=True, slots=True)
class ShoeShuffled(Event):
    """A new shoe (or pack) of `cards` cards is shuffled; its order is never told."""

    shoe: int
    cards: int


@dataclass(frozen=True, slots=True)
class ShoeCut(Event):
    """`by` a seat, or None for the house: the top `amount` cards go to the bottom (C-6)."""

    by: int | None
    amount: int


@dataclass(frozen=True, slots=True)
class CutCardPlaced(Event):
    from_bottom: int


@dataclass(frozen=True, slots=True)
class ShoeEnded(Event):
    shoe: int


@dataclass(frozen=True, slots=True)
class SessionEnded(Event):
    coups: int


@dataclass(frozen=True, slots=True)
class LimitsSet(Event):
    """The stake limits a host changed hold from here on (`SetLimits`): `limits`, the
    options changed as the action gives them."""

    limits: str


EVERY_TABLE: tuple[type[Event], ...] = (LimitsSet,)
"""The events every game's table may tell, whatever the game (`Game.apply`'s own)."""

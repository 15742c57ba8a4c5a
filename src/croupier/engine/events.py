"""Events: what happened, and who may see which part of it.

An event names its `audience`. Everyone sees that the event happened; the
fields listed in the class's `secret` are shown only to the audience and
are `None` for everyone else. A card dealt face down is an event whose card
is secret to all; a private hand is secret to all but its holder.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from croupier.engine.actors import Actor

__all__ = ["NOBODY", "PUBLIC", "Audience", "Event", "redact"]


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

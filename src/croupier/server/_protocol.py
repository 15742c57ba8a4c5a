"""The messages of the table protocol (docs/protocol.md), as JSON-ready dicts.

Every message from the server is built here, for one viewer: a seat, or None for a
spectator. What a viewer may not know is never put in: a step's events are redacted for
the viewer by the engine (`redact`), chance's actions (the card drawn, a shuffle's order)
are never sent, and a view is the engine's `view` for that viewer.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from croupier.engine.actions import Action, Option
from croupier.engine.actors import Actor
from croupier.engine.codec import JSON, encode
from croupier.engine.events import Event, redact
from croupier.i18n import _
from croupier.server._book import Book

__all__ = [
    "CLOSED",
    "CROWDED",
    "ENDED",
    "HEARTBEAT",
    "MOVED",
    "NO_TABLE",
    "SLOW",
    "UNAVAILABLE",
    "Told",
    "acknowledged",
    "heartbeat",
    "moved",
    "refused",
    "step",
    "view",
]

MOVED = 4409
"""The close code of a socket to a table that another server process runs."""

NO_TABLE = 4404
"""The close code of a socket to a table that was never opened."""

CLOSED = 4410
"""The close code of a socket to a table that has closed, where this process did not run it
(one it ran tells its closed view instead)."""

SLOW = 4408
"""The close code of a socket that did not read what it was sent: its seat is held, as
after any drop."""

CROWDED = 4429
"""The close code of a socket from an address that holds as many open as it may."""

ENDED = 4401
"""The close code of a socket whose session has ended (logged out, the password changed),
or that has none: log in again."""

HEARTBEAT = 10.0
"""Seconds a connection may go with nothing sent to it before it is sent a `heartbeat` (the
welcome says how many): a client that has heard nothing at all for three of them knows the
server is silent (stopped, or cut off from it) and connects again."""

UNAVAILABLE = 4503
"""The close code of a socket opened while the database does not answer (its session, or
where its table is run, cannot be looked up): try again shortly."""


@dataclass(frozen=True, slots=True)
class Told:
    """A committed step as the table keeps it to tell: its seq, who took it and how, its
    events (unredacted), who held each seat then (seat number to person id), and the name
    each seat was held under (`Book.named`, for the words)."""

    seq: int
    actor: Actor
    by: str
    events: tuple[Event, ...]
    holders: Mapping[int, int]
    names: Mapping[int, str] = field(default_factory=dict)

    @classmethod
    def after(
        cls,
        book: Book,
        actor: Actor,
        by: str,
        events: tuple[Event, ...],
        person: int | None,
    ) -> Told:
        """The step `book` has just taken (`person` took it, if a person did): a seat that
        has just got up still sees its own step."""
        holders = {seat: h.person for seat, h in book.seats.items() if h.person is not None}
        if isinstance(actor, int) and person is not None:
            holders.setdefault(actor, person)
        return cls(book.seq, actor, by, events, holders, book.named)

    def viewer(self, person: int | None) -> int | None:
        """The seat `person` held when this step was taken, or None (a spectator)."""
        return next((seat for seat, held in self.holders.items() if held == person), None)


def step(
    told: Told,
    seat: int | None,
    said: list[str] | None = None,
    encoder: Callable[[Any], JSON] = encode,
) -> dict[str, JSON]:
    """A step as `seat` (None: a spectator) may see it: a bare seq when none of its events
    is told; with `said` (the connection asked for words), its events told in words.
    `encoder` writes its values (a table's `_telling.Encoder` remembers what it wrote)."""
    if not told.events:
        return {"type": "step", "seq": told.seq}
    message: dict[str, JSON] = {
        "type": "step",
        "seq": told.seq,
        "actor": encoder(told.actor),
        "by": told.by,
        "events": [encoder(redact(event, seat)) for event in told.events],
    }
    if said is not None:
        message["said"] = said
    return message


def view(
    seq: int,
    seat: int | None,
    seen: Any,
    waiting: Mapping[int, float],
    closed: bool,
    open_seats: Mapping[int, Option] | None = None,
    paid_out: Mapping[int, int] | None = None,
    encoder: Callable[[Any], JSON] = encode,
    plans: Mapping[str, JSON] | None = None,
    paused: str | None = None,
    fair: Mapping[str, JSON] | None = None,
    hosting: Mapping[str, JSON] | None = None,
    bank: Mapping[int, float] | None = None,
    on_bank: Collection[int] = (),
) -> dict[str, JSON]:
    """The table as `seat` sees it after step `seq`: the engine's view, whose actions it
    may take, for each seat a person is awaited at the seconds left on its clock (those of
    its time bank, for the seats `on_bank`), each seat's seconds left of its time `bank`
    (server/_clocks.py), for one who holds no seat the seats they may take now with the
    chips they may bring (`open_seats`), and,
    once the session has ended, the chips each seat still taken got back (`paid_out`), and
    the seats' `plans` (server/_plans.py); `paused`, why the table is paused, or None;
    `fair`, the coming shuffle's commitment and parts (None: a table whose shuffles are
    not provably fair); `hosting`, who hosts the table (person ids), whether they hold it
    paused and whether it stands paused now (croupier.server.hosting).
    `encoder` writes the engine's view (a table's `_telling.Encoder` remembers)."""
    message: dict[str, JSON] = {
        "type": "view",
        "seq": seq,
        "seat": seat,
        "view": encoder(seen),
        "waiting": {str(s): round(left, 1) for s, left in sorted(waiting.items())},
        "bank": {str(s): round(left, 1) for s, left in sorted((bank or {}).items())},
        "on_bank": sorted(on_bank),
        "closed": closed,
        "paused": paused,
        "plans": dict(plans or {}),
        "fair": dict(fair) if fair is not None else None,
        "hosting": dict(hosting or {"hosts": [], "held": False, "halted": False}),
    }
    if closed:
        message["paid_out"] = {str(s): chips for s, chips in sorted((paid_out or {}).items())}
    if seat is None:
        message["open_seats"] = {str(s): encode(o) for s, o in sorted((open_seats or {}).items())}
    return message


def refused(key: str | None, reason: str, kind: str) -> dict[str, JSON]:
    """An action refused, and why; nothing changed."""
    return {"type": "refused", "key": key, "reason": reason, "error": kind}


def acknowledged(key: str, seq: int, action: Action) -> dict[str, JSON]:
    """An action accepted and committed as step `seq`."""
    return {"type": "ack", "key": key, "seq": seq, "action": encode(action)}


def heartbeat() -> dict[str, JSON]:
    """What a connection sent nothing for `HEARTBEAT` seconds is sent: that the server is
    there."""
    return {"type": "heartbeat"}


def moved(to: str | None = None) -> dict[str, JSON]:
    """The last message to a connection whose table another server process runs, its reason
    in the context's language: the connection closes with `MOVED`; `to`, when known, is the
    table's socket there."""
    message: dict[str, JSON] = {
        "type": "moved",
        "reason": _("another server process runs this table now: connect again"),
    }
    if to is not None:
        message["to"] = to
    return message

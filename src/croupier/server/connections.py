"""What passes between a table (`TableRunner`) and the connections to it: a connection and
its outbox (`Subscriber`), an action a person asks the table for (`Request`), a part of the
coming shuffle a person gives (`Giving`)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from croupier import i18n
from croupier.engine.actions import Action

__all__ = ["OUTBOX_LIMIT", "Giving", "Request", "Subscriber", "heard_in", "not_given"]

OUTBOX_LIMIT = 500
"""The most messages a connection's outbox holds unsent: one that does not read them is
closed (`SLOW`) rather than held in memory without end."""


@dataclass
class Subscriber:
    """A connection to a table: whose it is (None: someone not logged in), its outbox (each
    message a dict, or the JSON text made once for its audience), whether it asked for the
    steps in words, and its language (of the words, and of the refusals of its actions).
    `overflowed` is set, and nothing more is kept for it, once its outbox holds
    `OUTBOX_LIMIT` messages unsent."""

    person: int | None
    outbox: asyncio.Queue[dict[str, Any] | str] = field(default_factory=asyncio.Queue)
    words: bool = False
    language: str = i18n.DEFAULT
    overflowed: asyncio.Event = field(default_factory=asyncio.Event)

    def tell(self, message: dict[str, Any] | str) -> None:
        """Put `message` in the outbox, unless the connection is not reading it."""
        if self.overflowed.is_set():
            return
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            self.overflowed.set()
            return
        self.outbox.put_nowait(message)


@dataclass
class Request:
    """An action `person` asks the table for, decided on step `seq`, with idempotency `key`
    (`TableRunner.act`), to judge in turn; `reply` is its answer."""

    person: int
    name: str
    action: Action
    seq: int
    key: str
    seat: int | None
    reply: asyncio.Future[dict[str, Any]]
    subscriber: Subscriber | None
    sealed: str | None = None
    """With a `Join`: the seal of the person's part of the coming shuffle, added as they sit
    down."""

    def answer(self, message: dict[str, Any]) -> None:
        """Answer the request: into its connection's outbox first, in order with the rest."""
        if self.subscriber is not None:
            self.subscriber.tell(message)
        if not self.reply.done():
            self.reply.set_result(message)


@dataclass
class Giving:
    """A person's part of the coming shuffle (`TableRunner.contribute`), to judge in turn."""

    person: int
    commitment: str
    sealed: str | None
    """Its seal (`croupier.fairness.seal_of`), given while the seals are open; or"""
    text: str | None
    """the part itself, revealed once they are closed."""
    subscriber: Subscriber


def heard_in(request: Request | Giving) -> str:
    """The language of the connection a request came from."""
    return request.subscriber.language if request.subscriber is not None else i18n.DEFAULT


def not_given(reason: str) -> dict[str, Any]:
    """A part of the shuffle refused, and why; nothing changed."""
    return {"type": "error", "about": "part", "reason": reason}

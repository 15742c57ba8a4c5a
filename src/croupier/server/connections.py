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


@dataclass(slots=True, eq=False)
class Subscriber:
    """A connection to a table: whose it is (None: someone not logged in), its outbox (each
    message a dict, or the JSON text made once for its audience, in order), whether it asked
    for the steps in words, and its language (of the words, and of the refusals of its
    actions). `overflowed` is set, and nothing more is kept for it, once its outbox holds
    `OUTBOX_LIMIT` messages unsent.

    An idle connection holds nothing but this and its socket (benchmarks/idle_sockets.py):
    the outbox is a list, and a future is made only while its sender or its reader waits
    (`told`, `taken`, `slow`), not an `asyncio.Queue` and events each."""

    person: int | None
    words: bool = False
    language: str = i18n.DEFAULT
    outbox: list[dict[str, Any] | str] = field(default_factory=list)
    overflowed: bool = False
    _told: asyncio.Future[None] | None = field(default=None, init=False, repr=False)
    _taken: asyncio.Future[None] | None = field(default=None, init=False, repr=False)
    _slow: asyncio.Future[None] | None = field(default=None, init=False, repr=False)

    def tell(self, message: dict[str, Any] | str) -> None:
        """Put `message` in the outbox, unless the connection is not reading it."""
        if self.overflowed:
            return
        if len(self.outbox) >= OUTBOX_LIMIT:
            self.overflowed = True
            _settle(self._slow)
            return
        self.outbox.append(message)
        _settle(self._told)

    def take(self) -> list[dict[str, Any] | str]:
        """Every message waiting, in order, taken out of the outbox."""
        taken, self.outbox = self.outbox, []
        _settle(self._taken)
        return taken

    async def told(self) -> None:
        """Return once the outbox holds a message (at once if it does)."""
        while not self.outbox:
            self._told = asyncio.get_running_loop().create_future()
            try:
                await self._told
            finally:
                self._told = None

    async def taken(self) -> None:
        """Return once the outbox is next taken (`take`)."""
        self._taken = asyncio.get_running_loop().create_future()
        try:
            await self._taken
        finally:
            self._taken = None

    def slow(self) -> asyncio.Future[None]:
        """A future done once the outbox overflows (done already if it has)."""
        self._slow = asyncio.get_running_loop().create_future()
        if self.overflowed:
            self._slow.set_result(None)
        return self._slow


def _settle(waiting: asyncio.Future[None] | None) -> None:
    if waiting is not None and not waiting.done():
        waiting.set_result(None)


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

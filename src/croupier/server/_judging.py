"""What a table refuses of a request before its game's rules are asked (docs/protocol.md,
"What is checked, in order"): a key used before (the same request sent again is answered as
it was the first time), a table closed or run elsewhere, a paused table, a step that has not
happened, a seat that is not the person's to take or to act from. Each refusal is in the
context's language (the request's connection's)."""

from __future__ import annotations

from typing import Any

from croupier.engine.actions import Join
from croupier.errors import IllegalAction
from croupier.i18n import _
from croupier.server import _protocol as protocol
from croupier.server._book import Book, action_json
from croupier.server.connections import Request

__all__ = ["Used", "before_the_rules", "kind", "retried"]

Used = tuple[int, int | None, str, str]
"""What a key was first used for: its step's seq, the person, the actor and the action."""


def before_the_rules(
    request: Request,
    book: Book,
    seats: int,
    used: Used | None,
    stopped: dict[str, Any] | None,
    paused: str | None,
) -> dict[str, Any] | None:
    """The answer to `request` at a table of `seats` seats whose book is `book`, if it is
    answered before the rules are asked: `used`, what its key was used for before (if it
    was); `stopped`, the refusal when the table takes nothing more here; `paused`, why the
    table is paused (a message id)."""
    key, person = request.key, request.person
    if used is not None:
        if retried(request, used):
            return protocol.acknowledged(key, used[0], request.action)
        return protocol.refused(key, _("this key was used for another action"), "key-reused")
    if stopped is not None:
        return stopped
    if paused:
        said = _("{why}: nothing was taken").format(why=_(paused))
        return protocol.refused(key, said, "paused")
    if request.seq > book.seq:
        said = _("step {step} has not happened: the table is at {now}")
        return protocol.refused(key, said.format(step=request.seq, now=book.seq), "stale")
    held = book.seat_of(person)
    if isinstance(request.action, Join):
        if held is not None:
            said = _("you sit at seat {seat} already").format(seat=held + 1)
            return protocol.refused(key, said, "forbidden")
        if request.seat is None or not 0 <= request.seat < seats:
            said = _("seat {seat} is not at this table: its seats are 0 to {last}")
            return protocol.refused(
                key, said.format(seat=request.seat, last=seats - 1), "forbidden"
            )
        return None
    if held is None:
        said = _("you hold no seat at this table: you are watching it")
        return protocol.refused(key, said, "not-seated")
    return None


def retried(request: Request, used: Used) -> bool:
    """Whether `request` is the one its key was first used for, sent again."""
    _step, by, actor, action = used
    joining = isinstance(request.action, Join)
    return (by, action) == (request.person, action_json(request.action)) and (
        not joining or actor == str(request.seat)
    )


def kind(error: IllegalAction) -> str:
    """An illegal action's kind, as the protocol names it: `not-your-turn`, `stake-out-of-range`."""
    name = type(error).__name__
    return "".join(f"-{c.lower()}" if c.isupper() else c for c in name).lstrip("-")

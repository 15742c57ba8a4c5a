"""What a client sends, read and checked before anything acts on it: a request's JSON body,
and the messages on a table's socket (`act`, `plan`, `say`, `part`; docs/protocol.md, "The
client's messages"). Each check raises `InvalidInput`, which says what is wrong in the
context's language (the request's or the connection's)."""

from __future__ import annotations

import json
import re
from typing import Any

from starlette.requests import Request

from croupier import i18n
from croupier.engine.actions import Action, Join
from croupier.engine.codec import brief, decode
from croupier.errors import InvalidInput
from croupier.fairness import CONTRIBUTION, checked_part

__all__ = [
    "BODY_LIMIT",
    "MESSAGE_LIMIT",
    "action",
    "body",
    "given",
    "message",
    "part",
    "sealed",
    "seat",
]

MESSAGE_LIMIT = 16_384
"""The longest websocket message a client may send, in characters."""

BODY_LIMIT = 65_536
"""The most bytes a request's body may hold."""

_MOST_SEATS = 1000
"""More seats than any table has: a `seat` beyond is no seat."""

_MOST_STEPS = 10**15
"""More steps than any table takes: a `seq` beyond is no step, and is not quoted back."""

_MESSAGES = ("act", "plan", "say", "part")
"""The types of message a client sends on a table's socket."""


def _json(text: str | bytes, what: str) -> Any:
    """`text` read as JSON; `InvalidInput` says, of `what` (a message id: "the body"), why
    it cannot be."""
    try:
        return json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError):
        # i18n: {what} is "the body" (of a request) or "the message" (on a table's socket)
        raise InvalidInput(i18n._("{what} is not JSON").format(what=i18n._(what))) from None
    except (ValueError, RecursionError):  # a number of thousands of digits; nesting too deep
        said = i18n._("{what} is JSON too large in a number or too deep to read")
        raise InvalidInput(said.format(what=i18n._(what))) from None


async def body(request: Request) -> dict[str, Any]:
    """A request's JSON object, read no further than `BODY_LIMIT` bytes."""
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > BODY_LIMIT:
            said = i18n._("a request's body is at most {most} bytes")
            raise InvalidInput(said.format(most=BODY_LIMIT))
        chunks.append(chunk)
    data = _json(b"".join(chunks), i18n.N_("the body"))
    if not isinstance(data, dict):
        raise InvalidInput(i18n._("the body is not a JSON object"))
    return data


def message(text: str) -> dict[str, Any]:
    """A client's `act`, `plan`, `say` or `part` message, checked (an `act`'s action is
    read by `action`)."""
    if len(text) > MESSAGE_LIMIT:
        said = i18n._("a message is at most {most} characters")
        raise InvalidInput(said.format(most=MESSAGE_LIMIT))
    data = _json(text, i18n.N_("the message"))
    if not isinstance(data, dict) or data.get("type") not in _MESSAGES:
        raise InvalidInput(i18n._('a message is an object of type "act", "plan", "say" or "part"'))
    if data["type"] == "part":
        if not isinstance(data.get("commitment"), str):
            said = i18n._("a part names the commitment it is for: the view's fair.commitment")
            raise InvalidInput(said)
        return data
    if "sealed" in data:
        data["sealed"] = sealed(data["sealed"])
    if data["type"] == "say":
        if not isinstance(data.get("text"), str):
            raise InvalidInput(i18n._("a line said is text"))
        return data
    if data["type"] == "plan":
        if not all(isinstance(data.get(name), bool) for name in ("leave", "away")):
            raise InvalidInput(i18n._("a plan says leave and away, each true or false"))
        return data
    key, seq = data.get("key"), data.get("seq")
    if not (isinstance(key, str) and 1 <= len(key) <= 64 and key.isprintable()):  # stored as text
        said = i18n._("key must be text of 1 to 64 characters, made anew for each action")
        raise InvalidInput(said)
    if isinstance(seq, bool) or not isinstance(seq, int) or not 0 <= seq <= _MOST_STEPS:
        said = i18n._("seq must be the step the action was decided at, a whole number")
        raise InvalidInput(said)
    if "action" not in data:
        raise InvalidInput(i18n._("the message has no action"))
    return data


def action(data: dict[str, Any], known: dict[str, type[Action]]) -> Action:
    """The action of an `act` message, one of the game's (`known`, by name)."""
    given = data["action"]
    kind = given.get("type") if isinstance(given, dict) else None
    if not isinstance(kind, str) or kind not in known:
        said = i18n._("{kind} is not an action of this game: it has {names}")
        raise InvalidInput(said.format(kind=brief(kind), names=", ".join(known)))
    found: Action = decode(given, Action, known)
    return found


def seat(data: dict[str, Any], taken: Action) -> int | None:
    """The seat an `act` message sits down at (a `Join` names one), or None."""
    if not isinstance(taken, Join):
        return None
    named = data.get("seat")
    if not (isinstance(named, int) and not isinstance(named, bool) and 0 <= named < _MOST_SEATS):
        raise InvalidInput(i18n._("sitting down names a seat"))
    return named


def sealed(digest: Any) -> str:
    """A part's seal as a client sent it: its SHA-256, 64 hexadecimal digits (lower case)."""
    if not isinstance(digest, str) or not re.fullmatch(r"[0-9a-f]{64}", digest):
        said = i18n._(
            "a part's seal is its SHA-256 in hexadecimal: 64 digits 0-9 and a-f, lower case"
        )
        raise InvalidInput(said)
    return digest


def given(data: dict[str, Any]) -> tuple[str | None, str | None]:
    """A `part` message's seal, or its part revealed: one of them, checked."""
    if ("sealed" in data) == ("text" in data):
        said = i18n._(
            "a part message gives either sealed, the part's SHA-256 (while the seals are "
            "open), or text, the part itself (once they are closed)"
        )
        raise InvalidInput(said)
    if "sealed" in data:
        return sealed(data["sealed"]), None
    return None, part(data["text"])


def part(text: Any) -> str:
    """A part of the shuffle as a client sent it."""
    if not isinstance(text, str) or not text:
        said = i18n._("a part of the shuffle is text of 1 to {most} characters")
        raise InvalidInput(said.format(most=CONTRIBUTION))
    return checked_part(text)

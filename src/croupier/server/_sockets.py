"""A table's socket once it is let in (`seated`): told the table, its messages read and
answered in order through its outbox, until either side closes it; a connection that sends
much at once slowed to what it reads (backpressure), one that does not read at all closed
(`SLOW`), one the database leaves unanswered closed (`UNAVAILABLE`), and one that has been
sent nothing for a while sent a `heartbeat` (docs/protocol.md, "The websocket")."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from starlette.websockets import WebSocket, WebSocketDisconnect

from croupier import i18n
from croupier.engine.actions import Action
from croupier.errors import InvalidInput
from croupier.server import _frames as frames
from croupier.server import _protocol as protocol
from croupier.server._protocol import CLOSED, MOVED, NO_TABLE, SLOW, UNAVAILABLE
from croupier.server._speaking import language
from croupier.server._telling import json_text
from croupier.server.connections import Subscriber
from croupier.server.lobby import Lobby
from croupier.server.runner import TableRunner

__all__ = ["seated", "unavailable"]

_log = logging.getLogger(__name__)

_CLOSE_WAIT = 10.0
"""How long a connection that does not read is given to take its close frame, in seconds."""

_IN_FLIGHT = 64
"""The most actions and lines a connection may have waiting for their answers: past it, its
socket is not read until one is answered."""

_READ_AHEAD = 100
"""The most messages a connection's outbox may hold unsent before its socket is read again:
past it, its socket is not read until they are sent. With `_IN_FLIGHT`, a client that sends
much at once is slowed to what it reads (backpressure), never closed for it (`SLOW` is for
one that does not read at all)."""


async def seated(websocket: WebSocket, lobby: Lobby, who: tuple[int, str]) -> None:
    """A connection let in, for `who`: told the table, its messages read, until either side
    closes it, or it does not read what it is sent (`SLOW`)."""
    table = websocket.path_params["table"]
    try:
        runner = lobby.runner(table)
    except LookupError:
        found = await lobby.elsewhere(table)
        if found is None and await lobby.closed(table) is not None:
            await websocket.close(code=CLOSED, reason=i18n._("the table is closed"))
            return
        if found is None:
            await websocket.close(code=NO_TABLE, reason=i18n._("there is no such table"))
            return
        # Another process runs it (said where, when its address is known), or it is
        # being taken up: either way the client connects again, there or here.
        await websocket.send_text(json_text(protocol.moved(found.get("socket"))))
        reason = i18n._("another server process runs this table just now: try again shortly")
        await websocket.close(code=MOVED, reason=reason)
        return
    last = websocket.query_params.get("last_seq")
    words = websocket.query_params.get("words") == "1"
    await runner.talk.ready()
    subscriber = runner.subscribe(
        who[0],
        int(last) if last and last.isdigit() else None,
        words=words,
        language=language(websocket),
    )
    lines = runner.talk.recent()  # (no wait since subscribing: no line missed or doubled)
    if lines:
        subscriber.tell({"type": "chat", "lines": lines})
    sender = asyncio.create_task(_send(websocket, subscriber))
    receiver = asyncio.create_task(_receive(websocket, runner, who, subscriber))
    slow = subscriber.slow()
    try:
        await asyncio.wait({receiver, slow, sender}, return_when=asyncio.FIRST_COMPLETED)
        if receiver.done():
            receiver.result()  # what ended the reading, raised here
    finally:
        runner.unsubscribe(subscriber)  # a seat its person holds is held from now
        for task in (sender, receiver, slow):
            if not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
    if subscriber.overflowed:
        await _close_slow(websocket)


async def _close_slow(websocket: WebSocket) -> None:
    """Close a connection whose outbox overflowed (it does not read what it is sent): the
    close frame waits behind what is already sent, up to `_CLOSE_WAIT`; then the connection
    is let go, read or not."""
    _log.info("a connection to a table did not read what it was sent: closed")
    with contextlib.suppress(RuntimeError, WebSocketDisconnect, TimeoutError):
        close = websocket.close(code=SLOW, reason=i18n._("you did not read the table's messages"))
        await asyncio.wait_for(close, _CLOSE_WAIT)


async def unavailable(websocket: WebSocket, error: SQLAlchemyError) -> None:
    """Close a socket that the database, not answering, left unanswered: `UNAVAILABLE`, in
    words, and one line in the log (no traceback)."""
    said = str(error).splitlines()[0] if str(error) else type(error).__name__
    _log.warning("a table's socket was closed: the database is not answering: %s", said)
    reason = i18n._("the database is not answering just now: try again shortly")
    with contextlib.suppress(RuntimeError, WebSocketDisconnect):
        await websocket.close(code=UNAVAILABLE, reason=reason)


async def _send(websocket: WebSocket, subscriber: Subscriber) -> None:
    """Send the connection's outbox in order, every message waiting in one frame (a JSON
    list of them, when there are several): each a message made for this connection alone (a
    dict), or the text made once for its audience; a `heartbeat` when there has been nothing
    to send for `HEARTBEAT` seconds."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            with contextlib.suppress(TimeoutError):  # (a message told meanwhile stays put)
                async with asyncio.timeout(protocol.HEARTBEAT):
                    await subscriber.told()
            if not await _sent(websocket, subscriber.take() or [protocol.heartbeat()]):
                return


async def _sent(websocket: WebSocket, waiting: list[dict[str, Any] | str]) -> bool:
    """Send `waiting` in one frame: False if one of them said the table moved, and the
    socket is closed. (What was sent is let go on return, not kept while the connection
    idles: a view is some kilobytes.)"""
    texts = [m if isinstance(m, str) else json_text(m) for m in waiting]
    await websocket.send_text(texts[0] if len(texts) == 1 else f"[{','.join(texts)}]")
    moved = [m for m in waiting if isinstance(m, dict) and m["type"] == "moved"]
    if moved:
        await websocket.close(code=MOVED, reason=moved[0]["reason"])
        return False
    return True


@functools.cache
def _known(actions: tuple[type[Action], ...]) -> dict[str, type[Action]]:
    """A game's actions by name: one mapping for every connection to its tables."""
    return {kind.__name__: kind for kind in actions}


async def _receive(
    websocket: WebSocket,
    runner: TableRunner,
    who: tuple[int, str],
    subscriber: Subscriber,
) -> None:
    """Read the connection's messages (`frames`); every answer goes out through its outbox,
    in order. While `_IN_FLIGHT` wait for their answers, or `_READ_AHEAD` messages to be
    sent, the socket is not read."""
    pending: set[asyncio.Task[Any]] = set()
    known = _known(runner.book.game.actions)

    def waited(task: asyncio.Task[Any]) -> None:
        pending.add(task)
        task.add_done_callback(pending.discard)

    while True:
        while len(pending) >= _IN_FLIGHT:
            await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
        while len(subscriber.outbox) >= _READ_AHEAD:
            await subscriber.taken()
        frame = await websocket.receive()
        if frame["type"] == "websocket.disconnect":
            return
        try:
            if frame.get("text") is None:
                raise InvalidInput(i18n._("a message is a text frame of JSON, not a binary one"))
            request = frames.message(frame["text"])
            if request["type"] == "plan":
                runner.plan(who[0], request["leave"], request["away"], subscriber)
                continue
            if request["type"] == "part":
                try:
                    sealed, text = frames.given(request)
                except InvalidInput as error:
                    subscriber.tell({"type": "error", "about": "part", "reason": str(error)})
                    continue
                runner.contribute(who[0], request["commitment"], sealed, text, subscriber)
                continue
            if request["type"] == "say":
                waited(asyncio.create_task(runner.say(who[0], who[1], request["text"], subscriber)))
                continue
            action = frames.action(request, known)
            seat = frames.seat(request, action)
        except InvalidInput as error:
            subscriber.tell({"type": "error", "reason": str(error)})
            continue
        sealed = request.get("sealed") if seat is not None else None
        acting = runner.act(
            who[0], who[1], action, request["seq"], request["key"], seat, subscriber, sealed
        )
        waited(asyncio.create_task(acting))

"""The connection to croupier's server, in a thread of its own.

An asyncio loop runs in that thread and holds a `croupier.client` connection, which puts
every message from the table into an inbox and opens the connection again after a drop.
The visit, in the thread that started it, tells and asks as a local table does, waiting only
on `Line.call` and the inbox, so that Ctrl-C and the end of input come where they always do.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
import uuid
from collections.abc import Coroutine
from typing import Any, TypeVar

from websockets.exceptions import ConnectionClosed, WebSocketException

from croupier.cli.remote._trouble import reason
from croupier.client import Client, ProtocolError, TableConnection
from croupier.engine.actions import Action

__all__ = ["Line"]

T = TypeVar("T")

_RETRIES = 5
"""How many times a dropped connection is opened again before giving up."""

_CALL_TIMEOUT = 30.0
"""The longest wait, in seconds, for one request to the server."""


class Line:
    """The connection to the server, run by an asyncio loop in a thread of its own. `call`
    runs a coroutine there and waits for its result; once `listen` has connected to a
    table, every message from it goes into `inbox`. A dropped connection is opened again
    from the last step seen, up to `_RETRIES` times, before a `lost` message says why not;
    an action not yet answered is sent again then, with its key, which the server answers
    once whatever the number of times it comes."""

    def __init__(self, url: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self._thread = threading.Thread(
            target=self.loop.run_forever, name="croupier-connection", daemon=True
        )
        self._thread.start()
        self.client: Client = self.call(self._client(url))
        self.connection: TableConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._unanswered: dict[str, tuple[Action, int, int | None]] = {}

    @staticmethod
    async def _client(url: str) -> Client:
        return Client(url)

    def call(self, coroutine: Coroutine[Any, Any, T], timeout: float = _CALL_TIMEOUT) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def listen(self, table: int) -> None:
        self.connection = self.client.table(table)
        self.call(self.connection.connect())
        self._reader = self.call(self._start())

    async def _start(self) -> asyncio.Task[None]:
        return asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self.connection is not None
        try:
            while True:
                try:
                    message = await self.connection.next()
                except (ConnectionClosed, ProtocolError, OSError) as error:
                    if not await self._reconnect(error):
                        return
                    continue
                if message["type"] in ("ack", "refused"):
                    self._unanswered.pop(str(message.get("key")), None)
                self.inbox.put(message)
        except Exception as error:  # whatever it was, the one waiting on the inbox hears it
            self.inbox.put({"type": "lost", "reason": reason(error)})

    async def _reconnect(self, error: Exception) -> bool:
        assert self.connection is not None
        for attempt in range(_RETRIES):
            await asyncio.sleep(0.5 * 2**attempt)
            try:
                welcome = await self.connection.connect()
                for key, (action, seq, seat) in self._unanswered.items():
                    await self.connection.send(action, seat, key, seq)
            except (WebSocketException, ProtocolError, OSError) as again:
                error = again
                continue
            self.inbox.put({"type": "reconnected", "resumed": welcome["resumed"]})
            return True
        self.inbox.put({"type": "lost", "reason": reason(error)})
        return False

    def send(
        self, action: Action, seq: int, seat: int | None = None, part: str | None = None
    ) -> str:
        """Send `action`, decided at step `seq` (a `Join` at `seat`, with a `part` of the
        coming shuffle): its key (the answer comes to the inbox)."""
        return self.call(self._send(action, seq, seat, part))

    async def _send(self, action: Action, seq: int, seat: int | None, part: str | None) -> str:
        assert self.connection is not None
        key = uuid.uuid4().hex
        self._unanswered[key] = (action, seq, seat)
        with contextlib.suppress(ConnectionClosed, ProtocolError):  # sent again once back
            await self.connection.send(action, seat, key, seq, part)
        return key

    def give(self, commitment: str, text: str) -> None:
        """Add `text` to the shuffle committed to as `commitment`; the answer (`given`, or an
        `error` about the part) comes to the inbox. Not sent again after a drop: the next
        view says whether the part is held."""
        self.call(self._give(commitment, text))

    async def _give(self, commitment: str, text: str) -> None:
        assert self.connection is not None
        with contextlib.suppress(ConnectionClosed, ProtocolError):
            await self.connection.send_part(commitment, text)

    def close(self) -> None:
        """Close the connection and stop the loop; a server that does not answer is left."""
        with contextlib.suppress(Exception):
            self.call(self._close(), timeout=5)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout=5)

    async def _close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        if self.connection is not None:
            await self.connection.close()
        await self.client.close()

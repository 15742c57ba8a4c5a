"""An asyncio client of croupier's table server (docs/protocol.md).

>>> async def main():                                      # doctest: +SKIP
...     async with Client("http://127.0.0.1:8000") as client:
...         await client.log_in("ada", "a long password")
...         table = await client.open_table("chemin-de-fer", bots=3)
...         async with client.table(table["id"]) as seat:
...             await seat.act({"type": "Join", "amount": 500}, seat=0)
...             while True:
...                 message = await seat.next()

`Client` speaks the JSON API (an `httpx.AsyncClient` holding the session cookie, following
a server process's 307 to the one that runs a table); `TableConnection` is one table's
websocket: it keeps the last step seen (`seq`) and view (`view`), checks that no step is
missed, makes an idempotency key for each action, goes where a `moved` message sends it
(the process that runs the table), and can reconnect, carrying on from the last step it
saw. A part of the shuffle it gives is sealed first and revealed, by itself, once a view
says the shuffle's seals are closed (docs/fairness.md, "Sealed parts"). The server's
heartbeats are taken in silence; a server that sends nothing at all for `SILENCE` of them
(stopped, or cut off) is `ServerSilent`, and the connection is let go.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from collections import deque
from types import TracebackType
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from croupier import i18n
from croupier.engine.actions import Action
from croupier.engine.codec import encode
from croupier.errors import CroupierError
from croupier.fairness import seal_of

__all__ = [
    "SILENCE",
    "Client",
    "ProtocolError",
    "ServerRefused",
    "ServerSilent",
    "TableConnection",
    "messages_of",
]

_HOPS = 4
"""How many times one connection follows `moved` before giving up."""

SILENCE = 3
"""How many of the server's heartbeats (its welcome says how long one is) may pass with
nothing heard before the server is taken to be silent."""

_HEARTBEAT = 10.0
"""The server's heartbeat, in seconds, until its welcome has said it."""

_CLOSE_WAIT = 2.0
"""How long, in seconds, a closing connection waits for the server's close frame."""


def messages_of(frame: Any) -> list[Any]:
    """The messages of one websocket frame, its JSON read: a message, or a list of them in
    order (docs/protocol.md, version 2)."""
    return frame if isinstance(frame, list) else [frame]


class ServerRefused(CroupierError):
    """The server refused a request: its status and its reason."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(f"{reason} (HTTP {status})")
        self.status = status
        self.reason = reason


class ProtocolError(CroupierError):
    """The server broke the protocol: a step missed, a message that is not one."""


class ServerSilent(ProtocolError):
    """The server has sent nothing, not even a heartbeat, for `seconds` (`SILENCE`
    heartbeats): it is stopped, or cut off. The connection is let go; connect again."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        said = i18n._("the server has said nothing for {seconds:g} s")
        super().__init__(said.format(seconds=seconds))


class Client:
    """A person at the server at `url` (`http://host:port`)."""

    def __init__(self, url: str, timeout: float = 10.0) -> None:
        self.url = url.rstrip("/")
        self._http = httpx.AsyncClient(base_url=self.url, timeout=timeout, follow_redirects=True)

    async def __aenter__(self) -> Client:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        await self._http.aclose()

    async def _call(self, method: str, path: str, body: Any = None) -> Any:
        language = {"accept-language": i18n.current()}  # the server's words in the session's
        response = await self._http.request(method, path, json=body, headers=language)
        try:
            data = response.json()
        except ValueError:  # a failure of the server's own, or not croupier's server
            if response.is_error:
                raise ServerRefused(response.status_code, response.reason_phrase) from None
            said = i18n._("{method} {path} did not answer JSON")
            raise ProtocolError(said.format(method=method, path=path)) from None
        if response.is_error:
            reason = data.get("error") if isinstance(data, dict) else None
            raise ServerRefused(response.status_code, reason or response.reason_phrase)
        return data

    async def health(self) -> dict[str, Any]:
        data: dict[str, Any] = await self._call("GET", "/api/health")
        return data

    async def register(self, name: str, password: str) -> dict[str, Any]:
        """Register and log in: the person, with their chips."""
        data: dict[str, Any] = await self._call(
            "POST", "/api/register", {"name": name, "password": password}
        )
        return data

    async def log_in(self, name: str, password: str) -> dict[str, Any]:
        data: dict[str, Any] = await self._call(
            "POST", "/api/login", {"name": name, "password": password}
        )
        return data

    async def me(self) -> dict[str, Any]:
        data: dict[str, Any] = await self._call("GET", "/api/me")
        return data

    async def tables(self) -> list[dict[str, Any]]:
        data: list[dict[str, Any]] = await self._call("GET", "/api/tables")
        return data

    async def open_table(
        self,
        game: str,
        rules: dict[str, Any] | None = None,
        bots: int = 0,
        settings: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Open a table: the lobby's entry for it."""
        body = {"game": game, "rules": rules or {}, "bots": bots, "settings": settings or {}}
        data: dict[str, Any] = await self._call("POST", "/api/tables", body)
        return data

    async def table_entry(self, table: int) -> dict[str, Any]:
        """The lobby's entry for table `table`: its game, its seats, who sits where."""
        data: dict[str, Any] = await self._call("GET", f"/api/tables/{table}")
        return data

    async def close_table(self, table: int) -> dict[str, Any]:
        """Ask the table to end its session at the next moment the rules allow."""
        data: dict[str, Any] = await self._call("POST", f"/api/tables/{table}/close", {})
        return data

    def table(self, table: int) -> TableConnection:
        """Table `table`'s connection (opened with `async with`, or `connect`)."""
        return TableConnection(self, table)

    def _socket_url(self, table: int, last_seq: int | None, at: str | None = None) -> str:
        """The table's socket: `at` (where a `moved` sent it) or at this client's server."""
        base = self.url.replace("http://", "ws://", 1).replace("https://", "wss://", 1)
        query = f"?lang={i18n.current()}" + ("" if last_seq is None else f"&last_seq={last_seq}")
        return f"{at or f'{base}/api/tables/{table}/socket'}{query}"

    def _cookie(self) -> str:
        return "; ".join(f"{name}={value}" for name, value in self._http.cookies.items())


class TableConnection:
    """One table's websocket, for the person logged in."""

    def __init__(self, client: Client, table: int) -> None:
        self.client = client
        self.table = table
        self.seq: int | None = None
        """The last step seen."""
        self.view: dict[str, Any] | None = None
        """The last view message."""
        self.welcome: dict[str, Any] | None = None
        self.at: str | None = None
        """The table's socket at the process that runs it, once a `moved` has said where;
        None: at the client's own server."""
        self._socket: ClientConnection | None = None
        self._framed: deque[dict[str, Any]] = deque()
        """The messages of the last frame not yet read (a frame may hold several)."""
        self._held: deque[dict[str, Any]] = deque()
        self._parts: dict[str, str] = {}
        """The parts this connection sealed, by the commitment of their shuffle, until
        they are revealed."""

    async def __aenter__(self) -> TableConnection:
        await self.connect()
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    async def connect(self) -> dict[str, Any]:
        """Open the websocket (again, after a drop: from the last step seen), at the process
        that runs the table: a process that does not is followed to the one it names
        (`moved`). The welcome; `ConnectionClosed` (code 4409) while no process can say
        where the table is run, and the connection's own error when the process it was
        sent to cannot be reached (it has died: try again shortly, at its own server)."""
        for _ in range(_HOPS):
            await self.close()
            url = self.client._socket_url(self.table, self.seq, self.at)
            try:
                self._socket = await connect(
                    url,
                    additional_headers={"Cookie": self.client._cookie()},
                    close_timeout=_CLOSE_WAIT,
                )
            except (OSError, WebSocketException):
                self.at = None  # the process it was sent to is gone: next time, ask ours
                raise
            welcome = await self._receive()
            if welcome.get("type") != "moved":
                break
            self.at = welcome.get("to")
            if self.at is None:  # being taken up: the server closes (4409); try again soon
                after = await self._receive()  # raises ConnectionClosed, with the code
                raise ProtocolError(i18n._("a message after 'moved': {after}").format(after=after))
        else:
            said = i18n._("sent on more than {hops} times: the table is not found")
            raise ProtocolError(said.format(hops=_HOPS))
        if welcome.get("type") != "welcome":
            said = i18n._("the server's first message is not a welcome: {welcome}")
            raise ProtocolError(said.format(welcome=welcome))
        if not welcome.get("resumed"):
            self.seq = None  # a whole view comes; steps before it are not told
        self.welcome = welcome
        return welcome

    async def close(self) -> None:
        self._framed.clear()
        if self._socket is not None:
            await self._socket.close()
            self._socket = None

    @property
    def seat(self) -> int | None:
        """The seat this person holds, by the last view."""
        return None if self.view is None else self.view["seat"]

    @property
    def legal(self) -> list[Any]:
        """The options of the last view: what this seat may do now."""
        if self.view is None:
            return []
        options: list[Any] = self.view["view"]["legal"]["options"]
        return options

    async def _receive(self) -> dict[str, Any]:
        """The next message: of the last frame, or of the next (one message, or a list)."""
        while not self._framed:  # (a frame of heartbeats alone holds no message)
            data = json.loads(await self._heard())
            for message in messages_of(data) or [data]:  # (an empty list is no message)
                if not isinstance(message, dict) or "type" not in message:
                    said = i18n._("not a message: {message!r}")
                    raise ProtocolError(said.format(message=message))
                if message["type"] != "heartbeat":
                    self._framed.append(message)
        return self._framed.popleft()

    async def _heard(self) -> str | bytes:
        """The next frame; `ServerSilent` (the connection let go) if none comes within
        `SILENCE` of the server's heartbeats."""
        if self._socket is None:
            raise ProtocolError(i18n._("the connection is closed"))
        beat = (self.welcome or {}).get("heartbeat", _HEARTBEAT)
        seconds = SILENCE * (beat if isinstance(beat, int | float) and beat > 0 else _HEARTBEAT)
        try:
            async with asyncio.timeout(seconds):
                return await self._socket.recv()
        except TimeoutError:
            await self.close()
            raise ServerSilent(seconds) from None

    async def _next_noted(self) -> dict[str, Any]:
        message = await self._receive()
        self._note(message)
        if message["type"] == "view":
            await self._reveal(message.get("fair") or {})
        return message

    async def _reveal(self, fair: dict[str, Any]) -> None:
        """Reveal the part this connection sealed, once the view says its seals are closed
        (the answer, `given` or an `error` about the part, comes through `next`)."""
        own = fair.get("part") or {}
        text = self._parts.get(fair.get("commitment") or "")
        due = fair.get("revealing") and own.get("text") is None
        if due and text is not None and own.get("sealed") == seal_of(text) and self._socket:
            del self._parts[fair["commitment"]]
            message = {"type": "part", "commitment": fair["commitment"], "text": text}
            await self._socket.send(json.dumps(message))

    def _note(self, message: dict[str, Any]) -> None:
        """Keep the last step and view, and where a `moved` sends the connection next; a step
        missed is a `ProtocolError`."""
        kind = message["type"]
        if kind == "moved":
            self.at = message.get("to")
        if kind == "step":
            if self.seq is not None and message["seq"] != self.seq + 1:
                said = i18n._("step {seq} came after step {last}")
                raise ProtocolError(said.format(seq=message["seq"], last=self.seq))
            self.seq = message["seq"]
        elif kind == "view":
            if self.seq is not None and message["seq"] != self.seq:
                said = i18n._("a view of step {seq} came after step {last}")
                raise ProtocolError(said.format(seq=message["seq"], last=self.seq))
            self.seq, self.view = message["seq"], message

    async def next(self) -> dict[str, Any]:
        """The next message from the table (steps and views are checked and noted)."""
        return self._held.popleft() if self._held else await self._next_noted()

    async def send(
        self,
        action: Action | dict[str, Any],
        seat: int | None = None,
        key: str | None = None,
        seq: int | None = None,
        part: str | None = None,
    ) -> str:
        """Send `action` (for sitting down, at `seat`, with a `part` of the coming shuffle:
        its seal, the part revealed once the seals close), decided on step `seq` (by default
        the last step seen), without waiting for the answer: its key. The answer, `ack` or
        `refused` with that key, comes through `next`."""
        if self._socket is None:
            raise ProtocolError(i18n._("the connection is closed"))
        key = key or uuid.uuid4().hex
        body = encode(action) if isinstance(action, Action) else action
        decided = self.seq or 0 if seq is None else seq
        message: dict[str, Any] = {"type": "act", "seq": decided, "key": key, "action": body}
        if seat is not None:
            message["seat"] = seat
        commitment = ((self.view or {}).get("fair") or {}).get("commitment")
        if part is not None and commitment is not None:
            message["sealed"] = seal_of(part)
            self._parts[commitment] = part
        await self._socket.send(json.dumps(message))
        return key

    async def send_part(self, commitment: str, text: str) -> None:
        """Give `text` as a part of the shuffle committed to as `commitment`: its seal now,
        the part itself once a view says the seals are closed; without waiting for the
        answer (`given`, or an `error` about the part, through `next`)."""
        if self._socket is None:
            raise ProtocolError(i18n._("the connection is closed"))
        self._parts[commitment] = text
        await self._socket.send(
            json.dumps({"type": "part", "commitment": commitment, "sealed": seal_of(text)})
        )

    async def give(self, text: str, commitment: str | None = None) -> dict[str, Any]:
        """Add `text` to the coming shuffle, whose `commitment` (by default the last view's)
        the person was shown, sealed (`send_part`): the answer, `given`, or an `error` about
        the part (the shuffle was made meanwhile, the seals are closed, the text is not a
        part). Messages that come before it wait for `next`."""
        if commitment is None:
            fair = (self.view or {}).get("fair") or {}
            commitment = fair.get("commitment")
        if commitment is None:
            raise ProtocolError(i18n._("no shuffle is committed to at this table"))
        await self.send_part(commitment, text)
        while True:
            answer = await self._next_noted()
            if answer["type"] == "given" or (
                answer["type"] == "error" and answer.get("about") == "part"
            ):
                return answer
            if answer["type"] == "error":
                raise ProtocolError(answer["reason"])
            self._held.append(answer)

    async def plan(self, leave: bool = False, away: bool = False) -> dict[str, Any]:
        """Say the seat's plans: get up at the next moment the rules allow (`leave`), sit out
        (`away`); the `planned` answer. Messages that come before it wait for `next`."""
        if self._socket is None:
            raise ProtocolError(i18n._("the connection is closed"))
        await self._socket.send(json.dumps({"type": "plan", "leave": leave, "away": away}))
        while True:
            answer = await self._next_noted()
            if answer["type"] == "planned":
                return answer
            if answer["type"] == "error":
                raise ProtocolError(answer["reason"])
            self._held.append(answer)

    async def act(
        self,
        action: Action | dict[str, Any],
        seat: int | None = None,
        key: str | None = None,
        part: str | None = None,
    ) -> dict[str, Any]:
        """Take `action` (for sitting down, at `seat`, with a `part` of the coming shuffle),
        decided on the last step seen: the answer, `ack` or `refused`. Messages that come
        before it wait for `next`. Retrying with the same `key` is safe: the server applies an
        action once."""
        key = await self.send(action, seat, key, part=part)
        while True:
            answer = await self._next_noted()
            if answer["type"] in ("ack", "refused") and answer.get("key") == key:
                return answer
            if answer["type"] == "error":
                raise ProtocolError(answer["reason"])
            self._held.append(answer)

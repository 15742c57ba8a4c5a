"""Heartbeats (issue 38; docs/protocol.md, "Heartbeats"): a connection sent nothing for the
server's heartbeat is sent a `heartbeat`, and its welcome says how long one is; a client
(`croupier.client`) takes them in silence, and lets go of a server that sends nothing at all
for three of them (one stopped, or cut off), as its socket alone would not say for long."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient
from websockets.asyncio.server import ServerConnection, serve

from croupier.client import SILENCE, Client, ServerSilent
from croupier.server import _protocol as protocol
from croupier.server.app import create_app
from tests.server.players import Person, Reader, open_table


def test_an_idle_connection_is_sent_heartbeats(database_url, monkeypatch):
    monkeypatch.setattr(protocol, "HEARTBEAT", 0.1)
    with TestClient(create_app(database_url)) as server:
        ada = Person(server, "ada")
        table = open_table(ada, time_limit=600)
        with ada.connect(table) as socket:
            reader = Reader(socket, ada.heard)
            welcome = reader.until(lambda m: m["type"] == "welcome")
            assert welcome["heartbeat"] == 0.1
            # (the table's first steps, its shuffle, may come before it rests)
            first = reader.until(lambda m: m["type"] == "heartbeat")
            beats = [reader.until(lambda m: True) for _ in range(2)]  # nothing else comes
    assert [first, *beats] == [{"type": "heartbeat"}] * 3


async def _fake(then: Callable[[ServerConnection], Any], heartbeat: float) -> tuple[Any, int]:
    """A server that welcomes a table's connection (saying its `heartbeat`) and shows it a
    view, then does `then` with it; and its port."""

    async def welcome(socket: ServerConnection) -> None:
        first = {"type": "welcome", "table": 1, "game": "banchek", "seq": 0, "seat": None}
        await socket.send(json.dumps({**first, "resumed": False, "heartbeat": heartbeat}))
        await socket.send(json.dumps({"type": "view", "seq": 0, "seat": None, "view": {}}))
        await then(socket)

    server = await serve(welcome, "127.0.0.1", 0)
    return server, server.sockets[0].getsockname()[1]


def _heard(then: Callable[[ServerConnection], Any], heartbeat: float = 0.05) -> list[Any]:
    """What a client's `next()` gave, at the fake server, until it raised."""

    async def run() -> list[Any]:
        server, port = await _fake(then, heartbeat)
        heard: list[Any] = []
        async with server, Client(f"http://127.0.0.1:{port}") as client:
            table = client.table(1)
            await table.connect()
            try:
                while True:
                    heard.append(await table.next())
            except Exception as error:
                heard.append(error)
        return heard

    return asyncio.run(run())


def test_a_client_lets_go_of_a_server_that_says_nothing():
    async def silent(socket: ServerConnection) -> None:
        await socket.wait_closed()  # (as a stopped process: the socket open, nothing sent)

    *messages, error = _heard(silent)
    assert [m["type"] for m in messages] == ["view"]
    assert isinstance(error, ServerSilent) and error.seconds == pytest.approx(SILENCE * 0.05)
    assert str(error) == f"the server has said nothing for {SILENCE * 0.05:g} s"


def test_a_client_takes_heartbeats_in_silence():
    # A heartbeat of 0.5 s, beaten twice as often: the client lets go after 1.5 s of silence,
    # which a busy machine's pause does not reach, and the beats last for twice that.
    async def beating(socket: ServerConnection) -> None:
        for _ in range(4 * SILENCE):
            await asyncio.sleep(0.25)
            await socket.send(json.dumps({"type": "heartbeat"}))
        await socket.send(json.dumps({"type": "step", "seq": 1}))
        await socket.close()

    *messages, error = _heard(beating, heartbeat=0.5)
    assert messages[1:] == [{"type": "step", "seq": 1}], "the heartbeats are not messages"
    assert not isinstance(error, ServerSilent)

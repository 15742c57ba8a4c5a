"""Slow and greedy clients (docs/protocol.md, the websocket's close codes): a connection that
does not read what the table sends it is closed with `4408` once its outbox holds the limit,
rather than kept growing in the server's memory, and its seat is treated as a drop: held,
then freed ("by": "absent")."""

from __future__ import annotations

import json
import socket
import time
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from croupier.client import messages_of
from croupier.server import runner
from croupier.server.protocol import SLOW
from tests.cli.served import PASSWORD, Served
from tests.server.players import steps_of


def _until(socket: ClientConnection, wanted: Any) -> dict[str, Any]:
    while True:
        for message in messages_of(json.loads(socket.recv(timeout=30))):
            if wanted(message):
                return dict(message)


def test_a_client_that_does_not_read_is_closed_4408_and_its_seat_held_then_freed(
    database_url, monkeypatch
):
    monkeypatch.setattr(runner, "OUTBOX_LIMIT", 40)
    served = Served(database_url, send_buffer=4096)
    served.start()
    try:
        with httpx.Client(base_url=served.url) as http:
            http.post("/api/register", json={"name": "ada", "password": PASSWORD})
            settings = {"bot_pause": 0, "hold": 1, "away": 86400}
            body = {"game": "chemin-de-fer", "bots": 2, "settings": settings}
            table = http.post("/api/tables", json=body).json()["id"]
            cookie = http.cookies["session"]
        raw = socket.socket()  # a small window, set before it is opened
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        raw.connect(("127.0.0.1", served.port))
        address = f"ws://127.0.0.1:{served.port}/api/tables/{table}/socket"
        headers = {"cookie": f"session={cookie}"}
        with connect(
            address, sock=raw, additional_headers=headers, max_queue=1, compression=None
        ) as ada:
            view = _until(ada, lambda m: m["type"] == "view" and "0" in m.get("open_seats", {}))
            join = {"type": "Join", "amount": 500}
            ada.send(
                json.dumps(
                    {"type": "act", "seq": view["seq"], "key": "j", "action": join, "seat": 0}
                )
            )
            assert _until(ada, lambda m: m["type"] in ("ack", "refused"))["type"] == "ack"
            ada.send(json.dumps({"type": "plan", "leave": False, "away": True}))
            _until(ada, lambda m: m["type"] == "planned")
            # Ada sits out, so the table plays on at the bots' speed; she stops reading.
            time.sleep(4)
            closed = None
            try:
                while True:
                    ada.recv(timeout=30)
            except ConnectionClosed as error:
                closed = error
        assert closed.rcvd is not None, "the server's close frame did not come"
        assert (closed.rcvd.code, closed.rcvd.reason) == (
            SLOW,
            "you did not read the table's messages",
        )
        deadline = time.monotonic() + 30
        while not any(s.by == "absent" and s.actor == "0" for s in steps_of(database_url, table)):
            assert time.monotonic() < deadline, "the seat was not freed after its hold"
            time.sleep(0.2)
    finally:
        served.stop()

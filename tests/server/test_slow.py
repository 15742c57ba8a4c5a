"""Slow and greedy clients (docs/protocol.md, the websocket's close codes): a connection that
does not read what the table sends it is closed with `4408` once its outbox holds the limit,
rather than kept growing in the server's memory, and its seat is treated as a drop: held,
then freed ("by": "absent")."""

from __future__ import annotations

import json
import os
import socket
import struct
import threading
import time
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from croupier.client import messages_of
from croupier.server import connections
from croupier.server._protocol import SLOW
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
    monkeypatch.setattr(connections, "OUTBOX_LIMIT", 40)
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


def test_a_client_that_sends_two_thousand_actions_at_once_and_reads_is_answered(database_url):
    """Issue 38: the actions a connection has waiting for their answers, and the messages
    waiting to be sent to it, are bounded by not reading its socket while too many wait
    (backpressure), not by closing it: every one of two thousand actions sent in one write
    is answered, then every one of a thousand plans, and the connection stays open."""
    served = Served(database_url)
    served.start()
    try:
        with httpx.Client(base_url=served.url) as http:
            http.post("/api/register", json={"name": "ada", "password": PASSWORD})
            body = {"game": "punto-banco", "settings": {"time_limit": 600}}
            table = http.post("/api/tables", json=body).json()["id"]
            cookie = http.cookies["session"]
        address = f"ws://127.0.0.1:{served.port}/api/tables/{table}/socket"
        with connect(address, additional_headers={"cookie": f"session={cookie}"}) as ada:
            view = _until(ada, lambda m: m["type"] == "view" and "0" in m.get("open_seats", {}))
            sit = {"type": "act", "seq": view["seq"], "key": "sit", "seat": 0}
            ada.send(json.dumps({**sit, "action": {"type": "Join", "amount": 300}}))
            assert _until(ada, lambda m: m["type"] in ("ack", "refused"))["type"] == "ack"
            keys = [f"again-{n}" for n in range(2000)]
            again = {"type": "act", "seq": view["seq"], "seat": 1}
            frames = b"".join(  # she sits already: each is refused
                _masked(json.dumps({**again, "key": key, "action": {"type": "Join", "amount": 9}}))
                for key in keys
            )
            sending = threading.Thread(target=ada.socket.sendall, args=(frames,))
            sending.start()  # all in one write, while she reads what comes
            answered: list[dict[str, Any]] = []
            while len(answered) < len(keys):  # (a frame holds many)
                frame = messages_of(json.loads(ada.recv(timeout=30)))
                answered += [m for m in frame if m.get("key") in keys]
            sending.join(30)
            assert sorted(m["key"] for m in answered) == sorted(keys), "each answered once"
            assert {m["type"] for m in answered} == {"refused"}
            plan = _masked(json.dumps({"type": "plan", "leave": False, "away": False}))
            ada.socket.sendall(plan * 1000)  # each answered at once, and a view to everyone
            planned = 0
            while planned < 1000:
                frame = messages_of(json.loads(ada.recv(timeout=30)))
                planned += sum(m["type"] == "planned" for m in frame)
    finally:
        served.stop()


def _masked(text: str) -> bytes:
    """`text` as one masked text frame from a client (RFC 6455, 5.2), to write straight to
    the socket: many of them go in one write, as a client that sends them at once."""
    payload, mask = text.encode(), os.urandom(4)
    assert len(payload) < 65536
    size = (
        bytes([0x80 | len(payload)])
        if len(payload) < 126
        else b"\xfe" + struct.pack("!H", len(payload))
    )
    return b"\x81" + size + mask + bytes(b ^ mask[n % 4] for n, b in enumerate(payload))

"""Who a request comes from (docs/protocol.md, "Behind a proxy"): the socket's peer, whatever
the request's headers say, unless the server was told that the peer is its proxy
(`croupier serve --proxy`); then the address the proxy forwards. So behind the nginx site
that `croupier deploy nginx` writes each client is counted by its own address at the door, at
every process on the database, and a client that sends its own `X-Forwarded-For` chooses no
address, whether it comes through the proxy or straight to the server."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette
from starlette.requests import HTTPConnection
from starlette.responses import JSONResponse
from starlette.routing import Route, WebSocketRoute
from starlette.testclient import TestClient
from starlette.websockets import WebSocket
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

import croupier.server.app
from croupier.errors import InvalidInput
from croupier.server._protocol import CROWDED
from croupier.server.app import create_app
from croupier.server.deploy import House
from croupier.server.door import Entrance, Limits
from croupier.server.forwarded import Forwarded, network, proxies
from tests.server import proxied
from tests.server.players import PASSWORD
from tests.server.test_crash import Server, _free_port

pytestmark = pytest.mark.timeout(300)


def _seen(connection: HTTPConnection) -> dict[str, Any]:
    assert connection.client is not None
    return {"client": connection.client.host, "scheme": connection.url.scheme}


async def _http(request: HTTPConnection) -> JSONResponse:
    return JSONResponse(_seen(request))


async def _socket(websocket: WebSocket) -> None:
    await websocket.accept()
    await websocket.send_json(_seen(websocket))
    await websocket.close()


def _seen_by(peer: str, trusted: list[str], headers: dict[str, str]) -> dict[str, Any]:
    """Who and by what scheme a request from `peer` with `headers` is, to a server that
    trusts `trusted` (and what a websocket from it is)."""
    app = Forwarded(
        Starlette(routes=[Route("/", _http), WebSocketRoute("/socket", _socket)]),
        proxies(trusted),
    )
    with TestClient(app, client=(peer, 40000)) as client:
        seen = client.get("/", headers=headers).json()
        with client.websocket_connect("/socket", headers=headers) as socket:
            seen["socket"] = socket.receive_json()
    return dict(seen)


SPOOFED = {"x-forwarded-for": "198.51.100.7", "x-forwarded-proto": "https"}


def test_a_request_is_from_its_peer_whatever_its_headers_say():
    assert _seen_by("127.0.0.1", [], SPOOFED) == {
        "client": "127.0.0.1",
        "scheme": "http",
        "socket": {"client": "127.0.0.1", "scheme": "ws"},
    }
    assert _seen_by("10.1.2.3", ["127.0.0.1"], SPOOFED)["client"] == "10.1.2.3"  # no proxy


def test_a_proxy_named_is_believed_for_the_address_it_saw():
    assert _seen_by("127.0.0.1", ["127.0.0.1"], SPOOFED) == {
        "client": "198.51.100.7",
        "scheme": "https",
        "socket": {"client": "198.51.100.7", "scheme": "wss"},
    }
    # what the client said, then what each proxy saw: the nearest address not a proxy
    chain = {"x-forwarded-for": "203.0.113.9, 198.51.100.7, 10.0.0.5"}
    assert _seen_by("10.0.0.4", ["10.0.0.0/8"], chain)["client"] == "198.51.100.7"
    assert _seen_by("10.0.0.4", ["10.0.0.0/8"], {})["client"] == "10.0.0.4"  # nothing said


def test_a_proxy_is_an_address_or_a_network_else_refused_in_words():
    assert str(network("10.0.0.1/8")) == "10.0.0.0/8"
    assert str(network("::1")) == "::1/128"
    for bad in ("abc", "1.5", "10.0.0.0/33", ""):
        with pytest.raises(InvalidInput, match=r"is not an address or a network: give"):
            network(bad)


class Clock:
    """The door's clock, standing still: a wait is never over while a test runs."""

    def __call__(self) -> float:
        return 1000.0


@pytest.fixture
def behind_a_proxy(database_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """A server whose requests all come from its proxy at 127.0.0.1, which it was told of."""
    monkeypatch.setattr(croupier.server.app, "Entrance", functools.partial(Entrance, clock=Clock()))
    limits = Limits(tries=2, address_tries=3, registrations=2)
    app = create_app(database_url, limits=limits, proxies=proxies(["127.0.0.1"]))
    with TestClient(app, client=("127.0.0.1", 40000)) as client:
        yield client


def _as(client: TestClient, address: str, path: str, name: str, password: str) -> int:
    body = {"name": name, "password": password}
    answer = client.post(path, json=body, headers={"x-forwarded-for": address})
    client.cookies.clear()
    return answer.status_code


def test_behind_a_proxy_one_clients_tries_hold_up_no_other(behind_a_proxy):
    server, one, other = behind_a_proxy, "198.51.100.1", "198.51.100.2"
    assert [_as(server, one, "/api/register", f"a{n}", PASSWORD) for n in range(3)] == [
        201,
        201,
        429,
    ]
    assert _as(server, other, "/api/register", "b", PASSWORD) == 201
    guesses = [_as(server, one, "/api/login", f"nobody{n}", "not it") for n in range(4)]
    assert guesses == [401, 401, 401, 429]
    assert _as(server, other, "/api/login", "b", "not it") == 401
    assert _as(server, other, "/api/login", "b", PASSWORD) == 200


def _fresh(n: int) -> dict[str, str]:
    """A header that names a new address each time, as a client that would be many sends."""
    return {"x-forwarded-for": f"203.0.113.{n % 250}"}


def _until_refused(tries: list[Any]) -> list[int]:
    """The statuses of calling each of `tries` in turn, up to the first 429."""
    statuses: list[int] = []
    for attempt in tries:
        statuses.append(attempt().status_code)
        if statuses[-1] == 429:
            break
    return statuses


def test_without_a_proxy_named_a_client_that_sends_its_own_header_chooses_no_address(
    database_url, tmp_path
):
    """`croupier serve` with no --proxy, a client on the same machine (where uvicorn would
    believe it): a new `X-Forwarded-For` on every registration and every socket changes
    nothing."""
    options = ("--registrations", "2", "--connections", "3")
    server = Server(database_url, tmp_path / "server.log", options)
    server.start()
    try:
        with httpx.Client(base_url=server.address) as http:
            body = {"name": "ada", "password": PASSWORD}
            assert http.post("/api/register", json=body, headers=_fresh(0)).status_code == 201
            table = {"game": "punto-banco", "bots": 1, "settings": {"bot_pause": 1}}
            opened = http.post("/api/tables", json=table).json()["id"]
            cookie = http.cookies["session"]
            http.cookies.clear()
            statuses = _until_refused(
                [
                    functools.partial(
                        http.post,
                        "/api/register",
                        json={"name": f"p{n}", "password": PASSWORD},
                        headers=_fresh(n),
                    )
                    for n in range(1, 9)
                ]
            )
        # the second registration is the last free one; then each must wait, and the next
        # comes within the doubling waits (one argon2 hash apart)
        assert statuses[0] == 201 and statuses[-1] == 429, statuses
        address = f"ws://127.0.0.1:{server.port}/api/tables/{opened}/socket"
        assert asyncio.run(_sockets(address, cookie, 4)) == [None, None, None, CROWDED]
    finally:
        server.kill()


async def _sockets(address: str, cookie: str, count: int) -> list[int | None]:
    """Open `count` sockets at once, each saying it is from a new address: how each was
    closed before its first view (None: it was not)."""
    opened = []
    closed: list[int | None] = []
    try:
        for n in range(count):
            headers = {"cookie": f"session={cookie}", **_fresh(n)}
            socket = await connect(address, additional_headers=headers)
            opened.append(socket)
            try:
                while '"view"' not in str(await socket.recv()):
                    pass
                closed.append(None)
            except ConnectionClosed as error:
                closed.append(error.rcvd.code if error.rcvd is not None else None)
    finally:
        for socket in opened:
            await socket.close()
    return closed


@pytest.fixture
def two_behind_nginx(database_url: str, tmp_path: Path) -> Iterator[House]:
    """Two `croupier serve` on one database behind nginx, with the site `croupier deploy
    nginx` writes and each process told what it says (tests.server.proxied), each letting one
    address register twice one after another: the house (each process's own at /pPORT/)."""
    options = ("--registrations", "2")
    processes = [Server(database_url, tmp_path / f"p{n}.log", options) for n in (1, 2)]
    house = proxied.house(_free_port(), [process.port for process in processes])
    for process in processes:
        process.options = (*proxied.told(house, process.port), *process.options)
    try:
        for process in processes:
            process.start()
        with proxied.nginx(tmp_path, house):
            yield house
    finally:
        for process in processes:
            if process.process is not None and process.process.poll() is None:
                process.kill()


def _client(base: str, address: str) -> httpx.Client:
    """A client whose connections come from `address` (the whole of 127/8 is loopback)."""
    return httpx.Client(base_url=base, transport=httpx.HTTPTransport(local_address=address))


@pytest.mark.slow
def test_behind_nginx_each_client_is_its_own_address_at_every_process(two_behind_nginx):
    """One client (127.0.0.2) guesses passwords, each guess saying it is from a new address
    and going to each process in turn: its free guesses are the default 50 in all, not 50 at
    each process nor one set per address it names, and then it waits; a second client
    (127.0.0.1) is not held up. The same for registering (two free)."""
    base, (first, second) = two_behind_nginx.url, two_behind_nginx.ports
    with _client(base, "127.0.0.2") as one, _client(base, "127.0.0.1") as other:
        guesses = [
            functools.partial(
                one.post,
                f"/p{(first, second)[n % 2]}/api/login",
                json={"name": f"nobody{n}", "password": "not it"},
                headers=_fresh(n),
            )
            for n in range(56)
        ]
        statuses = _until_refused(guesses)
        assert statuses[:50] == [401] * 50 and statuses[-1] == 429, statuses
        wrong = other.post(f"/p{second}/api/login", json={"name": "nobody0", "password": "not it"})
        assert wrong.status_code == 401

        registrations = [
            functools.partial(
                one.post,
                f"/p{(first, second)[n % 2]}/api/register",
                json={"name": f"one{n}", "password": PASSWORD},
                headers=_fresh(n),
            )
            for n in range(8)
        ]
        statuses = _until_refused(registrations)
        assert statuses[0] == 201 and statuses[-1] == 429, statuses
        body = {"name": "other", "password": PASSWORD}
        assert other.post(f"/p{first}/api/register", json=body).status_code == 201

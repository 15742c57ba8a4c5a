"""The door (docs/protocol.md, "Limits at the door"): wrong passwords and registrations
counted per name and per address, each try past the free ones waiting twice as long as the
last, and refused 429 with the wait before argon2 is asked; the counts kept in the database,
so that every server process on it counts the same tries; sessions the server keeps, so
that logging out or changing the password ends them everywhere; the Secure cookie behind
https; table connections limited per address."""

from __future__ import annotations

import copy
import functools
from collections.abc import Iterator
from typing import Any

import pytest
from argon2 import PasswordHasher
from sqlalchemy import Engine
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import croupier.server.app
from croupier.errors import TooSoon
from croupier.server._protocol import CROWDED, ENDED
from croupier.server.app import create_app
from croupier.server.database import open_database
from croupier.server.door import Door, Entrance, Limits
from tests.server.players import PASSWORD, Person, Reader, open_table


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def waits(door: Door, key: str, clock: Clock, tries: int) -> list[float]:
    """The wait each of `tries` counted tries leaves (0: none), each made once it may be."""
    found = []
    for _ in range(tries):
        door.check(key, "for this name")
        door.counted(key)
        try:
            door.check(key, "for this name")
            found.append(0.0)
        except TooSoon as error:
            found.append(float(error.wait))
            clock.now += error.wait
    return found


@pytest.fixture
def engine(database_url: str) -> Iterator[Engine]:
    engine = open_database(database_url)
    yield engine
    engine.dispose()


def test_the_free_tries_come_at_once_then_each_wait_doubles_up_to_the_longest(engine):
    clock = Clock()
    door = Door(engine, "name", 3, first_wait=1, longest_wait=20, clock=clock)
    assert waits(door, "ada", clock, 9) == [0, 0, 1, 2, 4, 8, 16, 20, 20]


def test_a_try_before_its_wait_is_refused_saying_how_long_is_left(engine):
    clock = Clock()
    door = Door(engine, "name", 1, first_wait=8, clock=clock)
    door.counted("ada")
    clock.now += 2.5
    with pytest.raises(TooSoon, match=r"too many tries for this name: try again in 6 seconds"):
        door.check("ada", "for this name")
    door.check("bob", "for this name")  # another key is not held up
    Door(engine, "address", 1, clock=clock).check("ada", "from this address")  # nor another door
    clock.now -= 3600  # the clock moved back (here, or where another process counted)
    door.check("ada", "for this name")  # a wait longer than any the door sets is over


def test_a_key_is_forgotten_after_a_quiet_hour_or_when_forgiven_and_storage_stays_bounded(
    engine,
):
    clock = Clock()
    door = Door(engine, "name", 1, forget_after=3600, most_keys=10, clock=clock)
    door.counted("ada")
    clock.now += 3601
    door.check("ada", "for this name")  # forgotten
    door.counted("bob")  # ... and its row deleted as another is counted
    assert len(door) == 1
    door.forgive("bob")
    door.check("bob", "for this name")
    for n in range(30):
        clock.now += 1
        door.counted(f"guess-{n}")
    assert len(door) == 10
    with pytest.raises(TooSoon):
        door.check("guess-29", "for this name")  # the most recent are the ones kept


def test_two_processes_on_one_database_count_the_same_tries(database_url, clock, monkeypatch):
    """What one process counted holds a name and an address up at another (the counts are
    in the database, not in each process)."""
    monkeypatch.setattr(croupier.server.app, "Entrance", functools.partial(Entrance, clock=clock))
    limits = Limits(tries=2, address_tries=3, registrations=1)
    with (
        TestClient(create_app(database_url, limits=limits)) as here,
        TestClient(create_app(database_url, limits=limits)) as there,
    ):
        Person(here, "ada")
        refused = there.post("/api/register", json={"name": "bob", "password": PASSWORD})
        assert refused.status_code == 429
        assert [log_in(p, "ada", "not it")[0] for p in (here, there)] == [401, 401]
        status, answer, _ = log_in(here, "ada", PASSWORD)
        assert (status, answer["error"]) == (
            429,
            "too many tries for this name: try again in 1 second",
        )
        assert log_in(there, "nobody", "not it")[0] == 401  # the address's third
        assert log_in(here, "somebody", "not it")[1]["error"].startswith(
            "too many tries from this address"
        )


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def server(database_url, clock, monkeypatch):
    """A server whose door keeps `clock`'s time, which stands still unless a test moves it:
    a wait is then never over merely because argon2 was slow on a busy machine."""
    monkeypatch.setattr(croupier.server.app, "Entrance", functools.partial(Entrance, clock=clock))
    limits = Limits(tries=3, address_tries=6, registrations=4, connections=2)
    with TestClient(create_app(database_url, seed=3, limits=limits)) as client:
        yield client


def log_in(client: TestClient, name: str, password: str) -> tuple[int, Any, dict[str, str]]:
    answer = client.post("/api/login", json={"name": name, "password": password})
    client.cookies.clear()
    return answer.status_code, answer.json(), dict(answer.headers)


def test_wrong_passwords_for_a_name_wait_then_are_refused_429_without_hashing(
    server, clock, monkeypatch
):
    Person(server, "ada")
    statuses = [log_in(server, "ADA", "not the password")[0] for _ in range(3)]
    assert statuses == [401, 401, 401]
    hashed: list[str] = []
    real = PasswordHasher.verify

    def verify(hasher: PasswordHasher, hash: str, password: str) -> bool:
        hashed.append(password)
        return real(hasher, hash, password)

    monkeypatch.setattr(PasswordHasher, "verify", verify)
    status, answer, headers = log_in(server, "ada", PASSWORD)  # even the right one waits
    assert status == 429
    assert answer["error"] == "too many tries for this name: try again in 1 second"
    assert headers["retry-after"] == "1"
    assert hashed == []
    clock.now += 1
    assert log_in(server, "ada", PASSWORD)[0] == 200
    assert len(hashed) == 1
    assert [log_in(server, "ada", "not the password")[0] for _ in range(3)] == [401] * 3


def test_wrong_passwords_from_one_address_wait_whatever_the_names(server):
    statuses = [log_in(server, f"nobody{n}", "not the password")[0] for n in range(6)]
    assert statuses == [401] * 6
    status, answer, _ = log_in(server, "somebody-else", "not the password")
    assert status == 429
    assert "from this address" in answer["error"]


def test_registrations_from_one_address_wait_after_the_free_ones(server, clock):
    for n in range(4):
        Person(server, f"p{n}")
    answer = server.post("/api/register", json={"name": "p4", "password": PASSWORD})
    assert answer.status_code == 429
    assert answer.json()["error"] == (
        "too many tries at registering from this address: try again in 1 second"
    )
    assert answer.headers["retry-after"] == "1"
    clock.now += 1
    Person(server, "p4")  # the wait over, the registration goes through
    refused = server.post("/api/register", json={"name": "p5", "password": PASSWORD})
    assert refused.json()["error"].endswith("try again in 2 seconds")  # the wait doubled


def test_logging_out_ends_the_session_even_for_a_copy_of_its_cookie(server):
    ada = Person(server, "ada")
    copy = ada.cookie
    assert ada.get("/api/me").status_code == 200
    assert ada.post("/api/logout").json() == {"logged_in": False}
    server.cookies.set("session", copy)
    answer = server.get("/api/me")
    assert (answer.status_code, answer.json()) == (401, {"error": "you are not logged in"})


def test_changing_the_password_ends_every_other_session_and_its_sockets(server):
    ada = Person(server, "ada")
    table = open_table(ada, "punto-banco", 1)
    elsewhere = copy.copy(ada)  # ada's second session, on another device
    elsewhere.heard = []
    elsewhere.cookie = server.post(
        "/api/login", json={"name": "ada", "password": PASSWORD}
    ).cookies["session"]
    server.cookies.clear()
    with elsewhere.connect(table) as socket:
        reader = Reader(socket, elsewhere.heard)
        reader.until(lambda m: m["type"] == "view")
        wrong = ada.post("/api/password", {"password": "not it", "new": "another password"})
        assert (wrong.status_code, wrong.json()) == (401, {"error": "the password is wrong"})
        short = ada.post("/api/password", {"password": PASSWORD, "new": "short"})
        assert short.status_code == 400 and "too short" in short.json()["error"]
        changed = ada.post("/api/password", {"password": PASSWORD, "new": "another password"})
        assert changed.json() == {"changed": True}
        while reader.messages.get(timeout=20) is not None:
            pass
        assert isinstance(reader.ended, WebSocketDisconnect) and reader.ended.code == ENDED
    ada.cookie = changed.cookies["session"]  # this session goes on, under a new token
    assert ada.get("/api/me").status_code == 200
    server.cookies.set("session", elsewhere.cookie)
    assert server.get("/api/me").status_code == 401
    server.cookies.clear()
    assert log_in(server, "ada", PASSWORD)[0] == 401
    assert log_in(server, "ada", "another password")[0] == 200


def test_a_cookie_is_secure_when_the_public_address_is_https(database_url):
    for public, secure in (("https://cards.example.org", True), ("http://127.0.0.1:8000", False)):
        with TestClient(create_app(database_url, public_url=public)) as client:
            answer = client.post("/api/register", json={"name": f"s{secure}", "password": PASSWORD})
            assert ("secure" in answer.headers["set-cookie"].lower()) is secure


def test_an_address_holds_at_most_so_many_table_connections(server):
    ada = Person(server, "ada")
    table = open_table(ada, "punto-banco", 1)
    with ada.connect(table) as first, ada.connect(table) as second:
        for socket in (first, second):
            Reader(socket, []).until(lambda m: m["type"] == "view")
        with ada.connect(table) as third, pytest.raises(WebSocketDisconnect) as closed:
            third.receive_json()
        assert closed.value.code == CROWDED
        assert closed.value.reason == (
            "too many table connections from this address: close some first"
        )
    with ada.connect(table) as again:  # the two closed: there is room again
        Reader(again, []).until(lambda m: m["type"] == "view")


def test_logging_out_at_one_process_closes_the_sockets_another_process_holds(
    database_url, monkeypatch
):
    monkeypatch.setattr(croupier.server.app, "SESSION_CHECK", 0.2)
    with (
        TestClient(create_app(database_url, seed=3)) as here,
        TestClient(create_app(database_url, seed=3)) as there,
    ):
        ada = Person(there, "ada")
        table = open_table(ada, "punto-banco", 1)  # run by the process "there"
        with ada.connect(table) as socket:
            reader = Reader(socket, ada.heard)
            reader.until(lambda m: m["type"] == "view")
            here.cookies.set("session", ada.cookie)
            assert here.post("/api/logout", json={}).json() == {"logged_in": False}
            while reader.messages.get(timeout=20) is not None:
                pass
            assert isinstance(reader.ended, WebSocketDisconnect)
            assert reader.ended.code == ENDED

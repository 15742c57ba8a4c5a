"""Private tables (docs/protocol.md, "Private tables"): left out of the lobby, and answered
as a table that does not exist to anyone but their opener, their guests and whoever brings
their invite, which the opener may renew."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from croupier.server.app import create_app
from tests.server.players import Person, Reader, received


@pytest.fixture
def server(database_url):
    with TestClient(create_app(database_url, seed=5)) as client:
        yield client


def _open(host: Person, **body: Any) -> dict[str, Any]:
    answer = host.post("/api/tables", {"game": "punto-banco", "bots": 1, **body})
    assert answer.status_code == 201, answer.text
    entry: dict[str, Any] = answer.json()
    return entry


def _sees(person: Person | TestClient, path: str) -> bool:
    """Whether `person` (or nobody logged in) is answered at `path` as at a table."""
    answer = person.get(path)
    if answer.status_code == 404:
        table = path.split("/")[3].split("?")[0]
        assert answer.json() == {"error": f"there is no table {table}"}
        return False
    assert answer.status_code == 200, answer.text
    return True


def _watches(person: Person, table: int) -> bool:
    """Whether `person`'s socket to `table` is let in (welcomed to the table)."""
    with person.connect(table) as socket:
        return any(message["type"] == "welcome" for message in received(socket))


def _shut_out(person: Person, table: int) -> None:
    """`person`'s socket to `table` is closed as to a table that does not exist."""
    with person.connect(table) as socket, pytest.raises(WebSocketDisconnect) as closed:
        received(socket)
    assert (closed.value.code, closed.value.reason) == (4404, "there is no such table")


def test_a_private_table_is_seen_only_by_its_opener_its_guests_and_whoever_brings_its_invite(
    server,
):
    ann, bob, eve = Person(server, "ann"), Person(server, "bob"), Person(server, "eve")
    shown = _open(ann, private=True)
    table, invite = shown["id"], shown["invite"]
    assert shown["private"] and len(invite) >= 32
    public = _open(ann)
    assert public["private"] is False and "invite" not in public
    lobby = [entry["id"] for entry in eve.get("/api/tables").json()]
    assert public["id"] in lobby and table not in lobby
    assert table in [entry["id"] for entry in ann.get("/api/tables").json()]
    assert ann.get(f"/api/tables/{table}").json()["invite"] == invite
    for path in (
        "",
        "/odds",
        "/history",
        "/evening",
    ):  # the number without the invite shows nothing
        assert not _sees(eve, f"/api/tables/{table}{path}")
        assert not _sees(server, f"/api/tables/{table}{path}")
    assert eve.post(f"/api/tables/{table}/close").status_code == 404
    _shut_out(eve, table)
    wrong = invite[:-1] + ("y" if invite.endswith("x") else "x")  # one character off
    assert not _sees(eve, f"/api/tables/{table}?invite={wrong}")
    assert _sees(server, f"/api/tables/{table}?invite={invite}")  # before signing up
    entry = bob.get(f"/api/tables/{table}?invite={invite}").json()
    assert entry["id"] == table and "invite" not in entry, "only the opener is given it"
    assert _watches(bob, table) and _sees(bob, f"/api/tables/{table}/odds"), "a guest now"
    assert table in [entry["id"] for entry in bob.get("/api/tables").json()]


def test_the_opener_alone_renews_the_invite_and_the_old_one_lets_nobody_new_in(server):
    ann, bob, eve = Person(server, "ann"), Person(server, "bob"), Person(server, "eve")
    shown = _open(ann, private=True)
    table, old = shown["id"], shown["invite"]
    assert _sees(bob, f"/api/tables/{table}?invite={old}")
    refused = bob.post(f"/api/tables/{table}/invite")
    assert refused.status_code == 403, refused.text
    assert (
        refused.json()["error"] == "only the person who opened a private table may renew its invite"
    )
    assert eve.post(f"/api/tables/{table}/invite").status_code == 404
    renewed = ann.post(f"/api/tables/{table}/invite")
    assert renewed.status_code == 200, renewed.text
    new = renewed.json()["invite"]
    assert new != old and ann.get(f"/api/tables/{table}").json()["invite"] == new
    assert not _sees(eve, f"/api/tables/{table}?invite={old}")
    assert _sees(eve, f"/api/tables/{table}?invite={new}")
    assert _watches(bob, table), "a guest let in keeps their way in"
    public = _open(ann)["id"]
    assert ann.post(f"/api/tables/{public}/invite").status_code == 403


@pytest.mark.parametrize("private", [1, "yes", None])
def test_private_is_true_or_false(server, private):
    ann = Person(server, "ann")
    answer = ann.post("/api/tables", {"game": "punto-banco", "bots": 1, "private": private})
    assert answer.status_code == 400
    assert answer.json()["error"] == f"private={private!r} is not valid: true or false"


def _asks(reader: Reader, seat: int) -> dict[str, Any]:
    """Ask to sit at `seat` with 300 chips as soon as a view offers it: the answer."""

    def offers(message: dict[str, Any]) -> bool:
        return message["type"] == "view" and str(seat) in message["open_seats"]

    views = [m for m in reader.log if m["type"] == "view"]  # (a table resting tells no more)
    view = views[-1] if views and offers(views[-1]) else reader.until(offers)
    reader.send({"type": "Join", "amount": 300}, view["seq"], seat=seat)
    return reader.until(lambda m: m["type"] in ("ack", "refused"))


def test_where_the_host_lets_each_person_sit_a_sit_down_is_asked_and_answered(server):
    ann, bob, cy = Person(server, "ann"), Person(server, "bob"), Person(server, "cy")
    shown = _open(ann, private=True, settings={"approval": True})
    table, invite = shown["id"], shown["invite"]
    for guest in (bob, cy):
        assert _sees(guest, f"/api/tables/{table}?invite={invite}")
    with ann.connect(table) as a, bob.connect(table) as b, cy.connect(table) as c:
        host, asker, other = Reader(a, ann.heard), Reader(b, bob.heard), Reader(c, cy.heard)
        asked = _asks(asker, 2)
        assert (asked["type"], asked["error"]) == ("refused", "asked"), asked
        assert asked["reason"] == (
            "the host lets each person sit: you have asked, and sit once the host says yes"
        )
        told = host.until(lambda m: m["type"] == "asking")
        assert told["people"] == [{"person": bob.id, "name": "bob", "seat": 2, "chips": 300}]
        assert not any(m["type"] == "asking" for m in bob.heard), "the host's alone"
        refused = bob.post(f"/api/tables/{table}/asking/{bob.id}", {"yes": True})
        assert refused.status_code == 403, refused.text
        assert refused.json()["error"] == "only the table's hosts let people sit"
        bad = ann.post(f"/api/tables/{table}/asking/{bob.id}", {"yes": "sure"})
        assert bad.json()["error"] == "yes='sure' is not valid: true or false"
        nobody = ann.post(f"/api/tables/{table}/asking/{cy.id}", {"yes": True})
        assert nobody.status_code == 404, nobody.text
        assert ann.post(f"/api/tables/{table}/asking/{bob.id}", {"yes": True}).json() == {
            "person": bob.id,
            "yes": True,
        }
        assert asker.until(lambda m: m["type"] == "answered")["yes"] is True
        assert host.until(lambda m: m["type"] == "asking")["people"] == []
        assert _asks(asker, 2)["type"] == "ack", "let sit, he sits"
        assert _asks(other, 3)["error"] == "asked"
        host.until(lambda m: m["type"] == "asking" and m["people"])
        assert ann.post(f"/api/tables/{table}/asking/{cy.id}", {"yes": False}).status_code == 200
        assert other.until(lambda m: m["type"] == "answered")["yes"] is False
        assert _asks(other, 3)["error"] == "asked", "refused, she may ask again"
    assert ann.post(f"/api/tables/{table}/asking/{cy.id}", {"yes": True}).status_code == 200
    server.app.state.lobby.runner(table).close()

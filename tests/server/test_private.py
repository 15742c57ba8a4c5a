"""Private tables (docs/protocol.md, "Private tables"): left out of the lobby, and answered
as a table that does not exist to anyone but their opener, their guests and whoever brings
their invite, which the opener may renew."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from croupier.server.app import create_app
from tests.server.players import Person, received


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
    """Whether `person`'s socket to `table` is let in (told the table's view)."""
    with person.connect(table) as socket:
        try:
            return any(message["type"] == "welcome" for message in received(socket))
        except WebSocketDisconnect as closed:
            assert (closed.code, closed.reason) == (4404, "there is no such table")
            return False


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
    for path in ("", "/odds", "/history"):  # the number without the invite shows nothing
        assert not _sees(eve, f"/api/tables/{table}{path}")
        assert not _sees(server, f"/api/tables/{table}{path}")
    assert eve.post(f"/api/tables/{table}/close").status_code == 404
    assert not _watches(eve, table)
    assert not _sees(eve, f"/api/tables/{table}?invite={invite[:-1]}x")
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
    assert refused.json()["error"] == "only the person who opened a private table may renew its invite"
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

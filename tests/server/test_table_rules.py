"""The table server's rules for actions (issue 15, docs/protocol.md): a retried key applies
once; a key reused for another action is refused; a stale action no longer legal is refused
with the reason; a spectator cannot act, nor a seat for another; the websocket checks the
Origin and the session; a time limit plays the default; a seat whose person has gone is held,
then gets up with its chips."""

from __future__ import annotations

import time
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from croupier.server.app import create_app
from croupier.server.audit import audit
from croupier.server.tables import table_chips
from tests.server.players import Person, Reader, house_box, received, sit_down, steps_of

STAKE = {"type": "Stake", "bet": "punto", "amount": 10}


@pytest.fixture
def server(database_url):
    with TestClient(create_app(database_url, seed=11)) as client:
        yield client


def _table(person: Person, **settings: float) -> int:
    settings = {"bot_pause": 0, "time_limit": 60, "hold": 60, **settings}
    table: int = person.post("/api/tables", {"game": "punto-banco", "settings": settings}).json()[
        "id"
    ]
    return table


def _last_view(reader: Reader) -> dict[str, Any]:
    return [m for m in reader.log if m["type"] == "view"][-1]


def _answer(reader: Reader) -> dict[str, Any]:
    return reader.until(lambda m: m["type"] in ("ack", "refused"))


def _settled(reader: Reader) -> dict[str, Any]:
    """The view once the table has stopped for the people (every message read)."""
    time.sleep(0.3)
    while not reader.messages.empty():
        reader.messages.get()
    return _last_view(reader)


def test_a_retried_key_applies_once_and_a_reused_key_is_refused(server, database_url):
    ada = Person(server, "ada")
    table = _table(ada)
    with ada.connect(table) as socket:
        reader = Reader(socket, ada.heard)
        sit_down(reader, 0, 500)
        seq = _settled(reader)["seq"]
        key = reader.send(STAKE, seq)
        first = _answer(reader)
        assert first["type"] == "ack"
        reader.send(STAKE, seq, key=key)
        assert _answer(reader) == first
        reader.send({**STAKE, "amount": 20}, seq, key=key)
        again = _answer(reader)
        assert (again["type"], again["error"]) == ("refused", "key-reused")
        box = _settled(reader)["view"]["boxes"][0]
    assert [step.key for step in steps_of(database_url, table)].count(key) == 1
    assert box["stakes"]["punto"] == 10, "the stake was placed once"


def test_a_stale_action_no_longer_legal_is_refused_with_the_reason(server):
    ada, bea = Person(server, "ada"), Person(server, "bea")
    table = _table(ada)
    with ada.connect(table) as a, bea.connect(table) as b:
        ra, rb = Reader(a, ada.heard), Reader(b, bea.heard)
        sit_down(ra, 0, 500)
        sit_down(rb, 1, 500)
        seq = _settled(ra)["seq"]
        ra.send(STAKE, seq)
        assert _answer(ra)["type"] == "ack"
        ra.send({"type": "Done"}, seq)  # decided before its stake: still legal, so taken
        done = _answer(ra)
        assert done["type"] == "ack" and done["seq"] == seq + 2
        ra.send({"type": "Done"}, seq)  # once done, no longer legal
        stale = _answer(ra)
        assert stale["type"] == "refused"
        assert stale["reason"].endswith(" (the table had moved on since you chose)")
        ra.send({"type": "Done"}, seq + 100)
        future = _answer(ra)
        assert (future["type"], future["error"]) == ("refused", "stale")


def test_a_spectator_cannot_act_nor_a_seat_for_another(server):
    ada, bea, cyd = Person(server, "ada"), Person(server, "bea"), Person(server, "cyd")
    table = _table(ada)
    with ada.connect(table) as a, bea.connect(table) as b, cyd.connect(table) as c:
        ra, rb, rc = Reader(a, ada.heard), Reader(b, bea.heard), Reader(c, cyd.heard)
        sit_down(ra, 0, 500)
        sit_down(rb, 1, 500)
        seq = _settled(rc)["seq"]
        rc.send(STAKE, seq)
        watching = _answer(rc)
        assert (watching["type"], watching["error"]) == ("refused", "not-seated")
        rc.send({"type": "Join", "amount": 100}, seq, seat=0)
        taken = _answer(rc)
        assert taken["type"] == "refused", "ada's seat is not another's to take"
        rb.send({"type": "Join", "amount": 100}, seq, seat=2)
        twice = _answer(rb)
        assert twice == {**twice, "type": "refused", "reason": "you sit at seat 2 already"}
        ra.send(STAKE, seq)
        assert _answer(ra)["type"] == "ack"
        for reader in (ra, rb):
            reader.send({"type": "Done"}, _settled(reader)["seq"])
            assert _answer(reader)["type"] == "ack"
        view = _settled(rb)
        assert view["view"]["phase"] == "turn", "ada, the highest punto stake, turns punto"
        rb.send({"type": "TurnCards"}, view["seq"])
        refused = _answer(rb)
        assert refused["type"] == "refused", "bea may not turn the cards that are ada's to turn"
        assert _settled(rb)["seq"] == view["seq"], "and nothing changed"


def test_the_socket_checks_the_origin_and_the_session(server):
    ada = Person(server, "ada")
    table = _table(ada)
    elsewhere = ada.connect(table, origin="http://elsewhere.example")
    with pytest.raises(WebSocketDisconnect) as refused, elsewhere as socket:
        received(socket)
    assert refused.value.code == 4403
    nobody = server.websocket_connect(f"/api/tables/{table}/socket")
    with pytest.raises(WebSocketDisconnect) as anonymous, nobody as socket:
        received(socket)
    assert anonymous.value.code == 4401
    with ada.connect(table, origin="http://testserver") as socket:
        assert received(socket)[0]["type"] == "welcome"


def test_a_closed_table_is_told_apart_from_one_never_opened(database_url):
    with TestClient(create_app(database_url, seed=11)) as client:
        ada = Person(client, "ada")
        table = _table(ada)
        assert ada.post(f"/api/tables/{table}/close").status_code == 202
        with ada.connect(table) as socket:  # the process that ran it tells its closed view
            Reader(socket, []).until(lambda m: m["type"] == "view" and m["closed"])
    with TestClient(create_app(database_url, seed=11)) as client:  # a process started since
        ada.client = client
        for asked, code, reason in (
            (table, 4410, "the table is closed"),
            (table + 1, 4404, "there is no such table"),
        ):
            with pytest.raises(WebSocketDisconnect) as refused, ada.connect(asked) as socket:
                received(socket)
            assert (refused.value.code, refused.value.reason) == (code, reason)


def test_when_the_time_runs_out_the_table_takes_the_default_and_says_so(server):
    ada = Person(server, "ada")
    table = _table(ada, time_limit=0.3)
    with ada.connect(table) as socket:
        reader = Reader(socket, ada.heard)
        sit_down(reader, 0, 500)
        timed_out = reader.until(lambda m: m["type"] == "step" and m.get("by") == "timeout")
    assert timed_out["actor"] == 0
    assert [event["type"] for event in timed_out["events"]] == ["BoxDone"], "she is done betting"


def test_a_seat_whose_person_has_gone_is_held_then_gets_up_with_its_chips(server, database_url):
    ada = Person(server, "ada")
    table = _table(ada, time_limit=0.2, hold=0.5)
    with ada.connect(table) as socket:
        reader = Reader(socket, ada.heard)
        sit_down(reader, 0, 500)
    assert ada.get("/api/me").json()["chips"] == 500
    deadline = time.monotonic() + 20
    while not any(step.by == "absent" for step in steps_of(database_url, table)):
        assert time.monotonic() < deadline, "the seat never got up"
        time.sleep(0.1)
    assert ada.get("/api/me").json()["chips"] == 1000
    assert audit(database_url, table_chips(house_box(database_url))) == []


def test_a_table_whose_session_could_not_begin_is_not_opened(server):
    ada = Person(server, "ada")
    refused = ada.post("/api/tables", {"game": "chemin-de-fer", "bots": 1})
    assert refused.status_code == 400
    assert "over before it begins (nobody to bank against)" in refused.json()["error"]
    assert ada.post("/api/tables", {"game": "chemin-de-fer", "bots": 2}).status_code == 201

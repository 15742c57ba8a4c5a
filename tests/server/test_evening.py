"""The evening settled (docs/protocol.md, "The evening"): each person's chips bought in,
brought, taken away and at the table, and their net, agree with the ledger (each net is
what their account gained, its audit clean); the fewest payments settle the people's nets,
no fewer possible, found exactly; CSV and JSON; a person's own tables with their net."""

from __future__ import annotations

import csv
import io
import itertools
import random
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from croupier.server.app import create_app
from croupier.server.audit import audit
from croupier.server.evening import Payment, fewest_payments
from croupier.server.people import STARTING_GRANT
from croupier.server.tables import table_chips
from tests.server.players import (
    Person,
    Reader,
    house_box,
    open_table,
    play_at_random,
    rebuy,
    sit_down,
)


@pytest.fixture
def server(database_url):
    with TestClient(create_app(database_url, seed=5)) as client:
        yield client


def _played(readers: list[Reader], coups: int | None) -> None:
    """The readers' seats play at random until the table has dealt `coups` coups (None:
    until it closes)."""
    stop = threading.Event()

    def enough(view: dict[str, Any]) -> None:
        if coups is not None and view["view"]["coups"] >= coups:
            stop.set()

    players = [
        threading.Thread(
            target=play_at_random, args=(reader, random.Random(n), stop), kwargs={"before": enough}
        )
        for n, reader in enumerate(readers)
    ]
    for player in players:
        player.start()
    for player in players:
        player.join(120)
    stop.set()
    assert not any(player.is_alive() for player in players), "the table did not come to it"


def _closed_evening(ada: Person, table: int) -> dict[str, Any]:
    deadline = time.monotonic() + 30
    while not (found := ada.get(f"/api/tables/{table}/evening").json())["closed"]:
        assert time.monotonic() < deadline, "the table never closed"
        time.sleep(0.05)
    return dict(found)


def test_the_evening_is_the_ledgers_and_its_payments_settle_it(server, database_url):
    ada, bob = Person(server, "ada"), Person(server, "bob")
    table = open_table(ada, "punto-banco", 1, bot_pause=0, time_limit=30, bot_chips=10**6)
    with ada.connect(table) as one, bob.connect(table) as other:
        ada_reads, bob_reads = Reader(one, ada.heard), Reader(other, bob.heard)
        sit_down(ada_reads, 0, 500)
        sit_down(bob_reads, 2, 200)
        assert rebuy(ada_reads, 300)["type"] == "ack"
        _played([ada_reads, bob_reads], coups=3)
        so_far = ada.get(f"/api/tables/{table}/evening").json()
        people = {p["name"]: p for p in so_far["people"]}
        assert (people["ada"]["bought_in"], people["ada"]["brought"]) == (500, 300)
        assert (people["bob"]["bought_in"], people["bob"]["brought"]) == (200, 0)
        assert so_far["closed"] is False and people["ada"]["took_away"] == 0
        seated = ada.get(f"/api/tables/{table}").json()
        assert people["ada"]["at_table"] + people["bob"]["at_table"] > 0, seated
        assert ada.post(f"/api/tables/{table}/close").status_code == 202  # at the coup's end
        _played([ada_reads, bob_reads], coups=None)

    evening = _closed_evening(ada, table)
    people = {p["name"]: p for p in evening["people"]}
    for person in (ada, bob):
        mine = people[person.name]
        account = person.get("/api/me").json()["chips"]
        assert mine["net"] == account - STARTING_GRANT, (person.name, mine, account)
        assert mine["at_table"] == 0 and mine["took_away"] > 0
        assert mine["net"] == mine["took_away"] - mine["bought_in"] - mine["brought"]
    assert evening["house"] == -(people["ada"]["net"] + people["bob"]["net"])
    assert audit(database_url, table_chips(house_box(database_url))) == []
    _settles(evening)

    lines = list(csv.reader(io.StringIO(ada.get(f"/api/tables/{table}/evening?format=csv").text)))
    assert lines[0] == ["name", "bought_in", "brought", "given", "took_away", "at_table", "net"]
    assert lines[1:] == [[p["name"], *(str(p[k]) for k in lines[0][1:])] for p in evening["people"]]
    bad = ada.get(f"/api/tables/{table}/evening?format=xml")
    assert bad.status_code == 400 and bad.json()["error"] == "format must be json or csv, not 'xml'"
    (listed,) = [t for t in bob.get("/api/me/tables").json() if t["table"] == table]
    assert (
        listed["net"] == people["bob"]["net"]
        and listed["closed"]
        and listed["game"] == "punto-banco"
    )
    assert server.get("/api/me/tables").status_code == 401


def _settles(evening: dict[str, Any]) -> None:
    """The evening's payments settle the people among them, the house's part aside."""
    left = {p["name"]: p["net"] for p in evening["people"]}
    for paid in evening["payments"]:
        left[paid["payer"]] += paid["chips"]
        left[paid["payee"]] -= paid["chips"]
    assert sum(left.values()) == -evening["house"]
    assert all(n <= 0 for n in left.values()) or all(n >= 0 for n in left.values()), left


def _partitions(items: list[int]) -> Iterator[list[list[int]]]:
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in _partitions(rest):
        for n in range(len(part)):
            yield [*part[:n], [first, *part[n]], *part[n + 1 :]]
        yield [[first], *part]


def _fewest(nets: list[int]) -> int:
    """The fewest payments that settle `nets` (summing to zero), by every partition of the
    people into groups: a group of k that sums to zero settles in k - 1, and no fewer."""
    people = [n for n in nets if n]
    groups = max(
        len(part) for part in _partitions(people) if all(sum(group) == 0 for group in part)
    )
    return len(people) - groups


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(-60, 60), min_size=1, max_size=7))
def test_the_payments_are_the_fewest_that_settle_the_people(nets):
    named = {f"p{n}": net for n, net in enumerate(nets)}
    payments = fewest_payments(named)
    left = dict(named)
    for paid in payments:
        assert paid.chips > 0 and paid.payer != paid.payee
        left[paid.payer] += paid.chips
        left[paid.payee] -= paid.chips
    for name, net in named.items():  # nobody pays more than they are down, nor is paid more
        assert 0 <= left[name] * (1 if net >= 0 else -1) <= abs(net), (name, net, left)
    rest = sum(named.values())
    assert sum(left.values()) == rest  # what is left over is the house's, with nobody
    assert all(n <= 0 for n in left.values()) or all(n >= 0 for n in left.values())
    if rest == 0:
        assert all(n == 0 for n in left.values())
        assert len(payments) == _fewest(nets)


def test_two_pairs_pay_twice_not_three_times():
    payments = fewest_payments({"ann": 50, "bob": -50, "cy": 30, "dee": -30, "eve": 0})
    assert sorted(payments, key=lambda p: p.payer) == [
        Payment("bob", "ann", 50),
        Payment("dee", "cy", 30),
    ]
    assert list(itertools.chain(fewest_payments({}), fewest_payments({"ann": 0}))) == []

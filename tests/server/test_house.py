"""No one person can fill the house with tables (issue 38): one person has at most
`OPEN_AT_ONCE` tables open at once, however fast they ask, and one more is refused in words
until one of theirs has closed; nobody else is held back by it."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from starlette.testclient import TestClient

from croupier import i18n
from croupier.server.app import create_app
from croupier.server.lobby import OPEN_AT_ONCE
from tests.server.players import Person


@pytest.fixture
def server(database_url):
    with TestClient(create_app(database_url)) as client:
        yield client


def _open(server: TestClient, person: Person, languages: str = "en") -> Any:
    """One table opened by `person` (the cookie sent as a header: the test client's jar is
    one for every thread)."""
    headers = {"cookie": f"session={person.cookie}", "accept-language": languages}
    return server.post("/api/tables", json={"game": "banchek"}, headers=headers)


def test_one_person_has_at_most_so_many_tables_open_at_once(server):
    ada, bob = Person(server, "ada"), Person(server, "bob")
    answers: list[Any] = []
    asking = [
        threading.Thread(target=lambda: answers.append(_open(server, ada)))
        for _ in range(3 * OPEN_AT_ONCE)
    ]
    for each in asking:
        each.start()
    for each in asking:
        each.join(120)
    opened = [a.json()["id"] for a in answers if a.status_code == 201]
    refused = [a for a in answers if a.status_code != 201]
    assert len(opened) == OPEN_AT_ONCE, "asked thirty times at once, opened the most"
    assert {a.status_code for a in refused} == {409}
    assert refused[0].json() == {
        "error": f"you have {OPEN_AT_ONCE} tables open, the most one person may: close one first"
    }
    russian = _open(server, ada, "ru").json()["error"]
    with i18n.use("ru"):
        said = i18n.ngettext(
            "you have {n} table open, the most one person may: close it first",
            "you have {n} tables open, the most one person may: close one first",
            OPEN_AT_ONCE,
        )
    assert russian == said.format(n=OPEN_AT_ONCE) != refused[0].json()["error"]
    assert _open(server, bob).status_code == 201, "bob is not held back by ada's tables"
    assert ada.post(f"/api/tables/{opened[0]}/close").status_code == 202
    deadline = time.monotonic() + 30  # an idle table closes at once, in its own task
    while not server.get(f"/api/tables/{opened[0]}").json()["closed"]:
        assert time.monotonic() < deadline, "the table did not close"
        time.sleep(0.02)
    assert _open(server, ada).status_code == 201, "one closed: one more may open"
    assert _open(server, ada).status_code == 409

"""Talk at the table (docs/protocol.md, "Talk at the table"): a line said by a person seated
or watching is stored with the table and told to every connection; a connection that opens
is told the last lines; a line is tidied, bounded in length and in rate, and a refusal says
why without quoting it."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session
from starlette.testclient import TestClient

from croupier.server import _chat as chat
from croupier.server import schema
from croupier.server._chat import BURST, LONGEST, Talk, tidy
from croupier.server.app import create_app
from croupier.server.database import open_database
from croupier.server.schema import ChatLine
from tests.server.players import Person, Reader, open_table, sit_down


@pytest.fixture
def server(database_url):
    with TestClient(create_app(database_url, seed=5)) as client:
        yield client


def _table(person: Person) -> int:
    return open_table(person, bot_pause=0, time_limit=60)


def _say(reader: Reader, text: Any) -> dict[str, Any]:
    return reader.ask({"type": "say", "text": text}, "chat", "error")


def test_a_line_is_stored_then_told_to_everyone_and_to_those_who_come(server, database_url):
    ada, bob = Person(server, "ada"), Person(server, "bob")
    table = _table(ada)
    with ada.connect(table) as at_ada, bob.connect(table) as at_bob:
        ra, rb = Reader(at_ada, ada.heard), Reader(at_bob, bob.heard)
        sit_down(ra, 0, 300)
        said = _say(ra, "  good\tluck,\x07 all  ")
        heard = rb.until(lambda m: m["type"] == "chat")
        assert said == heard
        (line,) = heard["lines"]
        assert (line["name"], line["seat"], line["text"]) == ("ada", 0, "good luck, all")
        assert _say(rb, "thanks")["lines"][0]["seat"] is None  # bob is watching
    engine = open_database(database_url)
    with Session(engine) as session:
        stored = [(c.person_id, c.seat, c.text) for c in session.scalars(select(ChatLine))]
    engine.dispose()
    assert [text for _, _, text in stored] == ["good luck, all", "thanks"]
    carol = Person(server, "carol")
    with carol.connect(table) as socket:
        told = Reader(socket, carol.heard).until(lambda m: m["type"] == "chat")
    assert [(line["name"], line["text"]) for line in told["lines"]] == [
        ("ada", "good luck, all"),
        ("bob", "thanks"),
    ]


def test_a_line_is_bounded_and_a_refusal_quotes_none_of_it(server):
    ada = Person(server, "ada")
    table = _table(ada)
    with ada.connect(table) as socket:
        reader = Reader(socket, ada.heard)
        reader.until(lambda m: m["type"] == "view")
        long = "x" * (LONGEST + 1)
        refused = _say(reader, long)
        assert refused == {
            "type": "error",
            "about": "say",
            "reason": f"a line is at most {LONGEST} characters; this one has {LONGEST + 1}",
        }
        assert (
            _say(reader, " \n\t ")["reason"]
            == f"say something: a line is 1 to {LONGEST} characters"
        )
        assert _say(reader, ["hi"])["reason"] == "a line said is text"
        for n in range(BURST):
            assert _say(reader, f"line {n}")["type"] == "chat"
        slow = _say(reader, "one more")
    assert slow["type"] == "error" and slow["reason"].startswith(
        f"slow down: at most {BURST} lines"
    )
    assert "one more" not in slow["reason"]


def test_tidy_drops_controls_and_direction_marks():
    assert tidy("a\u202eb\u200bc\r\nd") == "a b c d"
    assert tidy("<b>hi</b>") == "<b>hi</b>"  # markup is kept as text: the page shows text


def test_a_line_said_before_anyone_connects_is_kept_once(server, database_url):
    table = _table(Person(server, "ada"))
    engine = open_database(database_url)
    with Session(engine) as session:
        ada = session.scalars(select(schema.Person.id).where(schema.Person.name == "ada")).one()
    talk = Talk(engine, table)
    told: list[Any] = []
    asyncio.run(talk.say(ada, "ada", None, "first", told.append))
    again = Talk(engine, table)
    asyncio.run(again.ready())
    engine.dispose()
    assert talk.recent() == again.recent() == told


def test_tidy_drops_lone_surrogates_which_no_database_can_store():
    assert tidy("a\ud91bb") == "a b"


def test_lines_said_at_once_are_told_in_the_order_said(server):
    """Issue 38: five lines sent at once by each of three people, each line stored and
    told in its turn: everyone hears each person's lines in the order they were sent, and
    the lines' ids (the order stored) in the order told."""
    people = [Person(server, name) for name in ("ada", "bob", "cy")]
    table = _table(people[0])
    with contextlib.ExitStack() as stack:
        readers = [Reader(stack.enter_context(p.connect(table)), p.heard) for p in people]
        for reader in readers:
            reader.until(lambda m: m["type"] == "view")
        for n, reader in enumerate(readers):
            for line in range(BURST):
                reader.socket.send_text(json.dumps({"type": "say", "text": f"{n}.{line}"}))
        heard = [
            [reader.until(lambda m: m["type"] == "chat")["lines"][0] for _ in range(3 * BURST)]
            for reader in readers
        ]
    assert heard[0] == heard[1] == heard[2], "everyone hears the same lines in the same order"
    ids = [line["id"] for line in heard[0]]
    assert ids == sorted(ids), "told in the order stored"
    for n, person in enumerate(people):
        said = [line["text"] for line in heard[0] if line["name"] == person.name]
        assert said == [f"{n}.{line}" for line in range(BURST)], "in the order said"


def test_a_table_keeps_its_last_lines_the_oldest_dropped_as_one_is_stored(
    server, database_url, monkeypatch
):
    monkeypatch.setattr(chat, "STORED", 3)
    table = _table(Person(server, "ada"))
    engine = open_database(database_url)
    with Session(engine) as session:
        ada = session.scalars(select(schema.Person.id).where(schema.Person.name == "ada")).one()
    other = _table(Person(server, "bob"))
    talk, elsewhere = Talk(engine, table), Talk(engine, other)
    asyncio.run(elsewhere.say(ada, "ada", None, "at another table", lambda told: None))
    for n in range(5):
        asyncio.run(talk.say(ada, "ada", None, f"line {n}", lambda told: None))
    with Session(engine) as session:
        kept = list(session.execute(select(ChatLine.table_id, ChatLine.text)).all())
    engine.dispose()
    assert sorted(kept) == sorted(
        [(table, "line 2"), (table, "line 3"), (table, "line 4"), (other, "at another table")]
    ), "the table's last three; another table's lines are its own"

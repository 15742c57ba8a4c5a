"""Talk at the table (docs/protocol.md, "Talk at the table"): a line said by a person seated
or watching is stored with the table and told to every connection; a connection that opens
is told the last lines; a line is tidied, bounded in length and in rate, and a refusal says
why without quoting it."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session
from starlette.testclient import TestClient

from croupier.server import schema
from croupier.server.app import create_app
from croupier.server.chat import BURST, LONGEST, Talk, tidy
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
    told = asyncio.run(talk.say(ada, "ada", None, "first"))
    again = Talk(engine, table)
    asyncio.run(again.ready())
    engine.dispose()
    assert talk.recent() == again.recent() == [told]


def test_tidy_drops_lone_surrogates_which_no_database_can_store():
    assert tidy("a\ud91bb") == "a b"

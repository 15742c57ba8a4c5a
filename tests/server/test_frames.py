"""Every frame a table's socket is sent is answered (docs/protocol.md, `error`): text that
is no message, JSON of any shape, numbers of thousands of digits, nesting too deep, a
binary frame. Each gets an `error` (or, for an action, a `refused`) in words that quote no
more than a little of it, nothing changes, and the connection carries on."""

from __future__ import annotations

import json
import logging

import pytest
from starlette.testclient import TestClient

from croupier.server.app import create_app
from tests.server.players import Person, Reader, open_table, sit_down, steps_of

LONG = "9" * 5000
ODD: list[tuple[str | bytes, str]] = [
    ("hello", "the message is not JSON"),
    ("[1, 2]", 'a message is an object of type "act", "plan", "say" or "part"'),
    ("[" * 5000 + "]" * 5000, "too large in a number or too deep to read"),
    (f'{{"type": "act", "key": "k1", "seq": {LONG}, "action": {{"type": "Done"}}}}', "too large"),
    ('{"type": "act", "key": "k2", "seq": 1' + "0" * 400 + ', "action": {"type": "Done"}}', "seq"),
    ('{"type": "act", "key": "k3", "seq": 0, "action": {"type": ["Pass"]}}', "['Pass'] is not"),
    ('{"type": "act", "key": "k4", "seq": 0, "action": {"type": "' + "X" * 9000 + '"}}', "not"),
    ('{"type": "act", "key": "k5", "seq": 0, "action": {"type": {"a": 1}}}', "is not an action"),
    (
        '{"type": "act", "key": "k6", "seq": 0, "action": {"type": "Join", "amount": 5},'
        ' "seat": 1' + "0" * 60 + "}",
        "sitting down names a seat",
    ),
    ('{"type": "act", "key": "\\ud800", "seq": 0, "action": {"type": "Done"}}', "key must be"),
    (b"\x00\xff binary", "a message is a text frame of JSON, not a binary one"),
    ('{"type": "part", "commitment": ["x"], "text": "a"}', "a part names the commitment"),
    ('{"type": "part", "commitment": "x", "text": "\\ud800"}', "up to 200 printable"),
    ('{"type": "part", "commitment": "x", "text": {"a": 1}}', "a part of the shuffle is text"),
    ('{"type": "part", "commitment": "x", "text": "' + "y" * 9000 + '"}', "up to 200"),
    ('{"type": "part", "commitment": "x", "sealed": "ABC"}', "a part's seal is its SHA-256"),
    ('{"type": "part", "commitment": "x"}', "a part message gives either sealed"),
    (
        '{"type": "act", "key": "k7", "seq": 0, "action": {"type": "Join", "amount": 5},'
        ' "seat": 1, "sealed": 7}',
        "a part's seal is its SHA-256",
    ),
]


@pytest.fixture
def server(database_url):
    with TestClient(create_app(database_url, seed=3)) as client:
        yield client


def test_every_odd_frame_is_answered_in_a_few_words_and_changes_nothing(
    server, database_url, caplog
):
    ada = Person(server, "ada")
    table = open_table(ada, "punto-banco", 1, bot_pause=0, time_limit=60, hold=60)
    with caplog.at_level(logging.WARNING), ada.connect(table) as socket:
        reader = Reader(socket, ada.heard)
        sit_down(reader, 0, 300)
        before = [s.seq for s in steps_of(database_url, table) if s.person_id == ada.id]
        for sent, said in ODD:
            if isinstance(sent, bytes):
                socket.send_bytes(sent)
            else:
                socket.send_text(sent)
            answer = reader.until(lambda m: m["type"] in ("error", "refused"))
            assert said in answer["reason"], (sent[:80], answer)
            assert len(answer["reason"]) < 400, answer["reason"][:400]
        stake = {"type": "Stake", "bet": "punto", "amount": 10**40}
        socket.send_text(json.dumps({"type": "act", "key": "k7", "seq": 10**14, "action": stake}))
        stale = reader.until(lambda m: m["type"] in ("error", "refused"))
        assert stale["type"] == "refused" and len(stale["reason"]) < 400, stale
        mine = [s.seq for s in steps_of(database_url, table) if s.person_id == ada.id]
        assert mine == before, "nothing odd was taken"
        planned = reader.ask({"type": "plan", "leave": False, "away": False}, "planned", "error")
        assert planned["type"] == "planned", "the connection carries on"
    assert not [r for r in caplog.records if r.exc_info], "no traceback was logged"

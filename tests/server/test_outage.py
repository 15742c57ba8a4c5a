"""The database goes away while people play (issue 25; docs/protocol.md, "Paused"): PostgreSQL
stopped, or the SQLite file made read-only. No action is acknowledged that was not
committed; the table says it is paused in its view and refuses actions in words; health says
503; once the database is back the table plays on from its last commit, and the ledger's
audit holds. Each connection is told the pause in its own language."""

from __future__ import annotations

import logging
import random
import threading
import time
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from croupier import i18n
from croupier.server._protocol import UNAVAILABLE
from croupier.server.app import create_app
from croupier.server.audit import audit
from croupier.server.runner import PAUSED
from tests.outage import outage
from tests.server.players import (
    Person,
    Reader,
    open_table,
    play_at_random,
    received,
    sit_down,
    steps_of,
)


def _acknowledged(heard: list[dict[str, Any]]) -> dict[str, int]:
    return {m["key"]: m["seq"] for m in heard if m["type"] == "ack"}


def _views(heard: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [m for m in heard if m["type"] == "view"]


def _wait(test: Any, what: str, seconds: float = 30.0) -> None:
    until = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < until, f"waited {seconds:g} s for {what}"
        time.sleep(0.05)


@pytest.mark.parametrize(
    "kind", [pytest.param("postgresql", marks=pytest.mark.postgresql), "sqlite"]
)
def test_a_table_pauses_while_its_database_is_away_and_plays_on_from_its_last_commit(
    kind, tmp_path
):
    with outage(kind, tmp_path) as database, TestClient(create_app(database.url)) as server:
        ada, bob = Person(server, "ada"), Person(server, "bob")
        table = open_table(ada, bots=1, bot_pause=0.05, time_limit=30)
        with ada.connect(table) as at_ada, bob.connect(table, languages="ru") as at_bob:
            readers = [Reader(at_ada, ada.heard), Reader(at_bob, bob.heard)]
            for seat, reader in zip((0, 2), readers, strict=True):  # (the bot has seat 1)
                sit_down(reader, seat, 300)
            stop = threading.Event()
            players = [
                threading.Thread(target=play_at_random, args=(r, random.Random(n), stop, 0.02))
                for n, r in enumerate(readers)
            ]
            for player in players:
                player.start()
            try:
                _wait(lambda: len(_acknowledged(ada.heard)) >= 5, "ada to act 5 times")
                away_at = len(ada.heard), len(bob.heard)
                database.away()
                with i18n.use("ru"):
                    told = {"ada": PAUSED, "bob": i18n._(PAUSED)}
                assert told["bob"] != PAUSED
                _wait(
                    lambda: all(
                        any(v["paused"] == told[p.name] for v in _views(p.heard[at:]))
                        for p, at in zip((ada, bob), away_at, strict=True)
                    ),
                    "both to be told the table is paused, each in their language",
                )
                health = server.get("/api/health")
                assert health.status_code == 503, health.text
                paused = next(v for v in _views(ada.heard) if v["paused"])
                assert paused["waiting"] == {}, "no time runs out while the table is paused"
                assert server.get(f"/api/tables/{table}").json()["paused"] is True
                seq = paused["seq"]
                key = readers[0].send({"type": "Leave"}, seq)
                answers = lambda: [m for m in ada.heard if m.get("key") == key]  # noqa: E731
                _wait(answers, "the answer")
                (refusal,) = answers()
                assert refusal == {
                    "type": "refused",
                    "key": key,
                    "reason": f"{PAUSED}: nothing was taken",
                    "error": "paused",
                }
                time.sleep(2.0)  # the table asks the database again, and again
                during = [m for m in ada.heard[away_at[0] :] if m["type"] == "step"]
                assert all(m["seq"] <= seq for m in during), "no step is told while paused"
                database.back()
                back_at = len(ada.heard)
                _wait(
                    lambda: any(v["paused"] is None for v in _views(ada.heard[back_at:])),
                    "the table to play on",
                )
                _wait(lambda: server.get("/api/health").status_code == 200, "health to say 200")
                _wait(
                    lambda: any(
                        m["type"] == "step" and m["seq"] > seq + 10 for m in ada.heard[back_at:]
                    ),
                    "ten steps more",
                )
            finally:
                stop.set()
                for player in players:
                    player.join(timeout=10)
        stored = {step.seq: step.key for step in steps_of(database.url, table)}
        assert sorted(stored) == list(range(1, len(stored) + 1)), "no step is missing"
        for person in (ada, bob):
            for key, seq in _acknowledged(person.heard).items():
                assert stored.get(seq) == key, (
                    f"{person.name}'s step {seq} acknowledged, not stored"
                )
        assert audit(database.url) == []


@pytest.mark.parametrize(
    "kind", [pytest.param("postgresql", marks=pytest.mark.postgresql), "sqlite"]
)
def test_every_socket_opened_while_the_database_is_away_is_answered(kind, tmp_path, caplog):
    """Issue 38, item 6: each socket opened during an outage is answered, welcomed (where
    the database still reads: an SQLite file made read-only) or closed with `UNAVAILABLE`
    and its reason in the socket's language (where it does not: PostgreSQL stopped), and
    nothing is logged with a traceback."""
    caplog.set_level(logging.WARNING)
    with outage(kind, tmp_path) as database, TestClient(create_app(database.url)) as server:
        ada = Person(server, "ada")
        table = open_table(ada, bots=1, time_limit=30)
        database.away()
        try:
            answers = [_opened(ada, table, languages) for languages in ("en", "ru") * 3]
        finally:
            database.back()
    with i18n.use("ru"):
        said = i18n._("the database is not answering just now: try again shortly")
    reasons = {"en": "the database is not answering just now: try again shortly", "ru": said}
    for languages, answer in zip(("en", "ru") * 3, answers, strict=True):
        assert answer == "welcome" or answer == (UNAVAILABLE, reasons[languages]), answer
    if kind == "postgresql":  # no session can be looked up: every socket is refused
        assert all(answer != "welcome" for answer in answers), answers
    tracebacks = [record.getMessage() for record in caplog.records if record.exc_info]
    assert not tracebacks, tracebacks


def _opened(person: Person, table: int, languages: str) -> Any:
    """What a socket opened now is answered: "welcome", or its close code and reason."""
    try:
        with person.connect(table, languages=languages) as socket:
            first = received(socket)[0]
            return "welcome" if first["type"] == "welcome" else first
    except WebSocketDisconnect as closed:
        return closed.code, closed.reason

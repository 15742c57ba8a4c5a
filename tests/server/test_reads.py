"""Reads never starve play (issue 38, item 5; docs/scaling.md, "What is bounded"): the odds
and histories are computed in reading threads of their own, so that a commit never waits
behind one; each is computed once and kept, a history until another shoe ends and odds for
the table's step and seat, however many ask at once; and one client address has at most
`ASKING` reads waiting, one more refused `429` in words with `Retry-After`."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from croupier.server import _readings as readings
from croupier.server._readings import ASKING
from croupier.server.app import create_app
from croupier.server.database import open_database
from croupier.server.history import extent, table_history
from tests.server.players import Person, Reader, house_box, open_table, play_at_random, sit_down

BENCHMARK = Path(__file__).parents[2] / "benchmarks" / "server_reads.py"


@pytest.fixture
def server(database_url):
    with TestClient(create_app(database_url, seed=3)) as client:
        yield client


def _until(test: Callable[[], Any], what: str, seconds: float = 60.0) -> Any:
    until = time.monotonic() + seconds
    while not (found := test()):
        assert time.monotonic() < until, f"waited {seconds:g} s for {what}"
        time.sleep(0.02)
    return found


def _counted(monkeypatch: pytest.MonkeyPatch, name: str) -> list[Any]:
    """Each call of the readings' `name` (its arguments), as it is made."""
    calls: list[Any] = []
    real = getattr(readings, name)

    def counting(*args: Any) -> Any:
        calls.append(args)
        return real(*args)

    monkeypatch.setattr(readings, name, counting)
    return calls


def test_a_table_plays_on_while_forty_reads_are_held(server, monkeypatch):
    """Forty histories asked at once that take as long as a test likes (more than any
    thread pool of the event loop's holds): they are made once, the table still commits and
    tells ada's step, and health answers; the client's reads past `ASKING` are refused in
    words."""
    held, entered = threading.Event(), []
    real = table_history

    def slow(*args: Any) -> Any:
        entered.append(args)
        held.wait(120)
        return real(*args)

    monkeypatch.setattr(readings, "table_history", slow)
    ada = Person(server, "ada")
    table = open_table(ada, time_limit=600)
    answers: list[Any] = []
    asking = [
        threading.Thread(target=lambda: answers.append(server.get(f"/api/tables/{table}/history")))
        for _ in range(40)
    ]
    with ada.connect(table) as socket:
        reader = Reader(socket, ada.heard)
        sit_down(reader, 0, 300)
        view = reader.until(lambda m: m["type"] == "view" and m["seat"] == 0)
        try:
            for each in asking:
                each.start()
            _until(lambda: entered, "the history to be begun")
            _until(lambda: len(answers) == 40 - ASKING, "the reads past the limit refused")
            stake = next(o for o in view["view"]["legal"]["options"] if o["type"] == "Amounts")
            action = {**stake["template"], **dict.fromkeys(stake["fields"], stake["low"])}
            key = reader.send(action, view["seq"])
            acked = reader.until(lambda m: m.get("key") == key)
            assert acked["type"] == "ack", acked
            assert server.get("/api/health").status_code == 200
        finally:
            held.set()
            for each in asking:
                each.join(60)
    refused = [a for a in answers if a.status_code == 429]
    assert len(refused) == 40 - ASKING
    assert refused[0].headers["retry-after"] == "1"
    assert refused[0].json() == {
        "error": f"too many reads of tables at once from this address: at most {ASKING} wait "
        "for their answers; try again in a second"
    }
    told = [a.json()["error"] for a in answers if a.status_code != 429]
    assert (
        told
        == [
            "the hand history is given once a shoe is over: the first one is in play, and its "
            "seed tells its cards"
        ]
        * ASKING
    )
    assert len(entered) == 1, "those who asked at once shared one making"


def _play_and_get_up(reader: Reader, table: int, url: str, shoes: int) -> dict[str, Any]:
    """Ada, at seat 0, plays until `shoes` more shoes are over (their seals stored), then
    gets up: no person is seated, and the table rests. The view it rests at."""
    engine = open_database(url)
    before = extent(engine, table).sealed
    stop = threading.Event()

    def enough(view: dict[str, Any]) -> None:  # her last action, once the shoes are over
        if extent(engine, table).sealed >= before + shoes:
            stop.set()

    try:
        play_at_random(reader, random.Random(1), stop, before=enough)
    finally:
        engine.dispose()
    reader.until(lambda m: m["type"] in ("ack", "refused"))  # (answered before she plans)
    reader.socket.send_text(json.dumps({"type": "plan", "leave": True, "away": True}))
    return reader.until(
        lambda m: m["type"] == "view" and m["seat"] is None and m["open_seats"], timeout=60
    )  # nobody seated and a seat to take: the table rests here


def test_a_history_is_made_once_until_another_shoe_ends(server, database_url, monkeypatch):
    """Asked eight times while the table rests, the history is made once; made again once
    another shoe is over, going on from the steps replayed before, it is the history made
    from the first step; it is sent gzipped to a client that takes it."""
    made = _counted(monkeypatch, "table_history")
    ada = Person(server, "ada")
    table = open_table(ada, "monte-bank", bots=2, bot_pause=0, time_limit=600)
    path = f"/api/tables/{table}/history"
    with ada.connect(table) as socket:
        reader = Reader(socket, ada.heard)
        sit_down(reader, 0, 300)
        resting = _play_and_get_up(reader, table, database_url, shoes=2)
        answers: list[Any] = []
        asking = [
            threading.Thread(target=lambda: answers.append(server.get(path))) for _ in range(3)
        ]
        for each in asking:
            each.start()
        for each in asking:
            each.join(60)
        answers += [server.get(path) for _ in range(5)]
        assert {a.status_code for a in answers} == {200}
        assert len({a.content for a in answers}) == 1
        assert len(made) == 1, "asked eight times at one extent, made once"
        first = json.loads(answers[0].content)
        reader.send({"type": "Join", "amount": 300}, resting["seq"], seat=0)
        assert reader.until(lambda m: m["type"] in ("ack", "refused"))["type"] == "ack"
        _play_and_get_up(reader, table, database_url, shoes=1)
        again = server.get(path)
    assert again.status_code == 200 and len(made) == 2, "another shoe over: made again"
    later = json.loads(again.content)
    assert later["actions"][: len(first["actions"])] == first["actions"]
    assert len(later["actions"]) > len(first["actions"])
    engine = open_database(database_url)
    whole = table_history(engine, table, house_box(database_url))
    engine.dispose()
    assert again.text == whole.to_json(), "going on from the last replay, as made from the start"
    plain = server.get(path, headers={"accept-encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.content == again.content
    packed = server.get(path, headers={"accept-encoding": "gzip"})
    assert packed.headers["content-encoding"] == "gzip" and packed.content == again.content


def test_odds_are_made_once_for_a_step_and_seat(server, monkeypatch):
    made = _counted(monkeypatch, "odds")
    ada, bob = Person(server, "ada"), Person(server, "bob")
    table = open_table(ada, time_limit=600)
    path = f"/api/tables/{table}/odds"
    with ada.connect(table) as socket:
        reader = Reader(socket, ada.heard)
        sit_down(reader, 0, 300)
        view = reader.until(lambda m: m["type"] == "view" and m["seat"] == 0)
        seen = [ada.get(path), ada.get(path), bob.get(path), server.get(path)]
        assert {a.status_code for a in seen} == {200}
        assert [a.json()["seat"] for a in seen] == [0, 0, None, None]
        assert {a.json()["seq"] for a in seen} == {view["seq"]}
        assert len(made) == 2, "once for seat 0, once for a spectator"
        stake = next(o for o in view["view"]["legal"]["options"] if o["type"] == "Amounts")
        action = {**stake["template"], **dict.fromkeys(stake["fields"], stake["low"])}
        reader.send(action, view["seq"])
        after = reader.until(lambda m: m["type"] == "view" and m["seq"] > view["seq"])
        moved = ada.get(path).json()
    assert moved["seq"] == after["seq"] and len(made) == 3, "a new step: made again"


@pytest.mark.slow
def test_the_reads_benchmark_runs_in_short(database_url):
    """benchmarks/server_reads.py in a short form: it runs, and the readers are answered
    (its figures are not asserted: speed is the benchmark's to measure)."""
    command = [sys.executable, str(BENCHMARK), "--readers", "4", "--seconds", "1", "--game"]
    command += ["private-monte"]  # a shoe of a few deals, whose history is soon there to read
    command += ["--rounds", "1", "--warm-up", "1", "--database", database_url]
    ran = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    assert ran.returncode == 0, ran.stdout[-3000:] + ran.stderr[-3000:]
    for kind in ("history", "odds"):
        found = re.search(rf"^{kind} reads answered\s+\d+\s+\(200: (\d+)", ran.stdout, re.M)
        assert found is not None and int(found[1]) > 0, ran.stdout
    assert re.search(r"^ratio \d+\.\d\d", ran.stdout, re.M), ran.stdout

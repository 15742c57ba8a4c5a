"""`GET /metrics` (issue 43, item 3; docs/operating.md, "Watch"): the house's figures in
Prometheus' text format move as it plays, at one process; and where several `croupier serve`
processes share a metrics folder, the one asked answers for them all, and a process killed
no longer counts its connections (though what it did still counts)."""

from __future__ import annotations

import asyncio
import functools
import os
import random
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import httpx
import pytest
import uvicorn
from prometheus_client.parser import text_string_to_metric_families
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner

import croupier.server.app
from croupier.cli import app
from croupier.client import Client, TableConnection
from croupier.server._protocol import CROWDED
from croupier.server.app import create_app
from croupier.server.door import Entrance, Limits
from tests.outage import outage
from tests.server.players import PASSWORD, Person, Reader, open_table, pick, sit_down
from tests.server.test_crash import Server

Figures = dict[tuple[str, tuple[tuple[str, str], ...]], float]
T = TypeVar("T")


def figures(text: str) -> Figures:
    """Every sample of a scrape, by its name and labels."""
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def of(found: Figures, name: str, **labels: str) -> float:
    """The sample `name` with `labels` (0 where there is none)."""
    return found.get((name, tuple(sorted(labels.items()))), 0.0)


def until(scrape: Callable[[], T], ready: Callable[[T], bool]) -> T:
    """Scrape until `ready` is true of what is found (what the server does once a client
    has gone, or its database, it does a moment later): that."""
    deadline = time.monotonic() + 30
    while True:
        found = scrape()
        if ready(found):
            return found
        assert time.monotonic() < deadline, f"never so: {found}"
        time.sleep(0.05)


@pytest.fixture
def server(database_url, monkeypatch):
    """A server whose door's clock stands still (a wait is never over merely because the
    machine was slow), that lets each address hold one table connection."""
    monkeypatch.setattr(
        croupier.server.app, "Entrance", functools.partial(Entrance, clock=lambda: 1e9)
    )
    limits = Limits(tries=1, connections=1)
    with TestClient(create_app(database_url, seed=5, limits=limits)) as client:
        yield client


def test_the_figures_move_as_the_house_plays(server):
    def scrape() -> Figures:
        answer = server.get("/metrics")
        assert answer.status_code == 200
        assert answer.headers["content-type"].startswith("text/plain; version=0.0.4")
        return figures(answer.text)

    at_start = scrape()
    assert of(at_start, "croupier_tables_open") == 0
    assert of(at_start, "croupier_connections") == 0
    ada = Person(server, "ada")
    table = open_table(ada, "punto-banco", 1, bot_pause=0, time_limit=60, hold=60)
    assert of(scrape(), "croupier_tables_open") == 1
    with ada.connect(table) as socket:
        reader = Reader(socket, ada.heard)
        sit_down(reader, 0, 500)
        assert of(scrape(), "croupier_connections") == 1
        view = reader.until(lambda m: m["type"] == "view" and m["view"]["legal"]["options"])
        reader.send({"type": "Join", "amount": 100}, view["seq"], seat=2)  # seated already
        refused = reader.until(lambda m: m["type"] in ("ack", "refused"))
        assert refused["type"] == "refused" and refused["error"] == "forbidden"
        stake = pick(view["view"]["legal"]["options"], random.Random(1))
        reader.send(stake, view["seq"])
        staked = reader.until(lambda m: m["type"] in ("ack", "refused"))
        assert staked["type"] == "ack", staked
        with ada.connect(table) as second, pytest.raises(WebSocketDisconnect) as closed:
            second.receive_json()  # one connection an address: the second is turned away
        assert closed.value.code == CROWDED
    found = until(scrape, lambda found: of(found, "croupier_connections") == 0)
    assert of(found, "croupier_actions_total", kind="Join") == 1
    assert of(found, "croupier_actions_total", kind=stake["type"]) == 1
    assert of(found, "croupier_refusals_total", kind="forbidden") == 1
    assert of(found, "croupier_door_refusals_total", reason="connections") == 1
    assert of(found, "croupier_commit_seconds_count") > 0
    assert of(found, "croupier_commit_batches_count") == of(found, "croupier_commit_seconds_count")
    assert of(found, "croupier_steps_total") >= 2  # the two actions, and the house's and chance's

    wrong = {"name": "ada", "password": "not her password"}
    assert server.post("/api/login", json=wrong).status_code == 401
    assert server.post("/api/login", json=wrong).status_code == 429  # the name must wait
    found = scrape()
    assert of(found, "croupier_door_refusals_total", reason="password") == 1
    assert of(found, "croupier_door_refusals_total", reason="name") == 1
    assert of(found, "croupier_door_refusals_total", reason="registration") == 0


def test_the_figures_name_no_person_and_their_labels_are_few(server):
    ada = Person(server, "ada")
    table = open_table(ada, "punto-banco", 1, bot_pause=0, time_limit=60, hold=60)
    with ada.connect(table) as socket:
        sit_down(Reader(socket, ada.heard), 0, 500)
    text = server.get("/metrics").text
    assert "ada" not in text
    for family in text_string_to_metric_families(text):
        assert family.name.startswith("croupier_")
        for sample in family.samples:
            assert set(sample.labels) <= {"kind", "reason", "le"}, sample
            for value in sample.labels.values():  # a type, a reason, a bucket: never free text
                assert re.fullmatch(r"[A-Za-z][A-Za-z-]*|[0-9.]+|\+Inf", value), sample


def test_a_table_paused_without_its_database_is_counted_until_it_plays_on(tmp_path):
    """The figures answer while the database is away (docs/protocol.md, "Paused"): the
    table paused, then, once it is back, not."""
    with outage("sqlite", tmp_path) as database, TestClient(create_app(database.url)) as server:

        def paused() -> float:
            return of(figures(server.get("/metrics").text), "croupier_tables_paused")

        ada = Person(server, "ada")
        table = open_table(ada, bots=1, bot_pause=0.05, time_limit=30)
        with ada.connect(table) as socket:
            reader = Reader(socket, ada.heard)
            sit_down(reader, 0, 300)
            assert paused() == 0
            database.away()
            until(paused, lambda found: found == 1)
            assert server.get("/api/health").status_code == 503
            database.back()
            until(paused, lambda found: found == 0)


async def _sit(client: Client, name: str, register: bool) -> TableConnection:
    """`name` (registered, or logged in) opens a Punto Banco table with a bot at the process
    `client` speaks to and sits down at seat 0: the connection, left open."""
    if register:
        await client.register(name, PASSWORD)
    else:
        await client.log_in(name, PASSWORD)
    settings = {"bot_pause": 0, "time_limit": 60, "hold": 60}
    table = (await client.open_table("punto-banco", bots=1, settings=settings))["id"]
    seat = client.table(table)
    await seat.connect()
    while True:
        message = await seat.next()
        if message["type"] == "view" and "0" in message.get("open_seats", {}):
            assert (await seat.act({"type": "Join", "amount": 300}, seat=0))["type"] == "ack"
            return seat


@pytest.mark.slow
def test_several_processes_answer_for_the_house_and_a_dead_one_no_longer_counts(
    database_url, tmp_path
):
    folder = tmp_path / "metrics"
    shared = ("--metrics-dir", str(folder))
    first = Server(database_url, tmp_path / "first.log", shared)
    second = Server(database_url, tmp_path / "second.log", shared)
    first.start()
    second.start()

    def scrape(server: Server) -> Figures:
        return figures(httpx.get(f"{server.address}/metrics", timeout=10).text)

    async def scenario() -> None:
        at_first, at_second = Client(first.address), Client(second.address)
        ada = await _sit(at_first, "ada", register=True)
        bea = await _sit(at_second, "bea", register=True)
        refused = await bea.act({"type": "Join", "amount": 300}, seat=1)  # seated already
        assert refused["type"] == "refused" and refused["error"] == "forbidden"
        for server in (first, second):  # either answers for both
            found = scrape(server)
            assert of(found, "croupier_connections") == 2
            assert of(found, "croupier_tables_open") == 2
            assert of(found, "croupier_actions_total", kind="Join") == 2
            assert of(found, "croupier_refusals_total", kind="forbidden") == 1
        second.kill()
        found = scrape(first)
        assert of(found, "croupier_connections") == 1, "the dead process's is not counted"
        assert of(found, "croupier_actions_total", kind="Join") == 2, "what it did still is"
        await ada.close()
        await at_first.close()
        await at_second.close()

    try:
        asyncio.run(scenario())
        second.start()  # again, while the first runs: it counts on with it, from nothing
        found = until(lambda: scrape(second), lambda f: of(f, "croupier_connections") == 0)
        assert of(found, "croupier_actions_total", kind="Join") == 2
        first.kill()
        second.kill()
        first.start()  # the first of a new house: it clears what the old one left
        found = scrape(first)
        assert of(found, "croupier_actions_total", kind="Join") == 0
        assert of(found, "croupier_connections") == 0
    finally:
        for server in (first, second):
            if server.process is not None and server.process.poll() is None:
                server.kill()


def test_a_metrics_folder_serve_cannot_use_is_one_line_and_exit_2(tmp_path, monkeypatch):
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: None)
    monkeypatch.delenv("PROMETHEUS_MULTIPROC_DIR", raising=False)
    file = tmp_path / "a file"
    file.write_text("")
    for folder, said in (
        (tmp_path / "no" / "such", "cannot be used: No such file or directory"),
        (file, "cannot be used: it is not a folder"),
        (Path("/tmp"), "may be written to by anyone: give a folder of the server's own"),
    ):
        ran = CliRunner().invoke(app, ["serve", "--port", "8765", "--metrics-dir", str(folder)])
        assert ran.exit_code == 2, ran.output
        assert ran.stderr.strip() == f"Error: the metrics folder {folder} {said}", ran.stderr
    assert "PROMETHEUS_MULTIPROC_DIR" not in os.environ, "nothing set for one refused"

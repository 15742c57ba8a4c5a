"""`croupier serve --log-format json` writes one JSON object a line on stderr, every record
the server's own or uvicorn's, saying the request, status, table and person it concerns;
and no line of a played session holds a password, a session cookie, an invite or a seed
(issue 43, item 4)."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import signal
import subprocess
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

import httpx

from croupier.client import Client, TableConnection
from croupier.server.logs import JsonLines
from tests.server.players import PASSWORD, pick
from tests.server.test_crash import _free_port

STEPS = 30
"""How far the table plays before its opener closes it: a few coups."""


def _serve(database: str, port: int, log: Path) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "croupier", "serve", "--port", str(port)]
    with log.open("wb") as stderr:
        process = subprocess.Popen(
            [*command, "--database", database, "--log-format", "json"],
            stdout=subprocess.DEVNULL,
            stderr=stderr,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
    deadline = time.monotonic() + 60
    while True:
        assert process.poll() is None, log.read_text()
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            pass
        assert time.monotonic() < deadline, "the server never answered"
        time.sleep(0.1)


async def _until_closed(table: TableConnection, rng: random.Random, close: Client) -> None:
    """Play at random; once the table is `STEPS` along, its opener closes it; until it has."""
    closing = False
    while True:
        message = await table.next()
        if message["type"] != "view":
            continue
        if message["closed"]:
            return
        if message["seq"] >= STEPS and not closing:
            await close.close_table(table.table)
            closing = True
        if message["seat"] is not None and table.legal:
            await table.act(pick(table.legal, rng))


async def _session(url: str) -> tuple[int, list[str]]:
    """Ada opens a private Punto Banco table with two bots and plays at it, Bea comes in by
    its invite and watches, Ada closes it: the table, and the secrets the logs must not hold
    (the password, both session cookies, the invite, every shoe's seed)."""
    async with Client(url) as ada, Client(url) as bea:
        await ada.register("ada", PASSWORD)
        await bea.register("bea", PASSWORD)
        settings = {"bot_pause": 0.01, "time_limit": 30}
        body = {"game": "punto-banco", "bots": 2, "settings": settings, "private": True}
        entry = await ada._call("POST", "/api/tables", body)
        table, invite = entry["id"], entry["invite"]
        await bea._call("GET", f"/api/tables/{table}?invite={invite}")
        async with ada.table(table) as playing, bea.table(table) as watching:
            while (await playing.act({"type": "Join", "amount": 500}, seat=0))["type"] != "ack":
                await playing.next()
            await _until_closed(playing, random.Random(43), ada)
            while not (await watching.next()).get("closed"):
                pass
        history = await ada._call("GET", f"/api/tables/{table}/history")
        seeds = [proof["seed"] for proof in history["proofs"]]
        assert seeds, "the history gives no seed to look for"
        cookies = [client._http.cookies["session"] for client in (ada, bea)]
        return table, [PASSWORD, *cookies, invite, *seeds]


def test_json_logs_say_what_they_concern_and_hold_no_secret(tmp_path):
    port, log = _free_port(), tmp_path / "server.log"
    server = _serve(f"sqlite:///{tmp_path / 'ledger.db'}", port, log)
    try:
        table, secrets = asyncio.run(_session(f"http://127.0.0.1:{port}"))
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(30)
    text = log.read_text()
    lines = [json.loads(line) for line in text.splitlines()]  # every line is one object
    for line in lines:
        assert {"time", "level", "logger", "message"} <= line.keys(), line
        assert datetime.fromisoformat(line["time"]).utcoffset() == timedelta(0), line
        assert "?" not in line.get("request", ""), line
    for secret in secrets:
        assert secret not in text, f"a log line holds {secret!r}"
    said = {(line.get("request"), line.get("status"), line.get("person")) for line in lines}
    assert ("POST /api/register", 201, "ada") in said
    assert (f"GET /api/tables/{table}", 200, "bea") in said  # asked with the invite
    assert any(
        line.get("request") == f"WebSocket /api/tables/{table}/socket" and line["table"] == table
        for line in lines
    )
    assert {line["logger"] for line in lines} >= {"uvicorn.access", "uvicorn.error"}


def test_a_log_format_serve_does_not_write_is_one_line_and_exit_2():
    command = [sys.executable, "-m", "croupier", "serve", "--log-format", "xml"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2 and done.stderr.strip().splitlines() == [
        "Error: --log-format 'xml' is not one of 'text', 'json'."
    ]


def test_a_line_says_the_table_and_seat_a_record_names_and_its_error():
    record = logging.LogRecord(
        "croupier.server.runner", logging.WARNING, __file__, 1, "%s", ("x",), None
    )
    record.__dict__.update(table=7, seat=2)
    try:
        raise ValueError("refused")
    except ValueError:
        record.exc_info = sys.exc_info()
    line = json.loads(JsonLines().format(record))
    assert (line["table"], line["seat"], line["message"]) == (7, 2, "x")
    assert "ValueError: refused" in line["error"]

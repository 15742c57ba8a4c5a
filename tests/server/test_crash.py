"""A real server process, killed with SIGKILL in the middle of play, loses no chip and no
acknowledged action: restarted, it rebuilds the table from its committed steps, the people
reconnect and finish the session, and `croupier ledger audit` passes after every kill
(issue 15). The people play through `croupier.client`, as any program would."""

from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from croupier.client import Client, TableConnection
from tests.server.players import PASSWORD, chips_back, pick, steps_of

KILLS = 3
SOAK_KILLS = 5


def _free_port() -> int:
    with closing(socket.socket()) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """`croupier serve` in a process of its own, on a free loopback port (with `options`
    given to it besides)."""

    def __init__(self, url: str, log: Path, options: tuple[str, ...] = ()) -> None:
        self.database = url
        self.options = options
        self.port = _free_port()
        self.address = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.log = log
        """Where the server writes what it says (kept for a failing test's report)."""

    def start(self) -> None:
        command = [sys.executable, "-m", "croupier", "serve", "--port", str(self.port)]
        command += ["--lease", "2"]  # a restarted server takes its tables up soon after
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [*command, "--database", self.database, *self.options],
                stdout=log,
                stderr=log,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )
        deadline = time.monotonic() + 180  # a busy machine starts a process slowly
        while True:
            assert self.process.poll() is None, "the server stopped"
            try:
                if httpx.get(f"{self.address}/api/health", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "the server never answered"
            time.sleep(0.1)

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def audit(self) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "croupier", "ledger", "audit"]
        return subprocess.run(
            [*command, "--database", self.database], capture_output=True, text=True, check=False
        )


@dataclass
class Player:
    """A person playing at random through the client, who keeps what the server acknowledged
    and the action still unanswered when the connection fell."""

    client: Client
    table: TableConnection
    rng: random.Random
    acked: dict[str, tuple[int, dict[str, Any]]] = field(default_factory=dict)
    unanswered: tuple[str, dict[str, Any]] | None = None

    async def play(self, steps: int) -> None:
        """Act whenever offered something, until the table has taken `steps` steps or it
        closes; a dropped connection ends the play."""
        while True:
            message = await self.table.next()
            if message["type"] != "view":
                continue
            if message["closed"] or message["seq"] >= steps:
                return
            if message["seat"] is not None and self.table.legal:
                await self.act(pick(self.table.legal, self.rng))

    async def act(self, action: dict[str, Any], key: str | None = None) -> None:
        key = key or f"{self.rng.getrandbits(64):x}"
        self.unanswered = (key, action)
        answer = await self.table.act(action, key=key)
        self.unanswered = None
        if answer["type"] == "ack":
            self.acked[key] = (answer["seq"], action)


async def _session(server: Server) -> tuple[list[Player], int]:
    """Ada and Bea register, Ada opens a Punto Banco table with two bots, both sit down."""
    ada, bea = Client(server.address), Client(server.address)
    for client, name in ((ada, "ada"), (bea, "bea")):
        await client.register(name, PASSWORD)
    settings = {"bot_pause": 0.02, "time_limit": 30, "hold": 30}
    table = (await ada.open_table("punto-banco", bots=2, settings=settings))["id"]
    players = []
    for number, (client, seat) in enumerate(((ada, 0), (bea, 4))):
        connection = client.table(table)
        await connection.connect()
        while True:
            message = await connection.next()
            if message["type"] == "view" and str(seat) in message.get("open_seats", {}):
                answer = await connection.act({"type": "Join", "amount": 500}, seat=seat)
                if answer["type"] == "ack":
                    break
        players.append(Player(client, connection, random.Random(number)))
    return players, table


async def _until_dropped(players: list[Player], steps: int) -> None:
    with_errors = await asyncio.gather(*(p.play(steps) for p in players), return_exceptions=True)
    for outcome in with_errors:
        if isinstance(outcome, BaseException) and not isinstance(
            outcome, ConnectionClosed | OSError
        ):
            raise outcome


async def _reconnect(players: list[Player]) -> None:
    """Each person comes back from the last step they saw, and retries an unanswered action
    with its key: the server answers what it did the first time, or takes it now."""
    for player in players:
        await connect(player.table)
        if player.unanswered is not None:
            key, action = player.unanswered
            await player.act(action, key)


async def connect(table: TableConnection, seconds: float = 20) -> None:
    """Connect, trying again while the table is still held by the lease of a process gone."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            await table.connect()
            return
        except (ConnectionClosed, InvalidStatus, OSError):  # (502: a proxy's process gone)
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.2)


def _check_acknowledged_kept(server: Server, table: int, players: list[Player]) -> None:
    steps = {step.key: step for step in steps_of(server.database, table) if step.key}
    for player in players:
        for key, (seq, _) in player.acked.items():
            assert key in steps and steps[key].seq == seq, f"acknowledged step {seq} was lost"


@pytest.mark.slow
def test_a_server_killed_mid_play_loses_nothing(database_url, tmp_path):
    server = Server(database_url, tmp_path / "server.log")
    server.start()

    async def scenario() -> tuple[list[Player], int, list[int]]:
        players, table = await _session(server)
        for kill in range(KILLS):
            target = len(steps_of(server.database, table)) + random.Random(kill).randint(20, 80)
            play = asyncio.create_task(_until_dropped(players, 10**9))
            deadline = time.monotonic() + 60
            while len(steps_of(server.database, table)) < target:
                assert not play.done(), "the play stopped before the kill"
                assert time.monotonic() < deadline, "the table does not move"
                await asyncio.sleep(0.05)
            server.kill()  # mid-coup, mid-batch: wherever the table is
            await play
            audited = server.audit()
            assert audited.returncode == 0, audited.stderr
            _check_acknowledged_kept(server, table, players)
            server.start()
            await _reconnect(players)
        await players[0].client.close_table(table)
        await _until_dropped(players, 10**9)
        balances = [(await player.client.me())["chips"] for player in players]
        return players, table, balances

    try:
        players, table, balances = asyncio.run(scenario())
    finally:
        if server.process is not None and server.process.poll() is None:
            server.kill()
    _check_acknowledged_kept(server, table, players)
    assert server.audit().returncode == 0
    keys = [step.key for step in steps_of(server.database, table) if step.key]
    assert len(keys) == len(set(keys)), "no action was applied twice"

    people = [step.person_id for step in steps_of(server.database, table) if step.person_id]
    ada, bea = sorted(set(people))
    expected = [500 + chips_back(server.database, table, person) for person in (ada, bea)]
    assert balances == expected


@pytest.mark.slow
def test_the_crash_soak_kills_five_times_and_loses_nothing(database_url):
    """benchmarks/serve_crash.py in short, five kills: all five games, bots and people, each
    kill landing wherever the five tables are. (Each kill and restart costs about 4 s of
    processor time; the benchmark's own default is 200.)"""
    script = Path(__file__).parents[2] / "benchmarks" / "serve_crash.py"
    command = [sys.executable, str(script), "--kills", str(SOAK_KILLS), "--database", database_url]
    ran = subprocess.run(command, capture_output=True, text=True, timeout=900, check=False)
    assert ran.returncode == 0, ran.stdout[-3000:] + ran.stderr[-3000:]
    out = ran.stdout

    def figure(label: str) -> int:
        found = re.search(rf"^{label}\s+(\d+)", out, re.M)
        assert found is not None, out[-3000:]
        return int(found[1])

    assert figure("kills") == SOAK_KILLS
    assert figure("audits that held") == SOAK_KILLS
    assert figure("acknowledged actions") > 0
    assert figure("found after the restarts") == figure("acknowledged actions")
    assert out.rstrip().endswith("nothing lost")

"""The crash soak: `croupier serve` killed with SIGKILL at random moments while bots and
people play all five games, restarted each time, and nothing acknowledged may be lost.

    .venv/bin/python benchmarks/serve_crash.py [--kills 200] [--database URL] [--seed 1]

`croupier serve` (the real command, a subprocess, `--lease 2`) runs on a free loopback port
and a fresh SQLite file in a temporary folder (or `--database postgresql://...`). One table
of each game is opened with bots, and one person sits at each, playing at random through
`croupier.client` (any offered action but getting up or bringing chips; an amount at its
least). Before each kill the tables are let take between 20 and 80 steps more (at random,
from `--seed`), so that the kill lands anywhere: mid-coup, mid-batch, mid-commit. After
each kill:

- the ledger's audit (`croupier.server.audit`, what `croupier ledger audit` checks) must
  hold;
- every action the server acknowledged (`ack`) must be in the database, as the step the ack
  named;
- the server is started again, each person connects again from the last step they saw
  (`last_seq`) and sends an action left unanswered once more, with its key.

It prints a line per kill, then the kills, the acknowledged actions, those found after the
restarts, the connections resumed (their `welcome` says `"resumed": true`: the table told
them what they missed) and the audits that held, and the time from a restart to every
person seated again (median and slowest), and exits 1 if anything was lost. The baseline is
the first start, in the same run: the ratio of a restart's time to it is printed.
tests/server/test_crash.py runs it with `--kills 5`.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import closing, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import select
from sqlalchemy.orm import Session
from websockets.exceptions import ConnectionClosed, InvalidStatus

from croupier.client import Client, TableConnection
from croupier.server.audit import audit
from croupier.server.database import open_database
from croupier.server.keys import default_key_file, read_key_file
from croupier.server.schema import StepRecord
from croupier.server.tables import table_chips

GAMES = {"punto-banco": 2, "chemin-de-fer": 2, "banchek": 1, "monte-bank": 1, "private-monte": 1}
"""Each game, and the bots at its table."""
PASSWORD = "a long password"
GONE = (4404, 4410)
"""The close codes for a table no longer open (docs/protocol.md): none such here, or closed
(a process that did not run it says so)."""


class Server:
    """`croupier serve` in a process of its own, on a free loopback port."""

    def __init__(self, url: str, log: Path) -> None:
        self.url = url
        self.log = log
        with closing(socket.socket()) as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = int(probe.getsockname()[1])
        self.address = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> float:
        """Start it, and wait until it answers: the seconds that took."""
        began = time.monotonic()
        command = [sys.executable, "-m", "croupier", "serve", "--port", str(self.port)]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [*command, "--lease", "2", "--database", self.url],
                stdout=log,
                stderr=log,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )
        while True:
            if self.process.poll() is not None:
                raise SystemExit(f"the server stopped: see {self.log}")
            with suppress(httpx.HTTPError):
                if httpx.get(f"{self.address}/api/health", timeout=1).status_code == 200:
                    return time.monotonic() - began
            time.sleep(0.05)

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def audit(self) -> bool:
        """Whether the ledger's audit holds: what `croupier ledger audit` checks, run here
        rather than in a process of its own (which costs as much again as the check)."""
        box = read_key_file(default_key_file(self.url)).box  # the one `serve` made
        return audit(self.url, table_chips(box)) == []


def _choose(options: list[Any], rng: random.Random) -> dict[str, Any]:
    """Any offered action but getting up or bringing chips; an amount at its least."""
    kept = [
        o
        for o in options
        if o["type"] != "Leave"
        and not (o["type"] == "Amounts" and o["template"]["type"] == "Rebuy")
    ]
    option = rng.choice(kept or options)
    if option["type"] != "Amounts":
        return dict(option)
    return {**option["template"], **dict.fromkeys(option["fields"], option["low"])}


@dataclass
class Person:
    """Someone at one table, who keeps what the server acknowledged and the action still
    unanswered when the connection fell."""

    client: Client
    table: TableConnection
    rng: random.Random
    acked: dict[str, int] = field(default_factory=dict)
    unanswered: tuple[str, dict[str, Any]] | None = None
    resumed: int = 0
    back: int = 0
    over: bool = False
    """Whether the table's session is over (a bank broke, the rules ended it): closed."""

    async def play(self) -> None:
        """Act whenever offered something, until the connection falls or the table closes."""
        with suppress(ConnectionClosed, OSError):
            while not self.over:
                message = await self.table.next()
                if message["type"] != "view":
                    continue
                self.over = bool(message["closed"])
                if not self.over and message["seat"] is not None and self.table.legal:
                    await self.act(_choose(self.table.legal, self.rng))

    async def act(self, action: dict[str, Any], key: str | None = None) -> None:
        key = key or f"{self.rng.getrandbits(64):x}"
        self.unanswered = (key, action)
        answer = await self.table.act(action, key=key)
        self.unanswered = None
        if answer["type"] == "ack":
            self.acked[key] = answer["seq"]

    async def come_back(self) -> None:
        """Connect again from the last step seen (trying while the table is being taken
        up), and send the unanswered action again with its key."""
        deadline = time.monotonic() + 60
        while True:
            try:
                await self.table.connect()
                break
            except ConnectionClosed as error:
                if error.rcvd is not None and error.rcvd.code in GONE:
                    self.over = True  # it closed before the kill, unseen
                    return
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(0.1)
            except (InvalidStatus, OSError):
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(0.1)
        self.back += 1
        if self.table.welcome is not None and self.table.welcome.get("resumed"):
            self.resumed += 1
        if self.unanswered is not None:
            await self.act(*reversed(self.unanswered))


async def _seat(client: Client, game: str, rng: random.Random) -> Person:
    """The person logged in at `client`, at a new table of `game` with its bots, seated."""
    settings = {"bot_pause": 0.02, "time_limit": 30, "hold": 30}
    table = (await client.open_table(game, bots=GAMES[game], settings=settings))["id"]
    connection = client.table(table)
    await connection.connect()
    while True:
        message = await connection.next()
        seats = message.get("open_seats", {}) if message["type"] == "view" else {}
        if seats:
            seat = int(sorted(seats)[0])
            amount = max(500, int(seats[str(seat)].get("low", 0)))
            answer = await connection.act({"type": "Join", "amount": amount}, seat=seat)
            if answer["type"] == "ack":
                return Person(client, connection, random.Random(rng.getrandbits(32)))


def _steps(url: str) -> dict[str, tuple[int, int]]:
    """Every step taken with a key: its table and seq."""
    engine = open_database(url)
    try:
        with Session(engine) as session:
            found = session.execute(select(StepRecord.key, StepRecord.table_id, StepRecord.seq))
            return {key: (table, seq) for key, table, seq in found if key is not None}
    finally:
        engine.dispose()


def _count(url: str) -> int:
    engine = open_database(url)
    try:
        with Session(engine) as session:
            return len(session.scalars(select(StepRecord.seq)).all())
    finally:
        engine.dispose()


async def soak(server: Server, kills: int, rng: random.Random) -> bool:
    """Kill and restart `kills` times; print each, then the totals. Whether nothing was
    lost."""
    first = server.start()
    games = list(GAMES)
    people = []
    for n, game in enumerate(games):
        client = Client(server.address)
        await client.register(f"p{n}", PASSWORD)
        people.append(await _seat(client, game, rng))
    everyone = list(people)
    restarts, audits, lost = [], 0, 0
    for kill in range(1, kills + 1):
        for at, person in enumerate(people):
            if person.over:  # the person sits down at a new table of the game
                people[at] = await _seat(person.client, games[at], rng)
                everyone.append(people[at])
        target = _count(server.url) + rng.randint(20, 80)
        playing = [asyncio.create_task(p.play()) for p in people]
        deadline = time.monotonic() + 120
        while _count(server.url) < target and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        server.kill()
        await asyncio.gather(*playing)
        audits += server.audit()
        kept = _steps(server.url)
        missing = [
            (key, seq)
            for p in everyone
            for key, seq in p.acked.items()
            if key not in kept or kept[key][1] != seq
        ]
        lost += len(missing)
        began = time.monotonic()
        server.start()
        await asyncio.gather(*(p.come_back() for p in people if not p.over))
        restarts.append(time.monotonic() - began)
        acked = sum(len(p.acked) for p in everyone)
        print(
            f"kill {kill:>3}: {acked} acknowledged so far, {len(missing)} lost; "
            f"everyone back in {restarts[-1]:.2f} s",
            flush=True,
        )
    kept = _steps(server.url)
    acked = sum(len(p.acked) for p in everyone)
    found = sum(k in kept and kept[k][1] == s for p in everyone for k, s in p.acked.items())
    resumed = sum(p.resumed for p in everyone)
    back = sum(p.back for p in everyone)
    print(f"kills                     {kills}")
    print(f"acknowledged actions      {acked}")
    print(f"found after the restarts  {found}")
    print(f"connections resumed       {resumed} of {back}")
    print(f"tables opened again       {len(everyone) - len(people)} (a session that ended)")
    print(f"audits that held          {audits} of {kills}")
    median, slowest = statistics.median(restarts), max(restarts)
    print(
        f"restart to everyone back  median {median:.2f} s, slowest {slowest:.2f} s "
        f"(first start {first:.2f} s: ratio {median / first:.2f})"
    )
    for person in people:
        with suppress(ConnectionClosed, OSError):
            await person.table.close()
        await person.client.close()
    server.kill()
    return lost == 0 and found == acked and audits == kills


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=200, help="how many kills (200)")
    parser.add_argument("--database", help="a database URL (a fresh SQLite file if none)")
    parser.add_argument("--seed", type=int, default=1, help="where the kills land (1)")
    options = parser.parse_args()
    if options.kills < 1:
        parser.error("--kills is at least 1")
    with tempfile.TemporaryDirectory() as folder:
        url = options.database or f"sqlite:///{folder}/soak.db"
        server = Server(url, Path(folder) / "server.log")
        try:
            held = asyncio.run(soak(server, options.kills, random.Random(options.seed)))
        finally:
            if server.process is not None and server.process.poll() is None:
                server.kill()
    if not held:
        print("something acknowledged was lost, or an audit failed", file=sys.stderr)
        raise SystemExit(1)
    print("nothing lost")


if __name__ == "__main__":
    main()

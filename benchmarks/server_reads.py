"""Reads never starve play: a table's steps a second while twenty clients ask for its hand
history and its odds over and over, beside the same table with nobody reading.

    .venv/bin/python benchmarks/server_reads.py [--readers 20] [--seconds 10] [--rounds 3]
        [--warm-up 10] [--game punto-banco] [--bot-pause 0.01] [--reads history,odds]
        [--database URL]

`croupier serve` (the real command, a subprocess) runs on a free loopback port and a fresh
SQLite file in a temporary folder (or `--database postgresql://...`), pinned to the first
core when there are two (this process and the readers to the others). A table of `--game`
is opened with three bots, each acting `--bot-pause` seconds after the last step (a table
that plays at a pace, as people's do, not one that takes the whole core); one person sits
down and sits out (a `plan` with `away`), so that the table plays on by itself, her turns
taken at once. It plays `--warm-up` seconds, and on until a shoe is over (its history is
one to read, not a refusal).

Then, `--rounds` times, a phase of `--seconds` with the table alone (the baseline, in the
same run) and one with `--readers` clients, and a last phase alone. The readers run in a
process of their own, so that their work never delays this one's counting. Each is a client
address of its own (an `X-Forwarded-For` header, which the server takes from loopback as
from a reverse proxy), not logged in, asking without a pause for the table's history or its
odds (`--reads`, in turn by reader), each request sent when the last is answered. The steps
are counted from the person's socket (every step is told to her); `/api/health` is asked
four times a second in every phase, and its time to answer noted; the server's CPU is its
utime and stime over the phase.

It prints each phase's steps a second, server CPU and health's median and slowest answer,
the median steps a second alone and with the readers and their ratio, and the reads
answered by kind and status; it exits 1 if the table closed or no read was answered.
Measured on a 2-core x86_64 machine shared with other work, SQLite; the figures of issue
38 are in docs/scaling.md ("What is bounded"). tests/server/test_reads.py runs it in a
short form.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import platform
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

import httpx
from websockets.asyncio.client import ClientConnection, connect

from croupier.client import messages_of

PASSWORD = "a long password"
SIT_WAIT = 30
"""How long ada waits to be offered her seat before she connects again (seconds): a table
resting for people tells nothing more, so a view missed is never followed by another."""
SETTINGS = {"time_limit": 3600, "hold": 3600, "away": 86400}
BOTS = {"punto-banco": 3, "chemin-de-fer": 3, "monte-bank": 3, "private-monte": 3, "banchek": 3}
"""The bots at each game's table."""
PINNED = len(os.sched_getaffinity(0)) >= 2
"""Whether the server has a core of its own."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """A bad option: one readable line, exit 2."""
        self.exit(2, f"{self.prog}: {message}\n")


def _options(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = _Parser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--readers", type=int, default=20, help="clients reading at once")
    parser.add_argument("--seconds", type=float, default=10.0, help="each phase")
    parser.add_argument("--warm-up", type=float, default=10.0, help="play before measuring")
    parser.add_argument("--rounds", type=int, default=3, help="alone, then with the readers")
    parser.add_argument("--game", choices=sorted(BOTS), default="punto-banco")
    parser.add_argument(
        "--reads",
        type=lambda text: tuple(text.split(",")),
        default=("history", "odds"),
        help="what the readers ask for, in turn: history,odds (each reader one of them)",
    )
    parser.add_argument(
        "--bot-pause", type=float, default=0.01, help="seconds before a bot acts (0: at once)"
    )
    parser.add_argument("--database", help="sqlite:///FILE or postgresql://... (a temp file)")
    options = parser.parse_args(argv)
    if not 1 <= options.readers <= 1000:
        parser.error(f"--readers {options.readers} is not valid: 1 to 1000")
    if not options.reads or not set(options.reads) <= {"history", "odds"}:
        parser.error(f"--reads {','.join(options.reads)}: history, odds or history,odds")
    if not 1 <= options.rounds <= 100:
        parser.error(f"--rounds {options.rounds} is not valid: 1 to 100")
    if not 0 < options.seconds <= 3600 or not 0 <= options.warm_up <= 3600:
        parser.error("--seconds is more than 0 and --warm-up at least 0, each at most 3600")
    return options


@dataclass
class Table:
    """The table as its person hears it: the last step told, and whether it has closed."""

    id: int
    seq: int = 0
    closed: bool = False


@dataclass
class Phase:
    """One phase's figures."""

    name: str
    steps: int = 0
    seconds: float = 0.0
    health: list[float] = field(default_factory=list)
    cpu: float = 0.0
    """The server's CPU over the phase, in cores."""

    @property
    def rate(self) -> float:
        return self.steps / self.seconds if self.seconds else 0.0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _serve(url: str, port: int, log: Path) -> subprocess.Popen[bytes]:
    """`croupier serve` on `port`, answering health; pinned to the first core of two."""
    command = [sys.executable, "-m", "croupier", "serve", "--port", str(port), "--database", url]
    with log.open("ab") as out:
        server = subprocess.Popen(command, stdout=out, stderr=out)
    cores = sorted(os.sched_getaffinity(0))
    if PINNED:
        os.sched_setaffinity(server.pid, {cores[0]})
        os.sched_setaffinity(0, set(cores[1:]))
    while True:
        if server.poll() is not None:
            raise SystemExit(f"the server stopped: see {log}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return server
        except httpx.HTTPError:
            pass
        time.sleep(0.05)


async def _sit_out(base: str, game: str, bot_pause: float) -> tuple[Table, ClientConnection]:
    """Ada opens a table of `game` with bots, sits at seat 0 and sits out: the table, and
    her socket (its welcome and first messages read)."""
    async with httpx.AsyncClient(base_url=base) as http:
        await http.post("/api/register", json={"name": "ada", "password": PASSWORD})
        settings = {**SETTINGS, "bot_pause": bot_pause}
        body = {"game": game, "bots": BOTS[game], "settings": settings}
        opened = await http.post("/api/tables", json=body)
        opened.raise_for_status()
        cookie = http.cookies["session"]
    table = Table(opened.json()["id"])
    address = base.replace("http://", "ws://") + f"/api/tables/{table.id}/socket"
    for attempt in range(1, 4):
        ada = await connect(address, additional_headers={"cookie": f"session={cookie}"})
        try:
            view = await asyncio.wait_for(_offering_seat_0(ada, table), SIT_WAIT)
            break
        except TimeoutError:
            await ada.close()
            print(
                f"ada was offered no seat in {SIT_WAIT} s (attempt {attempt}, last step "
                f"heard {table.seq}): she connects again",
                file=sys.stderr,
            )
    else:
        raise SystemExit("ada was never offered seat 0")
    join = {"type": "act", "seq": view["seq"], "key": "sit", "seat": 0}
    await ada.send(json.dumps({**join, "action": {"type": "Join", "amount": 500}}))
    answer = await _next(ada, table, ("ack", "refused"))
    if answer["type"] != "ack":
        raise SystemExit(f"ada could not sit down: {answer}")
    await ada.send(json.dumps({"type": "plan", "leave": False, "away": True}))
    return table, ada


async def _offering_seat_0(ada: ClientConnection, table: Table) -> dict[str, Any]:
    """The first view told to ada that offers her seat 0."""
    while True:
        view = await _next_view(ada, table)
        if "0" in view.get("open_seats", {}):
            return view


async def _next_view(ada: ClientConnection, table: Table) -> dict[str, Any]:
    return await _next(ada, table, ("view",))


async def _next(ada: ClientConnection, table: Table, kinds: tuple[str, ...]) -> dict[str, Any]:
    """The next message of one of these `kinds` told to ada (every step noted)."""
    while True:
        for message in messages_of(json.loads(await ada.recv())):
            _note(table, message)
            if message["type"] in kinds:
                return dict(message)


def _note(table: Table, message: dict[str, Any]) -> None:
    if message["type"] in ("step", "view"):
        table.seq = max(table.seq, message["seq"])
    if message["type"] == "view" and message["closed"]:
        table.closed = True


async def _listen(ada: ClientConnection, table: Table) -> None:
    """Note every step told to ada, until her socket closes."""
    async for frame in ada:
        for message in messages_of(json.loads(frame)):
            _note(table, message)


async def _health(http: httpx.AsyncClient, phase: Phase, until: float) -> None:
    while time.monotonic() < until:
        began = time.monotonic()
        await http.get("/api/health", timeout=60)
        phase.health.append(time.monotonic() - began)
        await asyncio.sleep(0.25)


def _readers(
    base: str, table: int, readers: int, seconds: float, kinds: tuple[str, ...]
) -> Counter[str]:
    """`readers` clients reading table `table` for `seconds`, in a process of their own (so
    that their work never delays this one's listening and timing): the answers they got."""
    answers: Counter[str] = Counter()

    async def read(http: httpx.AsyncClient, n: int, until: float) -> None:
        kind = kinds[n % len(kinds)]
        address = {"x-forwarded-for": f"10.{n // 65536}.{n // 256 % 256}.{n % 256}"}
        while time.monotonic() < until:
            answer = await http.get(f"/api/tables/{table}/{kind}", headers=address)
            answers[f"{kind} {answer.status_code}"] += 1

    async def all_of_them() -> None:
        limits = httpx.Limits(max_connections=readers, max_keepalive_connections=readers)
        async with httpx.AsyncClient(base_url=base, timeout=300, limits=limits) as http:
            until = time.monotonic() + seconds
            await asyncio.gather(*(read(http, n, until) for n in range(readers)))

    asyncio.run(all_of_them())
    return answers


async def _warm_up(base: str, table: Table, seconds: float) -> None:
    """Let the table play `seconds`, and on until a shoe is over, so that its history is
    one to read (not a refusal)."""
    until = time.monotonic() + seconds
    async with httpx.AsyncClient(base_url=base) as http:
        while True:
            await asyncio.sleep(0.5)
            history = await http.get(f"/api/tables/{table.id}/history")
            if time.monotonic() >= until and history.status_code == 200:
                return


def _cpu(pid: int) -> float:
    """The CPU seconds process `pid` has used (utime + stime, /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _phase(
    name: str,
    base: str,
    table: Table,
    readers: int,
    server: int,
    pool: ProcessPoolExecutor,
    options: argparse.Namespace,
    answers: Counter[str],
) -> Phase:
    phase = Phase(name)
    began, first, cpu = time.monotonic(), table.seq, _cpu(server)
    async with httpx.AsyncClient(base_url=base) as http:
        health = _health(http, phase, began + options.seconds)
        if readers:
            loop = asyncio.get_running_loop()
            got = loop.run_in_executor(
                pool, _readers, base, table.id, readers, options.seconds, options.reads
            )
            answers.update((await asyncio.gather(health, got))[1])
        else:
            await health
    phase.steps, phase.seconds = table.seq - first, time.monotonic() - began
    phase.cpu = (_cpu(server) - cpu) / phase.seconds
    return phase


async def _run(
    base: str, server: int, options: argparse.Namespace
) -> tuple[list[Phase], Counter[str], Table]:
    table, ada = await _sit_out(base, options.game, options.bot_pause)
    listening = asyncio.create_task(_listen(ada, table))
    answers: Counter[str] = Counter()
    phases = []
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        pool.submit(int).result()  # (started before anything is timed)
        await _warm_up(base, table, options.warm_up)
        order = [("alone", 0), (f"{options.readers} readers", options.readers)] * options.rounds
        for name, readers in [*order, ("alone", 0)]:
            phase = await _phase(name, base, table, readers, server, pool, options, answers)
            phases.append(phase)
    listening.cancel()
    await ada.close()
    return phases, answers, table


def _print(phases: list[Phase], answers: Counter[str], table: Table, options: Any) -> None:
    database = "PostgreSQL" if (options.database or "").startswith("postgresql") else "SQLite"
    pinned = "the server on one, the readers on the other" if PINNED else "none pinned"
    print(
        f"table {table.id}: {options.game}, {BOTS[options.game]} bots and one person sitting "
        f"out; {database}; Python {platform.python_version()}; {os.cpu_count()} cores, "
        f"{pinned}; {options.rounds} rounds of {options.seconds:g} s"
    )
    print(f"{'phase':<12} {'steps/s':>8} {'server CPU':>11} {'health p50 ms':>14} {'max ms':>8}")
    for phase in phases:
        p50 = statistics.median(phase.health) * 1000 if phase.health else float("nan")
        most = max(phase.health, default=float("nan")) * 1000
        print(f"{phase.name:<12} {phase.rate:>8.1f} {phase.cpu:>10.0%} {p50:>14.1f} {most:>8.1f}")
    alone = statistics.median(p.rate for p in phases if p.name == "alone")
    read = statistics.median(p.rate for p in phases if p.name != "alone")
    ratio = read / alone if alone else float("nan")
    print(f"steps/s, median: alone {alone:.1f}, with {options.readers} readers {read:.1f}")
    print(f"ratio {ratio:.2f}  (with the readers / alone)")
    for kind in ("history", "odds"):
        got = {key.split()[1]: n for key, n in sorted(answers.items()) if key.startswith(kind)}
        said = ", ".join(f"{status}: {n}" for status, n in got.items()) or "none"
        print(f"{kind} reads answered  {sum(got.values())}  ({said})")


def main(argv: Sequence[str] | None = None) -> int:
    options = _options(argv)
    with tempfile.TemporaryDirectory(prefix="croupier-reads-") as folder:
        url = options.database or f"sqlite:///{Path(folder) / 'croupier.db'}"
        port = _free_port()
        server = _serve(url, port, Path(folder) / "server.log")
        try:
            base = f"http://127.0.0.1:{port}"
            phases, answers, table = asyncio.run(_run(base, server.pid, options))
        finally:
            server.terminate()
            server.wait(30)
    _print(phases, answers, table, options)
    answered = sum(n for key, n in answers.items() if key.endswith(" 200"))
    if table.closed:
        print("the table closed during the run: its figures are not of a table in play")
    return 1 if table.closed or not answered else 0


if __name__ == "__main__":
    sys.exit(main())

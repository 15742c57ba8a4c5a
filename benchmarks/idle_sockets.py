"""What an idle table connection costs the server: memory a socket, with 10,000 of them.

    .venv/bin/python benchmarks/idle_sockets.py [--sockets 10000] [--tables 100] [--seated 2]
        [--settle 12] [--processes 0] [--database URL] [--trace FRAMES] [--json]
        [--before CHECKOUT]

`croupier serve` (the real command, a subprocess, on a free loopback port and a fresh SQLite
file in a temporary folder, pinned to the first core) is given people in bulk and `--tables`
Punto Banco tables, each opened by a person of its own, as benchmarks/server_load.py does
(whose server and people this reuses). Then `--sockets` table connections are opened, each
a person of its own from a loopback address of its own (127.0.0.2 on, so that the door's
limit on connections an address is never reached), spread over the tables in turn: the
first `--seated` at each table sit down (a `Join` of 200 chips), the others watch. Nobody
acts after that: the tables wait, the connections are idle but for the server's heartbeats
and pings, which they answer (websockets answers a ping by itself; every frame is read).

The server's memory is read (VmRSS from /proc/PID/status, and Pss from smaps_rollup) with
no sockets, then with a tenth of them (the baseline), then with all of them, each time once
the connections are told their table, after `--settle` seconds (a heartbeat or two) and a
full garbage collection in the server (SIGUSR1, with `CROUPIER_MEMORY_DUMPS` set: see
`croupier.server.collector.collect_on_signal`); with `--trace`, tracemalloc traces the
server (PYTHONTRACEMALLOC) and the allocations that grew most from no sockets to all of them
are printed by line. With `--before CHECKOUT`, the server of that commit (its `src`, from
git) is measured first, the same way, and the two figures compared.

Memory a socket is the growth over the sockets open; the baseline's figure and the ratio of
the two say whether it is a cost a socket or a start-up cost.

The load holds its sockets in `--processes` processes (0: one for each 2,500), on the other
cores, with the `websockets` library directly, no compression, small queues and no pings of
its own. RLIMIT_NOFILE is raised to its hard limit here, and the server inherits it.

It exits 1, saying why, when a socket could not be opened, a socket was closed, or the
server stopped: never on memory. `tests/server/test_idle_sockets.py` runs it so, in a short
form.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import io
import json
import multiprocessing
import os
import platform
import resource
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import time
import tracemalloc
import uuid
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, NoReturn

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

sys.path.insert(0, str(Path(__file__).parent))
from server_load import (
    BUY_IN,
    GAME,
    HERE,
    SEATS,
    SETTINGS,
    Server,
    _players,
    _progress,
    _until_healthy,
)

from croupier.client import messages_of
from croupier.engine.actions import Join
from croupier.engine.codec import encode
from croupier.server.collector import DUMPS, collect_seldom

TARGET_SOCKETS, TARGET_KIB = 10_000, 25.0
PER_PROCESS = 2_500
"""Sockets one load process holds, when `--processes` is 0."""
AT_ONCE = 100
"""Connections a load process opens at once."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """A bad option: one readable line, exit 2."""
        self.exit(2, f"{self.prog}: {message}\n")


def _options(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = _Parser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--sockets", type=int, default=TARGET_SOCKETS, help="held open at once")
    parser.add_argument("--tables", type=int, default=100, help="they are spread over")
    parser.add_argument("--seated", type=int, default=2, help="sockets that sit, a table")
    parser.add_argument("--settle", type=float, default=12.0, help="seconds idle, then measure")
    parser.add_argument("--processes", type=int, default=0, help="of the load (0: one a 2,500)")
    parser.add_argument("--database", help="sqlite:///FILE or postgresql://... (a temp file)")
    parser.add_argument("--trace", type=int, default=0, help="tracemalloc's frames (0: none)")
    parser.add_argument("--json", action="store_true", help="print the figures as one object")
    parser.add_argument(
        "--before", metavar="CHECKOUT", help="first measure the server of this commit, the same way"
    )
    options = parser.parse_args(argv)
    if not 10 <= options.sockets <= 100_000:
        parser.error(f"--sockets {options.sockets} is not valid: 10 to 100000")
    if not 1 <= options.tables <= options.sockets // 10:
        parser.error(f"--tables {options.tables} is not valid: 1 to a tenth of --sockets")
    if not 0 <= options.seated <= SEATS:
        parser.error(f"--seated {options.seated} is not valid: 0 to {SEATS}")
    if not 0 <= options.settle <= 3600:
        parser.error(f"--settle {options.settle:g} is not valid: 0 to 3600 seconds")
    if not 0 <= options.processes <= 64 or not 0 <= options.trace <= 100:
        parser.error("--processes is 0 to 64, --trace 0 to 100")
    database = options.database
    if database is not None and not database.startswith(("sqlite:///", "postgresql://")):
        parser.error(f"--database {database!r}: give sqlite:///FILE or postgresql://...")
    if options.before is not None:
        known = ["git", "-C", str(Path(__file__).resolve().parents[1]), "rev-parse", "--verify"]
        known.append(f"{options.before}^{{commit}}")
        if subprocess.run(known, capture_output=True, check=False).returncode != 0:
            parser.error(f"--before {options.before!r} is not a commit of this repository")
    needed = options.sockets + 1000
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < needed:
        parser.error(f"--sockets {options.sockets} needs {needed} open files; the limit is {hard}")
    return options


# --- the load: processes holding sockets ------------------------------------------------


@dataclass(frozen=True)
class Spec:
    """One connection to open: its person's cookie, its address, its table, and the seat it
    takes there (None: it watches)."""

    url: str
    cookie: str
    address: str
    seat: int | None


class Held:
    """One idle connection: told its table (and seated, when it sits), then reading what
    it is sent and answering nothing but pings."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.ready = asyncio.Event()
        self.socket: ClientConnection | None = None
        self.closed = False

    async def hold(self) -> None:
        spec = self.spec
        self.socket = await connect(
            spec.url,
            additional_headers={"Cookie": spec.cookie},
            local_addr=(spec.address, 0),
            open_timeout=120,
            compression=None,
            ping_interval=None,  # (the server pings; websockets answers by itself)
            max_queue=4,
            write_limit=4096,
        )
        try:
            async for text in self.socket:
                for message in messages_of(json.loads(text)):
                    await self._take(message)
        except ConnectionClosed:
            pass
        self.closed = True
        self.ready.set()

    async def _take(self, message: dict[str, Any]) -> None:
        kind, seat = message["type"], self.spec.seat
        if kind == "error":
            raise RuntimeError(f"the server says {message['reason']}")
        if self.ready.is_set():
            return
        if kind == "view" and seat is None:
            self.ready.set()
        elif kind == "view" and str(seat) in message.get("open_seats", {}):
            low = message["open_seats"][str(seat)]["low"]
            act = {"type": "act", "seq": message["seq"], "key": uuid.uuid4().hex, "seat": seat}
            act["action"] = encode(Join(max(BUY_IN, low)))
            assert self.socket is not None
            await self.socket.send(json.dumps(act))
        elif kind == "ack" and message["action"]["type"] == "Join":
            self.ready.set()
        elif kind == "refused":
            raise RuntimeError(f"sitting down was refused: {message['error']}")


async def _hold(pipe: Connection) -> None:
    """A load process: open the connections it is sent (answering how many are told their
    table), say how many are still open when asked, close them all when told to."""
    held: list[Held] = []
    tasks: list[asyncio.Task[None]] = []
    gate = asyncio.Semaphore(AT_ONCE)

    async def opened(one: Held) -> None:
        async with gate:
            task = asyncio.create_task(one.hold())
            tasks.append(task)
            waiting = asyncio.create_task(one.ready.wait())
            await asyncio.wait({task, waiting}, return_when=asyncio.FIRST_COMPLETED)
            waiting.cancel()
            if task.done():
                task.result()  # why it could not be opened, raised

    while True:
        command, specs = await asyncio.to_thread(pipe.recv)
        if command == "open":
            fresh = [Held(spec) for spec in specs]
            held += fresh
            outcomes = await asyncio.gather(*(opened(one) for one in fresh), return_exceptions=True)
            failures = [repr(o) for o in outcomes if isinstance(o, BaseException)]
            pipe.send(("opened", failures[:3], len(failures)))
        elif command == "count":
            dead = [t for t in tasks if t.done()]
            why = [repr(t.exception()) for t in dead if not t.cancelled() and t.exception()]
            pipe.send(("open", sum(not one.closed for one in held), why[:3]))
        else:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await asyncio.gather(
                *(one.socket.close() for one in held if one.socket is not None),
                return_exceptions=True,
            )
            pipe.send(("closed", None, None))
            return


def _load_process(pipe: Connection, cores: set[int]) -> None:
    os.sched_setaffinity(0, cores)
    _raise_files()
    collect_seldom()
    asyncio.run(_hold(pipe))


class Load:
    """The load's processes, each holding its share of the sockets."""

    def __init__(self, processes: int, cores: set[int]) -> None:
        spawn = multiprocessing.get_context("spawn")
        self.pipes: list[Connection] = []
        self.processes = []
        for _ in range(processes):
            mine, theirs = spawn.Pipe()
            process = spawn.Process(target=_load_process, args=(theirs, cores), daemon=True)
            process.start()
            self.pipes.append(mine)
            self.processes.append(process)

    async def _ask(self, commands: list[tuple[str, Any]]) -> list[tuple[str, Any, Any]]:
        for pipe, command in zip(self.pipes, commands, strict=True):
            pipe.send(command)
        return list(await asyncio.gather(*(asyncio.to_thread(p.recv) for p in self.pipes)))

    async def open(self, specs: list[Spec]) -> tuple[int, list[str]]:
        """Open `specs` (in turn among the processes): how many failed, and why (a few)."""
        count = len(self.pipes)
        answers = await self._ask([("open", specs[n::count]) for n in range(count)])
        return sum(a[2] for a in answers), [why for a in answers for why in a[1]]

    async def count(self) -> tuple[int, list[str]]:
        """How many sockets are still open, and why some closed (a few)."""
        answers = await self._ask([("count", None)] * len(self.pipes))
        return sum(a[1] for a in answers), [why for a in answers for why in a[2]]

    async def close(self) -> None:
        with contextlib.suppress(OSError, EOFError):
            await asyncio.wait_for(self._ask([("close", None)] * len(self.pipes)), 60)
        for process in self.processes:
            process.join(5)
            if process.is_alive():
                process.kill()


def _raise_files() -> None:
    """RLIMIT_NOFILE's soft limit up to its hard one (which a subprocess inherits)."""
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


# --- the server's memory ---------------------------------------------------------------


@dataclass(frozen=True)
class Reading:
    """The server's memory and open files with `sockets` open."""

    name: str
    sockets: int
    rss: int
    pss: int | None
    files: int


def _field(path: str, name: str) -> int | None:
    """A `Name:  N kB` line of a /proc file, in bytes (None: not there)."""
    with contextlib.suppress(OSError):
        for line in Path(path).read_text().splitlines():
            if line.startswith(name + ":"):
                return int(line.split()[1]) * 1024
    return None


async def _read(
    name: str, *, server: Server, dumps: Path | None, sockets: int, settle: float
) -> Reading:
    """After `settle` seconds, a full collection in the server (waited for; none when it
    cannot be asked, `dumps` None), then its memory and open files."""
    await asyncio.sleep(settle)
    if dumps is not None:
        before = len(list(dumps.glob("*.snapshot")))
        server.process.send_signal(signal.SIGUSR1)
        while len(list(dumps.glob("*.snapshot"))) <= before:
            if server.process.poll() is not None:
                raise SystemExit(f"the server stopped:\n{server.log_tail()}")
            await asyncio.sleep(0.05)
    pid = server.pid
    rss = _field(f"/proc/{pid}/status", "VmRSS") or 0
    pss = _field(f"/proc/{pid}/smaps_rollup", "Pss")
    return Reading(name, sockets, rss, pss, len(os.listdir(f"/proc/{pid}/fd")))


def _grown(dumps: Path, first: int, last: int, lines: int = 20) -> list[str]:
    """What tracemalloc saw grow from snapshot `first` to `last`: in all, by file, by line."""
    old = tracemalloc.Snapshot.load(str(dumps / f"{first}.snapshot"))
    new = tracemalloc.Snapshot.load(str(dumps / f"{last}.snapshot"))
    by_file = new.compare_to(old, "filename")
    total = sum(stat.size_diff for stat in by_file)
    said = [f"in all: {total / 1024:+.0f} KiB"]
    said += [str(stat) for stat in by_file[: lines // 2]]
    said += [str(stat) for stat in new.compare_to(old, "lineno")[:lines]]
    if len(new.traces[0].traceback) > 1 if new.traces else False:  # --trace 2 or more
        for stat in new.compare_to(old, "traceback")[: lines // 2]:
            said += [str(stat), *(f"    {line}" for line in stat.traceback.format())]
    return said


# --- a run -------------------------------------------------------------------------------


def _per_socket(base: Reading, reading: Reading, field: str) -> float | None:
    """KiB a socket from `base` to `reading` (None: not read)."""
    low, high = getattr(base, field), getattr(reading, field)
    if low is None or high is None or reading.sockets == base.sockets:
        return None
    return float(high - low) / (reading.sockets - base.sockets) / 1024


def _report(readings: list[Reading], grown: list[str]) -> None:
    none, *rest = readings
    print(f"{'':10} {'sockets':>7} {'RSS MiB':>8} {'PSS MiB':>8} {'files':>6}   KiB a socket")
    for reading in readings:
        pss = "-" if reading.pss is None else f"{reading.pss / 2**20:8.1f}"
        each = ""
        if reading is not none:
            rss_each, pss_each = (_per_socket(none, reading, f) for f in ("rss", "pss"))
            each = f"RSS {rss_each:.1f}" + ("" if pss_each is None else f", PSS {pss_each:.1f}")
        print(
            f"{reading.name:10} {reading.sockets:7d} {reading.rss / 2**20:8.1f} {pss:>8} "
            f"{reading.files:6d}   {each}"
        )
    baseline, load = rest
    ratio = (_per_socket(none, load, "rss") or 0) / (_per_socket(none, baseline, "rss") or 1)
    print(f"a socket at {load.sockets} / at {baseline.sockets}: RSS {ratio:.2f}x")
    most = _per_socket(none, load, "rss") or 0.0
    verdict = "met" if most <= TARGET_KIB else "missed"
    scale = "" if load.sockets >= TARGET_SOCKETS else f" (at {load.sockets}, not 10,000)"
    print(f"target, at most {TARGET_KIB:g} KiB a socket (RSS): {verdict}{scale}")
    if grown:
        print("grown most in the server, from no sockets to all (tracemalloc):")
        for line in grown:
            print(f"  {line}")


async def _measure(
    options: argparse.Namespace, folder: Path, source: Path | None, cores: list[int], say: Any
) -> tuple[list[Reading], list[str]]:
    """One server measured, this checkout's or (`source`) another's: its readings with no
    sockets, a tenth and all of them, and (`--trace`) what grew."""
    dumps = folder / "dumps"
    dumps.mkdir(parents=True)
    database = options.database or f"sqlite:///{folder / 'idle.db'}"
    server_core, load_cores = cores[0], set(cores[1:] or cores)
    collects = source is None or "collect_on_signal" in _collector(source)
    if not collects:
        say("that server cannot be told to collect (SIGUSR1): measured without it, no --trace")
    asked = {DUMPS: str(dumps)}
    if options.trace and collects:
        asked["PYTHONTRACEMALLOC"] = str(options.trace)
    kept = {name: os.environ.get(name) for name in asked}
    os.environ.update(asked)
    try:
        server = Server(database, server_core, folder / "server", (source or HERE) / "src")
    finally:
        for name, value in kept.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    processes = options.processes or -(-options.sockets // PER_PROCESS)
    load = Load(processes, load_cores)
    say(f"server on core {server_core}, load on {sorted(load_cores)} in {processes} processes")
    try:
        async with httpx.AsyncClient(base_url=server.url, timeout=120) as http:
            await _until_healthy(server, http, 120)
            names = [f"idle-{uuid.uuid4().hex[:6]}-{i}" for i in range(options.sockets)]
            start = time.perf_counter()
            people, _took = await _players(server.url, database, names, 1, "bulk")
            say(f"{len(people)} people made in bulk in {time.perf_counter() - start:.1f} s")
            tables = []
            for person in people[: options.tables]:
                answer = await http.post(
                    "/api/tables",
                    json={"game": GAME, "settings": SETTINGS},
                    headers={"Cookie": person.cookie},
                )
                if answer.status_code != 201:
                    raise SystemExit(f"opening a table: {answer.status_code} {answer.text}")
                tables.append(answer.json()["id"])
        base = server.url.replace("http://", "ws://", 1)
        specs = []
        for index, person in enumerate(people):
            url = f"{base}/api/tables/{tables[index % len(tables)]}/socket"
            row = index // len(tables)
            seat = row if row < options.seated else None
            specs.append(Spec(url, person.cookie, person.address, seat))
        read = functools.partial(_read, server=server, dumps=dumps if collects else None)
        readings = [await read("none", sockets=0, settle=options.settle)]
        first = options.sockets // 10
        for name, part in (("baseline", specs[:first]), ("all", specs[first:])):
            _progress(f"opening {len(part)} sockets")
            start = time.perf_counter()
            failed, why = await load.open(part)
            if failed:
                raise SystemExit(f"{failed} sockets could not be opened: {'; '.join(why)}")
            took = time.perf_counter() - start
            _progress(f"{len(part)} sockets opened in {took:.1f} s; settling")
            sockets = first if name == "baseline" else options.sockets
            readings.append(await read(name, sockets=sockets, settle=options.settle))
        _progress("")
        still, why = await load.count()
        if still < options.sockets:
            lost = options.sockets - still
            raise SystemExit(f"{lost} sockets were closed while idle: {'; '.join(why)}")
        if server.process.poll() is not None:
            raise SystemExit(f"the server stopped:\n{server.log_tail()}")
        return readings, _grown(dumps, 1, 3) if "PYTHONTRACEMALLOC" in asked else []
    except (SystemExit, RuntimeError, OSError):
        print(f"the server's log ends:\n{server.log_tail()}", file=sys.stderr)
        raise
    finally:
        await load.close()
        server.stop()


def _collector(source: Path) -> str:
    path = source / "src" / "croupier" / "server" / "collector.py"
    return path.read_text() if path.exists() else ""


def _checkout(checkout: str, into: Path) -> Path:
    """This repository's `src` at `checkout`, written into `into`."""
    archive = ["git", "-C", str(HERE), "archive", "--format=tar", checkout, "src"]
    made = subprocess.run(archive, capture_output=True, check=True)
    into.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(made.stdout)) as tar:
        tar.extractall(into, filter="data")
    return into


def _figures(readings: list[Reading], grown: list[str]) -> dict[str, Any]:
    none = readings[0]
    return {
        "readings": [asdict(r) for r in readings],
        "kib_a_socket": {r.name: _per_socket(none, r, "rss") for r in readings[1:]},
        "grown": grown,
    }


async def _main(options: argparse.Namespace) -> None:
    cores = sorted(os.sched_getaffinity(0))
    folder = Path(tempfile.mkdtemp(prefix="croupier-idle-"))
    say = print if not options.json else lambda *a: print(*a, file=sys.stderr)
    say(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")
    _raise_files()
    try:
        before = None
        if options.before:
            source = _checkout(options.before, folder / "before" / "checkout")
            say(f"before: {options.before}")
            before = await _measure(options, folder / "before", source, cores, say)
        say("this checkout:")
        readings, grown = await _measure(options, folder / "now", None, cores, say)
        if options.json:
            figures = _figures(readings, grown)
            if before is not None:
                figures["before"] = _figures(*before)
            print(json.dumps(figures, indent=1))
            return
        if before is not None:
            print(f"before ({options.before}):")
            _report(*before)
            print("this checkout:")
        _report(readings, grown)
        if before is not None:
            now, then = (_per_socket(r[0], r[-1], "rss") or 0.0 for r in (readings, before[0]))
            print(f"a socket at {options.sockets}, this checkout / before: {now / then:.2f}x")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _interrupted(signum: int, frame: object) -> None:
    raise KeyboardInterrupt  # SIGTERM as Ctrl-C: the server is stopped on the way out


def main(argv: Sequence[str] | None = None) -> None:
    options = _options(argv)
    signal.signal(signal.SIGTERM, _interrupted)
    collect_seldom()
    asyncio.run(_main(options))


if __name__ == "__main__":
    main()

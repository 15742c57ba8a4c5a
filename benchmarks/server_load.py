"""How the table server carries load: players at Punto Banco tables, the server on one core.

    .venv/bin/python benchmarks/server_load.py [--players 1000] [--tables 100] [--seconds 30]
        [--warm-up 5] [--baseline-seconds 10] [--think 0] [--database URL] [--profile FILE]
        [--load-processes N] [--before CHECKOUT] [--repeat K]

Measured on a 2-core AMD EPYC (KVM), Python 3.11+: `croupier serve` (the real command, a
subprocess) is pinned to core 0, on a free loopback port and a fresh SQLite file in a
temporary folder (or `--database postgresql://...`); the load is on the other cores. The
design target (issue 15, item 10) is 1,000 connected players at 100 tables on one core, with
the time from an action sent to its echo at p99 within 50 ms.

The load is driven from `--load-processes` processes (`multiprocessing`, forked from a
forkserver), each with its share of the tables and their players on an event loop of its
own, so that one process's core is not the limit of what the benchmark can show (near
1,000 actions a second one process used 93% of its core). By default there is one a core
beside the server's: on a 2-core machine one, on core 1, since processes sharing a core
share its capacity, not add to it; the first line printed says where they run. This
process opens the tables, starts the load processes, tells them when to measure and adds
up what they send back as plain data. Each load process reports its own CPU (user + system
over the window); the load's CPU is printed beside the server's, with a warning when the
load kept its cores 85% busy or more (`LOAD_BOUND`), since a figure may then be the load's
limit, not the server's, and one when something else kept the server's core 20% busy or
more. The server's own CPU an action (`ms/act`: its CPU seconds in the window over the acks
that came in it) does not depend on the load keeping up: the figure to compare at
saturation.

`--before CHECKOUT` measures, in the same run, the server of another checkout (a folder with
`src/croupier`, or a commit of this checkout, made into a temporary `git worktree` and
removed after), run by the same Python with that checkout's `src` first on `PYTHONPATH`, as
this checkout's own is for the after side: the load, its accounts and its figures are this
checkout's code on both sides. Each side has its own SQLite file (a `--database` given is
shared by both, so their ledgers must be of one schema), its own players and its own
audit. Every figure is then printed before and after, with the ratio after/before; with
`--repeat K` each side is measured K times, alternating (before, after, after, before, ...)
so that the machine's drift falls on both alike, and the medians are compared.

Punto Banco, because its large table has 16 boxes, all of them people's (the house deals and
no seat banks), and its coups are quick: while bets are open every seated player acts at
once (a stake, then done), then the cards are dealt by chance and the house in the same
batch; only turning punto's cards or choosing on 5 waits for one player. Tables are opened
with no bots, `bot_pause` 0 and a time limit and a hold of an hour, so that nothing but the
players' own actions moves a table.

The server runs with the door's default limits: each player connects (and, with `--accounts
api`, registers) from a loopback address of its own (127.0.0.2 on), as people come from
addresses of their own, so the load is let in without any limit raised for anyone. Tables
are opened each by the player who sits first at it, and closed after each measurement.

Each player is one websocket, spoken with the `websockets` library directly (the same
`connect` as `croupier.client`, with its defaults, permessage-deflate offered), because
`croupier.client.Client` makes one `httpx.AsyncClient` per person: 47 ms of CPU and about 1
MB each, for an SSL context the loopback never uses. The HTTP calls (opening and closing the
tables) go through a shared `httpx` client, each request with its person's cookie. Each
seated player acts whenever its view says it is to act (after `--think` seconds, 0 by
default: at once), one action at a time: a stake of the least on banco or punto (its
`random.Random`) when it has none this coup, otherwise
`croupier.bots.defaults.default_action` (done, turn the cards, draw on 5, cut in the
middle). Per action sent in the measured window it times the `ack` (committed) and the echo:
the first `step` message with the ack's `seq`; after the window every such action's answers
are waited for (up to 2 minutes), so that a slow one is not left out. `actions` counts them;
`/s` is the acks that came within the window, over its length. The load processes collect
garbage as seldom as the server does (`croupier.server.collector`), so that their own pauses
are not counted as its latency.

The baseline, in the same run on the same server: the same measurement with 1 table and 10
players (the first 10 of them), before the load: the unloaded latency. The loaded/unloaded
ratios are printed. Server CPU is utime+stime of the server's pid from /proc over the wall
time of the window; with PostgreSQL the database's own processes are not in it.
Registering costs the server an argon2id hash each (about 0.3 s of its one core), so the
setup of 1,000 players takes some 5 minutes before anything is measured (`--accounts api`);
by default only the first player registers, and the others are written to the ledger with
their sessions (`--accounts bulk`).

It exits 1, saying why, when a player could not sit down, an action sent in a window was
never answered, or the ledger's audit fails: never on speed. `tests/server/test_load.py`
runs it so, in a short form, on SQLite and PostgreSQL, with two load processes and
`--before HEAD`.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import functools
import json
import math
import multiprocessing
import os
import platform
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any, NoReturn

import httpx
from itsdangerous import TimestampSigner
from sqlalchemy import select
from sqlalchemy.orm import Session
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from croupier import games
from croupier.bots.defaults import default_action
from croupier.client import messages_of
from croupier.engine.actions import Action, Amounts, Join, Legal
from croupier.engine.codec import decode, encode
from croupier.games.punto_banco.actions import Stake, Withdraw
from croupier.games.punto_banco.rules import Bet
from croupier.server import sessions
from croupier.server.collector import collect_seldom
from croupier.server.database import open_database
from croupier.server.people import enrol
from croupier.server.schema import Person, Secret

GAME = "punto-banco"
SEATS = 16
"""The boxes of Punto Banco's large table (PB-1): the most players one table seats."""
BUY_IN = 200
MAX_PHASES = 2
"""Think times a run may measure: each takes `BUY_IN` twice from the first players' 1,000."""
PASSWORD = "a load-test password"
SETTINGS = {"bot_pause": 0, "time_limit": 3600, "hold": 3600}
TARGET_PLAYERS, TARGET_TABLES, TARGET_P99 = 1000, 100, 0.050
BASELINE_PLAYERS = 10
LOAD_BOUND = 0.85
"""A share of the load's cores above which a figure may be the load's limit, not the server's."""
HERE = Path(__file__).resolve().parents[1]
"""The checkout this benchmark is in: its `src` is the server measured (the after side)."""
STALL = 30.0
"""Seconds with nobody more sitting down after which the measurement goes on without them."""

_KNOWN: dict[str, type] = {kind.__name__: kind for kind in (*games.get(GAME).actions, Amounts)}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """A bad option: one readable line, exit 2."""
        self.exit(2, f"{self.prog}: {message}\n")


def _options(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = _Parser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--players", type=int, default=TARGET_PLAYERS, help="the load's players")
    parser.add_argument("--tables", type=int, default=TARGET_TABLES, help="they sit at")
    parser.add_argument("--seconds", type=float, default=30.0, help="the measured load")
    parser.add_argument("--warm-up", type=float, default=5.0, help="before measuring")
    parser.add_argument(
        "--baseline-seconds", type=float, default=10.0, help="10 players at 1 table, first"
    )
    parser.add_argument(
        "--think",
        type=_thinks,
        default=(0.0,),
        help="mean seconds before acting, or several (0,10): a baseline and a load for each",
    )
    parser.add_argument("--database", help="sqlite:///FILE or postgresql://... (a temp file)")
    parser.add_argument("--seed", type=int, default=1, help="the players' choices")
    parser.add_argument("--profile", help="py-spy the server over the load into FILE")
    parser.add_argument(
        "--accounts",
        choices=("bulk", "api"),
        default="bulk",
        help="bulk: the first player registers, the others are written to the ledger beside "
        "it (their password hashed once, not once each) and given signed session cookies; "
        "api: every player registers (an argon2 hash each, about 0.2 s of the server)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as one object")
    parser.add_argument(
        "--processes",
        type=int,
        choices=(1, 2),
        default=1,
        help="server processes sharing the database (2: PostgreSQL), each on a core of its own",
    )
    parser.add_argument(
        "--load-processes",
        type=int,
        help="processes the players are shared among, each with its own tables (default: "
        "one a core beside the server's; more than that share the cores, not add to them)",
    )
    parser.add_argument(
        "--before",
        metavar="CHECKOUT",
        help="also measure this checkout's server (a folder, or a commit made into a "
        "temporary worktree), in the same run, and print each figure beside this one's",
    )
    parser.add_argument(
        "--repeat", type=int, default=1, help="measure each side so many times, alternating"
    )
    options = parser.parse_args(argv)
    if options.players < 1 or options.tables < 1:
        parser.error(f"--players {options.players} --tables {options.tables}: at least 1 each")
    if options.tables > options.players:
        parser.error(
            f"--tables {options.tables} is more than --players {options.players}: a table "
            "with nobody seated does not play"
        )
    if -(-options.players // options.tables) > SEATS:
        parser.error(
            f"--players {options.players} at --tables {options.tables} is more than "
            f"{SEATS} players a table (Punto Banco's large table): give more tables"
        )
    for name in ("seconds", "warm_up", "baseline_seconds"):
        value = getattr(options, name)
        if not 0 <= value <= 3600 or (name == "seconds" and value == 0):
            flag = "--" + name.replace("_", "-")
            least = "more than 0" if name == "seconds" else "0"
            parser.error(f"{flag} {value:g} is not valid: {least} to 3600 seconds")
    database = options.database
    if database is not None and not database.startswith(("sqlite:///", "postgresql://")):
        parser.error(f"--database {database!r}: give sqlite:///FILE or postgresql://...")
    if options.processes > 1 and not (database or "").startswith("postgresql://"):
        parser.error(
            "--processes 2 shares one database between them: give --database postgresql://..."
        )
    if options.profile is not None and _py_spy() is None:
        parser.error("--profile needs py-spy: .venv/bin/pip install py-spy")
    if len(os.sched_getaffinity(0)) < 2:
        parser.error("this machine gives this process one core: the load needs a second")
    if options.load_processes is not None and not 1 <= options.load_processes <= 64:
        parser.error(f"--load-processes {options.load_processes} is not valid: 1 to 64")
    if not 1 <= options.repeat <= 20:
        parser.error(f"--repeat {options.repeat} is not valid: 1 to 20")
    if options.before is not None and not _is_checkout(Path(options.before)):
        try:
            _git("rev-parse", "--verify", "--quiet", f"{options.before}^{{commit}}")
        except (OSError, subprocess.CalledProcessError):
            parser.error(
                f"--before {options.before!r} is neither a checkout (a folder with "
                f"src/croupier) nor a commit of {HERE}"
            )
    return options


def _thinks(text: str) -> tuple[float, ...]:
    """`--think`: one or two numbers of seconds, 0 to 3600, comma-separated."""
    try:
        values = tuple(float(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not seconds, such as 0 or 0,10") from None
    if not 1 <= len(values) <= MAX_PHASES or not all(0 <= v <= 3600 for v in values):
        raise argparse.ArgumentTypeError(
            f"{text!r}: 1 to {MAX_PHASES} times, each 0 to 3600 seconds"
        )
    return values


def _is_checkout(path: Path) -> bool:
    return (path / "src" / "croupier").is_dir()


def _git(*arguments: str, where: Path | None = None) -> str:
    """What `git` printed, run in `where` (this checkout); CalledProcessError if it failed."""
    done = subprocess.run(
        ["git", *arguments], cwd=where or HERE, capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def _py_spy() -> str | None:
    here = Path(sys.executable).parent / "py-spy"
    return str(here) if here.exists() else shutil.which("py-spy")


# --- the server ------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """`croupier serve` of the checkout whose sources are `src`, in a subprocess pinned to
    one core, its log in `folder`."""

    def __init__(self, database: str, core: int, folder: Path, src: Path) -> None:
        self.core = core
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        folder.mkdir(parents=True, exist_ok=True)
        self.log_path = folder / "server.log"
        command = [sys.executable, "-m", "croupier", "serve", "--host", "127.0.0.1"]
        command += ["--port", str(self.port), "--database", database]
        with self.log_path.open("wb") as log:
            self.process = subprocess.Popen(
                command,
                stdout=log,
                stderr=subprocess.STDOUT,
                env={**os.environ, "PYTHONPATH": str(src)},
                preexec_fn=lambda: os.sched_setaffinity(0, {core}),
            )
        self.pid = self.process.pid

    def core_busy(self, core: int) -> float:
        """Seconds core `core` has been busy so far, whoever ran on it (/proc/stat)."""
        for line in Path("/proc/stat").read_text().splitlines():
            name, *ticks = line.split()
            if name == f"cpu{core}":
                user, nice, system, _, _, irq, softirq, steal = map(int, ticks[:8])
                busy = user + nice + system + irq + softirq + steal  # not idle, not iowait
                return busy / os.sysconf("SC_CLK_TCK")
        return float("nan")

    def cpu(self) -> float:
        """The server's CPU seconds so far (user + system, every thread)."""
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss(self) -> int:
        """The server's resident memory now, in bytes (/proc/PID/status, VmRSS)."""
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
        return 0

    def profile(self, output: str, seconds: float) -> subprocess.Popen[bytes]:
        """py-spy sampling the server for `seconds` (from this process's core, without
        stopping the server to sample), its collapsed stacks into `output`."""
        spy = _py_spy()
        assert spy is not None
        command = [spy, "record", "--pid", str(self.pid), "--duration", str(round(seconds))]
        command += ["--rate", "100", "--nonblocking", "--format", "raw", "--output", output]
        return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def log_tail(self, lines: int = 20) -> str:
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])

    def stop(self) -> None:
        """SIGINT (as Ctrl-C: uvicorn stops, the lobby gives its leases up), then SIGKILL."""
        if self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


async def _until_healthy(server: Server, http: httpx.AsyncClient, within: float) -> None:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise SystemExit(f"the server stopped at start:\n{server.log_tail()}")
        with contextlib.suppress(httpx.HTTPError):
            if (await http.get("/api/health")).status_code == 200:
                return
        await asyncio.sleep(0.2)
    raise SystemExit(f"the server did not answer /api/health within {within:.0f} s")


# --- players -----------------------------------------------------------------------------


@dataclass
class Window:
    """What is measured: each action sent from `start` to `end` (perf_counter)."""

    start: float = float("inf")
    end: float = float("inf")
    ack: list[float] = field(default_factory=list)
    echo: list[float] = field(default_factory=list)
    refused: Counter[str] = field(default_factory=Counter)
    sent: int = 0
    answered: int = 0
    """Acks that came within the window, whenever their action was sent: the throughput."""
    answered_by: Counter[int] = field(default_factory=Counter)
    """The same, by server process."""

    def measures(self, at: float) -> bool:
        return self.start <= at < self.end


def loopback(index: int) -> str:
    """The loopback address player `index` connects from (127.0.0.2 on: the whole of
    127/8 is this machine's), so that the door counts each player as the person they are
    and the load asks it for nothing it would refuse people."""
    number = index + 2
    return f"127.{number >> 16 & 255}.{number >> 8 & 255}.{number & 255}"


@dataclass
class Player:
    """One person: a websocket to one table, and the seat they are to take there; they
    connect from their own loopback `address`."""

    name: str
    cookie: str
    rng: random.Random
    address: str = "127.0.0.1"
    url: str = ""
    """The server process that runs the table."""
    process: int = 0
    table: int = 0
    seat: int = 0
    socket: ClientConnection | None = None
    seq: int | None = None
    view: dict[str, Any] | None = None
    seated: bool = False
    key: str | None = None
    sent_at: float = 0.0
    decided_at: int = -1
    ready_after: int = -1
    echo_seq: int | None = None
    timer: asyncio.Task[None] | None = None
    gaps: int = 0


class Load:
    """Players at tables, acting; `window` is where their actions are measured."""

    def __init__(self, think: float) -> None:
        self.think = think
        self.window = Window()
        self.stopping = False
        self.seated = 0
        self.setup_refused: Counter[str] = Counter()
        """Actions refused outside the measured window (sitting down among them)."""
        self.acted = 0

    async def run(self, player: Player) -> None:
        base = player.url.replace("http://", "ws://", 1)
        url = f"{base}/api/tables/{player.table}/socket"
        socket = await connect(
            url,
            additional_headers={"Cookie": player.cookie},
            open_timeout=120,
            local_addr=(player.address, 0),
        )
        player.socket = socket
        with contextlib.suppress(ConnectionClosed):
            async for text in socket:
                data, now = json.loads(text), time.perf_counter()
                for message in messages_of(data):
                    await self._take(player, message, now)

    async def _take(self, player: Player, message: dict[str, Any], now: float) -> None:
        kind = message["type"]
        if kind == "step":
            if player.seq is not None and message["seq"] != player.seq + 1:
                player.gaps += 1
            player.seq = message["seq"]
            if player.echo_seq == message["seq"]:
                if self.window.measures(player.sent_at):
                    self.window.echo.append(now - player.sent_at)
                player.echo_seq = None
        elif kind == "view":
            if player.seq is not None and message["seq"] != player.seq:
                player.gaps += 1
            player.seq, player.view = message["seq"], message
        elif kind in ("ack", "refused") and message.get("key") == player.key:
            measured = self.window.measures(player.sent_at)
            if measured:
                self.window.ack.append(now - player.sent_at)
            if kind == "ack" and self.window.measures(now):
                self.window.answered += 1
                self.window.answered_by[player.process] += 1
            player.key = None
            if kind == "ack":
                self.acted += 1
                player.echo_seq = player.ready_after = message["seq"]
                if message["action"]["type"] == "Join":
                    player.seated = True
                    self.seated += 1
            else:
                (self.window.refused if measured else self.setup_refused)[message["error"]] += 1
                if message["error"] in ("not-stored", "paused"):  # the same again, shortly
                    player.timer = asyncio.create_task(self._act_later(player, 0.5))
                elif player.view is not None and player.view["seq"] == player.decided_at:
                    player.ready_after = player.decided_at + 1  # refused on this view: wait
        elif kind == "error":
            raise RuntimeError(f"{player.name}: the server says {message['reason']}")
        await self._consider(player)

    async def _consider(self, player: Player) -> None:
        """Act now, or after the think time, if the view says this player is to act."""
        if player.key is not None or player.timer is not None or self.stopping:
            return
        if player.view is None or player.view["seq"] < player.ready_after:
            return
        if self._decide(player) is None:
            return
        if self.think == 0:
            await self._act(player)
        else:
            pause = player.rng.uniform(0, 2 * self.think)
            player.timer = asyncio.create_task(self._act_later(player, pause))

    async def _act_later(self, player: Player, pause: float) -> None:
        await asyncio.sleep(pause)
        player.timer = None
        if player.key is None and not self.stopping:
            await self._act(player)

    async def _act(self, player: Player) -> None:
        action = self._decide(player)
        if action is None or player.socket is None or player.view is None:
            return
        player.key = uuid.uuid4().hex
        player.decided_at = player.view["seq"]
        message: dict[str, Any] = {
            "type": "act",
            "seq": player.decided_at,
            "key": player.key,
            "action": encode(action),
        }
        if isinstance(action, Join):
            message["seat"] = player.seat
        text = json.dumps(message)
        player.sent_at = time.perf_counter()
        if self.window.measures(player.sent_at):
            self.window.sent += 1
        with contextlib.suppress(ConnectionClosed):
            await player.socket.send(text)

    def _decide(self, player: Player) -> Action | None:
        """What this player does on its last view: None, it is not to act."""
        view = player.view
        assert view is not None
        if not player.seated:
            option = view.get("open_seats", {}).get(str(player.seat))
            return None if option is None else Join(max(BUY_IN, option["low"]))
        seen = view["view"]
        if player.seat not in seen["to_act"] or not seen["legal"]["options"]:
            return None
        legal: Legal = decode(seen["legal"], Legal, _KNOWN)
        stakes = legal.of_type(Stake)
        if stakes and not legal.of_type(Withdraw):  # no stake yet this coup
            wanted = Bet.BANCO if player.rng.random() < 0.6 else Bet.PUNTO
            for option in stakes:
                assert isinstance(option, Amounts)
                if option.template.bet is wanted:
                    stake: Action = option.at(option.low)
                    return stake
        return default_action(legal)


# --- the load processes ------------------------------------------------------------------


@dataclass
class Driven:
    """What one load process measured, sent back to the parent as plain data."""

    window: Window
    cpu: float
    """Its own CPU (user + system) over the window's wall time: 1.0 is a whole core."""
    gaps: int
    lost: int


def _load_process(players: list[Player], think: float, pipe: Connection) -> None:
    """One load process: `players` at their tables on an event loop of its own, told through
    `pipe` when to measure (`Loads`), and answering through it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    collect_seldom()  # as the server does: the load's own pauses are not the server's latency
    with contextlib.suppress(BrokenPipeError, EOFError):
        asyncio.run(_drive(players, think, pipe))


async def _drive(players: list[Player], think: float, pipe: Connection) -> None:
    """Seat `players`, saying how many sit every half second, until told to measure (or to
    stop); then measure for the seconds it is told, wait for the window's answers (up to 2
    minutes), close the sockets and send what it measured (`Driven`)."""
    loop = asyncio.get_running_loop()
    orders: asyncio.Queue[tuple[Any, ...]] = asyncio.Queue()

    def read() -> None:
        try:
            orders.put_nowait(pipe.recv())
        except EOFError:  # the parent is gone
            loop.remove_reader(pipe.fileno())
            orders.put_nowait(("stop",))

    loop.add_reader(pipe.fileno(), read)
    load = Load(think)
    tasks = [asyncio.create_task(load.run(player)) for player in players]

    def failure() -> str | None:
        for task in tasks:
            if task.done() and not task.cancelled() and task.exception() is not None:
                return f"a player stopped: {task.exception()!r}"
        return None

    while True:
        if (why := failure()) is not None:
            pipe.send(("failed", why))
            return
        pipe.send(("seated", load.seated, load.setup_refused))
        try:
            order = await asyncio.wait_for(orders.get(), 0.5)
        except TimeoutError:
            continue
        if order[0] != "measure":
            return
        break
    window = load.window
    times = os.times()
    window.start = time.perf_counter()
    window.end = window.start + order[1]
    while (left := window.end - time.perf_counter()) > 0:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(orders.get(), min(2.0, left))
            return  # told to stop (nothing else is said while it measures)
        recent = sorted(window.echo[-2000:])
        p99 = recent[int(0.99 * (len(recent) - 1))] * 1000 if recent else float("nan")
        pipe.send(("progress", len(window.ack), p99))
    done = os.times()
    cpu = (done.user + done.system - times.user - times.system) / (
        time.perf_counter() - window.start
    )
    if (why := failure()) is not None:
        pipe.send(("failed", why))
        return
    load.stopping = True

    def unanswered() -> int:  # actions sent in the window with no answer or no step yet
        return sum(
            window.measures(p.sent_at) and (p.key is not None or p.echo_seq is not None)
            for p in players
        )

    until = time.perf_counter() + 120
    while time.perf_counter() < until and unanswered():
        await asyncio.sleep(0.2)
    lost = unanswered()
    for player in players:
        if player.timer is not None:
            player.timer.cancel()
    await asyncio.gather(
        *(p.socket.close() for p in players if p.socket is not None), return_exceptions=True
    )
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for player in players:  # (a socket does not pickle)
        player.socket = player.timer = None
    pipe.send(("done", Driven(window, cpu, sum(p.gaps for p in players), lost)))


class Loads:
    """The load processes of one measurement, as this process sees them: each started with
    its share of the players (forked from the forkserver, which imported this module once
    and has no event loop or threads to hand on), on the cores this process may use, and
    what each last said."""

    def __init__(self, shares: list[list[Player]], think: float) -> None:
        context = multiprocessing.get_context("forkserver")
        self.pipes: list[Connection] = []
        self.processes: list[BaseProcess] = []
        self._seated = [0] * len(shares)
        self._refused: list[Counter[str]] = [Counter() for _ in shares]
        self._acks = [0] * len(shares)
        self._p99 = [float("nan")] * len(shares)
        self._driven: list[Driven | None] = [None] * len(shares)
        self.failure: str | None = None
        loop = asyncio.get_running_loop()
        for n, share in enumerate(shares):
            mine, theirs = context.Pipe()
            process = context.Process(
                target=_load_process, args=(share, think, theirs), name=f"load-{n + 1}"
            )
            process.start()
            theirs.close()
            self.pipes.append(mine)
            self.processes.append(process)
            loop.add_reader(mine.fileno(), functools.partial(self._hear, n))

    def _hear(self, n: int) -> None:
        try:
            message = self.pipes[n].recv()
        except (EOFError, OSError):
            asyncio.get_running_loop().remove_reader(self.pipes[n].fileno())
            if self._driven[n] is None and self.failure is None:
                self.failure = f"load process {n + 1} ended before it said what it measured"
            return
        kind = message[0]
        if kind == "seated":
            self._seated[n], self._refused[n] = message[1], message[2]
        elif kind == "progress":
            self._acks[n], self._p99[n] = message[1], message[2]
        elif kind == "done":
            self._driven[n] = message[1]
        elif self.failure is None:  # "failed"
            self.failure = f"load process {n + 1}: {message[1]}"

    @property
    def seated(self) -> int:
        return sum(self._seated)

    @property
    def setup_refused(self) -> Counter[str]:
        return sum(self._refused, Counter())

    @property
    def acks(self) -> int:
        return sum(self._acks)

    @property
    def p99(self) -> float:
        return max(self._p99)

    def check(self) -> None:
        """RuntimeError if a load process failed or ended too soon."""
        if self.failure is not None:
            raise RuntimeError(self.failure)

    def measure(self, seconds: float) -> None:
        for pipe in self.pipes:
            pipe.send(("measure", seconds))

    async def results(self) -> list[Driven]:
        """What each measured, once every one has said (each waits for its answers 2 minutes
        at most)."""
        while True:
            self.check()
            if all(driven is not None for driven in self._driven):
                return [driven for driven in self._driven if driven is not None]
            await asyncio.sleep(0.2)

    def stop(self) -> None:
        """Tell each to stop, then end any still running (SIGTERM, then SIGKILL)."""
        loop = asyncio.get_running_loop()
        for pipe in self.pipes:
            loop.remove_reader(pipe.fileno())
            with contextlib.suppress(OSError):
                pipe.send(("stop",))
        for process in self.processes:
            process.join(10)
            if process.is_alive():
                process.terminate()
                process.join(5)
            if process.is_alive():
                process.kill()
                process.join()
        for pipe in self.pipes:
            pipe.close()


# --- a run -------------------------------------------------------------------------------


def _progress(line: str) -> None:
    end = "\r" if sys.stderr.isatty() else "\n"
    print(f"{line:<78}", end=end, file=sys.stderr, flush=True)


async def _every(seconds: float, until: Callable[[], bool], say: Callable[[], str]) -> None:
    while not until():
        _progress(say())
        await asyncio.sleep(seconds)


async def _register(
    url: str, names: list[str], seed: int, clients: int = 1
) -> tuple[list[Player], float]:
    """Register `names` (each logged in, each from its own loopback address): the players,
    and the seconds it took. One at a time: the server hashes on its one core anyway, and on
    SQLite two registrations at once can fail with `database is locked` (HTTP 500)."""
    players: list[Player] = []
    queue = list(reversed(list(enumerate(names))))
    start = time.perf_counter()

    async def worker() -> None:
        while queue:
            index, name = queue.pop()
            address = loopback(index)
            transport = httpx.AsyncHTTPTransport(local_address=address)
            async with httpx.AsyncClient(base_url=url, timeout=120, transport=transport) as http:
                answer = await http.post("/api/register", json={"name": name, "password": PASSWORD})
            if answer.status_code != 201:
                raise SystemExit(f"registering {name}: {answer.status_code} {answer.text}")
            cookie = f"session={answer.cookies['session']}"
            players.append(Player(name, cookie, random.Random(f"{seed}/{name}"), address))

    def say() -> str:
        done = len(players)
        rate = done / max(1e-9, time.perf_counter() - start)
        return f"registering: {done}/{len(names)} ({rate:.1f}/s)"

    ticker = asyncio.create_task(_every(2, lambda: len(players) >= len(names), say))
    try:
        await asyncio.gather(*(worker() for _ in range(clients)))
    finally:
        ticker.cancel()
    players.sort(key=lambda player: names.index(player.name))
    return players, time.perf_counter() - start


def _bulk(database: str, first: Player, names: list[str], seed: int) -> list[Player]:
    """The players after the first written straight into the ledger, as registering writes
    them (`people.enrol`: a person, an account, the starting grant), their password hash
    the first's (the same password, hashed once), each logged in as logging in does (a
    session kept by the server, `sessions.start`) with its token in a cookie signed with
    the server's key as its session middleware signs one: the cost of argon2 a person is
    left out, not the ledger's, and the door is not asked (it limits what one address may
    try; the load's accounts are the operator's, written to the operator's database)."""
    engine = open_database(database)
    try:
        with Session(engine) as session, session.begin():
            model = session.scalars(select(Person).where(Person.name == first.name)).one()
            signer = TimestampSigner(session.get(Secret, "session").value)  # type: ignore[union-attr]
            people = [enrol(session, name, model.password_hash) for name in names]
            made = [(person.name, sessions.start(session, person)) for person in people]
    finally:
        engine.dispose()
    players = []
    for index, (name, token) in enumerate(made, 1):  # (the first is player 0)
        signed = signer.sign(base64.b64encode(json.dumps({"session": token}).encode()))
        cookie, rng = f"session={signed.decode()}", random.Random(f"{seed}/{name}")
        players.append(Player(name, cookie, rng, loopback(index)))
    return players


async def _players(
    url: str, database: str, names: list[str], seed: int, accounts: str
) -> tuple[list[Player], float]:
    """The players, registered (`accounts`: every one through the API, or the first and then
    the rest in bulk), and the seconds it took."""
    if accounts == "api":
        return await _register(url, names, seed)
    start = time.perf_counter()
    first, _ = await _register(url, names[:1], seed)
    rest = await asyncio.to_thread(_bulk, database, first[0], names[1:], seed)
    return first + rest, time.perf_counter() - start


@dataclass
class Measured:
    name: str
    think: float
    players: int
    tables: int
    seconds: float
    window: Window
    server_cpu: float
    """Every server process's CPU over the window's wall time, together."""
    load_cpu: float
    core_busy: float
    """How busy the server's core was, the server and anything else that ran there (with
    several processes, their cores' mean)."""
    gaps: int
    lost: int
    """Actions sent in the window never answered (no ack or refusal, or no step after the
    ack) within the 2 minutes after it."""
    setup: float
    seated: int
    rss_before: int
    """The server's resident memory before the run's players connected, in bytes."""
    rss_after: int
    """And at the end of the measured window, every player connected."""
    by_process: list[dict[str, float]] = field(default_factory=list)
    """With several server processes, each one's actions a second and CPU."""
    database_cpu: float | None = None
    """PostgreSQL's processes' CPU over the window's wall time (None: SQLite, inside the
    server)."""
    load_processes: list[float] = field(default_factory=list)
    """Each load process's CPU over the window (`load_cpu` is their sum)."""
    load_cores: int = 1
    """The cores the load processes shared."""
    side: str = ""
    """With `--before`: "before" or "after", the checkout whose server it measured."""
    repeat: int = 0

    @property
    def label(self) -> str:
        return f"{self.side} {self.name}".strip()

    @property
    def server_ms(self) -> float:
        """The server's CPU an action acked in the window, in milliseconds (nan: none)."""
        if not self.window.answered:
            return float("nan")
        return 1000 * self.server_cpu * self.seconds / self.window.answered

    @property
    def load_bound(self) -> bool:
        """Whether the load's cores were near saturation, so that a figure may be the load's."""
        return self.load_cpu / self.load_cores >= LOAD_BOUND

    @property
    def per_connection(self) -> float:
        """The resident memory each connection (and its share of its table) took, in bytes."""
        return (self.rss_after - self.rss_before) / max(1, self.players)

    def figures(self) -> dict[str, Any]:
        """The run as `--json` writes it."""
        ack, echo = _quantiles(self.window.ack), _quantiles(self.window.echo)
        return {
            "name": self.name,
            "side": self.side,
            "repeat": self.repeat,
            "players": self.players,
            "tables": self.tables,
            "think": self.think,
            "seconds": self.seconds,
            "actions": len(self.window.ack),
            "actions_per_s": self.window.answered / self.seconds,
            "ack_ms": {"p50": ack[0], "p99": ack[2], "max": ack[3]},
            "echo_ms": {"p50": echo[0], "p99": echo[2], "max": echo[3]},
            "server_cpu": self.server_cpu,
            "server_ms_per_action": self.server_ms,
            "load_cpu": self.load_cpu,
            "load_processes": self.load_processes,
            "load_cores": self.load_cores,
            "load_bound": self.load_bound,
            "core_busy": self.core_busy,
            "rss_mb": self.rss_after / 2**20,
            "rss_per_connection_kb": self.per_connection / 1024,
            "steps_missed": self.gaps,
            "actions_lost": self.lost,
            "seated": self.seated,
            "refused": dict(self.window.refused),
            "processes": self.by_process,
            "database_cpu": self.database_cpu,
        }


async def _measure(
    name: str,
    servers: list[Server],
    https: list[httpx.AsyncClient],
    people: list[Player],
    tables: int,
    options: argparse.Namespace,
    seconds: float,
    think: float,
    profile: str | None = None,
) -> Measured:
    """Open `tables` (in turn at each server process, each by the player to sit first at
    it), seat `people` at them from the load processes (each its own tables), warm up,
    measure for `seconds`, and close the tables."""
    players = [Player(person.name, person.cookie, person.rng, person.address) for person in people]
    rss_before = sum(server.rss() for server in servers)
    start = time.perf_counter()
    ids = []
    for number in range(tables):
        answer = await https[number % len(servers)].post(
            "/api/tables",
            json={"game": GAME, "settings": SETTINGS},
            headers={"Cookie": players[number].cookie},
        )
        if answer.status_code != 201:
            raise SystemExit(f"opening a table: {answer.status_code} {answer.text}")
        ids.append(answer.json()["id"])
    for index, player in enumerate(players):
        number = index % tables
        player.table, player.seat = ids[number], index // tables
        player.process = number % len(servers)
        player.url = servers[player.process].url
    count = min(options.load_processes, tables)
    shares = [
        [player for index, player in enumerate(players) if index % tables % count == n]
        for n in range(count)
    ]
    loads = Loads(shares, think)
    try:
        last, moved = -1, time.perf_counter()
        while loads.seated < len(players) and time.perf_counter() - moved < STALL:
            loads.check()
            if loads.seated != last:
                last, moved = loads.seated, time.perf_counter()
            _progress(f"{name}: {loads.seated}/{len(players)} seated at {tables} tables")
            await asyncio.sleep(0.5)
        setup = time.perf_counter() - start
        seated = loads.seated
        if seated < len(players):  # measured with those seated; the others watch
            said = loads.setup_refused.most_common()
            refused = ", ".join(f"{n} {k}" for k, n in said) or "none"
            _progress("")
            print(
                f"{name}: only {seated} of {len(players)} sat down ({STALL:.0f} s without "
                f"one more); refused while sitting down: {refused}"
            )
        if seated == 0:
            raise SystemExit(f"{name}: nobody sat down")
        _progress(f"{name}: warming up for {options.warm_up:g} s")
        await asyncio.sleep(options.warm_up)
        loads.check()

        cpus_before = [server.cpu() for server in servers]
        busy_before = [server.core_busy(server.core) for server in servers]
        postgres = (options.database or "").startswith("postgresql")
        database_before = _postgres_cpu() if postgres else None
        began = time.perf_counter()
        loads.measure(seconds)

        def say() -> str:
            elapsed = time.perf_counter() - began
            return (
                f"{name}: {elapsed:4.0f}/{seconds:g} s, {loads.acks} actions, "
                f"{loads.acks / max(elapsed, 1e-9):.0f}/s, echo p99 {loads.p99:.0f} ms "
                "(last 2000 of the slowest load process)"
            )

        ticker = asyncio.create_task(_every(2, lambda: time.perf_counter() >= began + seconds, say))
        spy = servers[0].profile(profile, seconds) if profile else None
        await asyncio.sleep(seconds)
        cpus_after = [server.cpu() for server in servers]
        busy_after = [server.core_busy(server.core) for server in servers]
        wall = time.perf_counter() - began
        database_after = _postgres_cpu() if postgres else None
        rss_after = sum(server.rss() for server in servers)
        ticker.cancel()
        loads.check()
        if spy is not None:
            await asyncio.to_thread(spy.wait)
        _progress(f"{name}: waiting for the answers to the window's actions")
        driven = await loads.results()
    finally:
        loads.stop()
    for number, table in enumerate(ids):  # (a person may hold only so many tables open)
        closed = await https[number % len(servers)].post(
            f"/api/tables/{table}/close", json={}, headers={"Cookie": players[number].cookie}
        )
        if closed.status_code != 202:
            raise SystemExit(f"closing table {table}: {closed.status_code} {closed.text}")
    window = Window()
    for each in driven:
        window.ack += each.window.ack
        window.echo += each.window.echo
        window.refused += each.window.refused
        window.sent += each.window.sent
        window.answered += each.window.answered
        window.answered_by += each.window.answered_by
    cpus = [(after - before) / wall for before, after in zip(cpus_before, cpus_after, strict=True)]
    busy = [(after - before) / wall for before, after in zip(busy_before, busy_after, strict=True)]
    processes = [
        {"actions_per_s": window.answered_by[n] / seconds, "cpu": cpus[n]}
        for n in range(len(servers))
    ]
    load_cpus = [each.cpu for each in driven]
    return Measured(
        name,
        think,
        len(players),
        tables,
        seconds,
        window,
        sum(cpus),
        sum(load_cpus),
        sum(busy) / len(busy),
        sum(each.gaps for each in driven),
        sum(each.lost for each in driven),
        setup,
        seated,
        rss_before,
        rss_after,
        processes if len(servers) > 1 else [],
        None if database_before is None else ((database_after or 0.0) - database_before) / wall,
        load_processes=load_cpus,
        load_cores=len(os.sched_getaffinity(0)),
    )


def _postgres_cpu() -> float | None:
    """The CPU seconds of every PostgreSQL process on this machine so far (None: none)."""
    found = None
    ticks = os.sysconf("SC_CLK_TCK")
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            name, rest = stat.read_text().split(" (", 1)[1].split(")", 1)
            if name.startswith("postgres"):
                fields = rest.split()
                found = (found or 0.0) + (int(fields[11]) + int(fields[12])) / ticks
    return found


def _quantiles(values: list[float]) -> tuple[float, float, float, float]:
    """p50, p90, p99 and max, in milliseconds (nan: none)."""
    if len(values) < 2:
        nan = float("nan")
        return (values[0] * 1000,) * 4 if values else (nan, nan, nan, nan)
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return cuts[49] * 1000, cuts[89] * 1000, cuts[98] * 1000, max(values) * 1000


def _report(runs: list[Measured]) -> None:
    header = (
        f"{'':40} {'actions':>7} {'/s':>6} {'ms/act':>6}   {'ack ms: p50':>11} {'p90':>6} "
        f"{'p99':>6} {'max':>6}   {'echo ms: p50':>12} {'p90':>6} {'p99':>6} {'max':>6}   "
        f"{'server':>6} {'core':>5} {'load':>5}"
    )
    print(header)
    many = any(run.repeat for run in runs)
    for run in runs:
        ack, echo = _quantiles(run.window.ack), _quantiles(run.window.echo)
        label = f"{run.label} ({run.players} at {run.tables}, think {run.think:g})"
        if many:
            label += f" #{run.repeat + 1}"
        print(
            f"{label:40} {len(run.window.ack):7d} {run.window.answered / run.seconds:6.0f} "
            f"{run.server_ms:6.2f}   "
            f"{ack[0]:11.1f} {ack[1]:6.1f} {ack[2]:6.1f} {ack[3]:6.0f}   "
            f"{echo[0]:12.1f} {echo[1]:6.1f} {echo[2]:6.1f} {echo[3]:6.0f}   "
            f"{run.server_cpu:6.0%} {run.core_busy:5.0%} {run.load_cpu:5.0%}"
        )
    print(
        "ms/act: the server's CPU an action acked; server: its CPU, core: its core busy, "
        "load: the load processes' CPU together (100% is one core)"
    )
    for run in runs:
        refused = ", ".join(f"{n} {k}" for k, n in run.window.refused.most_common()) or "none"
        print(
            f"{run.label}, think {run.think:g}: {run.players} connected, {run.seated} seated in "
            f"{run.setup:.1f} s; refused: {refused}; steps missed: {run.gaps}; actions lost: "
            f"{run.lost}; server RSS "
            f"{run.rss_after / 2**20:.0f} MB, {run.per_connection / 1024:.0f} KB a connection"
        )
        each = ", ".join(f"{cpu:.0%}" for cpu in run.load_processes)
        cores = "its core" if run.load_cores == 1 else f"their {run.load_cores} cores"
        count = len(run.load_processes)
        parts = [
            f"{count} load process{'es' if count > 1 else ''} at {each} of a core, "
            f"{run.load_cpu / run.load_cores:.0%} of {cores}"
        ]
        parts += [
            f"process {n} {each['actions_per_s']:.0f}/s at {each['cpu']:.0%} CPU"
            for n, each in enumerate(run.by_process, 1)
        ]
        if run.database_cpu is not None:
            parts.append(f"PostgreSQL {run.database_cpu:.0%} CPU")
        print(f"{run.label}, think {run.think:g}: " + "; ".join(parts))
        if run.load_bound:
            print(
                f"WARNING: {run.label}, think {run.think:g}: the load's cores were "
                f"{run.load_cpu / run.load_cores:.0%} busy with the load: its figures may be "
                "the load's limit, not the server's (ms/act is the server's own either way)"
            )
        others = run.core_busy - run.server_cpu
        if not run.by_process and others >= 0.2:  # (several processes share with the load)
            print(
                f"WARNING: {run.label}, think {run.think:g}: something else kept the server's "
                f"core {others:.0%} busy (ms/act is the server's own either way)"
            )
    for base, loaded in zip(runs[::2], runs[1::2], strict=True):
        ratios = []
        for what, unloaded, loaded_times in (
            ("ack", base.window.ack, loaded.window.ack),
            ("echo", base.window.echo, loaded.window.echo),
        ):
            qb, ql = _quantiles(unloaded), _quantiles(loaded_times)
            ratios.append(f"{what} p50 {ql[0] / qb[0]:.1f}x, p99 {ql[2] / qb[2]:.1f}x")
        side = f"{loaded.side}, " if loaded.side else ""
        print(f"{side}loaded / unloaded, think {loaded.think:g} s: {'; '.join(ratios)}")
        p99 = _quantiles(loaded.window.echo)[2] / 1000
        at_target = loaded.players >= TARGET_PLAYERS and loaded.tables >= TARGET_TABLES
        verdict = "met" if p99 <= TARGET_P99 else "missed"
        scale = "" if at_target else f" (at {loaded.players} players, not the target's 1,000)"
        print(
            f"{side}target, echo p99 within {TARGET_P99 * 1000:.0f} ms, think {loaded.think:g} "
            f"s: {verdict}{scale}"
        )


FIGURES: dict[str, Callable[[Measured], float]] = {
    "actions/s": lambda run: run.window.answered / run.seconds,
    "server ms an action": lambda run: run.server_ms,
    "ack p50 ms": lambda run: _quantiles(run.window.ack)[0],
    "ack p99 ms": lambda run: _quantiles(run.window.ack)[2],
    "echo p50 ms": lambda run: _quantiles(run.window.echo)[0],
    "echo p99 ms": lambda run: _quantiles(run.window.echo)[2],
    "server CPU": lambda run: run.server_cpu,
    "load CPU": lambda run: run.load_cpu,
    "PostgreSQL CPU": lambda run: float("nan") if run.database_cpu is None else run.database_cpu,
    "KB a connection": lambda run: run.per_connection / 1024,
}
"""The figures `--before` sets side by side: each the median of its side's repetitions."""


def _comparison(runs: list[Measured]) -> list[dict[str, Any]]:
    """Each measurement (name and think) with its figures before and after and their ratio."""
    compared = []
    for name, think in dict.fromkeys((run.name, run.think) for run in runs):
        sides = {
            side: [r for r in runs if (r.name, r.think, r.side) == (name, think, side)]
            for side in ("before", "after")
        }
        first = sides["after"][0]
        figures = {}
        for figure, of in FIGURES.items():
            before, after = (statistics.median(of(r) for r in sides[side]) for side in sides)
            if math.isnan(before) and math.isnan(after):  # (PostgreSQL's CPU on SQLite)
                continue
            ratio = after / before if before else float("nan")
            figures[figure] = {"before": before, "after": after, "ratio": ratio}
        compared.append(
            {
                "name": name,
                "think": think,
                "players": first.players,
                "tables": first.tables,
                "load_bound": any(r.load_bound for r in sides["before"] + sides["after"]),
                "figures": figures,
            }
        )
    return compared


def _report_comparison(compared: list[dict[str, Any]], repeat: int) -> None:
    of = f" (medians of {repeat} runs each)" if repeat > 1 else ""
    for each in compared:
        title = f"{each['name']} ({each['players']} at {each['tables']}, think {each['think']:g})"
        print(f"{title + of:52} {'before':>9} {'after':>9} {'after/before':>13}")
        for figure, values in each["figures"].items():
            percent = figure.endswith("CPU")
            before, after = (
                f"{values[side]:9.0%}" if percent else f"{values[side]:9.2f}"
                for side in ("before", "after")
            )
            print(f"  {figure:50} {before} {after} {values['ratio']:13.2f}")
        if each["load_bound"]:
            print("  WARNING: the load's cores were near saturation: these may be its limit")


@dataclass
class Side:
    """A checkout whose server is measured: its sources, its database, and its players
    (registered in that database once, at its first measurement)."""

    name: str
    src: Path
    database: str
    folder: Path
    players: list[Player] = field(default_factory=list)

    def describe(self) -> str:
        checkout = self.src.parent
        try:
            commit = _git("rev-parse", "--short", "HEAD", where=checkout)
            changed = " with changes" if _git("status", "--porcelain", where=checkout) else ""
        except (OSError, subprocess.CalledProcessError):
            commit, changed = "(not git)", ""
        return f"{self.name or 'the server'}: {checkout}, commit {commit}{changed}"


def _before(given: str, stack: contextlib.ExitStack) -> Path:
    """The checkout `--before` names: a folder, or a commit of this checkout made into a
    temporary worktree (`git worktree add`), removed when `stack` closes."""
    path = Path(given).expanduser()
    if _is_checkout(path):
        return path.resolve()
    folder = Path(tempfile.mkdtemp(prefix="croupier-before-")) / "checkout"
    _git("worktree", "add", "--detach", "--quiet", str(folder), given)
    stack.callback(shutil.rmtree, folder.parent, ignore_errors=True)
    stack.callback(subprocess.run, ["git", "worktree", "remove", "--force", str(folder)], cwd=HERE)
    return folder


async def _main(options: argparse.Namespace) -> None:
    cores = sorted(os.sched_getaffinity(0))
    folder = Path(tempfile.mkdtemp(prefix="croupier-load-"))
    kind = "PostgreSQL" if (options.database or "").startswith("postgresql") else "SQLite"
    say = functools.partial(print, file=sys.stderr if options.json else sys.stdout)
    if options.processes == 1:
        server_cores, load_cores = [cores[0]], set(cores[1:])
        where = f"server on core {cores[0]}"
    else:  # each process on a core of its own; the load and the database where they can
        server_cores, load_cores = cores[: options.processes], set(cores)
        where = f"{options.processes} server processes on cores {server_cores}"
    os.sched_setaffinity(0, load_cores)
    if options.load_processes is None:
        options.load_processes = len(load_cores)
    count = options.load_processes
    processes = "1 load process" if count == 1 else f"{count} load processes"
    shared = "on" if count == 1 else "sharing"
    cores_word = "core" if len(load_cores) == 1 else "cores"
    where += f", {processes} {shared} {cores_word} {_cores(load_cores)}"
    say(
        f"{platform.processor() or platform.machine()}, Python {platform.python_version()}; "
        f"{where}; {kind}"
    )
    try:
        with contextlib.ExitStack() as stack:
            checkouts = [("", HERE)]
            if options.before is not None:
                checkouts = [("before", _before(options.before, stack)), ("after", HERE)]
            sides = [
                Side(
                    name,
                    checkout / "src",
                    options.database or f"sqlite:///{folder / (name or 'load')}.db",
                    folder / (name or "load"),
                )
                for name, checkout in checkouts
            ]
            for side in sides:
                say(side.describe())
            runs = []
            for repeat in range(options.repeat):  # before, after, after, before, ...
                for side in sides if repeat % 2 == 0 else sides[::-1]:
                    runs += await _side(side, server_cores, options, repeat)
            _progress("")
            said = await asyncio.gather(*(asyncio.to_thread(_audit, side) for side in sides))
            audits = {side.name: audit for side, audit in zip(sides, said, strict=True)}
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    audit = _audited(audits)
    compared = _comparison(runs) if options.before is not None else []
    if options.json:
        print(json.dumps(_summary(runs, kind, audit, sides, compared), indent=1))
    else:
        _report(runs)
        if compared:
            _report_comparison(compared, options.repeat)
        print(f"ledger audit: {audit}")
    failures = _failures(runs, audit)
    for failure in failures:
        print(f"FAILED: {failure}", file=sys.stderr)
    if failures:
        raise SystemExit(1)


def _cores(cores: set[int]) -> str:
    return ", ".join(str(core) for core in sorted(cores))


async def _side(
    side: Side, server_cores: list[int], options: argparse.Namespace, repeat: int
) -> list[Measured]:
    """Start `side`'s server (a process on each of `server_cores`), register its players the
    first time, measure the baseline and the load for each think time, and stop it."""
    servers = [
        Server(side.database, core, side.folder / f"process-{n}", side.src)
        for n, core in enumerate(server_cores)
    ]
    runs = []
    try:
        async with contextlib.AsyncExitStack() as stack:
            https = [
                await stack.enter_async_context(httpx.AsyncClient(base_url=s.url, timeout=120))
                for s in servers
            ]
            for server, http in zip(servers, https, strict=True):
                await _until_healthy(server, http, 120)
            if not side.players:
                prefix = uuid.uuid4().hex[:6]  # a database given may have players from before
                count = max(options.players, BASELINE_PLAYERS)
                names = [f"load-{prefix}-{i}" for i in range(count)]
                side.players, took = await _players(
                    servers[0].url, side.database, names, options.seed, options.accounts
                )
                how = "in bulk" if options.accounts == "bulk" else "through the API"
                print(
                    f"{side.name or 'the server'}: registered {count} players {how} in "
                    f"{took:.1f} s ({took / count:.3f} s each)",
                    file=sys.stderr if options.json else sys.stdout,
                )
            for phase, think in enumerate(options.think):
                first = phase == 0 and repeat == 0 and side.name != "before"
                spied = options.profile if first else None
                baseline, load = side.players[:BASELINE_PLAYERS], side.players[: options.players]
                name = f"{side.name} baseline".strip()
                runs.append(
                    await _measure(
                        name,
                        servers[:1],
                        https[:1],
                        baseline,
                        1,
                        options,
                        options.baseline_seconds,
                        think,
                    )
                )
                name = f"{side.name} load".strip()
                runs.append(
                    await _measure(
                        name,
                        servers,
                        https,
                        load,
                        options.tables,
                        options,
                        options.seconds,
                        think,
                        spied,
                    )
                )
    except (SystemExit, RuntimeError, OSError):
        for server in servers:
            print(f"the server's log ends:\n{server.log_tail()}", file=sys.stderr)
        raise
    finally:
        for server in servers:
            server.stop()
            if server.process.returncode not in (0, -signal.SIGINT, None):
                code = server.process.returncode
                print(f"the server ended with {code}:\n{server.log_tail()}", file=sys.stderr)
    return [  # (named for the progress lines with the side, measured without it)
        replace(run, name=run.name.split()[-1], side=side.name, repeat=repeat) for run in runs
    ]


def _failures(runs: list[Measured], audit: str) -> list[str]:
    """What makes the run fail, never its speed: players who could not sit down, an action
    lost, a ledger that does not hold."""
    found = [
        f"{run.label}: only {run.seated} of {run.players} players sat down"
        for run in runs
        if run.seated < run.players
    ]
    found += [f"{run.label}: {run.lost} actions lost" for run in runs if run.lost]
    if audit != "holds":
        found.append(f"ledger audit: {audit}")
    return found


def _audit(side: Side) -> str:
    """`croupier ledger audit` of `side`'s checkout on its database: what it said, in one
    line."""
    command = [sys.executable, "-m", "croupier", "ledger", "audit", "--database", side.database]
    done = subprocess.run(
        command,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PYTHONPATH": str(side.src)},
    )
    said = (done.stdout + done.stderr).strip().splitlines()
    return "holds" if done.returncode == 0 else "FAILED: " + " ".join(said)


def _audited(audits: dict[str, str]) -> str:
    """The sides' audits in one line: "holds" when every one holds."""
    if all(audit == "holds" for audit in audits.values()):
        return "holds"
    return "; ".join(f"{side}: {audit}" if side else audit for side, audit in audits.items())


def _summary(
    runs: list[Measured], kind: str, audit: str, sides: list[Side], compared: list[dict[str, Any]]
) -> dict[str, Any]:
    """Every figure of the run, as one object (`--json`)."""
    return {
        "machine": f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores",
        "python": platform.python_version(),
        "database": kind,
        "checkouts": [side.describe() for side in sides],
        "audit": audit,
        "runs": [run.figures() for run in runs],
        "comparison": compared,
    }


def _interrupted(signum: int, frame: object) -> None:
    raise KeyboardInterrupt  # SIGTERM as Ctrl-C: the server is stopped on the way out


def main(argv: Sequence[str] | None = None) -> None:
    options = _options(argv)
    signal.signal(signal.SIGTERM, _interrupted)
    multiprocessing.get_context("forkserver").set_forkserver_preload(["__main__"])
    collect_seldom()  # the load processes do too (`_load_process`), as the server does
    asyncio.run(_main(options))


if __name__ == "__main__":
    main()

"""How the table server carries load: players at Punto Banco tables, the server on one core.

    .venv/bin/python benchmarks/server_load.py [--players 1000] [--tables 100] [--seconds 30]
        [--warm-up 5] [--baseline-seconds 10] [--think 0] [--database URL] [--profile FILE]

Measured on a 2-core AMD EPYC (KVM), Python 3.11+: `croupier serve` (the real command, a
subprocess) is pinned to core 0, on a free loopback port and a fresh SQLite file in a
temporary folder (or `--database postgresql://...`); this process, the load, is pinned to
core 1. The design target (issue 15, item 10) is 1,000 connected players at 100 tables on
one core, with the time from an action sent to its echo at p99 within 50 ms.

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
`croupier.client.Client` makes one `httpx.AsyncClient` per person: 47 ms of CPU and about
1 MB each, for an SSL context the loopback never uses. The HTTP calls go through a few shared
`httpx` clients, each request with its person's cookie. Each seated player acts whenever its
view says it is to act (after `--think` seconds, 0 by default: at once), one action at a
time: a stake of the least on banco or punto (its `random.Random`) when it has none this
coup, otherwise `croupier.bots.defaults.default_action` (done, turn the cards, draw on 5,
cut in the middle). Per action sent in the measured window it times the `ack` (committed)
and the echo: the first `step` message with the ack's `seq`; after the window every such
action's answers are waited for (up to 2 minutes), so that a slow one is not left out.
`actions` counts them; `/s` is the acks that came within the window, over its length.
This process collects garbage as seldom as the server does (`croupier.server.collector`),
so that its own pauses are not counted as the server's latency.

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
runs it so, in a short form, on SQLite and PostgreSQL.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import functools
import json
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
from dataclasses import dataclass, field
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
    """`croupier serve` in a subprocess pinned to one core, its log in `folder`."""

    def __init__(self, database: str, core: int, folder: Path) -> None:
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

    @property
    def per_connection(self) -> float:
        """The resident memory each connection (and its share of its table) took, in bytes."""
        return (self.rss_after - self.rss_before) / max(1, self.players)

    def figures(self) -> dict[str, Any]:
        """The run as `--json` writes it."""
        ack, echo = _quantiles(self.window.ack), _quantiles(self.window.echo)
        return {
            "name": self.name,
            "players": self.players,
            "tables": self.tables,
            "think": self.think,
            "seconds": self.seconds,
            "actions": len(self.window.ack),
            "actions_per_s": self.window.answered / self.seconds,
            "ack_ms": {"p50": ack[0], "p99": ack[2], "max": ack[3]},
            "echo_ms": {"p50": echo[0], "p99": echo[2], "max": echo[3]},
            "server_cpu": self.server_cpu,
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
    it), seat `people` at them, warm up, measure for `seconds`, and close the tables."""
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
    load = Load(think)
    tasks = [asyncio.create_task(load.run(player)) for player in players]

    def failed() -> None:
        for task in tasks:
            if task.done() and not task.cancelled() and task.exception() is not None:
                raise RuntimeError(f"a player stopped: {task.exception()!r}")

    last, moved = -1, time.perf_counter()
    while load.seated < len(players) and time.perf_counter() - moved < STALL:
        failed()
        if load.seated != last:
            last, moved = load.seated, time.perf_counter()
        _progress(f"{name}: {load.seated}/{len(players)} seated at {tables} tables")
        await asyncio.sleep(0.5)
    setup = time.perf_counter() - start
    if load.seated < len(players):  # measured with those seated; the others watch
        refused = ", ".join(f"{n} {k}" for k, n in load.setup_refused.most_common()) or "none"
        _progress("")
        print(
            f"{name}: only {load.seated} of {len(players)} sat down ({STALL:.0f} s without one "
            f"more); refused while sitting down: {refused}"
        )
    if load.seated == 0:
        raise SystemExit(f"{name}: nobody sat down")
    _progress(f"{name}: warming up for {options.warm_up:g} s")
    await asyncio.sleep(options.warm_up)
    failed()

    window = load.window
    cpus_before, load_before = [server.cpu() for server in servers], time.process_time()
    busy_before = [server.core_busy(server.core) for server in servers]
    database_before = _postgres_cpu()
    window.start = time.perf_counter()
    window.end = window.start + seconds

    def say() -> str:
        elapsed = time.perf_counter() - window.start
        done = len(window.ack)
        recent = sorted(window.echo[-2000:])
        p99 = recent[int(0.99 * (len(recent) - 1))] * 1000 if recent else float("nan")
        return (
            f"{name}: {elapsed:4.0f}/{seconds:g} s, {done} actions, "
            f"{done / max(elapsed, 1e-9):.0f}/s, echo p99 {p99:.0f} ms (last 2000)"
        )

    ticker = asyncio.create_task(_every(2, lambda: time.perf_counter() >= window.end, say))
    spy = servers[0].profile(profile, seconds) if profile else None
    await asyncio.sleep(seconds)
    cpus_after, load_after = [server.cpu() for server in servers], time.process_time()
    busy_after = [server.core_busy(server.core) for server in servers]
    wall = time.perf_counter() - window.start
    database_after = _postgres_cpu()
    rss_after = sum(server.rss() for server in servers)
    ticker.cancel()
    failed()
    load.stopping = True
    if spy is not None:
        await asyncio.to_thread(spy.wait)
    until = time.perf_counter() + 120
    while time.perf_counter() < until and any(  # every action sent in the window, answered
        window.measures(p.sent_at) and (p.key is not None or p.echo_seq is not None)
        for p in players
    ):
        await asyncio.sleep(0.2)
    lost = sum(
        window.measures(p.sent_at) and (p.key is not None or p.echo_seq is not None)
        for p in players
    )
    for player in players:
        if player.timer is not None:
            player.timer.cancel()
    await asyncio.gather(
        *(p.socket.close() for p in players if p.socket is not None), return_exceptions=True
    )
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for number, table in enumerate(ids):  # (a person may hold only so many tables open)
        closed = await https[number % len(servers)].post(
            f"/api/tables/{table}/close", json={}, headers={"Cookie": players[number].cookie}
        )
        if closed.status_code != 202:
            raise SystemExit(f"closing table {table}: {closed.status_code} {closed.text}")
    cpus = [(after - before) / wall for before, after in zip(cpus_before, cpus_after, strict=True)]
    busy = [(after - before) / wall for before, after in zip(busy_before, busy_after, strict=True)]
    processes = [
        {"actions_per_s": window.answered_by[n] / seconds, "cpu": cpus[n]}
        for n in range(len(servers))
    ]
    return Measured(
        name,
        think,
        len(players),
        tables,
        seconds,
        window,
        sum(cpus),
        (load_after - load_before) / wall,
        sum(busy) / len(busy),
        sum(player.gaps for player in players),
        lost,
        setup,
        load.seated,
        rss_before,
        rss_after,
        processes if len(servers) > 1 else [],
        None if database_before is None else ((database_after or 0.0) - database_before) / wall,
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
        f"{'':28} {'actions':>7} {'/s':>6}   {'ack ms: p50':>11} {'p90':>6} {'p99':>6} "
        f"{'max':>6}   {'echo ms: p50':>12} {'p90':>6} {'p99':>6} {'max':>6}   "
        f"{'server':>6} {'core':>5} {'load':>5}"
    )
    print(header)
    for run in runs:
        ack, echo = _quantiles(run.window.ack), _quantiles(run.window.echo)
        label = f"{run.name} ({run.players} at {run.tables}, think {run.think:g})"
        print(
            f"{label:28} {len(run.window.ack):7d} {run.window.answered / run.seconds:6.0f}   "
            f"{ack[0]:11.1f} {ack[1]:6.1f} {ack[2]:6.1f} {ack[3]:6.0f}   "
            f"{echo[0]:12.1f} {echo[1]:6.1f} {echo[2]:6.1f} {echo[3]:6.0f}   "
            f"{run.server_cpu:6.0%} {run.core_busy:5.0%} {run.load_cpu:5.0%}"
        )
    for run in runs:
        refused = ", ".join(f"{n} {k}" for k, n in run.window.refused.most_common()) or "none"
        print(
            f"{run.name}, think {run.think:g}: {run.players} connected, {run.seated} seated in "
            f"{run.setup:.1f} s; refused: {refused}; steps missed: {run.gaps}; actions lost: "
            f"{run.lost}; server RSS "
            f"{run.rss_after / 2**20:.0f} MB, {run.per_connection / 1024:.0f} KB a connection"
        )
        parts = [
            f"process {n} {each['actions_per_s']:.0f}/s at {each['cpu']:.0%} CPU"
            for n, each in enumerate(run.by_process, 1)
        ]
        if run.database_cpu is not None:
            parts.append(f"PostgreSQL {run.database_cpu:.0%} CPU")
        if parts:
            print(f"{run.name}, think {run.think:g}: " + "; ".join(parts))
    for base, loaded in zip(runs[::2], runs[1::2], strict=True):
        ratios = []
        for what, unloaded, loaded_times in (
            ("ack", base.window.ack, loaded.window.ack),
            ("echo", base.window.echo, loaded.window.echo),
        ):
            qb, ql = _quantiles(unloaded), _quantiles(loaded_times)
            ratios.append(f"{what} p50 {ql[0] / qb[0]:.1f}x, p99 {ql[2] / qb[2]:.1f}x")
        print(f"loaded / unloaded, think {loaded.think:g} s: {'; '.join(ratios)}")
        p99 = _quantiles(loaded.window.echo)[2] / 1000
        at_target = loaded.players >= TARGET_PLAYERS and loaded.tables >= TARGET_TABLES
        verdict = "met" if p99 <= TARGET_P99 else "missed"
        scale = "" if at_target else f" (at {loaded.players} players, not the target's 1,000)"
        print(
            f"target, echo p99 within {TARGET_P99 * 1000:.0f} ms, think {loaded.think:g} s: "
            f"{verdict}{scale}"
        )


async def _main(options: argparse.Namespace) -> None:
    cores = sorted(os.sched_getaffinity(0))
    folder = Path(tempfile.mkdtemp(prefix="croupier-load-"))
    database = options.database or f"sqlite:///{folder / 'load.db'}"
    kind = "PostgreSQL" if database.startswith("postgresql") else "SQLite"
    say = functools.partial(print, file=sys.stderr if options.json else sys.stdout)
    if options.processes == 1:
        server_cores, load_cores = [cores[0]], {cores[1]}
        where = f"server on core {cores[0]}, load on core {cores[1]}"
    else:  # each process on a core of its own; the load and the database where they can
        server_cores, load_cores = cores[: options.processes], set(cores)
        where = f"{options.processes} server processes on cores {server_cores}, load on any"
    os.sched_setaffinity(0, load_cores)
    say(
        f"{platform.processor() or platform.machine()}, Python {platform.python_version()}; "
        f"{where}; {kind}"
    )
    servers = [
        Server(database, core, folder / f"process-{n}") for n, core in enumerate(server_cores)
    ]
    try:
        async with contextlib.AsyncExitStack() as stack:
            https = [
                await stack.enter_async_context(httpx.AsyncClient(base_url=s.url, timeout=120))
                for s in servers
            ]
            for server, http in zip(servers, https, strict=True):
                await _until_healthy(server, http, 120)
            prefix = uuid.uuid4().hex[:6]  # a database given may have players from before
            count = max(options.players, BASELINE_PLAYERS)
            names = [f"load-{prefix}-{i}" for i in range(count)]
            players, took = await _players(
                servers[0].url, database, names, options.seed, options.accounts
            )
            how = "in bulk" if options.accounts == "bulk" else "through the API"
            say(f"registered {count} players {how} in {took:.1f} s ({took / count:.3f} s each)")
            runs = []
            for phase, think in enumerate(options.think):
                spied = options.profile if phase == 0 else None
                baseline, load = players[:BASELINE_PLAYERS], players[: options.players]
                runs.append(
                    await _measure(
                        "baseline",
                        servers[:1],
                        https[:1],
                        baseline,
                        1,
                        options,
                        options.baseline_seconds,
                        think,
                    )
                )
                runs.append(
                    await _measure(
                        "load",
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
            _progress("")
            audit = await asyncio.to_thread(_audit, database)
            if options.json:
                print(json.dumps(_summary(runs, kind, audit), indent=1))
            else:
                _report(runs)
                print(f"ledger audit: {audit}")
            failures = _failures(runs, audit)
            for failure in failures:
                print(f"FAILED: {failure}", file=sys.stderr)
            if failures:
                raise SystemExit(1)
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
        shutil.rmtree(folder, ignore_errors=True)


def _failures(runs: list[Measured], audit: str) -> list[str]:
    """What makes the run fail, never its speed: players who could not sit down, an action
    lost, a ledger that does not hold."""
    found = [
        f"{run.name}: only {run.seated} of {run.players} players sat down"
        for run in runs
        if run.seated < run.players
    ]
    found += [f"{run.name}: {run.lost} actions lost" for run in runs if run.lost]
    if audit != "holds":
        found.append(f"ledger audit: {audit}")
    return found


def _audit(database: str) -> str:
    """`croupier ledger audit` on the run's database: what it said, in one line."""
    command = [sys.executable, "-m", "croupier", "ledger", "audit", "--database", database]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    said = (done.stdout + done.stderr).strip().splitlines()
    return ("holds" if done.returncode == 0 else "FAILED: ") + (
        "" if done.returncode == 0 else " ".join(said)
    )


def _summary(runs: list[Measured], kind: str, audit: str) -> dict[str, Any]:
    """Every figure of the run, as one object (`--json`)."""
    return {
        "machine": f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores",
        "python": platform.python_version(),
        "database": kind,
        "audit": audit,
        "runs": [run.figures() for run in runs],
    }


def _interrupted(signum: int, frame: object) -> None:
    raise KeyboardInterrupt  # SIGTERM as Ctrl-C: the server is stopped on the way out


def main(argv: Sequence[str] | None = None) -> None:
    options = _options(argv)
    signal.signal(signal.SIGTERM, _interrupted)
    collect_seldom()  # as the server does: the load's own pauses are not the server's latency
    asyncio.run(_main(options))


if __name__ == "__main__":
    main()

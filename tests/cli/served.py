"""A table server on a free loopback port, in a thread of the test's process (uvicorn, on
the test's database), and how a test sits at it with `croupier play GAME --server URL` and
reads the account's summary."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import uvicorn
from starlette.applications import Starlette

from croupier.server.app import create_app

PASSWORD = "a long password"

SOAK = Path(__file__).parents[2] / "benchmarks" / "fair_soak.py"


def soak(folder: Path, coups: int, *options: str, database: str | None = None) -> str:
    """Run benchmarks/fair_soak.py: `coups` coups of each game at a table server on
    `database` (an SQLite ledger in `folder` by default) with `options`, each game's signed
    history saved in `folder` (`GAME.json`), with the server's key (`key`) and key file
    (`croupier.key`); what it printed."""
    url = database or f"sqlite:///{folder / 'ledger.db'}"
    done = subprocess.run(
        [
            sys.executable,
            SOAK,
            "--coups",
            f"{coups}",
            "--database",
            url,
            "--save",
            folder,
            *options,
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def soaked(folder: Path) -> Path:
    """`folder`, where the fairness soak (`soak`) has played two coups of each game at a
    table server seeded with 1."""
    soak(folder, 2, "--seed", "1")
    return folder


def free_port() -> int:
    """A loopback port nothing listens on just now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Served:
    """The table server on the database at `url`, on a free loopback port, in a thread,
    dealing from `seed` (None: strong seeds, as a server deals). With `send_buffer`, each
    connection's kernel send buffer is that many bytes (inherited from the listening
    socket), so that a client that does not read holds the server's sending up at once."""

    def __init__(self, url: str, seed: int | None = 7, send_buffer: int | None = None) -> None:
        self.database = url
        self.seed = seed
        self.send_buffer = send_buffer
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.app: Starlette | None = None
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Serve (again, after `stop`: a new process's app, on the same port)."""
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if self.send_buffer is not None:
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.send_buffer)
        listener.bind(("127.0.0.1", self.port))
        self.app = create_app(self.database, seed=self.seed)
        config = uvicorn.Config(
            self.app, log_level="warning", timeout_graceful_shutdown=1, proxy_headers=False
        )  # as `croupier serve` runs it: croupier.server.forwarded decides whom to believe
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": [listener]}, daemon=True
        )
        self._thread.start()
        deadline = time.monotonic() + 30
        while not self._server.started:
            assert time.monotonic() < deadline, "the server did not start"
            assert self._thread.is_alive(), "the server stopped"
            time.sleep(0.05)

    def stop(self) -> None:
        assert self._server is not None and self._thread is not None
        self._server.should_exit = True
        self._thread.join(30)
        assert not self._thread.is_alive(), "the server did not stop"


def at(served: Served, name: str, *args: str, register: bool = False) -> tuple[str, ...]:
    """The options to sit at `served` as `name`."""
    return (
        "--server",
        served.url,
        "--name",
        name,
        "--password",
        PASSWORD,
        *(("--register",) if register else ()),
        *args,
    )


def account(out: str) -> tuple[int, int]:
    """The account before and after, by the summary."""
    found = re.search(r"Your account at \S+: (\d+) chips before, (\d+) now", out)
    assert found is not None, out
    return int(found[1]), int(found[2])


def summary_row(out: str) -> tuple[int, int]:
    """The person's chips brought and now, by the summary's row."""
    found = re.search(r"^\s+\d+\s+you\s+(\d+)\s+(\d+)\s", out[out.index("Session summary") :], re.M)
    assert found is not None, out
    return int(found[1]), int(found[2])

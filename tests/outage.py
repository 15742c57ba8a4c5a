"""A database a test can take away and bring back while a server plays on it: a PostgreSQL
server of the test's own, stopped and started again; an SQLite file (with its write-ahead
log) made read-only for every process, root too, and writable again (`chattr +i`: a file
`chmod` makes read-only is still written through a descriptor opened before, and by root).

`outage(kind, folder)` gives an `Outage` with the URL of its migrated database, or skips
the test where this machine cannot do it (no PostgreSQL server programs; a filesystem
without the immutable flag).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Protocol

import pytest

from croupier.server.database import migrate

__all__ = ["Outage", "outage"]


class Outage(Protocol):
    """A database that `away` takes away and `back` brings back."""

    url: str

    def away(self) -> None: ...

    def back(self) -> None: ...

    def stop(self) -> None: ...


def _as_postgres(*command: str | Path) -> list[str]:
    """`command` as the postgres user when run as root (its server refuses root)."""
    words = [str(part) for part in command]
    return ["runuser", "-u", "postgres", "--", *words] if os.geteuid() == 0 else words


class _Postgres:
    """A PostgreSQL server of its own, on loopback."""

    def __init__(self) -> None:
        found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"))
        if not found:
            pytest.skip("no PostgreSQL server programs here (/usr/lib/postgresql/*/bin)")
        self._bin = found[-1].parent
        # (not under `folder`: pytest's folders are its user's alone, and the server's user
        # must reach its own)
        self._data = Path(tempfile.mkdtemp(prefix="croupier-outage-"))
        if os.geteuid() == 0:
            shutil.chown(self._data, "postgres")
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self._port = probe.getsockname()[1]
        self._run("initdb", "-D", self._data, "-U", "postgres", "--auth=trust", "--no-sync")
        self.back()
        self.url = f"postgresql://postgres@127.0.0.1:{self._port}/postgres"
        migrate(self.url)

    def _run(self, program: str, *args: str | Path) -> None:
        subprocess.run(
            _as_postgres(self._bin / program, *args),
            check=True,
            cwd="/",
            stdout=subprocess.DEVNULL,
            timeout=120,
        )

    def away(self) -> None:
        self._run("pg_ctl", "stop", "-D", self._data, "-m", "fast", "-s", "-w")

    def back(self) -> None:
        options = f"-c listen_addresses=127.0.0.1 -p {self._port} -k {self._data} -c fsync=off"
        log = self._data / "server.log"
        self._run("pg_ctl", "start", "-D", self._data, "-l", log, "-s", "-w", "-o", options)

    def stop(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self.away()
        shutil.rmtree(self._data, ignore_errors=True)


class _Sqlite:
    """An SQLite file in `folder`, made immutable with its write-ahead log (not its shared
    memory, which is mapped: a write to it would kill the process) and mutable again."""

    def __init__(self, folder: Path) -> None:
        self._file = folder / "croupier.db"
        self.url = f"sqlite:///{self._file}"
        migrate(self.url)
        if shutil.which("chattr") is None or not self._flag("+i", self._file):
            pytest.skip("the files here cannot be made immutable (chattr +i)")
        self._flag("-i", self._file)

    @staticmethod
    def _flag(flag: str, file: Path) -> bool:
        done = subprocess.run(["chattr", flag, file], capture_output=True, check=False)
        return done.returncode == 0

    def _files(self) -> list[Path]:
        log = self._file.with_name(self._file.name + "-wal")
        return [file for file in (self._file, log) if file.exists()]

    def away(self) -> None:
        for file in self._files():
            assert self._flag("+i", file), f"chattr +i {file}"

    def back(self) -> None:
        for file in self._files():
            self._flag("-i", file)

    def stop(self) -> None:
        self.back()


@contextlib.contextmanager
def outage(kind: str, folder: Path) -> Iterator[Outage]:
    """An `Outage` of `kind` ("postgresql", "sqlite") in `folder`, for as long as the block."""
    made: Outage = _Postgres() if kind == "postgresql" else _Sqlite(folder)
    try:
        yield made
    finally:
        made.stop()

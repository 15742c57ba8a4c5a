"""The house's figures for Prometheus (`GET /metrics`, docs/operating.md, "Watch"), made
with `prometheus_client`: the tables open and paused, the table connections, the actions
taken and refused by kind, each group commit's time and size, the door's refusals.

Each process counts what it does. Where several `croupier serve` processes run on one
machine (docs/scaling.md), each given the same folder (`serve --metrics-dir`, or
`PROMETHEUS_MULTIPROC_DIR`, which `prometheus_client` reads once, as it is first imported:
`croupier serve` sets it before), each writes its figures to files there (the library's
multiprocess mode) and whichever process is asked answers for them all: the counters and
histograms summed over every process that has run since the first of those alive began
(one that has died still counts what it did), the gauges summed over the processes alive.

Which processes are alive, each process's lock says: it holds one on a file of its own
there (`croupier-PID.lock`) while it runs, and the kernel lets go of it when the process
ends, however it ends. Before it answers, a process looks for those whose lock is free
and marks them dead (`prometheus_client.multiprocess.mark_process_dead`: their gauges no
longer count); so does a process at start, which also clears the gauges a dead process of
its own pid left; and the first process to start where no other is alive clears the folder,
as the library asks, so that the figures begin again with the house. The folder's own lock
(`croupier.lock`) keeps two processes from looking at once.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator
from pathlib import Path

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.exposition import choose_encoder
from prometheus_client.multiprocess import MultiProcessCollector, mark_process_dead

__all__ = ["COMMIT_BATCHES", "COMMIT_SECONDS", "DOOR_REASONS", "SHARED", "Metrics"]

SHARED = "PROMETHEUS_MULTIPROC_DIR"
"""The environment variable naming the folder the processes of one machine share."""

COMMIT_SECONDS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
"""The buckets of a group commit's time, in seconds."""

COMMIT_BATCHES = (1, 2, 4, 8, 16, 32, 64, 128, 256)
"""The buckets of a group commit's size: the tables' batches it stored together."""

DOOR_REASONS = ("name", "address", "registration", "connections", "password")
"""Why the door turns someone away (`croupier.server.door`): too many wrong tries for a
name, or from an address; too many registrations from an address; too many table
connections from an address; a wrong name or password."""


class Metrics:
    """One process's figures: the table server calls its methods as things happen, and
    `scrape` gives them (with every other live process's, where they share a folder: then
    one `Metrics` a process, made before any other metric of prometheus_client's)."""

    def __init__(self) -> None:
        found = os.environ.get(SHARED)
        self.folder = Path(found) if found else None
        """The folder shared with the machine's other processes, or None: this process's
        own figures alone."""
        self._lock: int | None = None
        if self.folder is not None:
            self._arrive(self.folder)
        self.registry = CollectorRegistry()
        """What `scrape` reads."""
        own = self.registry if self.folder is None else None
        self._tables = Gauge(
            "croupier_tables_open",
            "Tables open that a process runs",
            registry=own,
            multiprocess_mode="livesum",
        )
        self._paused_tables = Gauge(
            "croupier_tables_paused",
            "Tables paused because their steps could not be stored",
            registry=own,
            multiprocess_mode="livesum",
        )
        self._connections = Gauge(
            "croupier_connections",
            "Table connections (websockets) open",
            registry=own,
            multiprocess_mode="livesum",
        )
        self._actions = Counter(
            "croupier_actions",
            "People's actions taken and stored, by the action's type",
            ["kind"],
            registry=own,
        )
        self._refusals = Counter(
            "croupier_refusals",
            "People's actions refused, by why (the refusal's error)",
            ["kind"],
            registry=own,
        )
        self._steps = Counter(
            "croupier_steps", "Steps stored: people's, bots', the house's, chance's", registry=own
        )
        self._commit_seconds = Histogram(
            "croupier_commit_seconds",
            "The time of one group commit, in seconds",
            buckets=COMMIT_SECONDS,
            registry=own,
        )
        self._commit_batches = Histogram(
            "croupier_commit_batches",
            "The tables' batches one group commit stored together",
            buckets=COMMIT_BATCHES,
            registry=own,
        )
        self._door = Counter(
            "croupier_door_refusals",
            "Those the door turned away, by why",
            ["reason"],
            registry=own,
        )
        for reason in DOOR_REASONS:  # each at 0 from the start
            self._door.labels(reason)
        if self.folder is not None:
            if not any(self.folder.glob(f"gauge_livesum_{os.getpid()}.db")):
                raise RuntimeError(
                    f"prometheus_client was imported before {SHARED} was set: it counts in "
                    "this process alone"
                )
            MultiProcessCollector(self.registry, path=str(self.folder))
        self._acted: dict[type, Counter] = {}
        self._refused: dict[str, Counter] = {}
        self._running: set[object] = set()
        self._paused: set[object] = set()

    # --- as things happen (each cheap: a table's steps wait for them) --------------------

    def acted(self, kind: type) -> None:
        """A person's action of type `kind` is stored."""
        counted = self._acted.get(kind)
        if counted is None:
            counted = self._acted[kind] = self._actions.labels(kind.__name__)
        counted.inc()

    def refused(self, kind: str) -> None:
        """A person's action is refused: `kind` is the refusal's `error` (docs/protocol.md)."""
        counted = self._refused.get(kind)
        if counted is None:
            counted = self._refused[kind] = self._refusals.labels(kind)
        counted.inc()

    def committed(self, seconds: float, batches: int, steps: int) -> None:
        """A group commit of `batches` batches and `steps` steps took `seconds`."""
        self._commit_seconds.observe(seconds)
        self._commit_batches.observe(batches)
        self._steps.inc(steps)

    def running(self, table: object, yes: bool) -> None:
        """A table's task begins (`yes`) or ends here."""
        if yes:
            self._running.add(table)
        else:
            self._running.discard(table)
            self._paused.discard(table)
            self._paused_tables.set(len(self._paused))
        self._tables.set(len(self._running))

    def pausing(self, table: object, yes: bool) -> None:
        """A table pauses (`yes`: its steps could not be stored), or plays on. (Only a
        table whose task runs is counted: one stopped on an error may be told to pause.)"""
        if yes and table in self._running:
            self._paused.add(table)
        else:
            self._paused.discard(table)
        self._paused_tables.set(len(self._paused))

    def connected(self, yes: bool) -> None:
        """A table connection opens (`yes`) or closes."""
        if yes:
            self._connections.inc()
        else:
            self._connections.dec()

    def turned_away(self, reason: str) -> None:
        """The door turned someone away, for one of `DOOR_REASONS`."""
        self._door.labels(reason).inc()

    # --- asked -------------------------------------------------------------------------

    def scrape(self, accept: str | None = None) -> tuple[bytes, str]:
        """The figures, as the `Accept` header `accept` asks (Prometheus' text format by
        default), and their content type: every live process's, where they share a folder
        (those found dead marked so first). It reads files: call it off the event loop."""
        if self.folder is not None:
            with _holding(self.folder):
                _bury(self.folder, os.getpid())
        encode, kind = choose_encoder(accept or "")
        return encode(self.registry), kind

    def close(self) -> None:
        """This process stops: its gauges no longer count, and its lock goes."""
        if self.folder is None or self._lock is None:
            return
        with _holding(self.folder):
            mark_process_dead(os.getpid(), str(self.folder))
            _lock_file(self.folder, os.getpid()).unlink(missing_ok=True)
            os.close(self._lock)
            self._lock = None

    def _arrive(self, folder: Path) -> None:
        """Take this process's lock in `folder`, once the dead are marked, the gauges a dead
        process of this pid left are cleared, and, where no other process is alive, the
        folder is cleared (the module's docstring)."""
        folder.mkdir(parents=True, exist_ok=True)
        me = os.getpid()
        with _holding(folder):
            if _bury(folder, me):
                mark_process_dead(me, str(folder))
            else:
                for each in folder.glob("*.db"):
                    each.unlink()
                for each in folder.glob("croupier-*.lock"):
                    each.unlink()
            lock = os.open(_lock_file(folder, me), os.O_RDWR | os.O_CREAT, 0o644)
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(lock)
                raise RuntimeError(f"this process counts in {folder} already") from None
            self._lock = lock


def _lock_file(folder: Path, pid: int) -> Path:
    return folder / f"croupier-{pid}.lock"


@contextlib.contextmanager
def _holding(folder: Path) -> Iterator[None]:
    """The folder's own lock, held while the block runs."""
    lock = os.open(folder / "croupier.lock", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield
    finally:
        os.close(lock)


def _bury(folder: Path, me: int) -> bool:
    """Mark dead every other process in `folder` whose lock is free (its gauges go, and its
    lock file): whether any other is alive. Under the folder's own lock."""
    alive = False
    named = [each.stem.rpartition("-")[2] for each in folder.glob("croupier-*.lock")]
    named += [each.stem.rpartition("_")[2] for each in folder.glob("gauge_live*_*.db")]
    for pid in {int(each) for each in named if each.isdigit()} - {me}:
        if _alive(folder, pid):
            alive = True
        else:
            mark_process_dead(pid, str(folder))
            _lock_file(folder, pid).unlink(missing_ok=True)
    return alive


def _alive(folder: Path, pid: int) -> bool:
    """Whether process `pid` holds its lock in `folder`."""
    try:
        lock = os.open(_lock_file(folder, pid), os.O_RDWR)
    except FileNotFoundError:
        return False
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(lock)
    return False

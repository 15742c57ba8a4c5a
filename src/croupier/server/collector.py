"""Python's garbage collector, tuned for a process that serves many tables.

With Python's default thresholds (700, 10, 10) a server holding a thousand connections runs
a full collection every few seconds, over every object it has, and every table waits for it:
in the club-night benchmark (1,000 players at 100 tables, 2 s mean think) those pauses were
the slowest echoes: p99 150 ms, and 48 ms with the thresholds below (docs/scaling.md).
Reference counting still frees nearly everything at once; the collector is only for
cycles, which now wait longer (a full collection about every 10^8 allocations, a minute
or two of a busy server).

For measuring, with `CROUPIER_MEMORY_DUMPS` set, `croupier serve` collects everything when
sent SIGUSR1 (`collect_on_signal`): benchmarks/idle_sockets.py reads its memory so.
"""

from __future__ import annotations

import gc
import os
import signal
import tracemalloc
from pathlib import Path
from types import FrameType

__all__ = ["DUMPS", "THRESHOLDS", "collect_on_signal", "collect_seldom"]

DUMPS = "CROUPIER_MEMORY_DUMPS"
"""The environment variable naming a folder: when it is set, `croupier serve` collects on
SIGUSR1 (`collect_on_signal`), for benchmarks/idle_sockets.py to measure its memory."""

THRESHOLDS = (50_000, 20, 100)
"""Allocations before a young collection, then young collections before a middle one, and
middle ones before a full one (`gc.set_threshold`)."""


def collect_seldom() -> None:
    """From now on collect seldom, and never again look at what exists now (the modules,
    the classes, what start-up made): `gc.freeze` sets it aside for good."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)


def collect_on_signal(folder: Path) -> None:
    """From now on, on SIGUSR1, collect every generation's garbage and write what was
    collected to `folder`/`N.snapshot` (N counts from 1): a tracemalloc snapshot when
    tracemalloc traces (PYTHONTRACEMALLOC=1), otherwise an empty file, that says it is done."""
    done = [0]

    def collect(signum: int, frame: FrameType | None) -> None:
        gc.collect()
        done[0] += 1
        path = folder / f"{done[0]}.snapshot"
        written = path.with_suffix(".part")
        if tracemalloc.is_tracing():
            tracemalloc.take_snapshot().dump(str(written))
        else:
            written.touch()
        os.replace(written, path)  # (whole, once it is there)

    signal.signal(signal.SIGUSR1, collect)

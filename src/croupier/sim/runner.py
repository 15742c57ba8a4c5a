"""Running a simulation in chunks: in this process, on local worker processes, or on a Dask
cluster, with the same totals for the same seed whatever the spread.

The work is cut into chunks of a fixed number of hands; chunk k always gets the k-th seed
spawned from the run's seed (numpy's `SeedSequence`), so each chunk's counts depend only on
the seed and k. Totals are sums of the chunks' counts, added in chunk order.
"""

from __future__ import annotations

import signal
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from croupier import i18n
from croupier.engine.rule_options import refuse
from croupier.sim.rng import seeded
from croupier.sim.slices import MOST, split

__all__ = ["CHUNK", "MOST", "Chunk", "Kernel", "Progress", "Run", "chunks", "run"]

CHUNK = 1 << 22
"""Hands in a chunk: long enough that starting one costs nothing, short enough to show
progress and to spread over workers."""


Kernel = Callable[..., Any]
"""A game's kernel: `kernel(state, hands, **options)` deals `hands` hands from the generator
`state` and returns its counts, a row for each slice of the hands, in order."""


@dataclass(frozen=True, slots=True)
class Chunk:
    """The k-th piece of a run: how many hands, from which seed."""

    index: int
    hands: int
    seed: np.random.SeedSequence


def chunks(hands: int, seed: int, size: int = CHUNK, name: str = "hands") -> list[Chunk]:
    """The run's pieces: `size` hands (or banks, or shuffles: the run's unit, `name`) each,
    the last the rest, each with its spawned seed."""
    if hands < 1:
        raise refuse({name: str(hands)}, i18n._("at least 1"))
    if hands > MOST:
        reason = i18n._("at most {most:,}").format(most=MOST)
        raise refuse({name: str(hands)}, reason)
    count = -(-hands // size)
    seeds = np.random.SeedSequence(seed).spawn(count)
    return [Chunk(k, min(size, hands - k * size), seeds[k]) for k in range(count)]


def _play(kernel: Kernel, chunk: Chunk, options: dict[str, Any]) -> tuple[int, Any]:
    """One chunk, wherever it runs."""
    return chunk.index, kernel(seeded(chunk.seed), chunk.hands, **options)


@dataclass
class Run:
    """What a run has counted so far: each chunk's counts, by chunk index."""

    chunks: Sequence[Chunk]
    done: dict[int, Any] = field(default_factory=dict)
    seconds: float = 0.0
    interrupted: bool = False

    @property
    def hands(self) -> int:
        return sum(self.chunks[k].hands for k in self.done)

    @property
    def rate(self) -> float:
        """Hands (or the run's unit) a second."""
        return self.hands / self.seconds if self.seconds else 0.0

    def totals(self) -> Any:
        """The counts of every chunk done, added in chunk order (a kernel gives its counts
        slice by slice, one row each)."""
        finished = [self.done[k].sum(axis=0) for k in sorted(self.done)]
        return np.sum(finished, axis=0) if finished else None

    def running(self) -> Iterator[tuple[int, Any]]:
        """Hands so far and counts so far, slice by slice, through the first chunks done in
        a row."""
        hands, counts = 0, None
        for k, chunk in enumerate(self.chunks):
            if k not in self.done:
                return
            slices = self.done[k]
            for row, hands_in in zip(slices, split(chunk.hands, len(slices)), strict=True):
                hands += hands_in
                counts = row.copy() if counts is None else counts + row
                yield hands, counts


Progress = Callable[[int], None]
"""Told the hands of each chunk as it is done."""


def run(
    kernel: Kernel,
    pieces: Sequence[Chunk],
    options: dict[str, Any],
    *,
    workers: int = 1,
    client: Any = None,
    progress: Progress | None = None,
) -> Run:
    """Play every chunk: here (`workers` 1), on local processes, or on a Dask `client`.
    Ctrl-C stops the workers and returns what was done, marked `interrupted`."""
    if workers < 1:
        raise refuse({"workers": str(workers)}, i18n._("at least 1"))
    result = Run(pieces)
    started = time.perf_counter()

    def record(index: int, counts: Any) -> None:
        result.done[index] = counts
        if progress is not None:
            progress(pieces[index].hands)

    try:
        if client is not None:
            _on_dask(client, kernel, pieces, options, record)
        elif workers == 1:
            for chunk in pieces:
                record(*_play(kernel, chunk, options))
        else:
            _on_processes(workers, kernel, pieces, options, record)
    except KeyboardInterrupt:
        result.interrupted = True
    result.seconds = time.perf_counter() - started
    return result


def _leave_ctrl_c_to_the_parent() -> None:
    """In a worker: Ctrl-C reaches every process of the terminal; the parent stops the run
    and keeps what was done, so the workers let it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _on_processes(
    workers: int,
    kernel: Kernel,
    pieces: Sequence[Chunk],
    options: dict[str, Any],
    record: Callable[[int, Any], None],
) -> None:
    """The chunks on `workers` processes, two each in flight; on Ctrl-C, the chunks in
    flight finish and are kept, and no more start."""
    waiting = iter(pieces)
    with ProcessPoolExecutor(workers, initializer=_leave_ctrl_c_to_the_parent) as pool:
        running: set[Future[tuple[int, Any]]] = set()

        def top_up() -> None:
            while len(running) < 2 * workers and (chunk := next(waiting, None)) is not None:
                running.add(pool.submit(_play, kernel, chunk, options))

        top_up()
        try:
            while running:
                finished, running = wait(running, return_when=FIRST_COMPLETED)
                for future in finished:
                    record(*future.result())
                top_up()
        except KeyboardInterrupt:
            for future in running:
                record(*future.result())
            raise


def _on_dask(
    client: Any,
    kernel: Kernel,
    pieces: Sequence[Chunk],
    options: dict[str, Any],
    record: Callable[[int, Any], None],
) -> None:
    from distributed import as_completed as dask_completed

    futures = [client.submit(_play, kernel, chunk, options, pure=False) for chunk in pieces]
    try:
        for future in dask_completed(futures):
            record(*future.result())
    finally:
        client.cancel(futures)

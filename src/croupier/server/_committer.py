"""Group commit: the batches of every table of one process that are ready at the same
moment, stored in one transaction, in one hop off the event loop.

A table's task hands its batch to `Committer.commit` and waits for the answer. The
committer's own task takes every batch waiting, commits them together (`commit_group`:
each in a savepoint, so that a batch refused for a lease lost or an account that cannot
cover a buy-in is undone alone), and then answers each table, which only then acknowledges
and tells its steps. Durability is paid once per group, not once per batch; nothing is told
before its batch is durable. While one group is being committed the next gathers, so under
load the groups grow by themselves, and a lone batch is committed at once.

The commits run in a thread of their own, not the event loop's shared pool: nothing else
the server does off the loop (a history read, a cookie looked up) can make a commit wait
for a thread (docs/scaling.md, "What is bounded").
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from concurrent.futures import ThreadPoolExecutor

from sqlalchemy import Engine

from croupier.server.metrics import Metrics
from croupier.server.tables import Batch, commit_group

__all__ = ["Committer"]


class Committer:
    """The process's committer: `commit` from any table's task; `run` is its own task,
    started by `start` and ended by `stop`. Each group's time and size go to `metrics`."""

    def __init__(self, engine: Engine, metrics: Metrics) -> None:
        self.engine = engine
        self.metrics = metrics
        self._waiting: asyncio.Queue[tuple[Batch, asyncio.Future[None]]] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._thread: ThreadPoolExecutor | None = None
        self.groups = 0
        """How many transactions it has committed (or tried to)."""
        self.batches = 0
        """How many batches they held."""

    def start(self) -> None:
        if self._task is None:
            self._thread = ThreadPoolExecutor(1, thread_name_prefix="commit")
            self._task = asyncio.create_task(self.run(), name="group commit")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self._thread is not None:  # a commit under way in it ends by itself
            self._thread.shutdown(wait=False)
            self._thread = None

    async def commit(self, batch: Batch) -> None:
        """Store `batch`, with the others ready now; raises what `commit_steps` raises for
        it (`TableLost`, `InsufficientChips`, a database error), and then none of it is
        stored."""
        self.start()
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.put_nowait((batch, done))
        await done

    async def run(self) -> None:
        """Commit the waiting batches, a group at a time, in the committer's thread, until
        cancelled."""
        assert self._thread is not None, "Committer.start first"
        loop = asyncio.get_running_loop()
        while True:
            group = [await self._waiting.get()]
            while not self._waiting.empty():
                group.append(self._waiting.get_nowait())
            failed: list[Exception | None]
            began = time.perf_counter()
            try:
                failed = await loop.run_in_executor(
                    self._thread, commit_group, self.engine, [batch for batch, _ in group]
                )
            except Exception as error:  # the transaction itself: every batch fails alike
                failed = [error] * len(group)
            took = time.perf_counter() - began
            self.groups += 1
            self.batches += len(group)
            stored = 0
            for (batch, done), refused in zip(group, failed, strict=True):
                stored += len(batch.steps) if refused is None else 0
                if done.done():
                    continue
                if refused is None:
                    done.set_result(None)
                else:
                    done.set_exception(refused)
            self.metrics.committed(took, len(group), stored)

"""The tables this server process runs: opening them, and bringing back those left open.

Each table is run by one task (`TableRunner.run`). At start every open table in the
database is rebuilt from its committed steps and resumes where it was.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable, Mapping
from typing import Any

from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from croupier import games
from croupier.bots import roster
from croupier.errors import InvalidInput
from croupier.randomness import RandomShuffler, stream
from croupier.server.runner import RECENT, TableRunner
from croupier.server.schema import TableRecord
from croupier.server.tables import Settings, open_table, rebuild

__all__ = ["Lobby"]

_log = logging.getLogger(__name__)


class Lobby:
    """The tables of one server process. `seed` None: every shuffle, house cut and bot's
    coin is cryptographically strong; with a seed, table `n`'s come from streams of
    (`seed`, `n`), so that a test server deals the same cards each time."""

    def __init__(
        self,
        engine: Engine,
        seed: int | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.engine = engine
        self.seed = seed
        self._clock = clock
        self._runners: dict[int, TableRunner] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}

    async def start(self) -> None:
        """Bring back every table left open."""
        ids = await asyncio.to_thread(self._open_ids)
        for table in ids:
            await self._resume(table)

    def _open_ids(self) -> list[int]:
        with Session(self.engine) as session:
            query = select(TableRecord.id).where(TableRecord.closed_at.is_(None))
            return list(session.scalars(query.order_by(TableRecord.id)))

    async def stop(self) -> None:
        """Stop every table's task (what is committed stays)."""
        for task in self._tasks.values():
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)
        self._tasks.clear()

    async def open(
        self,
        person: int | None,
        game: str,
        options: Mapping[str, Any],
        bots: int,
        settings: Settings,
    ) -> TableRunner:
        """Open a table of `game` with its rules from `options` and `bots` bots (in the
        seats after the first); `InvalidInput` says what is wrong with a request."""
        found = games.get(game)
        rules = found.config(**options)
        names = roster.names(game)
        room = rules.seats - 1
        if isinstance(bots, bool) or not isinstance(bots, int) or not 0 <= bots <= room:
            raise InvalidInput(f"bots={bots!r} is not valid: 0 to {room} at this table")
        seated = {seat: names[(seat - 1) % len(names)] for seat in range(1, bots + 1)}
        table = await asyncio.to_thread(
            open_table, self.engine, game, rules, settings, seated, person
        )
        return await self._resume(table)

    async def _resume(self, table: int) -> TableRunner:
        info, book, told = await asyncio.to_thread(rebuild, self.engine, table, RECENT)
        base = None if self.seed is None else self.seed * 1_000_003 + table
        runner = TableRunner(
            self.engine,
            info,
            book,
            told,
            RandomShuffler(stream(base, "shoe")),
            lambda name: _stream(base, name),
            **({"clock": self._clock} if self._clock else {}),
        )
        self._runners[table] = runner
        self._tasks[table] = asyncio.create_task(self._run(runner), name=f"table {table}")
        return runner

    async def _run(self, runner: TableRunner) -> None:
        try:
            await runner.run()
        except asyncio.CancelledError:
            raise
        except Exception:
            _log.exception("table %s stopped on an error", runner.info.id)
            raise

    def runner(self, table: int) -> TableRunner:
        """The table `table`, or `LookupError`."""
        try:
            return self._runners[table]
        except KeyError:
            raise LookupError(f"there is no table {table} open here") from None

    def tables(self) -> list[dict[str, Any]]:
        """The lobby: every table this process runs."""
        return [runner.lobby() for _, runner in sorted(self._runners.items())]


def _stream(base: int | None, name: str) -> random.Random:
    return stream(base, name)

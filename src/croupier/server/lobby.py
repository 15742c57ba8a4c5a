"""The tables this server process runs: opening them, and bringing back those left open.

Each table is run by one task (`TableRunner.run`), in the one process that holds its lease
(`tables.claim`; docs/scaling.md). At start, and every third of a lease after, the process
claims every open table no live process holds: it rebuilds each from its committed steps, and
it resumes where it was. It renews its own leases as often, and gives them up when it stops.
When the leases cannot be renewed, the database is away: every table pauses until it is back.
A table the club's operator has asked to close (`croupier admin close`) is closed, as its
host closes it, at the renewal that sees the request, or as soon as it is taken up.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import logging
import os
import socket
import uuid
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, func, select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from croupier import games, i18n
from croupier.bots import roster
from croupier.errors import CroupierError, InvalidInput
from croupier.fairness import SEED
from croupier.randomness import RandomShuffler, stream
from croupier.server._committer import Committer
from croupier.server.database import reading
from croupier.server.keys import Keys
from croupier.server.metrics import Metrics
from croupier.server.runner import RECENT, TableRunner
from croupier.server.schema import TableRecord
from croupier.server.tables import (
    FIRST_FENCE,
    Settings,
    claim,
    closed_table,
    open_table,
    open_tables,
    rebuild,
    release,
    renew,
)

__all__ = ["LEASE", "OPEN_AT_ONCE", "Lobby", "TooManyTables", "too_few"]

LEASE = 10.0
"""How long, in seconds, a process's claim on a table lasts unless it renews it."""

OPEN_AT_ONCE = 10
"""How many tables one person may have open at once (opened, and not yet closed), so that
no one person fills the house with tables: one more is refused until one of theirs closes."""


class TooManyTables(CroupierError):
    """A table opened by one who has `OPEN_AT_ONCE` open already; the message says so in
    the context's language."""


_log = logging.getLogger(__name__)


class Lobby:
    """The tables of one server process. `seed` None: every shuffle's secret seed, house cut
    and bot's coin is cryptographically strong; with a seed, table `n`'s come from streams
    of (`seed`, `n`), so that a test server deals the same cards each time. Each table's
    shoes are signed with the key file's key, and its seeds sealed with its secret (`keys`:
    `croupier.server.succession.open_keys`).
    `address` is where people reach this process (its public URL, as
    `croupier serve --public-url` gives it): each table it runs names it, so that every
    other process can send people there (docs/scaling.md, "Routing"). Its tables count what
    they do in `metrics` (by default, figures of its own)."""

    def __init__(
        self,
        engine: Engine,
        seed: int | None = None,
        lease: float = LEASE,
        clock: Callable[[], float] | None = None,
        address: str | None = None,
        *,
        keys: Keys,
        metrics: Metrics | None = None,
    ) -> None:
        self.engine = engine
        self.keys = keys
        self.address = address.rstrip("/") if address else None
        self.metrics = metrics if metrics is not None else Metrics()
        self.committer = Committer(engine, self.metrics)
        """Commits every table's batches, together when they are ready together."""
        self.seed = seed
        self.lease = lease
        self.owner = f"{socket.gethostname()}/{os.getpid()}/{uuid.uuid4().hex[:8]}"
        """This process, as a table's lease names it."""
        self._clock = clock
        self._runners: dict[int, TableRunner] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._bots = 0
        """The bots of the bot tables this process keeps open (`open_each_game`), if any."""
        self._leasing: asyncio.Task[None] | None = None
        self._taking_up = asyncio.Lock()
        """Held while a table is opened, claimed and resumed, so that the lease keeper's look
        for open tables never takes up one that is being opened (it would run twice)."""

    async def start(self) -> None:
        """Bring back every open table no other process runs, and keep the leases."""
        await self._adopt()
        self._leasing = asyncio.create_task(self._keep_leases(), name="leases")

    async def _adopt(self) -> None:
        async with self._taking_up:
            for record in await asyncio.to_thread(open_tables, self.engine):
                if record.id in self._runners:
                    continue
                fence = await self._claim(record.id)
                if fence is not None:
                    await self._resume(record.id, fence)

    async def _claim(self, table: int) -> int | None:
        return await asyncio.to_thread(
            claim, self.engine, table, self.owner, self.lease, self.address
        )

    async def _keep_leases(self) -> None:
        """Renew this process's leases, and take up tables whose process has gone."""
        while True:
            await asyncio.sleep(self.lease / 3)
            try:
                await self._renew()
            except SQLAlchemyError as error:  # the database is away: try again next time
                _log.error("the tables' leases could not be renewed: %s", error)
                for table in self._tasks:  # and every table waits for it to come back
                    self._runners[table].pause()

    async def _renew(self) -> None:
        """Renew the leases of the tables still running, all in one transaction; release
        those whose session has ended, run again those stopped on an error, stop those
        another process has taken, close those the operator has asked to close; then take
        up any table no live process holds."""
        for table, task in list(self._tasks.items()):
            if task.done():
                del self._tasks[table]
                ended = self._runners[table].closed
                if ended:
                    await asyncio.to_thread(release, self.engine, table, self.owner)
                else:  # stopped on an error: rebuilt from what was committed, it goes on
                    async with self._taking_up:
                        await self._resume(table, self._runners[table].fence)
        running = list(self._tasks)
        held = await asyncio.to_thread(renew, self.engine, running, self.owner, self.lease)
        for table in running:
            if table not in held and table in self._tasks:  # another process has it
                _log.error(
                    "table %s: its lease was lost; it stops here", table, extra={"table": table}
                )
                self._tasks.pop(table).cancel()
                self._runners.pop(table).lost()
            elif held.get(table) and table in self._tasks:  # the operator asks it to close
                self._runners[table].close()
        await self._adopt()

    async def stop(self) -> None:
        """Stop every table's task (what is committed stays) and give up the leases."""
        if self._leasing is not None:
            self._leasing.cancel()
        for task in self._tasks.values():
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)
        for table in list(self._tasks):
            try:
                await asyncio.to_thread(release, self.engine, table, self.owner)
            except SQLAlchemyError as error:  # the database is away: the lease runs out
                _log.error(
                    "table %s: its lease could not be given up: %s",
                    table,
                    error,
                    extra={"table": table},
                )
        self._tasks.clear()
        await self.committer.stop()

    async def open(
        self,
        person: int | None,
        game: str,
        options: Mapping[str, Any],
        bots: int,
        settings: Settings,
        sealed: str | None = None,
        private: bool = False,
    ) -> TableRunner:
        """Open a table of `game` with its rules from `options` and `bots` bots (in the
        seats after the first), the seal of the opener's part in its first shuffle, private
        or not (`croupier.server.invites`); `InvalidInput` says what is wrong with a
        request."""
        found = games.get(game)
        rules = found.config(**options)
        room = rules.seats - 1
        if isinstance(bots, bool) or not isinstance(bots, int) or not 0 <= bots <= room:
            said = i18n._("bots={bots!r} is not valid: 0 to {room} at this table")
            raise InvalidInput(said.format(bots=bots, room=room))
        seated = {seat: roster.at_seat(game, seat) for seat in range(1, bots + 1)}
        refusal = too_few(game, rules, bots, settings.bot_chips)
        if refusal is not None:
            raise InvalidInput(i18n._("{why}: open the table with more bots").format(why=refusal))
        async with self._taking_up:
            if person is not None:  # (counted and opened under one lock: none slips by)
                held = await asyncio.to_thread(_opened_by, self.engine, person)
                if held >= OPEN_AT_ONCE:
                    said = i18n.ngettext(
                        "you have {n} table open, the most one person may: close it first",
                        "you have {n} tables open, the most one person may: close one first",
                        held,
                    )
                    raise TooManyTables(said.format(n=held))
            claimed = (self.owner, self.lease, self.address)  # this process's at once
            table = await asyncio.to_thread(
                open_table,
                self.engine,
                game,
                rules,
                settings,
                seated,
                person,
                claimed,
                lambda table: stream(self._base(table), "fair at opening").randbytes(SEED),
                sealed,
                box=self.keys.box,
                seeded=self.seed is not None,
                private=private,
            )
            return await self._resume(table, FIRST_FENCE)

    async def open_each_game(self, bots: int) -> list[int]:
        """Open a table of every game that has none open, with `bots` bots (as many as it
        has room for, if fewer) and the default settings, for people to sit down at: the
        tables opened. Once one of them closes, another of its game is opened, where a link
        to the closed one leads (`closed`)."""
        self._bots = bots
        open_games = {record.game for record in await asyncio.to_thread(open_tables, self.engine)}
        return [await self._bot_table(game) for game in games.names() if game not in open_games]

    async def _bot_table(self, game: str) -> int:
        """A bot table of `game` opened (`open_each_game`): its number."""
        room = games.get(game).config().seats - 1
        runner = await self.open(None, game, {}, min(self._bots, room), Settings())
        return runner.info.id

    async def _resume(self, table: int, fence: int | None) -> TableRunner:
        """Run table `table` here, rebuilt from what was committed, under the claim whose
        fence is `fence`."""
        info, book, told = await asyncio.to_thread(
            functools.partial(rebuild, self.engine, table, RECENT, box=self.keys.box)
        )
        base = self._base(table)
        resumed = f"at step {book.seq}"  # a table resumed draws on from fresh streams
        runner = TableRunner(
            self.committer,
            info,
            book,
            told,
            RandomShuffler(stream(base, f"shoe {resumed}")),  # one not provably fair
            lambda name: stream(base, f"{name} {resumed}"),
            **({"clock": self._clock} if self._clock else {}),
            owner=self.owner,
            keys=self.keys,
            fence=fence,
            metrics=self.metrics,
        )
        self._runners[table] = runner
        if info.close_asked and not info.closed:  # `croupier admin close`, while none ran it
            runner.close()
        # A fresh context: the table speaks its own default, never the language of the
        # request that happened to open or take it up (each connection's is its own).
        self._tasks[table] = asyncio.create_task(
            self._run(runner), name=f"table {table}", context=contextvars.Context()
        )
        return runner

    def _base(self, table: int) -> int | None:
        return None if self.seed is None else self.seed * 1_000_003 + table

    async def _run(self, runner: TableRunner) -> None:
        self.metrics.running(runner, True)
        try:
            await runner.run()
        except asyncio.CancelledError:
            raise
        except Exception:
            _log.exception(
                "table %s stopped on an error", runner.info.id, extra={"table": runner.info.id}
            )
            raise
        finally:
            self.metrics.running(runner, False)
        if runner.gone:  # not closed: another process runs it, or it is to be rebuilt
            self._forget(runner)
        elif runner.info.opened_by is None and self._bots:  # a bot table: its game goes on
            await self._bot_table(runner.info.game)

    def _forget(self, runner: TableRunner) -> None:
        """This process no longer runs `runner`'s table: the lobby lists it as the database
        says (another process's, or open to take up again), never as closed."""
        table = runner.info.id
        if self._runners.get(table) is runner:
            del self._runners[table]
            self._tasks.pop(table, None)

    def paused(self) -> list[int]:
        """The tables this process runs that are paused, their database not storing."""
        return sorted(table for table, runner in self._runners.items() if runner.paused)

    def runner(self, table: int) -> TableRunner:
        """The table `table`, or `LookupError` (in the context's language) if this process
        does not run it."""
        try:
            return self._runners[table]
        except KeyError:
            said = i18n._("there is no table {table} open here")
            raise LookupError(said.format(table=table)) from None

    async def tables(self, language: str = i18n.DEFAULT) -> list[dict[str, Any]]:
        """The lobby: every open table, and every table this process has run; a table
        another process runs is listed from the database, with `"here": false` and, when
        its process has said where it is, its address (`at`) and its socket's. A table's
        rules are `described` in `language`."""
        listed = {table: self.entry(runner, language) for table, runner in self._runners.items()}
        for record in await asyncio.to_thread(open_tables, self.engine):
            listed.setdefault(record.id, _elsewhere(record))
        return [entry for _, entry in sorted(listed.items())]

    def entry(self, runner: TableRunner, language: str = i18n.DEFAULT) -> dict[str, Any]:
        """The lobby's entry for a table this process runs, its rules described in
        `language`."""
        with i18n.use(language):
            shown = runner.lobby()
        return {**shown, "here": True, **_reached(runner.info.id, self.address)}

    async def elsewhere(self, table: int) -> dict[str, Any] | None:
        """The short entry of open table `table` if another process runs it (its address
        and socket's, when known), or None if no open table has that number."""
        found = await asyncio.to_thread(open_tables, self.engine, table)
        return _elsewhere(found[0], self.address) if found else None

    async def closed(self, table: int) -> dict[str, Any] | None:
        """The short entry of table `table` if it has closed (at any process), with `next`
        for a bot table whose game goes on at another (`tables.closed_table`); else None."""
        found = await asyncio.to_thread(closed_table, self.engine, table)
        if found is None:
            return None
        record, following = found
        ahead = {} if following is None else {"next": following}
        return {**_shown(record), "closed": True, "here": False, **ahead}


def too_few(game: str, rules: Any, bots: int, chips: int) -> str | None:
    """Why a table of `game` with these rules and `bots` bots, each bringing `chips`, could
    not be played (nobody to bank against), or None."""
    found = games.get(game)
    if not found.is_over(found.start(rules, dict.fromkeys(range(1, bots + 1), chips))):
        return None
    said = i18n.ngettext(
        "a {game} session with {n} bot is over before it begins (nobody to bank against)",
        "a {game} session with {n} bots is over before it begins (nobody to bank against)",
        bots,
    )
    return said.format(game=i18n._(found.title), n=bots)


def _opened_by(engine: Engine, person: int) -> int:
    """How many tables `person` has open (opened, and not yet closed), in every process."""
    query = select(func.count()).where(
        TableRecord.opened_by == person, TableRecord.closed_at.is_(None)
    )
    with Session(reading(engine)) as session:
        return session.scalar(query) or 0


def _reached(table: int, address: str | None) -> dict[str, str]:
    """Where table `table` is reached when its process is at `address`: `at`, the process's
    public URL, and `socket`, the table's websocket (nothing, when the address is unknown)."""
    if not address:
        return {}
    socket = address.replace("http://", "ws://", 1).replace("https://", "wss://", 1)
    return {"at": address, "socket": f"{socket}/api/tables/{table}/socket"}


def _elsewhere(record: TableRecord, here: str | None = None) -> dict[str, Any]:
    """The entry of a table another process runs: where, while its lease lasts (a process
    whose lease has run out may be dead: nobody is sent there). A lease of this process's,
    at `here`, is a table it is taking up and does not run yet: nobody is sent on to it
    either, or a client would be sent back here until it runs."""
    held = record.lease_until is not None and _aware(record.lease_until) > datetime.now(UTC)
    taken_up_here = here is not None and record.address == here
    where = _reached(record.id, record.address if held and not taken_up_here else None)
    return {**_shown(record), "here": False, **where}


def _shown(record: TableRecord) -> dict[str, Any]:
    """What the lobby shows of a table it has only the record of."""
    return {"id": record.id, "game": record.game, "seats": record.seats, "private": record.private}


def _aware(moment: datetime) -> datetime:
    """`moment` in UTC (SQLite gives back a datetime without its zone)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)

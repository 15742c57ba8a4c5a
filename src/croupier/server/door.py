"""Limits at the door: how often a name, or a client's address, may try to log in or
register before each further try must wait.

Each `Door` keeps, per key (a name, an address), the tries that count against it: a wrong
password when logging in, any registering. `free` of them come one after another at once;
from the last of those, each counted try sets a wait that doubles (`first_wait` seconds,
then twice that, up to `longest_wait`), and a try made before the wait is over is
`TooSoon` (croupier.errors), which says how long is left in the context's language (the
request's), raised before any password is hashed. A key with no counted try for
`forget_after` seconds is forgotten, and at most `most_keys` keys are kept (the least
recently tried go first), so the door's storage is bounded whatever comes at it.
`Entrance` applies `Limits` of them to the server's door.

The counts are kept in the database (`DoorCount`), so that every server process on it
counts the same tries, and a restart forgets none; the door's clock is the wall clock,
which every process on a machine shares (a wait longer than `longest_wait` is a clock that
moved back, here or at another process's machine: it is over). Counting one key is one
transaction that locks its row alone; the forgotten and the surplus keys are deleted as keys
are counted, each deletion skipping any row another transaction holds, so that no two wait
on each other.
Table connections are counted in each process (`Entrance.connecting`): a connection is
live state of the process that holds it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import ColumnElement, Engine, delete, func, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from croupier.errors import TooSoon
from croupier.i18n import N_, _, ngettext
from croupier.server.database import reading
from croupier.server.schema import DoorCount

__all__ = ["Door", "Entrance", "Limits"]

_PRUNE = 100
"""The most forgotten keys one counted try deletes (the rest go with the next tries)."""


class Door:
    """Counted tries per key, and the waits they set (the module's docstring), kept in the
    database at `engine` under the door's `kind`. Each method is a transaction of its own:
    call it off the event loop."""

    def __init__(
        self,
        engine: Engine,
        kind: str,
        free: int,
        first_wait: float = 1.0,
        longest_wait: float = 900.0,
        forget_after: float = 3600.0,
        most_keys: int = 100_000,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.engine = engine
        self.kind = kind
        self.free = free
        self.first_wait = first_wait
        self.longest_wait = longest_wait
        self.forget_after = forget_after
        self.most_keys = most_keys
        self._clock = clock

    def check(self, key: str, what: str) -> None:
        """Raise `TooSoon` if `key` must still wait, saying `what` (a message id, "for this
        name") was tried too often."""
        with Session(reading(self.engine)) as session:
            count = session.get(DoorCount, (self.kind, key))
        now = self._clock()
        if count is None or now - count.last > self.forget_after:
            return
        left = count.until - now
        if not 0 < left <= self.longest_wait:  # over; or longer than any: a clock moved back
            return
        wait = max(1, math.ceil(left))
        # i18n: {what} is "for this name", "from this address" or "at registering from
        # this address"
        said = ngettext(
            "too many tries {what}: try again in {wait} second",
            "too many tries {what}: try again in {wait} seconds",
            wait,
        )
        raise TooSoon(said.format(what=_(what), wait=wait), wait)

    def counted(self, key: str) -> None:
        """A try that counts against `key`: past the free ones, it sets the next wait."""
        now = self._clock()
        with Session(self.engine) as session, session.begin():
            new = self._row(session, key, now)
            count = session.get(DoorCount, (self.kind, key), with_for_update=True)
            assert count is not None  # (`_row` made it, and only its lock's holder deletes it)
            if now - count.last > self.forget_after:
                count.tries = 0
            count.tries += 1
            count.last = now
            beyond = count.tries - self.free  # from the free ones' last, each sets a wait
            if beyond >= 0:
                count.until = now + min(self.longest_wait, self.first_wait * 2.0 ** min(beyond, 60))
            session.flush()
            self._prune(session, DoorCount.last < now - self.forget_after, _PRUNE)
            if new:
                self._prune(session, DoorCount.key != key, self._size(session) - self.most_keys)

    def _row(self, session: Session, key: str, now: float) -> bool:
        """Make `key`'s row, with no tries, unless it is there: whether it was made."""
        dialect = session.get_bind().dialect.name
        insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
        made = session.execute(
            insert(DoorCount)
            .values(door=self.kind, key=key, tries=0, until=now, last=now)
            .on_conflict_do_nothing()
        )
        return bool(made.rowcount)  # type: ignore[attr-defined]

    def _prune(self, session: Session, which: ColumnElement[bool], most: int) -> None:
        """Delete up to `most` of the door's keys that `which` selects, the least recently
        tried first, skipping any row another transaction holds."""
        if most <= 0:
            return
        chosen = (
            select(DoorCount.key)
            .where(DoorCount.door == self.kind, which)
            .order_by(DoorCount.last)
            .limit(most)
            .with_for_update(skip_locked=True)
        )
        session.execute(
            delete(DoorCount)
            .where(DoorCount.door == self.kind, DoorCount.key.in_(chosen))
            .execution_options(synchronize_session=False)
        )

    def _size(self, session: Session) -> int:
        counted = select(func.count()).select_from(DoorCount).where(DoorCount.door == self.kind)
        return session.scalar(counted) or 0

    def forgive(self, key: str) -> None:
        """Forget `key`'s tries (its right password was given)."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                delete(DoorCount).where(DoorCount.door == self.kind, DoorCount.key == key)
            )

    def __len__(self) -> int:
        with Session(reading(self.engine)) as session:
            return self._size(session)


@dataclass(frozen=True)
class Limits:
    """How much the server lets one name or one address try (docs/protocol.md, Limits)."""

    tries: int = 5
    """Wrong passwords a name may be given before each further try must wait."""
    address_tries: int = 50
    """Wrong passwords one address may give, whatever the names, before it must wait."""
    registrations: int = 20
    """Registrations one address may make before each further one must wait."""
    connections: int = 200
    """Table connections (websockets) one address may hold open at once."""


class Entrance:
    """The server's door: the `Limits` applied to logging in, registering and connecting,
    keyed by the name (in lower case) and the client's address; each one turned away is
    told to `turned_away`, with why (`croupier.server.metrics.DOOR_REASONS`). Logging in
    and registering read and write the database (`Door`): call them off the event loop."""

    def __init__(
        self,
        engine: Engine,
        limits: Limits,
        turned_away: Callable[[str], None],
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.limits = limits
        self._turned_away = turned_away
        self._names = Door(engine, "name", limits.tries, clock=clock)
        self._addresses = Door(engine, "address", limits.address_tries, clock=clock)
        self._registrations = Door(engine, "registration", limits.registrations, clock=clock)
        self._open: dict[str, int] = {}

    @staticmethod
    def _name(name: object) -> str | None:
        return name.lower()[:32] if isinstance(name, str) else None

    @staticmethod
    def _address(address: str) -> str:
        return address[:64]  # (an address is at most 45 characters; a proxy's text, cut)

    def _check(self, door: Door, key: str, what: str) -> None:
        """`door.check`, telling `turned_away` its kind if it refuses."""
        try:
            door.check(key, what)
        except TooSoon:
            self._turned_away(door.kind)
            raise

    def logging_in(self, name: object, address: str) -> None:
        """Before a password is checked: `TooSoon` if the name or the address must wait."""
        key = self._name(name)
        if key is not None:
            self._check(self._names, key, N_("for this name"))
        self._check(self._addresses, self._address(address), N_("from this address"))

    def refused(self, name: object, address: str) -> None:
        """A wrong password (or name): it counts against both."""
        self._turned_away("password")
        key = self._name(name)
        if key is not None:
            self._names.counted(key)
        self._addresses.counted(self._address(address))

    def let_in(self, name: str) -> None:
        """The right password: the name's wrong tries are forgotten (the address's are not)."""
        key = self._name(name)
        if key is not None:
            self._names.forgive(key)

    def registering(self, address: str) -> None:
        """Before a registration is hashed: `TooSoon` if the address must wait; else it
        counts."""
        key = self._address(address)
        self._check(self._registrations, key, N_("at registering from this address"))
        self._registrations.counted(key)

    def connecting(self, address: str) -> bool:
        """A table connection from `address` opens, if it may (False: it holds its most)."""
        held = self._open.get(address, 0)
        if held >= self.limits.connections:
            self._turned_away("connections")
            return False
        self._open[address] = held + 1
        return True

    def disconnected(self, address: str) -> None:
        """A table connection `connecting` let open has closed."""
        held = self._open.pop(address, 0) - 1
        if held > 0:
            self._open[address] = held

"""Limits at the door: how often a name, or a client's address, may try to log in or
register before each further try must wait.

Each `Door` keeps, per key (a name, an address), the tries that count against it: a wrong
password when logging in, any registering. `free` of them come one after another at once;
from the last of those, each counted try sets a wait that doubles (`first_wait` seconds,
then twice that, up to `longest_wait`), and a try made before the wait is over is
`TooSoon` (croupier.errors), which says how long is left in the context's language (the
request's), raised before any password is hashed. A key with no counted try for
`forget_after` seconds is forgotten, and at most `most_keys` keys are kept (the least
recently tried go first), so the door's memory is bounded whatever comes at it.
`Entrance` applies `Limits` of them to the server's door.

The counts live in the process: behind several server processes, each keeps its own.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from croupier.errors import TooSoon
from croupier.i18n import N_, _, ngettext

__all__ = ["Door", "Entrance", "Limits"]


@dataclass
class _Count:
    tries: int
    until: float
    last: float


class Door:
    """Counted tries per key, and the waits they set (the module's docstring)."""

    def __init__(
        self,
        free: int,
        first_wait: float = 1.0,
        longest_wait: float = 900.0,
        forget_after: float = 3600.0,
        most_keys: int = 100_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.free = free
        self.first_wait = first_wait
        self.longest_wait = longest_wait
        self.forget_after = forget_after
        self.most_keys = most_keys
        self._clock = clock
        self._counts: OrderedDict[str, _Count] = OrderedDict()

    def check(self, key: str, what: str) -> None:
        """Raise `TooSoon` if `key` must still wait, saying `what` (a message id, "for this
        name") was tried too often."""
        count = self._counts.get(key)
        if count is None:
            return
        now = self._clock()
        if now - count.last > self.forget_after:
            del self._counts[key]
        elif now < count.until:
            wait = max(1, math.ceil(count.until - now))
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
        count = self._counts.pop(key, None)
        if count is None or now - count.last > self.forget_after:
            count = _Count(0, now, now)
        count.tries += 1
        count.last = now
        beyond = count.tries - self.free  # from the free ones' last, each sets a wait
        if beyond >= 0:
            count.until = now + min(self.longest_wait, self.first_wait * 2.0 ** min(beyond, 60))
        self._counts[key] = count  # the most recently tried, last
        while len(self._counts) > self.most_keys:
            self._counts.popitem(last=False)

    def forgive(self, key: str) -> None:
        """Forget `key`'s tries (its right password was given)."""
        self._counts.pop(key, None)

    def __len__(self) -> int:
        return len(self._counts)


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
    keyed by the name (in lower case) and the client's address."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self._names = Door(limits.tries, clock=clock)
        self._addresses = Door(limits.address_tries, clock=clock)
        self._registrations = Door(limits.registrations, clock=clock)
        self._open: dict[str, int] = {}

    @staticmethod
    def _name(name: object) -> str | None:
        return name.lower()[:32] if isinstance(name, str) else None

    def logging_in(self, name: object, address: str) -> None:
        """Before a password is checked: `TooSoon` if the name or the address must wait."""
        key = self._name(name)
        if key is not None:
            self._names.check(key, N_("for this name"))
        self._addresses.check(address, N_("from this address"))

    def refused(self, name: object, address: str) -> None:
        """A wrong password (or name): it counts against both."""
        key = self._name(name)
        if key is not None:
            self._names.counted(key)
        self._addresses.counted(address)

    def let_in(self, name: str) -> None:
        """The right password: the name's wrong tries are forgotten (the address's are not)."""
        key = self._name(name)
        if key is not None:
            self._names.forgive(key)

    def registering(self, address: str) -> None:
        """Before a registration is hashed: `TooSoon` if the address must wait; else it
        counts."""
        self._registrations.check(address, N_("at registering from this address"))
        self._registrations.counted(address)

    def connecting(self, address: str) -> bool:
        """A table connection from `address` opens, if it may (False: it holds its most)."""
        held = self._open.get(address, 0)
        if held >= self.limits.connections:
            return False
        self._open[address] = held + 1
        return True

    def disconnected(self, address: str) -> None:
        """A table connection `connecting` let open has closed."""
        held = self._open.pop(address, 0) - 1
        if held > 0:
            self._open[address] = held

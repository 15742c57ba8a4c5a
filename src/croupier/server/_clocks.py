"""The clocks of the seats a table waits on: each one's time limit, then its time bank
(docs/protocol.md, "Time limits and default actions").

A seat a person holds, when the table waits on it, has the table's `time_limit` seconds to
act, from the step that made the table wait on it. Once they have run out, a seat with some
of its `time_bank` left draws on it: its clock runs on for what is left of the bank, and
when the clock stops (the seat acts, or the table waits on it no more) only the seconds it
used are spent. Every bank is full again at each moment between coups, and a person who sits
down starts with a full one. A seat sitting out, or whose person has gone, draws on none
(`unbanked`: the runner says which). Banks live in the process that runs the table, as plans
do: a table taken up by another process starts with every bank full.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

__all__ = ["Clocks", "Times"]


@dataclass(frozen=True, slots=True)
class Times:
    """What a table's clocks show at a moment: each awaited seat's seconds left on its clock
    (`waiting`: its time limit's, or its bank's once the limit has run out), each seat's
    seconds left of its bank (`bank`; none at a table without one) and the seats whose clock
    runs on their bank (`on_bank`)."""

    waiting: Mapping[int, float] = field(default_factory=dict)
    bank: Mapping[int, float] = field(default_factory=dict)
    on_bank: frozenset[int] = frozenset()


class Clocks:
    """The clocks of a table whose time limit is `limit` seconds and time bank `bank`."""

    def __init__(self, limit: float, bank: float) -> None:
        self.limit, self.bank = limit, bank
        self._running: dict[int, tuple[int, float]] = {}
        """Each seat whose clock runs: its person, and when its time limit runs out."""
        self._spent: dict[tuple[int, int], float] = {}
        """The seconds of its bank each (seat, person) has spent since the last moment
        between coups (none: the bank is full)."""

    def run(self, awaited: Mapping[int, int], acted: Collection[object], now: float) -> None:
        """The seats awaited now (seat -> its person): each keeps its clock, unless it has
        just acted; the others' clocks start. Each clock that stops spends what it used of
        its bank."""
        for seat, (person, _until) in list(self._running.items()):
            if awaited.get(seat) != person or seat in acted:
                self._stop(seat, now)
        self._running = {
            seat: self._running.get(seat) or (person, now + self.limit)
            for seat, person in awaited.items()
        }

    def refill(self, now: float) -> None:
        """A moment between coups: every bank is full again; a clock on its bank now runs on
        a full one from now."""
        for seat, (person, until) in self._running.items():
            self._running[seat] = (person, max(until, now))
        self._spent.clear()

    def forget(self, held: Mapping[int, int]) -> None:
        """Only the banks of the seats still held by the same people (seat -> person) are
        kept: one who sits down starts with a full bank."""
        self._spent = {key: spent for key, spent in self._spent.items() if key in held.items()}

    def due(self, unbanked: Collection[int]) -> dict[int, float]:
        """When each running clock runs out: its time limit, then what is left of its bank,
        unless its seat is `unbanked`."""
        return {
            seat: until + (0.0 if seat in unbanked else self._left(seat, person))
            for seat, (person, until) in self._running.items()
        }

    def shown(self, held: Mapping[int, int], unbanked: Collection[int], now: float) -> Times:
        """What the clocks show at `now`, for the seats held by people (seat -> person)."""
        due = self.due(unbanked)
        on_bank = frozenset(
            seat for seat, (_person, until) in self._running.items() if until <= now < due[seat]
        )
        bank = {
            seat: self._left(seat, person) - self._using(seat, now)
            for seat, person in held.items()
            if self.bank > 0 and seat not in unbanked
        }
        waiting = {
            seat: max(0.0, (due[seat] if seat in on_bank else until) - now)
            for seat, (_person, until) in self._running.items()
        }
        return Times(waiting, bank, on_bank)

    def _left(self, seat: int, person: int) -> float:
        """What is left of the seat's bank, not counting what its running clock is using."""
        return max(0.0, self.bank - self._spent.get((seat, person), 0.0))

    def _using(self, seat: int, now: float) -> float:
        """What the seat's running clock has used of its bank so far (0: none runs, or it
        is still on its time limit)."""
        running = self._running.get(seat)
        if running is None:
            return 0.0
        person, until = running
        return min(max(0.0, now - until), self._left(seat, person))

    def _stop(self, seat: int, now: float) -> None:
        """The seat's clock stops: its bank spends what it used."""
        used = self._using(seat, now)
        person, _until = self._running.pop(seat)
        if used:
            self._spent[seat, person] = self._spent.get((seat, person), 0.0) + used

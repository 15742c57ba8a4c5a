"""Events in words: what every game's narrator does, each kind of event told by its own
teller, the seats named by `Names`."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rich.markup import escape

from croupier.engine.events import ChipsAdded, Event, LimitsSet
from croupier.engine.rule_options import limits_said
from croupier.i18n import N_, _

__all__ = ["YOU", "Names", "Narrator", "Tellers"]


@dataclass
class Names:
    """How the words name the seats: `seat 3 (Anna)` (`place` is `box` at Punto Banco), each
    player as `held` names them and `guest` a seat it does not; or, `numbered`, by number
    alone (`seat 3`, as a replay tells a session). In a line, a name is escaped, so that no
    name can style it."""

    place: str = "seat"
    held: dict[int, str] = field(default_factory=dict)
    numbered: bool = False

    def short(self, seat: int) -> str:
        """`Anna`, or `seat 3` when the seats are named by number alone."""
        if self.numbered:
            return _(_PLACES["seat"]).format(number=seat + 1)
        name = self.held.get(seat)
        return _(YOU) if name == YOU else name or _("guest")

    def __call__(self, seat: int | None) -> str:
        """`seat 3 (Anna)` for a line (escaped); None is the croupier."""
        if seat is None:
            return _("the croupier")
        numbered = _(_PLACES[self.place]).format(number=seat + 1)
        return numbered if self.numbered else f"{numbered} ({escape(self.short(seat))})"


YOU = N_("you")
"""The person's own seat's name, said in the session's language."""
_PLACES = {"seat": N_("seat {number}"), "box": N_("box {number}")}
"""A place at the table by its number, as `Names.place` names it."""


Tellers = Mapping[type[Event], Callable[[Any, Any], str | None]]
"""For each kind of event, how to tell it (None: it goes untold)."""


class Narrator:
    """Turns events into lines, one event at a time, by `tellers`. A narrator that
    `remembers` keeps what earlier events told (Monte Bank's open bets), so it must hear a
    session's steps in order; `end_of_step` says what it has to say once a step is told."""

    remembers = False

    def __init__(self, names: Names, tellers: Tellers) -> None:
        self.names = names
        self._tellers = tellers

    def name(self, seat: int | None) -> str:
        """`seat 3 (Anna)`, or the croupier for None."""
        return self.names(seat)

    def short(self, seat: int) -> str:
        """`Anna`, for a line (escaped)."""
        return escape(self.names.short(seat))

    def subject(self, seat: int | None) -> str:
        """The name to begin a sentence with."""
        name = self.name(seat)
        return name[:1].upper() + name[1:]

    def __call__(self, event: Event) -> str | None:
        teller = self._tellers.get(type(event)) or _EVERY_GAME.get(type(event))
        return teller(self, event) if teller else None

    def end_of_step(self) -> list[str]:
        """What is left to say once a step's events are told."""
        return []


_EVERY_GAME: Tellers = {
    ChipsAdded: lambda n, e: _("{who} brings {chips} more chips, {total} now.").format(
        who=n.subject(e.seat), chips=e.chips, total=e.total
    ),
    LimitsSet: lambda n, e: _("The stake limits from this coup on: {limits}.").format(
        limits=limits_said(json.loads(e.limits))
    ),
}
"""The events told alike at every game's table."""

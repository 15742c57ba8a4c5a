"""Events in plain words: what every game's narrator does, each kind of event told by its
own teller."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from croupier.engine.events import Event

__all__ = ["Names", "Narrator", "Tellers"]

Names = Callable[[int | None], str]
"""Names a seat (a box, at Punto Banco) for the text, `box 3 (Ada)`; None is the croupier."""

Tellers = Mapping[type[Event], Callable[[Any, Any], str | None]]
"""For each kind of event, how to tell it (None: it goes untold)."""


class Narrator:
    """Turns events into lines of text, one event at a time, by `tellers`."""

    def __init__(self, names: Names, tellers: Tellers) -> None:
        self.name = names
        self._tellers = tellers

    def subject(self, seat: int | None) -> str:
        """The name to begin a sentence with."""
        name = self.name(seat)
        return name[:1].upper() + name[1:]

    def __call__(self, event: Event) -> str | None:
        teller = self._tellers.get(type(event))
        return teller(self, event) if teller else None

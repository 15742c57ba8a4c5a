"""What the people seated at a table have asked of it besides actions: to get up at the next
moment the rules allow ("leave after this coup"), and to sit out (the table stops waiting
for them: each turn of theirs takes its default action at once, and the seat is kept for
the table's `away` seconds, then gets up as soon as the rules let it).

The table sits a person out by itself when a turn of theirs runs out while they are
disconnected, so that the table waits their full time once, not at every turn of the hold;
connecting again ends that. Acting, or asking to come back, ends any sitting out. Plans
live in the process that runs the table: they are not steps, and a table taken up by
another process starts with none (docs/protocol.md, "Coming and going").
"""

from __future__ import annotations

from dataclasses import dataclass, field

from croupier.engine.codec import JSON

__all__ = ["Plans"]


@dataclass
class Plans:
    """Each seat's plans: leaving at the next moment it may, and sitting out (until when
    its seat is kept)."""

    leaving: set[int] = field(default_factory=set)
    away: dict[int, float] = field(default_factory=dict)
    """Seat -> when its seat is given up, at the first moment it may get up."""
    gone: set[int] = field(default_factory=set)
    """The seats sitting out because their person went, not because they asked to."""

    def ask(self, seat: int, *, leave: bool, away: bool, until: float) -> None:
        """The person at `seat` asks to leave at the next moment, and to sit out (kept
        until `until`), or neither: the plans they send replace those they had."""
        if leave:
            self.leaving.add(seat)
        else:
            self.leaving.discard(seat)
        self.gone.discard(seat)
        if away:
            self.sit_out(seat, until)
        else:
            self.away.pop(seat, None)

    def acted(self, seat: int) -> None:
        """The person at `seat` acted: they are back, if they were sitting out."""
        self.away.pop(seat, None)
        self.gone.discard(seat)

    def back(self, seat: int) -> None:
        """The person at `seat` has connected again: sat out for being gone, they are not."""
        if seat in self.gone:
            self.acted(seat)

    def sit_out(self, seat: int, until: float, *, gone: bool = False) -> None:
        """`seat` sits out, its seat kept until `until` (or as long as it already was);
        `gone`: by the table, its person having gone."""
        if gone and seat not in self.away:
            self.gone.add(seat)
        self.away.setdefault(seat, until)

    def forget(self, held: set[int]) -> None:
        """Only the seats still held by people keep plans."""
        self.leaving &= held
        self.gone &= held
        self.away = {seat: at for seat, at in self.away.items() if seat in held}

    def of(self, seat: int) -> dict[str, JSON]:
        """A seat's plans as the protocol says them."""
        return {"leave": seat in self.leaving, "away": seat in self.away}

    def told(self) -> dict[str, JSON]:
        """Every seat with a plan, as the view message carries them."""
        seats = sorted(self.leaving | set(self.away))
        return {str(seat): self.of(seat) for seat in seats}

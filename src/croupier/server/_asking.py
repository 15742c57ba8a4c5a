"""Who may sit at a table whose host lets each person sit (the setting `approval`;
docs/protocol.md, "Asking to sit"): a person's first sit-down is refused as asked, the host
is told who asks, and once the host lets them the person's page sits them down. One the host
has removed (`croupier.server.hosting`) asks so at any table. The host's answers are stored
(`guests.approved`, `guests.barred`) before they are told."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Asking"]


@dataclass
class Asking:
    """The people a table has let sit (`approved`), those its host removed (`barred`), and
    those asking to sit, by person: their name, the seat and the chips they asked with."""

    approved: set[int] = field(default_factory=set)
    barred: set[int] = field(default_factory=set)
    asking: dict[int, tuple[str, int | None, int | None]] = field(default_factory=dict)

    def must_ask(self, person: int, host: int | None, approval: bool) -> bool:
        """Whether `person` must be let sit by the host first."""
        if person == host or person in self.approved:
            return False
        return approval or person in self.barred

    def bar(self, person: int) -> None:
        """The host has removed `person`: they sit again only once the host lets them."""
        self.approved.discard(person)
        self.barred.add(person)

    def ask(self, person: int, name: str, seat: int | None, chips: int | None) -> None:
        self.asking[person] = (name, seat, chips)

    def answered(self, person: int, yes: bool) -> bool:
        """The host's answer to `person`: whether they were asking."""
        if yes:
            self.approved.add(person)
            self.barred.discard(person)
        return self.asking.pop(person, None) is not None

    def told(self) -> dict[str, Any]:
        """The message that tells the host who is asking to sit."""
        return {
            "type": "asking",
            "people": [
                {"person": person, "name": name, "seat": seat, "chips": chips}
                for person, (name, seat, chips) in sorted(self.asking.items())
            ],
        }

    @classmethod
    def of(cls, approved: Iterable[int], barred: Iterable[int] = ()) -> Asking:
        return cls(approved=set(approved), barred=set(barred))

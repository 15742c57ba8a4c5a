"""Each decision of a session valued (croupier.review): `reviewed` gives the tests every
moment of a session's coups beside the decision it was."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from croupier.review import Decision
from croupier.review.session import Moment, coups, decisions


@dataclass(frozen=True)
class Reviewed:
    """A moment of a coup and the decision it was (None: no choice of value)."""

    moment: Moment
    decision: Decision | None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.moment, name)


def reviewed(game: Any, history: Any) -> list[Reviewed]:
    """Every moment of the session's coups (its close left out), each with its decision."""
    return [
        Reviewed(moment, decision)
        for coup in coups(game, history)
        if not coup.closing
        for moment, decision in zip(coup.moments, decisions(game, coup), strict=True)
    ]

"""What each game's words module declares once, as its `WORDS`, so that `croupier.words`
finds the game's words by the game's name."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from croupier.words.narration import Names, Narrator

__all__ = ["GameWords"]


@dataclass(frozen=True, slots=True)
class GameWords:
    """The words of the game called `game`: its `header` (what is played with a rule set,
    said once at the start), its `narrator` of events, what one `round` is called (`coup`,
    `deal`, `round`) and a `place` at the table (`box` at Punto Banco)."""

    game: str
    header: Callable[[Any], Iterable[str]]
    narrator: Callable[[Names], Narrator]
    round: str
    place: str = "seat"

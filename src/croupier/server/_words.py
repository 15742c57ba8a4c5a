"""The table in words, for a page: each step's events told as the terminal tells them
(`croupier.words`), markup stripped, and the one-line description of a rule set, in the
context's language (croupier.i18n).

A seat is named as the terminal names it, `seat 2 (Anna)` (a box at Punto Banco), and the
viewer's own `seat 1 (you)`. The words are told from a step's events as the connection's
seat may see them: the redacted events its step message carries, and nothing else, so they
can name no card the seat may not see.
"""

from __future__ import annotations

import copy
import functools
import logging
from collections.abc import Iterable, Mapping
from typing import Any

from croupier import i18n, words
from croupier.engine.events import Event

__all__ = ["Words", "described"]

_log = logging.getLogger(__name__)


def described(game: str, rules: Any) -> str:
    """The header the terminal prints for this rule set, in one line and the context's
    language: `Chemin de Fer — 6 decks; the banker chooses freely (CF-13); minimum bank 100,
    minimum stake 10.` (Punto Banco's two lines are joined by a space.)"""
    return _described(i18n.current(), game, rules)


@functools.lru_cache(maxsize=256)
def _described(language: str, game: str, rules: Any) -> str:
    """`described` in `language`, kept per language."""
    with i18n.use(language):
        return " ".join(words.plain(line) for line in words.header(game, rules))


class Words:
    """One connection's narrator at one table: `said` tells each step as it comes, in order
    (a narrator that `remembers`, Monte Bank's, names the open bets of earlier steps)."""

    def __init__(self, game: str) -> None:
        self._names = words.Names(words.place(game))
        self._narrator = words.narrator(game, self._names)

    @property
    def remembers(self) -> bool:
        """Whether the narrator keeps what earlier steps told: then it must hear the steps
        before it tells one."""
        return self._narrator.remembers

    def copy(self) -> Words:
        """A narrator that has heard what this one has, to go on apart from it."""
        return copy.deepcopy(self)

    def hear(self, names: Mapping[int, str], seat: int | None, events: Iterable[Event]) -> None:
        """Let the narrator hear a step told before the connection, saying nothing."""
        self._lines(names, seat, events)

    def said(
        self, names: Mapping[int, str], seat: int | None, events: Iterable[Event]
    ) -> list[str]:
        """The lines the terminal prints for `events` (as `seat` sees them), the seats held
        under `names` and `seat` being "you"."""
        return [words.plain(line) for line in self._lines(names, seat, events)]

    def _lines(
        self, names: Mapping[int, str], seat: int | None, events: Iterable[Event]
    ) -> list[str]:
        held = self._names.held
        held.clear()
        held.update(names)
        if seat is not None:
            held[seat] = words.narration.YOU
        lines: list[str | None] = []
        for event in events:
            try:
                lines.append(self._narrator(event))
            except KeyError:  # a bet placed before the steps this connection's narrator heard
                _log.warning("an event the words cannot tell: %s", type(event).__name__)
        lines.extend(self._narrator.end_of_step())
        return [line for line in lines if line is not None]

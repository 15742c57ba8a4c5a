"""The table in words, for a page: each step's events told as the terminal tells them, and
the one-line description of a rule set the terminal prints at the start.

The server borrows the terminal's narrators (`croupier.cli.<game>.narrate`, made by each
game's terminal session, `croupier.cli.<game>.session`) and its headers, so that the words
have one definition: what a page's log says of a coup is what `croupier play` prints,
markup stripped (`rich.text.Text.from_markup(line).plain`), cards in their pretty form
(`7♦`, a card face down `▒▒`). A seat is named as the terminal names it, `seat 2 (Anna)`
(a box at Punto Banco), and the viewer's own `seat 1 (you)`.

The words are told from a step's events as the connection's seat may see them: the
redacted events its step message carries, and nothing else, so they can name no card the
seat may not see.
"""

from __future__ import annotations

import functools
import io
import logging
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rich.console import Console
from rich.text import Text

from croupier.cli.banchek.session import Session as BanchekSession
from croupier.cli.chemin_de_fer.session import Session as CheminDeFerSession
from croupier.cli.monte_bank.session import Session as MonteBankSession
from croupier.cli.private_monte.session import PrivateSession
from croupier.cli.punto_banco.session import Session as PuntoBancoSession
from croupier.cli.session import TerminalSession
from croupier.engine.events import Event

__all__ = ["Words", "described", "plain"]

_log = logging.getLogger(__name__)


def _console() -> Console:
    """A console that prints nowhere but keeps what it was given (wide: no line is wrapped)."""
    return Console(file=io.StringIO(), width=10_000, record=True, highlight=False)


_SESSIONS: Mapping[str, Callable[[Console, Any], TerminalSession]] = {
    "punto-banco": lambda console, rules: PuntoBancoSession(
        console, rules, seed=None, coups=None, bots=0, chips=0, human_box=None
    ),
    "chemin-de-fer": lambda console, rules: CheminDeFerSession(
        console, rules, seed=None, coups=None, bots=0, chips=0, human_seat=None
    ),
    "monte-bank": lambda console, rules: MonteBankSession(
        console, rules, seed=None, rounds=None, bots=0, chips=0, human_seat=None
    ),
    "private-monte": lambda console, rules: PrivateSession(
        console, rules, seed=None, rounds=None, bots=0, chips=0, human_seat=None
    ),
    "banchek": lambda console, rules: BanchekSession(
        console, rules, seed=None, rounds=None, bots=0, chips=0, human_seat=None
    ),
}
"""Each game's terminal session, with nobody seated: its narrator, its names, its header.
The local table it could run is never made (`TerminalSession.table` is made when first
used)."""


@functools.lru_cache(maxsize=8192)
def plain(line: str) -> str:
    """A line of the terminal's, as plain text: its markup stripped, and the blank line some
    lines begin with (to set them apart on the terminal) left out."""
    return Text.from_markup(line).plain.strip("\n")


@functools.lru_cache(maxsize=256)
def described(game: str, rules: Any) -> str:
    """The header the terminal prints for this rule set, in one line: `Chemin de Fer — 6
    decks; the banker chooses freely (CF-13); minimum bank 100, minimum stake 10.` (Punto
    Banco's two lines are joined by a space.)"""
    session = _SESSIONS[game](_console(), rules)
    session.header()
    return " ".join(line for line in session.console.export_text().splitlines() if line)


class Words:
    """One connection's narrator at one table: `said` tells each step as it comes, in order
    (some narrators remember the step before: Monte Bank names the open bets)."""

    def __init__(self, game: str, rules: Any) -> None:
        self._session = _SESSIONS[game](_console(), rules)
        self._narrator: Callable[[Event], str | None] = self._session.narrator  # type: ignore[attr-defined]

    @property
    def remembers(self) -> bool:
        """Whether the narrator keeps what earlier steps told (Monte Bank's open bets, which
        it names at the end of a step): then it must hear the steps before it tells one."""
        return hasattr(self._narrator, "end_of_step")

    def hear(self, names: Mapping[int, str], seat: int | None, events: Iterable[Event]) -> None:
        """Let the narrator hear a step told before the connection, saying nothing."""
        self._lines(names, seat, events)

    def said(
        self, names: Mapping[int, str], seat: int | None, events: Iterable[Event]
    ) -> list[str]:
        """The lines the terminal prints for `events` (as `seat` sees them), the seats held
        under `names` and `seat` being "you"."""
        return [plain(line) for line in self._lines(names, seat, events)]

    def _lines(
        self, names: Mapping[int, str], seat: int | None, events: Iterable[Event]
    ) -> list[str]:
        known = self._session.names
        known.clear()
        known.update(names)
        if seat is not None:
            known[seat] = "you"
        lines: list[str | None] = []
        for event in events:
            try:
                lines.append(self._narrator(event))
            except KeyError:  # a bet placed before the steps this connection's narrator heard
                _log.warning("an event the words cannot tell: %r", event)
        end_of_step = getattr(self._narrator, "end_of_step", None)
        if end_of_step is not None:
            lines.extend(end_of_step())
        return [line for line in lines if line is not None]

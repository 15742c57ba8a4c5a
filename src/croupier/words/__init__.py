"""The table in words: each game's events told as sentences, and its rule set described.

The terminal prints these lines (`croupier play`, `croupier replay`, a seat at a server) and
the server sends them to a page that asks for words, so a coup is told the same way
everywhere. A line is written in rich's console markup (`[bold]PUNTO[/] wins`), which the
terminal prints as styles and `plain` strips; cards are in their pretty form (`7♦`, a card
face down `▒▒`). A narrator tells events one at a time, as a seat sees them; it can name
only what those events hold, so it names no card the seat may not see.

    >>> from croupier.games.punto_banco.events import StakePlaced
    >>> from croupier.games.punto_banco import Bet
    >>> tell = narrator("punto-banco", Names("box", {0: "Ada"}))
    >>> tell(StakePlaced(box=0, bet=Bet.BANCO, amount=50, total=50))
    'Box 1 (Ada) stakes 50 on banco.'
    >>> from croupier.games.chemin_de_fer import Rules
    >>> plain(header("chemin-de-fer", Rules())[0])[:45]
    'Chemin de Fer — 6 decks; the banker chooses f'
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from types import ModuleType
from typing import Any

from rich.text import Text

from croupier.words import banchek, chemin_de_fer, monte_bank, private_monte, punto_banco
from croupier.words.narration import Names, Narrator

__all__ = [
    "Names",
    "Narrator",
    "banchek",
    "chemin_de_fer",
    "header",
    "markup",
    "monte_bank",
    "narration",
    "narrator",
    "place",
    "plain",
    "private_monte",
    "punto_banco",
    "round_name",
]

_GAMES: dict[str, tuple[ModuleType, Callable[[Names], Narrator]]] = {
    "punto-banco": (punto_banco, punto_banco.Narrator),
    "chemin-de-fer": (chemin_de_fer, chemin_de_fer.Narrator),
    "monte-bank": (monte_bank, monte_bank.Narrator),
    "private-monte": (private_monte, private_monte.PrivateNarrator),
    "banchek": (banchek, banchek.Narrator),
}
"""Each game's words, by the game's name: its module and its narrator."""


def narrator(game: str, names: Names) -> Narrator:
    """A new narrator of `game`'s events, naming the seats by `names`."""
    return _GAMES[game][1](names)


def place(game: str) -> str:
    """What a place at the table is called: `box` at Punto Banco, `seat` elsewhere."""
    return "box" if game == "punto-banco" else "seat"


def header(game: str, rules: Any) -> tuple[str, ...]:
    """What is played at a table of `game` with these rules, said once at the start."""
    return tuple(_GAMES[game][0].header(rules))


def round_name(game: str) -> str:
    """What one round of `game` is called: `coup`, `deal` or `round`."""
    return str(_GAMES[game][0].ROUND)


@functools.lru_cache(maxsize=8192)
def plain(line: str) -> str:
    """A line as plain text: its markup stripped, and the blank line some lines begin with
    (to set them apart on the terminal) left out."""
    return Text.from_markup(line).plain.strip("\n")

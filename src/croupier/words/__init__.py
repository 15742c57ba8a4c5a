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

Its implementation, private to the package: `_registration`; `__all__` names what it offers.
"""

from __future__ import annotations

import functools
from typing import Any

from rich.text import Text

from croupier.words import banchek, chemin_de_fer, monte_bank, private_monte, punto_banco
from croupier.words._registration import GameWords
from croupier.words.narration import Names, Narrator

__all__ = [
    "GAMES",
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

GAMES: dict[str, GameWords] = {
    told.game: told
    for told in (
        punto_banco.WORDS,
        chemin_de_fer.WORDS,
        monte_bank.WORDS,
        private_monte.WORDS,
        banchek.WORDS,
    )
}
"""Every game's words, by the game's name: each game's words module declares them once (its
`WORDS`)."""


def narrator(game: str, names: Names) -> Narrator:
    """A new narrator of `game`'s events, naming the seats by `names`."""
    return GAMES[game].narrator(names)


def place(game: str) -> str:
    """What a place at the table is called: `box` at Punto Banco, `seat` elsewhere."""
    return GAMES[game].place


def header(game: str, rules: Any) -> tuple[str, ...]:
    """What is played at a table of `game` with these rules, said once at the start."""
    return tuple(GAMES[game].header(rules))


def round_name(game: str) -> str:
    """What one round of `game` is called: `coup`, `deal` or `round`."""
    return GAMES[game].round


@functools.lru_cache(maxsize=8192)
def plain(line: str) -> str:
    """A line as plain text: its markup stripped, and the blank line some lines begin with
    (to set them apart on the terminal) left out."""
    return Text.from_markup(line).plain.strip("\n")

"""Each game's bots by name: who may sit at a table, and the seat that plays as them. Each
game's bots module declares them once (its `BOTS`); `GAMES` gathers them by the game's name.

>>> names("chemin-de-fer")[:2]
('Anna', 'Boris')
"""

from __future__ import annotations

import random

from croupier.bots import banchek, chemin_de_fer, monte_bank, private_monte, punto_banco
from croupier.bots._registration import GameBots
from croupier.errors import InvalidInput
from croupier.table import Controller

__all__ = ["GAMES", "at_seat", "bot", "names"]

GAMES: dict[str, GameBots] = {
    bots.game: bots
    for bots in (
        punto_banco.BOTS,
        chemin_de_fer.BOTS,
        monte_bank.BOTS,
        private_monte.BOTS,
        banchek.BOTS,
    )
}
"""Every game's bots, by the game's name (every game has them)."""


def names(game: str) -> tuple[str, ...]:
    """The bots of `game`, in the order they take seats."""
    return tuple(name for name, _ in GAMES[game].roster)


def at_seat(game: str, seat: int) -> str:
    """The bot of `game` that takes `seat` (from 1: the first seat is the opener's)."""
    found = names(game)
    return found[(seat - 1) % len(found)]


def bot(game: str, name: str, rng: random.Random) -> Controller:
    """The bot called `name` at a table of `game`, deciding from `rng`."""
    bots = GAMES[game]
    for known, policy in bots.roster:
        if known == name:
            return bots.seat(rng, policy)
    raise InvalidInput(f"{game} has no bot {name!r}: it has {', '.join(names(game))}")

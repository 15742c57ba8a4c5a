"""Each game's bots by name: who may sit at a table, and the seat that plays as them.

>>> names("chemin-de-fer")[:2]
('Anna', 'Boris')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from croupier.bots import banchek, chemin_de_fer, monte_bank, private_monte, punto_banco
from croupier.errors import InvalidInput
from croupier.table import Controller

__all__ = ["bot", "names"]

_ROSTERS: dict[
    str, tuple[Sequence[tuple[str, Any]], Callable[[random.Random, Any], Controller]]
] = {
    "punto-banco": (punto_banco.ROSTER, punto_banco.PuntoBancoBot),
    "chemin-de-fer": (chemin_de_fer.ROSTER, chemin_de_fer.ChemmyBot),
    "monte-bank": (monte_bank.ROSTER, monte_bank.MonteBot),
    "private-monte": (private_monte.ROSTER, private_monte.LayoutBettor.seated),
    "banchek": (banchek.ROSTER, banchek.BanchekBot),
}


def names(game: str) -> tuple[str, ...]:
    """The bots of `game`, in the order they take seats."""
    return tuple(name for name, _ in _ROSTERS[game][0])


def bot(game: str, name: str, rng: random.Random) -> Controller:
    """The bot called `name` at a table of `game`, deciding from `rng`."""
    roster, make = _ROSTERS[game]
    for known, policy in roster:
        if known == name:
            return make(rng, policy)
    raise InvalidInput(f"{game} has no bot {name!r}: it has {', '.join(names(game))}")

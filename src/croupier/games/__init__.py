"""The games, by the names the CLI uses.

>>> get("punto-banco").title
'Punto Banco'
"""

from __future__ import annotations

from typing import Any

from croupier.engine.game import Game
from croupier.errors import InvalidConfig
from croupier.games.banchek import Banchek
from croupier.games.chemin_de_fer import CheminDeFer
from croupier.games.monte_bank import MonteBank
from croupier.games.private_monte import PrivateMonte
from croupier.games.punto_banco import PuntoBanco
from croupier.i18n import _

__all__ = ["get", "names"]

_GAMES: dict[str, Game[Any, Any, Any]] = {
    game.name: game
    for game in (PuntoBanco(), CheminDeFer(), MonteBank(), PrivateMonte(), Banchek())
}


def names() -> tuple[str, ...]:
    """The registered games' names."""
    return tuple(_GAMES)


def get(name: str) -> Game[Any, Any, Any]:
    """The game called `name`; an `InvalidConfig` naming the choices if there is none."""
    try:
        return _GAMES[name]
    except KeyError:
        said = _("there is no game {name!r}: choose from {games}")
        raise InvalidConfig(said.format(name=name, games=", ".join(names()))) from None

"""Each game's shape for the research environments, declared once (`GAMES`): its seats
when none are asked for, the view field whose length is the number of places at the table,
and the caps of its view's variable tuples (see `croupier.rl.encoding`), from its first
view.

>>> GAMES["punto-banco"].seats, GAMES["punto-banco"].places
(2, 'boxes')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from croupier.games.banchek import Banchek
from croupier.games.chemin_de_fer import CheminDeFer
from croupier.games.monte_bank import MonteBank
from croupier.games.private_monte import PrivateMonte
from croupier.games.punto_banco import PuntoBanco
from croupier.rl.encoding import COUNTS

__all__ = ["GAMES", "Shape"]


@dataclass(frozen=True, slots=True)
class Shape:
    """The game called `game` as the environments see it: `seats` when none are asked for,
    `caps` of its view's variable tuples (from its first view), and `places`, the view
    field whose length is the number of places at the table."""

    game: str
    seats: int
    caps: Callable[[Any], dict[str, int]]
    places: str = "seats"


def _punto_banco(v: Any) -> dict[str, int]:
    return {
        "PuntoBancoView.boxes": len(v.boxes),
        "PuntoBancoView.punto.cards": 3,
        "PuntoBancoView.banco.cards": 3,
        "PuntoBancoView.choosers": len(v.boxes),
        "PuntoBancoView.unseen": 10,
    }


def _chemin_de_fer(v: Any) -> dict[str, int]:
    return {
        "ChemmyView.seats": len(v.seats),
        "ChemmyView.stakes": len(v.seats),
        "ChemmyView.punter_cards": 3,
        "ChemmyView.banker_cards": 3,
    }


def _monte(v: Any) -> dict[str, int]:
    return {
        "MonteView.seats": len(v.seats),
        "MonteView.bets": 4 * len(v.seats),
        "MonteView.falls.fallen": 4 + v.rules.extra_cards,
        "MonteView.layout.spots[]": 3,
        "MonteView.seen": COUNTS,
    }


def _banchek(v: Any) -> dict[str, int]:
    return {
        "BanchekView.seats": len(v.seats),
        "BanchekView.order": len(v.seats),
        "BanchekView.hand": 3,
        "BanchekView.shown": len(v.seats),
        "BanchekView.shown[].1": 3,
        "BanchekView.turned": len(v.seats),
        "BanchekView.stakes": len(v.seats),
        "BanchekView.seen": COUNTS,
    }


GAMES: dict[str, Shape] = {
    shape.game: shape
    for shape in (
        Shape(PuntoBanco.name, 2, _punto_banco, places="boxes"),
        Shape(CheminDeFer.name, 2, _chemin_de_fer),
        Shape(MonteBank.name, 3, _monte),
        Shape(PrivateMonte.name, 2, _monte),
        Shape(Banchek.name, 3, _banchek),
    )
}
"""Every game's shape, by the game's name (every game has one)."""

"""The exact odds for the cards a seat has not yet seen, as the terminal's `--odds` shows
them, from the seat's view alone (a spectator's, for one who holds no seat).

Each figure comes from the function of a view that the terminal's odds panel uses
(`croupier.odds.punto_banco.next_coup`, `croupier.odds.private_monte.layouts`,
`croupier.odds.banchek.own_hand`), so there is one definition of each; a view holds nothing
the seat may not know, so neither can the odds. Exact figures
are written as `croupier odds --json` writes them (`croupier.estimate.exact_json`):
`{"value": 0.0123, "fraction": "p/q"}`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from croupier.errors import CroupierError
from croupier.estimate import exact_json
from croupier.games.banchek import Banchek, BanchekView
from croupier.games.monte_bank import MonteView
from croupier.games.private_monte import PrivateMonte
from croupier.games.punto_banco import Bet, PuntoBanco, PuntoBancoView
from croupier.i18n import N_, _
from croupier.odds.banchek import own_hand
from croupier.odds.private_monte import layouts
from croupier.odds.punto_banco import next_coup

__all__ = ["GAMES", "NoOdds", "odds"]


class NoOdds(CroupierError):
    """There are no odds to give from this view: why, in English (a message id), with a
    game's `title` to put in it; `said()` tells it in the context's language."""

    def __init__(self, reason: str, title: str = "") -> None:
        super().__init__(reason.format(title=title))
        self.reason, self.title = reason, title

    def said(self) -> str:
        return _(self.reason).format(title=_(self.title))


def _punto_banco(view: PuntoBancoView) -> dict[str, Any]:
    found = next_coup(view)
    return {
        "cards_left": sum(found.remaining),
        "remaining": list(found.remaining),
        "at_five": str(found.at_five),
        "probability": {bet.value: exact_json(found.probability[bet]) for bet in Bet},
        "house_edge": {bet.value: exact_json(found.house_edge[bet]) for bet in Bet},
    }


def _private_monte(view: MonteView) -> dict[str, Any]:
    if view.layout is None:
        raise NoOdds(N_("no layout is dealt yet: the odds are of a layout's bets"))
    return {
        "seen": len(view.seen),
        "layouts": [
            {
                "row": row.value,
                "cards": [str(card) for card in cards],
                "win": exact_json(found.win),
                "edge": exact_json(found.edge),
            }
            for row, cards, found in layouts(view)
        ],
    }


def _banchek(view: BanchekView) -> dict[str, Any]:
    figures = own_hand(view)
    if figures is None:
        if view.viewer is None:
            raise NoOdds(N_("a spectator holds no cards now: the odds are of the seat's own hand"))
        raise NoOdds(N_("this seat holds no cards now: the odds are of the seat's own hand"))
    win, edge = figures
    return {
        "hand": [str(card) for card in view.hand],
        "win": exact_json(win),
        "edge": exact_json(edge),
    }


GAMES: Mapping[str, Callable[[Any], dict[str, Any]]] = {
    PuntoBanco.name: _punto_banco,
    PrivateMonte.name: _private_monte,
    Banchek.name: _banchek,
}
"""The odds from a view, by the game's name: the games whose terminal shows odds from a view
(`croupier play GAME --odds`); Chemin de Fer and Monte Bank have none."""


def odds(game: str, title: str, view: Any) -> dict[str, Any]:
    """The exact odds from `view` at a table of `game` (its `title`, a message id, for the
    words); `NoOdds` says why there are none."""
    compute = GAMES.get(game)
    if compute is None:
        said = N_(
            "{title} has no exact odds from the table: the terminal's --odds is for "
            "Punto Banco, Private Monte Bank and Banchek"
        )
        raise NoOdds(said, title)
    return compute(view)

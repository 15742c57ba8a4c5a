"""The value of a Punto Banco decision (RULES PB-6, PB-7, PB-13e): a stake, beside the same
stake on each other bet, each worth minus its house edge on the cards not yet shown
(`croupier.odds.punto_banco.next_coup`); the punto side's draw or stand on 5, worth what the
chooser's stakes on all three bets expect after it (`croupier.odds.baccarat_choices`)."""

from __future__ import annotations

from collections.abc import Collection

from croupier.cards import Card
from croupier.engine.actions import Action
from croupier.games.baccarat import BANCO_TABLE
from croupier.games.punto_banco import Bet, PuntoBancoView
from croupier.games.punto_banco.actions import Choose, Stake
from croupier.games.punto_banco.rules import Decision
from croupier.odds.baccarat_choices import punto_on_five
from croupier.odds.punto_banco import house_edges, next_coup
from croupier.review import Choice, Valued

__all__ = ["value"]


def value(view: PuntoBancoView, action: Action, seen: Collection[Card]) -> Valued | None:
    """A stake (PB-6) or the choice on 5 (PB-13e), valued from `view`; None for any other
    action. Punto Banco hides no card from one seat that it shows another, so `view.unseen`
    is all the seat knew."""
    if isinstance(action, Stake):
        edges = next_coup(view).house_edge
        choices = tuple(
            Choice(Stake(bet, action.amount), -action.amount * edges[bet]) for bet in Bet
        )
        return Valued(choices, list(Bet).index(action.bet), stakes=True)
    if isinstance(action, Choose):
        box = view.boxes[view.viewer] if isinstance(view.viewer, int) else None
        if box is None:
            return None
        plays = (Decision.STAND, Decision.DRAW)
        chances = punto_on_five(view.unseen, BANCO_TABLE, banco_natural=True)
        choices = tuple(
            Choice(
                Choose(play),
                -sum(
                    box.stakes[bet] * edge
                    for bet, edge in house_edges(
                        found.punto, found.banco, found.tie, view.rules
                    ).items()
                ),
            )
            for play, found in zip(plays, chances, strict=True)
        )
        return Valued(choices, plays.index(action.decision))
    return None

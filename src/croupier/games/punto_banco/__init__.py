"""Punto Banco (RULES PB-1..PB-14).

The public surface: the game, its rule set and the values its states,
actions, events and views are made of.

Its implementation, private to the package: `_betting`, `_game`, `_seats` and `_state`;
`__all__` names what it offers.
"""

from croupier.games.punto_banco._game import PuntoBanco
from croupier.games.punto_banco._state import Box, Coup, Phase, State
from croupier.games.punto_banco.actions import (
    Choose,
    DeclineTurn,
    OfferTurn,
    PassShoe,
    Stake,
    TurnCards,
    Withdraw,
)
from croupier.games.punto_banco.events import Outcome, PassReason
from croupier.games.punto_banco.rules import (
    Bet,
    CommissionTiming,
    Decision,
    Hand,
    Limits,
    Rules,
    Stakes,
    Tableau,
    TableSize,
    burn_count,
)
from croupier.games.punto_banco.view import BoxView, HandView, PuntoBancoView

__all__ = [
    "Bet",
    "Box",
    "BoxView",
    "Choose",
    "CommissionTiming",
    "Coup",
    "Decision",
    "DeclineTurn",
    "Hand",
    "HandView",
    "Limits",
    "OfferTurn",
    "Outcome",
    "PassReason",
    "PassShoe",
    "Phase",
    "PuntoBanco",
    "PuntoBancoView",
    "Rules",
    "Stake",
    "Stakes",
    "State",
    "TableSize",
    "Tableau",
    "TurnCards",
    "Withdraw",
    "burn_count",
]

"""Chemin de Fer (RULES CF-1..CF-16).

The public surface: the game, its rule set and the values its states,
actions, events and views are made of.

Its implementation, private to the package: `_bank`, `_coup`, `_game`, `_state` and `_view`;
`__all__` names what it offers.
"""

from croupier.games.chemin_de_fer._game import CheminDeFer
from croupier.games.chemin_de_fer._state import Auction, Coup, Phase, State
from croupier.games.chemin_de_fer._view import ChemmyView
from croupier.games.chemin_de_fer.actions import (
    Banco,
    Bid,
    DeclineBank,
    DrawCard,
    GiveUpBank,
    KeepBank,
    OpenBank,
    Pass,
    Stake,
    Stand,
)
from croupier.games.chemin_de_fer.rules import BankerPlay, Hand, Outcome, Rules, Winner

__all__ = [
    "Auction",
    "Banco",
    "BankerPlay",
    "Bid",
    "CheminDeFer",
    "ChemmyView",
    "Coup",
    "DeclineBank",
    "DrawCard",
    "GiveUpBank",
    "Hand",
    "KeepBank",
    "OpenBank",
    "Outcome",
    "Pass",
    "Phase",
    "Rules",
    "Stake",
    "Stand",
    "State",
    "Winner",
]

"""Chemin de Fer (RULES CF-1..CF-16).

The public surface: the game, its rule set and the values its states,
actions, events and views are made of.
"""

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
from croupier.games.chemin_de_fer.game import CheminDeFer
from croupier.games.chemin_de_fer.rules import BankerPlay, Hand, Outcome, Rules, Winner
from croupier.games.chemin_de_fer.state import Auction, Coup, Phase, State
from croupier.games.chemin_de_fer.view import ChemmyView

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

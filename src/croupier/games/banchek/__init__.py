"""Polish Banchek (RULES BN-1..BN-17): two packs, three cards to each punter, and a card
turned against each hand; a bank that passes when it triples or breaks.

The public surface: the game, its rule set, its one rule of play, and the values its
states, actions, events and views are made of.

Its implementation, private to the package: `_game`, `_play` and `_state`; `__all__` names
what it offers.
"""

from croupier.games.banchek._game import Banchek
from croupier.games.banchek._state import Phase, State
from croupier.games.banchek.actions import (
    AddToBank,
    ClaimTurned,
    Peek,
    PlayOn,
    PutUpBank,
    RefuseRiders,
    Ride,
    Stake,
    TakeFromBank,
    TurnEarly,
    Wait,
)
from croupier.games.banchek.rules import HAND, MOST_PUNTERS, Rules, beats, cards, two_packs
from croupier.games.banchek.view import BanchekView

__all__ = [
    "HAND",
    "MOST_PUNTERS",
    "AddToBank",
    "Banchek",
    "BanchekView",
    "ClaimTurned",
    "Peek",
    "Phase",
    "PlayOn",
    "PutUpBank",
    "RefuseRiders",
    "Ride",
    "Rules",
    "Stake",
    "State",
    "TakeFromBank",
    "TurnEarly",
    "Wait",
    "beats",
    "cards",
    "two_packs",
]

"""Monte Bank, club form (RULES MB-1..MB-17).

The public surface: the game, its rule set, the layout and its wagers, and
the values its states, actions, events and views are made of.
"""

from croupier.games.monte_bank.actions import (
    AddToBank,
    CircleBet,
    CrossBet,
    DeclineBank,
    DoublerBet,
    GiveUpBank,
    KeepBank,
    MonteCarloBet,
    Pass,
    PutUpBank,
    ShufflePack,
)
from croupier.games.monte_bank.game import MonteBank
from croupier.games.monte_bank.layout import (
    GROUPS,
    Circle,
    Cross,
    Doubler,
    Falls,
    Fate,
    Kind,
    Layout,
    Spot,
    Wager,
    fate,
)
from croupier.games.monte_bank.rules import Cap, CutOn, Rules
from croupier.games.monte_bank.state import Bet, Phase, State
from croupier.games.monte_bank.view import MonteView

__all__ = [
    "GROUPS",
    "AddToBank",
    "Bet",
    "Cap",
    "Circle",
    "CircleBet",
    "Cross",
    "CrossBet",
    "CutOn",
    "DeclineBank",
    "Doubler",
    "DoublerBet",
    "Falls",
    "Fate",
    "GiveUpBank",
    "KeepBank",
    "Kind",
    "Layout",
    "MonteBank",
    "MonteCarloBet",
    "MonteView",
    "Pass",
    "Phase",
    "PutUpBank",
    "Rules",
    "ShufflePack",
    "Spot",
    "State",
    "Wager",
    "fate",
]

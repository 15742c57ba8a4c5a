"""Private Monte Bank, the suit game (RULES PM-1..PM-8): Monte Bank's table with two
layouts, a gate matched by suit, and up to six deals from one shuffle.

Its implementation, private to the package: `_actions`, `_events` and `_game`; `__all__`
names what it offers.
"""

from croupier.games.private_monte._actions import LayoutBet
from croupier.games.private_monte._events import Discarded, RowBetPlaced
from croupier.games.private_monte._game import PrivateMonte
from croupier.games.private_monte.rules import (
    CARDS_A_DEAL,
    MOST_DEALS,
    UNDEALT,
    PrivateRules,
    Row,
    row_wins,
)

__all__ = [
    "CARDS_A_DEAL",
    "MOST_DEALS",
    "UNDEALT",
    "Discarded",
    "LayoutBet",
    "PrivateMonte",
    "PrivateRules",
    "Row",
    "RowBetPlaced",
    "row_wins",
]

"""Private Monte Bank, the suit game (RULES PM-1..PM-8): Monte Bank's table with two
layouts, a gate matched by suit, and up to six deals from one shuffle."""

from croupier.games.private_monte.actions import LayoutBet
from croupier.games.private_monte.events import Discarded, RowBetPlaced
from croupier.games.private_monte.game import PrivateMonte
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

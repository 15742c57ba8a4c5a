"""The value of a Private Monte decision (RULES PM-4, PM-5, PM-6, PM-8): a stake on a layout,
beside the same stake on the other layout and passing (`Done`, worth nothing); or passing,
beside a stake of the cava on each layout the punter might still have backed. A stake is
worth its amount times the punter's edge on the layout, `2 * win - 1` (it pays 1 to 1, no
cut), the chance of winning counted on every card seen since the shuffle
(`croupier.odds.private_monte.layouts`): what a counter knows (PM-8).
"""

from __future__ import annotations

from collections.abc import Collection
from fractions import Fraction

from croupier.cards import Card
from croupier.engine.actions import Action, Done
from croupier.games.monte_bank import MonteView
from croupier.games.private_monte import LayoutBet
from croupier.odds.private_monte import layouts
from croupier.review import Choice, Valued

__all__ = ["value"]


def value(view: MonteView, action: Action, seen: Collection[Card]) -> Valued | None:
    """A stake on a layout (PM-4) or passing, valued from `view`: its layout and the cards
    it says were seen since the shuffle; None for any other action, and for passing when no
    stake was open to the seat (the banker's, one who backed both layouts)."""
    if not isinstance(action, LayoutBet | Done) or view.layout is None:
        return None
    amount = action.amount if isinstance(action, LayoutBet) else view.rules.cava
    stakes = [
        Choice(LayoutBet(row, amount), amount * odds.edge)
        for row, _, odds in layouts(view)
        if LayoutBet(row, amount) in view.legal
    ]
    if not stakes:
        return None
    choices = (*stakes, Choice(Done(), Fraction(0)))
    chosen = [choice.option for choice in choices].index(action)
    return Valued(choices, chosen, stakes=True, against=view.banker)  # no cut (PM-6)

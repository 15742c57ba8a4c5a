"""Private Monte Bank seats that decide by themselves: a flat bettor, who backs both layouts
on every deal, and a counter, who backs a layout only when the cards seen since the shuffle
make it more likely to win than lose (PM-8). Both bank as Monte Bank's bots do."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import cast

from croupier.bots._registration import GameBots
from croupier.bots.monte_bank import MonteBot, Policy
from croupier.engine.actions import Action, Amounts, Done
from croupier.games.monte_bank import MonteView
from croupier.games.private_monte import LayoutBet, PrivateMonte, Row
from croupier.odds.private_monte import should_bet

__all__ = ["BOTS", "ROSTER", "LayoutBettor"]


class LayoutBettor(MonteBot):
    """A seat backing layouts at its policy's stake: every one, or, `counting`, only those
    the cards seen favour."""

    def __init__(
        self, rng: random.Random, policy: Policy | None = None, *, counting: bool = False
    ) -> None:
        super().__init__(rng, policy)
        self.counting = counting

    @classmethod
    def seated(cls, rng: random.Random, habit: tuple[Policy, bool]) -> LayoutBettor:
        """A bot from a roster entry's policy and whether it counts."""
        policy, counting = habit
        return cls(rng, policy, counting=counting)

    def _bet(self, view: MonteView) -> Action:
        layout = view.layout
        assert layout is not None
        for option in view.legal.of_type(LayoutBet):
            assert isinstance(option, Amounts) and isinstance(option.template, LayoutBet)
            row: Row = option.template.row
            cards = [layout.card(spot) for spot in row.spots]
            if not self.counting or should_bet(cards, view.seen):
                stake = max(option.low, min(self.policy.stake, option.most))
                return cast(Action, option.at(stake))
        return Done()


ROSTER: tuple[tuple[str, tuple[Policy, bool]], ...] = (
    ("Anna", (Policy(monte=600, stake=25), False)),
    ("Boris", (Policy(monte=1000, stake=50), True)),
    ("Clara", (Policy(monte=400, stake=15), False)),
    ("Dmitri", (Policy(monte=1500, stake=100, quit_at=Fraction(3, 2)), True)),
    ("Elena", (Policy(monte=300, stake=10), False)),
    ("Fyodor", (Policy(monte=800, stake=40), True)),
    ("Galina", (Policy(monte=500, stake=20), False)),
    ("Igor", (Policy(monte=2000, stake=150), True)),
)
"""Bots to seat at a table: a name, a policy, and whether it counts the pack."""

BOTS = GameBots(PrivateMonte.name, ROSTER, LayoutBettor.seated)
"""This game's bots, for `croupier.bots.roster`."""

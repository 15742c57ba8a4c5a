"""Chemin de Fer seats that decide by themselves: bidding, banking, calling and staking by a
simple policy, and drawing as the game's equilibrium says (or as the casino tableau does).

The equilibrium comes from the solver (`croupier.solve.chemin_de_fer`, totals known, for
the table's number of decks): the punter draws on 5 with the equilibrium probability, and
the banker draws in each (his total, the punter's third card or "stood") cell with his.
Mixed choices are drawn from the bot's own random stream, so a seeded table replays.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import cast

from croupier.bots._registration import GameBots
from croupier.engine.actions import Action, Amounts, Cut
from croupier.errors import IllegalAction
from croupier.games.baccarat import banco_draws, points, value
from croupier.games.chemin_de_fer import (
    Banco,
    Bid,
    CheminDeFer,
    ChemmyView,
    DeclineBank,
    DrawCard,
    GiveUpBank,
    KeepBank,
    OpenBank,
    Pass,
    Phase,
    Stake,
    Stand,
)

__all__ = ["BOTS", "ROSTER", "ChemmyBot", "Equilibrium", "Play", "Policy", "equilibrium"]


class Play(enum.Enum):
    """How a bot draws: as the equilibrium says, or as the casino tableau does."""

    EQUILIBRIUM = "equilibrium"
    TABLEAU = "tableau"


@dataclass(frozen=True, slots=True)
class Equilibrium:
    """The equilibrium of the coup: the punter's chance of drawing on 5, and the banker's
    chance of drawing by (his total, the punter's third card, None if he stood)."""

    punter_draw_at_5: float
    banker: Mapping[tuple[int, int | None], float]


@cache
def equilibrium(decks: int) -> Equilibrium:
    """The equilibrium for a shoe of `decks` decks, totals known (solved once a process)."""
    from croupier.solve.chemin_de_fer import solve

    solution = solve(decks)
    return Equilibrium(
        float(solution.punter_draw_at_5),
        {cell: float(p) for cell, p in solution.banker.items()},
    )


@dataclass(frozen=True, slots=True)
class Policy:
    """How a bot plays the table.

    `bank`: the bank it bids for or names; `stake`: its usual stake; `banco`: the
    chance it calls banco when it can; `accept`: the chance it takes the bank offered;
    `give_up_at`: it gives up the bank once it has grown to this (None: never);
    `punter` and `banker`: how it draws in each role.
    """

    bank: int = 200
    stake: int = 50
    banco: Fraction = Fraction(1, 5)
    accept: Fraction = Fraction(4, 5)
    give_up_at: int | None = 1600
    punter: Play = Play.EQUILIBRIUM
    banker: Play = Play.EQUILIBRIUM


class ChemmyBot:
    """A seat playing by a `Policy`, with its own random stream."""

    def __init__(self, rng: random.Random, policy: Policy | None = None) -> None:
        self.rng = rng
        self.policy = policy or Policy()

    def refused(self, error: IllegalAction) -> None:
        raise AssertionError(f"the bot tried an illegal action: {error}")

    def decide(self, view: ChemmyView) -> Action | None:
        if not view.legal:
            return None
        phase, policy = view.phase, self.policy
        if phase is Phase.AUCTION:
            return self._amount(view, Bid, policy.bank, Pass())
        if phase is Phase.OFFER:
            if self.rng.random() >= policy.accept:
                return DeclineBank()
            return self._amount(view, OpenBank, policy.bank, DeclineBank())
        if phase is Phase.KEEP:
            done = policy.give_up_at is not None and view.bank >= policy.give_up_at
            return GiveUpBank() if done else KeepBank()
        if phase is Phase.CUT:
            (option,) = view.legal.of_type(Cut)
            assert isinstance(option, Amounts)
            return Cut(self.rng.randint(option.low, option.high))
        if phase is Phase.CALLS:
            calls = Banco() in view.legal and self.rng.random() < policy.banco
            return Banco() if calls else Pass()
        if phase is Phase.STAKES:
            return self._amount(view, Stake, policy.stake, Pass())
        if phase is Phase.PUNTER:
            return self._punter(view)
        return self._banker(view)

    def _amount(
        self, view: ChemmyView, kind: type[Action], wanted: int, otherwise: Action
    ) -> Action:
        for option in view.legal.of_type(kind):
            if isinstance(option, Amounts) and option.low <= wanted:
                return cast(Action, option.at(min(wanted, option.high)))
        return otherwise

    def _punter(self, view: ChemmyView) -> Action:
        if len(view.legal) == 1:  # forced on 0-4 and 6-7 (CF-12)
            (only,) = view.legal
            assert isinstance(only, Action)
            return only
        if self.policy.punter is Play.TABLEAU:
            return DrawCard()
        draws = self.rng.random() < equilibrium(view.rules.decks).punter_draw_at_5
        return DrawCard() if draws else Stand()

    def _banker(self, view: ChemmyView) -> Action:
        own = [card for card in view.banker_cards[:2] if card is not None]
        total = points(own)
        third = view.punter_cards[2] if len(view.punter_cards) == 3 else None
        if self.policy.banker is Play.TABLEAU:
            return DrawCard() if banco_draws(total, third) else Stand()
        cell = (total, None if third is None else value(third))
        draws = self.rng.random() < equilibrium(view.rules.decks).banker[cell]
        return DrawCard() if draws else Stand()


ROSTER: tuple[tuple[str, Policy], ...] = (
    ("Anna", Policy(bank=300, stake=50)),
    ("Boris", Policy(bank=500, stake=100, banco=Fraction(1, 3), banker=Play.TABLEAU)),
    ("Clara", Policy(bank=200, stake=30, give_up_at=800)),
    ("Dmitri", Policy(bank=1000, stake=200, banco=Fraction(1, 2), accept=Fraction(1))),
    ("Elena", Policy(bank=150, stake=20, punter=Play.TABLEAU)),
    ("Fyodor", Policy(bank=400, stake=80, give_up_at=None)),
    ("Galina", Policy(bank=250, stake=40, accept=Fraction(1, 2))),
    ("Igor", Policy(bank=600, stake=150, banker=Play.TABLEAU, banco=Fraction(1, 4))),
    ("Katya", Policy(bank=120, stake=25)),
    ("Lev", Policy(bank=350, stake=60, give_up_at=1000)),
)
"""Bots to seat at a table, each with its own ways."""

BOTS = GameBots(CheminDeFer.name, ROSTER, ChemmyBot)
"""This game's bots, for `croupier.bots.roster`."""

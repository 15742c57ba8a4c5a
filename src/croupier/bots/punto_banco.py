"""A Punto Banco punter that bets by a simple, configurable policy.

On 5, when the choice is its (PB-13e), it plays what the exact calculator
says is better for its two cards against the cards not yet seen
(`croupier.odds.punto_banco.punto_decision`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from croupier.bots._registration import GameBots
from croupier.engine.actions import Action, Amounts, Cut, Done, Leave
from croupier.errors import IllegalAction
from croupier.games.punto_banco import (
    Bet,
    Choose,
    PassShoe,
    Phase,
    PuntoBanco,
    PuntoBancoView,
    Stake,
    TurnCards,
)
from croupier.odds.punto_banco import punto_decision

__all__ = ["BOTS", "ROSTER", "Policy", "PuntoBancoBot"]


@dataclass(frozen=True, slots=True)
class Policy:
    """How a bot bets.

    `bet`: always this bet, or None for punto or banco at random each coup;
    `stake`: chips per bet, or None for the table minimum; `egalite`: the
    chance of adding an égalité stake; `sit_out`: the chance of sitting a
    coup out; `deal`: whether to bet banco alone and deal when offered the
    shoe (PB-8), rather than pass it on.
    """

    bet: Bet | None = None
    stake: int | None = None
    egalite: Fraction = Fraction(1, 10)
    sit_out: Fraction = Fraction(1, 10)
    deal: bool = True


@dataclass(slots=True)
class _Plan:
    coup: int
    main: Bet | None
    egalite: bool


class PuntoBancoBot:
    """A punter playing by a `Policy`, with its own random stream."""

    def __init__(self, rng: random.Random, policy: Policy | None = None) -> None:
        self.rng = rng
        self.policy = policy or Policy()
        self._plan: _Plan | None = None

    def decide(self, view: PuntoBancoView) -> Action | None:
        if not view.legal:
            return None
        if view.phase is Phase.CUT:
            (option,) = view.legal.of_type(Cut)
            assert isinstance(option, Amounts)
            return Cut(self.rng.randint(option.low, option.high))
        if view.phase is Phase.BETTING:
            return self._bet(view)
        if view.phase is Phase.TURN:
            return TurnCards()
        if view.phase is Phase.CHOOSE:
            first, second, *_ = view.punto.cards
            assert first is not None
            assert second is not None
            return Choose(punto_decision(view.unseen, (first, second)))
        return None

    def refused(self, error: IllegalAction) -> None:
        raise AssertionError(f"the bot tried an illegal action: {error}")

    def _bet(self, view: PuntoBancoView) -> Action:
        assert isinstance(view.viewer, int)
        box = view.boxes[view.viewer]
        assert box is not None
        plan = self._plan_for(view)
        holds_shoe = view.holder == view.viewer
        if holds_shoe and not self.policy.deal and PassShoe() in view.legal:
            return PassShoe()
        wanted = [bet for bet in (plan.main, Bet.EGALITE if plan.egalite else None) if bet]
        if holds_shoe and self.policy.deal and plan.main is not None:
            wanted = [Bet.BANCO]  # a punto or égalité stake would pass the shoe (PB-8)
        for bet in wanted:
            if not box.stakes[bet]:
                stake = self._stake(view, bet)
                if stake is not None:
                    return stake
        if not box.stakes.total and box.chips < view.rules.limits(Bet.PUNTO).low:
            return Leave()
        return Done()

    def _plan_for(self, view: PuntoBancoView) -> _Plan:
        if self._plan is None or self._plan.coup != view.coups:
            sits_out = self.rng.random() < self.policy.sit_out
            main = None if sits_out else self.policy.bet or self.rng.choice((Bet.PUNTO, Bet.BANCO))
            egalite = not sits_out and self.rng.random() < self.policy.egalite
            self._plan = _Plan(view.coups, main, egalite)
        return self._plan

    def _stake(self, view: PuntoBancoView, bet: Bet) -> Stake | None:
        for option in view.legal.of_type(Stake):
            if isinstance(option, Amounts) and option.template.bet is bet:
                wanted = self.policy.stake or option.low
                return Stake(bet, max(option.low, min(option.high, wanted)))
        return None


ROSTER: tuple[tuple[str, Policy], ...] = (
    ("Anna", Policy(bet=Bet.BANCO, stake=20)),
    ("Boris", Policy(bet=Bet.PUNTO, stake=50, egalite=Fraction(0))),
    ("Clara", Policy()),
    ("Dmitri", Policy(stake=100, egalite=Fraction(1, 4), deal=False)),
    ("Elena", Policy(bet=Bet.PUNTO, stake=10)),
    ("Fyodor", Policy(bet=Bet.BANCO, stake=30, sit_out=Fraction(1, 3))),
    ("Galina", Policy(stake=25)),
    ("Igor", Policy(bet=Bet.PUNTO, stake=200, egalite=Fraction(0), sit_out=Fraction(1, 2))),
    ("Katya", Policy(stake=15, egalite=Fraction(1, 5))),
    ("Lev", Policy(bet=Bet.BANCO, stake=40, deal=False)),
    ("Masha", Policy()),
    ("Nikolai", Policy(bet=Bet.PUNTO, stake=60)),
    ("Olga", Policy(stake=35, sit_out=Fraction(1, 5))),
    ("Pyotr", Policy(bet=Bet.BANCO, stake=10, egalite=Fraction(1, 3))),
    ("Sonya", Policy(stake=80)),
)
"""Bots to seat at a table: a name and a betting policy each, no two quite alike."""

BOTS = GameBots(PuntoBanco.name, ROSTER, PuntoBancoBot)
"""This game's bots, for `croupier.bots.roster`."""

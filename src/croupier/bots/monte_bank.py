"""Monte Bank seats that decide by themselves: a mix of bets on each layout, and a banker
who gives up the bank by a simple rule."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import cast

from croupier.bots._registration import GameBots
from croupier.engine.actions import Action, Amounts, Cut, Done
from croupier.errors import IllegalAction
from croupier.fairness import CALLS
from croupier.games.monte_bank import (
    CircleBet,
    CrossBet,
    DeclineBank,
    DoublerBet,
    GiveUpBank,
    KeepBank,
    MonteBank,
    MonteCarloBet,
    MonteView,
    Pass,
    Phase,
    PutUpBank,
    ShufflePack,
)

__all__ = ["BOTS", "ROSTER", "MonteBot", "Policy"]

_KINDS = (CircleBet, CrossBet, DoublerBet, MonteCarloBet)


@dataclass(frozen=True, slots=True)
class Policy:
    """How a bot plays.

    `monte`: the bank it puts up; `stake`: its usual stake; `bets`: how many bets it
    places on a layout, at most; `weights`: how often it picks circle, cross, doubler and
    Monte Carlo bets; `quit_at`: it gives up the bank ("aces") once the bank has reached
    this share of what it put up, or fallen to `quit_below` of it; `shuffles`: how often
    it asks to shuffle the pack (MB-5), as often as a bot's house call at a server does.
    """

    monte: int = 500
    stake: int = 20
    bets: int = 2
    weights: tuple[int, int, int, int] = (2, 3, 3, 1)
    quit_at: Fraction = Fraction(2)
    quit_below: Fraction = Fraction(1, 3)
    shuffles: Fraction = Fraction(1, CALLS)


class MonteBot:
    """A seat playing by a `Policy`, with its own random stream."""

    def __init__(self, rng: random.Random, policy: Policy | None = None) -> None:
        self.rng = rng
        self.policy = policy or Policy()
        self._put_up = 0
        self._placed: tuple[int, int] = (-1, 0)  # (deal, bets placed on it)
        self._wanted = 0

    def refused(self, error: IllegalAction) -> None:
        raise AssertionError(f"the bot tried an illegal action: {error}")

    def decide(self, view: MonteView) -> Action | None:
        if not view.legal:
            return None
        phase, policy = view.phase, self.policy
        if phase in (Phase.MONTE, Phase.OFFER):
            for option in view.legal.of_type(PutUpBank):
                assert isinstance(option, Amounts)
                self._put_up = max(option.low, min(policy.monte, option.high))
                return PutUpBank(self._put_up)
            return DeclineBank()
        if phase is Phase.SHUFFLES:
            return ShufflePack() if self.rng.random() < policy.shuffles else Pass()
        if phase is Phase.CUTS:
            if Pass() in view.legal:
                return Pass()
            (option,) = view.legal.of_type(Cut)
            assert isinstance(option, Amounts)
            return Cut(self.rng.randint(option.low, option.high))
        if phase is Phase.BETWEEN:
            grown = view.bank >= policy.quit_at * self._put_up
            shrunk = view.bank < policy.quit_below * self._put_up
            leaves = (grown or shrunk) and GiveUpBank() in view.legal  # PM-8: he may not
            return GiveUpBank() if leaves else KeepBank()
        if view.viewer == view.banker:  # the layout is out: he lets the bets come (MB-15)
            return Done()
        return self._bet(view)

    def _bet(self, view: MonteView) -> Action:
        deal, placed = self._placed
        if deal != view.deals:
            deal, placed = view.deals, 0
            self._wanted = self.rng.randint(0, self.policy.bets)
        if placed >= self._wanted:
            return Done()
        kind = self.rng.choices(_KINDS, weights=self.policy.weights)[0]
        options = [o for o in view.legal.of_type(kind) if isinstance(o, Amounts)]
        if not options:
            return Done()
        self._placed = (deal, placed + 1)
        option = self.rng.choice(options)
        stake = max(option.low, min(self.policy.stake, option.most))
        return cast(Action, option.at(stake))


ROSTER: tuple[tuple[str, Policy], ...] = (
    ("Anna", Policy(monte=600, stake=25)),
    ("Boris", Policy(monte=1000, stake=50, weights=(1, 1, 4, 0))),
    ("Clara", Policy(monte=400, stake=15, weights=(4, 2, 1, 1))),
    ("Dmitri", Policy(monte=1500, stake=100, bets=3, quit_at=Fraction(3, 2))),
    ("Elena", Policy(monte=300, stake=10, weights=(0, 5, 2, 0))),
    ("Fyodor", Policy(monte=800, stake=40, weights=(1, 2, 2, 2))),
    ("Galina", Policy(monte=500, stake=20, quit_below=Fraction(1, 2))),
    ("Igor", Policy(monte=2000, stake=150, bets=1)),
)
"""Bots to seat at a table, each with its own mix of bets."""

BOTS = GameBots(MonteBank.name, ROSTER, MonteBot)
"""This game's bots, for `croupier.bots.roster`."""

"""Banchek seats that decide by themselves: a flat punter, a punter who stakes by his exact
chance, and a rider who joins favourable hands (BN-5, BN-14, BN-15). As banker a bot now and
then turns a card early or peeks (BN-14, BN-17); as punter he always claims a peeked card of
his own, which can only help him, and lets another's be turned as usual."""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import cast

from croupier.bots._registration import GameBots
from croupier.engine.actions import Action, Amounts, Cut, Done, Leave
from croupier.errors import IllegalAction
from croupier.games.banchek import (
    Banchek,
    BanchekView,
    ClaimTurned,
    Peek,
    Phase,
    PlayOn,
    PutUpBank,
    RefuseRiders,
    Ride,
    Stake,
    TurnEarly,
    Wait,
)
from croupier.odds.banchek import seen_chance

__all__ = ["BOTS", "ROSTER", "BanchekBot", "Policy", "Staking"]


class Staking(enum.Enum):
    FLAT = "flat"
    """The same stake on every hand."""
    CHANCE = "chance"
    """The minimum when his exact chance is at most one half; above it, more."""


@dataclass(frozen=True, slots=True)
class Policy:
    """How a bot plays.

    `stake`: the flat stake, or the chance punter's stake on a hand better than even;
    `boldness`: the chance punter adds this share of the bank for each unit of his edge;
    `rides`: he rides hands better than even, at `stake` (BN-15); `refuses_riders`: he
    keeps riders off his cards, and so rides on none (BN-16); `slips`: as banker, the chance
    on each hand that he turns the card early or peeks at it (BN-14, BN-17).
    """

    staking: Staking = Staking.FLAT
    stake: int = 10
    boldness: Fraction = Fraction(1, 2)
    rides: bool = False
    refuses_riders: bool = False
    slips: Fraction = Fraction(1, 40)


class BanchekBot:
    """A seat playing by a `Policy`, with its own random stream."""

    def __init__(self, rng: random.Random, policy: Policy | None = None) -> None:
        self.rng = rng
        self.policy = policy or Policy()

    def refused(self, error: IllegalAction) -> None:
        raise AssertionError(f"the bot tried an illegal action: {error}")

    def decide(self, view: BanchekView) -> Action | None:
        if not view.legal:
            return None
        phase, policy = view.phase, self.policy
        if phase is Phase.BANK:
            return PutUpBank()  # no refusing the bank (BN-11)
        if phase is Phase.CUT:
            (option,) = view.legal.of_type(Cut)
            assert isinstance(option, Amounts)
            return Cut(self.rng.randint(option.low, option.high))
        if phase is Phase.OPEN:
            slip = self.rng.random()
            if slip < policy.slips / 2:
                return TurnEarly()
            return Peek() if slip < policy.slips else Wait()
        if phase is Phase.PEEKED:  # his own card he claims; another's he lets be turned
            return ClaimTurned() if view.punter == view.viewer else PlayOn()
        if phase is Phase.RIDING:
            return self._ride(view)
        if policy.refuses_riders and RefuseRiders() in view.legal:
            return RefuseRiders()
        return self._stake(view)

    def _stake(self, view: BanchekView) -> Action:
        options = [o for o in view.legal.of_type(Stake) if isinstance(o, Amounts)]
        if not options:
            return Leave()  # under the smallest stake: he must leave the game (BN-11)
        (option,) = options
        if view.early is not None:  # BN-14: the minimum on a lost hand, the most on a won one
            return cast(Action, option.at(option.high))
        amount = self.policy.stake
        if self.policy.staking is Staking.CHANCE:
            edge = 2 * seen_chance(view.hand, view) - 1
            bold = self.policy.boldness * edge * view.bank
            amount = option.low if edge <= 0 else max(option.low, self.policy.stake + int(bold))
        return cast(Action, option.at(max(option.low, min(amount, option.high))))

    def _ride(self, view: BanchekView) -> Action:
        shown = dict(view.shown)
        options = [o for o in view.legal.of_type(Ride) if isinstance(o, Amounts)]
        if not (self.policy.rides and options and view.punter in shown):
            return Done()
        (option,) = options
        if seen_chance(shown[view.punter], view) <= Fraction(1, 2):
            return Done()
        return cast(Action, option.at(max(option.low, min(self.policy.stake, option.high))))


ROSTER: tuple[tuple[str, Policy], ...] = (
    ("Jan", Policy(Staking.CHANCE, stake=15, rides=True)),
    ("Zofia", Policy(Staking.FLAT, stake=10)),
    ("Kazimierz", Policy(Staking.CHANCE, stake=25, boldness=Fraction(1))),
    ("Halina", Policy(Staking.FLAT, stake=5, rides=True)),
    ("Tadeusz", Policy(Staking.FLAT, stake=20, refuses_riders=True)),
    ("Wanda", Policy(Staking.CHANCE, stake=10, rides=True, slips=Fraction(1, 20))),
    ("Bolesław", Policy(Staking.FLAT, stake=15)),
    ("Jadwiga", Policy(Staking.CHANCE, stake=20, boldness=Fraction(1, 4), rides=True)),
)
"""Bots to seat at a table: flat and chance punters, riders and one who refuses riders."""

BOTS = GameBots(Banchek.name, ROSTER, BanchekBot)
"""This game's bots, for `croupier.bots.roster`."""

"""Banchek bots: the flat punter, the punter who stakes by his exact chance, the rider, and
a banker who now and then turns early or peeks (BN-5, BN-14, BN-15, BN-16, BN-17)."""

import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction

from croupier.bots.banchek import ROSTER, BanchekBot, Policy, Staking
from croupier.engine import Done, Event
from croupier.games.banchek import Banchek, Ride, Rules, Stake, TurnEarly, Wait, cards
from croupier.games.banchek.events import (
    CardTurned,
    PeekClaimed,
    RidersRefused,
    RiderStaked,
    Staked,
)
from croupier.odds.banchek import hand_odds, seen_chance
from croupier.randomness import stream
from croupier.table import Croupier, Player, Table
from tests.games.banchek.stack import GAME, act, table

HANDS = ["AS AH AD", "2S 3S 2C"]  # a strong hand and a weak one


def test_the_chance_punter_stakes_by_his_exact_chance():  # BN-5
    bot = BanchekBot(random.Random(1), Policy(Staking.CHANCE, stake=10, boldness=Fraction(1)))
    state = act(table(HANDS, "QC 2H"), 0, Wait())
    view = GAME.view(state, 1)
    win = seen_chance(view.hand, view)
    assert win == hand_odds(cards("AS AH AD")).win > Fraction(1, 2)  # nothing seen yet
    assert bot.decide(view) == Stake(10 + int((2 * win - 1) * 100))
    state = act(state, 1, Stake(10))
    weak = GAME.view(act(state, 0, Wait()), 2)
    assert seen_chance(weak.hand, weak) < Fraction(1, 2)
    assert bot.decide(weak) == Stake(5)  # the minimum on a poor hand


def test_the_flat_punter_and_the_early_card():  # BN-14
    flat = BanchekBot(random.Random(1), Policy(Staking.FLAT, stake=20))
    state = act(table(HANDS, "QC"), 0, Wait())
    assert flat.decide(GAME.view(state, 1)) == Stake(20)
    early = GAME.view(act(table(HANDS, "2D"), 0, TurnEarly()), 1)
    assert flat.decide(early) == Stake(50)  # he beats it: half the bank, a sure win


def test_the_rider_joins_only_favourable_hands():  # BN-15
    rider = BanchekBot(random.Random(1), Policy(stake=10, rides=True))
    hands = ["AS AH AD", "2S 3S 2C", "4H 5H 6H"]
    buy_ins = dict.fromkeys(range(4), 1000)
    state = table(hands, "QC 2H", buy_ins=buy_ins, rules=Rules(riders=True))
    state = act(act(state, 0, Wait()), 1, Stake(10))
    assert rider.decide(GAME.view(state, 2)) == Ride(10)  # aces in three suits: good odds
    state = act(act(state, 2, Ride(10)), 3, Done())
    state = act(act(state, 0, Wait()), 2, Stake(10))
    view = GAME.view(state, 3)
    assert rider.decide(view) == Done()  # two spades and a club: no


def test_the_roster_plays_every_kind_of_turn():  # BN-11, BN-15, BN-16, BN-17
    game = Banchek()
    players = {
        seat: Player(
            name, BanchekBot(stream(6, f"bot/{seat}"), replace(policy, slips=Fraction(1, 5)))
        )
        for seat, (name, policy) in enumerate(ROSTER[:5])
    }
    table_ = Table(game, Rules(riders=True), players, buy_ins=dict.fromkeys(players, 2000),
                   seed=6, croupier=Croupier(rounds=60))  # fmt: skip
    events: list[Event] = []
    table_.watch(None, lambda actor, new: events.extend(new))
    table_.run()  # an illegal action by a bot would fail here
    kinds = Counter(type(e).__name__ for e in events)
    assert kinds[RiderStaked.__name__] and kinds[RidersRefused.__name__]
    assert kinds[PeekClaimed.__name__]
    assert any(e.early for e in events if isinstance(e, CardTurned))
    assert len({e.amount for e in events if isinstance(e, Staked)}) > 3
    assert game.chips(table_.state).balanced

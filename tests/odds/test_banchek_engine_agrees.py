"""The Banchek engine, played seeded round after round by flat punters, against the odds
(BN-6, BN-10).

A bank stops after the hand that triples or breaks it, so the hands played are not a fair
sample of hands (a bank that lasts plays more of them), and with the pack never reshuffled
the rounds of one bank repeat its cards. The first two hands of each bank are played
whatever happens, each from a fresh shuffle: they must win as often as `random_hand` says
exactly. How often banks triple must agree with the kernel's simulation
(`croupier.sim.banchek`).
"""

import math
from fractions import Fraction

import numpy as np

from croupier.bots.banchek import BanchekBot, Policy, Staking
from croupier.engine import Event
from croupier.games.banchek import Banchek, Rules
from croupier.games.banchek.events import BankEnded, BankPutUp, Settled, Why
from croupier.odds.banchek import random_hand
from croupier.randomness import stream
from croupier.sim.banchek import Ending, simulate
from croupier.sim.banchek_results import BanchekResults
from croupier.sim.rng import seeded
from croupier.table import Croupier, Player, Table

ROUNDS = 3000
RULES = Rules(seats=3, minimum=5, bank=10)  # no bank ends before its second hand
FLAT = Policy(Staking.FLAT, stake=RULES.minimum, slips=Fraction(0))


def play(seed: int) -> list[Event]:
    game = Banchek()
    players = {
        seat: Player(f"bot{seat}", BanchekBot(stream(seed, f"bot/{seat}"), FLAT))
        for seat in range(RULES.seats)
    }
    table = Table(game, RULES, players, buy_ins=dict.fromkeys(players, 10**6), seed=seed,
                  croupier=Croupier(rounds=ROUNDS))  # fmt: skip
    events: list[Event] = []
    table.watch(None, lambda actor, new: events.extend(new))
    table.run()
    return events


def first_hands(events: list[Event], count: int) -> list[bool]:
    """Whether each bank's first `count` hands won."""
    won: list[bool] = []
    since = count
    for event in events:
        if isinstance(event, BankPutUp):
            since = 0
        elif isinstance(event, Settled) and since < count:
            won.append(event.won)
            since += 1
    return won


def test_the_engine_agrees_with_the_exact_odds_and_the_prospects():
    events = play(seed=12)
    won = first_hands(events, 2)
    p = float(random_hand().win)
    assert len(won) > 2000
    assert abs(sum(won) / len(won) - p) < 4 * math.sqrt(p * (1 - p) / len(won))
    ended = [e.why is Why.TRIPLED for e in events if isinstance(e, BankEnded)]
    # the same table, one rule set: its two punters (seats less the banker's), bank, minimum
    punters = RULES.seats - 1
    counts = simulate(seeded(np.random.SeedSequence(3)), 20_000, punters, "flat", RULES)
    expected = BanchekResults.of(counts.sum(axis=0), punters, "flat", RULES)
    triple = expected.share(Ending.TRIPLED)
    share = sum(ended) / len(ended)
    variance = share * (1 - share) / len(ended) + (triple.margin / 1.96) ** 2
    assert len(ended) > 1000
    assert abs(share - triple.value) < 4 * math.sqrt(variance)

"""The Private Monte engine, played seeded deal after deal by bots, against the odds: a flat
bettor wins as often as the exact first-deal figure says, on every deal of a shuffle, and a
counter does as well as the kernel's simulation, `croupier.sim.private_monte` (PM-5,
PM-8)."""

import math
from collections import defaultdict
from fractions import Fraction

import numpy as np

from croupier.bots.monte_bank import Policy
from croupier.bots.private_monte import LayoutBettor
from croupier.engine import Event
from croupier.games.monte_bank import Fate
from croupier.games.monte_bank.events import BetSettled, BetVoided
from croupier.games.private_monte import PrivateMonte, RowBetPlaced
from croupier.odds.private_monte import first_deal
from croupier.randomness import stream
from croupier.sim.private_monte import simulate
from croupier.sim.private_monte_results import Bettor, PrivateMonteResults
from croupier.sim.rng import seeded
from croupier.table import Croupier, Player, Table

DEALS = 3000
RULES = PrivateMonte().config()
"""The table both the engine and the kernel deal at: one rule set (six deals a shuffle)."""
FLAT, COUNTERS = 0, (1, 2)
RICH = Policy(monte=10**8, stake=10, quit_at=Fraction(10**6), quit_below=Fraction(0))


def play(seed: int) -> dict[int, list[bool]]:
    """Each seat's bets, in order, won or lost."""
    game = PrivateMonte()
    bots = {
        seat: LayoutBettor(stream(seed, f"bot/{seat}"), RICH, counting=seat != FLAT)
        for seat in (FLAT, *COUNTERS)
    }
    players = {seat: Player(f"bot{seat}", bot) for seat, bot in bots.items()}
    table = Table(game, RULES, players, buy_ins=dict.fromkeys(players, 10**9),
                  seed=seed, croupier=Croupier(rounds=DEALS))  # fmt: skip
    events: list[Event] = []
    table.watch(None, lambda actor, new: events.extend(new))
    table.run()
    seats: dict[int, int] = {}
    results: dict[int, list[bool]] = defaultdict(list)
    for event in events:
        if isinstance(event, RowBetPlaced):
            seats[event.number] = event.seat
        elif isinstance(event, BetSettled):
            results[seats[event.number]].append(event.fate is Fate.WIN)
        elif isinstance(event, BetVoided):  # only a winner the bank cannot pay is void
            results[seats[event.number]].append(True)
    return results


def test_the_engine_agrees_with_the_exact_odds_and_the_simulation():
    results = play(seed=8)
    flat = results[FLAT]
    p = float(first_deal().win)
    assert len(flat) > 3000
    assert abs(sum(flat) / len(flat) - p) < 4 * math.sqrt(p * (1 - p) / len(flat))
    counted = [won for seat in COUNTERS for won in results[seat]]
    edge = sum(1 if won else -1 for won in counted) / len(counted)
    counts = simulate(seeded(np.random.SeedSequence(2)), 50_000, RULES).sum(axis=0)
    expected = PrivateMonteResults.of(counts, RULES).edge(Bettor.COUNTER)
    assert expected is not None
    error = math.sqrt((1 - edge**2) / len(counted) + (expected.margin / 1.96) ** 2)
    assert len(counted) > 1000
    assert abs(edge - expected.value) < 4 * error

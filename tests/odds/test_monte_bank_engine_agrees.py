"""The Monte Bank engine, played seeded deal after deal, against the exact odds (MB-9, MB-13).

A punter places one bet of every kind on every layout, picked at random; how often each
kind wins, and wins on the gate, must agree with `bet_table` within four standard errors.
"""

import random
from collections import Counter

from croupier.engine import CHANCE, HOUSE, Action, CloseBets, Cut, Done, Drawing
from croupier.games.monte_bank import (
    GROUPS,
    CircleBet,
    CrossBet,
    DoublerBet,
    KeepBank,
    Kind,
    MonteBank,
    Pass,
    Phase,
    PutUpBank,
    Rules,
    Spot,
    State,
)
from croupier.games.monte_bank.events import BetSettled
from croupier.odds.monte_bank import BetKind, bet_table
from croupier.randomness import RandomShuffler

GAME = MonteBank()
DEALS = 2500
PUNTER = 1


Tally = Counter[tuple[BetKind, Kind]]


def play(seed: int) -> tuple[Tally, Tally, Tally]:
    """Deal after deal; the punter's bets, settled, counted by (bet kind, layout kind)."""
    rng = random.Random(seed)
    shuffler = RandomShuffler.seeded(seed)
    state = GAME.start(Rules(cava=10, minimum_monte=100), {0: 10**9, PUNTER: 10**9})
    placed: dict[int, tuple[BetKind, Kind]] = {}
    n: Tally = Counter()
    wins: Tally = Counter()
    gates: Tally = Counter()
    while state.deals < DEALS:
        actor, action = next_step(state, rng, shuffler, placed)
        state, events = GAME.apply(state, actor, action)
        for event in events:
            if isinstance(event, BetSettled):
                key = placed.pop(event.number)
                n[key] += 1
                wins[key] += event.fate.value == "win"
                gates[key] += event.cut > 0  # the house cuts gate wins (MB-13)
    return n, wins, gates


def next_step(state: State, rng, shuffler, placed):
    actors = GAME.to_act(state)
    if CHANCE in actors:
        node = GAME.chance(state)
        return CHANCE, node.sample() if isinstance(node, Drawing) else node.sample(shuffler)
    if state.phase is Phase.BETTING:
        if PUNTER in actors:
            return PUNTER, a_bet(state, rng, placed)
        return HOUSE, CloseBets()
    (actor,) = actors
    if state.phase is Phase.MONTE:
        return actor, PutUpBank(10**8)
    if state.phase is Phase.CUTS and Pass() not in GAME.legal_actions(state, actor):
        return actor, Cut(rng.randint(1, 39))
    return actor, KeepBank() if state.phase is Phase.BETWEEN else Pass()


def a_bet(state: State, rng, placed) -> Action:
    """One bet of each kind not yet placed on this layout, at random; then Done."""
    layout = state.layout
    assert layout is not None
    name = {spot: layout.spots[spot][0] for spot in Spot}
    stack = layout.stack
    plain = [spot for spot in Spot if spot != stack]
    made = {kind for kind, _ in placed.values()}
    for kind in BetKind:
        if kind in made or (kind is BetKind.CROSS_STACKED and stack is None):
            continue
        placed[state.placed + 1] = (kind, layout.kind)
        if kind is BetKind.CIRCLE:
            return CircleBet(name[rng.choice(list(Spot))], 10)
        if kind is BetKind.DOUBLER:
            group = rng.choice(list(GROUPS.values()))
            first, second = (name[spot] for spot in Spot if spot in group)
            return DoublerBet(first, second, 10)
        pool = plain if kind is BetKind.CROSS else [stack, rng.choice(plain)]
        backed, against = rng.sample(pool, 2)
        return CrossBet(name[backed], name[against], 10)
    return Done()


def test_the_engine_agrees_with_the_exact_odds():  # MB-9, MB-10, MB-13
    table = bet_table()
    n, wins, gates = play(seed=2026)
    checked = 0
    for (kind, layout), count in n.items():
        if count < 40:
            continue
        odds = table.odds[kind][layout]
        for hits, p in ((wins[kind, layout], odds.win), (gates[kind, layout], odds.win_on_gate)):
            sd = (float(p) * (1 - float(p)) / count) ** 0.5
            assert abs(hits / count - float(p)) <= 4 * sd, (kind, layout, hits, count, p)
        checked += 1
    assert checked >= 6  # every kind on plain layouts, and some on stacked ones

"""How fast croupier plays Banchek banks and counts a hand's odds, beside plain loops.

    .venv/bin/python benchmarks/odds_banchek.py [--banks N] [--punters P]

Baselines: the straightforward code written below. For the banker's prospects: shuffle
the two packs with `random.Random`, deal each bank card by card from a deque, settle each
hand with the rules' own `beats`, put the round's cards under the pack (BN-9), against flat
punters; croupier's side is the numba kernel `croupier.sim.banchek.simulate`, which
`croupier odds banchek` runs (compiled once before the clock starts). For one hand's
exact odds: scan every unknown card of the two packs with `beats`; croupier's `hand_odds`
counts the kinds the hand beats. Both sides report their figures, on the same machine in
one run.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections import deque
from fractions import Fraction

import numpy as np

from croupier.cards import Card
from croupier.games.banchek.rules import HAND, MOST_PUNTERS, Rules, beats, cards, two_packs
from croupier.odds.banchek import hand_odds
from croupier.sim.banchek import Ending, simulate
from croupier.sim.banchek_results import BanchekResults
from croupier.sim.rng import seeded


def baseline_bank(rng: random.Random, punters: int, rules: Rules) -> bool:
    """One bank at the table `rules` against flat punters, card by card: whether it
    tripled."""
    order = list(two_packs())
    rng.shuffle(order)
    pack = deque(order)
    money, minimum = rules.bank, rules.minimum
    while True:
        hands: list[list[Card]] = [[] for _ in range(punters)]
        for _ in range(HAND):
            for hand in hands:
                hand.append(pack.popleft())
        turned = []
        for hand in hands:
            stake = min(minimum, money)
            card = pack.popleft()
            turned.append(card)
            money += -stake if beats(hand, card) else stake
            if money <= 0 or money >= rules.tripled:
                return money > 0
        pack.extend([card for hand in hands for card in hand] + turned)


def baseline_hand(hand: tuple[Card, ...], gone: tuple[Card, ...]) -> Fraction:
    """A hand's exact chance, by scanning every unknown card."""
    unknown = list(two_packs())
    for card in (*hand, *gone):
        unknown.remove(card)
    return Fraction(sum(beats(hand, card) for card in unknown), len(unknown))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--banks", type=int, default=20_000)
    parser.add_argument("--punters", type=int, default=4)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}")
    # the usual table, with seats enough for the punters (BN-1)
    rules = Rules(seats=min(max(Rules().seats, args.punters + 1), MOST_PUNTERS + 1))

    few = max(2, args.banks // 20)
    rng = random.Random("banchek/1")
    start = time.perf_counter()
    tripled = sum(baseline_bank(rng, args.punters, rules) for _ in range(few))
    plain = (time.perf_counter() - start) / few
    print(
        f"baseline, a plain loop:  {plain * 1e6:9.1f} µs a bank ({few:,} banks, "
        f"{args.punters} flat punters); tripled {tripled / few:.4f}"
    )
    simulate(seeded(np.random.SeedSequence(0)), 10, args.punters, "flat", rules)  # compiled
    start = time.perf_counter()
    counts = simulate(seeded(np.random.SeedSequence(1)), args.banks, args.punters, "flat", rules)
    fast = (time.perf_counter() - start) / args.banks
    results = BanchekResults.of(counts.sum(axis=0), args.punters, "flat", rules)
    low, high = results.share(Ending.TRIPLED).interval
    rounds = results.rounds()
    print(
        f"croupier, numba kernel:  {fast * 1e6:9.1f} µs a bank ({args.banks:,} banks); "
        f"tripled {results.share(Ending.TRIPLED).value:.4f} ({low:.4f} to {high:.4f}), "
        f"{rounds.value if rounds else float('nan'):.2f} rounds"
    )
    print(f"ratio: croupier is {plain / fast:,.0f}x the baseline for the prospects")

    hand, gone = cards("7D KC 5D"), cards("AS KS 2H 9D 9D")
    repeats = 2_000
    start = time.perf_counter()
    for _ in range(repeats):
        scanned = baseline_hand(hand, gone)
    plain = (time.perf_counter() - start) / repeats
    start = time.perf_counter()
    for _ in range(repeats):
        counted = hand_odds(hand, gone).win
    fast = (time.perf_counter() - start) / repeats
    assert scanned == counted
    print(f"baseline, scanning every unknown card: {plain * 1e6:7.1f} µs a hand ({scanned})")
    print(f"croupier, counting by kind:            {fast * 1e6:7.1f} µs a hand ({counted})")
    print(f"ratio: croupier is {plain / fast:,.1f}x the baseline for one hand's odds")


if __name__ == "__main__":
    main()

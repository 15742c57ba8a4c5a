"""How fast croupier simulates Private Monte's counter (`croupier odds private-monte`),
beside a plain loop.

    .venv/bin/python benchmarks/odds_private_monte.py [--shuffles N]

Baseline: the straightforward loop written below: shuffle a 40-card pack with
`random.Random`, deal six layouts and gates from it by hand, and ask the exact
`should_bet` (in `Fraction`s) of every layout. croupier's side is the numba kernel
`croupier.sim.private_monte.simulate`, which the odds command runs (compiled once
before the clock starts, as its on-disk cache does after the first run). Both count
the counter's bets and wins; the figures are compared per shuffle, on the same
machine in one run.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

import numpy as np

from croupier.cards import Card, monte_pack
from croupier.games.private_monte import PrivateRules, row_wins
from croupier.odds.private_monte import should_bet
from croupier.sim.private_monte import simulate
from croupier.sim.private_monte_results import Bettor, PrivateMonteResults
from croupier.sim.rng import seeded


def baseline(shuffles: int, seed: int, rules: PrivateRules) -> tuple[int, int]:
    """The counter's bets and net result over `shuffles` shuffles of the rules' deals, one
    card at a time."""
    deals = rules.deals_per_bank or 0
    rng = random.Random(seed)
    pack = list(monte_pack())
    bets = net = 0
    for _ in range(shuffles):
        rng.shuffle(pack)
        seen: list[Card] = []
        for k in range(deals):
            top = [pack[-1 - 3 * k], pack[-2 - 3 * k]]
            bottom = [pack[2 * k], pack[2 * k + 1]]
            gate = pack[-3 - 3 * k]
            seen += top + bottom
            for layout in (top, bottom):
                if should_bet(layout, seen):
                    bets += 1
                    net += 1 if row_wins(layout, gate) else -1
            seen.append(gate)
    return bets, net


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shuffles", type=int, default=200_000)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}")

    few = max(2, args.shuffles // 100)
    start = time.perf_counter()
    rules = PrivateRules()  # six deals a shuffle, as the odds command deals
    bets, net = baseline(few, seed=1, rules=rules)
    plain = (time.perf_counter() - start) / few
    print(
        f"baseline, a plain loop:  {plain * 1e6:9.1f} µs a shuffle ({few:,} shuffles); "
        f"counter's edge {net / bets:+.4f} on {bets:,} bets"
    )

    simulate(seeded(np.random.SeedSequence(0)), 10, rules)  # compiled, or loaded from the cache
    start = time.perf_counter()
    counts = simulate(seeded(np.random.SeedSequence(1)), args.shuffles, rules)
    fast = (time.perf_counter() - start) / args.shuffles
    results = PrivateMonteResults.of(counts.sum(axis=0), rules)
    edge = results.edge(Bettor.COUNTER)
    assert edge is not None
    print(
        f"croupier, numba kernel:  {fast * 1e6:9.3f} µs a shuffle ({args.shuffles:,} shuffles); "
        f"counter's edge {edge.value:+.4f} ± {edge.margin:.4f} on "
        f"{results.bets(Bettor.COUNTER):,} bets"
    )
    print(f"ratio: croupier is {plain / fast:,.0f}x the baseline")


if __name__ == "__main__":
    main()

"""How fast croupier simulates, hands a second on one core, beside plain Python.

    .venv/bin/python benchmarks/simulate.py [--hands N]

Baseline: the straightforward pure-Python simulation written below: shuffle an 8-deck shoe
with `random.Random.shuffle`, burn as PB-4 says, and deal coups by the rules of PB-12 and
PB-13 (punto draws on 5) until the cut card, ten from the bottom, comes out. croupier's
numba kernel (`croupier.sim.punto_banco.simulate`) deals the same shoes. Both are timed
here, in the same run; the goal for Punto Banco is 8e7 hands a second on one core.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

import numpy as np

from croupier.games.baccarat import BANCO_DRAWS_ON
from croupier.sim._rng import seeded
from croupier.sim.punto_banco import shoe_values, simulate

GOAL = 8e7


def baseline(hands: int, seed: int) -> list[int]:
    """Punto, banco and tie wins over `hands` coups, one card at a time."""
    rng = random.Random(seed)
    shoe = [int(v) for v in shoe_values(8)]
    wins = [0, 0, 0]
    done = 0
    while done < hands:
        rng.shuffle(shoe)
        first = shoe[0]
        i = 1 + (10 if first == 0 else first)
        while done < hands:
            p = (shoe[i] + shoe[i + 2]) % 10
            b = (shoe[i + 1] + shoe[i + 3]) % 10
            i += 4
            if p < 8 and b < 8:
                third = None
                if p <= 5:
                    third = shoe[i]
                    i += 1
                    p = (p + third) % 10
                if (b <= 5) if third is None else third in BANCO_DRAWS_ON[b]:
                    b = (b + shoe[i]) % 10
                    i += 1
            wins[0 if p > b else 1 if b > p else 2] += 1
            done += 1
            if i > len(shoe) - 10:
                break
    return wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000_000)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, one core")

    few = max(1000, args.hands // 500)
    start = time.perf_counter()
    wins = baseline(few, seed=1)
    plain = few / (time.perf_counter() - start)
    print(
        f"baseline, plain Python: {plain:14,.0f} hands/s ({few:,} hands; banco {wins[1] / few:.4f})"
    )

    state = seeded(np.random.SeedSequence(1))
    simulate(state, 10_000)  # compile, or load the compiled kernel
    best = 0.0
    for _ in range(3):
        start = time.perf_counter()
        counts = simulate(state, args.hands).sum(axis=0)
        best = max(best, args.hands / (time.perf_counter() - start))
    print(
        f"croupier, numba kernel: {best:14,.0f} hands/s ({args.hands:,} hands, best of 3; "
        f"banco {counts[1] / args.hands:.4f})"
    )
    print(f"ratio: croupier is {best / plain:,.0f}x the baseline; {best / GOAL:.2f} of the goal")


if __name__ == "__main__":
    main()

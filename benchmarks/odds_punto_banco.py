"""How fast croupier answers Punto Banco's exact odds, beside a plain enumeration.

    .venv/bin/python benchmarks/odds_punto_banco.py [--compositions N]

Baseline: the straightforward pure-Python enumeration written below: every
ordered sequence of card values for punto's and banco's first two cards,
then each third card the coup asks for, weighted by how many cards of each
value remain, in exact integers, each coup played by the one coup
(`croupier.games.baccarat.coup`). croupier's exact path (`exact`) and fast path
(`probabilities`, numba-compiled floats, and the same code in plain Python)
answer the same question; every answer is checked against the baseline's.
Timed: a fresh eight-deck shoe, and random mid-shoe compositions (a shuffled
eight-deck shoe with 0 to 300 cards dealt). Goal for the fast path: 150 µs
or less per composition on this machine.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from croupier.games.baccarat import BANCO_TABLE, PUNTO_RULE, coup
from croupier.odds.punto_banco import exact, probabilities, shoe_counts


def baseline(counts: Sequence[int]) -> tuple[int, int, int]:
    """Ordered sequences of six cards behind punto, banco and a tie: one loop per card, each
    coup played by the one coup (`croupier.games.baccarat.coup`, plain Python), punto
    drawing on 5; a coup that takes fewer cards counts every way the rest could lie."""
    r = list(counts)
    n = sum(r)
    wins = [0, 0, 0]
    seq = [0] * 6

    def take(v: int) -> int:
        w = r[v]
        r[v] -= 1
        return w

    def deal(k: int, w: int) -> None:
        """Cards `k` on of `seq`, dealt as the coup asks for them."""
        result, _, dealt, _ = coup(seq, 0, PUNTO_RULE, True, BANCO_TABLE)
        if dealt <= k:  # no more cards taken: the rest may lie any way
            for left in range(k, 6):
                w *= n - left
            wins[result] += w
            return
        for v in range(10):
            wv = take(v)
            if wv > 0:
                seq[k] = v
                deal(k + 1, w * wv)
            r[v] += 1
        seq[k] = 0

    for first in range(10 * 10 * 10 * 10):
        p1, b1, p2, b2 = first // 1000, first // 100 % 10, first // 10 % 10, first % 10
        w = take(p1)
        w *= take(b1)
        w *= take(p2)
        w *= take(b2)
        if w > 0:
            seq[:4] = [p1, b1, p2, b2]
            deal(4, w)
        for v in (p1, b1, p2, b2):
            r[v] += 1
    return wins[0], wins[1], wins[2]


def compositions(count: int, seed: int = 1) -> list[list[int]]:
    rng = random.Random(seed)
    shoe = [v for v, n in enumerate(shoe_counts(8)) for _ in range(n)]
    found = []
    for _ in range(count):
        rng.shuffle(shoe)
        left = shoe[rng.randint(0, 300) :]
        found.append([left.count(v) for v in range(10)])
    return found


def timed(work: Callable[[], Any], repeat: int = 1) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        work()
    return (time.perf_counter() - start) / repeat


def row(label: str, seconds: float, baseline: float | None = None) -> None:
    """One timing, in ms or µs, and how many times faster than the baseline."""
    shown = f"{seconds * 1e6:10.1f} µs" if seconds < 1e-3 else f"{seconds * 1e3:10.2f} ms"
    ratio = f"{baseline / seconds:8.0f}x the baseline" if baseline else ""
    print(f"  {label:<30}{shown}{ratio}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--compositions", type=int, default=1000)
    count = parser.parse_args().compositions
    print(f"{platform.machine()}, Python {platform.python_version()}")
    fresh = list(shoe_counts(8))
    probabilities(fresh)  # compile once, outside the timing

    checked = compositions(3, seed=2)
    for counts in [fresh, *checked]:
        expect = baseline(counts)
        got = exact(counts).sequences
        assert tuple(got.values()) == expect, (counts, got, expect)
        total = sum(expect)
        fast = probabilities(counts)
        assert all(abs(f - e / total) < 1e-12 for f, e in zip(fast, expect, strict=True))
    print("answers agree with the baseline on a fresh shoe and 3 mid-shoe compositions")

    slow_fresh = timed(lambda: baseline(fresh))
    exact_fresh = timed(lambda: exact(fresh), 20)
    fast_fresh = timed(lambda: probabilities(fresh), 200)
    plain_fresh = timed(lambda: probabilities(fresh, compiled=False), 20)
    print("\nfresh 8-deck shoe:")
    row("baseline (plain enumeration)", slow_fresh)
    row("exact (Fractions)", exact_fresh, slow_fresh)
    row("fast, numba", fast_fresh, slow_fresh)
    row("fast, plain Python", plain_fresh, slow_fresh)

    many = compositions(count)
    sample = many[:3]
    slow_mid = timed(lambda: [baseline(c) for c in sample]) / len(sample)
    exact_mid = timed(lambda: [exact(c) for c in many[:100]]) / min(100, len(many))
    start = time.perf_counter()
    for counts in many:
        probabilities(counts)
    fast_mid = (time.perf_counter() - start) / len(many)
    print(f"\nrandom mid-shoe compositions ({count} for the fast path):")
    row("baseline (plain enumeration)", slow_mid)
    row("exact (Fractions)", exact_mid, slow_mid)
    row("fast, numba", fast_mid, slow_mid)
    verdict = "meets" if fast_mid <= 150e-6 else "misses"
    print(f"\nthe fast path {verdict} the goal of 150 µs a composition ({fast_mid * 1e6:.0f} µs)")


if __name__ == "__main__":
    main()

"""How fast croupier solves the Chemin de Fer coup, beside a plain enumeration.

    .venv/bin/python benchmarks/solve_chemin_de_fer.py [--decks N]

Baseline: the straightforward pure-Python enumeration written below of the
totals model's cell payoffs: every ordered sequence of values for the
punter's and the banker's first two cards, then the punter's third card and
the banker's, weighted by how many cards of each value remain, in exact
integers, with no use of the symmetry between the orders of two cards. Its
answer is checked against croupier's (`coup_payoffs` and `coup_game`, which
take the two-card hands as unordered pairs), timed on `--decks` decks (6 by
default). Then the whole solution, enumeration included, for an infinite,
a 6-deck and an 8-deck shoe, in both models: totals (exact) and cards (a
linear program in floats).
"""

from __future__ import annotations

import argparse
import platform
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from croupier.games.baccarat import PUNTO_RULE, PuntoRule, shoe_values
from croupier.solve.chemin_de_fer import Column, Info, solve
from croupier.solve.chemin_de_fer_payoffs import coup_game, coup_payoffs

Lines = dict[tuple[int, Column], list[int]]  # stand constant, stand slope, draw ditto


def baseline(decks: int) -> tuple[int, Lines]:
    """The punter's net wins from naturals, and the lines of each banker's cell (by
    totals), in ordered six-card sequences: one loop per card."""
    r = list(shoe_values(decks))
    n = sum(r)
    natural = [0]
    lines: Lines = {}

    def take(v: int) -> int:
        w = r[v]
        r[v] -= 1
        return w

    def sign(q: int, b: int) -> int:
        return (q > b) - (q < b)

    def add(cell: tuple[int, Column], stand: int, draw: int, five: bool, stood: bool) -> None:
        line = lines.setdefault(cell, [0, 0, 0, 0])
        if not five:
            line[0] += stand
            line[2] += draw
        elif stood:  # worth 1 - x
            line[0] += stand
            line[1] -= stand
            line[2] += draw
            line[3] -= draw
        else:  # worth x
            line[1] += stand
            line[3] += draw

    def settle(p: int, b: int, w: int) -> None:
        rule = PUNTO_RULE[p]
        if PuntoRule.NATURAL in (rule, PUNTO_RULE[b]):
            natural[0] += w * (n - 4) * (n - 5) * sign(p, b)
            return
        five = rule is PuntoRule.CHOOSE
        if rule is not PuntoRule.DRAW:  # he may stand (CF-12)
            stand = w * (n - 4) * (n - 5) * sign(p, b)
            draw = sum(w * r[d] * (n - 5) * sign(p, (b + d) % 10) for d in range(10))
            add((b, None), stand, draw, five, True)
        if rule is not PuntoRule.STAND:  # he may draw
            for c in range(10):
                wc = take(c)
                if wc > 0:
                    q = (p + c) % 10
                    stand = w * wc * (n - 5) * sign(q, b)
                    draw = sum(w * wc * r[d] * sign(q, (b + d) % 10) for d in range(10))
                    add((b, c), stand, draw, five, False)
                r[c] += 1

    for p1 in range(10):
        for b1 in range(10):
            for p2 in range(10):
                for b2 in range(10):
                    w = take(p1) * take(b1) * take(p2) * take(b2)
                    if w > 0:
                        settle((p1 + p2) % 10, (b1 + b2) % 10, w)
                    for v in (p1, b1, p2, b2):
                        r[v] += 1
    return natural[0], lines


def ours(decks: int) -> tuple[int, Lines]:
    """The same question, answered by croupier's enumeration."""
    game = coup_game(coup_payoffs(decks), lambda pair: sum(pair) % 10)
    return game.natural, {
        cell: [stand.constant, stand.slopes[0], draw.constant, draw.slopes[0]]
        for cell, (stand, draw) in game.cells.items()
    }


def timed(work: Callable[[], Any], repeat: int = 1) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        work()
    return (time.perf_counter() - start) / repeat


def row(label: str, seconds: float, baseline: float | None = None) -> None:
    """One timing, in ms, and how many times faster than the baseline."""
    ratio = f"{baseline / seconds:8.0f}x the baseline" if baseline else ""
    print(f"  {label:<40}{seconds * 1e3:10.1f} ms{ratio}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decks", type=int, default=6)
    decks = parser.parse_args().decks
    print(f"{platform.machine()}, Python {platform.python_version()}")

    expect = baseline(decks)
    assert ours(decks) == expect
    print(f"cell payoffs agree with the baseline on {decks} decks")
    slow = timed(lambda: baseline(decks))
    fast = timed(lambda: ours(decks), 10)
    print(f"\ncell payoffs of the totals model, {decks} decks:")
    row("baseline (ordered sequences)", slow)
    row("croupier (unordered pairs)", fast, slow)

    print("\nsolving, enumeration included:")
    for shoe in (None, 6, 8):
        name = "infinite shoe" if shoe is None else f"{shoe} decks"
        row(f"{name}, totals (exact)", timed(partial(solve, shoe, Info.TOTALS), 5))
        row(f"{name}, cards (linear program)", timed(partial(solve, shoe, Info.CARDS), 5))


if __name__ == "__main__":
    main()

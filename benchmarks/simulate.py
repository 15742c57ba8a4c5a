"""How fast croupier simulates each game on one core, beside plain Python.

    .venv/bin/python benchmarks/simulate.py [--scale X]

Each baseline is a straightforward pure-Python simulation of the same game, written below:
Python's `random.Random` shuffles, plain loops, one card at a time (the baccarat games'
play the one coup, `croupier.games.baccarat.coup`, uncompiled; Monte Bank's uses the
engine's own pure functions for the layout and the falls). croupier's numba kernels
(`croupier.sim`) deal the same games. Both are timed here, in the same run, on one core;
the kernels best of three after a warm-up. The goal for Punto Banco is 8e7 hands a second.
Sessions (`--sessions`) are timed in hands dealt: sessions of 500 coups, the bankroll
walked coup by coup.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from croupier.cards import monte_pack
from croupier.games.baccarat import BANCO_TABLE, PUNTO_RULE, coup
from croupier.games.banchek.rules import beats, two_packs
from croupier.games.monte_bank.deal import Void, layout_step
from croupier.games.monte_bank.layout import Falls, Layout, fate
from croupier.odds.monte_bank import BetKind, wagers
from croupier.shoe import End
from croupier.sim import banchek, chemin_de_fer, monte_bank, private_monte, punto_banco
from croupier.sim.rng import seeded
from croupier.sim.sessions import Plan

GOAL = 8e7


def baccarat(hands: int, seed: int, decks: int, burn: Callable[[int], int]) -> int:
    """Coups dealt shoe after shoe, each shoe to its cut card."""
    rng = random.Random(seed)
    shoe = [int(v) for v in punto_banco.shoe_values(decks)]
    done = 0
    while done < hands:
        rng.shuffle(shoe)
        i = burn(shoe[0])
        while done < hands:
            _, _, dealt, _ = coup(shoe, i, PUNTO_RULE, True, BANCO_TABLE)
            i += dealt
            done += 1
            if i > len(shoe) - 10:
                break
    return done


SESSION = 500
"""Coups in a benchmarked session."""


def sessions(hands: int, seed: int) -> int:
    """Punto Banco sessions of `SESSION` coups from a fresh shoe, 20 on banco from 1,000
    chips, the money walked coup by coup while it covers the stake."""
    rng = random.Random(seed)
    shoe = [int(v) for v in punto_banco.shoe_values(8)]
    for _ in range(max(1, hands // SESSION)):
        money, i = 1000, len(shoe)
        for _ in range(SESSION):
            if i > len(shoe) - 10:
                rng.shuffle(shoe)
                i = 1 + (10 if shoe[0] == 0 else shoe[0])
            result, _, dealt, _ = coup(shoe, i, PUNTO_RULE, True, BANCO_TABLE)
            i += dealt
            if money >= 20:
                money += (-20, 19, 0)[result]  # punto, banco, tie
    return max(1, hands // SESSION) * SESSION


def private(shuffles: int, seed: int) -> int:
    """Six deals a shuffle; the counter's rule in whole numbers."""
    rng = random.Random(seed)
    pack = [card.suit for card in monte_pack()]
    for _ in range(shuffles):
        rng.shuffle(pack)
        left = dict.fromkeys(set(pack), 10)
        top, bottom = 0, len(pack) - 1
        for _deal in range(6):
            layouts = ((pack[bottom], pack[bottom - 1]), (pack[top], pack[top + 1]))
            gate = pack[bottom - 2]
            top, bottom = top + 2, bottom - 3
            for card in (*layouts[0], *layouts[1]):
                left[card] -= 1
            unseen = sum(left.values())
            for layout in layouts:
                covered = sum(left[suit] for suit in set(layout))
                _bet, _won = 2 * covered > unseen, gate in layout
            left[gate] -= 1
    return shuffles


def banks(count: int, seed: int) -> int:
    """Two flat punters, a bank of 100, stakes of 5, until it triples or breaks."""
    rng = random.Random(seed)
    pack = list(two_packs())
    for _ in range(count):
        rng.shuffle(pack)
        cards = list(pack)
        bank = 100
        for _round in range(10_000):  # a bank may never end (see croupier.odds.banchek)
            hands = [cards[k::2][:3] for k in range(2)]
            turned = cards[6:8]
            for hand, card in zip(hands, turned, strict=True):
                bank += -5 if beats(hand, card) else 5
                if bank <= 0 or bank >= 300:
                    break
            cards = cards[8:] + [c for h in hands for c in h] + turned
            if bank <= 0 or bank >= 300:
                break
    return count


def monte(deals: int, seed: int) -> int:
    """Every wager of every kind on each layout, settled by the engine's own functions."""
    rng = random.Random(seed)
    pack = list(monte_pack())
    done = 0
    while done < deals:
        rng.shuffle(pack)
        top, bottom, dealt = 0, len(pack) - 1, []
        step = layout_step(())
        while isinstance(step, End):
            if step is End.TOP:
                dealt.append(pack[top])
                top += 1
            else:
                dealt.append(pack[bottom])
                bottom -= 1
            step = layout_step(tuple(dealt))
        if isinstance(step, Void):
            continue
        layout: Layout = step
        open_ = [w for kind in BetKind for w in wagers(layout, kind)]
        falls = Falls()
        while open_ and bottom >= top:
            falls, fell, matched = falls.show(layout, pack[bottom])
            bottom -= 1
            open_ = [w for w in open_ if fate(w, layout, fell, matched) is None]
        done += 1
    return done


def timed(function: Callable[..., Any], *args: Any) -> float:
    start = time.perf_counter()
    function(*args)
    return time.perf_counter() - start


def rate(function: Callable[[int], int], units: int) -> float:
    """Units a second, from the units `function(units)` says it dealt."""
    start = time.perf_counter()
    done = function(units)
    return done / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="more or fewer units")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, one core")
    games: list[tuple[str, str, int, Callable[[int], Any], Callable[[int], Any]]] = [
        ("punto-banco", "hands", 100_000_000,
         lambda n: baccarat(n, 1, 8, lambda first: 1 + (10 if first == 0 else first)),
         lambda n: punto_banco.simulate(_state(), n)),
        ("punto-banco sessions", "hands", 50_000_000, lambda n: sessions(n, 1),
         lambda n: punto_banco.sessions(
             _state(), n // SESSION, Plan(1000, 20, SESSION, 19), (-20, 19, 0)
         )),
        ("chemin-de-fer, tableau", "hands", 50_000_000,
         lambda n: baccarat(n, 1, 6, lambda first: 3),
         lambda n: chemin_de_fer.simulate(_state(), n, strategy="tableau")),
        ("monte-bank", "deals", 10_000_000, lambda n: monte(n, 1),
         lambda n: monte_bank.simulate(_state(), n)),
        ("private-monte", "shuffles", 10_000_000, lambda n: private(n, 1),
         lambda n: private_monte.simulate(_state(), n)),
        ("banchek, 2 flat punters", "banks", 1_000_000, lambda n: banks(n, 1),
         lambda n: banchek.simulate(_state(), n)),
    ]  # fmt: skip
    for name, unit, units, plain, fast in games:
        units = max(1000, int(units * args.scale)) // 1000 * 1000  # whole sessions too
        few = max(100, units // 2000)
        slow = rate(plain, few)
        fast(1000)  # compile, or load the compiled kernel
        quick = max(units / timed(fast, units) for _ in range(3))
        goal = f"; {quick / GOAL:.2f} of the goal" if name == "punto-banco" else ""
        print(
            f"{name:24} {quick:14,.0f} {unit}/s, plain Python {slow:12,.0f}: "
            f"{quick / slow:,.0f}x{goal}"
        )


def _state() -> Any:
    return seeded(np.random.SeedSequence(1))


if __name__ == "__main__":
    main()

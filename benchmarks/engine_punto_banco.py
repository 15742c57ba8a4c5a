"""How fast the Punto Banco engine plays, beside a bare loop that only resolves coups.

    .venv/bin/python benchmarks/engine_punto_banco.py [--coups N]

The engine does everything a table needs: legality checks on every action,
frozen states, events, three seated bots betting and the croupier. The
baseline is the plainest correct thing: deal from a shuffled list and apply
the same drawing rules (PB-12, PB-13, drawing on 5) with no table around it.
The ratio says what the engine's safety and bookkeeping cost per coup; the
fast simulator (croupier.sim) is where raw speed belongs.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from croupier.bots.punto_banco import ROSTER, PuntoBancoBot
from croupier.cards import shoe_of
from croupier.games.baccarat import BANCO_TABLE, PUNTO_RULE, coup, value
from croupier.games.punto_banco import PuntoBanco
from croupier.randomness import stream
from croupier.table import Croupier, Player, Table


def engine(coups: int) -> float:
    game = PuntoBanco()
    players = {
        box: Player(name, PuntoBancoBot(stream(1, f"bot/{box}"), policy))
        for box, (name, policy) in enumerate(ROSTER[:3])
    }
    table = Table(
        game,
        game.config(),
        players,
        buy_ins=dict.fromkeys(players, 10**9),
        seed=1,
        croupier=Croupier(rounds=coups),
    )
    start = time.perf_counter()
    table.run()
    return time.perf_counter() - start


def baseline(coups: int) -> float:
    """Coups dealt from a shuffled list of values by the one coup, in plain Python."""
    rng = random.Random(1)
    start = time.perf_counter()
    done = 0
    while done < coups:
        shoe = [value(card) for card in shoe_of(8)]
        rng.shuffle(shoe)
        i = 0
        while i < len(shoe) - 16 and done < coups:
            _, _, dealt, _ = coup(shoe, i, PUNTO_RULE, True, BANCO_TABLE)
            i += dealt
            done += 1
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--coups", type=int, default=2000)
    coups = parser.parse_args().coups
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")
    slow, fast = engine(coups), baseline(coups)
    print(f"engine, 3 bots: {coups / slow:10.0f} coups/s  ({slow / coups * 1e6:8.1f} µs a coup)")
    print(f"bare baseline:  {coups / fast:10.0f} coups/s  ({fast / coups * 1e6:8.1f} µs a coup)")
    print(f"engine / baseline time: {slow / fast:.1f}x")


if __name__ == "__main__":
    main()

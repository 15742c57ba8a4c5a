"""Golden playthroughs: a seeded session written out step by step, as a spectator sees it.

Each line is one step: who could act, who acted and what they did (chance's
draws and shuffles are told by the events alone), and the events as a
spectator sees them. `scripts/regen_golden.py` writes the files;
`tests/test_golden.py` checks them.
"""

from __future__ import annotations

import json
from pathlib import Path

from croupier.bots.punto_banco import ROSTER, PuntoBancoBot
from croupier.engine import CHANCE, Actor, Event, encode
from croupier.games.punto_banco import PuntoBanco
from croupier.randomness import stream
from croupier.table import Croupier, Player, Table

FOLDER = Path(__file__).parent


def punto_banco(seed: int = 7, coups: int = 12) -> str:
    """Four bots at a small table."""
    game = PuntoBanco()
    players = {
        box: Player(name, PuntoBancoBot(stream(seed, f"bot/{box}"), policy))
        for box, (name, policy) in enumerate(ROSTER[:4])
    }
    table = Table(
        game,
        game.config(table="small"),
        players,
        buy_ins=dict.fromkeys(players, 1000),
        seed=seed,
        croupier=Croupier(rounds=coups),
    )
    seen: list[tuple[Actor, tuple[Event, ...]]] = []
    table.watch(None, lambda actor, events: seen.append((actor, events)))
    lines = []
    while True:
        could = sorted(str(actor) for actor in game.to_act(table.state))
        if not table.step():
            break
        actor, events = seen.pop()
        action = "chance" if actor is CHANCE else encode(table.actions[-1][1])
        step = {"to_act": could, "actor": encode(actor), "action": action}
        lines.append(json.dumps(step | {"events": encode(events)}, ensure_ascii=False))
    return "\n".join(lines) + "\n"


GOLDEN = {"punto_banco_seed7.jsonl": punto_banco}


def write_all() -> None:
    for name, make in GOLDEN.items():
        (FOLDER / name).write_text(make(), encoding="utf-8")

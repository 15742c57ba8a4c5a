"""Golden encodings: for every game, a seeded playthrough of its research environments as
numbers, so that a change to an observation's layout or to the action numbering is a
visible diff.

- `<game>_aec_seed7.jsonl`: the PettingZoo AEC environment (`croupier.rl.pettingzoo`). The
  first line gives the observation's layout (each block's path, offset and width) and the
  number of actions; then, a line a step: the agent, its observation as its non-zero
  entries (`{offset: value}`), the legal indices, the index played (at random among
  them, from `random.Random(seed)`, leaving the table only when nothing else is legal,
  so that a session lasts), its name, and the rewards the step gave.
- `<game>_vector_seed7.jsonl` (the games of `croupier.rl.vector`): two tables stepped
  together; the first line names the observations and the actions, then a line a step:
  each table's observation, legal indices, the index played, its reward and whether its
  episode ended.

`scripts/regen_golden.py` writes the files; `tests/test_golden.py` checks them.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable
from typing import Any

import numpy as np

from croupier import games
from croupier.engine import Leave
from tests.golden.playthrough import FOLDER

__all__ = ["ENCODINGS", "FOLDER", "aec", "vector"]

SEED = 7
AEC_STEPS = 150
VECTOR_STEPS = 40
VECTOR_GAMES = ("punto-banco", "chemin-de-fer", "private-monte")


def _line(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def _number(x: float) -> float | int:
    return int(x) if float(x).is_integer() else round(float(x), 6)


def aec(game: str, seed: int = SEED, steps: int = AEC_STEPS) -> str:
    """The AEC environment's seeded playthrough, as the file holds it."""
    from croupier.rl.pettingzoo import env

    table = env(game, max_rounds=3)
    table.reset(seed=seed)
    chooser = random.Random(seed)
    layout = [[block.path, block.offset, block.width] for block in table.encoder.layout]
    lines = [_line({"game": game, "seed": seed, "actions": len(table.actions), "layout": layout})]
    for step, agent in enumerate(table.agent_iter(max_iter=steps), 1):
        observation, _, terminated, truncated, _ = table.last()
        legal = np.flatnonzero(observation["action_mask"]).tolist()
        staying = [i for i in legal if table.actions[i].kind is not Leave] or legal
        action = None if terminated or truncated else chooser.choice(staying)
        vector = observation["observation"]
        line = {
            "step": step,
            "agent": agent,
            "observation": {str(i): _number(vector[i]) for i in np.flatnonzero(vector)},
            "legal": legal,
            "action": action,
            "name": None if action is None else str(table.actions[action]),
        }
        table.step(action)
        lines.append(_line({**line, "rewards": {a: _number(r) for a, r in table.rewards.items()}}))
    return "\n".join(lines) + "\n"


def vector(game: str, seed: int = SEED, steps: int = VECTOR_STEPS) -> str:
    """Two vector tables' seeded playthrough, as the file holds it."""
    from croupier.rl.vector import make

    tables = make(game, num_envs=2)
    observations, info = tables.reset(seed=seed)
    chooser = random.Random(seed)
    header = {"game": game, "seed": seed, "observations": tables.observations}
    lines = [_line({**header, "actions": tables.actions})]
    for step in range(1, steps + 1):
        legal = [np.flatnonzero(row).tolist() for row in info["action_mask"]]
        actions = [chooser.choice(options) for options in legal]
        before = [[_number(x) for x in row] for row in observations]
        observations, rewards, terminated, truncated, info = tables.step(np.array(actions))
        lines.append(
            _line(
                {
                    "step": step,
                    "observation": before,
                    "legal": legal,
                    "action": actions,
                    "reward": [_number(r) for r in rewards],
                    "ended": [bool(t or u) for t, u in zip(terminated, truncated, strict=True)],
                }
            )
        )
    return "\n".join(lines) + "\n"


def _file(game: str, kind: str) -> str:
    return f"{game.replace('-', '_')}_{kind}_seed{SEED}.jsonl"


ENCODINGS: dict[str, Callable[[], str]] = {
    **{_file(game, "aec"): functools.partial(aec, game) for game in games.names()},
    **{_file(game, "vector"): functools.partial(vector, game) for game in VECTOR_GAMES},
}
"""Each golden encoding file's name, and how to make its text."""

"""N tables of one game stepped at once, for batch training: `croupier.rl.vector.make`.

A gymnasium `VectorEnv` (the `rl` extra): `reset(seed=...)` and `step(actions)` take and
give arrays, one row a table, and numba kernels play every table in one call (the
`croupier.sim` kernels' way: the same rules as the engine, held equal to it card by card
by the tests on seeded shoes). The games: `punto-banco`, `chemin-de-fer`, `private-monte`.

- One agent a table. It sits at the table and makes every choice its seat has; the rest
  of the table (the bank, the house's tableau) plays by the game's rules, as each game's
  module tells. A step is one choice of each table's agent, so a step of N tables is N
  agent steps.
- Observations are float32 rows of `len(env.observations)` numbers, each named in
  `env.observations`; actions are small integers named in `env.actions`.
  `info["action_mask"]` (int8, N rows) says which are legal now; an illegal action is
  refused (`ValueError`, naming the table) and changes nothing.
- Rewards are the chips the agent's stake won or lost in the step (whole chips, as
  float32). Episodes end as each game's module says (`terminated`); a table whose episode
  ended starts its next at once, in the same step (gymnasium's `SAME_STEP` autoreset): the
  observation returned is then the new episode's first. No `final_obs` is given: an
  episode that ends is over (`terminated`, its value 0), except one cut short by a
  game's own bound (Punto Banco's `max_coups`), whose last observation is not kept.
- Randomness: each table has its own xoshiro256** generator (`croupier.sim.rng`), spawned
  from `reset`'s seed by numpy's `SeedSequence`; the same seed gives the same play. With
  no seed, the seed is drawn from the system's entropy.

    >>> import numpy as np
    >>> from croupier.rl import vector
    >>> tables = vector.make("punto-banco", num_envs=4)
    >>> observations, info = tables.reset(seed=7)
    >>> observations.shape == (4, len(tables.observations))
    True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

from croupier.errors import InvalidConfig
from croupier.games.chemin_de_fer import CheminDeFer
from croupier.games.private_monte import PrivateMonte
from croupier.games.punto_banco import PuntoBanco

__all__ = ["GAMES", "Tables", "make"]

_Observations = npt.NDArray[np.float32]


class Tables(VectorEnv):
    """N tables of one game (see the module). A game's subclass names its `actions` and
    `observations` and plays them in `_start` (every table from a fresh episode) and
    `_play` (each table's action), both writing into the buffers `self.obs`,
    `self.mask`, `self.reward`, `self.terminated` and `self.truncated`."""

    actions: ClassVar[tuple[str, ...]]
    observations: ClassVar[tuple[str, ...]]

    def __init__(self, num_envs: int) -> None:
        if type(num_envs) is not int or num_envs < 1:
            raise InvalidConfig(f"num_envs={num_envs!r} is not valid: a whole number, 1 or more")
        self.num_envs = num_envs
        self.metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}
        width, count = len(self.observations), len(self.actions)
        self.single_observation_space = spaces.Box(-np.inf, np.inf, (width,), np.float32)
        self.single_action_space = spaces.Discrete(count)
        self.observation_space = spaces.Box(-np.inf, np.inf, (num_envs, width), np.float32)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, count))
        self.obs = np.zeros((num_envs, width), dtype=np.float32)
        self.mask = np.zeros((num_envs, count), dtype=np.int8)
        self.reward = np.zeros(num_envs, dtype=np.float32)
        self.terminated = np.zeros(num_envs, dtype=np.bool_)
        self.truncated = np.zeros(num_envs, dtype=np.bool_)
        self.generators = _generators(None, num_envs)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[_Observations, dict[str, Any]]:
        """Every table from a fresh episode; the generators from `seed`."""
        self.generators = _generators(seed, self.num_envs)
        self._start()
        return self.obs.copy(), {"action_mask": self.mask.copy()}

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[_Observations, npt.NDArray[np.float32], Any, Any, dict[str, Any]]:
        """Each table's agent takes its action; chance and the table play on to its next
        choice (starting a new episode where one ended)."""
        chosen = np.asarray(actions)
        if chosen.shape != (self.num_envs,) or chosen.dtype.kind not in "iu":
            raise ValueError(f"actions: {self.num_envs} whole numbers, one a table")
        chosen = chosen.astype(np.int64)
        outside = (chosen < 0) | (chosen >= len(self.actions))
        if outside.any():
            table = int(np.flatnonzero(outside)[0])
            raise ValueError(f"table {table}: no action {int(chosen[table])}")
        refused = self.mask[np.arange(self.num_envs), chosen] == 0
        if refused.any():
            table = int(np.flatnonzero(refused)[0])
            raise ValueError(
                f"table {table}: {self.actions[chosen[table]]} is not legal now "
                f"(legal: {', '.join(self.legal(table))})"
            )
        self._play(chosen)
        return (
            self.obs.copy(),
            self.reward.copy(),
            self.terminated.copy(),
            self.truncated.copy(),
            {"action_mask": self.mask.copy()},
        )

    def legal(self, table: int) -> list[str]:
        """The names of the actions legal now at `table`."""
        return [self.actions[i] for i in np.flatnonzero(self.mask[table])]

    def _start(self) -> None:
        raise NotImplementedError

    def _play(self, actions: npt.NDArray[np.int64]) -> None:
        raise NotImplementedError


def _generators(seed: int | None, count: int) -> npt.NDArray[np.uint64]:
    """One xoshiro256** state a table, spawned from `seed` (never all zeros)."""
    words = np.random.SeedSequence(seed).generate_state(4 * count, np.uint64)
    states = words.astype(np.uint64).reshape(count, 4)
    states[~states.any(axis=1), 0] = np.uint64(1)
    return states


def _punto_banco(num_envs: int, **rules: Any) -> Tables:
    from croupier.rl.vector.punto_banco import PuntoBancoTables

    return PuntoBancoTables(num_envs, **rules)


def _chemin_de_fer(num_envs: int, **rules: Any) -> Tables:
    from croupier.rl.vector.chemin_de_fer import ChemmyTables

    return ChemmyTables(num_envs, **rules)


def _private_monte(num_envs: int, **rules: Any) -> Tables:
    from croupier.rl.vector.private_monte import PrivateMonteTables

    return PrivateMonteTables(num_envs, **rules)


GAMES: dict[str, Callable[..., Tables]] = {
    PuntoBanco.name: _punto_banco,
    CheminDeFer.name: _chemin_de_fer,
    PrivateMonte.name: _private_monte,
}
"""The games that have vector tables, by name, each made by its own module, imported when
first asked for; Monte Bank and Banchek have none."""


def make(game: str, num_envs: int = 1, **rules: Any) -> Tables:
    """`num_envs` tables of `game` (one of `GAMES`), its rules from `rules` (the game's
    rule set's fields, as `croupier.games.get(game).config(**rules)` takes them, and the
    game module's own options)."""
    if game not in GAMES:
        raise InvalidConfig(f"no vector tables for {game!r}: one of {', '.join(GAMES)}")
    return GAMES[game](num_envs, **rules)

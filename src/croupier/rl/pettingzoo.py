"""croupier's games as PettingZoo AEC environments: `env("chemin-de-fer")`.

The rules stay in `croupier.games`; this is a thin adapter. The agents are the seats
(`seat_0`, `seat_1`, ...), `seats` of them, each sitting down with `buy_in` chips. Chance
(from a `RandomShuffler` seeded by `reset(seed=...)`) and the house (as the table's
`Croupier` plays it: it closes bets once only it is left to act) are played inside the
environment, so `agent_selection` is always a seat to act.

Observations are a dict: `"observation"`, the seat's view encoded by
`croupier.rl.encoding` (the layout is `env.encoder.layout`; the caps of each game are in
`croupier.rl._adapter`; the view's `legal` and its `last` settlement, which the chips
already reflect, are left out), and `"action_mask"`.

Actions are discrete, numbered by `croupier.rl.actions` (the numbering the OpenSpiel
session games use too): a block of indices for each action type and key, a stake on the
grid `stake_grid` of the legal range. `env.actions` names every index.

What is read from types (the encoder, the numbering) is made once for a game and its
arguments, and the legal actions once a state and seat, so a step does no reflection.

Rewards are the change of each seat's holdings (its chips, and its bank when it banks)
over a step, the house's and chance's moves after it included. The session ends when the
engine says so (every agent terminates), or is truncated once `max_rounds` coups are
settled; a seat that gets up terminates.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from croupier import games
from croupier.engine import Action, Driver, Game, Legal
from croupier.errors import InvalidConfig
from croupier.rl._adapter import Adapter, LegalNow
from croupier.rl.actions import STAKE_GRID, Slot

__all__ = ["STAKE_GRID", "CroupierEnv", "Slot", "env"]


def env(
    game: str,
    *,
    seats: int | None = None,
    buy_in: int = 1000,
    max_rounds: int = 20,
    stake_grid: Sequence[float] = STAKE_GRID,
    render_mode: str | None = None,
    **rules: Any,
) -> CroupierEnv:
    """The AEC environment of the game called `game`, its rules from `rules`."""
    return CroupierEnv(games.get(game), seats, buy_in, max_rounds, stake_grid, rules)


class CroupierEnv(AECEnv):  # type: ignore[misc]
    """One of croupier's games as a PettingZoo AEC environment (see the module)."""

    def __init__(
        self,
        game: Game[Any, Any, Any],
        seats: int | None,
        buy_in: int,
        max_rounds: int,
        stake_grid: Sequence[float],
        rules: dict[str, Any],
    ) -> None:
        super().__init__()
        if type(max_rounds) is not int or max_rounds < 1:
            raise InvalidConfig(
                f"max_rounds={max_rounds!r} is not valid: a whole number, 1 or more"
            )
        adapter = Adapter.of(game.name, seats, buy_in, stake_grid, **rules)
        self.game, self.config, self.buy_ins = game, adapter.config, adapter.buy_ins
        self.encoder, self.numbering = adapter.encoder, adapter.numbering
        self.max_rounds, self.grid = max_rounds, adapter.numbering.grid
        self.metadata = {
            "render_modes": [],
            "is_parallelizable": False,
            "name": f"croupier_{game.name.replace('-', '_')}_v0",
        }
        self.render_mode = None
        self.possible_agents = [f"seat_{seat}" for seat in self.buy_ins]
        self.actions = self.numbering.slots
        observation = spaces.Box(-np.inf, np.inf, (self.encoder.size,), np.float32)
        mask = spaces.Box(0, 1, (len(self.actions),), np.int8)
        self.observation_spaces = {
            a: spaces.Dict({"observation": observation, "action_mask": mask})
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(len(self.actions)) for a in self.possible_agents}
        self._legal_now = LegalNow(game)
        self.reset()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def state(self) -> Any:
        """The engine's state: it holds the hidden cards, so it is for tests only (which
        may set it, to move hidden cards about)."""
        return self._driver.state

    @state.setter
    def state(self, state: Any) -> None:
        self._driver.state = state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._driver = Driver.start(self.game, self.config, self.buy_ins, seed=seed)
        self._driver.checks = False  # every step is the rules' own option
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._wealth = self._holdings()
        self.agent_selection = self.agents[0]
        self._advance()

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        seat = _seat(agent)
        view = self.game.view(self.state, seat)
        mask = np.zeros(len(self.actions), dtype=np.int8)
        mask[self.numbering.legal(self._legal(seat))] = 1
        return {"observation": self.encoder.encode(view), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert action is not None
        chosen = self.action(agent, int(action))
        if chosen is None:
            raise ValueError(f"{self.actions[action]} is not legal for {agent} now")
        self._cumulative_rewards[agent] = 0.0
        self._driver.apply(_seat(agent), chosen)
        self._advance()
        self._accumulate_rewards()
        self._deads_step_first()

    def action(self, agent: str, index: int) -> Action | None:
        """The engine's action of `index` for `agent` now, or None if it is not legal."""
        return self.numbering.action(self._legal(_seat(agent)), index)

    def render(self) -> None:
        """No rendering: the table's own front ends show a session."""

    def close(self) -> None:
        """Nothing to release."""

    def _legal(self, seat: int) -> Legal:
        """The seat's legal actions now, found once a state."""
        return self._legal_now(self.state, seat)

    def _truncated(self, state: Any) -> bool:
        return bool(self.game.rounds(state) >= self.max_rounds)

    def _holdings(self) -> dict[int, int]:
        held = self.game.holdings(self.state)
        previous = getattr(self, "_wealth", {})
        return {seat: held.get(seat, previous.get(seat, 0)) for seat in self.buy_ins}

    def _advance(self) -> None:
        """Play chance and the house until a seat is to act or the session ends; then the
        rewards, and who is done."""
        game, driver = self.game, self._driver
        driver.advance(stop=self._truncated)
        seats = [] if self._truncated(driver.state) else driver.seats()
        if seats:
            acting = next((s for s in seats if self.numbering.acts(self._legal(s))), None)
            if acting is None:
                raise RuntimeError(f"no seat can act among {seats}")
            self.agent_selection = f"seat_{acting}"
        wealth = self._holdings()
        self.rewards = {a: float(wealth[_seat(a)] - self._wealth[_seat(a)]) for a in self.agents}
        self._wealth = wealth
        over, truncated = game.is_over(self.state), game.rounds(self.state) >= self.max_rounds
        taken = game.seats(self.state)
        for agent in self.agents:
            self.terminations[agent] = over or _seat(agent) not in taken
            self.truncations[agent] = truncated and not self.terminations[agent]


def _seat(agent: str) -> int:
    return int(agent.removeprefix("seat_"))

"""croupier's games as PettingZoo AEC environments: `env("chemin-de-fer")`.

The rules stay in `croupier.games`; this is a thin adapter. The agents are the seats
(`seat_0`, `seat_1`, ...), `seats` of them, each sitting down with `buy_in` chips. Chance
(from a `RandomShuffler` seeded by `reset(seed=...)`) and the house (as the table's
`Croupier` plays it: it closes bets once only it is left to act) are played inside the
environment, so `agent_selection` is always a seat to act.

Observations are a dict: `"observation"`, the seat's view encoded by
`croupier.rl.encoding` (the layout is `env.encoder.layout`; the caps of each game are in
`_CAPS`; the view's `legal` and its `last` settlement, which the chips already
reflect, are left out), and `"action_mask"`.

Actions are discrete: for each of the game's action types the seats take (not `Join` and
`Rebuy`, whose chips come from outside the game, and not the house's `CloseBets` and
`EndSession`), one block per *key*, and a block is
`len(stake_grid)` indices wide when the type has amounts, else one. The key is the value
of its fields that are not amounts, when they are all enums (`Stake(Bet.PUNTO, ...)`);
else it is the option's place among the legal options of its type (Monte's bets, named
by the layout's cards in the engine's order; `OfferTurn` by box). Index `g` of an amount
block is the stake `low + round(stake_grid[g] * (most - low))` of the legal range; an
exact option (no amount) is the block's first index. An index is legal when its action
is among the view's legal actions. `env.actions` names every index.

Rewards are the change of each seat's holdings (its chips, and its bank when it banks)
over a step, the house's and chance's moves after it included. The session ends when the
engine says so (every agent terminates), or is truncated once `max_rounds` coups are
settled; a seat that gets up terminates.
"""

from __future__ import annotations

import dataclasses
import enum
import itertools
import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from croupier import games
from croupier.engine import Action, Amounts, Driver, Game, Join, Legal, Rebuy
from croupier.engine.actions import CloseBets, EndSession
from croupier.engine.shown import Shown
from croupier.errors import InvalidConfig
from croupier.rl.encoding import COUNTS, Encoder

__all__ = ["STAKE_GRID", "CroupierEnv", "Slot", "env"]

STAKE_GRID = (0.0, 0.25, 0.5, 0.75, 1.0)
"""The default stakes of an amount block: fractions of the legal range, low to most."""

_SEATS = {
    "punto-banco": 2,
    "chemin-de-fer": 2,
    "monte-bank": 3,
    "private-monte": 2,
    "banchek": 3,
}

_Caps = Callable[[Any], dict[str, int]]
"""The caps of a game's variable tuples (see `croupier.rl.encoding`), from its first view."""


def _monte(v: Any) -> dict[str, int]:
    return {
        "MonteView.seats": len(v.seats),
        "MonteView.bets": 4 * len(v.seats),
        "MonteView.falls.fallen": 4 + v.rules.extra_cards,
        "MonteView.layout.spots[]": 3,
        "MonteView.seen": COUNTS,
    }


_CAPS: dict[str, _Caps] = {
    "punto-banco": lambda v: {
        "PuntoBancoView.boxes": len(v.boxes),
        "PuntoBancoView.punto.cards": 3,
        "PuntoBancoView.banco.cards": 3,
        "PuntoBancoView.choosers": len(v.boxes),
        "PuntoBancoView.unseen": 10,
    },
    "chemin-de-fer": lambda v: {
        "ChemmyView.seats": len(v.seats),
        "ChemmyView.stakes": len(v.seats),
        "ChemmyView.punter_cards": 3,
        "ChemmyView.banker_cards": 3,
    },
    "monte-bank": _monte,
    "private-monte": _monte,
    "banchek": lambda v: {
        "BanchekView.seats": len(v.seats),
        "BanchekView.order": len(v.seats),
        "BanchekView.hand": 3,
        "BanchekView.shown": len(v.seats),
        "BanchekView.shown[].1": 3,
        "BanchekView.turned": len(v.seats),
        "BanchekView.stakes": len(v.seats),
        "BanchekView.seen": COUNTS,
    },
}

_PLACES = {"punto-banco": "boxes"}
"""The view field whose length is the number of places at the table (else `seats`)."""

_NOT_AGENTS = (Join, Rebuy, CloseBets, EndSession)
"""The actions no agent takes: bringing chips from outside the game, and the house's."""


@dataclass(frozen=True, slots=True)
class Slot:
    """One action index: the type, its key (enum values, or a place among the options of
    its type) and, for an amount, the grid point."""

    kind: type[Action]
    key: tuple[Any, ...] | int
    grid: int | None

    def __str__(self) -> str:
        key = self.key if isinstance(self.key, int) else ",".join(str(k) for k in self.key)
        grid = "" if self.grid is None else f"@{self.grid}"
        return f"{self.kind.__name__}({key}){grid}"


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
        if not all(0.0 <= g <= 1.0 for g in stake_grid) or not stake_grid:
            raise ValueError("the stake grid is fractions of the legal range, from 0 to 1")
        for name, given in (("seats", seats), ("buy_in", buy_in), ("max_rounds", max_rounds)):
            if given is not None and (type(given) is not int or given < 1):
                raise InvalidConfig(f"{name}={given!r} is not valid: a whole number, 1 or more")
        self.game, self.config = game, game.config(**rules)
        self.buy_ins = dict.fromkeys(range(seats or _SEATS[game.name]), buy_in)
        self.max_rounds, self.grid = max_rounds, tuple(stake_grid)
        self.metadata = {
            "render_modes": [],
            "is_parallelizable": False,
            "name": f"croupier_{game.name.replace('-', '_')}_v0",
        }
        self.render_mode = None
        self.possible_agents = [f"seat_{seat}" for seat in self.buy_ins]
        first = game.view(game.start(self.config, self.buy_ins), 0)
        places = len(getattr(first, _PLACES.get(game.name, "seats")))
        self.encoder = Encoder.of(
            type(first),
            _CAPS[game.name](first),
            places,
            (Legal, Shown, *type(self.config).__mro__[:-1]),
        )
        self.actions = _slots(game, places, len(self.grid))
        self._index = {slot: i for i, slot in enumerate(self.actions)}
        observation = spaces.Box(-np.inf, np.inf, (self.encoder.size,), np.float32)
        mask = spaces.Box(0, 1, (len(self.actions),), np.int8)
        self.observation_spaces = {
            a: spaces.Dict({"observation": observation, "action_mask": mask})
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(len(self.actions)) for a in self.possible_agents}
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
        view = self.game.view(self.state, _seat(agent))
        return {"observation": self.encoder.encode(view), "action_mask": self._mask(view.legal)}

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
        legal = self.game.legal_actions(self.state, _seat(agent))
        return self._resolve(legal).get(index)

    def render(self) -> None:
        """No rendering: the table's own front ends show a session."""

    def close(self) -> None:
        """Nothing to release."""

    def _resolve(self, legal: Legal) -> dict[int, Action]:
        found: dict[int, Action] = {}
        places: dict[type[Action], int] = {}
        for option in legal:
            template = option.template if isinstance(option, Amounts) else option
            kind = type(template)
            if kind not in _seat_kinds(self.game):
                continue
            key: tuple[Any, ...] | int | None = _key(template, option)
            if key is None:
                key = places.get(kind, 0)
                places[kind] = key + 1
            if isinstance(option, Amounts):
                for g, share in enumerate(self.grid):
                    amount = option.low + round(share * (option.most - option.low))
                    found[self._index[Slot(kind, key, g)]] = typing.cast(Action, option.at(amount))
            else:
                grid = 0 if _amounts(kind) else None
                found[self._index[Slot(kind, key, grid)]] = option
        return found

    def _mask(self, legal: Legal) -> npt.NDArray[np.int8]:
        mask = np.zeros(len(self.actions), dtype=np.int8)
        mask[list(self._resolve(legal))] = 1
        return mask

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
            acting = [s for s in seats if self._resolve(game.legal_actions(driver.state, s))]
            if not acting:
                raise RuntimeError(f"no seat can act among {seats}")
            self.agent_selection = f"seat_{acting[0]}"
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


def _amounts(kind: type[Action]) -> bool:
    return any(hint is int for hint in typing.get_type_hints(kind).values())


def _enum_fields(kind: type[Action]) -> list[type[enum.Enum]] | None:
    """The enum types of `kind`'s fields that are not amounts, or None if any such field
    is of another type."""
    found: list[type[enum.Enum]] = []
    for hint in typing.get_type_hints(kind).values():
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            found.append(hint)
        elif hint is not int:
            return None
    return found


def _key(template: Action, option: Any) -> tuple[Any, ...] | None:
    """The enum values that tell the options of one type apart, or None when they are told
    apart by their place (`_enum_fields` is None, or an exact option with an int field)."""
    kind = type(template)
    if _enum_fields(kind) is None or (_amounts(kind) and not isinstance(option, Amounts)):
        return None
    return tuple(
        getattr(template, f.name)
        for f in dataclasses.fields(kind)
        if isinstance(getattr(template, f.name), enum.Enum)
    )


def _seat_kinds(game: Game[Any, Any, Any]) -> tuple[type[Action], ...]:
    return tuple(kind for kind in game.actions if not issubclass(kind, _NOT_AGENTS))


_MOST_BY_PLACE: dict[str, Callable[[int], int]] = {
    # Monte Bank's bets name the layout's places: 4 spots and up to 2 added cards (MB-17).
    "CrossBet": lambda places: 6 * 5,
    "CircleBet": lambda places: 4,
    "DoublerBet": lambda places: 4 * 2,
    "MonteCarloBet": lambda places: 4 * 2 * 3,
    "OfferTurn": lambda places: places,
}
"""How many options of a type told apart by place there may be, at a table of `places`."""


def _slots(game: Game[Any, Any, Any], places: int, points: int) -> tuple[Slot, ...]:
    slots: list[Slot] = []
    for kind in _seat_kinds(game):
        enums = _enum_fields(kind)
        keys: list[tuple[Any, ...] | int]
        if enums is None or (enums == [] and kind.__name__ in _MOST_BY_PLACE):
            keys = list(range(_MOST_BY_PLACE[kind.__name__](places)))
        else:
            keys = list(itertools.product(*enums))
        grid: list[int | None] = list(range(points)) if _amounts(kind) else [None]
        slots += [Slot(kind, key, g) for key in keys for g in grid]
    return tuple(slots)

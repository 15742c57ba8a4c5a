"""croupier's five games, whole sessions, as OpenSpiel Python games (issue 17, item 3).

`croupier.rl.openspiel.register()` registers these as `python_croupier_punto_banco`,
`python_croupier_chemin_de_fer`, `python_croupier_monte_bank`,
`python_croupier_private_monte` and `python_croupier_banchek`. The players are the seats.

- Chance: a card drawn (`Drawing`) is an OpenSpiel chance node, its outcomes the engine's
  `Drawing.outcomes()`, every distinct card left with its exact `Fraction` (a float here,
  at the boundary), the chance action being the card's index, 0..51. A shuffle
  (`Shuffling`) has every order of the pack as an outcome, too many to list: it is
  sampled inside the game from a `RandomShuffler` seeded by the `seed` parameter, so a
  game's chance nodes are the draws from a shoe whose order is fixed by that seed. (The
  shoe's order is then known in principle to whoever knows the seed; the players'
  strings and tensors never hold it.)
- The house (closing bets, cutting an empty table's shoe) is played inside the game as
  the table's `Croupier` plays it, from a stream seeded by `seed`.
- Actions: the seats' discrete actions of `croupier.rl.pettingzoo` (one index per action
  type and key, stakes on the grid `STAKE_GRID` of the legal range; see that module),
  so both frameworks number actions alike. When several seats may act at once (a
  betting round), the lowest seat with a legal action acts first.
- Observation string: the seat's view (`game.view(state, seat)`), as its `repr`;
  information state string: the seat's views so far, each as it changed. Tensors: the
  view encoded by `croupier.rl.encoding` (the same for both: not of perfect recall).
- The session is bounded: it ends when the engine says so or once `max_rounds` coups are
  settled. Returns: each seat's chips held (and its bank) less its buy-in. The house may
  take commission, so the games are general-sum.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pyspiel  # type: ignore[import-not-found]

from croupier import games
from croupier.cards import Card
from croupier.engine import CHANCE, Action, Drawing, Driver, Game
from croupier.engine.actions import Draw
from croupier.rl.pettingzoo import CroupierEnv, env

__all__ = [
    "SESSION_GAMES",
    "SessionObserver",
    "SessionState",
    "register_sessions",
    "session_name",
]

SESSION_GAMES = ("punto-banco", "chemin-de-fer", "monte-bank", "private-monte", "banchek")
_SEATS = {"punto-banco": 2, "chemin-de-fer": 2, "monte-bank": 3, "private-monte": 2, "banchek": 3}
_CARDS = 52
_LENGTH_A_ROUND = 400  # a generous bound on the moves of one coup, chance's draws included


def session_name(game: str) -> str:
    """The OpenSpiel name of a croupier game: `python_croupier_punto_banco`."""
    return "python_croupier_" + game.replace("-", "_")


_HELPERS: dict[tuple[str, int, int, int], CroupierEnv] = {}


def _helper(name: str, seats: int, buy_in: int, max_rounds: int) -> CroupierEnv:
    """The PettingZoo adapter, for its action numbering and view encoder only (shared:
    OpenSpiel deep-copies states, so a state holds only its key)."""
    key = (name, seats, buy_in, max_rounds)
    if key not in _HELPERS:
        _HELPERS[key] = env(name, seats=seats, buy_in=buy_in, max_rounds=max_rounds)
    return _HELPERS[key]


def _game_type(name: str) -> Any:
    return pyspiel.GameType(
        short_name=session_name(name),
        long_name=f"croupier {games.get(name).title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=10,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "seats": _SEATS[name],
            "buy_in": 1000,
            "max_rounds": 3,
            "seed": 0,
        },
    )


def _game_class(name: str) -> Callable[[dict[str, Any] | None], Any]:
    game_type = _game_type(name)

    class SessionGame(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            params = dict(params or {})
            self.seats = int(params.get("seats", _SEATS[name]))
            self.buy_in = int(params.get("buy_in", 1000))
            self.max_rounds = int(params.get("max_rounds", 3))
            self.seed = int(params.get("seed", 0))
            helper = _helper(name, self.seats, self.buy_in, self.max_rounds)
            info = pyspiel.GameInfo(
                num_distinct_actions=len(helper.actions),
                max_chance_outcomes=_CARDS,
                num_players=self.seats,
                min_utility=-float(self.buy_in),
                max_utility=float(self.buy_in * self.seats * 12**self.max_rounds),  # loose
                utility_sum=None,
                max_game_length=_LENGTH_A_ROUND * max(self.max_rounds, 1),
            )
            super().__init__(
                game_type,
                info,
                {
                    "seats": self.seats,
                    "buy_in": self.buy_in,
                    "max_rounds": self.max_rounds,
                    "seed": self.seed,
                },
            )
            self.name = name

        def new_initial_state(self) -> SessionState:
            return SessionState(self)

        def make_py_observer(
            self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
        ) -> SessionObserver:
            recall = iig_obs_type is None or bool(getattr(iig_obs_type, "perfect_recall", False))
            return SessionObserver(self, recall)

    SessionGame.__name__ = SessionGame.__qualname__ = "SessionGame_" + name.replace("-", "_")
    return SessionGame


class SessionState(pyspiel.State):  # type: ignore[misc]
    """One bounded session of a croupier game."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.key = (game.name, game.seats, game.buy_in, game.max_rounds)
        engine = games.get(game.name)
        helper = _helper(*self.key)
        self.buy_in, self.max_rounds = game.buy_in, game.max_rounds
        buy_ins = dict.fromkeys(range(game.seats), game.buy_in)
        self.driver = Driver.start(engine, helper.config, buy_ins, seed=game.seed)
        self.driver.draws = False  # a card drawn is OpenSpiel's chance node
        self.player: int = 0
        self.held = dict.fromkeys(range(game.seats), game.buy_in)
        self.seen: tuple[tuple[str, ...], ...] = tuple(() for _ in range(game.seats))
        self._advance()

    # the engine's game and the action numbering, shared, not copied with the state
    @property
    def engine(self) -> Game[Any, Any, Any]:
        return games.get(self.key[0])

    @property
    def state(self) -> Any:
        """The engine's state (it holds the hidden cards)."""
        return self.driver.state

    def _resolve(self, seat: int) -> dict[int, Action]:
        helper = _helper(*self.key)
        return helper._resolve(self.engine.legal_actions(self.state, seat))

    def _over(self, state: Any = None) -> bool:
        state = self.state if state is None else state
        return bool(self.engine.is_over(state) or self.engine.rounds(state) >= self.max_rounds)

    def _advance(self) -> None:
        """Shuffle and let the house act until a seat is to act, a card is to be drawn,
        or the session is over; then note what each seat now sees."""
        engine = self.engine
        self.driver.advance(stop=self._over)
        seats = [] if self._over() else self.driver.seats()
        if seats:
            acting = [s for s in seats if self._resolve(s)]
            if not acting:
                raise RuntimeError(f"no seat can act among {seats}")
            self.player = acting[0]
        held = engine.holdings(self.state)
        self.held = {seat: held.get(seat, self.held[seat]) for seat in self.held}
        views = [self._observe(seat) for seat in range(len(self.seen))]
        self.seen = tuple(
            seen if seen and seen[-1] == view else (*seen, view)
            for seen, view in zip(self.seen, views, strict=True)
        )

    def _observe(self, seat: int) -> str:
        return repr(self.engine.view(self.state, seat))

    def _drawing(self) -> Drawing:
        node = self.engine.chance(self.state)
        assert isinstance(node, Drawing)
        return node

    def current_player(self) -> int:
        if self._over():
            return int(pyspiel.PlayerId.TERMINAL)
        if CHANCE in self.engine.to_act(self.state):
            return int(pyspiel.PlayerId.CHANCE)
        return self.player

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._resolve(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(draw.card.index, float(p)) for draw, p in self._drawing().outcomes()]

    def _apply_action(self, action: int) -> None:
        if self.is_chance_node():
            card = next(d.card for d, _ in self._drawing().outcomes() if d.card.index == action)
            self.driver.apply(CHANCE, Draw(card))
        else:
            self.driver.apply(self.player, self._resolve(self.player)[action])
        self._advance()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            return str(next(c for c in _ALL_CARDS if c.index == action))
        return str(_helper(*self.key).actions[action])

    def is_terminal(self) -> bool:
        return self._over()

    def returns(self) -> list[float]:
        return [float(self.held[seat] - self.buy_in) for seat in sorted(self.held)]

    def information_state_string(self, player: int | None = None) -> str:
        seat = self.current_player() if player is None else player
        return "\n".join(self.seen[seat])

    def observation_string(self, player: int | None = None) -> str:
        seat = self.current_player() if player is None else player
        return self.seen[seat][-1]

    def __str__(self) -> str:
        return repr(self.engine.view(self.state, None))


_ALL_CARDS = tuple(Card.from_str(f"{rank}{suit}") for suit in "SHDC" for rank in "A23456789TJQK")


class SessionObserver:
    """OpenSpiel's PyObserver: the seat's view encoded (`croupier.rl.encoding`), and its
    views so far (perfect recall) or its view now, as strings."""

    def __init__(self, game: Any, recall: bool) -> None:
        self.encoder = _helper(game.name, game.seats, game.buy_in, game.max_rounds).encoder
        self.recall = recall
        self.tensor = self.encoder.encode(self._first_view(game))
        self.dict = {"view": self.tensor}

    @staticmethod
    def _first_view(game: Any) -> Any:
        helper = _helper(game.name, game.seats, game.buy_in, game.max_rounds)
        return games.get(game.name).view(helper.state, 0)

    def set_from(self, state: SessionState, player: int) -> None:
        self.tensor[:] = self.encoder.encode(state.engine.view(state.state, player))

    def string_from(self, state: SessionState, player: int) -> str:
        if self.recall:
            return state.information_state_string(player)
        return state.observation_string(player)


def register_sessions() -> None:
    """Register the five games (names not yet registered only)."""
    known = set(pyspiel.registered_names())
    for name in SESSION_GAMES:
        if session_name(name) not in known:
            pyspiel.register_game(_game_type(name), _game_class(name))

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
- Actions: the seats' discrete actions of `croupier.rl.actions` (one index per action
  type and key, stakes on the grid `STAKE_GRID` of the legal range; see that module),
  the numbering the PettingZoo environments use, so both frameworks number actions
  alike. When several seats may act at once (a betting round), the lowest seat with a
  legal action acts first.
- Observation string: the seat's view (`game.view(state, seat)`), as its `repr`;
  information state string: the seat's views so far, each as it changed. Tensors: the
  view encoded by `croupier.rl.encoding` (the same for both: not of perfect recall).
- The session is bounded: it ends when the engine says so or once `max_rounds` coups are
  settled. Returns: each seat's chips held (and its bank) less its buy-in. The house may
  take commission, so the games are general-sum.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pyspiel  # type: ignore[import-not-found]

from croupier import games
from croupier.cards import Card
from croupier.engine import CHANCE, Drawing, Driver, Game, Legal
from croupier.engine.actions import Draw
from croupier.rl import shapes
from croupier.rl._adapter import Adapter, LegalNow

__all__ = [
    "SESSION_GAMES",
    "SessionObserver",
    "SessionState",
    "register_sessions",
    "session_name",
]

SESSION_GAMES = tuple(shapes.GAMES)
_CARDS = 52
_LENGTH_A_ROUND = 400  # a generous bound on the moves of one coup, chance's draws included


def session_name(game: str) -> str:
    """The OpenSpiel name of a croupier game: `python_croupier_punto_banco`."""
    return "python_croupier_" + game.replace("-", "_")


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
            "seats": shapes.GAMES[name].seats,
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
            self.seats = int(params.get("seats", shapes.GAMES[name].seats))
            self.buy_in = int(params.get("buy_in", 1000))
            self.max_rounds = int(params.get("max_rounds", 3))
            self.seed = int(params.get("seed", 0))
            adapter = Adapter.of(name, self.seats, self.buy_in)
            info = pyspiel.GameInfo(
                num_distinct_actions=len(adapter.numbering),
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
        self.key = (game.name, game.seats, game.buy_in)
        adapter = self.adapter
        self.buy_in, self.max_rounds = game.buy_in, game.max_rounds
        self.driver = Driver.start(adapter.game, adapter.config, adapter.buy_ins, seed=game.seed)
        self.driver.draws = False  # a card drawn is OpenSpiel's chance node
        self.driver.checks = False  # every step is the rules' own option
        self.player: int = 0
        self.now = int(pyspiel.PlayerId.TERMINAL)
        self.held = dict.fromkeys(range(game.seats), game.buy_in)
        self.trail: _Trail | None = None
        self._legal_now = LegalNow(adapter.game)
        self._advance()

    # the engine's game, the action numbering and the encoder, shared, not copied with
    # the state (OpenSpiel deep-copies states, so a state holds only its key)
    @property
    def adapter(self) -> Adapter:
        return Adapter.of(*self.key)

    @property
    def engine(self) -> Game[Any, Any, Any]:
        return games.get(self.key[0])

    @property
    def state(self) -> Any:
        """The engine's state (it holds the hidden cards)."""
        return self.driver.state

    def _legal(self, seat: int) -> Legal:
        """The seat's legal actions now, found once a state."""
        return self._legal_now(self.state, seat)

    def _over(self, state: Any = None) -> bool:
        state = self.state if state is None else state
        return bool(self.engine.is_over(state) or self.engine.rounds(state) >= self.max_rounds)

    def _advance(self) -> None:
        """Shuffle and let the house act until a seat is to act, a card is to be drawn,
        or the session is over; then who is to act, and the state for the seats' views."""
        engine = self.engine
        self.driver.advance(stop=self._over)
        over = self._over()
        seats = [] if over else self.driver.seats()
        if seats:
            numbering = self.adapter.numbering
            acting = next((s for s in seats if numbering.acts(self._legal(s))), None)
            if acting is None:
                raise RuntimeError(f"no seat can act among {seats}")
            self.player = acting
        if over:
            self.now = int(pyspiel.PlayerId.TERMINAL)
        elif CHANCE in engine.to_act(self.state):
            self.now = int(pyspiel.PlayerId.CHANCE)
        else:
            self.now = self.player
        held = engine.holdings(self.state)
        self.held = {seat: held.get(seat, self.held[seat]) for seat in self.held}
        self.trail = _Trail(self.state, self.trail)

    def _observe(self, state: Any, seat: int) -> str:
        return repr(self.engine.view(state, seat))

    def _drawing(self) -> Drawing:
        node = self.engine.chance(self.state)
        assert isinstance(node, Drawing)
        return node

    @staticmethod
    def _card(index: int) -> Card:
        """The card of chance's action `index` (the shoe refuses one it does not hold)."""
        if not 0 <= index < _CARDS:
            raise ValueError(f"chance's action {index} is no card: 0 to {_CARDS - 1}")
        return _ALL_CARDS[index]

    def current_player(self) -> int:
        return self.now

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.adapter.numbering.legal(self._legal(player)))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(draw.card.index, float(p)) for draw, p in self._drawing().outcomes()]

    def _apply_action(self, action: int) -> None:
        if self.is_chance_node():
            self.driver.apply(CHANCE, Draw(self._card(action)))
        else:
            chosen = self.adapter.numbering.action(self._legal(self.player), action)
            if chosen is None:
                raise ValueError(f"action {action} is not legal for seat {self.player} now")
            self.driver.apply(self.player, chosen)
        self._advance()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            return str(_ALL_CARDS[action])
        return str(self.adapter.numbering.slots[action])

    def is_terminal(self) -> bool:
        return self.now == int(pyspiel.PlayerId.TERMINAL)

    def returns(self) -> list[float]:
        return [float(self.held[seat] - self.buy_in) for seat in sorted(self.held)]

    def information_state_string(self, player: int | None = None) -> str:
        """The seat's views so far, each as it changed (made from the states passed, when
        asked: a step makes no view)."""
        seat = self.current_player() if player is None else player
        seen: list[str] = []
        for state in self.trail or ():
            view = self._observe(state, seat)
            if not seen or seen[-1] != view:
                seen.append(view)
        return "\n".join(seen)

    def observation_string(self, player: int | None = None) -> str:
        seat = self.current_player() if player is None else player
        return self._observe(self.state, seat)

    def __str__(self) -> str:
        return repr(self.engine.view(self.state, None))


class _Trail:
    """The states a session has passed through, the newest first: immutable, so a clone
    shares it."""

    __slots__ = ("before", "state")

    def __init__(self, state: Any, before: _Trail | None) -> None:
        self.state, self.before = state, before

    def __iter__(self) -> Iterator[Any]:
        """The states, the oldest first."""
        states: list[Any] = []
        trail: _Trail | None = self
        while trail is not None:
            states.append(trail.state)
            trail = trail.before
        return iter(states[::-1])

    def __deepcopy__(self, memo: dict[int, Any]) -> _Trail:
        return self


_ALL_CARDS = tuple(
    sorted(
        (Card.from_str(f"{rank}{suit}") for suit in "SHDC" for rank in "A23456789TJQK"),
        key=lambda card: card.index,
    )
)
"""The 52 cards by index: chance's action `i` is the card of index `i`."""


class SessionObserver:
    """OpenSpiel's PyObserver: the seat's view encoded (`croupier.rl.encoding`), and its
    views so far (perfect recall) or its view now, as strings."""

    def __init__(self, game: Any, recall: bool) -> None:
        adapter = Adapter.of(game.name, game.seats, game.buy_in)
        self.encoder = adapter.encoder
        self.recall = recall
        self.tensor = self.encoder.encode(adapter.game.view(adapter.first, 0))
        self.dict = {"view": self.tensor}

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

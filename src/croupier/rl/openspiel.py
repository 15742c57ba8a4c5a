"""croupier's Chemin de Fer coup as an OpenSpiel Python game (issue 17, item 3).

`register()` registers `python_croupier_chemin_de_fer_coup` with `pyspiel`: a
single coup (CF-9 .. CF-14) dealt from a given shoe, between two players, the
punter (player 0, who plays the punters' hand) and the banker (player 1).

The coup is the game's own: a state holds a `croupier.games.chemin_de_fer` table
where the banker (seat 1) keeps a bank of `stake` and the punter (seat 0) has
called banco for it (CF-6), and every move is `CheminDeFer.apply`. This module
only translates chance outcomes, actions, what each player knows and returns.

- Chance is OpenSpiel's chance player. Its outcomes come from the engine's
  `Drawing(shoe).outcomes()`, exact `Fraction`s, summed over the cards of each
  baccarat value (only values matter to the coup, C-3) and turned into floats
  only here, at the OpenSpiel boundary. A chance action is a value, 0..9; the
  card drawn for it is the first of that value among the outcomes, so the game
  is deterministic given its actions.
- Decisions are where the rules leave a choice: the punter on 5 (CF-12), the
  banker always (CF-13, `banker_play=free`) or never (`banker_play=tableau`). A
  move that is the only legal one is played at once. Actions: 0 stand, 1 draw.
- Information: what the table's events show each side (as the Ethier-Gamez model
  of `croupier.solve.chemin_de_fer`, `Info.CARDS`): the values of its own two
  cards (CF-9), written lower first; the punter's third card, or that he stood,
  and the banker's; both hands, shown at the end. The information state and
  observation strings are the same (each side sees everything it ever saw).
- Returns are chips: what each side holds once the table has settled the coup
  (CF-14), less the `stake` it brought: `stake` to the winner, minus that to the
  loser, 0 on a tie (no commission: zero-sum).

Parameters: `shoe`, card text separated by spaces (`"5S 5H KD 3C ..."`, at
least 6 cards; empty: one full 52-card deck), `stake` (chips, 1 or more), and
`banker_play` (`free` or `tableau`).

    >>> import pyspiel
    >>> register()
    >>> game = pyspiel.load_game(COUP, {"shoe": "5S 5H 5D KS KH 3S 3H 2S", "stake": 10})
    >>> state = game.new_initial_state()
    >>> state.is_chance_node(), state.chance_outcomes()[0]
    (True, (0, 0.25))

`register()` also registers the five games as whole, bounded sessions
(`python_croupier_punto_banco`, ...): see `croupier.rl._openspiel_games`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from croupier.cards import Card
from croupier.engine import CHANCE, Action, Actor, Draw, Drawing, Event
from croupier.errors import InvalidConfig
from croupier.games.baccarat import value
from croupier.games.chemin_de_fer import (
    Banco,
    CheminDeFer,
    DrawCard,
    Hand,
    KeepBank,
    Phase,
    Rules,
    Stand,
    State,
)
from croupier.games.chemin_de_fer.events import (
    BankerDecided,
    CardDealt,
    HandShown,
    PunterDecided,
    ThirdCard,
)
from croupier.shoe import Shoe

__all__ = [
    "BANKER",
    "COUP",
    "DRAW",
    "PUNTER",
    "STAND",
    "CoupGame",
    "CoupObserver",
    "CoupState",
    "coup_outcomes",
    "register",
]

COUP = "python_croupier_chemin_de_fer_coup"
"""The coup game's OpenSpiel name."""

PUNTER, BANKER = 0, 1  # the players, and their seats at the table
STAND, DRAW = 0, 1
_MAX_LENGTH = 8  # four cards dealt, the punter's choice and card, the banker's choice and card

_GAME = CheminDeFer()
_ACTIONS: tuple[Action, ...] = (Stand(), DrawCard())  # by action number: STAND, DRAW
_HANDS = (Hand.PUNTER, Hand.BANKER)  # by player
_TERMINAL, _CHANCE = int(pyspiel.PlayerId.TERMINAL), int(pyspiel.PlayerId.CHANCE)


@lru_cache(maxsize=1 << 16)
def coup_outcomes(shoe: Shoe) -> tuple[tuple[int, Fraction, Card], ...]:
    """Each value that the next card may have, with its exact chance and the card that
    stands for it: the engine's `Drawing.outcomes()` summed by value (cached by shoe, as
    tree searches reach the same shoe by many paths)."""
    chances: dict[int, Fraction] = {}
    cards: dict[int, Card] = {}
    for draw, p in Drawing(shoe).outcomes():
        v = value(draw.card)
        chances[v] = chances.get(v, Fraction(0)) + p
        cards.setdefault(v, draw.card)
    return tuple((v, chances[v], cards[v]) for v in sorted(chances))


@dataclass(frozen=True, slots=True, eq=False)
class _Table:
    """The engine's table, the events of the coup so far, and the OpenSpiel player to move.
    Never changed, only shared, so compared (and hashed, for `_after`) by identity."""

    state: State
    events: tuple[Event, ...] = ()
    player: int = field(init=False)

    def __post_init__(self) -> None:
        if _GAME.rounds(self.state) > 0:  # the coup is settled
            player = _TERMINAL
        else:
            (actor,) = _GAME.to_act(self.state)
            player = actor if isinstance(actor, int) else _CHANCE  # a seat, or chance
        object.__setattr__(self, "player", player)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        return self  # immutable: OpenSpiel clones a state by deep copy, so share it


def _banco(shoe: Shoe, stake: int, rules: Rules) -> State:
    """The table as the coup is dealt from `shoe`: the banker keeps his bank of `stake`, and
    the punter, with as much, calls banco (CF-6)."""
    state = State(
        rules=rules,
        phase=Phase.KEEP,
        seats=(stake, 0),
        banker=BANKER,
        bank=stake,
        shoe=shoe,
        shoes=1,
        paid_in=2 * stake,
    )
    state, _ = _GAME.apply(state, BANKER, KeepBank())
    state, _ = _GAME.apply(state, PUNTER, Banco())
    return state


@lru_cache(maxsize=1 << 16)
def _after(table: _Table, action: int) -> _Table:
    """The table after OpenSpiel's `action`: chance draws a card of that value, or the
    player stands or draws; then each move that is the only one legal is played (the
    punter's on 0-4 or 6-7, CF-12), until chance or a choice is next. Cached: a tree
    search plays the same action on the same shared table at every iteration."""
    actor: Actor
    move: Action
    if table.player == _CHANCE:
        card = next(card for v, _, card in coup_outcomes(table.state.shoe) if v == action)
        actor, move = CHANCE, Draw(card)
    else:
        actor, move = table.player, _ACTIONS[action]
    while True:
        state, events = _GAME.apply(table.state, actor, move)
        table = _Table(state, table.events + events)
        if table.player in (_TERMINAL, _CHANCE):
            return table
        actor = table.player
        options = _GAME.options(state, actor).options
        if len(options) > 1:
            return table
        (option,) = options
        assert isinstance(option, Action)
        move = option


def _parse_shoe(text: str) -> Shoe:
    if not text.strip():
        return Shoe.of(f"{rank}{suit}" for suit in "SHDC" for rank in "A23456789TJQK")
    shoe = Shoe.of(text.split())
    if len(shoe) < 6:
        raise InvalidConfig(f"shoe {text!r} is not valid: a coup may need 6 cards")
    return shoe


_GAME_TYPE = pyspiel.GameType(
    short_name=COUP,
    long_name="croupier Chemin de Fer coup",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"shoe": "", "stake": 1, "banker_play": "free"},
)


class CoupGame(pyspiel.Game):  # type: ignore[misc]
    """The coup on the shoe, stake and banker's play given as parameters."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        shoe = _parse_shoe(str(params.get("shoe", "")))
        stake = int(params.get("stake", 1))
        play = str(params.get("banker_play", "free"))
        if stake < 1:
            raise InvalidConfig(f"stake = {stake} is not valid: 1 chip or more")
        rules = _GAME.config(banker_play=play)
        info = pyspiel.GameInfo(
            num_distinct_actions=2,
            max_chance_outcomes=10,
            num_players=2,
            min_utility=-float(stake),
            max_utility=float(stake),
            utility_sum=0.0,
            max_game_length=_MAX_LENGTH,
        )
        super().__init__(
            _GAME_TYPE,
            info,
            {"shoe": str(params.get("shoe", "")), "stake": stake, "banker_play": play},
        )
        self.stake = stake
        self.table = _Table(_banco(shoe, stake, rules))

    def new_initial_state(self) -> CoupState:
        return CoupState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> CoupObserver:
        return CoupObserver(params)


class CoupState(pyspiel.State):  # type: ignore[misc]
    """One playthrough of the coup."""

    def __init__(self, game: CoupGame) -> None:
        super().__init__(game)
        self.stake, self.table = game.stake, game.table  # states are deep-copied: both cheaply

    def current_player(self) -> int:
        return self.table.player

    def _legal_actions(self, player: int) -> list[int]:
        legal = _GAME.options(self.table.state, player)
        return [number for number, action in enumerate(_ACTIONS) if action in legal]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(v, float(p)) for v, p, _ in coup_outcomes(self.table.state.shoe)]

    def _apply_action(self, action: int) -> None:
        self.table = _after(self.table, action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            return f"card worth {action}"
        return ("stand", "draw")[action]

    def is_terminal(self) -> bool:
        return self.table.player == _TERMINAL

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        holds = _GAME.holdings(self.table.state)
        return [float(holds[player] - self.stake) for player in (PUNTER, BANKER)]

    def information_state_string(self, player: int | None = None) -> str:
        return _view(self.table, self.current_player() if player is None else player)

    def observation_string(self, player: int | None = None) -> str:
        return _view(self.table, self.current_player() if player is None else player)

    def __str__(self) -> str:
        cards: dict[Hand, list[str]] = {hand: [] for hand in Hand}
        for event in self.table.events:
            if isinstance(event, CardDealt | ThirdCard):
                cards[event.hand].append(str(event.card))
        phase = "over" if self.is_terminal() else self.table.state.phase.value
        return (
            f"punter {' '.join(cards[Hand.PUNTER])} | banker {' '.join(cards[Hand.BANKER])}"
            f" | {phase}"
        )


@dataclass(slots=True)
class _Seen:
    """What a player has seen of the coup, in values: his own two cards; each hand's third
    card, or None if it stood; the hands shown at the end."""

    own: list[int] = field(default_factory=list)
    thirds: dict[Hand, int | None] = field(default_factory=dict)
    shown: dict[Hand, tuple[int, ...]] = field(default_factory=dict)


def _seen(table: _Table, player: int) -> _Seen:
    """The coup's events as `player` sees them: another's two cards are not his (CF-9)."""
    seen = _Seen()
    for event in table.events:
        if isinstance(event, CardDealt):
            if event.audience.admits(player) and event.card is not None:
                seen.own.append(value(event.card))
        elif isinstance(event, PunterDecided | BankerDecided):
            if not event.draws:
                seen.thirds[Hand.PUNTER if isinstance(event, PunterDecided) else Hand.BANKER] = None
        elif isinstance(event, ThirdCard):
            seen.thirds[event.hand] = value(event.card)
        elif isinstance(event, HandShown):
            seen.shown[event.hand] = tuple(value(card) for card in event.cards)
    return seen


def _view(table: _Table, player: int) -> str:
    """What `player` knows: his own two cards' values, lower first, and the public cards
    and choices (CF-12, CF-13); both hands at the showdown (CF-14)."""
    seen = _seen(table, player)
    parts = [_HANDS[player].value, "hand " + " ".join(map(str, sorted(seen.own)))]
    for hand in _HANDS:
        if hand in seen.thirds:
            third = seen.thirds[hand]
            parts.append(f"{hand.value} stood" if third is None else f"{hand.value} third {third}")
    if seen.shown:
        parts.append(
            "shown "
            + " ".join(f"{hand.value} " + " ".join(map(str, seen.shown[hand])) for hand in _HANDS)
        )
    return "; ".join(parts)


class CoupObserver:
    """OpenSpiel's PyObserver for the coup: a tensor and a string of what a player knows.

    Tensor pieces: `player` (2), `hand` (counts of each value in his two cards, 10),
    `punter_third` (stood, or the value drawn: 11), `banker_third` (the same, 11),
    `shown` (the other side's two cards' value counts, at the showdown: 10).
    """

    def __init__(self, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        pieces = (
            ("player", 2),
            ("hand", 10),
            ("punter_third", 11),
            ("banker_third", 11),
            ("shown", 10),
        )
        self.tensor = np.zeros(sum(size for _, size in pieces), np.float32)
        self.dict: dict[str, Any] = {}
        at = 0
        for name, size in pieces:
            self.dict[name] = self.tensor[at : at + size]
            at += size

    def set_from(self, state: CoupState, player: int) -> None:
        seen = _seen(state.table, player)
        self.tensor.fill(0)
        self.dict["player"][player] = 1
        for v in seen.own:
            self.dict["hand"][v] += 1
        for hand, third in seen.thirds.items():
            self.dict[f"{hand.value}_third"][0 if third is None else 1 + third] = 1
        for v in seen.shown.get(_HANDS[1 - player], ())[:2]:
            self.dict["shown"][v] += 1

    def string_from(self, state: CoupState, player: int) -> str:
        return _view(state.table, player)


_registered: set[str] = set()


def register() -> None:
    """Register croupier's games with `pyspiel`: the coup, and the five games as sessions
    (`croupier.rl._openspiel_games`). Registering again is harmless."""
    from croupier.rl._openspiel_games import register_sessions

    if COUP not in _registered and COUP not in pyspiel.registered_names():
        pyspiel.register_game(_GAME_TYPE, CoupGame)
    _registered.add(COUP)
    register_sessions()

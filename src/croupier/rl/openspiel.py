"""croupier's Chemin de Fer coup as an OpenSpiel Python game (issue 17, item 3).

`register()` registers `python_croupier_chemin_de_fer_coup` with `pyspiel`: a
single coup (CF-9 .. CF-14) dealt from a given shoe, between two players, the
punter (player 0, who plays the punters' hand) and the banker (player 1).

- Chance is OpenSpiel's chance player. Its outcomes come from the engine's
  `Drawing(shoe).outcomes()`, exact `Fraction`s, summed over the cards of each
  baccarat value (only values matter to the coup, C-3) and turned into floats
  only here, at the OpenSpiel boundary. A chance action is a value, 0..9; the
  card taken from the shoe for it is the first of that value among the
  outcomes, so the game is deterministic given its actions.
- Decisions are where the rules leave a choice: the punter on 5 (CF-12), the
  banker always (CF-13, `banker_play=free`) or never (`banker_play=tableau`).
  Forced draws and stands are played by the game. Actions: 0 stand, 1 draw.
- Information: each side knows the values of its own two cards (as the
  Ethier-Gamez model of `croupier.solve.chemin_de_fer`, `Info.CARDS`), written
  lower first; the punter's third card, or that he stood, is public; so is the
  banker's third card; both hands are shown at the end. The information state
  and observation strings are the same (each side sees everything it ever saw).
- Returns are chips: `stake` to the punter if his hand wins, minus that if it
  loses, 0 on a tie; the banker's are the opposite (no commission: zero-sum).

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
(`python_croupier_punto_banco`, ...): see `croupier.rl.openspiel_games`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from croupier.cards import Card
from croupier.engine.game import Drawing
from croupier.errors import InvalidConfig
from croupier.games.baccarat import PUNTO_RULE, PuntoRule, banco_draws, is_natural, points, value
from croupier.shoe import Shoe

__all__ = [
    "BANKER",
    "COUP",
    "DRAW",
    "PUNTER",
    "STAND",
    "CoupGame",
    "CoupObserver",
    "CoupPhase",
    "CoupState",
    "coup_outcomes",
    "register",
]

COUP = "python_croupier_chemin_de_fer_coup"
"""The coup game's OpenSpiel name."""

PUNTER, BANKER = 0, 1
STAND, DRAW = 0, 1
_MAX_LENGTH = 8  # four cards dealt, the punter's choice and card, the banker's choice and card


class CoupPhase(enum.Enum):
    DEAL = "deal"
    PUNTER = "punter"
    PUNTER_DRAWS = "punter draws"
    BANKER = "banker"
    BANKER_DRAWS = "banker draws"
    OVER = "over"


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


@dataclass(frozen=True, slots=True)
class _Coup:
    """One coup being dealt: the shoe left, both hands, and what comes next."""

    shoe: Shoe
    punter: tuple[Card, ...] = ()
    banker: tuple[Card, ...] = ()
    phase: CoupPhase = CoupPhase.DEAL
    punter_stood: bool = False
    banker_stood: bool = False

    def __deepcopy__(self, memo: dict[int, Any]) -> _Coup:
        return self  # immutable: OpenSpiel clones a state by deep copy, so share it


def _after_deal(coup: _Coup, free: bool) -> _Coup:
    """The coup once four cards are out: a natural ends it (CF-11); the punter draws on
    0-4, stands on 6-7 and chooses on 5 (CF-12)."""
    if is_natural(coup.punter) or is_natural(coup.banker):
        return replace(coup, phase=CoupPhase.OVER)
    rule = PUNTO_RULE[points(coup.punter)]
    if rule is PuntoRule.CHOOSE:
        return replace(coup, phase=CoupPhase.PUNTER)
    if rule is PuntoRule.DRAW:
        return replace(coup, phase=CoupPhase.PUNTER_DRAWS)
    return _bankers_turn(replace(coup, punter_stood=True), free)


def _bankers_turn(coup: _Coup, free: bool) -> _Coup:
    """The banker chooses freely (CF-13), or plays the tableau (variant)."""
    if free:
        return replace(coup, phase=CoupPhase.BANKER)
    third = coup.punter[2] if len(coup.punter) == 3 else None
    if banco_draws(points(coup.banker), third):
        return replace(coup, phase=CoupPhase.BANKER_DRAWS)
    return replace(coup, phase=CoupPhase.OVER, banker_stood=True)


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
        if play not in ("free", "tableau"):
            raise InvalidConfig(f"banker_play {play!r} is not valid: choose from free, tableau")
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
        self.shoe = shoe
        self.stake = stake
        self.free = play == "free"

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
        self.stake, self.free = game.stake, game.free  # plain values: states are deep-copied
        self.coup = _Coup(game.shoe)

    def current_player(self) -> int:
        phase = self.coup.phase
        if phase is CoupPhase.OVER:
            return int(pyspiel.PlayerId.TERMINAL)
        if phase is CoupPhase.PUNTER:
            return PUNTER
        if phase is CoupPhase.BANKER:
            return BANKER
        return int(pyspiel.PlayerId.CHANCE)

    def _legal_actions(self, player: int) -> list[int]:
        return [STAND, DRAW]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(v, float(p)) for v, p, _ in coup_outcomes(self.coup.shoe)]

    def _apply_action(self, action: int) -> None:
        coup, free = self.coup, self.free
        if coup.phase is CoupPhase.PUNTER:
            if action == DRAW:
                self.coup = replace(coup, phase=CoupPhase.PUNTER_DRAWS)
            else:
                self.coup = _bankers_turn(replace(coup, punter_stood=True), free)
            return
        if coup.phase is CoupPhase.BANKER:
            if action == DRAW:
                self.coup = replace(coup, phase=CoupPhase.BANKER_DRAWS)
            else:
                self.coup = replace(coup, phase=CoupPhase.OVER, banker_stood=True)
            return
        card = next(card for v, _, card in coup_outcomes(coup.shoe) if v == action)
        coup = replace(coup, shoe=coup.shoe.draw(card))
        if coup.phase is CoupPhase.DEAL:
            if len(coup.punter) == len(coup.banker):
                coup = replace(coup, punter=(*coup.punter, card))
            else:
                coup = replace(coup, banker=(*coup.banker, card))
            self.coup = _after_deal(coup, free) if len(coup.banker) == 2 else coup
        elif coup.phase is CoupPhase.PUNTER_DRAWS:
            self.coup = _bankers_turn(replace(coup, punter=(*coup.punter, card)), free)
        else:
            self.coup = replace(coup, banker=(*coup.banker, card), phase=CoupPhase.OVER)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            return f"card worth {action}"
        return ("stand", "draw")[action]

    def is_terminal(self) -> bool:
        return self.coup.phase is CoupPhase.OVER

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        punter, banker = points(self.coup.punter), points(self.coup.banker)
        won = float(self.stake * ((punter > banker) - (punter < banker)))
        return [won, -won]

    def information_state_string(self, player: int | None = None) -> str:
        return _view(self.coup, self.current_player() if player is None else player)

    def observation_string(self, player: int | None = None) -> str:
        return _view(self.coup, self.current_player() if player is None else player)

    def __str__(self) -> str:
        coup = self.coup
        return (
            f"punter {' '.join(map(str, coup.punter))} | banker {' '.join(map(str, coup.banker))}"
            f" | {coup.phase.value}"
        )


def _values(cards: Iterable[Card]) -> list[int]:
    return [value(card) for card in cards]


def _view(coup: _Coup, player: int) -> str:
    """What `player` knows: his own two cards' values, lower first, and the public cards
    and choices (CF-9, CF-12, CF-13); both hands at the showdown."""
    own = coup.punter if player == PUNTER else coup.banker
    parts = [
        ("punter" if player == PUNTER else "banker"),
        "hand " + " ".join(map(str, sorted(_values(own[:2])))),
    ]
    if coup.punter_stood:
        parts.append("punter stood")
    elif len(coup.punter) == 3:
        parts.append(f"punter third {value(coup.punter[2])}")
    if coup.banker_stood:
        parts.append("banker stood")
    elif len(coup.banker) == 3:
        parts.append(f"banker third {value(coup.banker[2])}")
    if coup.phase is CoupPhase.OVER:
        parts.append(
            "shown punter "
            + " ".join(map(str, _values(coup.punter)))
            + " banker "
            + " ".join(map(str, _values(coup.banker)))
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
        coup = state.coup
        self.tensor.fill(0)
        self.dict["player"][player] = 1
        own, other = (coup.punter, coup.banker) if player == PUNTER else (coup.banker, coup.punter)
        for v in _values(own[:2]):
            self.dict["hand"][v] += 1
        if coup.punter_stood:
            self.dict["punter_third"][0] = 1
        elif len(coup.punter) == 3:
            self.dict["punter_third"][1 + value(coup.punter[2])] = 1
        if coup.banker_stood:
            self.dict["banker_third"][0] = 1
        elif len(coup.banker) == 3:
            self.dict["banker_third"][1 + value(coup.banker[2])] = 1
        if coup.phase is CoupPhase.OVER:
            for v in _values(other[:2]):
                self.dict["shown"][v] += 1

    def string_from(self, state: CoupState, player: int) -> str:
        return _view(state.coup, player)


_registered: set[str] = set()


def register() -> None:
    """Register croupier's games with `pyspiel`: the coup, and the five games as sessions
    (`croupier.rl.openspiel_games`). Registering again is harmless."""
    from croupier.rl.openspiel_games import register_sessions

    if COUP not in _registered and COUP not in pyspiel.registered_names():
        pyspiel.register_game(_GAME_TYPE, CoupGame)
    _registered.add(COUP)
    register_sessions()

"""One loop for every way of playing a session: chance first, then the house, then a seat.

The engine says who may act now (`Game.to_act`). A `Driver` takes the steps that nobody at
the table decides, in this order:

- chance, when a shuffle or a card is due: the shuffle from the driver's `Shuffler`, the
  card the shoe gives (`Drawing.sample`); a driver that leaves the draws to its caller
  (`draws=False`, OpenSpiel's chance nodes) stops at a card instead;
- then the house, as its `House` decides (the table's `Croupier`: it closes bets once every
  seat has finished, and ends the session when told to or after its rounds);
- and, when neither acts, it is a seat's turn: `seats()` are those to act, from seat 0,
  and the caller decides for them.

The table (`croupier.table`), the server's runner, the PettingZoo and OpenSpiel environments,
the conformance suite (`croupier.testing`) and replay (`croupier.engine.history`) all play a
session through this module; each decides for the seats in its own way.

    >>> from croupier import games
    >>> game = games.get("punto-banco")
    >>> driver = Driver.start(game, game.config(), {0: 1000}, seed=7)
    >>> driver.advance()                # the shuffle; then box 1 is to cut
    1
    >>> driver.seats()
    [0]
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, cast

from croupier.engine.actions import Action, Amounts, EndSession, EndShoe
from croupier.engine.actors import CHANCE, HOUSE, Actor
from croupier.engine.events import Event
from croupier.engine.game import Drawing, Game
from croupier.randomness import RandomShuffler, Shuffler, stream

__all__ = ["Croupier", "Driver", "House", "Observer", "automatic"]


class House(Protocol):
    """Decides the house's steps: closing bets, ending the session, cutting an empty
    table's shoe."""

    def decide(self, game: Game[Any, Any, Any], state: Any, rng: random.Random) -> Action | None:
        """The house's action now, or None to let the seats act first."""


@dataclass
class Croupier:
    """The house at a table: it closes bets when every seat has finished, and ends the
    session after `rounds` coups or once `closing`. A table left with only the house to act
    (nobody to play) is closed, unless the croupier `waits` for players (at a server)."""

    rounds: int | None = None
    closing: bool = False
    waits: bool = False

    def decide(self, game: Game[Any, Any, Any], state: Any, rng: random.Random) -> Action | None:
        """The house's action now, or None to let the seats act first.

        When the house is the only one who can act, it takes its first option that does
        not end the session or the shoe (closing bets, or cutting an empty table's shoe at a
        random place), else it ends the session, unless it `waits`.
        """
        legal = game.legal_actions(state, HOUSE)
        if not legal:
            return None
        done = self.rounds is not None and game.rounds(state) >= self.rounds
        if (done or self.closing) and EndSession() in legal:
            return EndSession()
        if game.to_act(state) != {HOUSE}:
            return None
        option = next((o for o in legal if o not in (EndSession(), EndShoe())), None)
        if option is None:
            return None if self.waits else EndSession()
        if isinstance(option, Amounts):
            return cast(Action, option.at(rng.randint(option.low, option.high)))
        return option


def automatic(
    game: Game[Any, Any, Any],
    state: Any,
    shuffler: Shuffler,
    house: House | None,
    rng: random.Random,
    *,
    draws: bool = True,
) -> tuple[Actor, Action] | None:
    """The step that chance or the house takes now, if any: None when the session is over,
    when a seat is to act, or when a card is due and `draws` is False. With `house` None,
    the house's steps are the caller's too (a replay takes them from its record)."""
    actors = game.to_act(state)
    if not actors:
        return None
    if CHANCE in actors:
        node = game.chance(state)
        if isinstance(node, Drawing):
            return (CHANCE, node.sample()) if draws else None
        return CHANCE, node.sample(shuffler)
    if house is None:
        return None
    action = house.decide(game, state, rng)
    return None if action is None else (HOUSE, action)


Observer = Callable[[Actor, Action, tuple[Event, ...], Any], None]
"""Told each step taken: who acted, what they did, the events, and the state after it."""


@dataclass
class Driver:
    """A session in play: its state, where its chance comes from, and its house."""

    game: Game[Any, Any, Any]
    state: Any
    shuffler: Shuffler
    house: House | None = field(default_factory=Croupier)
    rng: random.Random = field(default_factory=lambda: stream(None, "house"))
    """The house's stream (a cut at an empty table)."""
    draws: bool = True
    observers: list[Observer] = field(default_factory=list)
    checks: bool = True
    """Whether each step is checked against the rules before it is taken. An adapter that
    takes only actions from the rules' own options, and chance's and the house's own steps,
    may turn it off (the research environments do, for speed); nothing else should."""

    @classmethod
    def start(
        cls,
        game: Game[Any, Any, Any],
        config: Any,
        buy_ins: Mapping[int, int],
        *,
        seed: int | None = None,
        shuffler: Shuffler | None = None,
        house: House | None = None,
    ) -> Driver:
        """A new session of `game`, the seats of `buy_ins` sitting down. Chance comes from
        `shuffler`, else from the system's strong source or, with `seed`, reproducibly (the
        house's stream too); the house is a `Croupier` unless another is given."""
        state = game.start(config, buy_ins)
        shuffler = shuffler or RandomShuffler.seeded(seed)
        return cls(game, state, shuffler, house or Croupier(), stream(seed, "house"))

    def __deepcopy__(self, memo: dict[int, Any]) -> Driver:
        """A copy that plays on alone: the game and the state (immutable) shared, the
        sources of chance copied (OpenSpiel clones a state so)."""
        copied = copy.copy(self)
        copied.shuffler = copy.deepcopy(self.shuffler, memo)
        copied.house = copy.deepcopy(self.house, memo)
        copied.rng = copy.deepcopy(self.rng, memo)
        copied.observers = list(self.observers)
        return copied

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    def automatic(self) -> tuple[Actor, Action] | None:
        """Chance's or the house's step now, if either is due (see `automatic`)."""
        return automatic(
            self.game, self.state, self.shuffler, self.house, self.rng, draws=self.draws
        )

    def apply(self, actor: Actor, action: Action) -> tuple[Event, ...]:
        """Take one step and tell the observers; `IllegalAction` if the rules refuse it, and
        then nothing changes."""
        game = self.game
        if self.checks:
            self.state, events = game.apply(self.state, actor, action)
        else:
            self.state, events = game.perform(self.state, actor, action)
        for observer in self.observers:
            observer(actor, action, events, self.state)
        return events

    def advance(self, stop: Callable[[Any], bool] | None = None) -> int:
        """Take every step that chance and the house take, until a seat is to act, the
        session is over, or `stop(state)` says so; how many were taken."""
        taken = 0
        while not (stop is not None and stop(self.state)):
            step = self.automatic()
            if step is None:
                break
            self.apply(*step)
            taken += 1
        return taken

    def seats(self) -> list[int]:
        """The seats that may act now, from seat 0 (empty while chance or the house is to
        act first, and once the session is over)."""
        actors = self.game.to_act(self.state)
        if CHANCE in actors:
            return []
        return sorted(actor for actor in actors if isinstance(actor, int))

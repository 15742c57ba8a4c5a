"""A table in session: the game, the people in its seats, the randomness, the history.

The rules (and so every chip, stake and bank) live in the game's frozen
state; the table holds what the rules do not: who sits where and who decides
for them (a person at the terminal, a bot), where chance comes from, and the
record of the session. It runs the session step by step:

- chance (a shuffle or a card) is drawn at once;
- the house (the `Croupier`) acts first when it has something to do: it ends
  the session when asked to (between coups, whenever the game allows it), and
  closes bets once every seat has finished;
- otherwise the seats that may act are asked in order, from box 1; a seat
  may answer "not now" (None) and the next is asked.

An action the rules refuse is handed back to the seat that tried it, with
the reason, and the seat is asked again; nothing changes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, cast

from croupier.engine.actions import Action, Amounts, EndSession
from croupier.engine.actors import CHANCE, HOUSE, Actor
from croupier.engine.events import Event, redact
from croupier.engine.game import Drawing, Game
from croupier.engine.history import History
from croupier.engine.record import Recorder
from croupier.errors import IllegalAction
from croupier.randomness import RandomShuffler, Shuffler, stream

__all__ = ["Controller", "Croupier", "Observer", "Player", "Table"]


class Controller(Protocol):
    """Decides for one seat: a bot, or a person at the terminal."""

    def decide(self, view: Any) -> Action | None:
        """The seat's action, or None to let the others act first."""

    def refused(self, error: IllegalAction) -> None:
        """The rules refused the last action, for `error.reason`."""


@dataclass
class Player:
    """A person or bot sitting at the table."""

    name: str
    controller: Controller


@dataclass
class Croupier:
    """The house's part: close bets when every seat has finished; end the session after
    `rounds` coups (or when told to close)."""

    rounds: int | None = None
    closing: bool = False

    def decide(self, game: Game[Any, Any, Any], state: Any, rng: random.Random) -> Action | None:
        """The house's action now, or None to let the seats act first.

        When the house is the only one who can act, it takes its first option
        that does not end the session (closing bets, or cutting an empty
        table's shoe at a random place).
        """
        legal = game.legal_actions(state, HOUSE)
        if not legal:
            return None
        done = self.rounds is not None and game.rounds(state) >= self.rounds
        if (done or self.closing) and EndSession() in legal:
            return EndSession()
        if game.to_act(state) != {HOUSE}:
            return None
        option = next((o for o in legal if o != EndSession()), EndSession())
        if isinstance(option, Amounts):
            return cast(Action, option.at(rng.randint(option.low, option.high)))
        return option


Observer = Callable[[Actor, tuple[Event, ...]], None]


@dataclass
class _Watcher:
    viewer: Actor | None
    notify: Observer


@dataclass
class Table:
    """A session at one table. `seed` None: a cryptographically strong shuffle."""

    game: Game[Any, Any, Any]
    config: Any
    players: dict[int, Player]
    buy_ins: Mapping[int, int]
    seed: int | None = None
    croupier: Croupier = field(default_factory=Croupier)
    shuffler: Shuffler | None = None
    state: Any = field(init=False)
    actions: list[tuple[Actor, Action]] = field(init=False, default_factory=list)
    shuffles: list[tuple[Any, ...]] = field(init=False, default_factory=list)
    _watchers: list[_Watcher] = field(init=False, default_factory=list)
    _house_rng: random.Random = field(init=False)
    _recorder: Recorder = field(init=False)

    def __post_init__(self) -> None:
        self.state = self.game.start(self.config, self.buy_ins)
        self._recorder = Recorder(self.game, self.config, self.state)
        self._house_rng = stream(self.seed, "house")
        if self.shuffler is None:
            self.shuffler = RandomShuffler.seeded(self.seed)

    def watch(self, viewer: Actor | None, notify: Observer) -> None:
        """Call `notify(actor, events)` after every step, with the events as `viewer` sees them."""
        self._watchers.append(_Watcher(viewer, notify))

    @property
    def history(self) -> History:
        return History(
            game=self.game.name,
            config=self.config,
            buy_ins=dict(self.buy_ins),
            seed=self.seed,
            actions=tuple(self.actions),
            shuffles=tuple(self.shuffles) if self.seed is None else (),
            record=self._recorder.checkpoints,
        )

    def view(self, viewer: Actor | None) -> Any:
        return self.game.view(self.state, viewer)

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    def step(self) -> bool:
        """Take one step of the session; False once it is over."""
        actors = self.game.to_act(self.state)
        if not actors:
            return False
        if CHANCE in actors:
            self._apply(CHANCE, self._chance())
            return True
        action = self.croupier.decide(self.game, self.state, self._house_rng)
        if action is not None:
            self._apply(HOUSE, action)
            return True
        for seat in sorted(actor for actor in actors if isinstance(actor, int)):
            player = self.players.get(seat)
            if player is not None and self._ask(seat, player):
                return True
        raise RuntimeError(f"nobody acted: waiting for {sorted(map(str, actors))}")

    def run(self) -> None:
        """Play the session to its end."""
        while self.step():
            pass

    def sit(self, seat: int, player: Player, action: Action) -> None:
        """A new player takes an empty seat between coups with `action` (the game's Join)."""
        self._apply(seat, action)
        self.players[seat] = player

    def _chance(self) -> Action:
        node = self.game.chance(self.state)
        if isinstance(node, Drawing):
            return node.sample()
        assert self.shuffler is not None
        shuffle = node.sample(self.shuffler)
        if self.seed is None:
            self.shuffles.append(shuffle.order)
        return shuffle

    def _ask(self, seat: int, player: Player) -> bool:
        while True:
            action = player.controller.decide(self.game.view(self.state, seat))
            if action is None:
                return False
            try:
                self._apply(seat, action)
            except IllegalAction as error:
                player.controller.refused(error)
                continue
            return True

    def _apply(self, actor: Actor, action: Action) -> None:
        self.state, events = self.game.apply(self.state, actor, action)
        self._recorder.note(actor, action, events, self.state)
        if actor is not CHANCE:
            self.actions.append((actor, action))
        if isinstance(actor, int) and actor not in self.game.seats(self.state):
            self.players.pop(actor, None)  # the seat got up
            if not self.players:
                self.croupier.closing = True  # the last player has gone: close the table
        for watcher in self._watchers:
            watcher.notify(actor, tuple(redact(event, watcher.viewer) for event in events))

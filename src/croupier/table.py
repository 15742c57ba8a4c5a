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

The order is the driver's (`croupier.engine.drive`), which every way of playing a session
shares. An action the rules refuse is handed back to the seat that tried it, with the
reason, and the seat is asked again; nothing changes. A seat refused `Player.refusals`
times in a row (a bot or program that cannot find a legal action) stops the table with
`TableStopped`, rather than being asked for ever.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from croupier.engine.actions import Action, Shuffle
from croupier.engine.actors import CHANCE, Actor
from croupier.engine.drive import Croupier, Driver
from croupier.engine.events import Event, redact
from croupier.engine.game import Game
from croupier.engine.history import History
from croupier.engine.record import Recorder
from croupier.errors import IllegalAction, TableStopped
from croupier.fairness import FairShuffler
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
    """A person or bot sitting at the table. `refusals` is how many refused actions in a
    row the table takes from this seat before it stops (None: no limit, for a person, who
    may try again as often as he likes)."""

    name: str
    controller: Controller
    refusals: int | None = 3


Observer = Callable[[Actor, tuple[Event, ...]], None]


@dataclass
class _Watcher:
    viewer: Actor | None
    notify: Observer


@dataclass
class Table:
    """A session at one table. `seed` None: a cryptographically strong shuffle. `shuffler` a
    `FairShuffler`: a provably fair session, its history holding each shuffle's proof."""

    game: Game[Any, Any, Any]
    config: Any
    players: dict[int, Player]
    buy_ins: Mapping[int, int]
    seed: int | None = None
    croupier: Croupier = field(default_factory=Croupier)
    shuffler: Shuffler | None = None
    actions: list[tuple[Actor, Action]] = field(init=False, default_factory=list)
    shuffles: list[tuple[Any, ...]] = field(init=False, default_factory=list)
    _watchers: list[_Watcher] = field(init=False, default_factory=list)
    _driver: Driver = field(init=False)
    _recorder: Recorder = field(init=False)

    def __post_init__(self) -> None:
        shuffler = self.shuffler or RandomShuffler.seeded(self.seed)
        state = self.game.start(self.config, self.buy_ins)
        self._driver = Driver(self.game, state, shuffler, self.croupier, stream(self.seed, "house"))
        self._driver.observers.append(self._note)
        self._recorder = Recorder(self.game, self.config, state)

    @property
    def state(self) -> Any:
        """The game's state now: it holds every hidden card, so it is for the table alone."""
        return self._driver.state

    def watch(self, viewer: Actor | None, notify: Observer) -> None:
        """Call `notify(actor, events)` after every step, with the events as `viewer` sees them."""
        self._watchers.append(_Watcher(viewer, notify))

    @property
    def history(self) -> History:
        """The session so far; a fair session's last seed is told once it is over, or
        `reveal` has been called."""
        fair = self.shuffler if isinstance(self.shuffler, FairShuffler) else None
        if fair is not None and self.over:
            fair.reveal()
        return History(
            game=self.game.name,
            config=self.config,
            buy_ins=dict(self.buy_ins),
            seed=self.seed,
            actions=tuple(self.actions),
            shuffles=tuple(self.shuffles) if self.seed is None and fair is None else (),
            record=self._recorder.checkpoints,
            proofs=fair.proofs if fair is not None else (),
        )

    def reveal(self) -> None:
        """The session stops here (interrupted): a fair session's seeds may all be told."""
        if isinstance(self.shuffler, FairShuffler):
            self.shuffler.reveal()

    def view(self, viewer: Actor | None) -> Any:
        return self.game.view(self.state, viewer)

    @property
    def over(self) -> bool:
        return self._driver.over

    def step(self) -> bool:
        """Take one step of the session; False once it is over."""
        if self.over:
            return False
        automatic = self._driver.automatic()
        if automatic is not None:
            self._driver.apply(*automatic)
            return True
        seats = self._driver.seats()
        for seat in seats:
            player = self.players.get(seat)
            if player is not None and self._ask(seat, player):
                return True
        waiting = sorted(map(str, self.game.to_act(self.state)))
        raise TableStopped(f"nobody acted: waiting for {', '.join(waiting)}")

    def run(self) -> None:
        """Play the session to its end."""
        while self.step():
            pass

    def sit(self, seat: int, player: Player, action: Action) -> None:
        """A new player takes an empty seat between coups with `action` (the game's Join)."""
        self._driver.apply(seat, action)
        self.players[seat] = player

    def _ask(self, seat: int, player: Player) -> bool:
        """Ask the seat's controller until it acts (True) or lets the others act first."""
        refused = 0
        while True:
            action = player.controller.decide(self.game.view(self.state, seat))
            if action is None:
                return False
            try:
                self._driver.apply(seat, action)
            except IllegalAction as error:
                player.controller.refused(error)
                refused += 1
                if player.refusals is not None and refused >= player.refusals:
                    raise TableStopped(
                        f"seat {seat + 1} ({player.name}) was refused {refused} times in a "
                        f"row, last because {error.reason}: the table stops here"
                    ) from error
                continue
            return True

    def _note(self, actor: Actor, action: Action, events: tuple[Event, ...], state: Any) -> None:
        """Record a step taken, and tell the watchers."""
        self._recorder.note(actor, action, events, state)
        if actor is CHANCE:
            if self.seed is None and isinstance(action, Shuffle):
                self.shuffles.append(action.order)
        else:
            self.actions.append((actor, action))
        if isinstance(actor, int) and actor not in self.game.seats(state):
            self.players.pop(actor, None)  # the seat got up
            if not self.players:
                self.croupier.closing = True  # the last player has gone: close the table
        for watcher in self._watchers:
            watcher.notify(actor, tuple(redact(event, watcher.viewer) for event in events))

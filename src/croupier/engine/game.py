"""The protocol every game follows (see docs/engine.md).

A `Game` is a fixed description with pure functions over immutable states;
a state is one playthrough. Who may act now is a *set*: in a betting round
several seats may act before the house closes it; in strict turn order the
set holds one seat; when the shoe must be shuffled or a card drawn, it holds
`CHANCE`; when the session is over it is empty.

Chance is explicit, as in OpenSpiel. `chance(state)` says what it does next:

- `Shuffling(cards)`: the pack is shuffled. Its outcome, a `Shuffle(order)`,
  comes from outside the rules (a `Shuffler`), so the rules stay pure.
- `Drawing(shoe, end)`: one card is drawn. A live table draws the physical
  next card; an exact calculator branches on every card still in the shoe,
  each with its probability (`Drawing.outcomes`), through the same `apply`.
"""

from __future__ import annotations

import dataclasses
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

from croupier.cards import Card
from croupier.engine.actions import (
    Action,
    Draw,
    EndSession,
    Legal,
    SetLimits,
    Shuffle,
    malformed,
)
from croupier.engine.actors import CHANCE, HOUSE, Actor
from croupier.engine.events import Event, LimitsSet
from croupier.engine.rule_options import with_limits
from croupier.errors import (
    ForbiddenAction,
    GameOver,
    IllegalAction,
    InvalidConfig,
    NotYourTurn,
    UnknownAction,
)
from croupier.randomness import Shuffler
from croupier.shoe import End, Shoe

__all__ = ["ChanceNode", "Chips", "Drawing", "Game", "Shuffling", "View"]

C = TypeVar("C")
S = TypeVar("S")
V = TypeVar("V", bound="View")


@dataclass(frozen=True, slots=True)
class Shuffling:
    """Chance shuffles these cards; any order of them is a legal outcome."""

    cards: tuple[Card, ...]

    def sample(self, shuffler: Shuffler) -> Shuffle:
        return Shuffle(shuffler.shuffle(self.cards))


@dataclass(frozen=True, slots=True)
class Drawing:
    """Chance draws the next card from `end` of `shoe`."""

    shoe: Shoe
    end: End = End.TOP

    def sample(self) -> Draw:
        """The card the physical shoe gives."""
        return Draw(self.shoe.next_card(self.end))

    def outcomes(self) -> tuple[tuple[Draw, Fraction], ...]:
        """Every card that may come, with its exact probability, for a shuffled shoe."""
        return tuple((Draw(card), p) for card, p in self.shoe.outcomes())


ChanceNode = Shuffling | Drawing


@dataclass(frozen=True, slots=True)
class Chips:
    """Where every chip of a session is.

    `seats` (in front of players), `staked` (on the layout), `house` (its
    takings, negative when it has paid out more), `bank` (a seat's bank, in
    the games that have one), `apart` (set aside for later sharing, as
    Monte's house cut until the bank passes). Chips enter only with seats
    that sit down and leave only with seats that get up, so the places add
    up to `paid_in - paid_out` always.
    """

    seats: int
    staked: int
    house: int
    paid_in: int
    paid_out: int
    bank: int = 0
    apart: int = 0

    @property
    def total(self) -> int:
        return self.seats + self.staked + self.house + self.bank + self.apart

    @property
    def balanced(self) -> bool:
        return self.total == self.paid_in - self.paid_out


class View(Protocol):
    """What every view offers its holder, whatever the game."""

    @property
    def viewer(self) -> Actor | None: ...
    @property
    def to_act(self) -> frozenset[Actor]: ...
    @property
    def legal(self) -> Legal: ...


class Game(ABC, Generic[C, S, V]):
    """A game: its rules as pure functions of frozen states.

    `apply` checks an action before it changes anything, in this order: the
    session is not over; the action is one of this game's, well formed; the
    actor may take it now. An illegal action raises the matching `IllegalAction`, and the
    state given stays as it was (states are immutable, so it always does).
    A game implements `options` (what a seat or the house may do),
    `refusal` (why an action is not among them) and `perform` (the change).
    """

    name: ClassVar[str]
    """Registry name, as the CLI uses it: `punto-banco`."""
    title: ClassVar[str]
    """The game's name for people: `Punto Banco`."""
    actions: ClassVar[tuple[type[Action], ...]]
    """The action types of the seats and the house (also for decoding histories)."""
    events: ClassVar[tuple[type[Event], ...]]
    """The event types its sessions tell, the engine's among them (for reading them back
    from JSON): `kinds(events_module)` (`croupier.engine.events.kinds`)."""
    config_type: ClassVar[type[Any]]

    @abstractmethod
    def config(self, **options: Any) -> C:
        """A validated rule set; raises `InvalidConfig` naming a bad option and what is valid."""

    @abstractmethod
    def start(self, config: C, buy_ins: Mapping[int, int]) -> S:
        """A new session: the seats given (seat number -> chips) sit down."""

    @abstractmethod
    def to_act(self, state: S) -> frozenset[Actor]:
        """Who may act now; empty when the session is over."""

    @abstractmethod
    def options(self, state: S, actor: Actor) -> Legal:
        """What a seat or the house may do now."""

    @abstractmethod
    def refusal(self, state: S, actor: Actor, action: Action) -> IllegalAction:
        """The error that says why `action`, not among `options`, is refused."""

    @abstractmethod
    def perform(self, state: S, actor: Actor, action: Action) -> tuple[S, tuple[Event, ...]]:
        """Carry out a legal action."""

    @abstractmethod
    def chance(self, state: S) -> ChanceNode:
        """What chance does next; only when `CHANCE` is to act."""

    @abstractmethod
    def view(self, state: S, viewer: Actor | None) -> V:
        """What `viewer` (a seat, or None for a spectator) may know, and its legal actions."""

    @abstractmethod
    def seats(self, state: S) -> frozenset[int]:
        """The seats that are taken."""

    @abstractmethod
    def holdings(self, state: S) -> dict[int, int]:
        """The chips each taken seat holds: in front of it, and its bank if it banks."""

    @abstractmethod
    def stakes(self, state: S) -> dict[int, int]:
        """The chips each seat has on the table, not yet settled: what goes back to it if
        play stops here. They add up to `chips(state).staked`."""

    @abstractmethod
    def rounds(self, state: S) -> int:
        """How many coups (deals, rounds) have been settled."""

    @abstractmethod
    def chips(self, state: S) -> Chips:
        """Where every chip is."""

    def is_over(self, state: S) -> bool:
        return not self.to_act(state)

    def legal_actions(self, state: S, actor: Actor) -> Legal:
        """What `actor` may do now. For chance: each card that may be drawn.

        A shuffle's outcomes (every order of the pack) are not listed.
        """
        if actor is not CHANCE:
            return self.options(state, actor)
        if CHANCE not in self.to_act(state):
            return Legal()
        node = self.chance(state)
        if isinstance(node, Drawing):
            return Legal(tuple(action for action, _ in node.outcomes()))
        return Legal()

    def apply(self, state: S, actor: Actor, action: Action) -> tuple[S, tuple[Event, ...]]:
        """The state after `actor` does `action`, and the events it caused."""
        if self.is_over(state):
            raise GameOver(actor, action, "the session is over")
        if actor is CHANCE:
            self._check_chance(state, action)
        elif isinstance(action, SetLimits):
            return self._set_limits(state, actor, action)
        elif not isinstance(action, self.actions):
            names = ", ".join(kind.__name__ for kind in self.actions)
            raise UnknownAction(actor, action, f"{self.title} has no such action; it has {names}")
        elif (fault := malformed(action)) is not None:
            raise UnknownAction(actor, action, fault)
        elif action not in self.options(state, actor):
            raise self.refusal(state, actor, action)
        return self.perform(state, actor, action)

    @property
    def step_kinds(self) -> tuple[type[Action], ...]:
        """The kinds of action a session's steps may hold besides chance's: the game's own
        (`actions`), and the house's `SetLimits`, which every game takes."""
        return (*self.actions, SetLimits)

    def rules_of(self, state: S) -> C:
        """The rule set `state` plays by: the one it started with, but for the stake limits
        a host may have changed since (`SetLimits`)."""
        return cast(C, cast(Any, state).rules)

    def _set_limits(self, state: S, actor: Actor, action: SetLimits) -> tuple[S, tuple[Event, ...]]:
        """The house sets the stake limits a host changed, at a moment between coups (when
        it may end the session): they hold from the next coup on."""
        if actor is not HOUSE:
            raise ForbiddenAction(actor, action, "the house sets the stake limits, as a host asks")
        if EndSession() not in self.options(state, HOUSE):
            raise NotYourTurn(actor, action, "the stake limits change between coups")
        try:
            limits = json.loads(action.limits)
        except ValueError:
            limits = None
        if not isinstance(limits, dict) or not limits:
            raise UnknownAction(actor, action, "the limits are a JSON object of stake limits")
        try:
            rules = with_limits(self.rules_of(state), limits)
        except InvalidConfig as error:
            raise ForbiddenAction(actor, action, str(error)) from None
        changed = dataclasses.replace(cast(Any, state), rules=rules)
        return cast(S, changed), (LimitsSet(action.limits),)

    def _check_chance(self, state: S, action: Action) -> None:
        if CHANCE not in self.to_act(state):
            raise NotYourTurn(CHANCE, action, "no card is to be drawn or shuffled now")
        node = self.chance(state)
        if isinstance(node, Shuffling):
            if not (isinstance(action, Shuffle) and _same_cards(action.order, node.cards)):
                raise ForbiddenAction(
                    CHANCE,
                    action,
                    f"the shoe is to be shuffled: an order of its {len(node.cards)} cards",
                )
        elif not (isinstance(action, Draw) and action.card in node.shoe.cards):
            raise ForbiddenAction(CHANCE, action, "a card is to be drawn from those in the shoe")


def _same_cards(left: tuple[Card, ...], right: tuple[Card, ...]) -> bool:
    return sorted(card.index for card in left) == sorted(card.index for card in right)

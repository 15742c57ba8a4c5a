"""Actions, the options a view offers, and the two actions of chance.

Every action is a small frozen value. The legal actions of an actor are a
`Legal` collection of options: an option is either one exact action, or
`Amounts`: every action of one shape whose `amount` lies in a range of whole
chips (a stake, a bid, a cut position). `Legal` supports `in` and iteration,
as python-chess's legal moves do: `Stake(PUNTO, 40) in legal`.
"""

from __future__ import annotations

import enum
import typing
from collections.abc import Iterator
from dataclasses import dataclass, fields, replace
from typing import Any, Generic, TypeVar, cast

from croupier.cards import Card

__all__ = [
    "MAX_BUY_IN",
    "Action",
    "Amounts",
    "CloseBets",
    "Cut",
    "Done",
    "Draw",
    "EndSession",
    "EndShoe",
    "Join",
    "Leave",
    "Legal",
    "Option",
    "Rebuy",
    "SetLimits",
    "Shuffle",
    "ShufflePack",
    "SitIn",
    "SitOut",
    "malformed",
]


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action."""


A = TypeVar("A", bound=Action)


@dataclass(frozen=True, slots=True)
class Amounts(Generic[A]):
    """Every action like `template` whose amount fields (`amount`, or those named in
    `fields`, as the three stakes of a Monte Carlo bet) each lie from `low` to `high`,
    and together come to no more than `total` (if given)."""

    template: A
    low: int
    high: int
    fields: tuple[str, ...] = ("amount",)
    total: int | None = None

    def __post_init__(self) -> None:
        _other_fields(type(self.template), self.fields)  # raises if a field is missing

    @property
    def most(self) -> int:
        """The largest amount `at` may give that stays within the range and the total."""
        if self.total is None:
            return self.high
        return min(self.high, self.total // len(self.fields))

    def at(self, amount: int) -> A:
        """The action with every amount field set to `amount` (not checked)."""
        changes: dict[str, Any] = dict.fromkeys(self.fields, amount)
        return cast(A, replace(cast(Any, self.template), **changes))

    def __contains__(self, action: object) -> bool:
        template = self.template
        if type(action) is not type(template):
            return False
        amounts = [getattr(action, name) for name in self.fields]
        if any(isinstance(a, bool) or not isinstance(a, int) for a in amounts):
            return False
        if not all(self.low <= a <= self.high for a in amounts):
            return False
        if self.total is not None and sum(amounts) > self.total:
            return False
        return all(
            getattr(action, name) == getattr(template, name)
            for name in _other_fields(type(template), self.fields)
        )


_OTHER_FIELDS: dict[tuple[type[Any], tuple[str, ...]], tuple[str, ...]] = {}


def _other_fields(kind: type[Any], amounts: tuple[str, ...]) -> tuple[str, ...]:
    """The fields of an action type besides its amount fields."""
    key = (kind, amounts)
    if key not in _OTHER_FIELDS:
        names = tuple(f.name for f in fields(kind))
        missing = [name for name in amounts if name not in names]
        if missing:
            raise TypeError(f"{kind.__name__} has no {missing[0]}")
        _OTHER_FIELDS[key] = tuple(name for name in names if name not in amounts)
    return _OTHER_FIELDS[key]


_HINTS: dict[type[Any], dict[str, Any]] = {}


def malformed(action: Action) -> str | None:
    """Why a field of `action` holds the wrong kind of value (an unknown bet, a
    fractional amount), or None when every field is of its declared kind."""
    kind = type(action)
    if kind not in _HINTS:
        _HINTS[kind] = typing.get_type_hints(kind)
    for name, hint in _HINTS[kind].items():
        value = getattr(action, name)
        if isinstance(hint, type) and issubclass(hint, enum.Enum) and not isinstance(value, hint):
            valid = ", ".join(str(member.value) for member in hint)
            return f"{value!r} is not a {name}: the choices are {valid}"
        if hint is int and (isinstance(value, bool) or not isinstance(value, int)):
            return f"{name} must be a whole number, not {value!r}"
    return None


Option = Action | Amounts[Any]


@dataclass(frozen=True, slots=True)
class Legal:
    """The options an actor has now; empty when it has none."""

    options: tuple[Option, ...] = ()

    def __contains__(self, action: object) -> bool:
        return any(
            action in option if isinstance(option, Amounts) else action == option
            for option in self.options
        )

    def __iter__(self) -> Iterator[Option]:
        return iter(self.options)

    def __len__(self) -> int:
        return len(self.options)

    def __bool__(self) -> bool:
        return bool(self.options)

    def of_type(self, kind: type[Action]) -> tuple[Option, ...]:
        """The options whose action is of this type."""
        return tuple(
            option
            for option in self.options
            if isinstance(option.template if isinstance(option, Amounts) else option, kind)
        )


@dataclass(frozen=True, slots=True)
class Shuffle(Action):
    """Chance: the pack or shoe is shuffled into this order, top first (C-5)."""

    order: tuple[Card, ...]

    def __repr__(self) -> str:
        return f"Shuffle(<{len(self.order)} cards>)"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Chance: this card is the next one taken from the shoe."""

    card: Card


# Actions common to the games' tables.


@dataclass(frozen=True, slots=True)
class Join(Action):
    """Sit down at this empty seat with these chips, between coups."""

    amount: int


MAX_BUY_IN = 10**9
"""The most chips a seat may bring to the table at once (a `Join`'s amount)."""


@dataclass(frozen=True, slots=True)
class Leave(Action):
    """Get up with one's chips, between coups, with nothing staked."""


@dataclass(frozen=True, slots=True)
class SitOut(Action):
    """Leave the game but keep one's seat and chips: dealt nothing and offered nothing until
    one sits in again (Banchek, where a punter who passes his stake leaves the game, BN-11).
    At a server, what the table takes for a person who sits out or has gone."""


@dataclass(frozen=True, slots=True)
class SitIn(Action):
    """Come back into the game after sitting out: dealt in from the next round."""


@dataclass(frozen=True, slots=True)
class Rebuy(Action):
    """Bring more chips to one's seat, at a moment one might get up instead
    (croupier.engine.rebuy)."""

    amount: int


@dataclass(frozen=True, slots=True)
class Cut(Action):
    """Cut the shuffled pack: the top `amount` cards go to the bottom (C-6)."""

    amount: int


@dataclass(frozen=True, slots=True)
class ShufflePack(Action):
    """A punter asks to shuffle before the cut; the banker shuffles last (MB-5). At a server
    a bot's call is the house's (`croupier.fairness.house_calls`)."""


@dataclass(frozen=True, slots=True)
class Done(Action):
    """Finished betting in this betting round."""


@dataclass(frozen=True, slots=True)
class CloseBets(Action):
    """The house: no more bets."""


@dataclass(frozen=True, slots=True)
class EndSession(Action):
    """The house: close the table between coups; everyone keeps their chips."""


@dataclass(frozen=True, slots=True)
class SetLimits(Action):
    """The house: the stake limits from this moment between coups on, as a host changed
    them (`croupier.engine.rule_options.with_limits`): `limits`, a JSON object of the
    options changed, each by its field's name with its value as the rule set's JSON has
    it (`{"minimum_stake": 20}`). Every game takes it, at the moments the house may end
    the session (`Game.apply`); no game lists it among the house's options."""

    limits: str


@dataclass(frozen=True, slots=True)
class EndShoe(Action):
    """The house: set the shoe in play aside between coups, so that the next coup deals from
    a new shuffle and this shoe's seed can be told (the croupier's own change of shoe:
    docs/fairness.md, "Reveal")."""

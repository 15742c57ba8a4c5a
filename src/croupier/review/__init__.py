"""The value of every decision of a session: what each option a seat had was worth, in chips
of expectation, at the moment it chose, by croupier's own calculators (docs/review.md).

A decision is valued from the deciding seat's view alone, and from the cards that seat was
shown since the last shuffle, so its values hold nothing that seat did not know. Each game's
module here (`punto_banco`, `chemin_de_fer`, ...) names its `value`, a function of the view,
the action taken and the cards seen, which gives the options it values, the one taken among
them, and, where a solution of the game gives one, the equilibrium's chance of each.

    >>> from croupier import games
    >>> from croupier.engine.history import History
    >>> review = session(games.get("punto-banco"), history)  # doctest: +SKIP
    >>> review.evenings[0].cost                              # doctest: +SKIP

`session` walks a whole history once: its coups, each step with the decision it was, if any,
and each seat's evening (how many decisions, how many the best, what the others cost, the
expected result beside the actual one).

Its implementation, private to the package: `_walk`; `__all__` names what it offers.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from croupier.cards import Card
from croupier.engine.actions import Action

__all__ = ["Choice", "Decision", "Valued", "Valuer"]


@dataclass(frozen=True, slots=True)
class Choice:
    """One option a seat had, as the action that takes it, and what it was worth to that
    seat in chips of expectation."""

    option: Action
    value: Fraction


@dataclass(frozen=True, slots=True)
class Valued:
    """A game's valuer's word on one decision: the options it values (the one taken among
    them, at `chosen`) and, where a solution of the game gives one, the equilibrium's chance
    of taking each (`mix`, in the order of `choices`)."""

    choices: tuple[Choice, ...]
    chosen: int
    mix: tuple[Fraction, ...] | None = None
    stakes: bool = False
    """Whether the option taken puts chips at risk (a stake, a bet): its value is then part
    of the seat's expected result. A choice of how to play a stake already made (draw or
    stand) is not: its value is that stake's again."""
    against: int | None = None
    """The seat that holds the bank against the stake, whose expected result it moves the
    other way (None: the house's)."""


Valuer = Callable[[Any, Action, Collection[Card]], Valued | None]
"""A game's valuer: from the deciding seat's view, the action it took and the cards it was
shown since the last shuffle, the decision's `Valued`, or None for an action that is no
choice of value (a seat sitting down, a shoe passed)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """A valued decision of a session: at its `step` (from 0, chance's steps counted), in
    coup `coup` (from 1), seat `seat` took `choices[chosen]`; `house` if the house took it
    for the seat (its time ran out, it sat out)."""

    step: int
    coup: int
    seat: int
    choices: tuple[Choice, ...]
    chosen: int
    mix: tuple[Fraction, ...] | None = None
    stakes: bool = False
    against: int | None = None
    house: bool = False

    @property
    def taken(self) -> Choice:
        return self.choices[self.chosen]

    @property
    def best(self) -> Choice:
        """The option worth most (the one taken, where it is worth as much)."""
        most = max(choice.value for choice in self.choices)
        return (
            self.taken
            if self.taken.value == most
            else next(choice for choice in self.choices if choice.value == most)
        )

    @property
    def cost(self) -> Fraction:
        """What the option taken gave away against the best, in chips of expectation (0 when
        it was the best)."""
        return self.best.value - self.taken.value

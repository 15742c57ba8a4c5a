"""Who acts: a seat (a number from 0), the house, or chance."""

from __future__ import annotations

import enum
from typing import TypeAlias

from croupier.i18n import _, pgettext

__all__ = ["CHANCE", "HOUSE", "Actor", "Party", "actor_name"]


class Party(enum.Enum):
    """The actors that are not seats."""

    HOUSE = "house"
    """The establishment: croupiers and cutter. It closes bets and ends the session."""
    CHANCE = "chance"
    """The shuffle and the cards drawn from the shoe."""

    def __str__(self) -> str:
        return f"the {self.value}" if self is Party.HOUSE else self.value


HOUSE = Party.HOUSE
CHANCE = Party.CHANCE

Actor: TypeAlias = int | Party
"""A seat number (0 is the first seat) or a `Party`."""


def actor_name(actor: Actor | None) -> str:
    """`seat 3` for seat number 2, `the house`, `chance`, or `a spectator`, in the context's
    language."""
    if actor is None:
        return _("a spectator")
    if isinstance(actor, Party):
        return _("the house") if actor is Party.HOUSE else pgettext("who acts", "chance")
    return _("seat {number}").format(number=actor + 1)

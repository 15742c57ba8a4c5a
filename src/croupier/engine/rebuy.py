"""Rebuying: a seated player brings more chips to the table.

The rule books speak of money a punter stakes, not of how it came to the table; croupier's
tables follow one convention, defined here once: a seat may add chips (`Rebuy`) at exactly
the moments it may get up with its chips (`Leave`, as each game allows it), so a rebuy never
changes a stake on the table, a bank (the banker may not add to his, BN-12), or whose turn
it is; and a seat holds at most `MAX_BUY_IN` chips. Each game offers and refuses it through
these functions, and carries it out on its own state.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Protocol, TypeVar

from croupier.engine.actions import MAX_BUY_IN, Action, Amounts, Leave, Option, Rebuy
from croupier.engine.actors import Actor
from croupier.engine.events import ChipsAdded, Event
from croupier.engine.game import Game
from croupier.errors import IllegalAction, StakeOutOfRange
from croupier.i18n import _

__all__ = ["rebought", "rebuy_refusal", "with_rebuy"]


def with_rebuy(options: tuple[Option, ...], chips: int | None) -> tuple[Option, ...]:
    """A seat's options, with a rebuy beside its `Leave` when it holds `chips`."""
    if chips is None or Leave() not in options or chips >= MAX_BUY_IN:
        return options
    return (*options, Amounts(Rebuy(1), 1, MAX_BUY_IN - chips))


def rebuy_refusal(
    game: Game[Any, Any, Any], state: Any, actor: Actor, action: Rebuy, chips: int
) -> IllegalAction:
    """Why `actor`, a seat holding `chips`, may not make this rebuy: its amount, or why the
    seat may not get up now, which is why it may not bring chips either."""
    if Leave() in game.options(state, actor):
        most = MAX_BUY_IN - chips
        more = _("bring 1 to {most} chips more").format(most=most)
        said = more if most >= 1 else _("you hold all a seat may")
        return StakeOutOfRange(actor, action, said)
    refused = game.refusal(state, actor, Leave())
    reason = _("you may bring chips only at a moment you may get up: {why}")
    reason = reason.format(why=refused.reason)
    return type(refused)(actor, action, reason)


class _Seated(Protocol):
    @property
    def seats(self) -> tuple[int | None, ...]: ...
    @property
    def paid_in(self) -> int: ...


S = TypeVar("S", bound=_Seated)


def rebought(state: S, seat: int, action: Action, events: list[Event]) -> S:
    """`state` (of seats and the chips paid in) once `seat` has made a rebuy."""
    assert isinstance(action, Rebuy)
    seats = list(state.seats)
    chips = seats[seat]
    assert chips is not None
    seats[seat] = chips + action.amount
    events.append(ChipsAdded(seat, action.amount, chips + action.amount))
    found: S = replace(state, seats=tuple(seats), paid_in=state.paid_in + action.amount)  # type: ignore[type-var]
    return found

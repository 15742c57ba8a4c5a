"""The value of a Banchek decision to the punter or rider who makes it, from his exact chance
of beating the next card on what he has seen since the shuffle (`croupier.odds.banchek`'s
`own_hand` and `seen_chance`); a stake is paid 1 to 1, so a chip staked is worth `2 * win - 1`
(BN-6).

- A punter's stake (BN-5, BN-6), beside the smallest and the largest he may name: each worth
  its amount times his hand's edge; after a card turned before the stake (BN-14, or a peeked
  card claimed, BN-17) the card is known, and a stake is won or lost for certain.
- A rider's stake or none (BN-15), beside none and the smallest and largest ride: each worth
  its amount times the edge of the punter's hand, shown to the riders.
- After the banker peeks (BN-17), the punter whose card it is claims it as turned or lets it
  be turned as usual: each worth the stake he then names at its best. Claimed, he stakes half
  the bank on a card his hand beats and the minimum on one that beats him (BN-14); let be, he
  stakes the whole bank or the minimum, as his hand's edge is positive or not (BN-5). Letting
  it be is valued as the card turned after his stake, as it is when the other punters let it
  be too.

Not valued (None), as no calculator gives their worth: the bank taken or refused (BN-2,
BN-10, BN-11; a bank's prospects are simulated, by `croupier.sim.banchek`, and hang on how the
punters stake); the banker's waiting, turning early or peeking (BN-14, BN-17), worth what the
punter's reply makes of them; another punter's claim of a peeked card, and refusing riders
(BN-16), which leave the seat's own stakes as they are and change only what he may ride on
hands not yet shown; passing a stake, which is leaving the game (BN-11); the cut.
"""

from __future__ import annotations

from collections.abc import Collection
from fractions import Fraction

from croupier.cards import Card
from croupier.engine.actions import Action, Amounts, Done
from croupier.games.banchek import BanchekView, ClaimTurned, PlayOn, Ride, Stake, beats
from croupier.odds.banchek import own_hand, seen_chance
from croupier.review import Choice, Valued

__all__ = ["value"]


def value(view: BanchekView, action: Action, seen: Collection[Card]) -> Valued | None:
    """A stake (BN-5, BN-6, BN-14), a ride (BN-15) or the punter's claim of a peeked card
    (BN-17), valued from `view`; None for any other action. The chance counts what the view
    holds, the cards shown since the shuffle and the seat's own hand, as `seen_chance` does;
    `seen` adds only a hand the seat gave up (BN-11) and, to the banker, a peeked card."""
    if isinstance(action, Stake):
        return _stake(view, action)
    if isinstance(action, Ride | Done):
        return _ride(view, action)
    if isinstance(action, ClaimTurned | PlayOn) and view.viewer == view.punter:
        return _peeked(view, action)
    return None


def _range(view: BanchekView, kind: type[Stake | Ride]) -> tuple[int, int]:
    """The smallest and the largest amount the seat may stake now, as the game offers it."""
    (option,) = (o for o in view.legal.of_type(kind) if isinstance(o, Amounts))
    return option.low, option.high


def _stake(view: BanchekView, action: Stake) -> Valued | None:
    if view.early is not None:  # the card is turned: the stake is won or lost (BN-14)
        edge = Fraction(1 if beats(view.hand, view.early) else -1)
    elif (figures := own_hand(view)) is not None:
        edge = figures[1]
    else:
        return None
    amounts = sorted({*_range(view, Stake), action.amount})
    choices = tuple(Choice(Stake(amount), amount * edge) for amount in amounts)
    return Valued(choices, amounts.index(action.amount), stakes=True, against=view.banker)


def _ride(view: BanchekView, action: Ride | Done) -> Valued:
    assert view.punter is not None  # riders stake on the hand in play, shown to them
    edge = 2 * seen_chance(dict(view.shown)[view.punter], view) - 1
    amounts = sorted({*_range(view, Ride), *((action.amount,) if isinstance(action, Ride) else ())})
    choices = (
        Choice(Done(), Fraction(0)),
        *(Choice(Ride(amount), amount * edge) for amount in amounts),
    )
    chosen = amounts.index(action.amount) + 1 if isinstance(action, Ride) else 0
    return Valued(choices, chosen, stakes=isinstance(action, Ride), against=view.banker)


def _peeked(view: BanchekView, action: ClaimTurned | PlayOn) -> Valued | None:
    figures = own_hand(view)
    assert isinstance(view.viewer, int)
    chips = view.seats[view.viewer] or 0
    low = min(view.rules.minimum, view.bank)
    if figures is None or chips < low:
        return None  # no hand, or no stake he may name: he must leave the game (BN-11)
    win, edge = figures
    claimed = win * min(max(low, view.bank // 2), chips) - (1 - win) * low
    played_on = max(low * edge, min(view.bank, chips) * edge)
    choices = (Choice(ClaimTurned(), claimed), Choice(PlayOn(), played_on))
    return Valued(choices, 0 if isinstance(action, ClaimTurned) else 1)

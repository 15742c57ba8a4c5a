"""The value of a Monte Bank bet (RULES MB-8, MB-9, MB-10, MB-13): its stake, beside the same
stake on each other bet the punter might have placed on the layout then, each worth minus its
house edge there (`croupier.odds.monte_bank.wager_odds`, on the cards the punter has not seen,
at the table's cut); a Monte Carlo bet (MB-9d), the sum of its three parts' worth, beside its
three stakes placed each other way the layout allows.

Bets are placed before the gate is shown (MB-11), and the club form shuffles for every deal,
so all a punter knows then is the layout: every other card is still to come, in an order no
seat sees. The calculator takes the cut exactly, as a share of the winnings (the table rounds
it to a chip), and every stake as covered by the monte (MB-4). Only bets are valued: the
bank's actions, the shuffle and the cut (whose `Pass` is no pass on a bet, MB-5), and `Done`
are no choice of value; nor is not betting set beside a bet: MB-10 gives every card an
equal chance, so no bet is in the punter's favour and the cut (MB-13) is all the edge, which
bets differ in. Nor is a bet valued at a table of the Zecchinetta-style variant (MB-17),
whose added cards the calculator does not follow.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType

from croupier.cards import Card
from croupier.engine.actions import Action, Amounts
from croupier.games.monte_bank import (
    Circle,
    CircleBet,
    Cross,
    CrossBet,
    Doubler,
    DoublerBet,
    Layout,
    MonteCarloBet,
    MonteView,
    Rules,
    Spot,
    Wager,
)
from croupier.odds.monte_bank import BetKind, unseen, wager_odds, wagers
from croupier.review import Choice, Valued

__all__ = ["value"]

_Single = CircleBet | CrossBet | DoublerBet


def value(view: MonteView, action: Action, seen: Collection[Card]) -> Valued | None:
    """A bet (MB-9) valued from `view`'s layout and the cards `seen` since the shuffle; None
    for any other action."""
    if not isinstance(action, _Single | MonteCarloBet):
        return None
    layout = view.layout
    if layout is None or view.rules.extra_cards:
        return None
    edges = _edges(
        tuple(layout.spots[spot] for spot in Spot),
        tuple(card for card in unseen(layout) if card not in seen),
        view.rules,
    )
    if isinstance(action, MonteCarloBet):
        placements = _placements(view, action)
        choices = tuple(Choice(bet, _monte_carlo(layout, bet, edges)) for bet in placements)
        return Valued(choices, placements.index(action), stakes=True)
    taken = _wager(layout, action)
    found = [
        (wager, action if wager == taken else _bet(layout, wager, action.amount))
        for kind in BetKind
        for wager in wagers(layout, kind)
    ]
    legal = [(wager, bet) for wager, bet in found if bet in view.legal]
    choices = tuple(Choice(bet, -action.amount * edges[wager]) for wager, bet in legal)
    return Valued(choices, [bet for _, bet in legal].index(action), stakes=True)


@lru_cache(maxsize=64)
def _edges(
    spots: tuple[tuple[Card, ...], ...], remaining: tuple[Card, ...], rules: Rules
) -> Mapping[Wager, Fraction]:
    """Every wager's house edge on the layout of these `spots` (in `Spot`'s order), the draw
    showing `remaining`, at the table `rules`: each punter's bets on a deal share them."""
    layout = Layout(dict(zip(Spot, spots, strict=True)))
    return MappingProxyType(
        {
            wager: wager_odds(layout, wager, remaining, rules).edge
            for kind in BetKind
            for wager in wagers(layout, kind)
        }
    )


def _spot(layout: Layout, card: Card) -> Spot:
    """The spot of a card a bet names (a stack by any of its cards)."""
    spot = layout.spot_of(card)
    assert isinstance(spot, Spot)
    return spot


def _wager(layout: Layout, bet: _Single) -> Wager:
    """The wager a bet places (MB-9a, b, c)."""
    if isinstance(bet, CircleBet):
        return Circle(_spot(layout, bet.card))
    if isinstance(bet, CrossBet):
        return Cross(_spot(layout, bet.card), _spot(layout, bet.against))
    return Doubler(frozenset({_spot(layout, bet.card), _spot(layout, bet.other)}))


def _bet(layout: Layout, wager: Wager, amount: int) -> _Single:
    """The bet that places `wager` with this stake: a doubler names its row's or column's
    cards in `Spot`'s order."""
    if isinstance(wager, Circle):
        return CircleBet(layout.card(wager.spot), amount)
    if isinstance(wager, Cross):
        return CrossBet(layout.card(wager.backed), layout.card(wager.against), amount)
    card, other = (layout.card(spot) for spot in Spot if spot in wager.group)
    return DoublerBet(card, other, amount)


def _placements(view: MonteView, bet: MonteCarloBet) -> list[MonteCarloBet]:
    """Every Monte Carlo placement the punter might have made with `bet`'s three stakes, as
    the game's options name them: `bet` among them."""
    found = []
    for option in view.legal.of_type(MonteCarloBet):
        assert isinstance(option, Amounts) and isinstance(option.template, MonteCarloBet)
        placed = replace(option.template, circle=bet.circle, cross=bet.cross, doubler=bet.doubler)
        if placed in option:
            found.append(placed)
    return found


def _monte_carlo(layout: Layout, bet: MonteCarloBet, edges: Mapping[Wager, Fraction]) -> Fraction:
    """A Monte Carlo bet's worth: each of its three parts' stake times minus its edge, the
    parts being settled each by its own rule (MB-9d)."""
    backed = _spot(layout, bet.card)
    parts = (
        (Circle(backed), bet.circle),
        (Cross(backed, _spot(layout, bet.against)), bet.cross),
        (Doubler(frozenset({backed, _spot(layout, bet.partner)})), bet.doubler),
    )
    return -sum((stake * edges[wager] for wager, stake in parts), Fraction(0))

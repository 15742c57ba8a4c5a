"""The bets and the draw: what may be staked, and how each shown card settles the bets,
the house's cut and the limit of the monte (RULES MB-4, MB-8 .. MB-13).

Each function takes the state and a list to which it appends the events it
causes, and returns the new state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from croupier.cards import Card
from croupier.engine.actions import Action, Amounts, Done, Option
from croupier.engine.events import Event
from croupier.engine.shown import Shown, ShownHand, nets
from croupier.errors import ForbiddenAction, IllegalAction, InsufficientChips, StakeOutOfRange
from croupier.games.monte_bank.actions import CircleBet, CrossBet, DoublerBet, MonteCarloBet
from croupier.games.monte_bank.deal import pass_bank
from croupier.games.monte_bank.events import (
    BankBroken,
    BetKind,
    BetPlaced,
    BetsClosed,
    BetSettled,
    BetVoided,
    CardFell,
    CardShown,
    DealEnded,
    OrdinaryMatch,
)
from croupier.games.monte_bank.layout import (
    GROUPS,
    Circle,
    Cross,
    Doubler,
    Extra,
    Fate,
    Layout,
    Place,
    RowWager,
    Spot,
    Wager,
    fate,
    opposite,
)
from croupier.games.monte_bank.rules import Cap, CutOn, Rules
from croupier.games.monte_bank.state import Bet, Phase, State
from croupier.i18n import _, ngettext

__all__ = [
    "bet",
    "close_bets",
    "end_deal",
    "options",
    "payment",
    "refusal",
    "settle",
    "show",
    "stake_of",
    "you_have",
]

_PARTNERS = {  # each spot's row-mate and column-mate: the doublers it belongs to
    spot: [other for group in GROUPS.values() if spot in group for other in group if other != spot]
    for spot in Spot
}


def _layout(state: State) -> Layout:
    assert state.layout is not None
    return state.layout


def options(state: State, seat: int) -> tuple[Option, ...]:
    """Every bet the seat may place now, and `Done` (MB-8, MB-9)."""
    layout = _layout(state)
    low, high = state.rules.cava, min(state.bank, state.chips(seat))
    found: list[Option] = []
    if low <= high:
        name = {place: layout.card(place) for place in layout.places}
        for place in layout.places:  # crosses name any two cards, added ones too (MB-17)
            for other in layout.places:
                if other != place:
                    found.append(Amounts(CrossBet(name[place], name[other], low), low, high))
        for spot in Spot:
            found.append(Amounts(CircleBet(name[spot], low), low, high))
            for partner in _PARTNERS[spot]:
                found.append(Amounts(DoublerBet(name[spot], name[partner], low), low, high))
                for other in Spot:
                    if other != spot and 3 * low <= state.chips(seat):
                        template = MonteCarloBet(
                            name[spot], name[other], name[partner], low, low, low
                        )
                        three = ("circle", "cross", "doubler")
                        found.append(Amounts(template, low, high, three, state.chips(seat)))
    found.append(Done())
    return tuple(found)


def stake_of(action: Action) -> int:
    if isinstance(action, MonteCarloBet):
        return action.circle + action.cross + action.doubler
    return int(getattr(action, "amount", 0))


def refusal(state: State, seat: int, action: Action) -> IllegalAction:
    """Why a bet is refused: a card not on the layout, a card against itself, a doubler
    that is no row or column, or a stake outside the cava and the bank (MB-8, MB-9)."""
    layout = _layout(state)
    named = [
        getattr(action, f) for f in ("card", "against", "other", "partner") if hasattr(action, f)
    ]
    names = {layout.card(place): place for place in layout.places}
    for card in named:
        if card not in names:
            said = (
                _("{card} is not on the layout: bet on {cards}")
                if layout.spot_of(card) is None
                else _("{card} is in a stack: bet on {cards}")
            )
            shown = ", ".join(card.pretty for card in names)
            return ForbiddenAction(seat, action, said.format(card=card.pretty, cards=shown))
    spots = [names[card] for card in named]
    if isinstance(action, CrossBet | MonteCarloBet) and spots[0] == spots[1]:
        said = _("a cross bet backs a card against another card")
        return ForbiddenAction(seat, action, said)
    if isinstance(action, CircleBet | MonteCarloBet) and isinstance(spots[0], Extra):
        said = _("a circle backs one of the four layout cards (MB-9a)")
        return ForbiddenAction(seat, action, said)
    if (
        isinstance(action, DoublerBet | MonteCarloBet)
        and {spots[0], spots[-1]} not in GROUPS.values()
    ):
        said = _("a doubler backs a row or a column of the layout")
        return ForbiddenAction(seat, action, said)
    low, high = state.rules.cava, state.bank
    stakes = (
        [action.circle, action.cross, action.doubler]
        if isinstance(action, MonteCarloBet)
        else [stake_of(action)]
    )
    if any(not low <= stake <= high for stake in stakes):
        said = _("a stake is from the cava, {low}, to the bank, {high} (MB-8)")
        return StakeOutOfRange(seat, action, said.format(low=low, high=high))
    return InsufficientChips(seat, action, you_have(state.chips(seat)))


def you_have(chips: int) -> str:
    """Why a seat may not stake more: `you have 40 chips`."""
    return ngettext("you have {chips} chip", "you have {chips} chips", chips).format(chips=chips)


def bet(state: State, seat: int, action: Action, events: list[Event]) -> State:
    """Place a bet: its stake goes on the layout (MB-8)."""
    layout = _layout(state)
    spot = {layout.card(place): place for place in layout.places}
    placed: list[tuple[Wager, int]] = []
    if isinstance(action, CircleBet):
        placed.append((Circle(_four(spot[action.card])), action.amount))
    elif isinstance(action, CrossBet):
        placed.append((Cross(spot[action.card], spot[action.against]), action.amount))
    elif isinstance(action, DoublerBet):
        group = frozenset({_four(spot[action.card]), _four(spot[action.other])})
        placed.append((Doubler(group), action.amount))
    else:
        assert isinstance(action, MonteCarloBet)
        backed = _four(spot[action.card])
        placed += [
            (Circle(backed), action.circle),
            (Cross(backed, spot[action.against]), action.cross),
            (Doubler(frozenset({backed, _four(spot[action.partner])})), action.doubler),
        ]
    seats = list(state.seats)
    bets = list(state.bets)
    number = state.placed
    for wager, stake in placed:
        number += 1
        bets.append(Bet(number, seat, wager, stake))
        events.append(_placed(layout, bets[-1]))
    seats[seat] = state.chips(seat) - sum(stake for _, stake in placed)
    return replace(state, seats=tuple(seats), bets=tuple(bets), placed=number)


def _club(wager: Wager | RowWager) -> Wager:
    """A club-form wager (the private form settles its own on the gate)."""
    assert not isinstance(wager, RowWager)
    return wager


def _four(place: Place) -> Spot:
    """A place that must be one of the four spots (the options let no other through)."""
    assert isinstance(place, Spot)
    return place


def _placed(layout: Layout, placed: Bet) -> BetPlaced:
    wager = _club(placed.wager)

    def cards(places: set[Place]) -> tuple[Card, ...]:
        return tuple(layout.card(p) for p in layout.places if p in places)

    kind: BetKind
    backs: set[Place]
    against: set[Place]
    if isinstance(wager, Circle):
        kind, backs, against = BetKind.CIRCLE, {wager.spot}, {*Spot} - {wager.spot}
    elif isinstance(wager, Cross):
        kind, backs, against = BetKind.CROSS, {wager.backed}, {wager.against}
    else:
        kind, backs, against = BetKind.DOUBLER, set(wager.group), set(opposite(wager.group))
    return BetPlaced(placed.number, placed.seat, kind, cards(backs), cards(against), placed.stake)


def close_bets(state: State, events: list[Event]) -> State:
    """The cutter says "all"; the banker shows the gate (MB-11). No bets: no draw."""
    events.append(BetsClosed())
    if not state.bets:
        return end_deal(state, events)
    return replace(state, phase=Phase.DRAW)


def show(state: State, card: Card, events: list[Event]) -> State:
    """A card shown from the bottom: what falls, and every bet it settles (MB-10, MB-12)."""
    layout = _layout(state)
    gate = state.shown == 0
    events.append(CardShown(card, gate))
    falls, fell, matched = state.falls.show(layout, card)
    if fell is not None:
        events.append(CardFell(fell, card))
    if matched is not None:
        events.append(OrdinaryMatch(matched, card, layout.kind))
    first_fall = fell is not None and not state.first_fall  # the first card to fall (MB-13)
    state = replace(
        state,
        falls=falls,
        shown=state.shown + 1,
        first_fall=state.first_fall or first_fall,
        drawn=(*state.drawn, card),
    )
    fates = {b.number: fate(_club(b.wager), layout, fell, matched) for b in state.bets}
    cut_due = gate if state.rules.cut_on is CutOn.GATE else first_fall
    state = settle(state, fates, cut_due, events)
    return state if state.bets else end_deal(state, events)


def settle(
    state: State, fates: Mapping[int, Fate | None], cut_due: bool, events: list[Event]
) -> State:
    """Losers' stakes go to the bank; winners are paid, the highest stake first, while the
    monte lasts; then every bet not paid is void and its stake returned (MB-4, MB-13)."""
    rules = state.rules
    seats = list(state.seats)
    bank, paid, apart = state.bank, state.paid, state.apart
    swings = list(state.swings)
    for placed in state.bets:
        if fates[placed.number] is Fate.LOSE:
            bank += placed.stake
            swings.append((placed.seat, -placed.stake))
            events.append(BetSettled(placed.number, placed.seat, Fate.LOSE, placed.stake, 0, 0))
    winners = sorted(
        (b for b in state.bets if fates[b.number] is Fate.WIN), key=lambda b: (-b.stake, b.number)
    )
    exhausted = False
    for placed in winners:
        payable = bank if rules.cap is Cap.NET else min(bank, state.monte - paid)
        if exhausted or payable <= 0:
            exhausted = True
            seats[placed.seat] = (seats[placed.seat] or 0) + placed.stake
            events.append(BetVoided(placed.number, placed.seat, placed.stake))
            continue
        pay, cut = payment(rules, placed.wager, placed.stake, cut_due, payable)
        bank, paid, apart = bank - pay, paid + pay, apart + cut
        seats[placed.seat] = (seats[placed.seat] or 0) + placed.stake + pay - cut
        swings.append((placed.seat, pay - cut))
        events.append(BetSettled(placed.number, placed.seat, Fate.WIN, placed.stake, pay, cut))
        exhausted = pay == payable  # the monte is used up
    still = [b for b in state.bets if fates[b.number] is None]
    if exhausted:
        for placed in still:
            seats[placed.seat] = (seats[placed.seat] or 0) + placed.stake
            events.append(BetVoided(placed.number, placed.seat, placed.stake))
        still = []
    if state.bets and state.banker is not None:  # the bank had stakes against it
        swings.append((state.banker, bank - state.bank))
    return replace(
        state,
        seats=tuple(seats),
        bank=bank,
        paid=paid,
        apart=apart,
        bets=tuple(still),
        swings=tuple(swings),
    )


def payment(
    rules: Rules, wager: Wager | RowWager, stake: int, cut_due: bool, payable: int | None = None
) -> tuple[int, int]:
    """What a winning `stake` on `wager` is paid, at most `payable` (what is left of the monte,
    MB-4), and the house's cut of that when it is due (MB-9, MB-13)."""
    pay = stake * wager.pays if payable is None else min(stake * wager.pays, payable)
    return pay, rules.cut_on_winnings(pay) if cut_due else 0


def _shown(state: State) -> Shown:
    """The deal as the table showed it: the layout, the cards shown from the bottom (the
    gate first), and what each seat and the bank made by it."""
    layout = _layout(state)
    spots = [ShownHand(spot.value, cards) for spot, cards in layout.spots.items()]
    added = [ShownHand(extra.value, (card,)) for extra, card in layout.extras.items()]
    return Shown((*spots, *added, ShownHand("drawn", state.drawn)), None, nets(state.swings))


def end_deal(state: State, events: list[Event]) -> State:
    """The deal is over: the banker deals again, or gives up, or, broken, passes (MB-15)."""
    state = replace(
        state,
        deals=state.deals + 1,
        bank_deals=state.bank_deals + 1,
        layout=None,
        last=_shown(state),
        drawn=(),
        swings=(),
    )
    events.append(DealEnded(state.deals, state.bank))
    if state.bank <= 0:
        assert state.banker is not None
        events.append(BankBroken(state.banker))
        return pass_bank(state, events)
    return replace(state, phase=Phase.BETWEEN)

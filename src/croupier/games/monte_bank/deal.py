"""Before the bets: the players sitting down and getting up, the first banker, the monte, the
shuffles and cuts, and the layout with its pairs, triples and void deals (RULES MB-1, MB-3,
MB-4, MB-5, MB-6, MB-7, MB-15).

A deal runs from the shuffle (MB-5) to the last bet settled (MB-12). Players sit down at any
moment but while cards are shuffled, dealt or shown: one who sits down while bets are open
may bet on the layout; one who sits down during the shuffles and cuts bets on the coming
layout, and is asked to shuffle and cut from the next deal. Players get up between deals,
when no stake is on the layout: while the banker deals again or not (`BETWEEN`), while the
bank is put up or comes round (`MONTE`, `OFFER`), and while the table waits for players
(`WAITING`). The banker holding the bank stays: he gives it up first (MB-15), or, in the
private form, plays out the deals agreed (PM-8).

Each function takes the state and a list to which it appends the events it
causes, and returns the new state.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from croupier.cards import Card
from croupier.engine.events import Event, SeatJoined, SeatLeft, SessionEnded
from croupier.engine.seating import draw_for_bank
from croupier.games.monte_bank.events import (
    BankDeclined,
    BankPassed,
    CutShared,
    DealVoid,
    ExtraCard,
    ExtraDiscarded,
    LayoutCard,
    MontePutUp,
    Stacked,
    TermServed,
)
from croupier.games.monte_bank.layout import Extra, Falls, Kind, Layout, Spot
from croupier.games.monte_bank.state import Phase, State
from croupier.lowest_card import MONTE_ORDER, LowestCardDraw
from croupier.shoe import End, Shoe

__all__ = [
    "LAYOUT_ENDS",
    "Void",
    "close",
    "decline",
    "drawn_for_bank",
    "extra_card",
    "fresh_deal",
    "join",
    "layout_card",
    "layout_step",
    "leave",
    "new_deal",
    "pass_bank",
    "put_up",
    "serve_term",
    "start",
]


@dataclass(frozen=True, slots=True)
class Void:
    """The deal is void under this rule."""

    rule: str


def start(state: State) -> State:
    """The first banker: the lowest card cut, the ace lowest, from a pack shuffled for it (MB-3,
    C-7); with fewer than two players the table waits for more (MB-1)."""
    seats = tuple(state.occupied())
    if len(seats) < 2:
        return _wait(state)
    lowest = LowestCardDraw.among(seats, MONTE_ORDER)
    return replace(state, phase=Phase.FIRST_BANKER, lowest=lowest, pack=Shoe(()))


def _wait(state: State) -> State:
    """No bank is held or offered: the table waits for players, and two draw for the first
    bank again (MB-1, MB-3)."""
    return replace(state, phase=Phase.WAITING, banker=None, offered=None, declined=frozenset())


def join(state: State, seat: int, chips: int, events: list[Event]) -> State:
    """`seat` sits down with `chips`; at a waiting table, two players draw for the bank."""
    seats = list(state.seats)
    seats[seat] = chips
    events.append(SeatJoined(seat, chips))
    state = replace(state, seats=tuple(seats), paid_in=state.paid_in + chips)
    return start(state) if state.phase is Phase.WAITING else state


def leave(state: State, seat: int, events: list[Event]) -> State:
    """`seat`, not holding the bank, gets up with his chips. The bank he was to put up goes
    on to the left, as if he had declined it; with fewer than two players left the table
    waits (MB-1)."""
    chips = state.chips(seat)
    seats = list(state.seats)
    seats[seat] = None
    events.append(SeatLeft(seat, chips))
    to_bank = state.phase in (Phase.MONTE, Phase.OFFER) and seat in (state.banker, state.offered)
    state = replace(
        state,
        seats=tuple(seats),
        paid_out=state.paid_out + chips,
        declined=state.declined - {seat},  # a newcomer to the seat has refused nothing
    )
    if state.phase in (Phase.MONTE, Phase.OFFER) and len(state.occupied()) < 2:
        return _wait(state)
    return _offer_on(state, seat, events) if to_bank else state


def decline(state: State, seat: int, events: list[Event]) -> State:
    """`seat` refuses the bank when it comes to him; it goes on to the left."""
    events.append(BankDeclined(seat))
    return _offer_on(replace(state, declined=state.declined | {seat}), seat, events)


def _offer_on(state: State, seat: int, events: list[Event]) -> State:
    """The bank, refused by `seat` or left, to the next player on his left who has not refused
    it and can put up the smallest monte; failing all, the session ends."""
    state = replace(state, banker=None, phase=Phase.OFFER)
    following = next(
        (
            s
            for s in state.to_the_left(seat)
            if s not in state.declined and state.chips(s) >= state.rules.minimum_monte
        ),
        None,
    )
    if following is None:
        return close(state, events)
    return replace(state, offered=following)


def drawn_for_bank(state: State, card: Card, events: list[Event]) -> State:
    lowest = draw_for_bank(state.lowest, card, events)
    if lowest.winner is None:
        return replace(state, lowest=lowest)
    return replace(state, lowest=None, banker=lowest.winner, phase=Phase.MONTE)


def put_up(state: State, seat: int, amount: int, events: list[Event]) -> State:
    """The new banker puts up the monte (MB-4) and deals."""
    seats = list(state.seats)
    seats[seat] = state.chips(seat) - amount
    events.append(MontePutUp(seat, amount))
    state = replace(
        state, seats=tuple(seats), banker=seat, bank=amount, offered=None, declined=frozenset(),
        bank_deals=0,
    )  # fmt: skip
    return new_deal(state, events)


def new_deal(state: State, events: list[Event]) -> State:
    """The cards are gathered; punters may ask to shuffle, from the banker's left (MB-5)."""
    assert state.banker is not None
    order = tuple(state.to_the_left(state.banker))
    assert order, "a deal needs a punter: the table waits for one (BETWEEN)"
    state = fresh_deal(state, Phase.SHUFFLES)
    return replace(state, order=order, speaker=0, seen=())


def fresh_deal(state: State, phase: Phase) -> State:
    """The state cleared for a new deal, from `phase`: no layout, no bets, nothing shown, and
    the monte as it stands (MB-4)."""
    return replace(
        state,
        phase=phase,
        layout=None,
        dealt=(),
        bets=(),
        done=frozenset(),
        falls=Falls(),
        shown=0,
        first_fall=False,
        paid=0,
        monte=state.bank,
    )


LAYOUT_ENDS = (End.BOTTOM, End.BOTTOM, End.TOP, End.TOP)
"""Where the four layout cards come from: two from the bottom make the top layout, two from
the top the bottom layout (MB-6, PM-3)."""


def layout_step(dealt: tuple[Card, ...]) -> End | Layout | Void:
    """From the cards dealt so far, in order: the end to deal the next from, the finished
    layout, or the rule that voids the deal (MB-6, MB-7)."""
    if len(dealt) < len(LAYOUT_ENDS):
        return LAYOUT_ENDS[len(dealt)]
    t1, t2, b1, b2 = dealt[:4]
    if b1.rank is b2.rank:
        return Void("MB-7a")
    if {t1.rank, t2.rank} & {b1.rank, b2.rank}:
        return Void("MB-7b")
    bottom = {Spot.BOTTOM_LEFT: (b1,), Spot.BOTTOM_RIGHT: (b2,)}
    if t1.rank is not t2.rank:
        return Layout({Spot.TOP_LEFT: (t1,), Spot.TOP_RIGHT: (t2,), **bottom})
    stack = [t1, t2]  # a pair at the top: stacked, and replaced from the bottom (MB-7c)
    for card in dealt[4:]:
        if card.rank is t1.rank:
            stack.append(card)
            if len(stack) == 4:
                return Void("MB-7c")
        elif card.rank in (b1.rank, b2.rank):
            return Void("MB-7d")
        else:
            return Layout({Spot.TOP_LEFT: tuple(stack), Spot.TOP_RIGHT: (card,), **bottom})
    return End.BOTTOM


_SPOTS = (Spot.TOP_LEFT, Spot.TOP_RIGHT, Spot.BOTTOM_LEFT, Spot.BOTTOM_RIGHT)


def layout_card(state: State, card: Card, end: End, events: list[Event]) -> State:
    """A card dealt to the layout; then the layout stands, or more is dealt, or it is void."""
    dealt = (*state.dealt, card)
    spot = _SPOTS[len(dealt) - 1] if len(dealt) <= 4 else Spot.TOP_RIGHT
    events.append(LayoutCard(spot, card, end))
    step = layout_step(dealt)
    if len(dealt) == 4 and dealt[0].rank is dealt[1].rank and not isinstance(step, Void):
        events.append(Stacked(Spot.TOP_LEFT, dealt[:2], Kind.PAIR))
    elif len(dealt) > 4 and card.rank is dealt[0].rank and not isinstance(step, Void):
        events.append(Stacked(Spot.TOP_LEFT, (dealt[0], dealt[1], card), Kind.TRIPLE))
    if isinstance(step, Void):  # gathered and shuffled like any other deal (MB-7a, MB-5)
        events.append(DealVoid(step.rule))
        return new_deal(state, events)
    if isinstance(step, Layout):
        phase = Phase.EXTRAS if state.rules.extra_cards else Phase.BETTING
        return replace(state, dealt=dealt, layout=step, phase=phase)
    return replace(state, dealt=dealt)


def extra_card(state: State, card: Card, events: list[Event]) -> State:
    """MB-17 variant: a card from the top joins the layout if no layout card has its rank;
    one that would pair is set aside, and another is dealt."""
    layout = state.layout
    assert layout is not None
    if card.rank in {layout.rank(place) for place in layout.places}:
        events.append(ExtraDiscarded(card))
        return state
    place = tuple(Extra)[len(layout.extras)]
    events.append(ExtraCard(place, card))
    layout = replace(layout, extras={**layout.extras, place: card})
    done = len(layout.extras) == state.rules.extra_cards
    return replace(state, layout=layout, phase=Phase.BETTING if done else Phase.EXTRAS)


def serve_term(state: State, reason: str, events: list[Event]) -> State:
    """The banker's term is over (`reason`): the bank passes at once (MB-15, PM-8)."""
    assert state.banker is not None
    events.append(TermServed(state.banker, state.bank, reason))
    return pass_bank(state, events)


def pass_bank(state: State, events: list[Event]) -> State:
    """The bank passes to the next player on the left (MB-15): the banker takes back what is
    in it and half the cut kept apart, the house the other half and the odd chip (MB-14)."""
    banker = state.banker
    assert banker is not None
    state = _settle_apart(state, events)
    following = next(
        (s for s in state.to_the_left(banker) if state.chips(s) >= state.rules.minimum_monte), None
    )
    if following is None:
        return _wait(state) if len(state.occupied()) < 2 else close(state, events)
    events.append(BankPassed(banker, following))
    return replace(
        state, phase=Phase.OFFER, banker=None, offered=following, declined=frozenset({banker})
    )


def _settle_apart(state: State, events: list[Event]) -> State:
    banker = state.banker
    assert banker is not None
    seats = list(state.seats)
    to_banker = state.apart // 2
    to_house = state.apart - to_banker
    seats[banker] = state.chips(banker) + state.bank + to_banker
    if state.apart:
        events.append(CutShared(to_house, to_banker, banker))
    return replace(state, seats=tuple(seats), bank=0, apart=0, house=state.house + to_house)


def close(state: State, events: list[Event]) -> State:
    """The session ends; a bank still held is given up as in MB-14, MB-15."""
    if state.banker is not None:
        state = replace(_settle_apart(state, events), banker=None)
    events.append(SessionEnded(state.deals))
    return replace(state, phase=Phase.OVER)

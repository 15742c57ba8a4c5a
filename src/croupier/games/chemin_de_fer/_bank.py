"""Who banks and who stakes: the auction, the bank offered and kept, banco calls and stakes
(RULES CF-3, CF-5, CF-6, CF-7, CF-14, CF-15).

Each function takes the state and a list to which it appends the events it
causes, and returns the new state.
"""

from __future__ import annotations

from dataclasses import replace

from croupier.engine.actions import Amounts, Leave, Option
from croupier.engine.events import Event
from croupier.games.chemin_de_fer._state import Auction, Coup, Phase, State
from croupier.games.chemin_de_fer.actions import Banco, Bid, DeclineBank, OpenBank, Pass, Stake
from croupier.games.chemin_de_fer.events import (
    AuctionPassed,
    BancoCalled,
    BankDeclined,
    BankGivenUp,
    BankKept,
    BankOpened,
    BidMade,
    CallPassed,
    CallsOpen,
    NoBanker,
    NoStakes,
    SessionEnded,
    StakePassed,
    StakePlaced,
)

__all__ = [
    "auction_options",
    "begin_coup",
    "bid",
    "call",
    "calls_options",
    "close",
    "decline",
    "give_up",
    "keep",
    "next_caller",
    "offer_bank",
    "offer_options",
    "open_bank",
    "open_calls",
    "stake",
    "stakes_options",
    "start_auction",
]


def close(state: State, events: list[Event]) -> State:
    """The session ends: the bank goes back to its banker."""
    seats = list(state.seats)
    if state.banker is not None:
        seats[state.banker] = state.chips(state.banker) + state.bank
    events.append(SessionEnded(state.coups))
    return replace(state, phase=Phase.OVER, seats=tuple(seats), bank=0, banker=None)


def start_auction(state: State, events: list[Event]) -> State:
    """The bank is bid for, in seat order from the first seat (CF-3)."""
    bidders = [seat for seat in state.occupied() if state.chips(seat) > 0]
    if len(bidders) < 2:
        events.append(NoBanker())
        return close(state, events)
    return replace(
        state, phase=Phase.AUCTION, auction=Auction(turn=bidders[0]), banker=None, bank=0
    )


def auction_options(state: State, seat: int) -> tuple[Option, ...]:
    auction = state.auction
    assert auction is not None
    low = max(state.rules.minimum_bank, auction.high[1] + 1 if auction.high else 0)
    chips = state.chips(seat)
    return (Amounts(Bid(low), low, chips), Pass()) if low <= chips else (Pass(),)


def bid(state: State, seat: int, action: Bid | Pass, events: list[Event]) -> State:
    """A bid or a pass for good; the last one standing banks what he named (CF-3). A seat
    with no chips has nothing to bid and is not asked."""
    auction = state.auction
    assert auction is not None
    if isinstance(action, Bid):
        events.append(BidMade(seat, action.amount))
        auction = replace(auction, high=(seat, action.amount))
    else:
        events.append(AuctionPassed(seat))
        auction = replace(auction, passed=auction.passed | {seat})
    leader = auction.high[0] if auction.high else None
    turn = next(
        (
            s
            for s in state.in_seat_order(seat)
            if s not in auction.passed and s != leader and state.chips(s) > 0
        ),
        None,
    )
    if turn is not None:
        return replace(state, auction=replace(auction, turn=turn))
    if auction.high is None:
        events.append(NoBanker())
        return close(replace(state, auction=None), events)
    winner, amount = auction.high
    return open_bank(replace(state, auction=None), winner, amount, events, by_auction=True)


def open_bank(
    state: State, seat: int, amount: int, events: list[Event], *, by_auction: bool
) -> State:
    seats = list(state.seats)
    seats[seat] = state.chips(seat) - amount
    events.append(BankOpened(seat, amount, by_auction))
    state = replace(
        state, seats=tuple(seats), banker=seat, bank=amount, offered=None, declined=frozenset()
    )
    return begin_coup(state, events)


def offer_bank(state: State, after: int, events: list[Event]) -> State:
    """Offer the bank to the first seat on `after`'s right that has not declined it; when all
    have, the auction runs again (CF-14, CF-15)."""
    offered = next(
        (s for s in state.to_the_right(after) if s not in state.declined and state.chips(s) > 0),
        None,
    )
    if offered is None:
        return start_auction(replace(state, offered=None, declined=frozenset()), events)
    return replace(state, phase=Phase.OFFER, offered=offered)


def offer_options(state: State, seat: int) -> tuple[Option, ...]:
    low, chips = state.rules.minimum_bank, state.chips(seat)
    return (Amounts(OpenBank(low), low, chips), DeclineBank()) if low <= chips else (DeclineBank(),)


def decline(state: State, seat: int, events: list[Event]) -> State:
    events.append(BankDeclined(seat))
    return offer_bank(replace(state, declined=state.declined | {seat}), seat, events)


def keep(state: State, events: list[Event]) -> State:
    assert state.banker is not None
    events.append(BankKept(state.banker, state.bank))
    return begin_coup(state, events)


def give_up(state: State, events: list[Event]) -> State:
    """The banker gives up the bank and keeps what is in it; it is offered to his right
    (CF-15)."""
    banker = state.banker
    assert banker is not None
    seats = list(state.seats)
    seats[banker] = state.chips(banker) + state.bank
    events.append(BankGivenUp(banker, state.bank))
    state = replace(state, seats=tuple(seats), banker=None, bank=0, declined=frozenset({banker}))
    return offer_bank(state, banker, events)


def begin_coup(state: State, events: list[Event]) -> State:
    """A new shoe first if one is due (C-5, CF-4), then the banco calls."""
    if state.shoes == 0 or state.shoe.cut_card_out:
        return replace(state, phase=Phase.SHUFFLE)
    return open_calls(state, events)


def open_calls(state: State, events: list[Event]) -> State:
    """The punters with chips, from the banker's right round the table (CF-5)."""
    assert state.banker is not None
    order = tuple(seat for seat in state.to_the_right(state.banker) if state.chips(seat) > 0)
    if not order:
        return close(state, events)
    events.append(CallsOpen(state.coups + 1, state.banker, state.bank))
    return replace(state, phase=Phase.CALLS, order=order, speaker=0, stakes=(), coup=None)


def calls_options(state: State, seat: int) -> tuple[Option, ...]:
    found: list[Option] = [Banco()] if state.chips(seat) >= state.bank else []
    return (*found, Pass(), Leave())


def call(state: State, seat: int, action: Banco | Pass, events: list[Event]) -> State:
    """Banco takes the whole bank and ends the calls (CF-6); a pass hands on."""
    if isinstance(action, Banco):
        events.append(BancoCalled(seat, state.bank))
        return _deal(_staked(state, seat, state.bank), banco=True)
    events.append(CallPassed(seat))
    return next_caller(state)


def next_caller(state: State) -> State:
    """The next punter in priority order is called; after the last, stakes begin (CF-7)."""
    if state.speaker + 1 < len(state.order):
        return replace(state, speaker=state.speaker + 1)
    return replace(state, phase=Phase.STAKES, speaker=0)


def stakes_options(state: State, seat: int) -> tuple[Option, ...]:
    high = min(state.uncovered, state.chips(seat))
    low = min(state.rules.minimum_stake, high)
    return (Amounts(Stake(low), low, high), Pass()) if high >= 1 else (Pass(),)


def stake(state: State, seat: int, action: Stake | Pass, events: list[Event]) -> State:
    """Stakes in priority order up to the uncovered bank, until covered or all have spoken
    (CF-7)."""
    if isinstance(action, Stake):
        state = _staked(state, seat, action.amount)
        events.append(StakePlaced(seat, action.amount, state.uncovered))
    else:
        events.append(StakePassed(seat))
    if state.uncovered > 0 and state.speaker + 1 < len(state.order):
        return replace(state, speaker=state.speaker + 1)
    if state.stakes:
        return _deal(state)
    events.append(NoStakes())
    return replace(state, phase=Phase.KEEP)


def _staked(state: State, seat: int, amount: int) -> State:
    seats = list(state.seats)
    seats[seat] = state.chips(seat) - amount
    return replace(state, seats=tuple(seats), stakes=(*state.stakes, (seat, amount)))


def _deal(state: State, *, banco: bool = False) -> State:
    """The largest stake plays the hand; equal stakes, the nearest the banker's right (CF-10)."""
    largest = max(amount for _, amount in state.stakes)
    punter = next(seat for seat in state.order if (seat, largest) in state.stakes)
    return replace(state, phase=Phase.DEAL, coup=Coup(punter=punter, banco=banco))

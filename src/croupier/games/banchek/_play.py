"""The course of a Banchek session: the players sitting down and getting up, the first banker,
the bank put up and passed, the deal, each hand staked, turned and settled, and the round's
cards put under the pack (RULES BN-2 .. BN-17).

Players sit down at any moment but while cards are shuffled, dealt or turned; one who sits
down is dealt in from the next round (and rides only then, BN-15). Play never stops within a
bank (BN-9), so players get up at these moments: while the bank is offered (between banks),
and when a round is dealt, before its first stake (when the house may also close the
table); a punter also gets up on his turn to stake, passing it (BN-11). One who gets up
before the first stake gives up his hand, which goes under the pack. The banker stays: the
bank passes only when tripled or broken (BN-10, BN-12). With fewer than two players, or no
punter for the banker, the table waits for more.

A player may also leave the game but keep his seat and chips, sitting out, at the moments
he may get up (so refusing the bank or passing his stake, BN-11): he is dealt no cards,
offered no bank, asked to cut or ride on nothing, until he sits in again, which he may do
whenever one may sit down; he is dealt in from the next round, as one who sits down.

Each function takes the state and a list to which it appends the events it causes, and
returns the new state.
"""

from __future__ import annotations

from dataclasses import replace

from croupier.cards import Card
from croupier.engine.events import (
    Audience,
    Event,
    SatIn,
    SatOut,
    SeatJoined,
    SeatLeft,
    SessionEnded,
)
from croupier.engine.seating import draw_for_bank
from croupier.engine.shown import Shown, ShownHand, against_bank
from croupier.games.banchek._state import Phase, State
from croupier.games.banchek.events import (
    BankEnded,
    BankPutUp,
    BankSkipped,
    CardTurned,
    HandDealt,
    HandShown,
    HandsVoid,
    PackShuffled,
    RiderStaked,
    RoundGathered,
    Settled,
    Staked,
    Why,
)
from croupier.games.banchek.rules import GOING, HAND, TRIPLED_END, beats, ended
from croupier.lowest_card import USUAL_ORDER, LowestCardDraw
from croupier.shoe import Shoe

__all__ = [
    "close",
    "cutter",
    "dealt",
    "drawn_for_bank",
    "join",
    "leave",
    "limits",
    "new_round",
    "next_hand",
    "offer",
    "put_up",
    "ride",
    "rider_limits",
    "settle",
    "shuffled",
    "sit_in",
    "sit_out",
    "stake",
    "start",
    "turned",
]


def start(state: State) -> State:
    """The first banker: the lowest card drawn, the ace highest, from packs shuffled for it
    (BN-2, C-7), among the players in the game; with fewer than two the table waits."""
    seats = tuple(state.players())
    if len(seats) < 2:
        return _wait(state)
    lowest = LowestCardDraw.among(seats, USUAL_ORDER)
    return replace(state, phase=Phase.FIRST_BANKER, lowest=lowest, pack=Shoe(()))


def _wait(state: State) -> State:
    """The table waits for players: with no bank held, for two to draw for it again; with one,
    for a punter to deal to."""
    return replace(state, phase=Phase.WAITING, offered=None)


def join(state: State, seat: int, chips: int, events: list[Event]) -> State:
    """`seat` sits down with `chips`. At a waiting table the banker deals him in, or two
    players draw for the bank. One who sits down where a punter got up in this round is
    dealt in at the next: the hand at his seat is the last holder's (BN-11)."""
    seats = list(state.seats)
    seats[seat] = chips
    events.append(SeatJoined(seat, chips))
    joined = state.joined | {seat} if seat in state.order else state.joined
    state = replace(state, seats=tuple(seats), paid_in=state.paid_in + chips, joined=joined)
    return _waited_for(state, events)


def _waited_for(state: State, events: list[Event]) -> State:
    """A player has come into the game: at a waiting table the banker deals him in, or two
    players draw for the bank."""
    if state.phase is not Phase.WAITING:
        return state
    return start(state) if state.banker is None else new_round(state, events)


def drawn_for_bank(state: State, card: Card, events: list[Event]) -> State:
    lowest = draw_for_bank(state.lowest, card, events)
    if lowest.winner is None:
        return replace(state, lowest=lowest)
    state = replace(state, lowest=None, pack=Shoe(()))
    return offer(state, (lowest.winner, *state.players_left(lowest.winner)), events)


def offer(state: State, turns: tuple[int, ...], events: list[Event]) -> State:
    """The bank to the first of `turns` in the game who may hold it: never twice in a row
    (BN-13), and only with the agreed amount; the session ends if no one may, even once
    those sitting out are back. With fewer than two players in the game the table waits."""
    if len(state.players()) < 2:
        return _wait(state)
    rules = state.rules
    for seat in turns:
        if seat == state.last_banker or seat in state.out:
            continue
        if state.chips(seat) < rules.bank:
            events.append(BankSkipped(seat, state.chips(seat)))
            continue
        return replace(state, phase=Phase.BANK, offered=seat)
    if any(seat != state.last_banker and state.chips(seat) >= rules.bank for seat in state.out):
        return _wait(state)
    return close(state, events)


def put_up(state: State, seat: int, events: list[Event]) -> State:
    """The banker puts up the agreed bank and shuffles the two packs (BN-2, BN-4, BN-10)."""
    seats = list(state.seats)
    seats[seat] = state.chips(seat) - state.rules.bank
    events.append(BankPutUp(seat, state.rules.bank))
    return replace(
        state,
        seats=tuple(seats),
        banker=seat,
        bank=state.rules.bank,
        offered=None,
        phase=Phase.SHUFFLING,
        pack=Shoe(()),
    )


def shuffled(state: State, order: tuple[Card, ...], events: list[Event]) -> State:
    assert state.banker is not None
    events.append(PackShuffled(state.banker, len(order)))
    return replace(state, pack=Shoe(order), phase=Phase.CUT, seen=(), fresh=len(order))


def cutter(state: State) -> int:
    """The punter on the banker's right cuts (BN-4): the first in the game."""
    assert state.banker is not None
    return state.players_right(state.banker)[0]


def new_round(state: State, events: list[Event]) -> State:
    """Three cards to every punter in the game, from the banker's left (BN-4, BN-8); with no
    punter, the banker waits for one."""
    assert state.banker is not None
    order = state.players_left(state.banker)
    if not order:
        return _wait(state)
    return replace(
        state,
        phase=Phase.DEALING,
        order=order,
        hands=((),) * len(order),
        turn=0,
        turned=(),
        joined=frozenset(),
    )


def dealt(state: State, card: Card, events: list[Event]) -> State:
    """A card to the next punter, one at a time; then the first punter on the left plays."""
    hands = list(state.hands)
    count = sum(len(hand) for hand in hands)
    hands[count % len(hands)] += (card,)
    state = replace(
        state, pack=state.pack.draw(card), hands=tuple(hands), fresh=max(0, state.fresh - 1)
    )
    if count + 1 < HAND * len(hands):
        return state
    for seat, hand in zip(state.order, state.hands, strict=True):
        events.append(HandDealt(seat, hand, audience=Audience.only(seat)))
    return replace(state, phase=Phase.OPEN)


def limits(state: State) -> tuple[int, int]:
    """The stake the punter may name: from the agreed minimum to the whole bank (BN-5); after
    an early turn, only the minimum if the card beats him, else up to half the bank (BN-14).
    A bank below the minimum is staked whole; no stake is over the punter's chips."""
    low = min(state.rules.minimum, state.bank)
    high = state.bank
    if state.early is not None:
        high = max(low, state.bank // 2) if beats(state.hand, state.early) else low
    return low, min(high, state.chips(state.punter))


def stake(state: State, amount: int, events: list[Event]) -> State:
    """The punter's stake; then riders, if allowed and wanted (BN-15), or the card."""
    seat = state.punter
    seats = list(state.seats)
    seats[seat] = state.chips(seat) - amount
    events.append(Staked(seat, amount))
    state = replace(state, seats=tuple(seats), stakes=((seat, amount),))
    if state.early is not None:
        return settle(state, state.early, events)
    if not state.rules.riders or seat in state.no_riders:
        return replace(state, phase=Phase.TURN)
    events.append(HandShown(seat, state.hand))  # the riders see what they ride on
    state = replace(state, shown=state.shown | {seat}, seen=(*state.seen, *state.hand))
    riders = tuple(s for s in state.players_left(seat) if s in state.order)  # dealt in
    return _next_rider(replace(state, riders=riders))


def rider_limits(state: State, seat: int) -> tuple[int, int]:
    """A rider's stake: from the minimum (or what room is left) to what the bank still
    covers of all the stakes on the hand (BN-15)."""
    room = state.bank - state.staked
    return min(state.rules.minimum, room), min(room, state.chips(seat))


def ride(state: State, seat: int, amount: int | None, events: list[Event]) -> State:
    """`seat` rides `amount` on the punter's cards, or (None) does not."""
    if amount is not None:
        seats = list(state.seats)
        seats[seat] = state.chips(seat) - amount
        events.append(RiderStaked(seat, state.punter, amount))
        state = replace(state, seats=tuple(seats), stakes=(*state.stakes, (seat, amount)))
    return _next_rider(replace(state, riders=state.riders[1:]))


def _next_rider(state: State) -> State:
    """The next punter who may ride: not one who refused riders (BN-16), and only while the
    bank covers more."""
    riders = state.riders
    while riders:
        low, high = rider_limits(state, riders[0])
        if riders[0] not in state.no_riders and 0 < low <= high:
            return replace(state, phase=Phase.RIDING, riders=riders)
        riders = riders[1:]
    return replace(state, phase=Phase.TURN, riders=())


def turned(state: State, card: Card, events: list[Event]) -> State:
    """The banker turns the top card: early, before the stake (BN-14), or for it (BN-6)."""
    early = state.phase is Phase.EARLY
    state = replace(
        state,
        pack=state.pack.draw(card),
        fresh=max(0, state.fresh - 1),
        turned=(*state.turned, card),
        seen=(*state.seen, card),
        peeked=False,
    )
    events.append(CardTurned(state.punter, card, early))
    if early:
        return replace(state, phase=Phase.STAKE, early=card)
    return settle(state, card, events)


def _shown(state: State, card: Card, won: bool) -> Shown:
    """The hand as the table showed it: the punter's cards, the banker's card turned for
    the stake, and what each stake and the bank made (BN-6)."""
    assert state.banker is not None
    sign = 1 if won else -1
    stakes = [(staker, sign * amount) for staker, amount in state.stakes]
    hands = (
        ShownHand("punter", state.hand, seat=state.punter),
        ShownHand("banker", (card,), seat=state.banker),
    )
    return Shown(hands, "punter" if won else "banker", against_bank(stakes, state.banker))


def settle(state: State, card: Card, events: list[Event]) -> State:
    """Every stake on the hand wins or loses with it, 1 to 1 (BN-6); then the bank passes if
    it has tripled or is broken (BN-10), or the next punter plays (BN-7)."""
    seat, hand = state.punter, state.hand
    if seat not in state.shown:
        events.append(HandShown(seat, hand))
        state = replace(state, shown=state.shown | {seat}, seen=(*state.seen, *hand))
    won = beats(hand, card)
    seats, bank = list(state.seats), state.bank
    for staker, amount in state.stakes:
        events.append(Settled(staker, seat, amount, won))
        if won:
            seats[staker] = (seats[staker] or 0) + 2 * amount
            bank -= amount
        else:
            bank += amount
    last = _shown(state, card, won)
    state = replace(state, seats=tuple(seats), bank=bank, stakes=(), early=None, last=last)
    end = ended(bank, state.rules.bank)
    if end != GOING:
        return _bank_ends(state, Why.TRIPLED if end == TRIPLED_END else Why.BROKEN, events)
    return next_hand(state, events)


def next_hand(state: State, events: list[Event]) -> State:
    """The next punter to the left (BN-7); after the last, the round's cards go under the
    pack and a new round is dealt without shuffle or cut (BN-8, BN-9)."""
    turn = state.turn + 1
    if turn < len(state.order):
        return replace(state, turn=turn, phase=Phase.OPEN, peeked=False)
    state = _gathered(replace(state, turn=turn), events)
    return new_round(replace(state, rounds=state.rounds + 1), events)


def _gathered(state: State, events: list[Event]) -> State:
    """The punter on the banker's right puts the round's cards under the pack: the hands in
    seat order from the banker's left, each as dealt, then the turned cards (BN-9)."""
    cards = (*(card for hand in state.hands for card in hand), *state.turned)
    assert state.banker is not None
    by = next(iter(state.players_right(state.banker)), state.banker)  # or the banker alone
    events.append(RoundGathered(by, len(cards)))
    return replace(
        state,
        pack=Shoe((*state.pack.cards, *cards)),
        hands=(),
        turned=(),
        shown=frozenset(),
        order=(),
        peeked=False,
    )


def _bank_ends(state: State, why: Why, events: list[Event]) -> State:
    """The banker takes the bank off; hands not yet played are void; the pack passes to the
    player on his left (BN-10)."""
    banker = state.banker
    assert banker is not None
    events.append(BankEnded(banker, state.bank, why))
    unplayed = state.order[state.turn + 1 :]
    if unplayed:
        events.append(HandsVoid(unplayed))
    seats = list(state.seats)
    seats[banker] = state.chips(banker) + state.bank
    state = replace(
        state,
        seats=tuple(seats),
        bank=0,
        banker=None,
        last_banker=banker,
        order=(),
        hands=(),
        turn=0,
        turned=(),
        shown=frozenset(),
        seen=(),
        peeked=False,
    )
    return offer(state, state.players_left(banker), events)


def leave(state: State, seat: int, events: list[Event]) -> State:
    """A player not holding the bank gets up with his chips. One who refuses the bank or
    passes his stake leaves the game (BN-11): the bank goes on to his left, or the next punter
    plays. One who gets up before a round's first stake gives up his hand: it is void and
    goes under the pack."""
    chips = state.chips(seat)
    seats = list(state.seats)
    seats[seat] = None
    events.append(SeatLeft(seat, chips))
    state = replace(
        state,
        seats=tuple(seats),
        paid_out=state.paid_out + chips,
        no_riders=state.no_riders - {seat},  # a newcomer to the seat has refused nothing
        out=state.out - {seat},
        last_banker=None if state.last_banker == seat else state.last_banker,
    )
    return _out_of_the_game(state, seat, events)


def sit_out(state: State, seat: int, events: list[Event]) -> State:
    """`seat` leaves the game but keeps his place and chips (BN-11, as `leave` says): he is
    dealt nothing until he sits in again."""
    events.append(SatOut(seat))
    return _out_of_the_game(replace(state, out=state.out | {seat}), seat, events)


def sit_in(state: State, seat: int, events: list[Event]) -> State:
    """`seat`, sitting out, is back in the game: dealt in from the next round. At a waiting
    table the banker deals him in, or two players draw for the bank."""
    events.append(SatIn(seat))
    return _waited_for(replace(state, out=state.out - {seat}), events)


def _out_of_the_game(state: State, seat: int, events: list[Event]) -> State:
    """Play goes on without `seat`, who has got up or sat out: the bank he refused goes on to
    his left, the stake he passed to the next punter, the hand he gave up under the pack;
    with fewer than two players in the game the table waits."""
    if state.phase is Phase.BANK:
        if seat == state.offered:
            return offer(state, state.players_left(seat), events)
        return _wait(state) if len(state.players()) < 2 else state
    if state.phase is Phase.STAKE and seat == state.punter:
        return next_hand(state, events)
    if state.phase is Phase.OPEN and seat in state.order:
        return _give_up_hand(state, seat, events)
    return state  # WAITING, or one not dealt in this round


def _give_up_hand(state: State, seat: int, events: list[Event]) -> State:
    """Before the round's first stake, `seat`'s hand is void and goes under the pack (BN-9);
    the round goes on without him, or, with no punter left, the banker waits for one."""
    at = state.order.index(seat)
    events.append(HandsVoid((seat,)))
    state = replace(
        state,
        order=state.order[:at] + state.order[at + 1 :],
        hands=state.hands[:at] + state.hands[at + 1 :],
        pack=Shoe((*state.pack.cards, *state.hands[at])),
    )
    return state if state.order else _wait(state)


def close(state: State, events: list[Event]) -> State:
    """The session ends; a bank still held goes back to its banker."""
    if state.banker is not None:
        seats = list(state.seats)
        seats[state.banker] = state.chips(state.banker) + state.bank
        state = replace(state, seats=tuple(seats), bank=0, banker=None)
    events.append(SessionEnded(state.rounds))
    return replace(state, phase=Phase.OVER, offered=None, stakes=())

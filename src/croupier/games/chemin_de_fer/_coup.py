"""The coup: the deal, naturals, the punter's and the banker's third cards, and settlement
(RULES CF-9 .. CF-14, CF-16)."""

from __future__ import annotations

from dataclasses import replace

from croupier.cards import Card
from croupier.engine.events import Audience, Event
from croupier.engine.shown import Shown, ShownHand, against_bank
from croupier.games.baccarat import PUNTO_RULE, PuntoRule, banco_draws, is_natural, points
from croupier.games.chemin_de_fer._bank import offer_bank
from croupier.games.chemin_de_fer._state import Coup, Phase, State
from croupier.games.chemin_de_fer.events import (
    BankerDecided,
    BankPassed,
    CardDealt,
    CoupResult,
    HandShown,
    PunterDecided,
    Settled,
    ShoeEnded,
    ThirdCard,
)
from croupier.games.chemin_de_fer.rules import BankerPlay, Hand, Outcome, Winner

__all__ = ["banker_decides", "deal", "punter_decides", "punter_may", "third_card"]


def _coup(state: State) -> Coup:
    assert state.coup is not None
    return state.coup


def deal(state: State, card: Card, events: list[Event]) -> State:
    """Two hands of two cards, one at a time, the punters' first: each seen only by its
    holder (CF-9). A natural is shown at once and ends the coup (CF-11)."""
    coup = _coup(state)
    assert state.banker is not None
    if len(coup.punter_cards) == len(coup.banker_cards):
        coup = replace(coup, punter_cards=(*coup.punter_cards, card))
        events.append(
            CardDealt(Hand.PUNTER, card, coup.punter, audience=Audience.only(coup.punter))
        )
    else:
        coup = replace(coup, banker_cards=(*coup.banker_cards, card))
        events.append(
            CardDealt(Hand.BANKER, card, state.banker, audience=Audience.only(state.banker))
        )
    state = replace(state, coup=coup)
    if len(coup.banker_cards) < 2:
        return state
    if is_natural(coup.punter_cards) or is_natural(coup.banker_cards):
        return _showdown(state, events)
    return replace(state, phase=Phase.PUNTER)


def punter_may(state: State) -> tuple[bool, bool]:
    """(may draw, may stand): draw on 0-4, stand on 6-7, choose on 5 (CF-12, `PUNTO_RULE`)."""
    rule = PUNTO_RULE[points(_coup(state).punter_cards)]
    return rule is not PuntoRule.STAND, rule is not PuntoRule.DRAW


def punter_decides(state: State, draws: bool, events: list[Event]) -> State:
    coup = _coup(state)
    events.append(PunterDecided(coup.punter, draws))
    if draws:
        return replace(state, phase=Phase.PUNTER_DRAWS)
    return _bankers_turn(replace(state, coup=replace(coup, punter_stood=True)), events)


def third_card(state: State, card: Card, events: list[Event]) -> State:
    """A third card, face up (CF-12): the punter's, then perhaps the banker's."""
    coup = _coup(state)
    if state.phase is Phase.PUNTER_DRAWS:
        events.append(ThirdCard(Hand.PUNTER, card))
        return _bankers_turn(
            replace(state, coup=replace(coup, punter_cards=(*coup.punter_cards, card))), events
        )
    events.append(ThirdCard(Hand.BANKER, card))
    return _showdown(
        replace(state, coup=replace(coup, banker_cards=(*coup.banker_cards, card))), events
    )


def _bankers_turn(state: State, events: list[Event]) -> State:
    """The banker draws or stands: freely (CF-13), or as the tableau variant says."""
    if state.rules.banker_play is BankerPlay.FREE:
        return replace(state, phase=Phase.BANKER)
    coup = _coup(state)
    third = coup.punter_cards[2] if len(coup.punter_cards) == 3 else None
    return banker_decides(state, banco_draws(points(coup.banker_cards), third), events, forced=True)


def banker_decides(
    state: State, draws: bool, events: list[Event], *, forced: bool = False
) -> State:
    assert state.banker is not None
    events.append(BankerDecided(state.banker, draws, forced))
    if draws:
        return replace(state, phase=Phase.BANKER_DRAWS)
    return _showdown(state, events)


def _showdown(state: State, events: list[Event]) -> State:
    """Both hands are shown and compared: equal points tie (CF-11, CF-14)."""
    coup = _coup(state)
    punter, banker = points(coup.punter_cards), points(coup.banker_cards)
    for hand, cards in ((Hand.PUNTER, coup.punter_cards), (Hand.BANKER, coup.banker_cards)):
        events.append(HandShown(hand, cards, points(cards), is_natural(cards)))
    winner = Winner.PUNTERS if punter > banker else Winner.BANKER if banker > punter else Winner.TIE
    events.append(CoupResult(winner, punter, banker))
    return _settle(state, winner, events)


def _shown(state: State, winner: Winner, commission: int) -> Shown:
    """The coup as the table showed it: both hands, and what each stake and the bank made."""
    coup = _coup(state)
    assert state.banker is not None
    sign = {Winner.PUNTERS: 1, Winner.BANKER: -1, Winner.TIE: 0}[winner]
    punters = [(seat, sign * amount) for seat, amount in state.stakes]
    hands = (
        ShownHand(Hand.PUNTER.value, coup.punter_cards, points(coup.punter_cards), coup.punter),
        ShownHand(Hand.BANKER.value, coup.banker_cards, points(coup.banker_cards), state.banker),
    )
    named = {Winner.PUNTERS: Hand.PUNTER.value, Winner.BANKER: Hand.BANKER.value}
    return Shown(hands, named.get(winner), against_bank(punters, state.banker, commission))


def _settle(state: State, winner: Winner, events: list[Event]) -> State:
    """CF-14: a tie returns the stakes; the banker, winning, takes them into the bank (less the
    house's commission, CF-16); the punters, winning, take their stakes and as much again from
    the bank, which passes to the right, the rest going back to the old banker."""
    banker = state.banker
    assert banker is not None
    seats = list(state.seats)
    bank, house = state.bank, state.house
    for seat, amount in state.stakes:
        if winner is Winner.TIE:
            seats[seat] = state.chips(seat) + amount
            events.append(Settled(seat, amount, Outcome.PUSH, 0))
        elif winner is Winner.BANKER:
            events.append(Settled(seat, amount, Outcome.LOSE, -amount))
        else:
            seats[seat] = state.chips(seat) + 2 * amount
            events.append(Settled(seat, amount, Outcome.WIN, amount))
    won = state.covered
    commission = 0
    if winner is Winner.BANKER:
        commission = state.rules.commission_on(won)
        bank, house = bank + won - commission, house + commission
    last = _shown(state, winner, commission)
    state = replace(
        state,
        seats=tuple(seats),
        bank=bank,
        house=house,
        stakes=(),
        coup=None,
        coups=state.coups + 1,
        last=last,
    )
    if state.shoe.cut_card_out:
        events.append(ShoeEnded(state.shoes))
    if winner is not Winner.PUNTERS:
        return replace(state, phase=Phase.KEEP)
    returned = bank - won
    seats[banker] = state.chips(banker) + returned
    events.append(BankPassed(banker, returned))
    state = replace(state, seats=tuple(seats), bank=0, banker=None, declined=frozenset({banker}))
    return offer_bank(state, banker, events)

"""A seat with no chips at Chemin de Fer (docs/engine.md, "What they may do"): it has
nothing to bid or stake, so neither the auction (CF-3) nor the calls and stakes (CF-5 ..
CF-7) ask it; while nothing of it is in play it may get up, or bring chips, at any moment
(the rule book is silent on both)."""

import pytest

from croupier.engine import MAX_BUY_IN, Amounts, Event, Leave, Rebuy
from croupier.engine.events import ChipsAdded
from croupier.errors import ForbiddenAction, NotYourTurn
from croupier.games.chemin_de_fer import (
    Banco,
    Bid,
    DeclineBank,
    DrawCard,
    GiveUpBank,
    KeepBank,
    Pass,
    Phase,
    State,
)
from croupier.games.chemin_de_fer.events import SeatLeft
from tests.games.chemin_de_fer.stack import GAME, act, speak, table

BROKE = 2
"""The seat that loses every chip it brought."""
COMING_AND_GOING = {Leave(), Amounts(Rebuy(1), 1, MAX_BUY_IN)}
"""What a seat with no chips may do: get up, or bring chips."""


def broke(next_coup: str = "") -> State:
    """Seat 3 calls banco with all its 100 chips and loses (punters 0, the banker 9), the
    banker keeping his bank of 200; the shoe holds `next_coup` next."""
    state = table(f"2S KD 3C KH 5S 9D {next_coup}", buy_ins={0: 1000, 1: 1000, BROKE: 100})
    state = speak(state, Banco())  # seat 3, on the banker's right, speaks first (CF-5)
    assert (state.phase, state.seats[BROKE]) == (Phase.PUNTER, 0)
    assert Leave() not in GAME.legal_actions(state, BROKE)  # its stake is in play
    with pytest.raises(ForbiddenAction, match="your stake is on the table"):
        GAME.apply(state, BROKE, Leave())
    state = speak(state, DrawCard(), DrawCard())  # 2, 3, 5: 0; K, K, 9: 9
    assert (state.phase, state.banker, state.bank, state.seats[BROKE]) == (Phase.KEEP, 0, 200, 0)
    return state


def test_a_seat_with_no_chips_is_not_called():  # CF-5, CF-6, CF-7
    state = broke()
    assert set(GAME.legal_actions(state, BROKE)) == COMING_AND_GOING
    state = act(state, 0, KeepBank())
    assert (state.phase, state.order) == (Phase.CALLS, (1,))  # seat 3 has nothing to stake
    assert GAME.to_act(state) == {1}
    assert set(GAME.legal_actions(state, BROKE)) == COMING_AND_GOING
    state = speak(state, Pass())
    assert state.phase is Phase.STAKES and GAME.to_act(state) == {1}


def test_a_seat_with_no_chips_is_not_asked_in_the_auction():  # CF-3, CF-15
    state = act(broke(), 0, GiveUpBank())
    assert state.offered == 1  # not seat 3, on his right, with nothing to bank (CF-15)
    state = act(state, 1, DeclineBank())
    assert state.phase is Phase.AUCTION and GAME.to_act(state) == {0}
    assert set(GAME.legal_actions(state, BROKE)) == COMING_AND_GOING
    state = act(state, 0, Pass())
    assert GAME.to_act(state) == {1}
    state = act(state, 1, Bid(100))  # seat 3 has nothing to bid, seat 1 has passed for good
    assert (state.banker, state.bank) == (1, 100)
    assert state.phase is Phase.CALLS and BROKE not in state.order


def test_a_seat_with_no_chips_gets_up_at_any_moment():
    state = broke("2H KS 3D KC")  # the next coup: the punters' 5, the banker's 0
    events: list[Event] = []
    left = act(state, BROKE, Leave(), events)  # while the banker keeps or gives up
    assert events == [SeatLeft(BROKE, 0)]
    assert (left.phase, left.seats[BROKE], GAME.to_act(left)) == (Phase.KEEP, None, frozenset({0}))
    assert GAME.chips(left).balanced
    state = speak(act(state, 0, KeepBank()), Banco())  # seat 2 bancos, and plays on 5
    assert state.phase is Phase.PUNTER and GAME.to_act(state) == {1}
    assert set(GAME.legal_actions(state, BROKE)) == COMING_AND_GOING
    left = act(state, BROKE, Leave())  # in the middle of a coup it has no part in
    assert (left.phase, left.seats[BROKE], GAME.to_act(left)) == (
        Phase.PUNTER,
        None,
        frozenset({1}),
    )
    assert GAME.chips(left).balanced
    with pytest.raises(ForbiddenAction, match="you hold the bank"):
        GAME.apply(left, 0, Leave())


def test_a_seat_with_no_chips_brings_chips_and_is_called_again():  # CF-5
    events: list[Event] = []
    state = act(broke(), BROKE, Rebuy(300), events)
    assert events == [ChipsAdded(BROKE, 300, 300)]
    assert GAME.to_act(state) == {0}  # the banker still keeps or gives up
    assert Leave() not in GAME.legal_actions(state, BROKE)  # a punter again
    with pytest.raises(NotYourTurn, match="when the calls come to him"):
        GAME.apply(state, BROKE, Leave())
    state = act(state, 0, KeepBank())
    assert state.order == (BROKE, 1) and GAME.to_act(state) == {BROKE}
    assert GAME.chips(state).balanced

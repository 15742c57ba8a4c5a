"""Sitting down and getting up at a Private Monte Bank table: between deals and between banks,
as in the club form, but the banker keeps the bank for the deals agreed (RULES PM-1, PM-4,
PM-7, PM-8)."""

import pytest

from croupier.engine import HOUSE, Amounts, CloseBets, EndSession, Event, Join, Leave, Legal
from croupier.errors import ForbiddenAction, NotYourTurn
from croupier.games.monte_bank import AddToBank, KeepBank, Phase, State
from croupier.games.monte_bank.events import SeatJoined, SeatLeft
from croupier.games.private_monte import LayoutBet, PrivateMonte, PrivateRules, Row
from tests.games.monte_bank import stack

GAME = PrivateMonte()


def between() -> State:
    """A deal with no bets is over (the gate shown all the same): the banker, seat 1, deals
    again (PM-7)."""
    state = stack.table("2S 5C", "AD 3H", "KC", game=GAME)
    state = stack.bets(state, [], game=GAME)
    assert state.phase is Phase.BETWEEN
    return state


def act(state, actor, action, events=None):
    return stack.act(state, actor, action, events, GAME)


def test_a_table_opens_with_one_player_and_waits_for_another():  # PM-1
    state = GAME.start(PrivateRules(), {3: 800})
    assert (state.phase, GAME.to_act(state)) == (Phase.WAITING, frozenset({HOUSE}))
    state = act(state, 0, Join(800))
    assert state.phase is Phase.FIRST_BANKER  # the lowest card banks first (PM-2)


def test_a_player_sits_down_between_deals_and_bets_on_the_next_layout():  # PM-4, PM-7
    events: list[Event] = []
    state = act(between(), 4, Join(300), events)
    assert [(e.seat, e.chips) for e in events if isinstance(e, SeatJoined)] == [(4, 300)]
    state = act(state, 0, KeepBank())  # the next layout from the same pack, unshuffled
    assert state.phase is Phase.BETTING and 4 in GAME.to_act(state)
    state = act(state, 4, LayoutBet(Row.TOP, 20))
    assert GAME.stakes(state) == {4: 20} and GAME.chips(state).balanced


def test_one_sits_down_while_bets_are_open_but_not_while_the_gate_is_shown():  # PM-4, PM-5
    state = stack.table("2S 5C", "AD 3H", "KC", game=GAME)
    state = act(state, 4, Join(300))
    state = act(state, 4, LayoutBet(Row.TOP, 20))  # on this layout
    with pytest.raises(ForbiddenAction, match="your stakes are on the layout"):
        GAME.apply(state, 4, Leave())
    state, _ = GAME.apply(state, HOUSE, CloseBets())  # the gate is to be shown
    with pytest.raises(NotYourTurn, match="no one sits down while the cards are being"):
        GAME.apply(state, 5, Join(300))


def test_the_banker_keeps_the_bank_for_the_deals_agreed_before_he_gets_up():  # PM-8
    state = between()
    with pytest.raises(ForbiddenAction, match="you hold the bank, and the bank stays with you"):
        GAME.apply(state, 0, Leave())
    events: list[Event] = []
    state = act(state, 1, Leave(), events)  # a punter gets up between deals
    assert [(e.seat, e.chips) for e in events if isinstance(e, SeatLeft)] == [(1, 5000)]
    assert GAME.chips(state).balanced


def test_a_banker_left_alone_waits_and_the_house_may_close():  # PM-8
    state = act(act(between(), 1, Leave()), 2, Leave())
    assert GAME.to_act(state) == {HOUSE}
    assert GAME.legal_actions(state, 0) == Legal((Amounts(AddToBank(1), 1, 4000),))  # no aces
    state = act(state, HOUSE, EndSession())
    assert GAME.is_over(state) and GAME.holdings(state) == {0: 5000}  # his bank back

"""Sitting down and getting up at a Monte Bank table: between deals and between banks, never
during a deal, and the banker only once he has given up the bank (RULES MB-1, MB-3, MB-5,
MB-15; `deal` says when)."""

import pytest

from croupier.cards import Card, monte_pack
from croupier.engine import (
    CHANCE,
    HOUSE,
    MAX_BUY_IN,
    Amounts,
    Chips,
    CloseBets,
    Cut,
    EndSession,
    Event,
    Join,
    Leave,
    Legal,
    Rebuy,
    Shuffle,
    Shuffling,
)
from croupier.errors import ForbiddenAction, NotYourTurn, StakeOutOfRange
from croupier.games.monte_bank import (
    CircleBet,
    GiveUpBank,
    KeepBank,
    Pass,
    Phase,
    PutUpBank,
    Rules,
    State,
)
from croupier.games.monte_bank.events import (
    BankPassed,
    RitualPassed,
    SeatJoined,
    SeatLeft,
)
from tests.games.monte_bank.stack import GAME, act, arranged, bets, table

C = Card.from_str
FOUR = dict.fromkeys(range(4), 5000)
SIT = Legal((Amounts(Join(1), 1, MAX_BUY_IN),))


def getting_up(chips: int | None) -> Legal:
    """A punter's options when he may get up: that, or bring more chips (engine/rebuy.py)."""
    assert chips is not None
    return Legal((Leave(), Amounts(Rebuy(1), 1, MAX_BUY_IN - chips)))


def between(state: State | None = None) -> State:
    """A deal with no bets is over: the banker, seat 1, deals again or not (MB-15)."""
    state = bets(state if state is not None else table("2S 5C", "AD 3C"), [])
    assert state.phase is Phase.BETWEEN
    return state


def deal_again(state: State, events: list[Event] | None = None) -> State:
    """The banker deals again; every punter lets the shuffle and the cut go by but the last,
    who cuts one card, and the layout is 2♠ 5♣ over A♦ 3♣ (MB-5, MB-6)."""
    state = act(state, state.banker, KeepBank(), events)
    while state.phase is Phase.SHUFFLES:
        (seat,) = GAME.to_act(state)
        state = act(state, seat, Pass(), events)
    order = arranged("2S 5C", "AD 3C")
    state = act(state, CHANCE, Shuffle((order[-1], *order[:-1])), events)
    while state.phase is Phase.CUTS:
        (seat,) = GAME.to_act(state)
        last = state.speaker == len(state.order) - 1
        state = act(state, seat, Cut(1) if last else Pass(), events)
    assert state.phase is Phase.BETTING
    return state


def test_a_table_opens_empty_and_waits_for_two_players():  # MB-1, MB-3
    state = GAME.start(Rules(), {})
    assert state.phase is Phase.WAITING
    assert GAME.to_act(state) == {HOUSE}  # the house may close it; empty seats may be taken
    assert GAME.legal_actions(state, HOUSE) == Legal((EndSession(),))
    assert GAME.view(state, 4).legal == SIT
    events: list[Event] = []
    state = act(state, 4, Join(700), events)
    assert state.phase is Phase.WAITING and GAME.seats(state) == {4}
    assert GAME.legal_actions(state, 4) == getting_up(state.seats[4])
    state = act(state, 6, Join(900), events)
    assert [(e.seat, e.chips) for e in events if isinstance(e, SeatJoined)] == [(4, 700), (6, 900)]
    assert GAME.chips(state) == Chips(seats=1600, staked=0, house=0, paid_in=1600, paid_out=0)
    node = GAME.chance(state)  # two players: they draw for the first bank
    assert isinstance(node, Shuffling)
    first = (C("KS"), C("AH"))  # seat 5 draws a king, seat 7 an ace: the lowest (C-7)
    state = act(state, CHANCE, Shuffle((*first, *(c for c in node.cards if c not in first))))
    assert (state.phase, state.banker) == (Phase.MONTE, 6)


def test_the_house_may_close_a_waiting_table():
    state = GAME.start(Rules(), {2: 500})
    assert GAME.to_act(state) == {HOUSE}
    state = act(state, HOUSE, EndSession())
    assert GAME.is_over(state) and GAME.holdings(state) == {2: 500}


def test_a_player_sits_down_between_deals_and_plays_the_next():  # MB-5, MB-8
    events: list[Event] = []
    state = act(between(), 4, Join(800), events)
    assert [(e.seat, e.chips) for e in events if isinstance(e, SeatJoined)] == [(4, 800)]
    assert GAME.seats(state) == {0, 1, 2, 4} and GAME.holdings(state)[4] == 800
    assert GAME.chips(state).paid_in == 15_800 and GAME.chips(state).balanced
    events = []
    state = deal_again(state, events)
    asked = [(e.seat, e.ritual) for e in events if isinstance(e, RitualPassed)]
    assert asked == [(1, "shuffle"), (2, "shuffle"), (4, "shuffle"), (1, "cut"), (2, "cut")]
    assert 4 in GAME.to_act(state)  # he bets on the new layout
    state = act(state, 4, CircleBet(C("2S"), 50))
    assert GAME.stakes(state) == {4: 50} and GAME.chips(state).balanced


def test_a_player_sits_down_while_bets_are_open_and_bets_at_once():  # MB-8
    state = act(table("2S 5C", "AD 3C"), 4, Join(500))
    assert 4 in GAME.to_act(state)
    state = act(state, 4, CircleBet(C("2S"), 50))
    assert GAME.stakes(state) == {4: 50} and GAME.chips(state).balanced


def test_one_who_sits_down_during_the_shuffles_is_asked_from_the_next_deal():  # MB-5
    events: list[Event] = []
    state = act(act(between(), 0, KeepBank()), 4, Join(500), events)
    assert state.phase is Phase.SHUFFLES and state.order == (1, 2)
    assert [(e.seat, e.chips) for e in events if isinstance(e, SeatJoined)] == [(4, 500)]


def test_no_one_sits_down_while_the_cards_are_shown_nor_gets_up_during_a_deal():  # MB-11, MB-12
    state = table("2S 5C", "AD 3C")  # bets are open
    with pytest.raises(NotYourTurn, match="get up between deals; now bets are open"):
        GAME.apply(state, 1, Leave())
    state = act(state, 1, CircleBet(C("2S"), 50))
    with pytest.raises(ForbiddenAction, match="your stakes are on the layout"):
        GAME.apply(state, 1, Leave())
    state, _ = GAME.apply(state, HOUSE, CloseBets())  # "all": the gate is to be shown
    assert GAME.to_act(state) == {CHANCE} and GAME.view(state, 4).legal == Legal()
    with pytest.raises(NotYourTurn, match="no one sits down while the cards are being"):
        GAME.apply(state, 4, Join(500))
    with pytest.raises(NotYourTurn, match="get up between deals"):
        GAME.apply(act(between(), 0, KeepBank()), 1, Leave())  # the shuffles have begun


def test_a_punter_gets_up_between_deals_with_his_chips():  # MB-15
    state = bets(table("2S 5C", "AD 3C", "2H"), [(1, CircleBet(C("2S"), 100))])
    assert state.phase is Phase.BETWEEN
    chips = state.chips(1)
    assert chips == 5000 + 300 - 75  # won 3 to 1 on the gate, less the house's cut (MB-13)
    assert GAME.legal_actions(state, 1) == getting_up(state.seats[1])
    events: list[Event] = []
    state = act(state, 1, Leave(), events)
    assert [(e.seat, e.chips) for e in events if isinstance(e, SeatLeft)] == [(1, chips)]
    assert GAME.seats(state) == {0, 2} and 1 not in GAME.holdings(state)
    assert GAME.chips(state).paid_out == chips and GAME.chips(state).balanced
    assert GAME.view(state, 1).legal == SIT  # the seat is free again
    state = act(state, 0, KeepBank())
    assert state.order == (2,)  # the next deal goes round without him


def test_the_banker_gives_up_the_bank_before_he_gets_up():  # MB-15
    state = between()
    assert Leave() not in GAME.legal_actions(state, 0)
    with pytest.raises(ForbiddenAction, match='you hold the bank: give it up first, saying "aces"'):
        GAME.apply(state, 0, Leave())
    state = act(state, 0, GiveUpBank())
    assert (state.phase, state.offered) == (Phase.OFFER, 1)
    events: list[Event] = []
    state = act(state, 0, Leave(), events)  # the bank given up, he is a punter like any
    assert [(e.seat, e.chips) for e in events if isinstance(e, SeatLeft)] == [(0, 5000)]
    assert GAME.chips(state).balanced


def test_the_bank_passes_over_a_seat_that_has_emptied():  # MB-15
    state = act(between(table("2S 5C", "AD 3C", buy_ins=FOUR)), 1, Leave())
    events: list[Event] = []
    state = act(state, 0, GiveUpBank(), events)
    assert [(e.from_seat, e.to_seat) for e in events if isinstance(e, BankPassed)] == [(0, 2)]
    state = act(state, 2, Leave())  # the seat offered the bank gets up: it goes on to the left
    assert (state.phase, state.offered) == (Phase.OFFER, 3)
    state = act(state, 3, PutUpBank(500))
    assert (state.banker, state.order) == (3, (0,))


def test_a_banker_left_alone_waits_for_a_punter():  # MB-1, MB-15
    state = act(act(between(), 1, Leave()), 2, Leave())
    assert GAME.to_act(state) == {HOUSE}
    assert KeepBank() not in GAME.legal_actions(state, 0)
    assert GiveUpBank() in GAME.legal_actions(state, 0)
    with pytest.raises(ForbiddenAction, match="no punter is seated"):
        GAME.apply(state, 0, KeepBank())
    joined = act(state, 5, Join(300))
    assert GAME.to_act(joined) == {0} and KeepBank() in GAME.legal_actions(joined, 0)
    alone = act(state, 0, GiveUpBank())  # no one to pass the bank to: the table waits
    assert (alone.phase, alone.banker, alone.bank) == (Phase.WAITING, None, 0)
    assert GAME.holdings(alone) == {0: 5000} and GAME.chips(alone).balanced


def test_fewer_than_two_at_the_offer_wait_and_draw_for_the_bank_again():  # MB-1, MB-3
    state = act(between(table("2S 5C", "AD 3C", buy_ins={0: 5000, 1: 5000})), 0, GiveUpBank())
    assert state.offered == 1
    state = act(state, 0, Leave())
    assert (state.phase, state.offered) == (Phase.WAITING, None)
    assert GAME.to_act(state) == {HOUSE}
    state = act(state, 3, Join(400))
    assert state.phase is Phase.FIRST_BANKER and GAME.chance(state) == Shuffling(monte_pack())


def test_refusals_say_why():
    state = between()
    with pytest.raises(ForbiddenAction, match="this seat is taken"):
        GAME.apply(state, 1, Join(500))
    with pytest.raises(StakeOutOfRange, match=f"bring 1 to {MAX_BUY_IN} chips"):
        GAME.apply(state, 5, Join(0))
    with pytest.raises(ForbiddenAction, match="this seat is empty"):
        GAME.apply(state, 5, Leave())
    with pytest.raises(ForbiddenAction, match=r"sit down first \(Join\)"):
        GAME.apply(state, 5, KeepBank())

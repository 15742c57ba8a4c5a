"""Sitting down and getting up at a Banchek table: while the bank is offered, and when a round
is dealt before its first stake; a punter also leaves by passing his stake; the banker stays
until the bank passes (RULES BN-2, BN-4, BN-8 .. BN-13; `play` says when)."""

import pytest

from croupier.engine import (
    CHANCE,
    HOUSE,
    MAX_BUY_IN,
    Amounts,
    EndSession,
    Event,
    Join,
    Leave,
    Legal,
    Rebuy,
    Shuffling,
)
from croupier.engine.actions import SitOut
from croupier.errors import ForbiddenAction, NotYourTurn, StakeOutOfRange
from croupier.games.banchek import Phase, Ride, Rules, Stake, Wait
from croupier.games.banchek.events import (
    BankEnded,
    HandDealt,
    HandsVoid,
    SeatJoined,
    SeatLeft,
    Why,
)
from croupier.games.banchek.rules import two_packs
from tests.games.banchek.stack import GAME, act, table

HANDS = ["7D KC 5D", "2S 3S 4S"]  # seat 1's and seat 2's; seat 0 banks
SIT = Legal((Amounts(Join(1), 1, MAX_BUY_IN),))


def getting_up(chips: int | None) -> Legal:
    """A punter's options when he may get up: that, sit out, or bring more chips
    (engine/rebuy.py)."""
    assert chips is not None
    return Legal((Leave(), SitOut(), Amounts(Rebuy(1), 1, MAX_BUY_IN - chips)))


def hand(state, seat: int, stake: int, events=None):
    """The banker waits, and `seat` stakes."""
    return act(act(state, state.banker, Wait(), events), seat, Stake(stake), events)


def cards_about(state) -> int:
    return len(state.pack) + sum(len(h) for h in state.hands) + len(state.turned)


def test_a_table_opens_empty_and_waits_for_two_players():  # BN-2
    state = GAME.start(Rules(), {})
    assert (state.phase, GAME.to_act(state)) == (Phase.WAITING, frozenset({HOUSE}))
    assert GAME.legal_actions(state, HOUSE) == Legal((EndSession(),))
    assert GAME.view(state, 3).legal == SIT
    state = act(act(state, 3, Join(1000)), 5, Join(1000))
    assert state.phase is Phase.FIRST_BANKER and GAME.to_act(state) == {CHANCE}
    assert GAME.chance(state) == Shuffling(two_packs())  # the lowest card banks (BN-2, C-7)
    assert GAME.chips(state).paid_in == 2000


def test_a_player_sits_down_before_a_rounds_first_stake_and_is_dealt_the_next():  # BN-8
    state = table(HANDS, "QC 2H")
    assert HOUSE in GAME.to_act(state) and GAME.view(state, 4).legal == SIT
    events: list[Event] = []
    state = act(state, 4, Join(500), events)
    assert [(e.seat, e.chips) for e in events if isinstance(e, SeatJoined)] == [(4, 500)]
    assert state.order == (1, 2)  # not this round's cards
    events = []
    state = hand(hand(state, 1, 5), 2, 5, events)  # the round is over; the next is dealt
    assert state.order == (1, 2, 4)
    assert [e.seat for e in events if isinstance(e, HandDealt)] == [1, 2, 4]
    assert len(GAME.view(state, 4).hand) == 3 and GAME.chips(state).balanced


def test_a_newcomer_rides_from_the_next_round():  # BN-15
    hands = ["7D KC 5D", "2S 3S 4S"]
    state = table(hands, "QC", buy_ins=dict.fromkeys(range(3), 1000), rules=Rules(riders=True))
    state = hand(act(state, 4, Join(500)), 1, 10)
    assert GAME.to_act(state) == {2}  # seat 4 has no cards this round: he does not ride


def test_one_who_sits_down_mid_round_is_dealt_in_from_the_next():  # BN-7, BN-8
    state = act(table(HANDS, "QC 2H"), 0, Wait())  # seat 1 is to stake
    state = act(state, 4, Join(500))
    assert state.order == (1, 2) and GAME.to_act(state) == {1}
    events: list[Event] = []
    state = act(act(state, 1, Stake(5)), 0, Wait())
    state = act(state, 2, Stake(5), events)
    assert [e.seat for e in events if isinstance(e, HandDealt)] == [1, 2, 4]


def test_one_who_sits_down_where_a_punter_passed_is_never_shown_his_hand():  # BN-8, BN-11
    """Seat 1 gets up on his turn to stake, passing it; a newcomer sits down at seat 1 in
    the same round: the hand there is the last holder's, hidden, never the newcomer's."""
    state = act(table(HANDS, "QC 2H"), 0, Wait())  # seat 1 is to stake
    state = act(state, 1, Leave())
    state = act(state, 1, Join(300))
    assert state.order == (1, 2)  # the round still names the seat
    seen = GAME.view(state, 1)
    assert seen.hand == () and dict(seen.shown).get(1) is None
    events: list[Event] = []
    state = hand(state, 2, 5, events)  # the round ends: he is dealt in at the next
    assert [e.seat for e in events if isinstance(e, HandDealt)] == [1, 2]
    assert len(GAME.view(state, 1).hand) == 3


def test_no_one_sits_down_while_a_card_is_turned_nor_gets_up_mid_round():  # BN-6, BN-11
    state = act(table(HANDS), 0, Wait())  # seat 1 is to stake
    with pytest.raises(NotYourTurn, match=r"get up .* on your turn to stake, passing it \(BN-11\)"):
        GAME.apply(state, 2, Leave())
    state, _ = GAME.apply(state, 1, Stake(5))  # the card is to be turned
    assert GAME.to_act(state) == {CHANCE} and GAME.view(state, 4).legal == Legal()
    with pytest.raises(NotYourTurn, match="no one sits down while the cards are being"):
        GAME.apply(state, 4, Join(500))


def test_no_one_gets_up_with_a_stake_on_the_hand():  # BN-15
    hands = ["7D KC 5D", "2S 3S 4S", "AS AH AD"]
    state = table(hands, "QC", buy_ins=dict.fromkeys(range(4), 1000), rules=Rules(riders=True))
    state = act(hand(state, 1, 60), 2, Ride(30))
    for seat in (1, 2):  # the punter and a rider
        with pytest.raises(ForbiddenAction, match="your stake is on the hand"):
            GAME.apply(state, seat, Leave())


def test_a_punter_gets_up_before_a_rounds_first_stake_and_gives_up_his_hand():  # BN-9
    state = table(HANDS)
    assert GAME.legal_actions(state, 2) == getting_up(state.seats[2])
    events: list[Event] = []
    state = act(state, 2, Leave(), events)
    assert [(e.seat, e.chips) for e in events if isinstance(e, SeatLeft)] == [(2, 1000)]
    assert [e.seats for e in events if isinstance(e, HandsVoid)] == [(2,)]
    assert state.order == (1,) and cards_about(state) == 104  # his cards under the pack
    assert GAME.seats(state) == {0, 1} and GAME.chips(state).paid_out == 1000
    assert GAME.chips(state).balanced


def test_the_banker_plays_on_until_the_bank_passes():  # BN-10, BN-12
    state = table(HANDS)
    assert Leave() not in GAME.legal_actions(state, 0)
    with pytest.raises(ForbiddenAction, match="you hold the bank: it passes only when"):
        GAME.apply(state, 0, Leave())


def test_players_come_and_go_while_the_bank_is_offered():  # BN-10, BN-11, BN-13
    state = hand(table(HANDS, "QC", buy_ins=dict.fromkeys(range(4), 1000)), 1, 100)
    assert (state.phase, state.offered) == (Phase.BANK, 1)
    assert GAME.legal_actions(state, 3) == getting_up(state.seats[3])
    events: list[Event] = []
    state = act(act(state, 3, Leave(), events), 5, Join(400), events)
    assert [type(e) for e in events] == [SeatLeft, SeatJoined]
    assert (state.phase, state.offered) == (Phase.BANK, 1)
    state = act(state, 0, Leave())  # the banker of the bank just ended is a player like any
    assert state.last_banker is None and GAME.seats(state) == {1, 2, 5}
    assert GAME.chips(state).balanced


def test_the_bank_passes_over_a_seat_that_has_emptied():  # BN-10
    hands = ["2S 3S 4S", "7D KC 5D", "AS AH AD"]
    state = table(hands, "QC", buy_ins=dict.fromkeys(range(4), 1000))
    state = act(state, 1, Leave())  # before the first stake: his hand is void
    events: list[Event] = []
    state = hand(state, 2, 100, events)  # K♣ beats Q♣: the bank is broken
    assert [(e.seat, e.why) for e in events if isinstance(e, BankEnded)] == [(0, Why.BROKEN)]
    assert (state.phase, state.offered) == (Phase.BANK, 2)


def test_a_banker_without_punters_waits_for_one():  # BN-8, BN-11
    two = {0: 1000, 1: 1000}
    state = act(act(table(HANDS[:1], buy_ins=two), 0, Wait()), 1, Leave())  # passes his stake
    assert (state.phase, state.banker) == (Phase.WAITING, 0) and GAME.to_act(state) == {HOUSE}
    with pytest.raises(ForbiddenAction, match="you hold the bank"):
        GAME.apply(state, 0, Leave())
    dealt = act(state, 3, Join(600))  # the banker deals him in, without shuffle or cut
    assert (dealt.phase, dealt.order, dealt.bank) == (Phase.OPEN, (3,), 100)
    closed = act(state, HOUSE, EndSession())
    assert GAME.is_over(closed) and GAME.holdings(closed) == {0: 1000}
    void = act(table(HANDS[:1], buy_ins=two), 1, Leave())  # before the first stake, too
    assert (void.phase, void.banker) == (Phase.WAITING, 0)


def test_fewer_than_two_while_the_bank_is_offered_wait_and_draw_again():  # BN-2, BN-13
    state = hand(table(HANDS[:1], "QC", buy_ins={0: 1000, 1: 1000}), 1, 100)
    assert state.offered == 1
    state = act(state, 0, Leave())
    assert (state.phase, state.offered, GAME.to_act(state)) == (
        Phase.WAITING,
        None,
        frozenset({HOUSE}),
    )
    state = act(state, 4, Join(1000))
    assert state.phase is Phase.FIRST_BANKER and state.lowest is not None
    assert state.lowest.drawing == (1, 4)


def test_refusals_say_why():
    state = table(HANDS)
    with pytest.raises(ForbiddenAction, match="this seat is taken"):
        GAME.apply(state, 1, Join(500))
    with pytest.raises(StakeOutOfRange, match=f"bring 1 to {MAX_BUY_IN} chips"):
        GAME.apply(state, 5, Join(-3))
    with pytest.raises(ForbiddenAction, match="this seat is empty"):
        GAME.apply(state, 5, Leave())
    with pytest.raises(ForbiddenAction, match=r"sit down first \(Join\)"):
        GAME.apply(state, 5, Stake(10))

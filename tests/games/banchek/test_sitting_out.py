"""Sitting out at a Banchek table: a player leaves the game but keeps his seat and chips,
at the moments he may get up (so refusing the bank or passing his stake, BN-11); he is dealt
nothing, asked to cut or ride on nothing, offered no bank, until he sits in again, as one may
sit down; then he is dealt in from the next round (RULES BN-4, BN-8, BN-10, BN-11, BN-15)."""

import pytest

from croupier.engine import CHANCE, HOUSE, Event, Leave, Legal, Shuffle, Shuffling
from croupier.engine.actions import SitIn, SitOut
from croupier.engine.events import SatIn, SatOut
from croupier.errors import ForbiddenAction, NotYourTurn
from croupier.games.banchek import Phase, PutUpBank, Ride, Rules, Stake, Wait
from croupier.games.banchek.events import HandDealt, HandsVoid, Settled
from tests.games.banchek.stack import GAME, act, table

HANDS = ["7D KC 5D", "2S 3S 4S", "AS AH AD"]  # seats 1, 2 and 3; seat 0 banks
FOUR = dict.fromkeys(range(4), 1000)


def hand(state, seat: int, stake: int, events=None):
    """The banker waits, and `seat` stakes."""
    return act(act(state, state.banker, Wait(), events), seat, Stake(stake), events)


def test_a_punter_sitting_out_at_his_stake_passes_it_and_keeps_his_seat():  # BN-11
    events: list[Event] = []
    state = act(table(HANDS, buy_ins=FOUR), 0, Wait())
    assert SitOut() in GAME.legal_actions(state, 1)
    state = act(state, 1, SitOut(), events)
    assert events == [SatOut(1)]  # no stake: his hand is passed, and he is out of the game
    assert (state.seats[1], state.punter, state.out) == (1000, 2, frozenset({1}))
    assert GAME.view(state, 2).out == frozenset({1}) and GAME.seats(state) == {0, 1, 2, 3}
    events = []
    state = hand(hand(state, 2, 5), 3, 5, events)  # the round ends; the next is dealt
    assert [e.seat for e in events if isinstance(e, HandDealt)] == [2, 3]  # not to him
    assert state.order == (2, 3) and 1 not in {e.seat for e in events if isinstance(e, Settled)}
    assert GAME.chips(state).balanced


def test_one_sitting_out_comes_back_and_is_dealt_in_from_the_next_round():  # BN-8
    state = act(table(HANDS, buy_ins=FOUR), 1, SitOut())  # before the first stake
    assert state.order == (2, 3) and state.seats[1] == 1000
    legal = GAME.legal_actions(state, 1)
    assert SitIn() in legal and Leave() in legal and SitOut() not in legal
    events: list[Event] = []
    state = act(state, 1, SitIn(), events)
    assert events == [SatIn(1)] and state.out == frozenset() and state.order == (2, 3)
    events = []
    state = hand(hand(state, 2, 5), 3, 5, events)
    assert [e.seat for e in events if isinstance(e, HandDealt)] == [1, 2, 3]


def test_a_hand_given_up_by_sitting_out_goes_under_the_pack():  # BN-9
    events: list[Event] = []
    state = act(table(HANDS, buy_ins=FOUR), 2, SitOut(), events)
    assert [type(e) for e in events] == [SatOut, HandsVoid]
    assert state.order == (1, 3) and len(state.pack) + 6 == 104


def test_one_sitting_out_rides_on_nothing():  # BN-15
    state = table(HANDS, "QC", buy_ins=FOUR, rules=Rules(riders=True))
    state = act(act(state, 0, Wait()), 1, SitOut())  # he passes his stake
    state = hand(state, 2, 10)
    assert state.phase is Phase.RIDING and GAME.to_act(state) == {3}
    assert GAME.legal_actions(state, 1) == Legal((SitIn(),))
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 1, Ride(5))


def test_one_sitting_out_is_offered_no_bank_and_asked_to_cut_nothing():  # BN-4, BN-10
    hands = ["2S 3S 4S", "7D KC 5D", "AS AH AD"]
    state = act(table(hands, "QC", buy_ins=FOUR), 1, SitOut())  # before the first stake
    state = hand(state, 2, 100)  # K♣ beats Q♣: the bank is broken, and passes to the left
    assert (state.phase, state.offered) == (Phase.BANK, 2)  # over seat 1, sitting out
    state = act(state, 2, PutUpBank())
    node = GAME.chance(state)
    assert isinstance(node, Shuffling)
    state = act(state, CHANCE, Shuffle(node.cards))
    assert state.phase is Phase.CUT and GAME.to_act(state) == {0}  # seat 1 is on his right


def test_with_no_one_in_the_game_to_bank_the_table_waits_for_those_sitting_out():  # BN-10
    hands = ["2S 3S 4S", "7D KC 5D", "AS AH AD"]
    poor = {0: 1000, 1: 1000, 2: 1000, 3: 50}
    state = act(table(hands, "QC", buy_ins=poor), 1, SitOut())
    state = hand(state, 2, 100)
    assert state.offered == 2
    state = act(state, 2, SitOut())  # refusing the bank: he leaves the game (BN-11)
    # Seat 3 has not the bank, seat 0 has just held it: only those sitting out could.
    assert (state.phase, state.banker) == (Phase.WAITING, None) and GAME.to_act(state) == {HOUSE}
    state = act(state, 1, SitIn())
    assert state.phase is Phase.FIRST_BANKER and state.lowest is not None
    assert state.lowest.drawing == (0, 1, 3)


def test_sitting_out_and_coming_back_are_refused_in_words():  # BN-10, BN-11
    state = table(HANDS, buy_ins=FOUR)
    with pytest.raises(ForbiddenAction, match="you are in the game: you are not sitting out"):
        GAME.apply(state, 1, SitIn())
    with pytest.raises(ForbiddenAction, match="you hold the bank"):
        GAME.apply(state, 0, SitOut())
    staking = act(state, 0, Wait())
    with pytest.raises(NotYourTurn, match=r"sit out while the bank is offered, .* \(BN-11\)"):
        GAME.apply(staking, 2, SitOut())
    out = act(state, 1, SitOut())
    with pytest.raises(ForbiddenAction, match="you are sitting out already"):
        GAME.apply(out, 1, SitOut())
    with pytest.raises(ForbiddenAction, match="this seat is empty"):
        GAME.apply(out, 5, SitIn())
    turning, _ = GAME.apply(act(out, 0, Wait()), 2, Stake(5))  # the card is to be turned
    with pytest.raises(NotYourTurn, match="no one comes back into the game while the cards"):
        GAME.apply(turning, 1, SitIn())

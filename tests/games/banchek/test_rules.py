"""Polish Banchek, rule by rule, on stacked packs (RULES BN-1 .. BN-17)."""

import pytest

from croupier.cards import Card
from croupier.engine import (
    CHANCE,
    HOUSE,
    Cut,
    Done,
    EndSession,
    Event,
    Leave,
    Shuffle,
    Shuffling,
    redact,
)
from croupier.errors import (
    ForbiddenAction,
    InsufficientChips,
    InvalidConfig,
    NotYourTurn,
    StakeOutOfRange,
)
from croupier.games.banchek import (
    MOST_PUNTERS,
    AddToBank,
    ClaimTurned,
    Peek,
    Phase,
    PlayOn,
    PutUpBank,
    RefuseRiders,
    Ride,
    Rules,
    Stake,
    TakeFromBank,
    TurnEarly,
    Wait,
    beats,
    cards,
)
from croupier.games.banchek.events import (
    BankEnded,
    BankPutUp,
    CardTurned,
    DrawnForBank,
    FirstBanker,
    HandDealt,
    HandShown,
    HandsVoid,
    PackShuffled,
    PeekClaimed,
    Peeked,
    RiderStaked,
    RoundGathered,
    SeatLeft,
    Settled,
    ShoeCut,
    Why,
)
from croupier.games.banchek.rules import BROKEN_END, GOING, TRIPLED_END, ended
from tests.games.banchek.stack import GAME, act, table, without

C = Card.from_str
HANDS = ["7D KC 5D", "2S 3S 4S"]  # seat 1's and seat 2's; seat 0 banks


def settled(events: list[Event]) -> list[tuple[int, int, int, bool]]:
    return [(e.seat, e.hand, e.stake, e.won) for e in events if isinstance(e, Settled)]


def hand(state, seat: int, stake: int, events=None):
    """The banker waits, and `seat` stakes."""
    return act(act(state, state.banker, Wait(), events), seat, Stake(stake), events)


def test_two_full_packs_and_the_seats():  # BN-1
    state = GAME.start(Rules(), {0: 100, 1: 100})
    node = GAME.chance(state)
    assert isinstance(node, Shuffling) and len(node.cards) == 104
    assert len(set(node.cards)) == 52  # every card twice
    assert Rules(seats=MOST_PUNTERS + 1).seats == 27  # 26 punters: 4 cards each fill 104
    with pytest.raises(InvalidConfig, match="2 to 27"):
        Rules(seats=28)


def test_the_lowest_card_banks_and_puts_up_the_agreed_bank():  # BN-2
    events: list[Event] = []
    state = table(HANDS, buy_ins={0: 1000, 1: 1000, 2: 1000}, events=events)
    drawn = [(e.seat, str(e.card)) for e in events if isinstance(e, DrawnForBank)]
    assert drawn == [(0, "2C"), (1, "AS"), (2, "AH")]  # the ace is high in Banchek
    assert [e.seat for e in events if isinstance(e, FirstBanker)] == [0]
    assert [(e.seat, e.amount) for e in events if isinstance(e, BankPutUp)] == [(0, 100)]
    assert (state.bank, state.chips(0)) == (100, 900)


def test_seats_in_any_order_and_play_from_the_banker_left():  # BN-3, BN-7
    state = table(["7D KC 5D", "2S 3S 4S"], "2C 2H", buy_ins={1: 500, 4: 500, 6: 500})
    assert state.banker == 1 and state.order == (4, 6)  # whatever seats they took
    state = hand(state, 4, 10)
    assert state.phase is Phase.OPEN and state.punter == 6  # the next to the left


def test_the_banker_shuffles_the_right_cuts_and_three_cards_each():  # BN-4
    events: list[Event] = []
    state = table(HANDS, events=events)
    assert [e.by for e in events if isinstance(e, PackShuffled)] == [0]
    assert [e.by for e in events if isinstance(e, ShoeCut)] == [
        2
    ]  # the punter on the banker's right
    dealt = {e.seat: e.cards for e in events if isinstance(e, HandDealt)}
    assert dealt == {1: cards("7D KC 5D"), 2: cards("2S 3S 4S")}  # not the banker
    assert len(state.pack) == 104 - 6
    assert [e.cards for e in (redact(e, 2) for e in events) if isinstance(e, HandDealt)] == [
        None,
        cards("2S 3S 4S"),
    ]  # each sees his own


def test_stakes_from_the_minimum_to_the_whole_bank():  # BN-5
    state = act(table(HANDS, "QC", rules=Rules(minimum=5, bank=100)), 0, Wait())
    before = state
    with pytest.raises(StakeOutOfRange, match="from 5 to 100"):
        GAME.apply(state, 1, Stake(101))
    with pytest.raises(StakeOutOfRange):
        GAME.apply(state, 1, Stake(4))
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 2, Stake(10))  # the first on the left speaks first
    assert state == before
    assert act(state, 1, Stake(100)).bank == 0  # the whole bank, and QC: broken


@pytest.mark.parametrize(
    ("turned", "won"),
    [
        *(("QC", True), ("KC", True), ("2C", True), ("AC", False), ("7D", True)),
        *(("2D", True), ("8D", False), ("AS", False), ("2H", False)),
    ],
)
def test_the_turned_card_and_the_equal_card(turned, won):  # BN-6
    events: list[Event] = []
    state = hand(table(HANDS, turned), 1, 40, events)
    assert settled(events) == [(1, 1, 40, won)]
    assert state.bank == (60 if won else 140)
    assert state.chips(1) == (1040 if won else 960)
    assert beats(cards("7D KC 5D"), C(turned)) is won


def test_a_new_deal_without_shuffle_and_the_cards_under_the_pack():  # BN-8, BN-9
    events: list[Event] = []
    state = hand(table(HANDS, "QC 2H"), 1, 10)
    state = hand(state, 2, 10, events)  # the last punter: the round ends
    gathered = [e for e in events if isinstance(e, RoundGathered)]
    assert [(e.by, e.cards) for e in gathered] == [(2, 8)]  # by the banker's right
    assert state.pack.cards[-8:] == cards("7D KC 5D 2S 3S 4S QC 2H")  # hands, then turned
    assert not [e for e in events if isinstance(e, PackShuffled)]
    assert state.phase is Phase.OPEN and state.rounds == 1  # dealt again, same order
    assert state.order == (1, 2) and len(state.pack) == 104 - 6
    assert state.fresh == 104 - 8 - 6  # below them, the first round's eight cards


def test_a_tripled_bank_passes_left_and_unplayed_hands_are_void():  # BN-10
    events: list[Event] = []
    state = table(HANDS, "AH", rules=Rules(bank=100))
    state = hand(state, 1, 100, events)  # loses: the bank holds 200
    assert state.bank == 200
    state = table(HANDS, "AH", rules=Rules(minimum=5, bank=50), events=events)
    state = hand(state, 1, 50, events)  # 100 = twice; not yet
    assert state.phase is Phase.OPEN
    events = []
    three = ["7D KC 5D", "2S 3S 4S", "AS AH AD"]
    state = table(three, "2H 2H", buy_ins=dict.fromkeys(range(4), 1000))
    state = hand(state, 1, 100, events)
    state = hand(state, 2, 100, events)  # wins nothing yet: 2H vs spades loses
    ended = [(e.seat, e.bank, e.why) for e in events if isinstance(e, BankEnded)]
    assert ended == [(0, 300, Why.TRIPLED)]
    assert [e.seats for e in events if isinstance(e, HandsVoid)] == [(3,)]
    assert (state.phase, state.offered, state.chips(0)) == (Phase.BANK, 1, 900 + 300)


def test_a_broken_bank_passes_and_the_next_banker_shuffles_and_cuts():  # BN-10
    events: list[Event] = []
    state = hand(table(HANDS, "QC"), 1, 100, events)
    assert [(e.seat, e.why) for e in events if isinstance(e, BankEnded)] == [(0, Why.BROKEN)]
    assert (state.phase, state.offered) == (Phase.BANK, 1)
    state = act(state, 1, PutUpBank(), events)
    node = GAME.chance(state)
    assert isinstance(node, Shuffling) and len(node.cards) == 104  # every card, gathered
    state = act(state, CHANCE, Shuffle(node.cards), events)
    assert GAME.to_act(state) == {0}  # the punter on his right cuts


def test_no_refusing_the_bank_or_passing_a_stake_but_by_leaving():  # BN-11
    events: list[Event] = []
    state = act(table(HANDS), 0, Wait())
    legal = {type(o).__name__ for o in GAME.legal_actions(state, 1)}
    assert legal == {"Amounts", "Leave", "SitOut"}  # leaving the game, or sitting out of it
    state = act(state, 1, Leave(), events)  # he passes his stake: he leaves the game
    assert [(e.seat, e.chips) for e in events if isinstance(e, SeatLeft)] == [(1, 1000)]
    assert state.seats[1] is None and state.punter == 2
    broke = hand(table(HANDS, "QC", buy_ins=dict.fromkeys(range(3), 1000)), 1, 100)
    assert broke.offered == 1
    after = act(broke, 1, Leave(), events)  # refusing the bank: he leaves too
    assert after.seats[1] is None and after.offered == 2


def test_the_banker_neither_takes_out_nor_adds():  # BN-12
    state = table(HANDS)
    for action in (AddToBank(10), TakeFromBank(10)):
        with pytest.raises(ForbiddenAction, match="neither take money out of the bank nor add"):
            GAME.apply(state, 0, action)


def test_never_the_bank_twice_in_a_row():  # BN-13
    state = hand(table(HANDS[:1], "QC", buy_ins={0: 1000, 1: 1000}), 1, 100)
    assert state.offered == 1
    with pytest.raises(ForbiddenAction, match="twice in a row"):
        GAME.apply(state, 0, PutUpBank())
    poor = hand(table(HANDS, "AH 2S", buy_ins={0: 1000, 1: 60, 2: 1000}), 1, 5)
    poor = hand(poor, 2, 105)  # 2S meets 2S: the punter wins, and breaks the bank
    assert poor.offered == 2  # seat 1 has not the agreed 100: passed over, not seat 0 again


def test_the_early_turn():  # BN-14
    events: list[Event] = []
    state = act(table(HANDS, "AC"), 0, TurnEarly(), events)
    assert [(e.seat, str(e.card), e.early) for e in events if isinstance(e, CardTurned)] == [
        (1, "AC", True)
    ]
    with pytest.raises(StakeOutOfRange, match="you may stake only 5"):
        GAME.apply(state, 1, Stake(10))
    state = act(state, 1, Stake(5), events)
    assert settled(events) == [(1, 1, 5, False)]
    state = act(table(HANDS, "QC"), 0, TurnEarly())  # he beats it: up to half the bank
    with pytest.raises(StakeOutOfRange, match="5 to 50, at most half the bank"):
        GAME.apply(state, 1, Stake(51))
    events = []
    act(state, 1, Stake(50), events)
    assert settled(events) == [(1, 1, 50, True)]


def test_riders_on_another_punters_cards():  # BN-15
    events: list[Event] = []
    hands = ["7D KC 5D", "2S 3S 4S", "AS AH AD"]
    state = table(hands, "QC", buy_ins=dict.fromkeys(range(4), 1000), rules=Rules(riders=True))
    state = hand(state, 1, 60, events)
    assert [e.seat for e in events if isinstance(e, HandShown)] == [1]  # the riders see it
    assert GAME.to_act(state) == {2}
    with pytest.raises(StakeOutOfRange, match="5 to 40"):
        GAME.apply(state, 2, Ride(41))  # all the stakes together: the bank, 100
    state = act(state, 2, Ride(30), events)
    state = act(state, 3, Ride(10), events)
    assert [(e.seat, e.on, e.amount) for e in events if isinstance(e, RiderStaked)] == [
        (2, 1, 30),
        (3, 1, 10),
    ]
    assert settled(events) == [(1, 1, 60, True), (2, 1, 30, True), (3, 1, 10, True)]
    assert state.chips(2) == 1030 and state.bank == 0
    plain = act(act(table(HANDS), 0, Wait()), 1, Stake(10))
    with pytest.raises(ForbiddenAction, match="riders are not allowed"):
        GAME.apply(plain, 2, Ride(10))


def test_a_punter_who_refuses_riders_rides_on_no_one():  # BN-16
    hands = ["7D KC 5D", "2S 3S 4S", "AS AH AD"]
    state = table(hands, "QC 2H", buy_ins=dict.fromkeys(range(4), 1000), rules=Rules(riders=True))
    state = act(state, 0, Wait())
    state = act(state, 1, RefuseRiders())
    state = act(state, 1, Stake(10))
    assert state.phase is Phase.OPEN and state.punter == 2  # no riders on his cards
    state = act(act(state, 0, Wait()), 2, Stake(10))
    assert GAME.to_act(state) == {3}  # seat 1 may not ride: he refused riders
    with pytest.raises(ForbiddenAction, match="you refused riders on your cards"):
        GAME.apply(state, 1, Ride(10))
    state = act(state, 3, Done())
    assert state.punter == 3


def test_the_peek_and_the_claim():  # BN-17
    events: list[Event] = []
    state = act(table(HANDS, "QC"), 0, Peek(), events)
    (peek,) = [e for e in events if isinstance(e, Peeked)]
    assert peek.card == C("QC") and peek.audience.admits(0) and not peek.audience.admits(1)
    assert redact(peek, 1) == Peeked(0, None, audience=peek.audience)
    assert GAME.view(state, 0).peeked_card == C("QC")
    assert GAME.view(state, 1).peeked_card is None and GAME.view(state, 1).peeked
    claimed = act(state, 1, ClaimTurned(), events)  # it counts as turned: as in BN-14
    assert claimed.early == C("QC") and claimed.phase is Phase.STAKE
    with pytest.raises(StakeOutOfRange, match="at most half the bank"):
        GAME.apply(claimed, 1, Stake(60))
    played_on = act(act(state, 1, PlayOn()), 2, PlayOn())  # nobody claims it
    assert played_on.phase is Phase.STAKE and played_on.early is None
    events = []
    act(played_on, 1, Stake(80), events)
    assert settled(events) == [(1, 1, 80, True)]


def test_any_punter_may_demand_the_peeked_card():  # BN-17
    # «понтеры могут требовать, чтобы она считалась открытой»: the punters, not only the one
    # whose card it is; it is then his card, as in BN-14.
    events: list[Event] = []
    state = act(table(HANDS, "QC"), 0, Peek())
    assert GAME.to_act(state) == {1, 2}
    assert set(GAME.legal_actions(state, 2)) == {ClaimTurned(), PlayOn()}
    waiting = act(state, 1, PlayOn())  # seat 1 would let it go; seat 2 has not spoken
    assert (waiting.phase, GAME.to_act(waiting)) == (Phase.PEEKED, frozenset({2}))
    claimed = act(waiting, 2, ClaimTurned(), events)
    assert [(e.seat, e.punter) for e in events if isinstance(e, PeekClaimed)] == [(2, 1)]
    assert (claimed.phase, claimed.punter, claimed.early) == (Phase.STAKE, 1, C("QC"))
    with pytest.raises(StakeOutOfRange, match="at most half the bank"):
        GAME.apply(claimed, 1, Stake(60))
    with pytest.raises(NotYourTurn):
        GAME.apply(claimed, 2, Stake(10))


def test_the_house_closes_the_table_between_rounds():
    state = table(HANDS, "QC 2H")
    assert HOUSE in GAME.to_act(state)  # before the round's first hand
    state = act(state, 0, Wait())
    assert HOUSE not in GAME.to_act(state)
    state = act(table(HANDS), HOUSE, EndSession())
    assert state.phase is Phase.OVER and state.chips(0) == 1000  # the bank back to its banker


def test_the_pack_never_runs_dry():  # BN-1, BN-9
    state = table(HANDS)
    while state.phase is Phase.OPEN and state.rounds < 30:  # hands and turned cards go under
        assert len(state.pack) + sum(len(h) for h in state.hands) + len(state.turned) == 104
        state = hand(state, state.punter, 5)
    assert state.rounds >= 10


def test_cut_limits():  # BN-4
    state = GAME.start(Rules(), {0: 1000, 1: 1000})
    first = cards("2C AS")
    state = act(state, CHANCE, Shuffle((*first, *without(first))))
    state = act(state, 0, PutUpBank())
    state = act(state, CHANCE, Shuffle(tuple(without(()))))
    with pytest.raises(StakeOutOfRange, match="cut between 1 and 103"):
        GAME.apply(state, 1, Cut(104))
    with pytest.raises(InsufficientChips):
        GAME.apply(hand_state_poor(), 1, Stake(5))


def hand_state_poor():
    state = table(HANDS, buy_ins={0: 1000, 1: 3, 2: 1000})
    return act(state, 0, Wait())


def test_a_bank_ends_once_tripled_or_broken():  # BN-10
    assert [ended(b, 100) for b in (-5, 0, 1, 299, 300, 301)] == [
        BROKEN_END, BROKEN_END, GOING, GOING, TRIPLED_END, TRIPLED_END,
    ]  # fmt: skip

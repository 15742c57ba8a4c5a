"""The conformance suite on Polish Banchek (docs/style.md), with hypothesis choosing the
sessions."""

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from croupier.engine import CloseBets, Cut, Done, EndSession, Join, Leave
from croupier.engine.actions import SitIn, SitOut
from croupier.games.banchek import (
    AddToBank,
    Banchek,
    ClaimTurned,
    Peek,
    PlayOn,
    PutUpBank,
    RefuseRiders,
    Ride,
    Rules,
    Stake,
    TakeFromBank,
    TurnEarly,
    Wait,
)
from croupier.games.banchek.events import Settled
from croupier.testing import Spec, check_random_session, check_replay, draw_buy_ins, play_randomly


def scramble(state, rng, viewer):
    """Move the cards `viewer` may not see: the pack's order (but the card the banker peeked
    at, to the banker), and the hands not shown that are not his, exchanged with the pack."""
    keep_top = state.peeked and viewer == state.banker
    pool = list(state.pack.cards[1:] if keep_top else state.pack.cards)
    hidden = [
        i
        for i, seat in enumerate(state.order)
        if seat != viewer and seat not in state.shown and i < len(state.hands)
    ]
    hands = [list(hand) for hand in state.hands]
    for i in hidden:
        pool += hands[i]
    rng.shuffle(pool)
    for i in hidden:
        hands[i] = [pool.pop() for _ in hands[i]]
    cards = (state.pack.cards[0], *pool) if keep_top else tuple(pool)
    return replace(
        state,
        pack=replace(state.pack, cards=cards),
        hands=tuple(tuple(hand) for hand in hands),
    )


def candidates(state):
    return [
        PutUpBank(),
        Cut(0),
        Cut(200),
        Wait(),
        TurnEarly(),
        Peek(),
        ClaimTurned(),
        PlayOn(),
        Stake(0),
        Stake(10**6),
        RefuseRiders(),
        Ride(10**6),
        Done(),
        Leave(),
        SitOut(),
        SitIn(),
        Join(300),
        Join(0),
        AddToBank(10),
        TakeFromBank(10),
        CloseBets(),
        EndSession(),
    ]


RULES = st.builds(
    Rules,
    seats=st.integers(2, 7),
    minimum=st.integers(1, 20),
    bank=st.integers(20, 300),
    riders=st.booleans(),
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), rounds=st.integers(1, 10), rules=RULES, data=st.data())
def test_random_legal_play(seed, rounds, rules, data):
    buy_ins = draw_buy_ins(data, rules.seats)
    check_random_session(Spec(Banchek(), rules, buy_ins, scramble, candidates), seed, rounds)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), rounds=st.integers(1, 10), rules=RULES, data=st.data())
def test_random_play_from_any_seats_taken_even_none(seed, rounds, rules, data):
    buy_ins = draw_buy_ins(data, rules.seats, fewest=0)
    check_random_session(Spec(Banchek(), rules, buy_ins, scramble, candidates), seed, rounds)


def test_a_long_session_of_random_play():
    rules = Rules(riders=True)
    spec = Spec(Banchek(), rules, dict.fromkeys(range(5), 5000), scramble, candidates)
    session = play_randomly(spec, seed=3, rounds=40, checks=0.05)
    settled = [e for _, _, events in session.steps for e in events if isinstance(e, Settled)]
    assert len(settled) > 100
    check_replay(spec, session)

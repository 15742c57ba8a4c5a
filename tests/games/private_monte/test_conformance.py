"""The conformance suite on Private Monte Bank (docs/style.md), with hypothesis choosing the
sessions."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from croupier.engine import CloseBets, Cut, Done, EndSession, Join, Leave
from croupier.games.monte_bank import (
    AddToBank,
    CircleBet,
    DeclineBank,
    GiveUpBank,
    KeepBank,
    Pass,
    PutUpBank,
    ShufflePack,
)
from croupier.games.monte_bank.events import BetSettled
from croupier.games.private_monte import LayoutBet, PrivateMonte, PrivateRules, Row
from croupier.testing import (
    Spec,
    check_random_session,
    check_replay,
    draw_buy_ins,
    play_randomly,
)
from tests.games.monte_bank.test_conformance import NINE, scramble


def candidates(state):
    return [
        PutUpBank(50),
        PutUpBank(10**7),
        AddToBank(0),
        KeepBank(),
        GiveUpBank(),
        DeclineBank(),
        ShufflePack(),
        Pass(),
        Cut(0),
        CircleBet(NINE, 10),  # the club form's bet: not in this game
        LayoutBet(Row.TOP, 0),
        LayoutBet(Row.BOTTOM, 10**6),
        Done(),
        CloseBets(),
        EndSession(),
        Join(300),
        Join(0),
        Leave(),
    ]


RULES = st.builds(
    PrivateRules,
    seats=st.integers(2, 6),
    cava=st.integers(1, 20),
    limit=st.integers(20, 400),
    minimum_monte=st.integers(20, 200),
    deals_per_bank=st.integers(1, 6),
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), rounds=st.integers(1, 14), rules=RULES, data=st.data())
def test_random_legal_play(seed, rounds, rules, data):
    buy_ins = draw_buy_ins(data, rules.seats)
    spec = Spec(PrivateMonte(), rules, buy_ins, scramble, candidates)
    check_random_session(spec, seed, rounds)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), rounds=st.integers(1, 14), rules=RULES, data=st.data())
def test_random_play_from_any_seats_taken_even_none(seed, rounds, rules, data):
    buy_ins = draw_buy_ins(data, rules.seats, fewest=0)
    spec = Spec(PrivateMonte(), rules, buy_ins, scramble, candidates)
    check_random_session(spec, seed, rounds)


def test_a_long_session_of_random_play():
    spec = Spec(PrivateMonte(), PrivateRules(), dict.fromkeys(range(4), 5000), scramble, candidates)
    session = play_randomly(spec, seed=3, rounds=40, checks=0.05)
    settled = [e for _, _, events in session.steps for e in events if isinstance(e, BetSettled)]
    assert len(settled) > 40
    check_replay(spec, session)

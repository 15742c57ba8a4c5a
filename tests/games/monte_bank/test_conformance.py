"""The conformance suite on Monte Bank (docs/style.md), with hypothesis choosing the sessions."""

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from croupier.cards import Card
from croupier.engine import CloseBets, Cut, Done, EndSession, Join, Leave
from croupier.games.monte_bank import (
    AddToBank,
    Cap,
    CircleBet,
    CrossBet,
    CutOn,
    DeclineBank,
    DoublerBet,
    GiveUpBank,
    KeepBank,
    MonteBank,
    MonteCarloBet,
    Pass,
    PutUpBank,
    Rules,
    ShufflePack,
)
from croupier.games.monte_bank.events import BetSettled
from croupier.testing import (
    Spec,
    check_random_session,
    check_replay,
    draw_buy_ins,
    play_randomly,
)

NINE = Card.from_str("9S")  # never in the Monte pack


def scramble(state, rng, viewer):
    """Only the order of the pack is hidden, from everyone."""
    cards = list(state.pack.cards)
    rng.shuffle(cards)
    return replace(state, pack=replace(state.pack, cards=tuple(cards)))


def candidates(state):
    layout = state.layout
    first = layout.cards[0] if layout is not None else Card.from_str("AS")
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
        CircleBet(NINE, 10),
        CircleBet(first, 5),
        CrossBet(first, first, 10),
        DoublerBet(first, first, 10),
        MonteCarloBet(first, first, first, 10, 10, 10),
        Done(),
        CloseBets(),
        EndSession(),
        Join(300),
        Join(0),
        Leave(),
    ]


RULES = st.builds(
    Rules,
    seats=st.integers(2, 6),
    cava=st.integers(1, 20),
    minimum_monte=st.integers(20, 200),
    cut_on=st.sampled_from(CutOn),
    cap=st.sampled_from(Cap),
    deals_per_bank=st.none() | st.integers(1, 4),
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), rounds=st.integers(1, 12), rules=RULES, data=st.data())
def test_random_legal_play(seed, rounds, rules, data):
    buy_ins = draw_buy_ins(data, rules.seats)
    spec = Spec(MonteBank(), rules, buy_ins, scramble, candidates)
    check_random_session(spec, seed, rounds)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), rounds=st.integers(1, 12), rules=RULES, data=st.data())
def test_random_play_from_any_seats_taken_even_none(seed, rounds, rules, data):
    buy_ins = draw_buy_ins(data, rules.seats, fewest=0)
    spec = Spec(MonteBank(), rules, buy_ins, scramble, candidates)
    check_random_session(spec, seed, rounds)


def test_a_long_session_of_random_play():
    spec = Spec(MonteBank(), Rules(), dict.fromkeys(range(4), 5000), scramble, candidates)
    session = play_randomly(spec, seed=3, rounds=40, checks=0.05)
    settled = [e for _, _, events in session.steps for e in events if isinstance(e, BetSettled)]
    assert len(settled) > 40
    check_replay(spec, session)

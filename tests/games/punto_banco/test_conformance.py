"""The conformance suite on Punto Banco (docs/style.md), with hypothesis choosing the sessions."""

import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from croupier.engine import CloseBets, Cut, Done, EndSession, Join, Leave
from croupier.games.punto_banco import (
    Bet,
    Choose,
    CommissionTiming,
    Decision,
    DeclineTurn,
    HandView,
    OfferTurn,
    PassShoe,
    Phase,
    PuntoBanco,
    Rules,
    Stake,
    Tableau,
    TableSize,
    TurnCards,
    Withdraw,
)
from croupier.games.punto_banco.events import Settled
from croupier.testing import (
    Spec,
    check_random_session,
    check_replay,
    play_randomly,
)
from tests.games.punto_banco.stack import bet, close, table


def scramble(state, rng, viewer=None):
    """Move every card no seat has seen: the undealt shoe, and face-down coup cards.
    (Punto Banco has no private cards, so what the viewer may not see is the same for all.)"""
    undealt = list(state.shoe.cards)
    coup = state.coup
    hidden = []
    if coup is not None:
        hidden = [("punto", i) for i in range(min(2, len(coup.punto))) if not coup.turned]
        hidden += [("banco", i) for i in range(min(2, len(coup.banco))) if not coup.banco_open]
        pool = [getattr(coup, hand)[i] for hand, i in hidden] + undealt
        rng.shuffle(pool)
        hands = {"punto": list(coup.punto), "banco": list(coup.banco)}
        for hand, i in hidden:
            hands[hand][i] = pool.pop()
        coup = replace(coup, punto=tuple(hands["punto"]), banco=tuple(hands["banco"]))
        undealt = pool
    else:
        rng.shuffle(undealt)
    if state.phase is Phase.SHUFFLE:
        undealt = list(state.shoe.cards)
    return replace(state, shoe=replace(state.shoe, cards=tuple(undealt)), coup=coup)


def candidates(state):
    return [
        Stake(Bet.PUNTO, 10),
        Stake(Bet.BANCO, 5000),
        Stake(Bet.EGALITE, 250),
        Stake(Bet.BANCO, -3),
        Stake("baccarat", 10),  # type: ignore[arg-type]
        Stake(Bet.PUNTO, "10"),  # type: ignore[arg-type]
        Cut(1.5),  # type: ignore[arg-type]
        Withdraw(Bet.EGALITE),
        PassShoe(),
        Done(),
        Leave(),
        Join(100),
        Cut(0),
        Cut(3),
        TurnCards(),
        OfferTurn(2),
        DeclineTurn(),
        Choose(Decision.STAND),
        CloseBets(),
        EndSession(),
    ]


RULES = st.builds(
    Rules,
    table=st.sampled_from(TableSize),
    tableau=st.sampled_from(Tableau),
    commission_timing=st.sampled_from(CommissionTiming),
)
BUY_INS = st.dictionaries(st.integers(0, 6), st.integers(1, 3000), min_size=1, max_size=5)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), rounds=st.integers(1, 25), rules=RULES, buy_ins=BUY_INS)
def test_random_legal_play(seed, rounds, rules, buy_ins):
    spec = Spec(PuntoBanco(), rules, buy_ins, scramble, candidates)
    session = check_random_session(spec, seed, rounds)
    assert PuntoBanco().rounds(session.final) >= min(rounds, 1) or not session.final.boxes


def test_whole_shoes_of_random_play():
    """Long enough to pass the cut card and start new shoes."""
    spec = Spec(PuntoBanco(), Rules(), {0: 100_000, 1: 100_000, 5: 100_000}, scramble, candidates)
    session = play_randomly(spec, seed=11, rounds=170, checks=0.02)
    assert session.final.shoes >= 2
    settled = [e for _, _, events in session.steps for e in events if isinstance(e, Settled)]
    assert len(settled) > 200
    check_replay(spec, session)


def test_the_view_check_is_not_vacuous():
    """Scrambling really moves hidden cards, and a leaking view would be caught."""
    state = table("3S 4D 2C 2D", buy_ins={0: 1000})
    state = close(bet(state, {0: [(Bet.PUNTO, 10)]}))  # punto's cards wait to be turned
    other = scramble(state, random.Random(3))
    assert state.coup is not None
    assert other.coup is not None
    assert other.coup.punto != state.coup.punto
    assert other.shoe.cards != state.shoe.cards
    game = PuntoBanco()
    assert game.view(other, 0) == game.view(state, 0)
    assert game.view(other, 0).punto.cards == (None, None)
    leaky = replace(game.view(state, 0), punto=HandView(state.coup.punto))
    assert leaky != replace(game.view(other, 0), punto=HandView(other.coup.punto))

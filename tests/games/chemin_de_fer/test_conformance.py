"""The conformance suite on Chemin de Fer (docs/style.md), with hypothesis choosing the sessions."""

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from croupier.engine import Cut, EndSession, Join, Leave
from croupier.games.chemin_de_fer import (
    Banco,
    BankerPlay,
    Bid,
    CheminDeFer,
    DeclineBank,
    DrawCard,
    GiveUpBank,
    KeepBank,
    OpenBank,
    Pass,
    Rules,
    Stake,
    Stand,
)
from croupier.games.chemin_de_fer.events import Settled
from croupier.testing import (
    Spec,
    check_random_session,
    check_replay,
    draw_buy_ins,
    play_randomly,
)


def scramble(state, rng, viewer):
    """Move the cards `viewer` may not see: the undealt shoe, and the first two cards of each
    hand it does not hold, exchanged with undealt ones."""
    coup = state.coup
    pool = list(state.shoe.cards)
    hands = {}
    if coup is not None:
        holders = {"punter_cards": coup.punter, "banker_cards": state.banker}
        for name, holder in holders.items():
            cards = list(getattr(coup, name))
            hidden = [i for i in range(min(2, len(cards))) if viewer != holder]
            pool += [cards[i] for i in hidden]
            hands[name] = (cards, hidden)
    rng.shuffle(pool)
    for cards, hidden in hands.values():
        for i in hidden:
            cards[i] = pool.pop()
    if coup is not None:
        coup = replace(coup, **{name: tuple(cards) for name, (cards, _) in hands.items()})
    return replace(state, shoe=replace(state.shoe, cards=tuple(pool)), coup=coup)


def candidates(state):
    return [
        Bid(50),
        Bid(10**6),
        Pass(),
        Banco(),
        Stake(5),
        Stake(10**6),
        Stake(-1),
        DrawCard(),
        Stand(),
        OpenBank(100),
        DeclineBank(),
        KeepBank(),
        GiveUpBank(),
        Cut(0),
        Join(50),
        Leave(),
        EndSession(),
    ]


RULES = st.builds(
    Rules,
    decks=st.integers(3, 8),
    seats=st.integers(2, 6),
    burn=st.sampled_from((3, 4)),
    minimum_bank=st.integers(1, 300),
    minimum_stake=st.integers(1, 50),
    banker_play=st.sampled_from(BankerPlay),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), rounds=st.integers(1, 30), rules=RULES, data=st.data())
def test_random_legal_play(seed, rounds, rules, data):
    buy_ins = draw_buy_ins(data, rules.seats, 5000)
    spec = Spec(CheminDeFer(), rules, buy_ins, scramble, candidates)
    check_random_session(spec, seed, rounds)


def test_a_long_session_of_random_play():
    spec = Spec(CheminDeFer(), Rules(), dict.fromkeys(range(5), 20_000), scramble, candidates)
    session = play_randomly(spec, seed=5, rounds=150, checks=0.05)
    settled = [e for _, _, events in session.steps for e in events if isinstance(e, Settled)]
    assert len(settled) > 50
    assert session.final.coups > 50
    check_replay(spec, session)

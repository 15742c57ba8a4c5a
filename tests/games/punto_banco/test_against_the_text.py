"""The engine's coups against a second, plain reading of the text (PB-12, PB-13), on random cards.

The reference below is written from the text's own words, sharing no code with
croupier: any coup where the two disagree is a bug in one of them.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import full_pack
from croupier.engine import Event
from croupier.games.punto_banco import Bet, Choose, Decision, Hand, Phase, TurnCards
from croupier.games.punto_banco.events import CoupResult, ThirdCard
from tests.games.punto_banco.stack import act, bet, close, table


def worth(card) -> int:
    """Aces one, tens and pictures nothing, the rest their number."""
    rank = str(card)[0]
    return {"A": 1, "T": 0, "J": 0, "Q": 0, "K": 0}[rank] if rank in "ATJQK" else int(rank)


def reference(cards, stand_on_five: bool):
    """(winner, punto points, banco points, cards used) as the text tells the coup."""
    p = [cards[0], cards[2]]
    b = [cards[1], cards[3]]
    rest = list(cards[4:])
    total = lambda hand: sum(worth(c) for c in hand) % 10  # noqa: E731
    pt, bt = total(p), total(b)
    if pt >= 8 or bt >= 8:  # natural: compare at once
        pass
    elif pt in (6, 7):  # banco under 6 takes a card
        if bt < 6:
            b.append(rest.pop(0))
    elif pt == 5 and stand_on_five:  # banco 6-7 wins at once, 0-5 draws
        if bt <= 5:
            b.append(rest.pop(0))
    else:  # punto draws; then points 1-6 of the text
        third = rest.pop(0)
        p.append(third)
        c = worth(third)
        draws = (
            bt <= 2
            or (bt == 3 and c != 8)
            or (bt == 4 and 2 <= c <= 7)
            or (bt == 5 and 4 <= c <= 7)
            or (bt == 6 and c in (6, 7))
        )
        if draws:
            b.append(rest.pop(0))
    pt, bt = total(p), total(b)
    winner = Bet.PUNTO if pt > bt else Bet.BANCO if bt > pt else Bet.EGALITE
    return winner, pt, bt, len(p) + len(b)


@settings(max_examples=400, deadline=None)
@given(
    cards=st.lists(st.sampled_from(full_pack()), min_size=6, max_size=6),
    stand=st.booleans(),
)
def test_every_coup_agrees_with_the_text(cards, stand):  # PB-12, PB-13
    events: list[Event] = []
    coup = " ".join(map(str, cards))
    state = table(coup, buy_ins={0: 1000})
    state = close(bet(state, {0: [(Bet.PUNTO, 10)]}), events)
    state = act(state, 0, TurnCards(), events)
    if state.phase is Phase.CHOOSE:
        state = act(state, 0, Choose(Decision.STAND if stand else Decision.DRAW), events)
    (result,) = [e for e in events if isinstance(e, CoupResult)]
    thirds = [e for e in events if isinstance(e, ThirdCard)]
    winner, punto, banco, used = reference(cards, stand)
    assert (result.winner, result.punto, result.banco) == (winner, punto, banco)
    assert 4 + len(thirds) == used
    assert all(e.hand in (Hand.PUNTO, Hand.BANCO) for e in thirds)

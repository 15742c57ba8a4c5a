"""Exact Punto Banco odds: the published figures, the engine's own enumeration, the fast path."""

import json
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import Card, Rank, Suit
from croupier.engine import CHANCE, HOUSE, CloseBets, Drawing, Event
from croupier.errors import InvalidConfig
from croupier.games.punto_banco import (
    Bet,
    Choose,
    Decision,
    Phase,
    Rules,
    Tableau,
    TableSize,
    TurnCards,
)
from croupier.games.punto_banco.events import CoupResult
from croupier.odds.punto_banco import (
    AtFive,
    effect_of_removal,
    exact,
    probabilities,
    punto_decision,
    shoe_counts,
)
from croupier.shoe import Shoe
from tests.games.punto_banco.stack import GAME, bet, table

FRESH = exact(8)


def test_fresh_eight_deck_sequences():  # PB-12, PB-13, PB-14 (punto draws on 5)
    assert FRESH.sequences[Bet.BANCO] == 2_292_252_566_437_888
    assert FRESH.sequences[Bet.PUNTO] == 2_230_518_282_592_256
    assert FRESH.sequences[Bet.EGALITE] == 475_627_426_473_216
    assert FRESH.total == 4_998_398_275_503_360


def test_fresh_eight_deck_probabilities_and_edges():  # PB-7
    p = {bet: round(float(x), 6) for bet, x in FRESH.probability.items()}
    assert p == {Bet.BANCO: 0.458597, Bet.PUNTO: 0.446247, Bet.EGALITE: 0.095156}
    edge = {bet: round(float(x) * 100, 4) for bet, x in FRESH.house_edge.items()}
    assert edge == {Bet.BANCO: 1.0579, Bet.PUNTO: 1.2351, Bet.EGALITE: 14.3596}
    nine = exact(8, Rules(egalite_pays=9)).house_edge[Bet.EGALITE]
    assert round(float(nine) * 100, 4) == 4.8440
    assert sum(FRESH.probability.values()) == 1


def test_commission_enters_only_banco():  # PB-7
    free = exact(8, Rules(commission=Fraction(0))).house_edge
    assert free[Bet.PUNTO] == FRESH.house_edge[Bet.PUNTO]
    assert free[Bet.BANCO] == -FRESH.house_edge[Bet.PUNTO]


def test_punto_on_five():  # PB-13e
    stand = exact(8, at_five=AtFive.STAND)
    best = exact(8, at_five=AtFive.BEST)
    assert stand.house_edge[Bet.PUNTO] > FRESH.house_edge[Bet.PUNTO]
    assert best.house_edge[Bet.PUNTO] <= FRESH.house_edge[Bet.PUNTO]
    assert best.draws_on_five == {(0, 5), (1, 4), (2, 3), (6, 9), (7, 8)}  # a fresh shoe: draw
    assert stand.draws_on_five == frozenset()


def engine_odds(counts, decision):
    """The same question answered by the game itself: every chance outcome of a coup
    from a shoe of these counts, weighted by its probability, through `apply`."""
    suits = list(Suit)
    ranks = [Rank.KING, Rank.ACE, *(Rank(str(v)) for v in range(2, 10))]
    cards = [Card(ranks[v], suits[n % 4]) for v in range(10) for n in range(counts[v])]
    state = bet(table("", buy_ins={0: 1000}), {0: [(Bet.PUNTO, 10)]})
    state, _ = GAME.apply(replace(state, shoe=Shoe(tuple(cards))), HOUSE, CloseBets())
    totals = dict.fromkeys(Bet, Fraction(0))

    def follow(state, events: tuple[Event, ...], chance: Fraction) -> None:
        result = next((e for e in events if isinstance(e, CoupResult)), None)
        if result is not None:
            totals[result.winner] += chance
        elif state.phase is Phase.TURN:
            follow(*GAME.apply(state, 0, TurnCards()), chance)
        elif state.phase is Phase.CHOOSE:
            follow(*GAME.apply(state, 0, Choose(decision)), chance)
        else:
            node = GAME.chance(state)
            assert isinstance(node, Drawing)
            for action, p in node.outcomes():
                follow(*GAME.apply(state, CHANCE, action), chance * p)

    follow(state, (), Fraction(1))
    return totals


_TWO_OF_EACH = [value for value in range(10) for _ in range(2)]
SMALL_SHOES = st.tuples(st.permutations(_TWO_OF_EACH), st.integers(6, 7)).map(
    lambda drawn: [drawn[0][: drawn[1]].count(value) for value in range(10)]
)
"""Shoes of six or seven cards, by value, at most two of each: every coup they can deal is
walked. (Drawn as the first cards of two of each value shuffled, not filtered from every
list of counts: Hypothesis's health check failed a run that filtered too many out.)"""


@settings(max_examples=25, deadline=None)
@given(counts=SMALL_SHOES, draws=st.booleans())
def test_the_calculator_and_the_engine_agree(counts, draws):  # PB-12, PB-13
    decision, at_five = (Decision.DRAW, AtFive.DRAW) if draws else (Decision.STAND, AtFive.STAND)
    assert exact(counts, at_five=at_five).probability == engine_odds(counts, decision)


def test_the_best_play_on_five_depends_on_the_shoe():  # PB-13e
    rich_in_tens = (10, 2, 2, 2, 2, 2, 2, 2, 2, 2)
    best = exact(rich_in_tens, at_five=AtFive.BEST)
    assert best.draws_on_five == {(0, 5), (6, 9), (7, 8)}  # stands on A-4 and 2-3
    for rule in (AtFive.DRAW, AtFive.STAND):
        other = exact(rich_in_tens, at_five=rule)
        assert best.house_edge[Bet.PUNTO] < other.house_edge[Bet.PUNTO]


def test_the_decision_for_two_cards_in_hand():  # PB-13e
    ace, four, two, three = (Card.from_str(t) for t in ("AS", "4D", "2C", "3H"))
    fresh = list(shoe_counts(8))
    fresh[1] -= 1
    fresh[4] -= 1
    assert punto_decision(fresh, (ace, four)) is Decision.DRAW
    rich = [10, 1, 2, 2, 1, 2, 2, 2, 2, 2]  # (10, 2, ...) with the ace and the four in hand
    assert punto_decision(rich, (four, ace)) is Decision.STAND
    with pytest.raises(InvalidConfig, match="make 4, not 5"):
        punto_decision(fresh, (two, two))
    assert punto_decision([1, 2, 1, 0, 1, 2, 1, 1, 1, 1], (two, three)) in Decision


def test_effect_of_removal():
    effects = effect_of_removal(8)
    full = shoe_counts(8)
    for kind in Bet:
        # Taking out a card at random leaves the odds as they were: the effects, weighted
        # by how many of each value the shoe holds, cancel exactly.
        assert sum(full[v] * effects[v][kind] for v in range(10)) == 0
    assert effects[4][Bet.BANCO] < 0 < effects[4][Bet.PUNTO]  # a four out helps banco
    assert effects[6][Bet.PUNTO] < 0 < effects[6][Bet.BANCO]  # a six out helps punto


COMPOSITIONS = st.lists(st.integers(0, 32), min_size=10, max_size=10).filter(lambda c: sum(c) >= 6)


@settings(max_examples=40, deadline=None)
@given(counts=COMPOSITIONS, at_five=st.sampled_from([AtFive.DRAW, AtFive.STAND, AtFive.BEST]))
def test_the_fast_path_agrees_with_the_exact_one(counts, at_five):
    odds = exact(counts, at_five=at_five).probability
    expected = (odds[Bet.PUNTO], odds[Bet.BANCO], odds[Bet.EGALITE])
    for compiled in (True, False):
        fast = probabilities(counts, at_five, compiled=compiled)
        assert fast == pytest.approx([float(x) for x in expected], abs=1e-12)


def test_the_fast_path_is_compiled_where_numba_is():
    from croupier.odds import punto_banco

    pytest.importorskip("numba")
    assert punto_banco._kernel() is not None


@pytest.mark.parametrize(
    ("shoe", "message"),
    [
        ([1, 2, 3], "ten whole numbers"),
        ([-1, *[4] * 9], "cannot be negative"),
        ([1, 1, 1, 1, 1, 0, 0, 0, 0, 0], "too small to deal a coup"),
        ([4.5, *[4] * 9], "ten whole numbers"),
        (0, "decks must be a whole number"),
    ],
)
def test_bad_shoes_say_what_is_valid(shoe, message):
    with pytest.raises(InvalidConfig, match=message):
        exact(shoe)


def test_impossible_counts_for_the_decks():
    from croupier.odds.punto_banco import check_remaining

    with pytest.raises(
        InvalidConfig, match="impossible counts: 9 cards worth 1, but 2 decks hold only 8"
    ):
        check_remaining([0, 9, *[1] * 8], decks=2)


def test_bad_rules():
    with pytest.raises(InvalidConfig, match="egalite_pays"):
        exact(8, Rules(egalite_pays=0))
    with pytest.raises(InvalidConfig, match="at_five 'sometimes' is not valid: draw, stand"):
        exact(8, at_five="sometimes")  # type: ignore[arg-type]
    with pytest.raises(InvalidConfig, match="the exact odds take draw, stand or best"):
        exact(8, at_five=AtFive.read("0.5"))


def test_the_odds_take_the_table_rules():  # PB-7, PB-14
    small = exact(6, Rules(table=TableSize.SMALL, commission=Fraction(1, 25), egalite_pays=9))
    p = small.probability
    assert small.house_edge[Bet.BANCO] == p[Bet.PUNTO] - p[Bet.BANCO] * Fraction(24, 25)
    assert small.house_edge[Bet.EGALITE] == 1 - 10 * p[Bet.EGALITE]
    with pytest.raises(InvalidConfig, match="always draws on 5 \\(PB-14\\)"):
        exact(8, Rules(tableau=Tableau.FIXED), AtFive.STAND)


def test_odds_are_plain_data():
    assert json.dumps({kind.value: str(p) for kind, p in FRESH.probability.items()})

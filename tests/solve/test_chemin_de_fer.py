"""The Chemin de Fer coup as a game: the published equilibrium, best replies, both models."""

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.errors import InvalidConfig
from croupier.games.baccarat import BANCO_DRAWS_ON, shoe_values
from croupier.games.punto_banco import Bet
from croupier.odds.punto_banco import AtFive, exact
from croupier.solve.chemin_de_fer import (
    COLUMNS,
    FIVES,
    Column,
    Info,
    _solve_totals,
    on_pairs,
    solve,
    tableau,
)
from croupier.solve.chemin_de_fer_payoffs import NATURALS, CoupGame, Line, coup_payoffs

INFINITE = solve(None)
BY_DECKS = {None: INFINITE, 6: solve(6), 8: solve(8, Info.TOTALS)}
CARDS = {None: solve(None, Info.CARDS), 6: solve(6, info=Info.CARDS), 8: solve(8, Info.CARDS)}
STOOD_ON_6 = (6, None)
EXACTLY = 1e-12  # how near a float from the linear program must come to exact arithmetic


def test_the_published_equilibrium_of_an_infinite_shoe():  # CF-12, CF-13 (Kemeny and Snell)
    assert INFINITE.punter_draw_at_5 == Fraction(9, 11)
    assert INFINITE.value == Fraction(-679568, 53094899)
    assert INFINITE.banker[STOOD_ON_6] == Fraction(859, 2288)
    agrees = [cell for cell, p in tableau().items() if INFINITE.banker[cell] == p]
    assert len(agrees) == 87
    assert STOOD_ON_6 not in agrees


def test_the_tableau_is_pb_12_and_draws_on_0_to_5_when_the_punter_stood():  # CF-13 variant
    table = tableau()
    assert len(table) == 8 * len(COLUMNS) == 88
    for b in range(8):
        assert table[(b, None)] == (b <= 5)
        for c in range(10):
            assert table[(b, c)] == (c in BANCO_DRAWS_ON[b])


@pytest.mark.parametrize("decks", [None, 6, 8])
def test_neither_side_gains_by_deviating(decks):  # CF-12, CF-13
    solution = BY_DECKS[decks]
    x, game = solution.punter_draw_at_5, solution.game
    assert game.banker_reply((x,))[0] == solution.value
    assert game.punter_reply(solution.banker)[0] == solution.value
    for pure in (Fraction(0), Fraction(1)):  # x is interior, so the punter is indifferent
        assert game.payoff((pure,), solution.banker) == solution.value
    assert solution.punter_exploitability(x) == 0
    assert solution.banker_exploitability(solution.banker) == 0


@settings(max_examples=40, deadline=None)
@given(st.fractions(min_value=0, max_value=1, max_denominator=10_000))
def test_no_draw_probability_on_5_does_better(x):  # CF-12
    assert INFINITE.game.banker_reply((x,))[0] <= INFINITE.value
    assert INFINITE.punter_exploitability(x) >= 0


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=12), min_size=88, max_size=88))
def test_no_banker_strategy_does_better(twelfths):  # CF-13
    banker = {cell: Fraction(n, 12) for cell, n in zip(INFINITE.banker, twelfths, strict=True)}
    assert INFINITE.game.punter_reply(banker)[0] >= INFINITE.value
    assert INFINITE.banker_exploitability(banker) >= 0


def _toy(*cells: tuple[tuple[int, int], tuple[int, int]]) -> CoupGame[int]:
    """A made-up game: per banker's total 0, 1, ... (stood), the lines of standing and
    drawing as (constant, slope)."""
    lines: dict[tuple[int, Column], tuple[Line, Line]] = {
        (b, None): (Line(s[0], (s[1],)), Line(d[0], (d[1],))) for b, (s, d) in enumerate(cells)
    }
    return CoupGame(decks=None, fives=(5,), total=1, natural=0, cells=lines)


@pytest.mark.parametrize(
    ("cells", "x", "banker", "value"),
    [
        ([((0, 1), (1, -1))], Fraction(1, 2), [Fraction(1, 2)], Fraction(1, 2)),  # crossing
        ([((0, 1), (0, 2))], 1, [0], 1),  # drawing is worse for the banker everywhere
        ([((0, 1), (1, 0))], 1, [1], 1),  # crossing at 1: the punter has no cause to move
        ([((0, 1), (-1, 2))], 1, [0], 1),  # there, even with the banker's steeper line
        ([((0, -1), (0, -2))], 0, [0], 0),  # and at 0
        ([((3, 1), (3, 1)), ((0, -2), (0, -3))], 0, [0, 0], 3),  # alike: he stands
        ([((0, 1), (1, -1)), ((0, 1), (1, -1))], Fraction(1, 2), [Fraction(1, 2)] * 2, 1),
    ],
)
def test_the_totals_solver_at_its_corners(cells, x, banker, value):  # CF-12, CF-13
    solution = _solve_totals(_toy(*cells))
    assert solution.punter_draw_at_5 == x
    assert list(solution.banker.values()) == banker
    assert solution.value == value
    assert (
        solution.game.banker_reply((x,))[0]
        == value
        == solution.game.punter_reply(solution.banker)[0]
    )


def test_exploitability_of_the_simple_strategies():  # CF-12, CF-13
    for solution in BY_DECKS.values():
        for always in (Fraction(0), Fraction(1)):
            against = solution.game.banker_reply((always,))[0]
            assert solution.punter_exploitability(always) == solution.value - against > 0
        punter_best = solution.game.punter_reply(tableau())[0]
        assert solution.banker_exploitability(tableau()) == punter_best - solution.value > 0
    assert INFINITE.punter_exploitability(Fraction(0)) > INFINITE.punter_exploitability(Fraction(1))


@pytest.mark.parametrize("decks", [1, 3, 8])
@pytest.mark.parametrize(("at_5", "x"), [(AtFive.DRAW, 1), (AtFive.STAND, 0)])
def test_the_enumeration_agrees_with_the_punto_banco_calculator(decks, at_5, x):  # CF-11..13
    """Banker on the tableau, punter always or never drawing on 5: Punto Banco's coup."""
    odds = exact(decks, at_five=at_5).probability
    game = solve(decks).game
    assert game.payoff((Fraction(x),), tableau()) == odds[Bet.PUNTO] - odds[Bet.BANCO]


def test_naturals_leave_the_banker_no_cell():  # CF-11
    payoffs = coup_payoffs(2)
    cells = set(payoffs.forced).union(*payoffs.at_five.values())
    assert all(sum(pair) % 10 not in NATURALS for pair, _ in cells)
    assert len(cells) == 44 * len(COLUMNS)
    assert payoffs.total == 104 * 103 * 102 * 101 * 100 * 99


@pytest.mark.parametrize("decks", [6, 8])
def test_finite_shoes_are_near_the_infinite_one(decks):  # CF-2
    solution = BY_DECKS[decks]
    assert abs(solution.value - INFINITE.value) < Fraction(2, 10_000)
    assert abs(solution.punter_draw_at_5 - INFINITE.punter_draw_at_5) < Fraction(1, 100)
    mixed = {cell: p for cell, p in solution.banker.items() if 0 < p < 1}
    assert list(mixed) == [STOOD_ON_6]
    assert abs(mixed[STOOD_ON_6] - INFINITE.banker[STOOD_ON_6]) < Fraction(1, 100)
    assert all(p in (0, 1) for cell, p in solution.banker.items() if cell != STOOD_ON_6)


def test_the_fewer_the_decks_the_worse_for_the_punter():  # CF-2
    values = [solve(1).value, BY_DECKS[6].value, BY_DECKS[8].value, INFINITE.value]
    assert values == sorted(values)
    assert len(set(values)) == 4


@pytest.mark.parametrize("decks", [None, 6, 8])
def test_the_cards_model_is_an_equilibrium(decks):  # CF-12, CF-13 (Ethier and Gámez)
    cards = CARDS[decks]
    assert set(cards.punter_draw_at_5) == set(FIVES)
    assert len(cards.banker) == 44 * len(COLUMNS)
    assert all(0 <= p <= 1 for p in [*cards.punter_draw_at_5.values(), *cards.banker.values()])
    assert abs(cards.punter_exploitability(cards.punter_draw_at_5)) < EXACTLY
    assert abs(cards.banker_exploitability(cards.banker)) < EXACTLY


@pytest.mark.parametrize("decks", [6, 8])
def test_the_cards_value_lies_between_the_totals_strategies_best_replies(decks):  # CF-12, CF-13
    """Each side may still play its totals strategy in the cards model, where the other's
    best reply, knowing his two cards, can only do better for him."""
    totals, cards = BY_DECKS[decks], CARDS[decks]
    everywhere = (totals.punter_draw_at_5,) * len(FIVES)
    banker_best = cards.game.banker_reply(everywhere)[0]
    punter_best = cards.game.punter_reply(on_pairs(totals.banker))[0]
    assert banker_best <= totals.value <= punter_best
    assert banker_best - EXACTLY <= cards.value <= punter_best + EXACTLY
    assert abs(cards.value - totals.value) < 1e-4


def test_with_replacement_the_cards_do_not_matter_beyond_their_total():  # CF-12, CF-13
    """Drawn with replacement, the pairs making a total are alike: the cards model's
    strategies average out to the totals model's."""
    cards = CARDS[None]
    assert abs(cards.value - INFINITE.value) < EXACTLY
    weight = {pair: w for pair, w in _pair_weights().items() if pair in FIVES}
    drawn = sum(weight[pair] * cards.punter_draw_at_5[pair] for pair in FIVES)
    assert abs(drawn / sum(weight.values()) - 9 / 11) < EXACTLY
    sixes = {pair: w for pair, w in _pair_weights().items() if sum(pair) % 10 == 6}
    mixed = sum(w * cards.banker[(pair, None)] for pair, w in sixes.items())
    assert abs(mixed / sum(sixes.values()) - 859 / 2288) < EXACTLY


def _pair_weights():
    """How likely each two values are, drawn with replacement (in 52ths squared)."""
    counts = shoe_values(1)
    return {(i, j): counts[i] * counts[j] * (2 - (i == j)) for i in range(10) for j in range(i, 10)}


def test_the_totals_json():
    data = INFINITE.as_json()
    assert list(data) == ["info", "strategy", "banker_edge"]
    assert data["info"] == "totals"
    strategy = data["strategy"]
    assert strategy["punter_draws_at_5"] == {"value": 9 / 11, "fraction": "9/11"}
    edge = Fraction(679568, 53094899)  # the banker's: minus the value to the punter
    assert data["banker_edge"] == {"no_commission": {"value": float(edge), "fraction": str(edge)}}
    assert list(strategy["banker"]) == [str(b) for b in range(8)]
    columns = ["stood", *(str(c) for c in range(10))]
    assert all(list(row) == columns for row in strategy["banker"].values())
    assert strategy["banker"]["6"]["stood"] == {"value": 859 / 2288, "fraction": "859/2288"}
    assert strategy["banker"]["3"]["8"] == {"value": 0.0, "fraction": "0"}


def test_the_exact_json_reads_back():
    solution = BY_DECKS[8]
    data = json.loads(json.dumps(solution.as_json()))
    strategy = data["strategy"]
    assert Fraction(strategy["punter_draws_at_5"]["fraction"]) == solution.punter_draw_at_5
    assert Fraction(data["banker_edge"]["no_commission"]["fraction"]) == -solution.value
    for (b, c), p in solution.banker.items():
        cell = strategy["banker"][str(b)]["stood" if c is None else str(c)]
        assert Fraction(cell["fraction"]) == p and cell["value"] == float(p)


def test_the_cards_json():
    data = CARDS[6].as_json()
    assert data["info"] == "cards"
    strategy = data["strategy"]
    assert list(strategy["punter_draws_at_5"]) == ["0-5", "1-4", "2-3", "6-9", "7-8"]
    assert len(strategy["banker"]) == 44
    assert "4-4" not in strategy["banker"]  # a natural: no choice (CF-11)
    cell = CARDS[6].banker[((0, 6), None)]
    assert strategy["banker"]["0-6"]["stood"] == {"value": cell, "fraction": None}  # floats
    assert data["banker_edge"]["no_commission"] == {"value": -CARDS[6].value, "fraction": None}


@pytest.mark.parametrize("decks", [0, -1, True, 2.5, "6"])
def test_bad_decks(decks):  # CF-2
    with pytest.raises(InvalidConfig, match=f"decks {decks!r} is not valid: a whole number"):
        solve(decks)


def test_bad_info():
    with pytest.raises(ValueError, match="info 'hands' is not valid: choose from totals, cards"):
        solve(6, "hands")
    with pytest.raises(InvalidConfig, match="info 5 is not valid"):
        solve(6, 5)  # type: ignore[call-overload]


def test_a_shoe_of_given_counts_solves_as_the_decks_it_holds():  # CF-12, CF-13
    one_deck = [16, 4, 4, 4, 4, 4, 4, 4, 4, 4]  # a deck by value: tens and faces first
    assert solve(info=Info.CARDS, counts=one_deck).value == solve(1, Info.CARDS).value
    assert solve(counts=[2 * n for n in one_deck]).value == solve(2).value
    small = solve(info=Info.CARDS, counts=[2, 0, 2, 1, 0, 2, 1, 0, 0, 0])
    assert small.value != solve(1, Info.CARDS).value  # the shoe's own cards, not a deck's
    for bad in ([1] * 9, [-1] + [4] * 9, [1, 1, 1, 1, 1, 0, 0, 0, 0, 0]):
        with pytest.raises(InvalidConfig):
            solve(counts=bad)

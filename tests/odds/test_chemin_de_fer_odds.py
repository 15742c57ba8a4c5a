"""Chemin de Fer's exact odds against Punto Banco's and the solver's (CF-11 .. CF-13). The
simulated coups are held to them in tests/sim/test_chemin_de_fer_kernel.py."""

from fractions import Fraction

import pytest

from croupier.games.chemin_de_fer.rules import Winner
from croupier.games.punto_banco import Bet
from croupier.odds.chemin_de_fer import natural, outcomes
from croupier.odds.punto_banco import AtFive, exact
from croupier.sim.chemin_de_fer import strategy
from croupier.solve.chemin_de_fer import solve, tableau

AS_PUNTO = {Winner.PUNTERS: Bet.PUNTO, Winner.BANKER: Bet.BANCO, Winner.TIE: Bet.EGALITE}


@pytest.mark.parametrize("decks", [3, 6, 8])
def test_the_tableau_is_punto_bancos_coup(decks):  # CF-13 variant, PB-12
    for x, play in ((Fraction(1), AtFive.DRAW), (Fraction(0), AtFive.STAND)):
        odds = exact(decks, at_five=play).probability
        got = outcomes(decks, x, tableau())
        assert got == {winner: odds[bet] for winner, bet in AS_PUNTO.items()}
    draw, stand = exact(decks).probability, exact(decks, at_five=AtFive.STAND).probability
    mixed = outcomes(decks, Fraction(1, 3), tableau())  # a chance of drawing mixes the two
    assert mixed == {w: (draw[b] + 2 * stand[b]) / 3 for w, b in AS_PUNTO.items()}


@pytest.mark.parametrize("name", ["equilibrium", "draw", "stand"])
def test_every_strategy_gives_the_solvers_payoff(name):  # CF-12, CF-13
    """The banker's chance less the punter's is the solver's value of the same play, mixed
    cells and all."""
    play = strategy(name, 6)
    got = outcomes(6, play.draws_at_5, play.cells())
    assert sum(got.values()) == 1 and all(0 < p < 1 for p in got.values())
    payoff = solve(6).game.payoff((play.draws_at_5,), play.cells())
    assert got[Winner.PUNTERS] - got[Winner.BANKER] == payoff


def test_a_natural_is_the_same_whatever_is_played():  # CF-11
    assert natural(6) == Fraction(22146974, 64546495)
    assert 0.34 < float(natural(8)) < float(natural(1)) < 0.36  # fewer decks, more naturals

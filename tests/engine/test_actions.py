"""Legal options: exact actions and ranges of amounts."""

import pytest

from croupier.engine import Amounts, Cut, Done, Join, Leave, Legal
from croupier.games.punto_banco import Bet, Stake


def test_membership_in_a_range_of_amounts():
    legal = Legal((Amounts(Stake(Bet.PUNTO, 10), 10, 500), Done()))
    assert Stake(Bet.PUNTO, 10) in legal
    assert Stake(Bet.PUNTO, 500) in legal
    assert Stake(Bet.PUNTO, 501) not in legal
    assert Stake(Bet.PUNTO, 9) not in legal
    assert Stake(Bet.BANCO, 100) not in legal  # same shape, other bet
    assert Done() in legal
    assert Leave() not in legal
    assert Cut(10) not in legal


def test_options_iterate_and_filter_by_type():
    legal = Legal((Amounts(Join(10), 10, 99), Leave()))
    assert len(legal) == 2
    assert legal.of_type(Join) == (Amounts(Join(10), 10, 99),)
    assert Amounts(Join(10), 10, 99).at(42) == Join(42)
    assert not Legal()


def test_a_range_needs_an_amount():
    with pytest.raises(TypeError, match="Done has no amount"):
        Amounts(Done(), 1, 2)

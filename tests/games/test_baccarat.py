"""Baccarat arithmetic: points (C-3), naturals, and banco's third-card table (PB-12)."""

from fractions import Fraction

import pytest

from croupier.cards import Card, Rank, Suit
from croupier.errors import InvalidConfig
from croupier.games.baccarat import (
    PUNTO_RULE,
    AtFive,
    PuntoRule,
    banco_draws,
    is_natural,
    points,
    value,
)


def hand(text):
    return tuple(Card.from_str(t) for t in text.split())


def test_card_values():  # C-3
    values = {rank: value(Card(rank, Suit.CLUBS)) for rank in Rank}
    assert values[Rank.ACE] == 1
    assert [values[r] for r in (Rank.TWO, Rank.FIVE, Rank.NINE)] == [2, 5, 9]
    assert {values[r] for r in (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)} == {0}


@pytest.mark.parametrize(("cards", "expected"), [("9S 8D", 7), ("AS 6D 3C", 0), ("KS QD", 0)])
def test_points_are_the_sum_modulo_ten(cards, expected):  # C-3, PB-2
    assert points(hand(cards)) == expected


def test_naturals_are_two_card_eights_and_nines():  # PB-13a
    assert is_natural(hand("4S 4D"))
    assert is_natural(hand("KS 9D"))
    assert not is_natural(hand("4S 4D KC"))  # three cards are never a natural
    assert not is_natural(hand("3S 4D"))


def test_punto_two_card_rule():  # PB-13
    assert [PUNTO_RULE[p] for p in range(10)] == [
        *[PuntoRule.DRAW] * 5,
        PuntoRule.CHOOSE,
        PuntoRule.STAND,
        PuntoRule.STAND,
        PuntoRule.NATURAL,
        PuntoRule.NATURAL,
    ]


# PB-12 as the text lists it, case by case, written out independently of the table.
def text_says_banco_draws(banco: int, third: int) -> bool:
    if banco <= 2:
        return True
    if banco == 3:
        return third != 8
    if banco == 4:
        return 2 <= third <= 7
    if banco == 5:
        return 4 <= third <= 7
    if banco == 6:
        return third in (6, 7)
    return False


THIRD_CARDS = {v: Card.from_str(t) for v, t in enumerate("KS AS 2S 3S 4S 5S 6S 7S 8S 9S".split())}


@pytest.mark.parametrize("banco", range(8))
@pytest.mark.parametrize("third", range(10))
def test_every_cell_of_the_third_card_table(banco, third):  # PB-12
    assert banco_draws(banco, THIRD_CARDS[third]) is text_says_banco_draws(banco, third)


@pytest.mark.parametrize("picture", ["TS", "JD", "QH", "KC"])
def test_a_third_card_worth_zero(picture):  # PB-12: tens and pictures count 0, not 10
    card = Card.from_str(picture)
    assert [banco_draws(b, card) for b in range(8)] == [True, True, True, True] + [False] * 4


def test_banco_after_punto_stood():  # PB-13c, PB-13e
    assert [banco_draws(b, None) for b in range(8)] == [True] * 6 + [False] * 2


def test_the_play_on_five_is_one_value():  # PB-13e, PB-14, CF-12
    assert AtFive.read(" Draw ") == AtFive.DRAW and AtFive.read("0") == AtFive.STAND
    assert AtFive.read("0.8").draws == Fraction(4, 5) and not AtFive.read("0.8").pure
    assert [str(play) for play in (AtFive.DRAW, AtFive.STAND, AtFive.BEST)] == [
        "draw",
        "stand",
        "best",
    ]
    for bad in ("often", "1.5", "-1", "1/0"):
        with pytest.raises(InvalidConfig, match="is not valid"):
            AtFive.read(bad)

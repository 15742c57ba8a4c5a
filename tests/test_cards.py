"""Cards and packs (RULES C-1, C-2)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.cards import Card, Colour, Rank, Suit, full_pack, monte_pack, shoe_of
from croupier.errors import InvalidCard, InvalidConfig


def test_full_pack_has_52_distinct_cards():  # C-1
    pack = full_pack()
    assert len(pack) == 52
    assert len(set(pack)) == 52
    assert {card.rank for card in pack} == set(Rank)
    assert {card.suit for card in pack} == set(Suit)


def test_colours_of_the_suits():  # C-1
    assert Suit.SPADES.colour is Colour.BLACK
    assert Suit.CLUBS.colour is Colour.BLACK
    assert Suit.HEARTS.colour is Colour.RED
    assert Suit.DIAMONDS.colour is Colour.RED
    assert Card.from_str("7D").colour is Colour.RED


def test_monte_pack_is_40_cards_without_eights_nines_tens():  # C-2
    pack = monte_pack()
    assert len(pack) == 40
    assert not {card.rank for card in pack} & {Rank.EIGHT, Rank.NINE, Rank.TEN}
    assert {card.rank.value for card in pack} == set("A234567JQK")


@given(st.sampled_from(full_pack()))
def test_text_round_trip(card):
    assert Card.from_str(str(card)) == card
    assert Card.from_str(card.pretty) == card
    assert Card.from_str(str(card).lower()) == card
    assert eval(repr(card)) == card


@pytest.mark.parametrize(
    ("text", "expected"),
    [("7D", "7D"), ("TD", "TD"), ("10D", "TD"), ("10h", "TH"), ("q♠", "QS"), (" As ", "AS")],
)
def test_parsing_forms(text, expected):
    assert str(Card.from_str(text)) == expected


def test_pretty_form():
    assert Card.from_str("7D").pretty == "7♦"
    assert Card.from_str("TH").pretty == "10♥"


@pytest.mark.parametrize("text", ["", "7", "D", "1D", "11S", "7X", "joker", "77D"])
def test_bad_card_text_is_a_value_error_naming_it(text):
    with pytest.raises(InvalidCard) as caught:
        Card.from_str(text)
    assert isinstance(caught.value, ValueError)
    assert repr(text) in str(caught.value)
    assert "rank" in str(caught.value)


def test_shoe_of_decks():
    assert len(shoe_of(8)) == 416
    assert len(shoe_of(6)) == 312
    assert len(shoe_of(2, monte_pack())) == 80
    with pytest.raises(InvalidConfig, match="decks"):
        shoe_of(0)

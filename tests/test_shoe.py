"""The shoe: ends, cut, cut card, and the chance of each next card (RULES C-4, C-6, PB-3, PB-5)."""

from fractions import Fraction

import pytest

from croupier.cards import Card, shoe_of
from croupier.shoe import End, Shoe


def test_top_is_dealt_first_and_bottom_last():  # C-4
    shoe = Shoe.of("7D KS 2H".split())
    assert shoe.top == Card.from_str("7D")
    assert shoe.bottom == Card.from_str("2H")
    assert shoe.draw().cards == Shoe.of(["KS", "2H"]).cards
    assert shoe.draw(end=End.BOTTOM).cards == Shoe.of(["7D", "KS"]).cards


def test_cut_moves_the_top_part_to_the_bottom():  # C-6
    shoe = Shoe.of("AS 2S 3S 4S 5S".split())
    assert [str(c) for c in shoe.cut(2).cards] == ["3S", "4S", "5S", "AS", "2S"]
    for bad in (0, 5, -1):
        with pytest.raises(ValueError, match="position 1 to 4"):
            shoe.cut(bad)


def test_cut_card_comes_out_when_a_card_behind_it_is_drawn():  # PB-3, PB-5
    shoe = Shoe.of("AS 2S 3S 4S 5S".split()).with_cut_card(2)
    shoe = shoe.draw().draw().draw()
    assert len(shoe) == 2
    assert not shoe.cut_card_out  # the indicator is next, not yet out
    assert shoe.draw().cut_card_out


def test_drawing_a_named_card_takes_it_from_nearest_the_end():
    shoe = Shoe.of("AS 2S AS 3S".split())
    assert [str(c) for c in shoe.draw(Card.from_str("AS")).cards] == ["2S", "AS", "3S"]
    assert [str(c) for c in shoe.draw(Card.from_str("AS"), End.BOTTOM).cards] == [
        "AS",
        "2S",
        "3S",
    ]
    assert [str(c) for c in shoe.draw(Card.from_str("3S")).cards] == ["AS", "2S", "AS"]
    with pytest.raises(ValueError, match="not in the shoe"):
        shoe.draw(Card.from_str("KD"))


def test_outcomes_are_exact_and_sum_to_one():
    outcomes = dict(Shoe(shoe_of(8)).outcomes())
    assert len(outcomes) == 52
    assert set(outcomes.values()) == {Fraction(1, 52)}
    small = dict(Shoe.of("AS AS 2S".split()).outcomes())
    assert small == {Card.from_str("AS"): Fraction(2, 3), Card.from_str("2S"): Fraction(1, 3)}

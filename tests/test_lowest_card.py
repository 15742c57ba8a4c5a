"""The lowest-card draw for the first bank (RULES C-7)."""

import pytest

from croupier.cards import Card
from croupier.lowest_card import MONTE_ORDER, USUAL_ORDER, LowestCardDraw


def run(draw, *cards):
    seen = []
    for text in cards:
        seen.append(draw.next_seat)
        draw = draw.record(Card.from_str(text))
    return draw, seen


def test_in_monte_the_ace_is_lowest():  # C-7
    draw, order = run(LowestCardDraw.among((0, 1, 2), MONTE_ORDER), "KS", "AD", "2C")
    assert order == [0, 1, 2]
    assert draw.winner == 1
    assert draw.next_seat is None


def test_in_banchek_the_two_is_lowest_and_the_ace_highest():  # C-7, BN-1
    draw, _ = run(LowestCardDraw.among((0, 1, 2), USUAL_ORDER), "AS", "2D", "3C")
    assert draw.winner == 1
    draw, _ = run(LowestCardDraw.among((4, 7), USUAL_ORDER), "KS", "AD")
    assert draw.winner == 4


def test_ties_for_lowest_draw_again_among_themselves():  # C-7
    draw, order = run(
        LowestCardDraw.among((0, 1, 2, 3), MONTE_ORDER),
        "3S", "3D", "KC", "3H",  # seats 0, 1 and 3 tie on the three
        "5S", "5D", "JC",  # 0 and 1 tie again
        "QS", "7D",
    )  # fmt: skip
    assert order == [0, 1, 2, 3, 0, 1, 3, 0, 1]
    assert draw.winner == 1
    assert draw.rounds == 3


def test_a_decided_draw_takes_no_more_cards():
    draw, _ = run(LowestCardDraw.among((0, 1), MONTE_ORDER), "AS", "KS")
    with pytest.raises(ValueError, match="decided"):
        draw.record(Card.from_str("2S"))
    with pytest.raises(ValueError, match="not in this pack"):
        LowestCardDraw.among((0, 1), MONTE_ORDER).record(Card.from_str("9S"))

"""Private Monte Bank's exact odds against brute force, and the counter's rule (PM-5, PM-6,
PM-8). The simulated counter is tested with its kernel, in
tests/sim/test_private_monte_kernel.py."""

import random
from fractions import Fraction
from itertools import permutations, product
from math import comb, prod

import pytest

from croupier.cards import Suit, monte_pack
from croupier.errors import InvalidInput
from croupier.games.private_monte import MOST_DEALS, row_wins
from croupier.odds.private_monte import (
    backs,
    cards,
    check_position,
    first_deal,
    layout_odds,
    next_layout_odds,
    report,
    should_bet,
)
from croupier.odds.private_monte_counter import CountedDeal, counter

PACK = monte_pack()


def brute_next_layout(seen) -> Fraction:
    """Every ordered (layout card, layout card, gate) of distinct unseen cards, each once."""
    unseen = [card for card in PACK if card not in set(seen)]
    triples = list(permutations(unseen, 3))
    wins = sum(row_wins((a, b), gate) for a, b, gate in triples)
    return Fraction(wins, len(triples))


def test_the_first_deal_by_brute_force():  # PM-5, PM-6
    odds = first_deal()
    assert odds.win == brute_next_layout(())
    assert odds.edge == 2 * odds.win - 1  # paid 1 to 1, no cut
    assert odds.win == Fraction(102, 247)  # 1 - (30/39)(29/38): the gate's suit missed twice


def test_any_cards_seen_by_brute_force():  # PM-5, PM-8
    rng = random.Random(11)
    for size in (1, 7, 20):
        seen = rng.sample(PACK, size)
        assert next_layout_odds(seen).win == brute_next_layout(seen)


def test_a_dealt_layout_given_the_cards_seen():  # PM-5
    seen = cards("AD 3H KH QH 2C")
    layout = cards("7S 4H")
    unseen = [card for card in PACK if card not in {*seen, *layout}]
    expected = Fraction(sum(row_wins(layout, gate) for gate in unseen), len(unseen))
    assert layout_odds(layout, seen).win == expected == Fraction(9 + 6, 33)  # 9 spades, 6 hearts
    assert layout_odds(cards("2S 5S")).win == Fraction(8, 38)  # both cards of one suit
    assert should_bet(cards("7S 4C"), cards("AH 2H 3H 4H 5H 6H 7H JH QH KH"))
    assert not should_bet(cards("7S 4C"))


def test_a_flat_bettor_has_the_same_edge_on_every_deal():  # PM-8
    """Averaged over every suit make-up of the cards the earlier deals showed, the next
    layout's chance is the first deal's, exactly: counting is worth nothing to a flat bet."""
    per_suit = len(PACK) // len(Suit)
    of_suit = {suit: [card for card in PACK if card.suit is suit] for suit in Suit}
    for deal in range(2, MOST_DEALS + 1):
        shown = 5 * (deal - 1)
        total = Fraction(0)
        for counts in product(range(per_suit + 1), repeat=len(Suit)):
            if sum(counts) != shown:
                continue
            weight = Fraction(prod(comb(per_suit, n) for n in counts), comb(len(PACK), shown))
            made_up = zip(Suit, counts, strict=True)
            seen = [card for suit, n in made_up for card in of_suit[suit][:n]]
            total += weight * next_layout_odds(seen).win
        assert total == first_deal().win, deal


def test_bad_cards_are_refused():
    with pytest.raises(InvalidInput, match="9S: not in the 40-card pack"):
        next_layout_odds(cards("9S"))
    with pytest.raises(InvalidInput, match="seen twice"):
        next_layout_odds(cards("2S 2S"))
    with pytest.raises(InvalidInput, match="a layout is 2 cards"):
        layout_odds(cards("2S"))


def test_the_counter_backs_what_is_better_than_even():  # PM-5, PM-8
    """`should_bet`, through `backs` on whole numbers (the kernel's form), is exactly "the
    layout's exact chance is above one half", on random layouts and cards seen, and ties
    (a chance of one half exactly) are not backed."""
    rng = random.Random(5)
    backed = set()
    for _ in range(3000):
        shown = rng.sample(PACK, rng.randrange(2, 33))
        layout, seen = shown[:2], shown[2:]
        odds = layout_odds(layout, seen)
        assert should_bet(layout, seen) == (odds.win > Fraction(1, 2)), (layout, seen)
        backed.add(should_bet(layout, seen))
    assert backed == {True, False}
    assert layout_odds(cards("2S 5C"), cards("AD 3H")).win == Fraction(1, 2)
    assert not should_bet(cards("2S 5C"), cards("AD 3H"))
    assert [backs(c, 30) for c in (14, 15, 16)] == [False, False, True]


def test_report():
    assert report() == {
        "first_deal": {
            "win": {"value": 102 / 247, "fraction": "102/247"},
            "banker_edge": {"value": 43 / 247, "fraction": "43/247"},
        }
    }


def test_the_counter_exactly():  # PM-5, PM-8
    """What counting is worth, deal by deal: nothing to count on a fresh pack; then he bets
    on some deals, less than twice a deal, and at an edge; at least one backed layout a
    deal he bets on, at most two."""
    deals = counter()
    assert len(deals) == MOST_DEALS
    assert deals[0] == CountedDeal(Fraction(0), Fraction(0), Fraction(0))
    assert deals[0].edge is None
    for deal in deals[1:]:
        assert 0 < deal.bet_at_all <= deal.bets <= 2 * deal.bet_at_all < 2
        assert deal.edge is not None and deal.edge > 0
        assert deal.wins == (deal.edge + 1) * deal.bets / 2
    edges = [d.edge for d in deals[1:]]
    assert [round(float(e), 4) for e in edges if e] == [0.0497, 0.1051, 0.104, 0.1868, 0.194]


@pytest.mark.parametrize("deal", [2, 3])
def test_the_counter_by_the_suits_shown(deal):  # PM-5, PM-8
    """The counter's deal again, another way: over every suit make-up of the cards the
    earlier deals showed (a random handful of the pack), then every way the two layouts'
    suits fall from what is left, each layout backed by `backs` on what he has seen."""
    per_suit = len(PACK) // len(Suit)
    shown, bets, wins, at_all = 5 * (deal - 1), Fraction(0), Fraction(0), Fraction(0)
    for counts in product(range(per_suit + 1), repeat=len(Suit)):
        if sum(counts) != shown:
            continue
        weight = Fraction(prod(comb(per_suit, n) for n in counts), comb(len(PACK), shown))
        for suits in product(range(len(Suit)), repeat=4):
            left, chance = [per_suit - n for n in counts], weight
            for suit in suits:
                chance *= Fraction(left[suit], sum(left))
                left[suit] -= 1
            if not chance:
                continue
            backed = [
                (backs(covered, sum(left)), Fraction(covered, sum(left)))
                for covered in (left[a] + left[b] * (a != b) for a, b in (suits[:2], suits[2:]))
            ]
            bets += chance * sum(bet for bet, _ in backed)
            wins += chance * sum(win for bet, win in backed if bet)
            at_all += chance * any(bet for bet, _ in backed)
    assert counter()[deal - 1] == CountedDeal(bets, wins, at_all)


@pytest.mark.parametrize(
    ("seen", "layout", "why"),
    [
        ("", "7S 7S", "7S: seen twice"),  # one card twice on a layout
        ("7S", "7S 4C", "7S: seen twice"),  # a card both seen and on the layout
        ("8S", "", "8S: not in the 40-card pack"),
        (" ".join(str(card) for card in monte_pack()[:26]), "", "no deal of this shuffle"),
    ],
)
def test_an_impossible_position_is_refused(seen, layout, why):  # PM-3, PM-5, PM-8
    with pytest.raises(InvalidInput, match=why):
        check_position(cards(seen), cards(layout))
    check_position(monte_pack()[:25])  # the sixth deal is still to come

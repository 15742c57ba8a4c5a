"""Private Monte Bank's exact odds against brute force, and the simulated counter against
the exact rule it follows (PM-5, PM-6, PM-8)."""

import random
from fractions import Fraction
from itertools import permutations, product
from math import comb, prod

import numpy as np
import pytest

from croupier.cards import Suit, monte_pack
from croupier.errors import InvalidInput
from croupier.games.private_monte import MOST_DEALS, row_wins
from croupier.odds.private_monte import (
    cards,
    first_deal,
    layout_odds,
    next_layout_odds,
    outcomes,
    report,
    should_bet,
    simulate,
)

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


def test_the_simulated_counter_follows_the_exact_rule():  # PM-3, PM-5, PM-7
    """On real shuffled packs, dealt by hand here (each deal: two from the bottom, two from
    the top, the gate from the bottom), the vectorised counter bets exactly when
    `should_bet` says so, and wins exactly when `row_wins` does."""
    rng = random.Random(5)
    packs = [rng.sample(PACK, len(PACK)) for _ in range(150)]
    suits = np.array([[list(Suit).index(c.suit) for c in pack] for pack in packs], dtype=np.int8)
    bet, won = outcomes(suits)
    for p, pack in enumerate(packs):
        seen = []
        for k in range(MOST_DEALS):
            top = [pack[-1 - 3 * k], pack[-2 - 3 * k]]
            bottom = [pack[2 * k], pack[2 * k + 1]]
            gate = pack[-3 - 3 * k]
            seen += top + bottom
            for r, layout in enumerate((top, bottom)):
                assert bet[p, k, r] == should_bet(layout, seen)
                assert won[p, k, r] == row_wins(layout, gate)
            seen.append(gate)


def test_the_simulation_is_seeded_and_agrees_with_the_exact_figures():  # PM-8
    simulation = simulate(40_000, seed=3)
    assert simulation == simulate(40_000, seed=3)
    exact = float(first_deal().edge)
    for deal in simulation.flat:
        assert abs(deal.edge - exact) < 2 * deal.margin  # 99.99% intervals
    first, *later = simulation.counter
    assert first.bets == 0  # after four cards no layout is better than even
    assert all(deal.edge > 0 for deal in later)  # counting pays from the second deal on
    json = report(simulation)
    assert json["first_deal"] == {"win": "102/247", "edge": exact}
    assert [d["deal"] for d in json["counter"]["by_deal"]] == list(range(1, 7))
    assert json["counter"]["by_deal"][0]["edge_per_bet"] is None
    assert 0 < json["counter"]["share_of_deals_bet"] < 1

"""Polish Banchek's exact odds against brute force (BN-1, BN-6, BN-8, BN-9). The simulated
banks are tested with their kernel, in tests/sim/test_banchek_kernel.py."""

import random
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest

from croupier.cards import Card, Suit
from croupier.errors import InvalidInput
from croupier.games.banchek.rules import HAND, beats, cards, rank_order, two_packs
from croupier.odds.banchek import (
    CARD_TYPES,
    bold_triples,
    cover_table,
    favourable_share,
    hand_odds,
    period,
    random_hand,
    report,
)

PACK = two_packs()


def unknown_after(*known):
    """The physical cards of the two packs left once these are taken out."""
    left = list(PACK)
    for card in known:
        left.remove(card)
    return left


def brute_win(unknown) -> Fraction:
    """Every hand of three physical cards from `unknown` and every card turned from the rest,
    each as likely: the share in which the hand beats the card (BN-6)."""
    n = len(unknown)
    one = np.array([[beats((a,), b) for b in unknown] for a in unknown])
    hands = np.array(list(combinations(range(n), HAND)))
    covers = one[hands[:, 0]] | one[hands[:, 1]] | one[hands[:, 2]]
    beaten = covers.sum(axis=1) - HAND  # a card beats itself: the hand's own are not turned
    return Fraction(int(beaten.sum()), len(hands) * (n - HAND))


def test_the_example_of_the_rules():  # BN-6
    hand = cards("7D KC 5D")
    for card in CARD_TYPES:
        order = rank_order(card)
        expected = (card.suit is Suit.CLUBS and order <= rank_order(Card.from_str("KC"))) or (
            card.suit is Suit.DIAMONDS and order <= rank_order(Card.from_str("7D"))
        )
        assert beats(hand, card) == expected, card
    # 12 clubs (2 to K) and 6 diamonds (2 to 7), two of each, less the hand's own three
    odds = hand_odds(hand)
    assert odds.win == Fraction(2 * 12 + 2 * 6 - 3, 101) == Fraction(33, 101)
    assert odds.edge == 2 * odds.win - 1  # paid 1 to 1


def test_a_hand_by_scanning_every_unknown_card():  # BN-6
    rng = random.Random(4)
    for size in (0, 1, 10, 60, 100):
        shuffled = rng.sample(PACK, len(PACK))
        hand, gone = shuffled[:HAND], shuffled[HAND : HAND + size]
        unknown = unknown_after(*hand, *gone)
        expected = Fraction(sum(beats(hand, card) for card in unknown), len(unknown))
        assert hand_odds(hand, gone).win == expected, size
    # both aces of spades in the hand, neither left to turn: every spade, and 2♥ alone
    assert hand_odds(cards("AS AS 2H")).win == Fraction(2 * (13 + 1) - 3, 101)
    # every spade less A♠, both 2♠ and a K♠, and the other 2♥
    assert hand_odds(cards("AS 2S 2H"), cards("KS 2S")).win == Fraction(26 - 4 + 1, 99)


def test_a_random_hand_from_a_fresh_pack_by_brute_force():  # BN-1, BN-6
    assert random_hand().win == brute_win(PACK) == Fraction(56879, 176851)
    assert random_hand().edge == 2 * random_hand().win - 1


def test_a_random_hand_given_the_cards_gone_by_brute_force():  # BN-6
    rng = random.Random(9)
    for left in (4, 5, 9, 14, 40):
        gone = rng.sample(PACK, len(PACK) - left)
        assert random_hand(gone).win == brute_win(unknown_after(*gone)), left
    # every club gone, twice: no hand can beat a club, and none is turned
    clubs = [card for card in PACK if card.suit is Suit.CLUBS]
    assert random_hand(clubs).win == brute_win(unknown_after(*clubs))


def test_the_share_of_hands_better_than_even_by_brute_force():  # BN-6
    n = len(PACK)
    one = np.array([[beats((a,), b) for b in PACK] for a in PACK])
    hands = np.array(list(combinations(range(n), HAND)))
    beaten = (one[hands[:, 0]] | one[hands[:, 1]] | one[hands[:, 2]]).sum(axis=1) - HAND
    expected = Fraction(int((2 * beaten > n - HAND).sum()), comb(n, HAND))
    assert favourable_share() == expected == Fraction(140, 1751)


def test_bad_input_is_refused():
    with pytest.raises(InvalidInput, match="a hand is 3 cards, not 2: '7D KC'"):
        hand_odds(cards("7D KC"))
    with pytest.raises(InvalidInput, match="7D: given more than twice"):
        hand_odds(cards("7D KC 5D"), cards("7D 7D"))
    with pytest.raises(InvalidInput, match="AS: given more than twice"):
        random_hand(cards("AS AS AS"))
    with pytest.raises(InvalidInput, match="no card left to turn"):
        hand_odds(PACK[:3], PACK[3:])
    with pytest.raises(InvalidInput, match="only 3 cards are left"):
        random_hand(PACK[3:])


def test_the_cover_table_is_the_rule():  # BN-6
    """Every cell of the table the kernel deals with is `beats` for one card, and a hand of
    three beats a card exactly when one of its rows does."""
    table = cover_table()
    assert table.shape == (len(CARD_TYPES), len(CARD_TYPES)) and table.dtype == np.uint8
    for c, card in enumerate(CARD_TYPES):
        for t, turned in enumerate(CARD_TYPES):
            assert table[c, t] == beats((card,), turned), (card, turned)
    rng = random.Random(3)
    for _ in range(500):
        hand, turned = rng.sample(PACK, HAND), rng.choice(PACK)
        rows = [CARD_TYPES.index(card) for card in hand]
        assert bool(table[rows, CARD_TYPES.index(turned)].any()) == beats(hand, turned)


def test_the_deal_comes_round():  # BN-8, BN-9
    """Taking a round's cards off the top and putting them under, hand by hand and then the
    turned cards, brings the pack back to its shuffled order after `period` rounds."""
    for punters in (1, 2, 3, 9, 13, 26):
        per_round = (HAND + 1) * punters
        order = [i for s in range(punters) for i in range(s, HAND * punters, punters)]
        order += list(range(HAND * punters, per_round))
        pack = list(range(len(PACK)))
        for done in range(1, period(punters) + 1):
            pack = pack[per_round:] + [pack[i] for i in order]
            assert (pack == list(range(len(PACK)))) == (done == period(punters)), punters


def test_report():
    assert report() == {
        "random_hand": {
            "win": {"value": 56879 / 176851, "fraction": "56879/176851"},
            "banker_edge": {"value": 63093 / 176851, "fraction": "63093/176851"},
        },
        "hands_favourable": {"value": 140 / 1751, "fraction": "140/1751"},
    }


def test_the_bold_bank_triples_when_both_its_hands_lose():  # BN-5, BN-10
    """`bold_triples` against a count of its own: the two turned cards t1, t2, then the
    first hand from the cards that miss t1 and the second from those left that miss t2."""
    one = cover_table().astype(bool)
    total = 0
    for t1, t2 in ((a, b) for a in range(52) for b in range(52)):
        left = np.full(52, 2)
        left[t1] -= 1
        left[t2] -= 1
        ways = 2 * (2 if t1 != t2 else 1)
        c1, c2 = one[:, t1], one[:, t2]
        neither = int(left[~c1 & ~c2].sum())
        only_2 = int(left[~c1 & c2].sum())  # may be in the first hand, not in the second
        only_1 = int(left[c1 & ~c2].sum())
        total += ways * sum(
            comb(only_2, j) * comb(neither, HAND - j) * comb(only_1 + neither - (HAND - j), HAND)
            for j in range(HAND + 1)
        )
    assert bold_triples() == Fraction(total, 104 * 103 * comb(102, HAND) * comb(99, HAND))

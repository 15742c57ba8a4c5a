"""Polish Banchek's exact odds against brute force, and the simulated banks against a plain
loop that deals them card by card (BN-1, BN-4 .. BN-10)."""

import math
import random
from collections import deque
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest

from croupier.cards import Card, Suit
from croupier.errors import InvalidInput
from croupier.games.banchek.rules import HAND, TRIPLED, beats, cards, rank_order, two_packs
from croupier.odds.banchek import (
    CARD_TYPES,
    Policy,
    favourable_share,
    hand_odds,
    outcomes,
    period,
    prospects,
    random_hand,
    report,
    shuffles,
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
    with pytest.raises(InvalidInput, match="punters=27 is not valid: 1 to 26"):
        prospects(27, "flat")
    with pytest.raises(InvalidInput, match="policy='bold' is not valid"):
        prospects(4, "bold")
    with pytest.raises(InvalidInput, match="minimum=5, bank=4"):
        prospects(4, "flat", bank=4)
    with pytest.raises(InvalidInput, match="banks=1 is not valid"):
        prospects(4, "flat", banks=1)
    with pytest.raises(InvalidInput, match="seed=-1 is not valid"):
        prospects(4, "flat", seed=-1)
    packs = shuffles(3, seed=1)
    packs[2, 0] = packs[2, 1]
    with pytest.raises(InvalidInput, match="pack 2 is not two of each card"):
        outcomes(packs, 4, "flat")


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


def play_bank(pack, punters, policy, bank=100, minimum=5):
    """One bank by the rules, card by card: the outcome ("tripled", "broke" or "endless"),
    the rounds dealt and the hands played."""
    pack = deque(pack)
    money, rounds, hands, drawn = bank, 0, 0, 0
    seen: list[list[Card]] = [
        [] for _ in range(punters)
    ]  # the chance punter's count, in the first pass
    states = set()
    while True:
        if drawn >= len(PACK):  # every decision now hangs on the cards and the bank alone
            state = (tuple(pack), money)
            if state in states:
                return "endless", None, None
            states.add(state)
        rounds += 1
        dealt: list[list[Card]] = [[] for _ in range(punters)]
        for _ in range(HAND):  # one at a time (BN-4)
            for seat in range(punters):
                dealt[seat].append(pack.popleft())
                if drawn < len(PACK):
                    seen[seat].append(dealt[seat][-1])
                drawn += 1
        turned = []
        for seat, hand in enumerate(dealt):  # from the banker's left (BN-5, BN-7)
            if policy == "flat":
                stake = min(minimum, money)
            elif policy == "bank":
                stake = money
            else:
                if drawn < len(PACK):
                    others = list(seen[seat])
                    for card in hand:
                        others.remove(card)
                    odds = hand_odds(hand, others)
                else:
                    odds = hand_odds(hand)
                more = math.floor(odds.edge * money) if odds.win > Fraction(1, 2) else 0
                stake = min(minimum + more, money)
            card = pack.popleft()
            if drawn < len(PACK):
                for count in seen:
                    count.append(card)
            drawn += 1
            turned.append(card)
            money += -stake if beats(hand, card) else stake  # BN-6
            hands += 1
            if money <= 0 or money >= TRIPLED * bank:  # BN-10
                return ("tripled" if money > 0 else "broke"), rounds, hands
        pack.extend([card for hand in dealt for card in hand] + turned)  # BN-9


@pytest.mark.parametrize(
    ("punters", "policy", "banks"),
    [(1, "flat", 60), (2, "flat", 30), (4, "flat", 20), (1, "chance", 40), (9, "chance", 12),
     (3, "chance", 20), (3, "bank", 50)],
)  # fmt: skip
def test_the_simulation_deals_as_the_rules_do(punters, policy, banks):  # BN-4 .. BN-10
    packs = shuffles(banks, seed=punters)
    ended = outcomes(packs, punters, policy)
    for b, row in enumerate(packs):
        outcome, rounds, hands = play_bank([CARD_TYPES[i] for i in row], punters, policy)
        assert outcome == ("tripled" if ended.tripled[b] else "endless" if ended.endless[b]
                           else "broke"), b  # fmt: skip
        if outcome != "endless":
            assert (ended.rounds[b], ended.hands[b]) == (rounds, hands), b


def stacked(*text):
    """A pack with these cards on top, the rest below in a fixed order."""
    top = cards(" ".join(text))
    return [CARD_TYPES.index(card) for card in (*top, *unknown_after(*top))]


def test_a_stacked_pack():  # BN-4, BN-6, BN-10
    # one punter stakes the whole bank: 7♦ K♣ 5♦ loses to 2♠ (the bank doubles), then to 8♦
    # (it holds four times what was put up: tripled) or beats 3♣ (it is broken)
    ended = outcomes([stacked("7D KC 5D 2S 7D KC 5D 8D"), stacked("7D KC 5D 2S 7D KC 5D 3C")],
                     punters=1, policy="bank")  # fmt: skip
    assert list(ended.tripled) == [True, False]
    assert list(ended.hands) == [2, 2] and list(ended.rounds) == [2, 2]
    # two punters: dealt one card at a time, 7♦ 2♠ K♣ 3♠ 5♦ 4♠ gives the first 7♦ K♣ 5♦; the
    # first card turned, 5♦, is his, and the second, A♠, beats the second punter's spades
    ended = outcomes([stacked("7D 2S KC 3S 5D 4S 5D AS")], punters=2, policy="bank")
    assert ended.hands[0] == 1 and not ended.tripled[0]  # broken at once
    ended = outcomes([stacked("7D 2S KC 3S 5D 4S 6H AS")], punters=2, policy="bank")
    assert ended.hands[0] == 2 and ended.tripled[0] and ended.rounds[0] == 1


def bold_triples() -> Fraction:
    """The chance that the first two hands both lose: the two hands and two turned cards are
    eight different cards of the shuffle, whatever the number of punters."""
    one = np.array([[beats((a,), b) for b in CARD_TYPES] for a in CARD_TYPES])
    total = 0
    for t1, t2 in ((a, b) for a in range(52) for b in range(52)):
        left = np.full(52, 2)
        left[t1] -= 1
        left[t2] -= 1
        ways = 2 * (2 if t1 != t2 else 1)
        c1, c2 = one[:, t1], one[:, t2]
        n = int(left.sum())
        neither = int(left[~c1 & ~c2].sum())
        only_2 = int(left[~c1 & c2].sum())  # may be in the first hand, not in the second
        only_1 = int(left[c1 & ~c2].sum())
        total += ways * sum(
            comb(only_2, j) * comb(neither, HAND - j) * comb(only_1 + neither - (HAND - j), HAND)
            for j in range(HAND + 1)
        )
        assert n == 102
    return Fraction(total, 104 * 103 * comb(102, HAND) * comb(99, HAND))


def test_the_bold_punter():  # BN-5, BN-10
    """Staking the whole bank, the first hand breaks it or doubles it, and the second breaks
    it or takes it past three times: every bank ends by the second hand, in the first round
    when there are two punters or more; it triples when both hands lose."""
    exact = bold_triples()
    for punters in (1, 2, 8):
        p = prospects(punters, Policy.BANK, banks=20_000, seed=2)
        ended = outcomes(shuffles(20_000, seed=2), punters, "bank")
        assert set(ended.hands) == {1, 2}
        assert not ended.tripled[ended.hands == 1].any()
        assert p.rounds == pytest.approx(1 + (punters == 1) * float(np.mean(ended.hands == 2)))
        low, high = p.triple_interval
        width = high - low
        assert low - width / 2 < exact < high + width / 2  # a 99.99% interval
        # broken on the first hand: the punter's chance
        first = float(np.mean(ended.hands == 1))
        assert abs(first - float(random_hand().win)) < 4 * math.sqrt(0.25 / 20_000)


def test_seeded_and_the_same_with_another_seed():  # BN-10
    one = prospects(2, "flat", banks=4_000, seed=1)
    assert one == prospects(2, "flat", banks=4_000, seed=1)
    two = prospects(2, "flat", banks=4_000, seed=2)
    assert one != two
    (a, b), (c, d) = one.triple_interval, two.triple_interval
    assert a < d and c < b  # the intervals meet
    assert abs(one.rounds - two.rounds) < one.rounds_margin + two.rounds_margin


def test_flat_punters():  # BN-5, BN-10
    """Stakes of 5 move a bank of 100 by 5: it cannot break in fewer than 20 hands nor triple
    in fewer than 40; against four punters at the house's edge it all but always triples."""
    ended = outcomes(shuffles(3_000, seed=5), 4, "flat")
    assert ended.hands.min() >= 20
    assert ended.hands[ended.tripled].min() >= 40
    assert not ended.endless.any()
    # a tripled bank took 40 stakes more than it paid, a broken one paid 20 more than it took
    lost = ended.hands - ended.won
    assert ((lost - ended.won)[ended.tripled] == 40).all()
    assert ((ended.won - lost)[~ended.tripled] == 20).all()
    p = prospects(4, "flat", banks=3_000, seed=5)
    assert p.triple > 0.99
    assert (p.hands_won, p.hands_played) == (ended.won.sum(), ended.hands.sum())


def test_endless_banks():  # BN-8, BN-10
    """With one punter the pack comes round unchanged every 26 rounds: a flat bank whose 26
    hands leave it as it was never ends, and counting punters hold many banks so."""
    flat = prospects(1, "flat", banks=4_000, seed=3)
    assert 0 < flat.endless < flat.banks
    assert flat.tripled + flat.endless + flat.broke == flat.banks
    assert prospects(1, "chance", banks=2_000, seed=3).endless > flat.endless / 2


def test_report():
    data = report()
    assert data == {
        "game": "banchek",
        "win": "56879/176851",
        "edge_flat": float(Fraction(2 * 56879, 176851) - 1),
        "hands_favourable": 140 / 1751,
    }
    p = prospects(4, "chance", banks=200)
    data = report([p])
    assert data["prospects"] == [p.as_json()]
    assert data["prospects"][0]["policy"] == "chance"
    low, high = data["prospects"][0]["triple_95"]
    assert low <= data["prospects"][0]["triple"] <= high

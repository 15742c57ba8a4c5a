"""The shuffle is uniform, strong by default, and reproducible with a seed (RULES C-5)."""

import itertools
import random
import secrets
from collections import Counter

from croupier.cards import Card, full_pack
from croupier.randomness import RandomShuffler, RecordedShuffler, stream

PACK = tuple(Card.from_str(t) for t in ("AS", "2S", "3S", "4S"))
ORDERS = list(itertools.permutations(PACK))
SAMPLES = 24_000
# The 0.999 quantile of the chi-square distribution with 23 degrees of freedom (24 orders
# less one), from the standard tables: a uniform shuffle exceeds it one time in a thousand.
CHI_SQUARE_23_AT_999 = 49.728


def chi_square(shuffle) -> float:
    counts = Counter(shuffle(PACK) for _ in range(SAMPLES))
    expected = SAMPLES / len(ORDERS)
    return sum((counts[order] - expected) ** 2 / expected for order in ORDERS)


def naive_shuffle(rng):
    """The classic mistake: swap each card with any card, not one at or after it."""

    def shuffle(cards):
        order = list(cards)
        for i in range(len(order)):
            j = rng.randrange(len(order))
            order[i], order[j] = order[j], order[i]
        return tuple(order)

    return shuffle


def test_seeded_shuffle_is_uniform():  # C-5
    shuffler = RandomShuffler(random.Random(2026))
    assert chi_square(shuffler.shuffle) < CHI_SQUARE_23_AT_999


def test_the_uniformity_test_catches_a_biased_shuffle():  # C-5
    assert chi_square(naive_shuffle(random.Random(2026))) > 10 * CHI_SQUARE_23_AT_999


def test_default_source_is_cryptographically_strong():  # C-5
    assert isinstance(stream(None, "shoe"), secrets.SystemRandom)
    assert isinstance(RandomShuffler.seeded(None)._rng, secrets.SystemRandom)


def test_a_seed_reproduces_every_shuffle_and_streams_are_independent():  # C-5
    one, two = RandomShuffler.seeded(7), RandomShuffler.seeded(7)
    pack = full_pack()
    assert [one.shuffle(pack) for _ in range(3)] == [two.shuffle(pack) for _ in range(3)]
    assert RandomShuffler.seeded(8).shuffle(pack) != RandomShuffler.seeded(7).shuffle(pack)
    assert stream(7, "shoe").random() != stream(7, "bot/1").random()


def test_seeded_order_is_pinned():  # C-5: a change of generator would replay other sessions
    order = RandomShuffler.seeded(7).shuffle(full_pack())
    assert " ".join(map(str, order[:8])) == "7D 3D TH 6D 4S 9H JD JS"


def test_recorded_shuffles_replay_in_order():
    orders = [PACK[::-1], PACK]
    recorded = RecordedShuffler(orders)
    assert recorded.shuffle(PACK) == PACK[::-1]
    assert recorded.shuffle(PACK) == PACK

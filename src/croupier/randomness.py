"""Where croupier's randomness comes from (RULES C-5).

By default every shuffle and every bot's coin comes from the operating
system's cryptographically strong source (`secrets.SystemRandom`). With a
seed, each *stream* (the shoe, each bot) gets its own `random.Random`
seeded from the seed and the stream's name, so a seeded session replays card
for card and a bot's choices do not disturb the shuffles.

`random.Random` seeded with a string is Python's documented, stable seeding
(version 2: the string's SHA-512 digest); the Fisher-Yates shuffle on top of
it is pinned by a golden test, so a change of Python that altered it would
be caught, not silently replay a different session.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Iterator, Sequence
from typing import Protocol, TypeVar

from croupier.cards import Card

__all__ = ["RandomShuffler", "RecordedShuffler", "Shuffler", "stream"]

T = TypeVar("T")


def stream(seed: int | None, name: str) -> random.Random:
    """A random stream: `SystemRandom` without a seed, else reproducible from (seed, name)."""
    if seed is None:
        return secrets.SystemRandom()
    return random.Random(f"croupier/{seed}/{name}")


class Shuffler(Protocol):
    """Gives the order of a freshly shuffled pack or shoe, top first."""

    def shuffle(self, cards: Sequence[Card]) -> tuple[Card, ...]: ...


class RandomShuffler:
    """A uniform Fisher-Yates shuffle from a random stream (C-5)."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    @classmethod
    def seeded(cls, seed: int | None) -> RandomShuffler:
        """Cryptographically strong without a seed; reproducible with one."""
        return cls(stream(seed, "shoe"))

    def shuffle(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        order = list(cards)
        self._rng.shuffle(order)
        return tuple(order)


class RecordedShuffler:
    """Gives back orders recorded from an earlier session, for replay."""

    def __init__(self, orders: Iterable[Sequence[Card]]) -> None:
        self._orders: Iterator[Sequence[Card]] = iter(orders)

    def shuffle(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        try:
            order = tuple(next(self._orders))
        except StopIteration:
            raise ValueError("the recorded session has no more shuffles") from None
        if sorted(order, key=_key) != sorted(cards, key=_key):
            raise ValueError("a recorded shuffle is not an order of the cards to shuffle")
        return order


def _key(card: Card) -> int:
    return card.index

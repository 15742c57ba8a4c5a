"""The simulator's random numbers: xoshiro256** in four 64-bit words, inline in the kernels.

numpy's generators are sound but cost a call into Python-level objects for each number;
the kernels draw some five numbers a coup, so they carry the generator's state in a small
array and step it themselves. xoshiro256** (Blackman and Vigna) passes BigCrush and
PractRand; each chunk of work starts from its own state, spawned by numpy's `SeedSequence`
from the run's seed, so chunks are independent and the same seed gives the same totals
however the chunks are spread over workers.

`shuffle_prefix` shuffles a pack as far as it will be dealt, four cards to each 64 random
bits, by Lemire's nearly divisionless bounded integers with their rejection step, so every
order is exactly as likely.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.sim.jit import njit

__all__ = ["MOST_CARDS", "next_u64", "seeded", "shuffle_prefix", "uniform"]

MOST_CARDS = 0xFFFF
"""The most cards `shuffle_prefix` shuffles: it places each from 16 random bits."""

_U16 = np.uint64(0xFFFF)


@njit
def _rotl(x: Any, k: int) -> Any:
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@njit
def next_u64(s: Any) -> Any:
    """The next 64 random bits; `s` (four uint64 words) steps on."""
    result = _rotl(s[1] * np.uint64(5), 7) * np.uint64(9)
    t = s[1] << np.uint64(17)
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= t
    s[3] = _rotl(s[3], 45)
    return result


@njit
def _place(cards: Any, k: int, word: Any, state: Any) -> None:
    """Swap into place `k` a uniform card of those from it on, from 16 random bits: Lemire's
    multiply-and-shift, with its rejection step (rarely taken), so exactly uniform."""
    bound = np.uint64(len(cards) - k)
    m = word * bound
    if (m & _U16) < bound:
        threshold = (np.uint64(1 << 16) - bound) % bound
        while (m & _U16) < threshold:
            m = (next_u64(state) >> np.uint64(48)) * bound
    j = k + int(m >> np.uint64(16))
    cards[k], cards[j] = cards[j], cards[k]


@njit
def shuffle_prefix(state: Any, cards: Any, stop: int) -> None:
    """Shuffle `cards` (at most `MOST_CARDS`) as far as place `stop`: the first `stop` places
    hold a uniformly random sequence of the cards, as a Fisher-Yates shuffle stopped there.
    Each 64 random bits place four cards."""
    k = 0
    while k + 3 < stop:
        bits = next_u64(state)
        _place(cards, k, bits >> np.uint64(48), state)
        _place(cards, k + 1, (bits >> np.uint64(32)) & _U16, state)
        _place(cards, k + 2, (bits >> np.uint64(16)) & _U16, state)
        _place(cards, k + 3, bits & _U16, state)
        k += 4
    while k < stop:
        _place(cards, k, next_u64(state) >> np.uint64(48), state)
        k += 1


@njit
def uniform(s: Any) -> float:
    """A uniform float in [0, 1), from the top 53 bits."""
    return float(next_u64(s) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


def seeded(seed: np.random.SeedSequence) -> npt.NDArray[np.uint64]:
    """A generator state from a `SeedSequence` (never all zeros)."""
    state: npt.NDArray[np.uint64] = seed.generate_state(4, np.uint64).astype(np.uint64)
    if not state.any():
        state[0] = np.uint64(1)
    return state

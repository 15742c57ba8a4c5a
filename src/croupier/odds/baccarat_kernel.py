"""The enumeration of one baccarat coup, written once for two kinds of number.

`count_coups` walks every way the six cards of a coup can fall from a shoe
given as counts of the ten point values, and adds up, for punto, banco and
a tie, the number of ordered six-card sequences that lead there. Called with
Python integers it is exact (the calculator turns the counts into
`Fraction`s); compiled by numba and called with floats it is the fast path.
So it stays in the subset of Python that numba compiles: one function, plain
loops, no helpers.

How it is fast: punto's two cards are taken as unordered pairs of values
(55), then banco's (55); what remains after them is known, so the cards
banco may draw last are counted in cyclic ranges of values with prefix sums
(a banco total wins, ties or loses against punto's on a run of values),
corrected for the cards already out. No loop runs over the sixth card.
"""

from __future__ import annotations

from typing import Any

__all__ = ["BEST", "DRAW", "STAND", "count_coups"]

DRAW = 0  # punto draws on 5
STAND = 1  # punto stands on 5
BEST = 2  # on 5, whichever gives punto the better expectation for its two cards


def count_coups(
    counts: Any, draws: Any, strategy: int, out: Any, drew: Any, pre: Any, acc: Any
) -> None:
    """Add to `out` [punto, banco, tie] the ordered six-card sequences behind each result.

    `counts`: remaining cards by value (0 = tens and pictures, 1..9 = ace..nine);
    `draws[10 * b + c]`: 1 when banco on `b` draws against punto's third card worth
    `c` (PB-12); `strategy`: DRAW, STAND or BEST on 5; `drew[10 * i + j]` is set to 1
    for the two-card values i <= j making 5 on which punto draws. `pre` (21 numbers)
    and `acc` (6) are scratch space, of the same kind of number as `counts`.
    """
    zero = counts[0] * 0
    n = zero
    for v in range(10):
        n += counts[v]
    m = n - 4  # cards left once four are dealt
    r = counts.copy()
    pre[0] = zero  # pre: prefix sums; acc: [punto, banco, tie] if punto draws, then if it stands
    for i in range(10):
        if r[i] <= 0:
            continue
        wi = r[i]
        r[i] -= 1
        for j in range(i, 10):
            if r[j] <= 0:
                continue
            wj = r[j]
            r[j] -= 1
            p = (i + j) % 10
            # Punto draws on 0-4, stands on 6-9 (8-9 are naturals); on 5, by the strategy.
            draw_branch = p <= 4 or (p == 5 and strategy != STAND)
            stand_branch = p >= 6 or (p == 5 and strategy != DRAW)
            for x in range(6):
                acc[x] = zero
            # what is left after punto's pair, summed round the ten values twice
            for x in range(20):
                pre[x + 1] = pre[x] + r[x % 10]
            for k in range(10):
                if r[k] <= 0:
                    continue
                wk = r[k]
                r[k] -= 1
                for h in range(k, 10):
                    if r[h] <= 0:
                        continue
                    wl = r[h]
                    w = wk * wl if k == h else 2 * wk * wl
                    r[h] -= 1
                    b = (k + h) % 10
                    if p >= 8 or b >= 8:  # a natural: compare at once (PB-13a, PB-13b)
                        x = w * m * (m - 1)
                        o = 0 if p > b else (1 if b > p else 2)
                        if draw_branch:
                            acc[o] += x
                        if stand_branch:
                            acc[3 + o] += x
                    else:
                        if stand_branch:  # punto stays on p: banco draws on 0-5 (PB-13c, e)
                            if b <= 5:
                                # banco's card d beats p on the run of 9 - p values from
                                # (p + 1 - b) % 10, and ties on d = (p - b) % 10; the sums
                                # were taken before banco's pair, so k and h come off
                                lo = (p + 1 - b) % 10
                                span = 9 - p
                                win = pre[lo + span] - pre[lo]
                                win -= (1 if (k - lo) % 10 < span else 0) + (
                                    1 if (h - lo) % 10 < span else 0
                                )
                                tie = r[(p - b) % 10]
                                x = w * (m - 1)
                                acc[3] += x * (m - win - tie)
                                acc[4] += x * win
                                acc[5] += x * tie
                            else:
                                o = 0 if p > b else (1 if b > p else 2)
                                acc[3 + o] += w * m * (m - 1)
                        if draw_branch:  # punto draws c; banco follows the table (PB-12)
                            for c in range(10):
                                if r[c] <= 0:
                                    continue
                                wc = r[c]
                                q = (p + c) % 10
                                if draws[10 * b + c]:
                                    lo = (q + 1 - b) % 10
                                    span = 9 - q
                                    win = pre[lo + span] - pre[lo]
                                    win -= (
                                        (1 if (k - lo) % 10 < span else 0)
                                        + (1 if (h - lo) % 10 < span else 0)
                                        + (1 if (c - lo) % 10 < span else 0)
                                    )
                                    tie_at = (q - b) % 10
                                    tie = r[tie_at] - (1 if tie_at == c else 0)
                                    x = w * wc
                                    acc[0] += x * (m - 1 - win - tie)
                                    acc[1] += x * win
                                    acc[2] += x * tie
                                else:
                                    o = 0 if q > b else (1 if b > q else 2)
                                    acc[o] += w * wc * (m - 1)
                    r[h] += 1
                r[k] += 1
            stands = not draw_branch or (stand_branch and acc[3] - acc[4] > acc[0] - acc[1])
            if p == 5 and not stands:
                drew[10 * i + j] = 1
            base = 3 if stands else 0
            wp = wi * wj if i == j else 2 * wi * wj
            for x in range(3):
                out[x] += wp * acc[base + x]
            r[j] += 1
        r[i] += 1

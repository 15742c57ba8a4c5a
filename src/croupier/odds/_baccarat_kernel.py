"""The enumeration of one baccarat coup, written once for two kinds of number.

`count_coups` walks every way the six cards of a coup can fall from a shoe
given as counts of the ten point values, and adds up, for punto, banco and
a tie, the number of ordered six-card sequences that lead there. Called with
Python integers it is exact (the calculator turns the counts into
`Fraction`s); compiled by numba and called with floats it is the fast path.
So it stays in the subset of Python that numba compiles: one function, plain
loops, no helpers. The rules it plays are the coup's own tables, passed in:
`PUNTO_RULE` and `BANCO_TABLE` of `croupier.games.baccarat`.

How it is fast: punto's two cards are taken as unordered pairs of values
(55), then banco's (55). For each punto pair, prefix sums count, for every
banco total b and punto total q, the cards that would take banco past q
(a run of values, round the ten); the cards dealt since are taken off one
by one. So no loop runs over the sixth card, and no branch is walked twice.
"""

from __future__ import annotations

from typing import Any

from croupier.games.baccarat import COLUMNS, DRAWING_TOTALS, STOOD, PuntoRule

__all__ = ["BEST", "DRAW", "STAND", "count_coups"]

DRAW = 0  # punto draws on 5
STAND = 1  # punto stands on 5
BEST = 2  # on 5, whichever gives punto the better expectation for its two cards

_DRAW, _CHOOSE = int(PuntoRule.DRAW), int(PuntoRule.CHOOSE)
_STAND, _NATURAL = int(PuntoRule.STAND), int(PuntoRule.NATURAL)


def count_coups(
    counts: Any,
    rule: Any,
    banco: Any,
    strategy: int,
    out: Any,
    drew: Any,
    pre: Any,
    acc: Any,
    beats: Any,
) -> None:
    """Add to `out` [punto, banco, tie] the ordered six-card sequences behind each result.

    `counts`: remaining cards by value (0 = tens and pictures, 1..9 = ace..nine);
    `rule`: `PUNTO_RULE` as integers (PB-13); `banco`: `BANCO_TABLE`, banco's draws by
    `COLUMNS * b + c` (PB-12, PB-13c); `strategy`: DRAW, STAND or BEST on 5;
    `drew[10 * i + j]` is set to 1 for the two-card values i <= j making 5 on which punto
    draws. `pre` (21 numbers),
    `acc` (6) and `beats` (80) are scratch space, of the same kind of number as `counts`.
    """
    zero = counts[0] * 0
    n = zero
    for v in range(10):
        n += counts[v]
    m = n - 4  # cards left once four are dealt
    r = counts.copy()
    pre[0] = zero  # acc: [punto, banco, tie] if punto draws on its pair, then if it stands
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
            chooses = rule[p] == _CHOOSE
            draw_branch = rule[p] == _DRAW or (chooses and strategy != STAND)
            stand_branch = (
                rule[p] == _STAND or rule[p] == _NATURAL or (chooses and strategy != DRAW)
            )
            for x in range(6):
                acc[x] = zero
            # beats[10 * b + q]: the cards left after punto's pair that bring banco from b
            # to more than q, counted with prefix sums round the ten values twice
            for x in range(20):
                pre[x + 1] = pre[x] + r[x % 10]
            for b in range(DRAWING_TOTALS):
                for q in range(10):
                    lo = (q + 1 - b) % 10
                    beats[10 * b + q] = pre[lo + 9 - q] - pre[lo]
            for k in range(10):
                if r[k] <= 0:
                    continue
                wk = r[k]
                r[k] -= 1
                for h in range(k, 10):
                    if r[h] <= 0:
                        continue
                    wh = r[h]
                    w = wk * wh if k == h else 2 * wk * wh
                    r[h] -= 1
                    b = k + h
                    if b >= 10:
                        b -= 10
                    if rule[p] == _NATURAL or rule[b] == _NATURAL:  # at once (PB-13a, PB-13b)
                        x = w * m * (m - 1)
                        o = 0 if p > b else (1 if b > p else 2)
                        if draw_branch:
                            acc[o] += x
                        if stand_branch:
                            acc[3 + o] += x
                        r[h] += 1
                        continue
                    # banco's own two cards, had they stayed in the shoe, would bring it to:
                    tk = b + k - 10 if b + k >= 10 else b + k
                    th = b + h - 10 if b + h >= 10 else b + h
                    if stand_branch:  # punto stays on p: banco draws on 0-5 (PB-13c, PB-13e)
                        if banco[COLUMNS * b + STOOD]:
                            win = beats[10 * b + p] - (1 if tk > p else 0) - (1 if th > p else 0)
                            tie = r[p - b if p >= b else p - b + 10]
                            x = w * (m - 1)
                            acc[3] += x * (m - win - tie)
                            acc[4] += x * win
                            acc[5] += x * tie
                        else:
                            o = 0 if p > b else (1 if b > p else 2)
                            acc[3 + o] += w * m * (m - 1)
                    if draw_branch:  # punto draws c; banco follows the table (PB-12)
                        row = 10 * b
                        for c in range(10):
                            wc = r[c]
                            if wc <= 0:
                                continue
                            q = p + c - 10 if p + c >= 10 else p + c
                            if banco[COLUMNS * b + c]:
                                tc = b + c - 10 if b + c >= 10 else b + c
                                win = (
                                    beats[row + q]
                                    - (1 if tk > q else 0)
                                    - (1 if th > q else 0)
                                    - (1 if tc > q else 0)
                                )
                                tie = r[q - b if q >= b else q - b + 10] - (1 if tc == q else 0)
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
            if chooses and not stands:
                drew[10 * i + j] = 1
            base = 3 if stands else 0
            wp = wi * wj if i == j else 2 * wi * wj
            for x in range(3):
                out[x] += wp * acc[base + x]
            r[j] += 1
        r[i] += 1

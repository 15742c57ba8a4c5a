"""The coup's two choices valued from what the chooser knows (PB-13e, CF-11, CF-12, CF-13):
held equal, exhaustively, to the game's own coup (`croupier.games.baccarat.coup`) dealt
from every order of small shoes, and to Punto Banco's own best play on 5."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest

from croupier.cards import read_cards
from croupier.games.baccarat import BANCO_TABLE, COLUMNS, PUNTO_RULE, STOOD, PuntoRule, coup
from croupier.games.punto_banco.rules import Decision
from croupier.odds.baccarat_choices import Chances, banker_choice, banker_table, punto_on_five
from croupier.odds.punto_banco import punto_decision
from croupier.solve.chemin_de_fer import solve

SHOES = [
    (5, 0, 4, 0, 0, 0, 2, 1, 0, 3, 0, 5),  # values, as a list of cards
    (0, 0, 1, 4, 5, 7, 2, 3, 9, 6),
    (5, 0, 0, 1, 4, 3, 2, 6, 8, 7),
]
"""Small shoes, by the value of each card: every order of them is dealt below."""


def _orders(shoe):
    return itertools.permutations(shoe, 6)  # the six cards a coup can take, in order


def _tally(found):
    whole = sum(found)
    return Chances(*(Fraction(n, whole) for n in found))


def _natural(total):
    return PUNTO_RULE[total] is PuntoRule.NATURAL


@pytest.mark.parametrize("shoe", SHOES)
@pytest.mark.parametrize("banco_natural", [True, False], ids=["PB-13e", "CF-11"])
def test_punto_on_five_is_the_coup_dealt_from_every_order(shoe, banco_natural):
    """PB-13e, CF-12: conditioned on punto's two cards (5) and, at Chemin de Fer, on the
    banker having no natural (CF-11), the chances of each play are those of every order of
    the shoe dealt through the game's coup."""
    pairs = {(a, b) for a, b in itertools.permutations(shoe, 2) if (a + b) % 10 == 5}
    for a, b in sorted(pairs):
        found = {play: [0, 0, 0] for play in (False, True)}
        for order in _orders(shoe):
            if (order[0], order[2]) != (a, b):
                continue
            if not banco_natural and _natural((order[1] + order[3]) % 10):
                continue
            for play in (False, True):
                found[play][coup(order, 0, PUNTO_RULE, play, BANCO_TABLE)[0]] += 1
        unseen = Counter(shoe)
        unseen[a] -= 1
        unseen[b] -= 1
        stand, draw = punto_on_five(
            [unseen[v] for v in range(10)], BANCO_TABLE, banco_natural=banco_natural
        )
        assert (stand, draw) == (_tally(found[False]), _tally(found[True]))


@pytest.mark.parametrize("shoe", SHOES)
@pytest.mark.parametrize("draws_on_five", [0, 1])
def test_banker_choice_is_the_coup_dealt_from_every_order(shoe, draws_on_five):
    """CF-13: conditioned on the banker's two cards and the punter's third card (or his
    standing), neither hand natural (CF-11), the punter playing 5 purely, the chances of
    the banker's standing and drawing are those of every order dealt through the coup."""
    cells: dict[tuple[int, int, int | None], dict[bool, list[int]]] = {}
    for order in _orders(shoe):
        p, b = (order[0] + order[2]) % 10, (order[1] + order[3]) % 10
        if _natural(p) or _natural(b):
            continue
        rule = PUNTO_RULE[p]
        drew = rule is PuntoRule.DRAW or (rule is PuntoRule.CHOOSE and draws_on_five)
        column = order[4] if drew else None
        key = (order[1], order[3], column)
        found = cells.setdefault(key, {False: [0, 0, 0], True: [0, 0, 0]})
        for banker_draws in (False, True):
            table = list(BANCO_TABLE)
            table[COLUMNS * b + (STOOD if column is None else column)] = int(banker_draws)
            found[banker_draws][coup(order, 0, PUNTO_RULE, bool(drew), table)[0]] += 1
    assert len(cells) > 10
    for (k, h, column), found in cells.items():
        unseen = Counter(shoe)
        for card in (k, h, *([column] if column is not None else [])):
            unseen[card] -= 1
        stand, draw = banker_choice(
            [unseen[v] for v in range(10)], (k + h) % 10, column, Fraction(draws_on_five)
        )
        assert (stand, draw) == (_tally(found[False]), _tally(found[True]))


def test_punto_on_five_agrees_with_punto_banco_s_best_play():
    """PB-13e: the better of the two plays is the one `punto_decision` (the enumeration's
    best play for the cards) names, shoe after shoe."""
    rng = random.Random(3)
    hands = [read_cards(text) for text in ("5S TH", "2S 3H", "AS 4D", "6S 9H", "7C 8D")]
    for _ in range(20):
        remaining = [rng.randint(1, 12) for _ in range(10)]
        stand, draw = punto_on_five(remaining, BANCO_TABLE, banco_natural=True)
        better = Decision.DRAW if draw.edge > stand.edge else Decision.STAND
        for first, second in hands:
            assert punto_decision(remaining, (first, second)) is better


def test_banker_table_places_each_cell_of_a_solution():
    """CF-13: a solution's strategy by total and column lands in `BANCO_TABLE`'s cells."""
    solution = solve(6)
    table = banker_table(solution.banker)
    for (total, column), draws in solution.banker.items():
        assert table[COLUMNS * total + (STOOD if column is None else column)] == draws

"""Every cell of the coup, played through both engines on stacked shoes, against the one
definition, `croupier.games.baccarat.coup` (PB-12, PB-13, PB-14, CF-11, CF-12, CF-13).

A cell is punto's two-card total, banco's, punto's third card and the choice on 5; each
cell is dealt with two third cards for banco (varied from cell to cell, every value
used), and each engine coup is compared, result and cards taken, with what the one coup
says. The kernels compile that very function, and the exact
odds read the same tables (`tests/odds`), so every layer plays one coup.
"""

from dataclasses import replace
from itertools import product

import pytest

from croupier.cards import Card
from croupier.engine import Event
from croupier.games.baccarat import (
    BANCO_TABLE,
    BANCO_WINS,
    COLUMNS,
    DRAWING_TOTALS,
    PUNTO_RULE,
    PUNTO_WINS,
    STOOD,
    TIE,
    coup,
    points,
    value,
)
from croupier.games.chemin_de_fer import Banco, BankerPlay, DrawCard, Stand, Winner
from croupier.games.chemin_de_fer import Phase as CfPhase
from croupier.games.chemin_de_fer import Rules as CfRules
from croupier.games.chemin_de_fer.events import CoupResult as CfResult
from croupier.games.punto_banco import Bet, Choose, Decision, Phase, Rules, Tableau, TurnCards
from croupier.games.punto_banco.events import CoupResult
from croupier.shoe import Shoe
from tests.games.chemin_de_fer import stack as cf
from tests.games.punto_banco import stack as pb

RANKS = "KA23456789"  # a card of each value 0..9
SUITS = "SHDC"
TOTALS = range(10)
VALUES = range(10)


def cells():
    """Every (punto's total, banco's total, punto's third card), with banco's third."""
    for p, b, c5 in product(TOTALS, TOTALS, VALUES):
        for shift in (0, 5):
            yield p, b, c5, (p + 3 * b + 7 * c5 + shift) % 10


def cards(values: tuple[int, ...]) -> tuple[Card, ...]:
    """Cards of these point values, suits varied."""
    return tuple(Card.from_str(RANKS[v] + SUITS[k % 4]) for k, v in enumerate(values))


def six(p: int, b: int, c5: int, c6: int) -> tuple[int, ...]:
    """The six values a coup may take: punto's two making `p`, banco's making `b`, P, B, P, B,
    then the two thirds (`p` and `b` split unevenly, so both cards count)."""
    return ((p + 3) % 10, (b + 6) % 10, 7, 4, c5, c6)


PB_RESULT = {Bet.PUNTO: PUNTO_WINS, Bet.BANCO: BANCO_WINS, Bet.EGALITE: TIE}
CF_RESULT = {Winner.PUNTERS: PUNTO_WINS, Winner.BANKER: BANCO_WINS, Winner.TIE: TIE}


def punto_banco_coup(betting, values: tuple[int, ...], decision: Decision) -> tuple[int, int]:
    """The engine's coup from a shoe holding `values` on top: its result and cards taken."""
    shoe = Shoe(cards(values) + cards((0,) * 6))
    state = replace(betting, shoe=shoe)
    events: list[Event] = []
    state = pb.close(state, events)
    while state.phase in (Phase.TURN, Phase.CHOOSE):
        action = TurnCards() if state.phase is Phase.TURN else Choose(decision)
        state = pb.act(state, 0, action, events)
    (result,) = [e.winner for e in events if isinstance(e, CoupResult)]
    return PB_RESULT[result], len(shoe) - len(state.shoe)


@pytest.mark.parametrize("tableau", list(Tableau))
def test_punto_banco_plays_the_one_coup_in_every_cell(tableau):
    # PB-12, PB-13a-e, PB-14
    betting = pb.bet(pb.table(rules=Rules(tableau=tableau)), {0: [(Bet.PUNTO, 10)]})
    choices = (Decision.DRAW,) if tableau is Tableau.FIXED else (Decision.DRAW, Decision.STAND)
    for p, b, c5, c6 in cells():
        values = six(p, b, c5, c6)
        for decision in choices:
            draws = decision is Decision.DRAW or tableau is Tableau.FIXED  # PB-14: draws on 5
            expected = coup(values, 0, PUNTO_RULE, draws, BANCO_TABLE)
            got = punto_banco_coup(betting, values, decision)
            assert got == (expected[0], expected[2]), (p, b, c5, c6, decision)


def chemin_de_fer_coup(
    calls, values: tuple[int, ...], punter_draws: bool, banker
) -> tuple[int, int]:
    """The engine's coup from a shoe holding `values` on top, the punter drawing on 5 if
    `punter_draws`, the free banker drawing as `banker(cell)` says: result and cards taken."""
    shoe = Shoe(cards(values) + cards((0,) * 6))
    state = replace(calls, shoe=shoe)
    events: list[Event] = []
    state = cf.speak(state, Banco(), events=events)
    while state.phase in (CfPhase.PUNTER, CfPhase.BANKER):
        (seat,) = cf.GAME.to_act(state)
        legal = set(cf.GAME.legal_actions(state, seat))
        if state.phase is CfPhase.PUNTER:
            wanted = DrawCard() if punter_draws else Stand()
        else:
            coup_ = state.coup
            assert coup_ is not None
            third = coup_.punter_cards[2:]
            column = value(third[0]) if third else STOOD
            wanted = (
                DrawCard() if banker(COLUMNS * points(coup_.banker_cards) + column) else Stand()
            )
        action = wanted if wanted in legal else next(iter(legal))  # a forced play
        state = cf.act(state, seat, action, events)
    (result,) = [e.winner for e in events if isinstance(e, CfResult)]
    return CF_RESULT[result], len(shoe) - len(state.shoe)


BANKERS = {
    "draws": (BankerPlay.FREE, (1,) * (COLUMNS * DRAWING_TOTALS)),
    "stands": (BankerPlay.FREE, (0,) * (COLUMNS * DRAWING_TOTALS)),
    "by parity": (BankerPlay.FREE, tuple(cell % 2 for cell in range(COLUMNS * DRAWING_TOTALS))),
    "tableau": (BankerPlay.TABLEAU, BANCO_TABLE),
}


@pytest.mark.parametrize("name", sorted(BANKERS))
def test_chemin_de_fer_plays_the_one_coup_in_every_cell(name):
    # CF-11, CF-12, CF-13 and its tableau variant: the banker's choices, pure, in banco's
    # place; the punter's on 5 both ways.
    play, banker = BANKERS[name]
    calls = cf.table(rules=CfRules(banker_play=play))
    for p, b, c5, c6 in cells():
        values = six(p, b, c5, c6)
        for punter_draws in (True, False):
            expected = coup(values, 0, PUNTO_RULE, punter_draws, banker)
            got = chemin_de_fer_coup(calls, values, punter_draws, banker.__getitem__)
            assert got == (expected[0], expected[2]), (p, b, c5, c6, punter_draws)

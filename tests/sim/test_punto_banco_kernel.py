"""The Punto Banco kernel against the engine, shoe by shoe, and against the exact odds
(PB-3, PB-4, PB-5, PB-12, PB-13, PB-14)."""

import math
import random

import numpy as np
import pytest

from croupier.cards import shoe_of
from croupier.engine import CHANCE, HOUSE, CloseBets, Cut, Event, Shuffle
from croupier.errors import InvalidConfig
from croupier.games.baccarat import value
from croupier.games.punto_banco import (
    Bet,
    Choose,
    Decision,
    Phase,
    PuntoBanco,
    Rules,
    Stake,
    Tableau,
    TableSize,
    TurnCards,
)
from croupier.games.punto_banco.events import CoupResult, ShoeEnded
from croupier.odds.punto_banco import AtFive, exact
from croupier.shoe import Shoe
from croupier.sim.punto_banco import (
    BANCO,
    PUNTO,
    TIE,
    play_shoe,
    shoe_values,
    simulate,
    simulate_shoes,
)
from croupier.sim.rng import seeded, shuffle_prefix
from tests import helpers

GAME = PuntoBanco()
RESULT = {Bet.PUNTO: PUNTO, Bet.BANCO: BANCO, Bet.EGALITE: TIE}


def engine_shoe(order, cut: int, decision: Decision) -> list[int]:
    """Every coup of one shoe through the engine: a punto bettor who turns the cards and
    chooses `decision` on 5."""
    state = GAME.start(Rules(cut_card=cut), {0: 10**7})
    state = helpers.act(GAME, state, CHANCE, Shuffle(tuple(order)))
    (cutter,) = GAME.to_act(state)
    state = helpers.act(GAME, state, cutter, Cut(37))
    results: list[int] = []
    while True:
        assert state.phase is Phase.BETTING
        state = helpers.act(GAME, state, 0, Stake(Bet.PUNTO, 10))
        events: list[Event] = []
        state = helpers.act(GAME, state, HOUSE, CloseBets(), events)
        while state.phase in (Phase.TURN, Phase.CHOOSE):
            action = TurnCards() if state.phase is Phase.TURN else Choose(decision)
            state = helpers.act(GAME, state, 0, action, events)
        results += [RESULT[e.winner] for e in events if isinstance(e, CoupResult)]
        if any(isinstance(e, ShoeEnded) for e in events):
            return results


@pytest.mark.parametrize("seed", range(60))
def test_the_kernel_deals_every_shoe_as_the_engine_does(seed):  # PB-3, PB-4, PB-5, PB-13
    rng = random.Random(seed)
    order = list(shoe_of(8))
    rng.shuffle(order)
    cut = rng.randint(8, 10)
    decision = Decision.DRAW if seed % 2 else Decision.STAND
    dealt = Shoe(tuple(order)).cut(37).cards
    values = [value(card) for card in dealt]
    at_five = AtFive.DRAW if decision is Decision.DRAW else AtFive.STAND
    kernel = play_shoe(values, Rules(cut_card=cut), at_five)
    assert list(kernel) == engine_shoe(order, cut, decision)
    assert len(kernel) > 60


def test_the_kernel_agrees_with_the_exact_odds():  # PB-12, PB-13, PB-14
    hands = 2_000_000
    counts = simulate(seeded(np.random.SeedSequence(5)), hands, Rules()).sum(axis=0)
    assert counts[:3].sum() == hands and counts[3] > hands // 90
    odds = exact(8, at_five=AtFive.DRAW).probability
    for bet, index in RESULT.items():
        p = float(odds[bet])
        assert abs(counts[index] / hands - p) < 4 * math.sqrt(p * (1 - p) / hands), bet


def test_standing_on_five_and_mixing():  # PB-13e
    hands = 1_000_000
    stand = simulate(seeded(np.random.SeedSequence(6)), hands, at_five=AtFive.STAND).sum(axis=0)
    odds = exact(8, at_five=AtFive.STAND).probability
    p = float(odds[Bet.PUNTO])
    assert abs(stand[PUNTO] / hands - p) < 4 * math.sqrt(p * (1 - p) / hands)
    half = simulate(seeded(np.random.SeedSequence(6)), hands, at_five=AtFive.read("1/2"))
    half = half.sum(axis=0)
    assert half[:3].sum() == hands


def test_the_same_state_gives_the_same_counts():
    first = simulate(seeded(np.random.SeedSequence(9)), 100_000)
    again = simulate(seeded(np.random.SeedSequence(9)), 100_000)
    other = simulate(seeded(np.random.SeedSequence(10)), 100_000)
    assert (first == again).all() and not (first == other).all()


@pytest.mark.parametrize("at_five", [AtFive.DRAW, AtFive.STAND])
def test_whole_shoes_are_each_dealt_to_the_cut_card(at_five):  # PB-4, PB-5
    """`simulate_shoes` deals each shoe as `play_shoe` deals the same shuffle, to its end."""
    small = Rules(table=TableSize.SMALL, cut_card=9)
    counts = simulate_shoes(seeded(np.random.SeedSequence(4)), 48, small, at_five).sum(axis=0)
    state, shoe = seeded(np.random.SeedSequence(4)), shoe_values(6)
    expected = np.zeros(4, dtype=np.int64)
    for _ in range(48):  # the kernel shuffles each shoe as far as it can be dealt
        shuffle_prefix(state, shoe, len(shoe) - 9 + 6)
        expected[:3] += np.bincount(play_shoe(shoe, small, at_five), minlength=3)
    expected[3] = 48
    assert (counts == expected).all()
    assert 48 * 55 < counts[:3].sum() < 48 * 65  # about 295 cards a shoe, 4.94 a coup


def test_the_kernels_take_the_games_rules():  # PB-1, PB-3, PB-14
    state = seeded(np.random.SeedSequence(1))
    with pytest.raises(InvalidConfig, match="at the fixed tableau: punto always draws on 5"):
        simulate(state, 10, Rules(tableau=Tableau.FIXED), AtFive.STAND)
    with pytest.raises(InvalidConfig, match="'best' is not valid here"):
        simulate(state, 10, Rules(), AtFive.BEST)
    with pytest.raises(InvalidConfig, match="cut_card = 6 is not valid"):
        simulate(state, 10, Rules(cut_card=6))
    small = simulate_shoes(seeded(np.random.SeedSequence(2)), 20, Rules(table=TableSize.SMALL))
    large = simulate_shoes(seeded(np.random.SeedSequence(2)), 20, Rules())
    assert small[:, :3].sum() < large[:, :3].sum()  # 6 decks deal fewer coups than 8

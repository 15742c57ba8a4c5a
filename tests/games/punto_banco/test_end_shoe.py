"""The croupier's change of shoe between coups (`EndShoe`): no rule of the text names it;
the new shoe is shuffled, cut and burned as any other (PB-3, PB-4), and it ends the shoe
as the cut card does (PB-5)."""

from __future__ import annotations

import pytest

from croupier.engine import CHANCE, HOUSE, EndShoe, Event, Shuffle, Shuffling
from croupier.errors import ForbiddenAction
from croupier.games.punto_banco import Bet, CommissionTiming, Phase, Rules
from croupier.games.punto_banco.events import CommissionCollected, ShoeEnded, ShoeShuffled
from tests.games.punto_banco.stack import GAME, act, bet, close, run_chance, table

PUNTO_WINS = "4S 2D 4D 5C"  # punto 8, banco 7
BANCO_WINS = "4S 2D 3D 6C"  # punto 7, banco 8


def test_the_house_ends_the_shoe_between_coups_and_the_next_coup_shuffles():  # PB-3, PB-5
    state = table(PUNTO_WINS, buy_ins={0: 1000})
    assert EndShoe() in GAME.legal_actions(state, HOUSE)
    events: list[Event] = []
    state = act(state, HOUSE, EndShoe(), events)
    assert [e for e in events if isinstance(e, ShoeEnded)] == [ShoeEnded(1)]
    assert (state.phase, GAME.to_act(state)) == (Phase.SHUFFLE, frozenset({CHANCE}))
    node = GAME.chance(state)
    assert isinstance(node, Shuffling) and len(node.cards) == 416  # a whole new shoe
    shuffled: list[Event] = []
    state = act(state, CHANCE, Shuffle(node.cards), shuffled)
    assert [e.shoe for e in shuffled if isinstance(e, ShoeShuffled)] == [2]
    assert (state.box(0).chips, state.house) == (1000, 0)  # no chip moved


def test_owed_commission_is_taken_when_the_house_ends_the_shoe():  # PB-7 variant
    rules = Rules(commission_timing=CommissionTiming.END_OF_SHOE)
    state = table(BANCO_WINS, buy_ins={0: 100}, rules=rules)
    state = run_chance(close(bet(state, {0: [(Bet.BANCO, 100)]})))
    assert (state.phase, state.box(0).owed) == (Phase.BETTING, 5)
    events: list[Event] = []
    state = act(state, HOUSE, EndShoe(), events)
    assert [(e.box, e.amount) for e in events if isinstance(e, CommissionCollected)] == [(0, 5)]
    assert (state.box(0).chips, state.box(0).owed, state.house) == (195, 0, -95)


def test_the_shoe_is_not_changed_with_stakes_down_or_during_a_coup():
    state = bet(table(PUNTO_WINS, buy_ins={0: 1000}), {0: [(Bet.PUNTO, 10)]})
    assert EndShoe() not in GAME.legal_actions(state, HOUSE)
    with pytest.raises(ForbiddenAction, match="stakes are on the table"):
        GAME.apply(state, HOUSE, EndShoe())
    dealing = close(state)
    assert dealing.phase is Phase.TURN
    with pytest.raises(ForbiddenAction, match="between coups, not now: box 1 is to turn"):
        GAME.apply(dealing, HOUSE, EndShoe())

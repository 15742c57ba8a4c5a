"""The croupier's change of shoe between coups (`EndShoe`): no rule of the text names it;
it ends the shoe as the cut card does, and the next coup begins with a new shoe, shuffled,
cut and burned (C-5, C-6, CF-4)."""

from __future__ import annotations

import pytest

from croupier.engine import CHANCE, HOUSE, EndShoe, Event, Shuffle, Shuffling
from croupier.errors import ForbiddenAction
from croupier.games.chemin_de_fer import Banco, CheminDeFer, KeepBank, Phase, Rules
from croupier.games.chemin_de_fer.events import ShoeEnded, ShoeShuffled
from tests.games.chemin_de_fer.stack import GAME, act, speak, table


def _after_a_coup():
    """The banker wins a coup (2S 4D 3C 5H: punter 6, banker 9) and is to keep the bank."""
    state = speak(table("2S 4D 3C 5H"), Banco())
    assert state.phase is Phase.KEEP
    return state


def test_the_house_ends_the_shoe_between_coups_and_the_next_coup_shuffles():  # CF-4
    state = _after_a_coup()
    assert EndShoe() in GAME.legal_actions(state, HOUSE)
    events: list[Event] = []
    state = act(state, HOUSE, EndShoe(), events)
    assert [e for e in events if isinstance(e, ShoeEnded)] == [ShoeEnded(1)]
    assert state.phase is Phase.KEEP and EndShoe() not in GAME.legal_actions(state, HOUSE)
    with pytest.raises(ForbiddenAction, match="the shoe is over"):
        GAME.apply(state, HOUSE, EndShoe())
    state = act(state, 0, KeepBank())
    assert (state.phase, GAME.to_act(state)) == (Phase.SHUFFLE, frozenset({CHANCE}))
    node = GAME.chance(state)
    assert isinstance(node, Shuffling) and len(node.cards) == 312  # a whole new shoe
    shuffled: list[Event] = []
    state = act(state, CHANCE, Shuffle(node.cards), shuffled)
    assert [e.shoe for e in shuffled if isinstance(e, ShoeShuffled)] == [2]


def test_the_shoe_is_changed_only_between_coups_with_a_shoe_in_play():  # CF-6
    calling = table("2S 4D 3C 5H")
    assert calling.phase is Phase.CALLS
    with pytest.raises(ForbiddenAction, match="before the banco calls"):
        GAME.apply(calling, HOUSE, EndShoe())
    dealing = speak(table("2S 3D 2C 3H 9S"), Banco())  # punter 5: he chooses (CF-12)
    assert dealing.phase is Phase.PUNTER
    with pytest.raises(ForbiddenAction, match="before the banco calls"):
        GAME.apply(dealing, HOUSE, EndShoe())
    auction = CheminDeFer().start(Rules(), {0: 1000, 1: 1000})
    assert auction.phase is Phase.AUCTION
    with pytest.raises(ForbiddenAction, match="no shoe is in play yet"):
        GAME.apply(auction, HOUSE, EndShoe())

"""The table's choices for a seat whose time ran out (croupier.bots.defaults), at every
state of random sessions of every game: `late_action` is `default_action` everywhere but at
a Banchek stake, where the default, leaving the game (BN-11), becomes the smallest stake
when the punter holds it."""

from __future__ import annotations

import pytest

from croupier.bots.defaults import default_action, late_action
from croupier.engine import Amounts, Leave
from croupier.games.banchek import Phase, Stake
from tests.engine.test_shown import SPECS, walked


@pytest.mark.parametrize("name", sorted(SPECS))
def test_a_late_seat_gets_the_plainest_choice_but_keeps_its_banchek_place(name: str):
    spec = SPECS[name]
    game = spec.game
    staked = 0
    for state in walked(spec, 4, rounds=8):
        for seat in (s for s in game.to_act(state) if isinstance(s, int)):
            legal = game.options(state, seat)
            if not legal:
                continue
            late, plainest = late_action(legal), default_action(legal)
            assert late in legal
            stakes = legal.of_type(Stake) if name == "banchek" else ()
            if name == "banchek" and state.phase is Phase.STAKE and stakes:
                assert plainest == Leave()  # passing one's stake is leaving (BN-11)
                (option,) = stakes
                assert isinstance(option, Amounts)
                assert late == Stake(option.low)
                staked += 1
            else:
                assert late == plainest, (state.phase, legal)
    assert staked or name != "banchek"

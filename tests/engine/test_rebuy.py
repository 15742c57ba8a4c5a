"""Rebuying (croupier.engine.rebuy), checked at every state of random sessions of every
game: a seat is offered a rebuy exactly when it may get up (and so never while its stake is
on the table, BN-11, MB-15, nor to a bank, BN-12); taken, it adds the chips to the seat and
nothing else (no stake, bank or turn changes); refused, it changes nothing and says why."""

from __future__ import annotations

from dataclasses import replace

import pytest

from croupier.engine import MAX_BUY_IN, Amounts, Leave, Rebuy
from croupier.engine.events import ChipsAdded
from croupier.errors import IllegalAction, StakeOutOfRange
from tests.engine.test_shown import SPECS, walked


def _seat_chips(name: str, state, seat: int) -> int | None:
    if name == "punto-banco":
        box = state.boxes[seat]
        return None if box is None else int(box.chips)
    chips = state.seats[seat]
    return None if chips is None else int(chips)


@pytest.mark.parametrize("name", sorted(SPECS))
def test_a_seat_brings_chips_exactly_when_it_may_get_up(name: str):
    spec = SPECS[name]
    game = spec.game
    rebought = refused = 0
    for state in walked(spec, 5, rounds=6):
        for seat in range(len(spec.buy_ins) + 1):
            chips = _seat_chips(name, state, seat)
            legal = game.options(state, seat)
            offered = legal.of_type(Rebuy)
            if chips is None or Leave() not in legal:
                assert not offered, (seat, state.phase)
                said = "only at a moment you may get up" if chips is not None else None
                with pytest.raises(IllegalAction, match=said):
                    game.apply(state, seat, Rebuy(10))
                refused += 1
                continue
            assert offered == (Amounts(Rebuy(1), 1, MAX_BUY_IN - chips),)
            with pytest.raises(StakeOutOfRange):
                game.apply(state, seat, Rebuy(MAX_BUY_IN - chips + 1))
            after, events = game.apply(state, seat, Rebuy(25))
            rebought += 1
            assert events == (ChipsAdded(seat, 25, chips + 25),)
            assert _seat_chips(name, after, seat) == chips + 25
            assert game.chips(after).total == game.chips(state).total + 25
            assert game.chips(after).balanced
            assert game.stakes(after) == game.stakes(state)
            assert game.to_act(after) == game.to_act(state)
            assert getattr(after, "bank", None) == getattr(state, "bank", None)
            assert _back(name, after, seat, chips) == state, "a rebuy changes nothing else"
    assert rebought and refused


def _back(name: str, state, seat: int, chips: int):
    """`state` with the seat's chips and the chips paid in as they were before a rebuy."""
    paid_in = state.paid_in - 25
    if name == "punto-banco":
        boxes = list(state.boxes)
        boxes[seat] = replace(boxes[seat], chips=chips)
        return replace(state, boxes=tuple(boxes), paid_in=paid_in)
    seats = list(state.seats)
    seats[seat] = chips
    return replace(state, seats=tuple(seats), paid_in=paid_in)


def test_the_banchek_banker_brings_nothing_to_his_bank():
    spec = SPECS["banchek"]
    game = spec.game
    banked = 0
    for state in walked(spec, 2, rounds=4):
        if state.banker is not None:
            banked += 1
            assert not game.options(state, state.banker).of_type(Rebuy)  # BN-12
            with pytest.raises(IllegalAction):
                game.apply(state, state.banker, Rebuy(10))
    assert banked

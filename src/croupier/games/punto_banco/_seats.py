"""Walking round the table: boxes in order to the left, and who holds the shoe.

Box 0 is the first to the left of the senior croupier; "to the left" is
the next higher number, round the table (PB-8).
"""

from __future__ import annotations

from collections.abc import Iterator

from croupier.games.punto_banco._state import State

__all__ = ["cutter", "holder", "walk_left"]


def walk_left(state: State, start: int) -> Iterator[int]:
    """The occupied boxes from `start` (included) round to the left, each once."""
    count = len(state.boxes)
    for step in range(count):
        box = (start + step) % count
        if state.boxes[box] is not None:
            yield box


def holder(state: State) -> int | None:
    """The box the shoe is offered to now: the first from `shoe_box` that has not passed it."""
    return next((box for box in walk_left(state, state.shoe_box) if box not in state.passed), None)


def cutter(state: State) -> int | None:
    """The punter who cuts a new shoe (PB-3, reading): the box the shoe is offered to."""
    return next(walk_left(state, state.shoe_box), None)

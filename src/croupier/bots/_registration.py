"""What each game's bots module declares once, as its `BOTS`, so that `croupier.bots.roster`
finds the game's bots by the game's name."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from croupier.table import Controller

__all__ = ["GameBots"]


@dataclass(frozen=True, slots=True)
class GameBots:
    """The bots of the game called `game`: its `roster` (each bot's name and policy, in the
    order they take seats) and `seat`, the controller that plays a policy from a stream."""

    game: str
    roster: Sequence[tuple[str, Any]]
    seat: Callable[[random.Random, Any], Controller]

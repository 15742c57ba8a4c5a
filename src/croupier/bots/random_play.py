"""A bot that takes any legal action at random: for tests and for stress."""

from __future__ import annotations

import random
from typing import cast

from croupier.engine.actions import Action, Amounts, Option
from croupier.engine.game import View
from croupier.errors import IllegalAction

__all__ = ["RandomBot", "pick"]


def pick(rng: random.Random, option: Option) -> Action:
    """One action of an option; amounts lean to the low end of their range, as real stakes do."""
    if not isinstance(option, Amounts):
        return option
    span = option.most - option.low
    reach = min(span, rng.choice((0, 1, 10, 100, span)))
    return cast(Action, option.at(option.low + rng.randint(0, reach)))


class RandomBot:
    """Chooses uniformly among its legal options."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: View) -> Action | None:
        options = list(view.legal)
        if not options:
            return None
        return pick(self.rng, self.rng.choice(options))

    def refused(self, error: IllegalAction) -> None:
        raise AssertionError(f"a legal option was refused: {error}")

"""What the research environments of one game share, made once: `Adapter.of(name, ...)`.

The PettingZoo environments and the OpenSpiel session games both take a game's rule set,
its seats and their buy-in, number the seats' actions alike (`croupier.rl.actions`) and
encode a seat's view alike (`croupier.rl.encoding`; the caps of each game's variable
tuples are in its shape, `croupier.rl.shapes`, and the view's `legal`, its `last`
settlement and the rule set are left out). Both are built from the game's first view when
an adapter is first asked for, so no step reads a type.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from croupier import games
from croupier.engine import Game, Legal
from croupier.engine.shown import Shown
from croupier.errors import InvalidConfig
from croupier.rl.actions import STAKE_GRID, Numbering
from croupier.rl.encoding import Encoder
from croupier.rl.shapes import GAMES

__all__ = ["Adapter", "LegalNow"]


@dataclass(frozen=True)
class Adapter:
    """One game at a table of `buy_ins` (seat to chips), its rule set `config`, with its
    action numbering and view encoder."""

    game: Game[Any, Any, Any]
    config: Any
    buy_ins: dict[int, int]
    numbering: Numbering
    encoder: Encoder
    first: Any
    """The state a session starts from, before any shuffle (for a first view)."""

    @classmethod
    def of(
        cls,
        name: str,
        seats: int | None = None,
        buy_in: int = 1000,
        grid: Sequence[float] = STAKE_GRID,
        **rules: Any,
    ) -> Adapter:
        """The adapter of the game called `name` (made once for the same arguments)."""
        for what, given in (("seats", seats), ("buy_in", buy_in)):
            if given is not None and (type(given) is not int or given < 1):
                raise InvalidConfig(f"{what}={given!r} is not valid: a whole number, 1 or more")
        return _adapter(
            name, seats or GAMES[name].seats, buy_in, tuple(grid), tuple(sorted(rules.items()))
        )


class LegalNow:
    """The seats' legal actions in one state, each found once: asked again of the same
    state (an environment asks at its step, its mask and its action), it is not worked out
    again; a new state starts afresh."""

    __slots__ = ("game", "known", "state")

    def __init__(self, game: Game[Any, Any, Any]) -> None:
        self.game, self.state = game, None
        self.known: dict[int, Legal] = {}

    def __call__(self, state: Any, seat: int) -> Legal:
        if state is not self.state:
            self.state, self.known = state, {}
        if seat not in self.known:
            self.known[seat] = self.game.legal_actions(state, seat)
        return self.known[seat]

    def __deepcopy__(self, memo: dict[int, Any]) -> LegalNow:
        """A copy of a session starts its own (OpenSpiel clones states)."""
        return LegalNow(self.game)


@functools.lru_cache(maxsize=64)
def _adapter(
    name: str, seats: int, buy_in: int, grid: tuple[float, ...], rules: tuple[tuple[str, Any], ...]
) -> Adapter:
    game = games.get(name)
    config = game.config(**dict(rules))
    buy_ins = dict.fromkeys(range(seats), buy_in)
    first = game.start(config, buy_ins)
    view = game.view(first, 0)
    shape = GAMES[name]
    places = len(getattr(view, shape.places))
    skip = (Legal, Shown, *type(config).__mro__[:-1])
    encoder = Encoder.of(type(view), shape.caps(view), places, skip)
    return Adapter(game, config, buy_ins, Numbering.of(game, places, grid), encoder, first)

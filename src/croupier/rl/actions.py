"""The seats' actions as small integers: one numbering for the PettingZoo environments and
the OpenSpiel session games (`Numbering.of(game, places, grid)`), and no framework needed.

For each of the game's action types the seats take (not `Join` and `Rebuy`, whose chips
come from outside the game, not `SitOut` and `SitIn`, a person's coming and going at a
server, and not the house's `CloseBets`, `EndSession` and `EndShoe`), one block
per *key*, and a block is `len(grid)` indices wide when the type has amounts, else one.
The key is the value of its fields that are not amounts, when they are all enums
(`Stake(Bet.PUNTO, ...)`); else it is the option's place among the legal options of its
type (Monte's bets, named by the layout's cards in the engine's order; `OfferTurn` by
box). Index `g` of an amount block is the stake `low + round(grid[g] * (most - low))` of
the legal range; an exact option (no amount) is the block's first index. An index is
legal when its action is among the legal actions.

Everything read from the action types (their fields, which are amounts, which enums) is
read once, when a numbering is first made for a game, table size and grid; a step only
looks values up.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import itertools
import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from croupier.engine import Action, Amounts, Game, Join, Legal, Rebuy
from croupier.engine.actions import CloseBets, EndSession, EndShoe, SitIn, SitOut

__all__ = ["STAKE_GRID", "Numbering", "Slot"]

STAKE_GRID = (0.0, 0.25, 0.5, 0.75, 1.0)
"""The default stakes of an amount block: fractions of the legal range, low to most."""

_NOT_AGENTS = (Join, Rebuy, SitOut, SitIn, CloseBets, EndSession, EndShoe)
"""The actions no agent takes: bringing chips from outside the game, sitting out (an agent
out of the game is never asked to act again), and the house's."""

_MOST_BY_PLACE: dict[str, Callable[[int], int]] = {
    # Monte Bank's bets name the layout's places: 4 spots and up to 2 added cards (MB-17).
    "CrossBet": lambda places: 6 * 5,
    "CircleBet": lambda places: 4,
    "DoublerBet": lambda places: 4 * 2,
    "MonteCarloBet": lambda places: 4 * 2 * 3,
    "OfferTurn": lambda places: places,
}
"""How many options of a type told apart by place there may be, at a table of `places`."""


@dataclass(frozen=True, slots=True)
class Slot:
    """One action index: the type, its key (enum values, or a place among the options of
    its type) and, for an amount, the grid point."""

    kind: type[Action]
    key: tuple[Any, ...] | int
    grid: int | None

    def __str__(self) -> str:
        key = self.key if isinstance(self.key, int) else ",".join(str(k) for k in self.key)
        grid = "" if self.grid is None else f"@{self.grid}"
        return f"{self.kind.__name__}({key}){grid}"


@dataclass(frozen=True, slots=True)
class _Kind:
    """What the numbering needs of one action type, read once."""

    amounts: bool
    enums: tuple[str, ...] | None
    """The names of its enum fields, or None when it has a field neither enum nor amount."""

    def key(self, template: Action, exact: bool) -> tuple[Any, ...] | None:
        """The enum values that tell its options apart, or None when they are told apart
        by their place (no enum key, or an exact option of a type with amounts)."""
        if self.enums is None or (self.amounts and exact):
            return None
        return tuple(getattr(template, name) for name in self.enums)


_KINDS: dict[type[Action], _Kind] = {}


def _kind(kind: type[Action]) -> _Kind:
    """What the numbering needs of `kind` (read from its type hints the first time)."""
    if kind not in _KINDS:
        _KINDS[kind] = _read(kind)
    return _KINDS[kind]


def _read(kind: type[Action]) -> _Kind:
    hints = typing.get_type_hints(kind)
    amounts = any(hint is int for hint in hints.values())
    enums: list[str] | None = []
    for field in dataclasses.fields(kind):
        hint = hints[field.name]
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            enums.append(field.name)  # type: ignore[union-attr]
        elif hint is not int:
            enums = None
            break
    return _Kind(amounts, None if enums is None else tuple(enums))


@dataclass(frozen=True)
class Numbering:
    """The action indices of one game at a table of `places`, stakes on `grid`."""

    slots: tuple[Slot, ...]
    grid: tuple[float, ...]
    _first: dict[tuple[type[Action], tuple[Any, ...] | int], int]
    """Each block's first index."""
    _kinds: frozenset[type[Action]]
    """The types the seats take."""

    @classmethod
    def of(
        cls, game: Game[Any, Any, Any], places: int, grid: Sequence[float] = STAKE_GRID
    ) -> Numbering:
        """The numbering of `game` (made once for each game, table size and grid)."""
        return _numbering(game, places, tuple(grid))

    def __len__(self) -> int:
        return len(self.slots)

    def legal(self, legal: Legal) -> list[int]:
        """The indices legal among `legal`, in order of the options."""
        found: list[int] = []
        for option, first in self._blocks(legal):
            if isinstance(option, Amounts):
                found.extend(range(first, first + len(self.grid)))
            else:
                found.append(first)
        return found

    def acts(self, legal: Legal) -> bool:
        """Whether any index is legal among `legal`."""
        return next(iter(self._blocks(legal)), None) is not None

    def action(self, legal: Legal, index: int) -> Action | None:
        """The action of `index` among `legal`, or None if it is not legal."""
        for option, first in self._blocks(legal):
            if isinstance(option, Amounts):
                if first <= index < first + len(self.grid):
                    share = self.grid[index - first]
                    amount = option.low + round(share * (option.most - option.low))
                    return typing.cast(Action, option.at(amount))
            elif index == first:
                return typing.cast(Action, option)
        return None

    def _blocks(self, legal: Legal) -> typing.Iterator[tuple[Any, int]]:
        """Each option of a seat's type among `legal`, and its block's first index."""
        places: dict[type[Action], int] = {}
        first, kinds = self._first, self._kinds
        for option in legal:
            exact = not isinstance(option, Amounts)
            template: Action = option.template if isinstance(option, Amounts) else option
            kind = type(template)
            if kind not in kinds:
                continue
            key: tuple[Any, ...] | int | None = _kind(kind).key(template, exact)
            if key is None:
                key = places.get(kind, 0)
                places[kind] = key + 1
            yield option, first[kind, key]


@functools.cache
def _numbering(game: Game[Any, Any, Any], places: int, grid: tuple[float, ...]) -> Numbering:
    if not grid or not all(0.0 <= g <= 1.0 for g in grid):
        raise ValueError("the stake grid is fractions of the legal range, from 0 to 1")
    slots: list[Slot] = []
    first: dict[tuple[type[Action], tuple[Any, ...] | int], int] = {}
    for kind in game.actions:
        if issubclass(kind, _NOT_AGENTS):
            continue
        about = _kind(kind)
        keys: list[tuple[Any, ...] | int]
        if about.enums is None or (about.enums == () and kind.__name__ in _MOST_BY_PLACE):
            keys = list(range(_MOST_BY_PLACE[kind.__name__](places)))
        else:
            keys = list(itertools.product(*(_enum_of(kind, name) for name in about.enums)))
        points: list[int | None] = list(range(len(grid))) if about.amounts else [None]
        for key in keys:
            first[kind, key] = len(slots)
            slots += [Slot(kind, key, g) for g in points]
    return Numbering(tuple(slots), grid, first, frozenset(kind for kind, _ in first))


def _enum_of(kind: type[Action], name: str) -> list[Any]:
    return list(typing.get_type_hints(kind)[name])

"""A seat's view as a fixed-size vector of numbers, built from the view dataclass's fields.

`Encoder.of(view_type, caps, places, skip)` reads the type hints of the view's fields once
and lays them out one after another, each field a fixed block, recursively:

- `int`, `bool`: one number (chips are whole chips, not scaled).
- an enum: one-hot over its members.
- a `Card`: two numbers, its rank (1 to 13, in croupier's order) and suit (1 to 4).
- `X | None`: a flag (1 when there is a value) and then `X` (zeros for None). A hidden
  card is a `Card | None` that is None: its flag 0 says "unknown".
- a union of several types: one-hot over them, then a block for each.
- a dataclass: its fields in order, those of a `skip` type (or `skip | None`) left out.
- `tuple[X, Y]`: the blocks of X and Y.
- `tuple[X, ...]`: `caps[path]` slots, each a flag (1 when filled) and then `X`; items
  past the cap are left out. With `caps[path] == COUNTS` (cards only) it is 52 numbers
  instead, how many of each card (by `Card.index`) the tuple holds.
- `Mapping[E, X]` (E an enum): for each member of E, a flag (1 when present) and `X`.
- `frozenset[X]`: one flag per possible member: `places` seat numbers for `int`, the
  members of an enum.

A path names a field as `ViewClass.field`, an item of a variable tuple or a mapping's
value with `[]` after it, and the i-th element of a fixed tuple with `.i`:
`BanchekView.shown[].1` is the cards of a hand shown. `Encoder.layout` lists every
block's path, offset and width; the blocks of a variable tuple's items or a mapping's
values are those of the first slot, each further slot lying one slot's width on.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.cards import Card

__all__ = ["COUNTS", "Block", "Encoder", "Write"]

COUNTS = -1
"""A cap that encodes a tuple of cards as how many of each of the 52 cards it holds."""

_CARDS = 52

Write = Callable[[Any, list[float]], None]


@dataclass(frozen=True, slots=True)
class Block:
    """Where one field lies in the vector."""

    path: str
    offset: int
    width: int


@dataclass(frozen=True)
class Encoder:
    """Encodes values of one view type into `size` numbers (float32)."""

    size: int
    layout: tuple[Block, ...]
    _write: Write

    @classmethod
    def of(
        cls,
        view_type: type[Any],
        caps: Mapping[str, int],
        places: int,
        skip: Sequence[type[Any]] = (),
    ) -> Encoder:
        """The encoder of `view_type`; a `TypeError` for a field it cannot lay out, and a
        `KeyError` for a variable tuple without a cap."""
        builder = _Builder(caps, places, tuple(skip))
        write, width = builder.dataclass(view_type, view_type.__name__)
        return cls(width, tuple(builder.blocks), write)

    def encode(self, view: Any) -> npt.NDArray[np.float32]:
        out: list[float] = []
        self._write(view, out)
        assert len(out) == self.size
        return np.asarray(out, dtype=np.float32)


class _Builder:
    def __init__(self, caps: Mapping[str, int], places: int, skip: tuple[type[Any], ...]):
        self.caps, self.places, self.skip = caps, places, skip
        self.blocks: list[Block] = []
        self.offset = 0

    def hint(self, hint: Any, path: str) -> tuple[Write, int]:
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if hint is int or hint is bool:
            return self.leaf(path, 1, lambda value, out: out.append(float(value)))
        if hint is Card:
            return self.leaf(path, 2, _card)
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return self.leaf(path, len(hint), _one_hot(tuple(hint)))
        if origin in (typing.Union, types.UnionType):
            return self.union(args, path)
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return self.sequence(args[0], path)
            return self.fixed(args, path)
        if origin is frozenset:
            return self.members(args[0], path)
        if origin in (Mapping, dict):
            return self.mapping(args[0], args[1], path)
        if dataclasses.is_dataclass(hint) and isinstance(hint, type):
            return self.dataclass(hint, path)
        raise TypeError(f"{path}: no encoding for {hint!r}")

    def leaf(self, path: str, width: int, write: Write) -> tuple[Write, int]:
        self.blocks.append(Block(path, self.offset, width))
        self.offset += width
        return write, width

    def dataclass(self, kind: type[Any], path: str) -> tuple[Write, int]:
        hints = typing.get_type_hints(kind)
        parts: list[tuple[str, Write]] = []
        total = 0
        for field in dataclasses.fields(kind):
            hint = hints[field.name]
            if self.skipped(hint):
                continue
            write, width = self.hint(hint, f"{path}.{field.name}")
            parts.append((field.name, write))
            total += width

        def write_fields(value: Any, out: list[float]) -> None:
            for name, part in parts:
                part(getattr(value, name), out)

        return write_fields, total

    def skipped(self, hint: Any) -> bool:
        """Whether a field of type `hint` is left out: a `skip` type, or one or None."""
        if typing.get_origin(hint) in (typing.Union, types.UnionType):
            kinds = [arg for arg in typing.get_args(hint) if arg is not type(None)]
            return len(kinds) == 1 and self.skipped(kinds[0])
        return isinstance(hint, type) and issubclass(hint, self.skip)

    def union(self, args: tuple[Any, ...], path: str) -> tuple[Write, int]:
        kinds = [arg for arg in args if arg is not type(None)]
        if len(kinds) < len(args) and len(kinds) == 1:
            self.leaf(path + "?", 1, _noop)
            inner, width = self.hint(kinds[0], path)

            absent = (0.0,) * (width + 1)

            def optional(value: Any, out: list[float]) -> None:
                if value is None:
                    out.extend(absent)
                else:
                    out.append(1.0)
                    inner(value, out)

            return optional, width + 1
        if len(kinds) < len(args):
            kinds.append(type(None))
        self.leaf(path + "|", len(kinds), _noop)
        alternatives = [
            (kind, *self.hint(kind, f"{path}|{kind.__name__}"))
            for kind in kinds
            if kind is not type(None)
        ]
        width = len(kinds) + sum(w for _, _, w in alternatives)

        def one_of(value: Any, out: list[float]) -> None:
            out.extend(1.0 if _is(value, kind) else 0.0 for kind in kinds)
            for kind, part, w in alternatives:
                if _is(value, kind):
                    part(value, out)
                else:
                    out.extend([0.0] * w)

        return one_of, width

    def fixed(self, args: tuple[Any, ...], path: str) -> tuple[Write, int]:
        parts = [self.hint(arg, f"{path}.{i}") for i, arg in enumerate(args)]

        def each(value: Any, out: list[float]) -> None:
            for item, (part, _) in zip(value, parts, strict=True):
                part(item, out)

        return each, sum(width for _, width in parts)

    def sequence(self, item: Any, path: str) -> tuple[Write, int]:
        cap = self.caps[path]
        if cap == COUNTS:
            if item is not Card:
                raise TypeError(f"{path}: only cards are counted")
            return self.leaf(path, _CARDS, _counts)
        self.leaf(path + "#", cap, _noop)
        part, width = self.hint(item, path + "[]")
        self.offset += width * (cap - 1)

        flags = [(1.0,) * filled + (0.0,) * (cap - filled) for filled in range(cap + 1)]
        blanks = [(0.0,) * (width * (cap - filled)) for filled in range(cap + 1)]

        def slots(value: Any, out: list[float]) -> None:
            items = tuple(value)[:cap]
            out.extend(flags[len(items)])
            for entry in items:
                part(entry, out)
            out.extend(blanks[len(items)])

        return slots, cap * (width + 1)

    def members(self, item: Any, path: str) -> tuple[Write, int]:
        universe: list[Any] = []
        kinds = typing.get_args(item) if typing.get_origin(item) is not None else (item,)
        for kind in kinds:
            if kind is int:
                universe += range(self.places)
            elif isinstance(kind, type) and issubclass(kind, enum.Enum):
                universe += list(kind)
            else:
                raise TypeError(f"{path}: no encoding for a set of {kind!r}")
        return self.leaf(path, len(universe), _mask(tuple(universe)))

    def mapping(self, key: Any, value: Any, path: str) -> tuple[Write, int]:
        if not (isinstance(key, type) and issubclass(key, enum.Enum)):
            raise TypeError(f"{path}: mappings are encoded by enum keys, not {key!r}")
        keys = tuple(key)
        self.leaf(path + "#", len(keys), _noop)
        part, width = self.hint(value, path + "[]")
        self.offset += width * (len(keys) - 1)

        def by_key(mapped: Any, out: list[float]) -> None:
            out.extend(1.0 if k in mapped else 0.0 for k in keys)
            for k in keys:
                if k in mapped:
                    part(mapped[k], out)
                else:
                    out.extend([0.0] * width)

        return by_key, len(keys) * (width + 1)


def _noop(value: Any, out: list[float]) -> None:
    """The flags of a block are written by the block's own writer; this only marks them."""


def _is(value: Any, kind: Any) -> bool:
    return value is None if kind is type(None) else isinstance(value, kind)


def _card(card: Card, out: list[float]) -> None:
    out.extend((float(card.index // 4 + 1), float(card.index % 4 + 1)))


def _counts(cards: Sequence[Card], out: list[float]) -> None:
    counts = [0.0] * _CARDS
    for card in cards:
        counts[card.index] += 1
    out.extend(counts)


def _one_hot(members: tuple[Any, ...]) -> Write:
    hot = {
        member: tuple(1.0 if other is member else 0.0 for other in members) for member in members
    }

    def write(value: Any, out: list[float]) -> None:
        out.extend(hot[value])

    return write


def _mask(universe: tuple[Any, ...]) -> Write:
    def write(value: Any, out: list[float]) -> None:
        out.extend(1.0 if member in value else 0.0 for member in universe)

    return write

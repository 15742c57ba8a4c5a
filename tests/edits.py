"""Edits of a history, one leaf at a time, as the tests that a history edited anywhere is
refused make them: by `croupier verify`'s own check (`verifies`), the check page's and an
outside verifier's."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from croupier.engine.history import History, proved
from croupier.errors import HistoryMismatch, InvalidInput


def verifies(game: Any, data: Any) -> bool:
    """Whether the history `data` (as JSON reads it) of `game` is proved."""
    try:
        proved(game, History.from_json(json.dumps(data), game))
    except (HistoryMismatch, InvalidInput):
        return False
    return True


def leaves(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every leaf of `data`, but a history's format and game."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from leaves(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from leaves(value, (*path, index))
    elif path not in (("format",), ("game",)):
        yield path


def random_edits(data: Any, count: int, seed: str) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """`count` edits of `data`, each of one leaf at random (the same for the same `seed`):
    the leaf's path, and the history edited."""
    paths = list(leaves(data))
    rng = random.Random(seed)
    for _ in range(count):
        path = rng.choice(paths)
        yield path, edited(data, path, rng)


def edited(data: Any, path: tuple[Any, ...], rng: random.Random) -> Any:
    """A copy of `data` with the leaf at `path` changed a little: a number one more or
    less, a digit or letter of a text another, a truth the other."""
    copy = json.loads(json.dumps(data))
    holder = copy
    for step in path[:-1]:
        holder = holder[step]
    value = holder[path[-1]]
    if isinstance(value, bool) or value is None:
        holder[path[-1]] = not value if isinstance(value, bool) else 0
    elif isinstance(value, int):
        holder[path[-1]] = value + rng.choice((-1, 1))
    else:
        text = str(value)
        at = rng.randrange(len(text)) if text else 0
        swapped = "0" if text[at : at + 1] != "0" else "1"
        holder[path[-1]] = text[:at] + swapped + text[at + 1 :]
    return copy

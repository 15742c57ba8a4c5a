"""What is computed once and kept: the answers of the last few keys asked for, each
computed once however many ask for it at the same moment (they share the one computation).

A `Shelf` keeps at most `size` answers, the least recently asked for going first. An
answer is a value, or one of the exceptions named as answers (a refusal that is the same
for everyone who asks); any other exception (the database away) is given to those who
asked at that moment and forgotten, so that the next ask computes again.
"""

from __future__ import annotations

import asyncio
import collections
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

__all__ = ["Shelf"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Shelf(Generic[K, V]):
    """The last `size` answers, by key; the exceptions of the types `answers` are answers
    too, kept as values are."""

    def __init__(self, size: int, answers: tuple[type[BaseException], ...] = ()) -> None:
        self.size = size
        self.answers = answers
        self._kept: collections.OrderedDict[K, asyncio.Future[V]] = collections.OrderedDict()
        self.made = 0
        """How many answers it has computed (or begun to)."""

    def __len__(self) -> int:
        return len(self._kept)

    async def get(self, key: K, make: Callable[[], Awaitable[V]]) -> V:
        """The answer for `key`: the one kept, or the one being computed, or `make()`'s,
        computed now and kept. A caller that is cancelled does not cancel the computation,
        which others may be waiting for."""
        found = self._kept.get(key)
        if found is None:
            found = asyncio.ensure_future(make())
            self.made += 1
            self._kept[key] = found
            found.add_done_callback(lambda done: self._done(key, done))
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        else:
            self._kept.move_to_end(key)
        return await asyncio.shield(found)

    def _done(self, key: K, done: asyncio.Future[V]) -> None:
        """Forget a computation that failed (not with an answer)."""
        error = None if done.cancelled() else done.exception()  # (seen: never "not retrieved")
        failed = done.cancelled() or (error is not None and not isinstance(error, self.answers))
        if failed and self._kept.get(key) is done:
            del self._kept[key]

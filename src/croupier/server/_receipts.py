"""The receipts a table's runner gives (docs/fairness.md, "Receipts"): the coming shuffle's
commitment told, in every view, and each seat's part taken, in the view of the person who
gave it and in the answer `given`. Each is signed once, as it is first told, and told the
same from then on."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from croupier.engine.receipts import Receipt
from croupier.engine.seal import Signer
from croupier.fairness import seal_of

__all__ = ["Receipts"]

_Key = tuple[str, int, str, int | None, str | None]


class Receipts:
    """Table `table`'s receipts, signed by `signer` at `now()`'s time (Unix seconds)."""

    def __init__(self, signer: Signer, table: int, now: Callable[[], float] = time.time) -> None:
        self._signer = signer
        self._table = table
        self._now = now
        self._signed: dict[_Key, dict[str, Any]] = {}

    def told(self, shuffle: int, commitment: str) -> dict[str, Any]:
        """The receipt of shuffle `shuffle`'s commitment told."""
        return self._receipt(("told", shuffle, commitment, None, None))

    def taken(
        self, shuffle: int, commitment: str, seat: int, sealed: str, text: str | None
    ) -> dict[str, Any]:
        """The receipt of `seat`'s part of shuffle `shuffle` taken: its seal `sealed`, or, once
        revealed, its `text`."""
        if text is None:
            return self._receipt(("sealed", shuffle, commitment, seat, sealed))
        return self._receipt(("revealed", shuffle, commitment, seat, seal_of(text)))

    def _receipt(self, key: _Key) -> dict[str, Any]:
        found = self._signed.get(key)
        if found is None:
            kind, shuffle, commitment, seat, part = key
            for old in [each for each in self._signed if each[1] < shuffle]:
                del self._signed[old]  # a shuffle made is told no more
            at = round(self._now() * 1000)
            receipt = Receipt.signed(
                self._signer, kind, self._table, shuffle, commitment, at, seat, part
            )
            found = self._signed[key] = receipt.to_json()
        return found

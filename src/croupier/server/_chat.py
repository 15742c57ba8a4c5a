"""Talk at a table: lines said by the people seated at it and watching it, each stored with
the table before anyone is told it (docs/protocol.md, "Talk at the table").

A line is 1 to `LONGEST` characters once its spaces are tidied (control characters are
dropped, runs of white space made one space); a person says at most `BURST` lines in
`WINDOW` seconds at a table. A refusal, in the context's language, quotes none of the line.
A page shows a line as text, never as markup. A table's lines are stored and told one at a
time, in the order they were said; the database keeps a table's last `STORED` lines, the
oldest dropped as each new one is stored.
"""

from __future__ import annotations

import asyncio
import collections
import re
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import Engine, delete, select
from sqlalchemy.orm import Session

from croupier.engine.codec import JSON
from croupier.i18n import _
from croupier.server.database import reading
from croupier.server.schema import ChatLine, Person

__all__ = ["BURST", "KEPT", "LONGEST", "STORED", "WINDOW", "Talk", "tidy"]

LONGEST = 280
"""The most characters a line may have."""

BURST = 5
WINDOW = 10.0
"""At most `BURST` lines a person in any `WINDOW` seconds, at one table."""

KEPT = 50
"""How many of the last lines a connection is told when it opens."""

STORED = 500
"""How many of a table's last lines the database keeps: storing one more drops the oldest,
in the same transaction, so that no one can fill the database with talk."""

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]")
_SPACES = re.compile(r"\s+")


def tidy(text: str) -> str:
    """The line as it is kept: control and direction characters and lone surrogates
    dropped, white space runs made one space, the ends trimmed."""
    return _SPACES.sub(" ", _CONTROL.sub(" ", text)).strip()


def _told(line: ChatLine, name: str) -> dict[str, JSON]:
    return {
        "id": line.id,
        "name": name,
        "seat": line.seat,
        "text": line.text,
        "at": line.said_at.isoformat() if line.said_at is not None else None,
    }


class Talk:
    """One table's talk: its last lines, and who has said how much lately."""

    def __init__(self, engine: Engine, table: int, clock: Callable[[], float] = time.monotonic):
        self._engine, self._table, self._clock = engine, table, clock
        self._lines: collections.deque[dict[str, JSON]] | None = None
        self._said: dict[int, collections.deque[float]] = {}
        self._turn = asyncio.Lock()
        """Held while a line is stored and told: the next waits its turn (in the order said)."""

    async def ready(self) -> None:
        """Read the last `KEPT` lines from the database, the first time it is asked."""
        if self._lines is None:
            lines = await asyncio.to_thread(self._read)
            if self._lines is None:
                self._lines = collections.deque(lines, maxlen=KEPT)

    def recent(self) -> list[dict[str, JSON]]:
        """The last `KEPT` lines, oldest first, once `ready`: with no wait, so that a
        connection told them and then every line said after misses none and hears none
        twice."""
        assert self._lines is not None, "Talk.ready first"
        return list(self._lines)

    def refusal(self, person: int, text: str) -> str | None:
        """Why the line may not be said now, or None."""
        if not text:
            return _("say something: a line is 1 to {most} characters").format(most=LONGEST)
        if len(text) > LONGEST:
            long = _("a line is at most {most} characters; this one has {has}")
            return long.format(most=LONGEST, has=len(text))
        said = self._said.get(person)
        now = self._clock()
        if said is not None and len(said) >= BURST and now - said[0] < WINDOW:
            wait = WINDOW - (now - said[0])
            slow = _(
                "slow down: at most {most} lines in {window:g} s; say it again in {wait:.0f} s"
            )
            return slow.format(most=BURST, window=WINDOW, wait=wait)
        return None

    async def say(
        self,
        person: int,
        name: str,
        seat: int | None,
        text: str,
        tell: Callable[[dict[str, Any]], None],
    ) -> None:
        """Store a line `person` says (from `seat`), once `refusal` has allowed it, then
        `tell` it (the line as it is told): each line in its turn, in the order said."""
        said = self._said.setdefault(person, collections.deque(maxlen=BURST))
        said.append(self._clock())  # (counted as it is said, before it waits its turn)
        async with self._turn:
            await self.ready()  # (read before the line is stored, so that it is kept once)
            line = await asyncio.to_thread(self._store, person, seat, text)
            told = _told(line, name)
            assert self._lines is not None
            self._lines.append(told)
            tell(told)

    def _store(self, person: int, seat: int | None, text: str) -> ChatLine:
        """Store the line, and drop the table's lines older than its last `STORED`."""
        with Session(self._engine, expire_on_commit=False) as session, session.begin():
            line = ChatLine(table_id=self._table, person_id=person, seat=seat, text=text)
            session.add(line)
            session.flush()
            session.refresh(line)
            oldest = (
                select(ChatLine.id)
                .where(ChatLine.table_id == self._table)
                .order_by(ChatLine.id.desc())
                .offset(STORED - 1)
                .limit(1)
                .scalar_subquery()
            )
            session.execute(
                delete(ChatLine).where(ChatLine.table_id == self._table, ChatLine.id < oldest)
            )
        return line

    def _read(self) -> list[dict[str, JSON]]:
        with Session(reading(self._engine)) as session:
            rows = session.execute(
                select(ChatLine, Person.name)
                .join(Person, Person.id == ChatLine.person_id)
                .where(ChatLine.table_id == self._table)
                .order_by(ChatLine.id.desc())
                .limit(KEPT)
            ).all()
        return [_told(line, name) for line, name in reversed(rows)]

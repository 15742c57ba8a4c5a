"""What a page reads of a table besides its socket: the exact odds as the person's seat
sees the table (`GET /api/tables/{id}/odds`), its hand history as far as its last shoe
that is over (`GET /api/tables/{id}/history`), its evening, settled
(`GET /api/tables/{id}/evening`), and its coups looked back at (`/coups`, `/coups/{n}`,
`/numbers`: croupier.server.coups). docs/protocol.md describes them. A refusal
is in the context's language (the request's).

No number of readers can stop the tables (docs/scaling.md, "What is bounded"):

- the reads are computed in `READERS` threads of their own, never in the committer's
  thread nor in the event loop's shared pool, so a commit never waits for a read;
- each answer is computed once and kept (`Shelf`): a history until another shoe ends (by
  the shoes the table has told, at a table run here; else by its `Extent` in the
  database), odds for the table's step and the seat they are seen from; readers who ask at
  the same moment share one computation, and a read of what is kept touches no thread; a
  table's next history replays only the steps since its last (`Replay`), and its coups are
  walked on from the last step read (`coups.Walk`), each coup's decisions valued once;
- one client address has at most `ASKING` reads waiting for their answers at once; one more
  is refused `429`, with `Retry-After`;
- a history is sent gzipped to a client that takes it, compressed once as it is made.
"""

from __future__ import annotations

import asyncio
import collections
import contextvars
import functools
import gzip
from collections.abc import Awaitable, Callable, Hashable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from sqlalchemy import Engine
from sqlalchemy.orm import Session
from starlette.responses import JSONResponse, Response

from croupier import games
from croupier.i18n import _, ngettext
from croupier.server._shelf import Shelf
from croupier.server.coups import Unshown, Walk, coup_json, coups_json, numbers_json
from croupier.server.database import reading
from croupier.server.evening import Evening, evening
from croupier.server.history import Replay, TableOpen, extent, table_history
from croupier.server.keys import SeedBox
from croupier.server.lobby import Lobby
from croupier.server.odds import NoOdds, odds

__all__ = ["ASKING", "HISTORIES", "ODDS", "READERS", "WALKS", "Readings"]

READERS = 2
"""The threads that compute the reads of one server process."""

ASKING = 4
"""The most reads one client address may have waiting for their answers at once."""

HISTORIES = 16
"""How many tables' histories (each as far as its last shoe over) a process keeps made."""

ODDS = 256
"""How many odds (a table's step, seen from a seat or by a spectator) a process keeps."""

WALKS = 16
"""How many tables' coups (their steps walked, and the values found) a process keeps."""

T = TypeVar("T")


def _error(status: int, reason: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": reason}, status_code=status, headers=headers)


class Readings:
    """The odds and histories of the tables of `lobby` (on `engine`), each computed once in
    the process's reading threads and kept; `close` ends the threads."""

    def __init__(self, engine: Engine, lobby: Lobby) -> None:
        self._engine = engine
        self._lobby = lobby
        self._threads: ThreadPoolExecutor | None = None
        self.histories: Shelf[Hashable, tuple[bytes, bytes]] = Shelf(
            HISTORIES, answers=(TableOpen,)
        )
        """The histories made, as JSON and gzipped, by how far each goes (`_extent`)."""
        self._replays: collections.OrderedDict[int, Replay] = collections.OrderedDict()
        """The last `HISTORIES` tables' steps replayed, each to go on from."""
        self._walks: collections.OrderedDict[int, Walk] = collections.OrderedDict()
        """The last `WALKS` tables' steps walked into coups, each to go on from."""
        self.figures: Shelf[tuple[int, int, int | None], dict[str, Any]] = Shelf(
            ODDS, answers=(NoOdds,)
        )
        """The odds made, by table, step and seat (None: a spectator's)."""
        self._asking: dict[str, int] = {}
        """The reads each client address has waiting for their answers."""

    def close(self) -> None:
        """End the reading threads (a read under way in one ends by itself)."""
        if self._threads is not None:
            self._threads.shutdown(wait=False, cancel_futures=True)
            self._threads = None

    def _run(self, work: Callable[..., T], *args: Any) -> Awaitable[T]:
        """`work(*args)` in a reading thread, in the context's language (as `to_thread`)."""
        if self._threads is None:
            self._threads = ThreadPoolExecutor(READERS, thread_name_prefix="reads")
        call = functools.partial(contextvars.copy_context().run, work, *args)
        return asyncio.get_running_loop().run_in_executor(self._threads, call)

    async def _limited(self, address: str, answer: Callable[[], Awaitable[Response]]) -> Response:
        """`answer()`, unless `address` has `ASKING` reads waiting already: then `429`."""
        waiting = self._asking.get(address, 0)
        if waiting >= ASKING:
            said = ngettext(
                "too many reads of tables at once from this address: at most {most} waits "
                "for its answer; try again in a second",
                "too many reads of tables at once from this address: at most {most} wait "
                "for their answers; try again in a second",
                ASKING,
            )
            return _error(429, said.format(most=ASKING), {"Retry-After": "1"})
        self._asking[address] = waiting + 1
        try:
            return await answer()
        finally:
            left = self._asking.pop(address) - 1
            if left:
                self._asking[address] = left

    async def odds_answer(self, table: int, person: int | None, address: str) -> Response:
        """The odds of table `table` from `person`'s seat's view (a spectator's, for one who
        holds no seat or is not logged in), for a client at `address`."""
        return await self._limited(address, lambda: self._odds(table, person))

    async def _odds(self, table: int, person: int | None) -> Response:
        try:
            runner = self._lobby.runner(table)
        except LookupError as error:
            return _error(404, str(error))
        if not runner.info.settings.odds:
            said = _("this table gives no odds: it was opened with the setting odds false")
            return _error(409, said)
        seq, seat, view = runner.seen(person)
        game = games.get(runner.info.game)
        answer: dict[str, object] = {"table": table, "seq": seq, "seat": seat}
        try:
            made = functools.partial(self._run, odds, game.name, game.title, view)
            answer["odds"] = await self.figures.get((table, seq, seat), made)
        except NoOdds as reason:
            answer |= {"odds": None, "reason": reason.said()}
        return JSONResponse(answer)

    async def history_answer(self, table: int, address: str, encodings: str = "") -> Response:
        """Table `table`'s hand history as far as its last shoe that is over, sealed with
        the server's public key, as `croupier verify` reads it, to download, for a client at
        `address`; gzipped (once, as it is made) for one whose `Accept-Encoding`
        (`encodings`) takes gzip."""
        gzipped = _takes_gzip(encodings)
        return await self._limited(address, lambda: self._history(table, gzipped))

    async def _history(self, table: int, gzipped: bool) -> Response:
        box = self._lobby.keys.box
        try:
            now = await self._extent(table)
            replay = self._replay(table)
            made = functools.partial(self._run, _history_json, self._engine, table, box, replay)
            plain, packed = await self.histories.get(now, made)
        except LookupError as error:
            return _error(404, str(error))
        except TableOpen as error:
            return _error(409, error.said())
        headers = {
            "content-disposition": f'attachment; filename="table-{table}.json"',
            "vary": "accept-encoding",
        }
        if gzipped:
            headers["content-encoding"] = "gzip"
        return Response(
            packed if gzipped else plain, media_type="application/json", headers=headers
        )

    async def evening_answer(self, table: int, address: str, as_csv: bool) -> Response:
        """Table `table`'s evening (`croupier.server.evening`), as JSON or CSV, for a client
        at `address`: the chips of the people seated counted at a table run here."""
        return await self._limited(address, lambda: self._evening(table, as_csv))

    async def _evening(self, table: int, as_csv: bool) -> Response:
        try:
            seated = self._lobby.runner(table).seated()
        except LookupError:
            seated = None  # closed: nobody is seated
        try:
            found = await self._run(_evening_of, self._engine, table, seated)
        except LookupError:
            return _error(404, _("there is no table {table}").format(table=table))
        if not as_csv:
            return JSONResponse(found.to_json())
        named = f'attachment; filename="croupier-table-{table}-evening.csv"'
        return Response(
            found.to_csv(),
            media_type="text/csv; charset=utf-8",
            headers={"content-disposition": named},
        )

    async def coups_answer(self, table: int, name: str | None, address: str) -> Response:
        """Table `table`'s settled coups (those where the person `name` sat, if named), for
        a client at `address`."""
        walk = self._walk(table)
        return await self._limited(address, lambda: self._looked(coups_json, walk, name))

    async def coup_answer(
        self, table: int, coup: int, person: int | None, watches: bool, address: str
    ) -> Response:
        """Coup `coup` of table `table` as `person` may see it (`coups.coup_json`; `watches`:
        whether they may watch the table's play), for a client at `address`."""
        walk, box = self._walk(table), self._lobby.keys.box
        return await self._limited(
            address, lambda: self._looked(coup_json, box, walk, coup, person, watches)
        )

    async def numbers_answer(self, table: int, address: str) -> Response:
        """Table `table`'s evenings in numbers over its revealed coups, for a client at
        `address`."""
        walk = self._walk(table)
        return await self._limited(address, lambda: self._looked(numbers_json, walk))

    async def _looked(self, work: Callable[..., dict[str, Any]], *args: Any) -> Response:
        try:
            return JSONResponse(await self._run(work, self._engine, *args))
        except LookupError as error:
            return _error(404, str(error))
        except Unshown as error:
            return _error(error.status, str(error))

    def _walk(self, table: int) -> Walk:
        """Table `table`'s walk, kept for its next read (the least recently read go)."""
        found = self._walks.pop(table, None) or Walk(table)
        self._walks[table] = found
        while len(self._walks) > WALKS:
            self._walks.popitem(last=False)
        return found

    def _replay(self, table: int) -> Replay:
        """Table `table`'s replay, kept for its next history (the least recently read go)."""
        found = self._replays.pop(table, None) or Replay(table)
        self._replays[table] = found
        while len(self._replays) > HISTORIES:
            self._replays.popitem(last=False)
        return found

    async def _extent(self, table: int) -> Hashable:
        """How far table `table`'s history goes now: by the shoes it has told, at a table
        run here (a history made from the database a moment later, the table's step
        committed and not yet told, goes no less far); else by its `Extent` in the
        database. `LookupError` if there is no such table."""
        try:
            runner = self._lobby.runner(table)
        except LookupError:
            return await self._run(extent, self._engine, table)
        return ("told", table, *runner.shoes_told())


def _history_json(engine: Engine, table: int, box: SeedBox, replay: Replay) -> tuple[bytes, bytes]:
    """Table `table`'s history (`table_history`, going on with `replay`), as JSON, and that
    gzipped."""
    plain = table_history(engine, table, box, replay).to_json().encode()
    return plain, gzip.compress(plain, compresslevel=6, mtime=0)


def _evening_of(engine: Engine, table: int, seated: dict[str, int] | None) -> Evening:
    with Session(reading(engine)) as session:
        return evening(session, table, seated)


def _takes_gzip(encodings: str) -> bool:
    """Whether an `Accept-Encoding` header takes gzip (named, and not with q=0).

    >>> _takes_gzip("gzip, deflate, br"), _takes_gzip("br;q=1, gzip;q=0"), _takes_gzip("")
    (True, False, False)
    """
    for each in encodings.split(","):
        name, _semicolon, weight = each.strip().partition(";")
        if name.strip().lower() == "gzip":
            return weight.replace(" ", "").lower() not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False

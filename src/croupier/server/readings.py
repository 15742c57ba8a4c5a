"""What a page reads of a table besides its socket: the exact odds as the person's seat
sees the table (`GET /api/tables/{id}/odds`), and its hand history as far as its last shoe
that is over (`GET /api/tables/{id}/history`). docs/protocol.md describes both. A refusal
is in the context's language (the request's)."""

from __future__ import annotations

import asyncio

from sqlalchemy import Engine
from starlette.responses import JSONResponse, Response

from croupier import games
from croupier.i18n import _
from croupier.server.history import TableOpen, table_history
from croupier.server.lobby import Lobby
from croupier.server.odds import NoOdds, odds

__all__ = ["history_answer", "odds_answer"]


def _error(status: int, reason: str) -> JSONResponse:
    return JSONResponse({"error": reason}, status_code=status)


async def odds_answer(lobby: Lobby, table: int, person: int | None) -> Response:
    """The odds of table `table` from `person`'s seat's view (a spectator's, for one who
    holds no seat or is not logged in), computed off the event loop."""
    try:
        runner = lobby.runner(table)
    except LookupError as error:
        return _error(404, str(error))
    if not runner.info.settings.odds:
        return _error(409, _("this table gives no odds: it was opened with the setting odds false"))
    seq, seat, view = runner.seen(person)
    game = games.get(runner.info.game)
    answer: dict[str, object] = {"table": table, "seq": seq, "seat": seat}
    try:
        answer["odds"] = await asyncio.to_thread(odds, game.name, game.title, view)
    except NoOdds as reason:
        answer |= {"odds": None, "reason": str(reason)}
    return JSONResponse(answer)


async def history_answer(engine: Engine, table: int, key: str) -> Response:
    """Table `table`'s hand history as far as its last shoe that is over, sealed with the
    server's public `key`, as `croupier verify` reads it, to download."""
    try:
        history = await asyncio.to_thread(table_history, engine, table, key)
    except LookupError as error:
        return _error(404, str(error))
    except TableOpen as error:
        return _error(409, str(error))
    return Response(
        history.to_json(),
        media_type="application/json",
        headers={"content-disposition": f'attachment; filename="table-{table}.json"'},
    )

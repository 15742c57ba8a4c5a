"""The table server's ASGI application (Starlette): the JSON API's routes, the door of each
table's websocket (`sockets` takes it from there), and the pages (static files from `web/`,
served at `/`). What clients send is read by `frames`; each is answered in its language
(`speaking`).

docs/protocol.md describes every route and message. A person logs in and holds a signed,
HttpOnly session cookie (Starlette's `SessionMiddleware`, signed with a key kept in the
database so that every process and every restart shares it), which names a session the
server keeps (`croupier.server.sessions`); the door (`croupier.server.door`) limits how
often a name or an address may try. Every database call runs off the event loop.
`GET /metrics` gives the house's figures in Prometheus' text format
(`croupier.server.metrics`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import Engine, text
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.sessions import SessionMiddleware
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from croupier import games, i18n
from croupier.bots import roster
from croupier.engine.codec import encode
from croupier.engine.rule_options import described
from croupier.errors import InsufficientChips, InvalidInput, LogInRefused, TooSoon
from croupier.server import _controls as controls
from croupier.server import _frames as frames
from croupier.server import hosting, invites, logs, sessions
from croupier.server._cross_site import Guard
from croupier.server._protocol import CROWDED, ENDED
from croupier.server._readings import Readings
from croupier.server._sockets import seated, unavailable
from croupier.server._speaking import Speaking, language
from croupier.server.coups import Unshown, coup_number
from croupier.server.database import open_database, reading, secret
from croupier.server.door import Entrance, Limits
from croupier.server.evening import tables_of
from croupier.server.forwarded import Forwarded, Network
from croupier.server.keys import Keys, default_key_file
from croupier.server.ledger import Overdraft
from croupier.server.lobby import LEASE, Lobby, TooManyTables
from croupier.server.metrics import Metrics
from croupier.server.people import change_password, log_in, register
from croupier.server.runner import TableRunner
from croupier.server.schema import Account, Person, TableRecord
from croupier.server.succession import open_keys, published
from croupier.server.tables import Settings

__all__ = ["PAGES", "SESSION_CHECK", "create_app"]

_log = logging.getLogger(__name__)

SESSION_CHECK = 10.0
"""How often, in seconds, each process looks for sessions ended elsewhere."""

PAGES = Path(__file__).parent / "web"
"""The browser pages: plain HTML, CSS and JavaScript modules, no build step."""


def create_app(
    url: str,
    seed: int | None = None,
    lease: float = LEASE,
    bot_tables: int = 0,
    public_url: str | None = None,
    limits: Limits | None = None,
    proxies: tuple[Network, ...] = (),
    keys: Keys | None = None,
) -> Starlette:
    """The server on the (migrated) database at `url`. `seed`, `lease` and `public_url` (the
    lobby's `address`): see `Lobby`. With `bot_tables`, at start every game with no table
    open gets one, with that many bots, for people to sit down at. `limits`: how much the
    door lets one name or address try (by default, `Limits()`). `proxies`: the reverse
    proxies whose forwarded client address is believed (`croupier.server.forwarded`; none:
    every request is from its socket's peer). A request that may change something is
    refused unless it is JSON from the server's own pages, or from no page
    (`croupier.server._cross_site`). The session cookie is `Secure` when `public_url` is
    https. `keys` sign the shoes and seal the seeds (by default, those of the database's
    default key file, `croupier.server.keys.default_key_file`, made if need be). Its figures
    are `croupier.server.metrics.Metrics()`: this process's, or, where the environment
    names a folder the machine's processes share, theirs together."""
    engine = open_database(url)
    keys = keys or open_keys(engine, default_key_file(url))
    metrics = Metrics()
    lobby = Lobby(engine, seed, lease, address=public_url, keys=keys, metrics=metrics)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await lobby.start()
        if bot_tables:
            await lobby.open_each_game(bot_tables)
        watching = asyncio.create_task(api.watch_sessions(), name="sessions")
        try:
            yield
        finally:
            watching.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watching
            await lobby.stop()
            api.readings.close()
            engine.dispose()
            metrics.close()

    api = _Api(engine, lobby, Entrance(engine, limits or Limits(), metrics.turned_away), metrics)
    api_routes = [
        Route("/health", api.health),
        Route("/register", api.register, methods=["POST"]),
        Route("/login", api.log_in, methods=["POST"]),
        Route("/logout", api.log_out, methods=["POST"]),
        Route("/password", api.password, methods=["POST"]),
        Route("/me", api.me),
        Route("/me/tables", api.my_tables),
        Route("/games", api.games),
        Route("/words", api.words),
        Route("/key", api.key),
        Route("/tables", api.tables, methods=["GET"]),
        Route("/tables", api.open_table, methods=["POST"]),
        Route("/tables/{table:int}", api.table),
        Route("/tables/{table:int}/close", api.close_table, methods=["POST"]),
        Route("/tables/{table:int}/invite", api.renew_invite, methods=["POST"]),
        Route("/tables/{table:int}/asking/{person:int}", api.let_sit, methods=["POST"]),
        Route("/tables/{table:int}/host", api.host, methods=["POST"]),
        Route("/tables/{table:int}/odds", api.odds),
        Route("/tables/{table:int}/history", api.history),
        Route("/tables/{table:int}/evening", api.evening),
        Route("/tables/{table:int}/coups", api.coups),
        Route("/tables/{table:int}/coups/{coup}", api.coup),
        Route("/tables/{table:int}/numbers", api.numbers),
        WebSocketRoute("/tables/{table:int}/socket", api.socket),
    ]
    routes = [
        Route("/metrics", api.metrics),
        Mount("/api", routes=api_routes),  # an unknown /api path is the API's 404, not a page
        Mount("/", StaticFiles(directory=PAGES, html=True), name="pages"),
    ]
    middleware = [
        Middleware(Forwarded, networks=proxies),
        Middleware(Speaking),
        Middleware(Guard, public_url=public_url),
        Middleware(
            SessionMiddleware,
            secret_key=secret(engine, "session", lambda: secrets.token_urlsafe(48)),
            same_site="lax",
            max_age=sessions.SESSION_DAYS * 86400,
            https_only=public_url is not None and public_url.startswith("https:"),
        ),
    ]
    app = Starlette(
        routes=routes,
        middleware=middleware,
        lifespan=lifespan,
        exception_handlers={
            HTTPException: _http_error,
            SQLAlchemyError: _database_error,
            InsufficientChips: _chips_error,
        },
    )
    app.state.lobby = lobby
    return app


async def _http_error(request: Request, error: Exception) -> Response:
    """Starlette's own refusals (no such route, a method a route has not) as JSON too, in
    the request's language (`_STARLETTE`)."""
    assert isinstance(error, HTTPException)
    return _error(error.status_code, i18n._(error.detail.lower()))


_STARLETTE = (i18n.N_("not found"), i18n.N_("method not allowed"))
"""The words of Starlette's refusals (its status's phrase, in lower case), for the catalog."""


async def _database_error(request: Request, error: Exception) -> Response:
    """A database that does not answer: the request is refused, in words, to try again."""
    return _error(503, i18n._("the database is not answering just now: try again shortly"))


async def _chips_error(request: Request, error: Exception) -> Response:
    """An account that cannot pay what a request asks of it (the grant source, when the
    house has granted all it may: a registration, a table's bots): refused in words, 409."""
    assert isinstance(error, InsufficientChips)
    why = error.said() if isinstance(error, Overdraft) else error.reason
    return _error(409, i18n._("the ledger refused it: {why}").format(why=why))


def _error(status: int, reason: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": reason}, status_code=status, headers=headers)


def _too_soon(error: TooSoon) -> JSONResponse:
    return _error(429, str(error), {"Retry-After": str(error.wait)})


def _address(connection: HTTPConnection) -> str:
    """The client's address (behind a proxy the server was told of, the one it forwards:
    `Forwarded`)."""
    return connection.client.host if connection.client is not None else "unknown"


_REFUSED = i18n.N_("the name or the password is wrong")
"""`LogInRefused`'s words (croupier.errors, which is below the catalogs), for the catalog."""


def _token(connection: HTTPConnection) -> str | None:
    """The session token the connection's cookie holds, if any."""
    found = connection.session.get("session")
    return found if isinstance(found, str) and 0 < len(found) <= 64 else None


class _Api:
    def __init__(self, engine: Engine, lobby: Lobby, door: Entrance, metrics: Metrics) -> None:
        self.engine = engine
        self.lobby = lobby
        self.door = door
        self.figures = metrics
        self.readings = Readings(engine, lobby)
        self.sockets: dict[str, set[WebSocket]] = {}
        """This process's open table connections, by the hash of their session's token."""

    async def _who(self, connection: HTTPConnection) -> tuple[int, str] | None:
        """The person whose session the connection's cookie names, while it is going."""
        token = _token(connection)
        if token is None:
            return None
        who = await asyncio.to_thread(self._who_now, token)
        if who is not None:
            logs.concerning(person=who[1])
        return who

    def _who_now(self, token: str) -> tuple[int, str] | None:
        with Session(reading(self.engine)) as session:
            found = sessions.find(session, token)
            return None if found is None else (found.id, found.name)

    async def _ended(self, hashes: list[str]) -> None:
        """Close this process's table connections of sessions just ended, each told why in
        its own language."""
        for each in hashes:
            for websocket in list(self.sockets.pop(each, ())):
                with i18n.use(language(websocket)):
                    reason = i18n._("the session has ended: log in again")
                with contextlib.suppress(RuntimeError):
                    await websocket.close(code=ENDED, reason=reason)

    async def watch_sessions(self) -> None:
        """Every `SESSION_CHECK` seconds, close this process's table connections whose
        session another process has ended (a logout, a password change there)."""
        while True:
            await asyncio.sleep(SESSION_CHECK)
            held = list(self.sockets)
            if not held:
                continue
            try:
                going = await asyncio.to_thread(self._going, held)
            except SQLAlchemyError as error:
                _log.warning("the sessions could not be checked: %s", error)
                continue
            await self._ended([each for each in held if each not in going])

    def _going(self, hashes: list[str]) -> set[str]:
        with Session(reading(self.engine)) as session:
            return sessions.still(session, hashes)

    async def health(self, request: Request) -> Response:
        """`200` while the database answers and stores; `503` while it does not answer, or
        a table here is paused because it could not store a step (docs/protocol.md,
        "Paused")."""
        try:
            await asyncio.to_thread(self._ping)
        except SQLAlchemyError:
            return JSONResponse({"status": "down", "database": "not answering"}, 503)
        paused = self.lobby.paused()
        if paused:
            return JSONResponse(
                {"status": "down", "database": "not storing", "paused": paused}, 503
            )
        return JSONResponse({"status": "ok", "database": "ok"})

    def _ping(self) -> None:
        with reading(self.engine).connect() as connection:
            connection.execute(text("SELECT 1"))

    async def metrics(self, request: Request) -> Response:
        """The house's figures (`croupier.server.metrics`), in Prometheus' text format, or
        as the `Accept` header asks: read off the event loop (they may be files)."""
        body, kind = await asyncio.to_thread(self.figures.scrape, request.headers.get("accept"))
        return Response(body, headers={"Content-Type": kind})

    async def register(self, request: Request) -> Response:
        return await self._enter(request, register, 201)

    async def log_in(self, request: Request) -> Response:
        return await self._enter(request, log_in, 200)

    async def _enter(self, request: Request, how: Any, status: int) -> Response:
        try:
            body = await frames.body(request)
            person, token = await asyncio.to_thread(
                self._enter_now, how, body.get("name"), body.get("password"), _address(request)
            )
        except TooSoon as error:
            return _too_soon(error)
        except LogInRefused as error:
            return _error(401, i18n._(str(error)))
        except InvalidInput as error:
            return _error(400, str(error))
        request.session.clear()
        request.session["session"] = token
        logs.concerning(person=person["name"])
        return JSONResponse(person, status)

    def _enter_now(
        self, how: Any, name: Any, password: Any, address: str
    ) -> tuple[dict[str, Any], str]:
        """Past the door, registered or logged in: the person, and their new session's
        token. The door counts the try (`TooSoon` before it is hashed)."""
        if how is register:
            self.door.registering(address)
        else:
            self.door.logging_in(name, address)
        try:
            with Session(self.engine) as session, session.begin():
                person = how(session, name, password)
                entered = self._me(session, person), sessions.start(session, person)
        except LogInRefused:
            self.door.refused(name, address)
            raise
        if how is log_in:
            self.door.let_in(entered[0]["name"])
        return entered

    async def password(self, request: Request) -> Response:
        """Change the password: every session of the person's ends, but this one goes on
        under a new token."""
        who = await self._who(request)
        if who is None:
            return _error(401, i18n._("log in to change your password"))
        try:
            body = await frames.body(request)
            ended, token = await asyncio.to_thread(
                self._change_now, who[1], body.get("password"), body.get("new"), _address(request)
            )
        except TooSoon as error:
            return _too_soon(error)
        except LogInRefused:
            return _error(401, i18n._("the password is wrong"))
        except InvalidInput as error:
            return _error(400, str(error))
        request.session["session"] = token
        await self._ended(ended)
        return JSONResponse({"changed": True})

    def _change_now(
        self, name: str, password: Any, new: Any, address: str
    ) -> tuple[list[str], str]:
        """Past the door (a wrong password counts as one at logging in), the password
        changed: the hashes of the sessions ended, and the new session's token."""
        self.door.logging_in(name, address)
        try:
            with Session(self.engine) as session, session.begin():
                person = change_password(session, name, password, new)
                return sessions.end_all(session, person.id), sessions.start(session, person)
        except LogInRefused:
            self.door.refused(name, address)
            raise

    def _me(self, session: Session, person: Person) -> dict[str, Any]:
        account = session.get(Account, person.account_id)
        assert account is not None
        return {"id": person.id, "name": person.name, "chips": account.balance}

    async def log_out(self, request: Request) -> Response:
        token = _token(request)
        request.session.clear()
        if token is not None:
            await asyncio.to_thread(self._log_out_now, token)
            await self._ended([sessions.token_hash(token)])
        return JSONResponse({"logged_in": False})

    def _log_out_now(self, token: str) -> None:
        with Session(self.engine) as session, session.begin():
            sessions.end(session, token)

    async def me(self, request: Request) -> Response:
        who = await self._who(request)
        found = None if who is None else await asyncio.to_thread(self._me_now, who[0])
        if found is None:
            request.session.clear()
            return _error(401, i18n._("you are not logged in"))
        return JSONResponse(found)

    def _me_now(self, person: int) -> dict[str, Any] | None:
        with Session(reading(self.engine)) as session:
            found = session.get(Person, person)
            return None if found is None else self._me(session, found)

    async def games(self, request: Request) -> Response:
        """The games, each titled in the language of the request (`language`), with its
        default rule set and its rule options as the lobby's form is made from them (their
        labels in that language too)."""
        with i18n.use(language(request)):
            titles = {name: i18n._(games.get(name).title) for name in games.names()}
            options = {name: described(games.get(name).config_type) for name in games.names()}
        return JSONResponse(
            [
                {
                    "name": name,
                    "title": titles[name],
                    "rules": encode(games.get(name).config()),
                    "options": options[name],
                    "bots": list(roster.names(name)),
                }
                for name in games.names()
            ]
        )

    async def tables(self, request: Request) -> Response:
        """The lobby: every public table, and the private ones the person opened or is a
        guest at."""
        who = await self._who(request)
        listed = await self.lobby.tables(language(request))
        if any(entry.get("private") for entry in listed):
            theirs = set() if who is None else await asyncio.to_thread(self._theirs, who[0])
            listed = [entry for entry in listed if not entry["private"] or entry["id"] in theirs]
        return JSONResponse(listed)

    def _theirs(self, person: int) -> set[int]:
        with Session(reading(self.engine)) as session:
            return invites.guest_tables(session, person)

    async def _hidden(self, connection: HTTPConnection, who: tuple[int, str] | None) -> bool:
        """Whether the table the connection names is private and not for `who` (None:
        nobody logged in), who brings its invite (`invite=`) or not: it is answered as a
        table that does not exist. One who brings it is let in as a guest
        (`croupier.server.invites`)."""
        table = connection.path_params["table"]
        with contextlib.suppress(LookupError):
            if not self.lobby.runner(table).info.private:
                return False
        invite = connection.query_params.get("invite")
        person = None if who is None else who[0]
        return not await asyncio.to_thread(self._lets_in, table, person, invite)

    def _lets_in(self, table: int, person: int | None, invite: str | None) -> bool:
        with Session(self.engine) as session, session.begin():
            record = session.get(TableRecord, table)
            return record is None or invites.let_in(session, record, person, invite)

    def _no_table(self, connection: HTTPConnection) -> Response:
        said = i18n._("there is no table {table}")
        return _error(404, said.format(table=connection.path_params["table"]))

    async def table(self, request: Request) -> Response:
        who = await self._who(request)
        if await self._hidden(request, who):
            return self._no_table(request)
        table = request.path_params["table"]
        try:
            runner = self.lobby.runner(table)
        except LookupError as error:
            closed = await self.lobby.closed(table)
            return JSONResponse(closed) if closed else await self._elsewhere(request, error)
        entry = self.lobby.entry(runner, language(request))
        if runner.closed and (closed := await self.lobby.closed(table)) and "next" in closed:
            entry["next"] = closed["next"]
        if runner.info.private and who is not None and who[0] == runner.info.opened_by:
            entry["invite"] = await asyncio.to_thread(self._invite, runner.info.id)
        return JSONResponse(entry)

    def _invite(self, table: int) -> str | None:
        with Session(reading(self.engine)) as session:
            record = session.get(TableRecord, table)
            return None if record is None else record.invite

    async def renew_invite(self, request: Request) -> Response:
        """A private table's new invite, which its opener alone may ask for: the old one
        lets nobody new in."""
        who = await self._who(request)
        if who is None:
            return _error(401, i18n._("log in to renew a table's invite"))
        renewed = await asyncio.to_thread(self._renew_now, request.path_params["table"], who[0])
        if renewed is None:
            return self._no_table(request)
        if not renewed:
            return _error(
                403, i18n._("only the person who opened a private table may renew its invite")
            )
        return JSONResponse({"invite": renewed})

    async def let_sit(self, request: Request) -> Response:
        """The host's answer to a person asking to sit (`{"yes": true}` or false), stored
        before the table tells them (`croupier.server._asking`)."""
        found = await self._hosting(
            request,
            i18n._("log in to answer who asks to sit"),
            i18n._("only the table's hosts let people sit"),
        )
        if isinstance(found, Response):
            return found
        _who, runner = found
        try:
            yes = (await frames.body(request)).get("yes")
        except InvalidInput as error:
            return _error(400, str(error))
        if not isinstance(yes, bool):
            return _error(400, i18n._("yes={yes!r} is not valid: true or false").format(yes=yes))
        person = request.path_params["person"]
        if person not in runner.asking.asking:
            said = i18n._("person {person} is not asking to sit at this table")
            return _error(404, said.format(person=person))
        marks = {"approved": True, "barred": False} if yes else {"approved": False}
        await asyncio.to_thread(hosting.store_guest, self.engine, runner.info.id, person, **marks)
        runner.let_sit(person, yes)
        return JSONResponse({"person": person, "yes": yes})

    async def _hosting(
        self, request: Request, logged_out: str, not_host: str
    ) -> tuple[tuple[int, str], TableRunner] | Response:
        """Who asks and the table they host, for a host's request; else the answer that
        refuses it: `logged_out` (401), no such table for them (404, or sent on to the
        process that runs it), `not_host` (403)."""
        who = await self._who(request)
        if who is None:
            return _error(401, logged_out)
        if await self._hidden(request, who):
            return self._no_table(request)
        try:
            runner = self.lobby.runner(request.path_params["table"])
        except LookupError as error:
            return await self._elsewhere(request, error)
        if not runner.hosts.may(who[0]):
            return _error(403, not_host)
        return who, runner

    async def host(self, request: Request) -> Response:
        """A host's control of their table (croupier.server.hosting): checked, stored, then
        played by the table and told to everyone."""
        found = await self._hosting(
            request,
            i18n._("log in to host a table"),
            i18n._("only the table's host and co-hosts may do that"),
        )
        if isinstance(found, Response):
            return found
        who, runner = found
        try:
            control = hosting.read(await frames.body(request))
            if control.kind == "cohost" and who[0] != runner.hosts.host:
                raise controls.Refused(i18n._("only the table's host names co-hosts"), 403)
            done = await controls.play(self.engine, runner, control, who[1])
        except controls.Refused as error:
            return _error(error.status, str(error))
        except InvalidInput as error:
            return _error(400, str(error))
        return JSONResponse(done)

    def _renew_now(self, table: int, person: int) -> str | None:
        """The table's new invite; "" if `person` may not renew it; None if, for them,
        there is no such table."""
        with Session(self.engine) as session, session.begin():
            record = session.get(TableRecord, table)
            if record is None or not invites.let_in(session, record, person, None):
                return None
            if not record.private or record.opened_by != person:
                return ""
            return invites.renew(session, record)

    async def _elsewhere(self, request: Request, error: LookupError) -> Response:
        """A request for a table this process does not run: sent on (307) to the process
        that does, when its address is known, else refused (404)."""
        found = await self.lobby.elsewhere(request.path_params["table"])
        if found is None or "at" not in found:
            return _error(404, str(error))
        query = f"?{request.url.query}" if request.url.query else ""
        return RedirectResponse(f"{found['at']}{request.url.path}{query}", status_code=307)

    async def odds(self, request: Request) -> Response:
        who = await self._who(request)
        if await self._hidden(request, who):
            return self._no_table(request)
        person = None if who is None else who[0]
        try:
            runner = self.lobby.runner(request.path_params["table"])
        except LookupError as error:
            return await self._elsewhere(request, error)
        if not runner.watches(person):
            return _error(403, i18n._("the host lets nobody watch this table: sit down to see it"))
        table = request.path_params["table"]
        return await self.readings.odds_answer(table, person, _address(request))

    async def history(self, request: Request) -> Response:
        if await self._hidden(request, await self._who(request)):
            return self._no_table(request)
        table = request.path_params["table"]
        encodings = request.headers.get("accept-encoding", "")
        return await self.readings.history_answer(table, _address(request), encodings)

    async def evening(self, request: Request) -> Response:
        """The table's evening settled (croupier.server.evening): JSON, or CSV with
        `format=csv`; at a table another process runs, sent on there."""
        if await self._hidden(request, await self._who(request)):
            return self._no_table(request)
        table = request.path_params["table"]
        shape = request.query_params.get("format", "json")
        if shape not in ("json", "csv"):
            said = i18n._("format must be json or csv, not {shape!r}")
            return _error(400, said.format(shape=shape[:20]))
        try:
            self.lobby.runner(table)
        except LookupError as error:
            if await self.lobby.closed(table) is None:
                return await self._elsewhere(request, error)
        return await self.readings.evening_answer(table, _address(request), shape == "csv")

    async def coups(self, request: Request) -> Response:
        """The table's settled coups (croupier.server.coups), those where the person named
        sat with `person=`; at a table another process runs, sent on there."""
        found = await self._looking_back(request)
        if isinstance(found, Response):
            return found
        table, name = request.path_params["table"], request.query_params.get("person") or None
        return await self.readings.coups_answer(table, name, _address(request))

    async def coup(self, request: Request) -> Response:
        """One settled coup, step by step, as the person asking may see it now."""
        found = await self._looking_back(request)
        if isinstance(found, Response):
            return found
        try:
            coup = coup_number(request.path_params["coup"])
        except Unshown as error:
            return _error(error.status, str(error))
        person, watches = found
        table = request.path_params["table"]
        return await self.readings.coup_answer(table, coup, person, watches, _address(request))

    async def numbers(self, request: Request) -> Response:
        """Each seat's evening in numbers over the table's revealed coups."""
        found = await self._looking_back(request)
        if isinstance(found, Response):
            return found
        return await self.readings.numbers_answer(request.path_params["table"], _address(request))

    async def _looking_back(self, request: Request) -> tuple[int | None, bool] | Response:
        """Who looks back at a table's coups (None: nobody logged in) and whether they may
        watch its play; else the answer that refuses them: no such table for them (404, as
        the history), or one another process runs (sent on there, as the evening)."""
        who = await self._who(request)
        if await self._hidden(request, who):
            return self._no_table(request)
        person = None if who is None else who[0]
        table = request.path_params["table"]
        try:
            runner = self.lobby.runner(table)
        except LookupError as error:
            if await self.lobby.closed(table) is None:
                return await self._elsewhere(request, error)
            return person, True
        return person, runner.watches(person)

    async def my_tables(self, request: Request) -> Response:
        """Every table the person logged in brought chips to, with their net at each
        (croupier.server.evening.tables_of)."""
        who = await self._who(request)
        if who is None:
            return _error(401, i18n._("you are not logged in"))
        return JSONResponse(await asyncio.to_thread(self._tables_of, who[1]))

    def _tables_of(self, name: str) -> list[dict[str, Any]]:
        with Session(reading(self.engine)) as session:
            return tables_of(session, name)

    async def words(self, request: Request) -> Response:
        """The pages' words in the language asked for (`lang=`) or the browser prefers
        (croupier.i18n.for_pages)."""
        return JSONResponse(i18n.for_pages(language(request)))

    async def key(self, request: Request) -> Response:
        """The public key that signs the tables' shoes here, its fingerprint and id, the
        house's keys in succession (`history`; docs/fairness.md, "The key"), and whether
        this process deals from a seed its operator chose (`seeded`: `serve --seed`)."""
        signer = self.lobby.keys.signer
        house = await asyncio.to_thread(published, self.engine)
        said = {"algorithm": "Ed25519", "key": signer.key, "fingerprint": signer.fingerprint}
        seeded = self.lobby.seed is not None
        return JSONResponse({**said, "key_id": signer.key_id, "history": house, "seeded": seeded})

    async def close_table(self, request: Request) -> Response:
        who = await self._who(request)
        if who is None:
            return _error(401, i18n._("log in to close a table"))
        if await self._hidden(request, who):
            return self._no_table(request)
        try:
            runner = self.lobby.runner(request.path_params["table"])
        except LookupError as error:
            return await self._elsewhere(request, error)
        if not runner.hosts.may(who[0]):
            return _error(403, i18n._("only the table's host and co-hosts may close it"))
        runner.close()
        return JSONResponse(self.lobby.entry(runner, language(request)), 202)

    async def open_table(self, request: Request) -> Response:
        who = await self._who(request)
        if who is None:
            return _error(401, i18n._("log in to open a table"))
        try:
            body = await frames.body(request)
            fields = {"game", "rules", "bots", "settings", "sealed", "private"}
            unknown = sorted(set(body) - fields)
            if unknown:
                said = i18n._(
                    "unknown field {field!r}: give game, rules, bots, settings, sealed, private"
                )
                raise InvalidInput(said.format(field=unknown[0]))
            sealed = frames.sealed(body["sealed"]) if "sealed" in body else None
            private = body.get("private", False)
            if not isinstance(private, bool):
                raise InvalidInput(
                    i18n._("private={private!r} is not valid: true or false").format(
                        private=private
                    )
                )
            game, options = body.get("game"), body.get("rules", {})
            if not isinstance(game, str):
                said = i18n._("game={game!r} is not valid: one of {games}")
                raise InvalidInput(said.format(game=game, games=", ".join(games.names())))
            if not isinstance(options, dict):
                raise InvalidInput(i18n._("rules is not an object of rule options"))
            settings = Settings.read(body.get("settings", {}))
            bots = body.get("bots", 0)
            runner = await self.lobby.open(who[0], game, options, bots, settings, sealed, private)
        except InvalidInput as error:
            return _error(400, str(error))
        except TooManyTables as error:
            return _error(409, str(error))
        entry = self.lobby.entry(runner, language(request))
        if private:
            entry["invite"] = await asyncio.to_thread(self._invite, runner.info.id)
        return JSONResponse(entry, 201)

    async def socket(self, websocket: WebSocket) -> None:
        # Accepted first, so that the close code and its reason reach the client (a socket
        # closed before it is accepted is an HTTP 403, with no reason).
        await websocket.accept()
        origin = websocket.headers.get("origin")
        host = websocket.headers.get("host", "")
        if origin is not None and urlsplit(origin).netloc != host:
            await websocket.close(code=4403, reason=i18n._("this page may not open the table"))
            return
        try:
            who = await self._who(websocket)
        except SQLAlchemyError as error:
            await unavailable(websocket, error)
            return
        if who is None:
            reason = i18n._("log in to sit at or watch a table")
            await websocket.close(code=ENDED, reason=reason)
            return
        if await self._hidden(websocket, who):
            await websocket.close(code=4404, reason=i18n._("there is no such table"))
            return
        address = _address(websocket)
        if not self.door.connecting(address):
            reason = i18n._("too many table connections from this address: close some first")
            await websocket.close(code=CROWDED, reason=reason)
            return
        token = _token(websocket)
        assert token is not None  # `_who` found its session
        key = sessions.token_hash(token)
        mine = self.sockets.setdefault(key, set())
        mine.add(websocket)
        self.figures.connected(True)
        try:
            await seated(websocket, self.lobby, who)
        except SQLAlchemyError as error:  # (where the table is run, its talk: not read)
            await unavailable(websocket, error)
        finally:
            self.figures.connected(False)
            self.door.disconnected(address)
            mine.discard(websocket)
            if not mine and self.sockets.get(key) is mine:  # (not one made since it ended)
                del self.sockets[key]

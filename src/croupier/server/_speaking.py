"""Each request and each table's socket answered in its language: the one it names (`lang=ru`
in its query: the page's own switch), else the one its browser prefers (`Accept-Language`),
else English. (A table's own task speaks to each connection in the connection's:
`Subscriber.language`.)"""

from __future__ import annotations

from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

from croupier import i18n
from croupier.errors import InvalidInput

__all__ = ["Speaking", "language"]


def language(connection: HTTPConnection) -> str:
    """The language to speak to a page or client (the module's docstring)."""
    named = connection.query_params.get("lang", "")
    try:
        return i18n.language(named)
    except InvalidInput:
        return i18n.from_accept(connection.headers.get("accept-language", ""))


class Speaking:
    """ASGI middleware: the refusals in words of each HTTP request are said in its
    `language`, and a socket's tasks start in it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        with i18n.use(language(HTTPConnection(scope))):
            await self.app(scope, receive, send)

"""No changes asked by another site's page (docs/protocol.md, "Requests from other sites").

A page on any site can make a browser send a request to this server, and the browser sends
the person's cookie with it when the request is of the kinds a form may make. So a request
that may change something (any method but GET, HEAD and OPTIONS) is refused unless both:

- it comes from one of this server's own pages: its `Origin`, when it has one, is the
  request's own (its scheme and `Host`) or the server's public address (`--public-url`);
  without one, its `Sec-Fetch-Site`, when it has one, is `same-origin` or `none` (the
  person's own doing). A request with neither is no browser's (a program's, as
  `croupier.client`), and no page made it: it passes. Else `403`.
- its body is JSON (`Content-Type: application/json`, parameters such as `charset` or
  not): a page cannot send that to another site without the browser asking that site
  first (a CORS preflight, which this server never grants), where a form or a plain text
  goes without asking. Else `415`.

Each refusal is `{"error": ...}` in the request's language.

    >>> _origin("https://Cards.example.org")
    ('https', 'cards.example.org', 443)
    >>> _origin("http://127.0.0.1:8000/p1") == _origin("http://127.0.0.1:8000")
    True
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.requests import HTTPConnection
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from croupier.i18n import _

__all__ = ["Guard"]

_SAFE = frozenset({"GET", "HEAD", "OPTIONS"})
"""The methods that change nothing: a page of any site may make them."""

_PORTS = {"http": 80, "https": 443}

_OWN_DOING = frozenset({"same-origin", "none"})
"""The `Sec-Fetch-Site` of a request one of the server's own pages made, or the person."""


def _origin(url: str) -> tuple[str, str, int] | None:
    """The scheme, host and port of `url` (the default port if it names none), or None if
    it names no origin (`null`, another scheme, a port that is no port)."""
    parts = urlsplit(url)
    try:
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in _PORTS or not parts.hostname:
        return None
    return parts.scheme, parts.hostname.lower(), port or _PORTS[parts.scheme]


def _is_json(content_type: str) -> bool:
    return content_type.split(";")[0].strip().lower() == "application/json"


class Guard:
    """ASGI middleware: every request that may change something is refused unless one of
    the server's own pages made it (or no page did), and its body is JSON (the module's
    docstring). `public_url`: the server's public address, an origin of its own pages."""

    def __init__(self, app: ASGIApp, public_url: str | None = None) -> None:
        self.app = app
        self.public = None if public_url is None else _origin(public_url)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in _SAFE:
            refusal = self._refusal(HTTPConnection(scope))
            if refusal is not None:
                await refusal(scope, receive, send)
                return
        await self.app(scope, receive, send)

    def _refusal(self, request: HTTPConnection) -> JSONResponse | None:
        origin = request.headers.get("origin")
        if origin is not None:
            if not self._own(origin, request):
                said = _("{origin!r} is not this server's: only its own pages may change anything")
                return JSONResponse({"error": said.format(origin=origin[:80])}, 403)
        elif request.headers.get("sec-fetch-site", "none") not in _OWN_DOING:
            said = _("a page of another site may not change anything on this server")
            return JSONResponse({"error": said}, 403)
        content_type = request.headers.get("content-type")
        if content_type is None:
            said = _("a request that changes something sends a JSON body: application/json")
            return JSONResponse({"error": said}, 415)
        if not _is_json(content_type):
            said = _(
                "{given!r} is not JSON: a request that changes something sends application/json"
            )
            return JSONResponse({"error": said.format(given=content_type[:80])}, 415)
        return None

    def _own(self, origin: str, request: HTTPConnection) -> bool:
        """Whether `origin` is the request's own, or the server's public address's."""
        found = _origin(origin)
        if found is None:
            return False
        own = _origin(f"{request.url.scheme}://{request.headers.get('host', '')}")
        return found in (own, self.public)

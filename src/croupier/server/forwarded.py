"""Who a request comes from, behind a reverse proxy (docs/protocol.md, "Behind a proxy").

A request is from the address it comes from (the socket's peer), whatever its headers say,
unless that address is one of the proxies the server was told of (`croupier serve --proxy`).
A request a proxy passes on is from the address its `X-Forwarded-For` names (read from the
right, the nearest address that is not a proxy: what the proxy itself saw), by the scheme
its `X-Forwarded-Proto` names. So a client that sends its own `X-Forwarded-For` chooses no
address: a direct one is not believed, and a proxy (the nginx site `croupier deploy nginx`
writes) replaces it.

This middleware is the one place that decides: `croupier serve` runs uvicorn with its own
proxy headers off.

    >>> proxies(["127.0.0.1", "10.0.0.0/8"])
    (IPv4Network('127.0.0.1/32'), IPv4Network('10.0.0.0/8'))
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from typing import TypeAlias

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from croupier.errors import InvalidInput
from croupier.i18n import _

__all__ = ["Forwarded", "Network", "network", "proxies"]

Network: TypeAlias = ipaddress.IPv4Network | ipaddress.IPv6Network


def network(text: str) -> Network:
    """The address (`127.0.0.1`, `::1`) or network (`10.0.0.0/8`) `text` names;
    `InvalidInput` says what would be valid."""
    try:
        return ipaddress.ip_network(text.strip(), strict=False)
    except ValueError:
        said = _("{text!r} is not an address or a network: give 127.0.0.1, ::1 or 10.0.0.0/8")
        raise InvalidInput(said.format(text=text[:80])) from None


def proxies(texts: Iterable[str]) -> tuple[Network, ...]:
    """The networks `texts` name, each read by `network`."""
    return tuple(network(text) for text in texts)


def _within(address: str, networks: tuple[Network, ...]) -> bool:
    try:
        found = ipaddress.ip_address(address.strip())
    except ValueError:
        return False
    return any(found in each for each in networks)


class Forwarded:
    """ASGI middleware: a request from one of `networks` is the client's and scheme its
    proxy forwards; any other is left as it came (the module's docstring)."""

    def __init__(self, app: ASGIApp, networks: tuple[Network, ...]) -> None:
        self.app = app
        self.networks = networks

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        peer = scope.get("client")
        if (
            scope["type"] in ("http", "websocket")
            and peer is not None
            and _within(peer[0], self.networks)
        ):
            scope = self._forwarded(scope)
        await self.app(scope, receive, send)

    def _forwarded(self, scope: Scope) -> Scope:
        headers = Headers(scope=scope)
        chain = [a.strip() for v in headers.getlist("x-forwarded-for") for a in v.split(",")]
        chain = [address for address in chain if address]
        scope = dict(scope)
        if chain:
            client = next((a for a in reversed(chain) if not _within(a, self.networks)), chain[0])
            scope["client"] = (client, 0)
        proto = headers.get("x-forwarded-proto", "").strip().lower()
        if proto in ("http", "https"):
            scope["scheme"] = proto if scope["type"] == "http" else proto.replace("http", "ws")
        return scope

"""What a server that is not there, not croupier's, or not answering as it should raises,
and why, in words."""

from __future__ import annotations

import httpx
from websockets.exceptions import ConnectionClosed, InvalidStatus, WebSocketException

from croupier.client import ProtocolError, ServerRefused
from croupier.errors import InvalidInput

__all__ = ["TROUBLE", "reason"]

TROUBLE = (
    httpx.HTTPError,
    WebSocketException,
    OSError,
    InvalidInput,
    ProtocolError,
    ServerRefused,
)
"""What a server that is not there, not croupier's, or not answering as it should raises."""


def reason(error: BaseException) -> str:
    """Why a request to the server failed, said after "the server at URL"."""
    if isinstance(error, httpx.ConnectError | ConnectionRefusedError):
        return "is not reachable: nothing answers there"
    if isinstance(error, httpx.TimeoutException | TimeoutError):
        return "does not answer in time"
    if isinstance(error, httpx.UnsupportedProtocol | httpx.InvalidURL):
        return "is not a URL such as http://127.0.0.1:8000"
    if isinstance(error, ServerRefused) and error.status >= 500:
        return f"failed: {error.reason} (HTTP {error.status})"
    if isinstance(error, ServerRefused):
        return f"refused: {error.reason}"
    if isinstance(error, InvalidStatus):
        return f"refused the connection (HTTP {error.response.status_code})"
    if isinstance(error, ConnectionClosed):
        said = error.rcvd.reason if error.rcvd is not None else ""
        return f"closed the connection: {said}" if said else "closed the connection"
    if isinstance(error, InvalidInput):
        return "does not answer as a croupier server does"
    if isinstance(error, ProtocolError):
        return f"broke the protocol: {error}"
    return f"failed: {error}"

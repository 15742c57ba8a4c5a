"""What a server that is not there, not croupier's, or not answering as it should raises,
and why, in words."""

from __future__ import annotations

import httpx
from websockets.exceptions import ConnectionClosed, InvalidStatus, WebSocketException

from croupier.client import ProtocolError, ServerRefused, ServerSilent
from croupier.errors import InvalidInput
from croupier.i18n import _

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
    """Why a request to the server failed, said after "the server at URL" (the server its
    subject)."""
    if isinstance(error, httpx.ConnectError | ConnectionRefusedError):
        return _("is not reachable: nothing answers there")
    if isinstance(error, httpx.TimeoutException | TimeoutError):
        return _("does not answer in time")
    if isinstance(error, httpx.UnsupportedProtocol | httpx.InvalidURL):
        return _("is not a URL such as http://127.0.0.1:8000")
    if isinstance(error, ServerRefused) and error.status >= 500:
        return _("failed: {reason} (HTTP {status})").format(
            reason=error.reason, status=error.status
        )
    if isinstance(error, ServerRefused):
        return _("refused: {reason}").format(reason=error.reason)
    if isinstance(error, InvalidStatus):
        said = _("refused the connection (HTTP {status})")
        return said.format(status=error.response.status_code)
    if isinstance(error, ConnectionClosed):
        said = error.rcvd.reason if error.rcvd is not None else ""
        if said:
            return _("closed the connection: {reason}").format(reason=said)
        return _("closed the connection")
    if isinstance(error, InvalidInput):
        return _("does not answer as a croupier server does")
    if isinstance(error, ServerSilent):
        return _("has said nothing for {seconds:g} s").format(seconds=error.seconds)
    if isinstance(error, ProtocolError):
        return _("broke the protocol: {error}").format(error=error)
    return _("failed: {error}").format(error=error)

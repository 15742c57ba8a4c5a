"""The server's log, as one JSON object a line (`croupier serve --log-format json`).

Every record, the server's own and uvicorn's (its access log and its errors), becomes
`{"time", "level", "logger", "message"}`, with, where the record concerns them, `request`
(the method and the path: never the query, which may hold an invite), `status`, `table`,
`seat` and `person` (a name). A record says whom it concerns by `extra=` (`table`, `seat`,
`person`) or, for a request, through `concerning`, which the request's handler calls once
it knows who asks: uvicorn logs the request in the handler's own context. A path's table
(`/api/tables/7/...`) is that request's table.
"""

from __future__ import annotations

import contextvars
import json
import logging
import re
from datetime import UTC, datetime
from typing import Any

__all__ = ["FIELDS", "JsonLines", "concerning", "log_config"]

FIELDS = ("request", "status", "table", "seat", "person")
"""What a line may say of whom and what it concerns, besides its time, level, logger and
message."""

_CONCERNING: contextvars.ContextVar[dict[str, Any] | None] = contextvars.ContextVar(
    "croupier_log_concerning", default=None
)
_TABLE = re.compile(r"^/api/tables/(\d+)(?:/|$)")


def concerning(**fields: Any) -> None:
    """Say, for the rest of this request (its task's context), whom the lines logged in it
    concern: `person=` a name, `table=`, `seat=`."""
    _CONCERNING.set({**(_CONCERNING.get() or {}), **fields})


def _bare(path: object) -> object:
    """A request's path without its query."""
    return path.partition("?")[0] if isinstance(path, str) else path


class JsonLines(logging.Formatter):
    """A record as one JSON object (`json.dumps` escapes it), on one line."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
        }
        args = record.args
        request = None
        if record.name.startswith("uvicorn") and isinstance(args, tuple):
            args = tuple(_bare(arg) for arg in args)  # every path it logs, without its query
            request = self._request(record.msg, args, line)
        line["message"] = str(record.msg) % args if args else record.getMessage()
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info)
        about = {**(_CONCERNING.get() or {})}
        if request is not None and (found := _TABLE.match(request.partition(" ")[2])):
            about["table"] = int(found.group(1))
        for name in FIELDS:
            value = getattr(record, name, about.get(name))
            if value is not None:
                line.setdefault(name, value)
        return json.dumps(line, ensure_ascii=False, default=str)

    @staticmethod
    def _request(message: object, args: tuple[Any, ...], line: dict[str, Any]) -> str | None:
        """The request an uvicorn record logs (`line` given its `request` and `status`)."""
        if message == '%s - "%s %s HTTP/%s" %d' and len(args) == 5:  # the access log
            line["request"] = f"{args[1]} {args[2]}"
            line["status"] = args[4]
        elif isinstance(message, str) and message.startswith('%s - "WebSocket %s"'):
            line["request"] = f"WebSocket {args[1]}"
            if len(args) > 2:
                line["status"] = args[2]
            elif message.endswith("[accepted]"):
                line["status"] = 101
        request = line.get("request")
        return request if isinstance(request, str) else None


def log_config(level: str = "INFO") -> dict[str, Any]:
    """uvicorn's `log_config` for JSON lines on stderr: every logger's records at `level`
    and above, through one handler."""
    return {
        "version": 1,
        "disable_existing_loggers": False,  # croupier's own, made when its modules loaded
        "formatters": {"json": {"()": JsonLines}},
        "handlers": {
            "stderr": {
                "class": "logging.StreamHandler",
                "formatter": "json",
                "stream": "ext://sys.stderr",
            }
        },
        "root": {"handlers": ["stderr"], "level": level},
        "loggers": {
            name: {"handlers": [], "level": level, "propagate": True}
            for name in ("uvicorn", "uvicorn.error", "uvicorn.access")
        },
    }

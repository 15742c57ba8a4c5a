"""`croupier play GAME --server URL`: a seat at a table of croupier's server, at the terminal.

The person logs in (or registers), opens a table of bots or joins one, sits down with chips
from their account and plays it with the game's own words: each step the server sends is
told by the game's terminal session (`TerminalSession.hear`), and whenever the seat's view
offers it something to do, the game's seat at the terminal asks for it (`decide`).

The visit itself is `_visit`; it talks to the server through `_line`, a connection in a
thread of its own, reads the server's JSON back into the game's values with `_codec`, and
says what went wrong with a server in the words of `_trouble`.

The modules named with a leading underscore are its implementation, private to the package;
`__all__` names what it offers.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console

from croupier.cli.remote._line import Line
from croupier.cli.remote._visit import Failed, Seating, Server, Visit
from croupier.engine.game import Game

__all__ = ["Failed", "Seating", "Server", "play"]


def play(console: Console, game: Game[Any, Any, Any], server: Server, seating: Seating) -> int:
    """Play at the server until the person has got up, the table closes or the connection is
    lost: the exit status (130 after Ctrl-C). `Failed` says what went wrong."""
    line = Line(server.url)
    try:
        return Visit(console, game, server, seating, line).run()
    finally:
        line.close()

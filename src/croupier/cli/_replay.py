"""`croupier replay`: a saved session told again as a spectator saw it, and checked against
the record the save keeps of its play."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from croupier import games as registry
from croupier import words
from croupier.cli._library_words import Typer
from croupier.cli._usage import fail
from croupier.engine.events import redact
from croupier.engine.game import Game
from croupier.engine.history import History, replay
from croupier.errors import HistoryMismatch, InvalidInput
from croupier.i18n import N_, _
from croupier.words.markup import plural

__all__ = ["DIFFERS", "command", "read_history", "replay_app", "replay_command", "where"]

DIFFERS = 1
"""The exit status of a replay that differs from its record (2: a file that cannot be read)."""


def replay_command(
    path: Annotated[
        Path, typer.Argument(metavar="FILE", help=N_("A history written by `play --save`."))
    ],
) -> None:
    """`croupier replay` (its help is main.py's)."""
    game, history = read_history(path)
    if not history.record:
        said = _(
            "Note: {path} keeps no record of its play (it was saved by an older croupier): its "
            "replay cannot be checked."
        )
        Console(stderr=True, highlight=False, soft_wrap=True).print(
            said.format(path=escape(repr(str(path))))
        )
    console = Console(highlight=False)
    narrator = words.narrator(game.name, words.Names(words.place(game.name), numbered=True))
    try:
        for _state, step in replay(game, history):
            for event in step.events:
                line = narrator(redact(event, None))
                if line is not None:
                    console.print(line)
    except HistoryMismatch as error:
        if history.record:
            said = _("{path!r}: the replay differs from the record {where}: {reason}")
        else:
            said = _("{path!r}: it does not replay {where}: {reason}")
        at = where(error, words.round_name(game.name))
        fail(said.format(path=str(path), where=at, reason=error.reason))
        raise typer.Exit(DIFFERS) from None


def read_history(path: Path) -> tuple[Game[Any, Any, Any], History]:
    """The game and history saved at `path`, or one line saying why they cannot be read."""
    try:
        text = path.read_text(encoding="utf-8")
        game = registry.get(History.game_in(text))
        return game, History.from_json(text, game)
    except FileNotFoundError:
        problem = _("there is no such file")
    except IsADirectoryError:
        problem = _("it is a folder, not a saved session")
    except UnicodeDecodeError:
        problem = _("it is not text (UTF-8), so not a saved session")
    except OSError as error:  # the system's own words
        said = _("it cannot be read: {error}")
        problem = said.format(error=(error.strerror or str(error)).lower())
    except InvalidInput as error:
        problem = str(error)
    said = _("cannot read the history {path!r}: {problem}")
    raise fail(said.format(path=str(path), problem=problem))


_IN = {
    "coup": N_("in coup {number}"),
    "deal": N_("in deal {number}"),
    "round": N_("in round {number}"),
}
"""Where a replay differs, by what a round of the game is called."""


def where(error: HistoryMismatch, word: str) -> str:
    """Where a replay first differs (`error`), its rounds called `word` (`coup`, `deal` or
    `round`)."""
    if error.round == 0:
        return _("at the seating")
    if error.closing:
        return _("at the close, after {rounds}").format(rounds=plural(error.round - 1, word))
    return _(_IN[word]).format(number=error.round)


replay_app = Typer()
replay_app.command(
    "replay",
    help=N_(
        "Replay a saved session event for event, as a spectator saw it, and check it against "
        "the record the save keeps of every coup. Exit status 1 names the first coup that "
        "differs from the record (an edited or damaged save); 2, a file that cannot be read."
    ),
)(replay_command)
command = typer.main.get_command(replay_app)
"""`croupier replay`, which `croupier.cli.main` loads when it is asked for."""

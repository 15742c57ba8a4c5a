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
from croupier.cli.usage import fail
from croupier.engine.events import redact
from croupier.engine.game import Game
from croupier.engine.history import History, replay
from croupier.errors import HistoryMismatch, InvalidInput
from croupier.words.markup import plural

__all__ = ["DIFFERS", "read_history", "replay_command", "where"]

DIFFERS = 1
"""The exit status of a replay that differs from its record (2: a file that cannot be read)."""


def replay_command(
    path: Annotated[
        Path, typer.Argument(metavar="FILE", help="A history written by `play --save`.")
    ],
) -> None:
    """Replay a saved session event for event, as a spectator saw it, and check it against
    the record the save keeps of every coup. Exit status 1 names the first coup that
    differs from the record (an edited or damaged save); 2, a file that cannot be read."""
    game, history = read_history(path)
    if not history.record:
        Console(stderr=True, highlight=False, soft_wrap=True).print(
            f"Note: {escape(repr(str(path)))} keeps no record of its play (it was saved by an "
            "older croupier): its replay cannot be checked."
        )
    console = Console(highlight=False)
    narrator = words.narrator(game.name, words.Names(words.place(game.name), numbered=True))
    try:
        for _, step in replay(game, history):
            for event in step.events:
                line = narrator(redact(event, None))
                if line is not None:
                    console.print(line)
    except HistoryMismatch as error:
        what = "the replay differs from the record" if history.record else "it does not replay"
        said = where(error, words.round_name(game.name))
        fail(f"{str(path)!r}: {what} {said}: {error.reason}")
        raise typer.Exit(DIFFERS) from None


def read_history(path: Path) -> tuple[Game[Any, Any, Any], History]:
    """The game and history saved at `path`, or one line saying why they cannot be read."""
    try:
        text = path.read_text(encoding="utf-8")
        game = registry.get(History.game_in(text))
        return game, History.from_json(text, game)
    except FileNotFoundError:
        problem = "there is no such file"
    except IsADirectoryError:
        problem = "it is a folder, not a saved session"
    except UnicodeDecodeError:
        problem = "it is not text (UTF-8), so not a saved session"
    except OSError as error:
        problem = f"it cannot be read: {(error.strerror or str(error)).lower()}"
    except InvalidInput as error:
        problem = str(error)
    raise fail(f"cannot read the history {str(path)!r}: {problem}")


def where(error: HistoryMismatch, word: str) -> str:
    if error.round == 0:
        return "at the seating"
    if error.closing:
        return f"at the close, after {plural(error.round - 1, word)}"
    return f"in {word} {error.round}"

"""`croupier replay`: a saved session told again as a spectator saw it, and checked against
the record the save keeps of its play."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from croupier import games as registry
from croupier.cli.banchek.narrate import Narrator as BanchekNarrator
from croupier.cli.banchek.session import Session as BanchekSession
from croupier.cli.chemin_de_fer.narrate import Narrator as CheminDeFerNarrator
from croupier.cli.chemin_de_fer.session import Session as CheminDeFerSession
from croupier.cli.monte_bank.narrate import Narrator as MonteBankNarrator
from croupier.cli.monte_bank.session import Session as MonteBankSession
from croupier.cli.private_monte.narrate import PrivateNarrator
from croupier.cli.private_monte.session import PrivateSession
from croupier.cli.punto_banco.narrate import Narrator as PuntoBancoNarrator
from croupier.cli.punto_banco.session import Session as PuntoBancoSession
from croupier.cli.terminal import plural
from croupier.cli.usage import fail
from croupier.engine.events import Event, redact
from croupier.engine.game import Game
from croupier.engine.history import History, replay
from croupier.errors import HistoryMismatch, InvalidInput

__all__ = ["replay_command"]

_DIFFERS = 1
"""The exit status of a replay that differs from its record (2: a file that cannot be read)."""


def _seat(seat: int | None) -> str:
    return "the croupier" if seat is None else f"seat {seat + 1}"


_NARRATORS: dict[str, Callable[[], Callable[[Event], str | None]]] = {
    "punto-banco": lambda: PuntoBancoNarrator(
        lambda box: "the croupier" if box is None else f"box {box + 1}"
    ),
    "chemin-de-fer": lambda: CheminDeFerNarrator(_seat),
    "monte-bank": lambda: MonteBankNarrator(_seat, lambda seat: f"seat {seat + 1}"),
    "private-monte": lambda: PrivateNarrator(_seat, lambda seat: f"seat {seat + 1}"),
    "banchek": lambda: BanchekNarrator(_seat),
}

_ROUND_NAMES = {
    "punto-banco": PuntoBancoSession.round_name,
    "chemin-de-fer": CheminDeFerSession.round_name,
    "monte-bank": MonteBankSession.round_name,
    "private-monte": PrivateSession.round_name,
    "banchek": BanchekSession.round_name,
}


def replay_command(
    path: Annotated[
        Path, typer.Argument(metavar="FILE", help="A history written by `play --save`.")
    ],
) -> None:
    """Replay a saved session event for event, as a spectator saw it, and check it against
    the record the save keeps of every coup. Exit status 1 names the first coup that
    differs from the record (an edited or damaged save); 2, a file that cannot be read."""
    game, history = _read(path)
    if not history.record:
        Console(stderr=True, highlight=False, soft_wrap=True).print(
            f"Note: {escape(repr(str(path)))} keeps no record of its play (it was saved by an "
            "older croupier): its replay cannot be checked."
        )
    console = Console(highlight=False)
    narrator = _NARRATORS[game.name]()
    try:
        for _, step in replay(game, history):
            for event in step.events:
                line = narrator(redact(event, None))
                if line is not None:
                    console.print(line)
    except HistoryMismatch as error:
        what = "the replay differs from the record" if history.record else "it does not replay"
        where = _where(error, _ROUND_NAMES[game.name])
        fail(f"{str(path)!r}: {what} {where}: {error.reason}")
        raise typer.Exit(_DIFFERS) from None


def _read(path: Path) -> tuple[Game[Any, Any, Any], History]:
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


def _where(error: HistoryMismatch, word: str) -> str:
    if error.round == 0:
        return "at the seating"
    if error.closing:
        return f"at the close, after {plural(error.round - 1, word)}"
    return f"in {word} {error.round}"

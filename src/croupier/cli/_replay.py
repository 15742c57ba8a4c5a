"""`croupier replay`: a saved session told again as a spectator saw it, and checked against
the record the save keeps of its play."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from croupier import games as registry
from croupier import words
from croupier.cli._decisions import decision_line, evening_line
from croupier.cli._json_output import emit
from croupier.cli._library_words import Typer
from croupier.cli._usage import fail
from croupier.engine.actors import CHANCE
from croupier.engine.codec import encode
from croupier.engine.events import redact
from croupier.engine.game import Game
from croupier.engine.history import History
from croupier.errors import HistoryMismatch, InvalidInput
from croupier.i18n import N_, _
from croupier.review import Decision
from croupier.review.session import (
    Coup,
    Evening,
    coups,
    decision_json,
    decisions,
    evening_json,
    evenings,
)
from croupier.words.markup import plural

__all__ = ["DIFFERS", "command", "read_history", "replay_app", "replay_command", "where"]

DIFFERS = 1
"""The exit status of a replay that differs from its record (2: a file that cannot be read)."""


def replay_command(
    path: Annotated[
        Path, typer.Argument(metavar="FILE", help=N_("A history written by `play --save`."))
    ],
    coup: Annotated[
        int | None,
        typer.Option(
            "--coup",
            metavar="N",
            min=1,
            help=N_(
                "Tell only this coup (deal, round), from 1, with its decisions' values; the "
                "whole session is still replayed and checked."
            ),
        ),
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help=N_(
                "Print the coups, each step's lines and each decision's exact values, and "
                "each seat's evening, as JSON (docs/review.md)."
            ),
        ),
    ] = False,
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
    names = words.Names(words.place(game.name), numbered=True)
    narrator = words.narrator(game.name, names)
    told: list[Told] = []
    settled = 0
    try:
        for found in coups(game, history):
            settled += not found.closing
            lines = _lines(narrator, found)  # every coup heard: a narrator may remember
            if coup is None or found.number == coup:
                valued = decisions(game, found)
                told.append(Told(found, lines, valued))
                if not as_json and not (coup is not None and found.closing):
                    _tell(console, narrator.names, told[-1])
    except HistoryMismatch as error:
        if history.record:
            said = _("{path!r}: the replay differs from the record {where}: {reason}")
        else:
            said = _("{path!r}: it does not replay {where}: {reason}")
        at = where(error, words.round_name(game.name))
        fail(said.format(path=str(path), where=at, reason=error.reason))
        raise typer.Exit(DIFFERS) from None
    played = [each for each in told if not each.coup.closing]
    if coup is not None and not played:
        said = _("{path!r} has {rounds}: --coup {number} is not one of them")
        rounds = plural(settled, words.round_name(game.name))
        raise fail(said.format(path=str(path), rounds=rounds, number=coup))
    summed = (
        evenings([each.coup for each in played], [d for each in played for d in each.valued if d])
        if coup is None
        else None
    )
    if as_json:
        _emit(game, history, told, summed)
    elif summed is not None:
        console.print(_("[bold]The evening[/], in chips of expectation:"))
        for evening in summed:
            console.print(evening_line(evening, names(evening.seat).capitalize()))


@dataclass(frozen=True, slots=True)
class Told:
    """A coup told: its lines, a tuple a moment, and its decisions, one a moment (or None)."""

    coup: Coup
    lines: tuple[tuple[str, ...], ...]
    valued: tuple[Decision | None, ...]


def _lines(narrator: words.Narrator, coup: Coup) -> tuple[tuple[str, ...], ...]:
    """Each moment's lines, as a spectator was told them."""
    return tuple(
        tuple(line for event in moment.events if (line := narrator(redact(event, None))))
        for moment in coup.moments
    )


def _tell(console: Console, names: words.Names, told: Told) -> None:
    """A coup's lines, each decision's values beneath the first line of its step."""
    for lines, decision in zip(told.lines, told.valued, strict=True):
        for line in lines:
            console.print(line)
            if decision is not None:
                console.print(decision_line(decision, names(decision.seat)))
                decision = None
        if decision is not None:
            console.print(decision_line(decision, names(decision.seat)))


def _emit(
    game: Game[Any, Any, Any],
    history: History,
    told: list[Told],
    summed: tuple[Evening, ...] | None,
) -> None:
    """`--json`: the coups told, each step's lines, each decision's values, and (for the
    whole session) each seat's evening."""
    emit(
        "replay",
        game.name,
        encode(history.config),
        {
            "coups": [_coup_json(each) for each in told],
            **({} if summed is None else {"evenings": [evening_json(e) for e in summed]}),
        },
        seed=history.seed,
        counts={"coups": sum(not each.coup.closing for each in told)},
    )


def _coup_json(told: Told) -> dict[str, Any]:
    coup = told.coup
    return {
        "coup": coup.number,
        "shoe": coup.shoe,
        "closing": coup.closing,
        "steps": [
            {
                "step": moment.step,
                "actor": moment.actor if isinstance(moment.actor, int) else moment.actor.value,
                "action": None if moment.actor is CHANCE else encode(moment.action),
                "said": [words.plain(line) for line in lines],
                "decision": None if decision is None else decision_json(decision),
            }
            for moment, lines, decision in zip(coup.moments, told.lines, told.valued, strict=True)
        ],
        "result": None if coup.shown is None else encode(coup.shown),
        "nets": {str(seat): net for seat, net in coup.nets},
    }


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
        "Replay a saved session event for event, as a spectator saw it, with the exact value "
        "of every choice a seat made (each option in chips of expectation, from the cards "
        "that seat knew) and each seat's evening in numbers, and check it against the record "
        "the save keeps of every coup. Exit status 1 names the first coup that differs from "
        "the record (an edited or damaged save); 2, a file that cannot be read."
    ),
)(replay_command)
command = typer.main.get_command(replay_app)
"""`croupier replay`, which `croupier.cli.main` loads when it is asked for."""

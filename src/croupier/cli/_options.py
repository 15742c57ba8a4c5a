"""The command line's one language: each option that more than one command takes, written
once, with its name, its unit, its bounds and its help, so that `play`, `odds`, `simulate`
and `solve` say the same thing the same way.

- A seed is a whole number from 0 to `MOST_SEED` everywhere.
- A count (hands, shoes, deals, banks, sessions, ...) is at most `MOST` (`croupier.sim`'s
  bound), so that no run is asked for what it could never finish.
- A game's rule options (`--decks`, `--commission`, `--cut-on`, ...) are made from their
  descriptions in the game's `Rules` (`cli/rule_options.py`); a commission is a fraction,
  written `5%`, `0.05` or `1/20` (`engine.config` reads it).
- Punto's play on 5 is `--at-5`; the table's rounds are `--rounds`; your place is `--seat`;
  choices show in `--help`.
- A table at a server is `--server URL`, its number `--join TABLE` (`--table` is Punto
  Banco's shoe already); seconds are a number from 0 to a day (`--time-limit`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from croupier import i18n
from croupier.cli._usage import AT_LEAST, BOUNDS, output_file, plot_file
from croupier.errors import InvalidInput
from croupier.i18n import N_, _
from croupier.sim.slices import MOST

__all__ = [
    "AT_A_SERVER",
    "MOST",
    "MOST_SEED",
    "AsJson",
    "AtFive",
    "Auto",
    "BotPause",
    "Chips",
    "Cluster",
    "DaskLocal",
    "Database",
    "Fair",
    "JoinTable",
    "Lang",
    "Name",
    "Password",
    "Plot",
    "Register",
    "Rounds",
    "Save",
    "Seat",
    "Seed",
    "SeedDefault",
    "ServerUrl",
    "TimeLimit",
    "Workers",
    "choice",
    "language",
    "number",
    "seconds",
    "seed",
    "whole",
]

MOST_SEED = 2**63 - 1
"""The largest seed: a drawn seed is 63 random bits."""


def whole(low: int | None = None, high: int | None = None) -> Callable[[str], int]:
    """A parser for a whole number, from `low` (to `high`) where the command line bounds it
    itself; else of any size up to `MOST`, for the library to check what it means (a rule
    set, a session's plan, a run's length each say so in their own words). An option the
    command may not consult (a session's, without --sessions) is bounded here, so that
    no bad value passes unseen."""

    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise typer.BadParameter(
                _("{text!r} is not a whole number").format(text=text)
            ) from None
        if high is not None and low is not None and not low <= value <= high:
            raise typer.BadParameter(
                _("{value} is not valid: {low:,} to {high:,}").format(
                    value=value, low=low, high=high
                )
            )
        if low is not None and value < low:
            raise typer.BadParameter(
                _("{value} is not valid: at least {low:,}").format(value=value, low=low)
            )
        if abs(value) > MOST:
            raise typer.BadParameter(
                _("{value} is not valid: at most {most:,}").format(value=value, most=MOST)
            )
        return value

    return read


def choice(*names: str, help: str, **more: Any) -> Any:
    """An option that takes one of `names`, checked whenever it is given."""

    def read(text: str) -> str:
        if text not in names:
            raise typer.BadParameter(
                _("{text!r} is not one of {choices}").format(text=text, choices=", ".join(names))
            )
        return text

    return typer.Option(parser=read, metavar=f"<{'|'.join(names)}>", help=help, **more)


def number(
    help: str, low: int | None = None, high: int | None = None, metavar: str = "N", **more: Any
) -> Any:
    """An option that takes a whole number (`whole`); its help shows the bounds it has."""
    shown = BOUNDS.format(low=low, high=high) if low is not None and high is not None else ""
    shown = shown or (AT_LEAST.format(low=low) if low is not None else "")
    return typer.Option(parser=whole(low, high), metavar=metavar, help=help + shown, **more)


def seed(text: str) -> int:
    """A seed: a whole number from 0 to `MOST_SEED`."""
    try:
        value = int(text)
    except ValueError:
        raise typer.BadParameter(_("{text!r} is not a whole number").format(text=text)) from None
    if not 0 <= value <= MOST_SEED:
        raise typer.BadParameter(
            _("{value} is not valid: a seed is 0 to 2**63 - 1").format(value=value)
        )
    return value


def language(text: str) -> str:
    """A language croupier speaks (`croupier.i18n.language`)."""
    try:
        return i18n.language(text)
    except InvalidInput as error:
        raise typer.BadParameter(str(error)) from None


_DAY = 86_400


def seconds(text: str) -> float:
    """A number of seconds, from 0 to a day."""
    try:
        value = float(text)
    except ValueError:
        raise typer.BadParameter(
            _("{text!r} is not a number of seconds").format(text=text)
        ) from None
    if not (math.isfinite(value) and 0 <= value <= _DAY):
        raise typer.BadParameter(
            _("{text} is not valid: 0 to {day:,} seconds").format(text=text, day=_DAY)
        )
    return value


Seed = Annotated[
    int | None,
    typer.Option(
        parser=seed,
        metavar="SEED",
        help=N_(
            "Replay exactly: the same seed gives the same cards and the same totals, "
            "however many workers. Without one, the system's strong random source is used "
            "(and a simulation shows the seed it drew)."
        ),
    ),
]
SeedDefault = Annotated[
    int,
    typer.Option(
        parser=seed,
        metavar="SEED",
        help=N_("The simulation's seed: the same seed gives the same figures again."),
    ),
]
Lang = Annotated[
    str | None,
    typer.Option(
        "--lang",
        parser=language,
        metavar="LANG",
        help=N_(
            "The language to speak: en or ru (else the environment's: LANGUAGE, LC_ALL, "
            "LC_MESSAGES, LANG)."
        ),
    ),
]
Auto = Annotated[
    bool, typer.Option("--auto", metavar="", help=N_("Bots only, no input: watch a whole session."))
]
Rounds = Annotated[
    int | None,
    number(
        N_(
            "Close the table after this many rounds (coups, deals or rounds, as the game calls "
            "them); where a bank may last for ever, --auto closes after 100."
        ),
        0,
        MOST,
    ),
]
Chips = Annotated[
    int,
    number(
        N_(
            "Chips each seat brings. At a server, the chips you bring from your account: by "
            "default this many, or all it holds if less."
        ),
        1,
        MOST,
        metavar="CHIPS",
    ),
]
Seat = Annotated[
    int,
    typer.Option(
        parser=whole(1),
        metavar="SEAT",
        help=N_(
            "Your seat, 1 to the table's seats (a box in Punto Banco). At a server, by "
            "default the first seat open."
        ),
    ),
]
Save = Annotated[
    Path | None,
    typer.Option(
        metavar="FILE",
        help=N_("Write the session's history here, to replay it later (`croupier replay`)."),
        callback=output_file,
    ),
]
Fair = Annotated[
    bool,
    typer.Option(
        "--fair",
        metavar="",
        help=N_(
            "Provably fair shuffles: each one committed to before you add your own part, "
            "its seed told at the end; save with --save and anyone can check it (`croupier "
            "verify`). Every table at a server (--server) is provably fair, with or without it."
        ),
    ),
]
AsJson = Annotated[bool, typer.Option("--json", metavar="", help=N_("One JSON object instead."))]

Database = Annotated[
    str | None,
    typer.Option(
        "--database",
        metavar="URL",
        help=N_(
            "The ledger's database: sqlite:///FILE, or postgresql://USER@HOST/DB; by default"
            " croupier.db in $CROUPIER_DATA, else in ~/.local/share/croupier."
        ),
        show_default=False,
    ),
]
KeyFile = Annotated[
    Path | None,
    typer.Option(
        "--key-file",
        metavar="FILE",
        help=N_(
            "The server's key file, readable by its owner alone: the key that signs the "
            "tables' histories and the secret that seals the coming shuffles' seeds in the "
            "database. By default croupier.key beside an SQLite database, else in croupier's "
            "data folder; every process of one house reads the same file."
        ),
        show_default=False,
    ),
]
Plot = Annotated[
    Path | None,
    typer.Option(
        metavar="FILE",
        help=N_("Draw the running figures with their 95% band here (PNG, PDF, SVG, ...)."),
        callback=plot_file,
    ),
]
Workers = Annotated[int, number(N_("Local worker processes."), 1, 1024)]
Cluster = Annotated[
    str | None,
    typer.Option(
        metavar="ADDRESS", help=N_("Run on the Dask scheduler at this address (tcp://host:port).")
    ),
]
DaskLocal = Annotated[
    int | None, number(N_("Start a local Dask cluster of this many workers."), 1, 1024)
]
AtFive = Annotated[
    str,
    typer.Option(
        "--at-5",
        metavar="PLAY",
        help=N_("Punto's play on 5: draw, stand, or the chance of drawing (0 to 1, e.g. 1/2)."),
    ),
]

AT_A_SERVER = N_("At a table server (croupier serve)")
"""The help panel of the options for playing at a server."""

ServerUrl = Annotated[
    str | None,
    typer.Option(
        "--server",
        metavar="URL",
        help=N_(
            "Play at a table of the croupier server at this address, such as "
            "http://127.0.0.1:8000, with whoever else sits there."
        ),
        rich_help_panel=AT_A_SERVER,
        show_default=False,
    ),
]
Name = Annotated[
    str | None,
    typer.Option(metavar="NAME", help=N_("Your name at the server."), rich_help_panel=AT_A_SERVER),
]
Password = Annotated[
    str | None,
    typer.Option(
        metavar="PASSWORD",
        envvar="CROUPIER_PASSWORD",
        help=N_("Your password at the server; asked for, unseen, if not given."),
        rich_help_panel=AT_A_SERVER,
        show_default=False,
    ),
]
Register = Annotated[
    bool,
    typer.Option(
        "--register",
        metavar="",
        help=N_(
            "Register the name first, with the password (8 characters or more); a new "
            "account is granted chips to play with."
        ),
        rich_help_panel=AT_A_SERVER,
    ),
]
JoinTable = Annotated[
    int | None,
    typer.Option(
        "--join",
        parser=whole(1),
        metavar="TABLE",
        help=N_(
            "Sit at this table of the server. Without it, a new table of this game is opened, "
            "with --bots bots and the rules given here."
        ),
        rich_help_panel=AT_A_SERVER,
        show_default=False,
    ),
]
TimeLimit = Annotated[
    float,
    typer.Option(
        parser=seconds,
        metavar="SECONDS",
        help=N_(
            "At a new table: how long each person has to act before the plainest choice "
            "is made for them."
        ),
        rich_help_panel=AT_A_SERVER,
    ),
]
BotPause = Annotated[
    float,
    typer.Option(
        parser=seconds,
        metavar="SECONDS",
        help=N_("At a new table: how long a bot waits before it acts."),
        rich_help_panel=AT_A_SERVER,
    ),
]

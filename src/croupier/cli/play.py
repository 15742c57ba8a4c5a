"""`croupier play <game>`: sit at a table at the terminal, against bots, or watch them; or
sit at a table of a croupier server (--server, cli/remote)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from croupier import games as registry
from croupier.cli._library_words import Typer
from croupier.cli._options import (
    Auto,
    BotPause,
    Chips,
    Fair,
    JoinTable,
    Name,
    Password,
    Register,
    Rounds,
    Save,
    Seat,
    Seed,
    ServerUrl,
    TimeLimit,
    number,
)
from croupier.cli._session import Sitting, TerminalSession
from croupier.cli._usage import GameCommands, fail
from croupier.cli.banchek import session as banchek
from croupier.cli.chemin_de_fer import session as chemin_de_fer
from croupier.cli.monte_bank import session as monte_bank
from croupier.cli.private_monte import session as private_monte
from croupier.cli.punto_banco import session as punto_banco
from croupier.cli.rule_options import Given, with_rules
from croupier.engine.codec import encode
from croupier.errors import InvalidInput
from croupier.i18n import N_, _

__all__ = ["SITTINGS", "play_app"]

play_app = Typer(
    cls=GameCommands,
    help=N_(
        "Play a game at the terminal, against bots, or watch bots play (--auto), or sit at a "
        "table of a croupier server with others (--server)."
    ),
    no_args_is_help=True,
)

_AUTO_ROUNDS = 100
"""Where a bank may last for ever (Monte Bank, Banchek), --auto closes after this many rounds
unless told otherwise."""


_AT_A_SERVER = N_(
    "At a server: `croupier play {game} --server http://127.0.0.1:8000 --name ada --register` "
    "(a new table, you and bots; the next time leave out --register; `--join 3` sits at table "
    "3, with whoever is there)."
)
"""The example of playing at a server, a paragraph of each game's epilog (`{game}` is the
command's name, filled in by cli/_usage.py)."""


_Rituals = Annotated[
    bool,
    typer.Option("--rituals", metavar="", help=N_("Be asked to shuffle and cut (MB-5, PM-2).")),
]

SITTINGS: dict[str, Sitting] = {
    sitting.game: sitting
    for sitting in (
        punto_banco.PLAY,
        chemin_de_fer.PLAY,
        monte_bank.PLAY,
        private_monte.PLAY,
        banchek.PLAY,
    )
}
"""How every game is played at the terminal, by the game's name."""


def _option(name: str, annotation: Any, default: Any) -> inspect.Parameter:
    """A parameter of a play command, as typer reads it from the command's signature."""
    return inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation
    )


def _command(sitting: Sitting) -> Callable[..., None]:
    """The function of `sitting`'s play command: the options every game's takes, with
    --odds and --rituals where the game has them (its rule options are added by
    `with_rules`)."""

    def play(ctx: typer.Context, given: Given, **_: Any) -> None:
        _play(ctx, given, sitting)

    bots = Annotated[int | None, number(sitting.bots, 1 if sitting.banked else 0, 20)]
    shown = []
    if sitting.odds is not None:
        odds = typer.Option("--odds", metavar="", help=sitting.odds)
        shown.append(_option("odds", Annotated[bool, odds], False))
    if sitting.rituals:
        shown.append(_option("rituals", _Rituals, False))
    play.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [
            _option("ctx", typer.Context, inspect.Parameter.empty),
            _option("given", Given, inspect.Parameter.empty),
            _option("seed", Seed, None),
            _option("auto", Auto, False),
            _option("rounds", Rounds, None),
            _option("bots", bots, None),
            _option("chips", Chips, sitting.chips),
            _option("seat", Seat, 1),
            *shown,
            _option("save", Save, None),
            _option("fair", Fair, False),
            _option("server", ServerUrl, None),
            _option("name", Name, None),
            _option("password", Password, None),
            _option("register", Register, False),
            _option("join", JoinTable, None),
            _option("time_limit", TimeLimit, 30.0),
            _option("bot_pause", BotPause, 0.8),
        ]
    )
    play.__name__ = f"play_{sitting.game.replace('-', '_')}"
    return play


for _sitting in SITTINGS.values():
    play_app.command(
        _sitting.game, help=_sitting.help, epilog=_sitting.examples + "\n\n" + _AT_A_SERVER
    )(with_rules(_sitting.game)(_command(_sitting)))


_Seating = Callable[[Any, int | None, int, int], TerminalSession]
"""A game's session at the terminal: from the rule set, the person's seat (None: --auto),
how many bots sit with them and the chips each brings."""


def _play(ctx: typer.Context, given: Given, sitting: Sitting) -> None:
    """Play `sitting`'s game with the rule set from the rule options `given`: at a table
    here, with the seats checked (`_seats`) and the session run and saved; or at the server
    --server names (`_at_server`). The options of the command are read from `ctx`."""
    named = [name for name in ctx.params if _given(ctx, name)]
    try:
        rules = given.table()
    except InvalidInput as error:
        raise fail(error) from None
    params = ctx.params
    rounds = params["rounds"]
    if sitting.endless and params["auto"] and rounds is None:
        rounds = _AUTO_ROUNDS
    shown = {name: params[name] for name in ("odds", "rituals") if name in params}

    def seating(rules: Any, seat: int | None, bots: int, chips: int) -> TerminalSession:
        console = Console(highlight=False)
        return sitting.session(
            console,
            rules,
            seed=params["seed"],
            rounds=rounds,
            bots=bots,
            chips=chips,
            seat=seat,
            **shown,
        )

    if params["server"] is not None:
        _at_server(ctx, given, rules, seating, named, sitting.usual[0])
        return
    stray = [name for name in named if name in _AT_SERVER]
    if stray:
        said = _("{option} is for a table at a server: give --server URL too")
        raise fail(said.format(option=_flag(ctx, stray[0])))
    seat, bots = _seats(
        rules.seats,
        params["auto"],
        params["seat"],
        params["bots"],
        usual=sitting.usual,
        banked=sitting.banked,
    )
    session = seating(rules, seat, bots, params["chips"])
    session.fair = params["fair"]
    _run(session, params["save"])


_AT_SERVER = ("name", "password", "register", "join", "time_limit", "bot_pause")
"""The options of a table at a server, which need --server."""

_HERE_ONLY = {
    "seed": N_("the server shuffles, and never says how"),
    "auto": N_("at a server you sit at the table yourself"),
    "rounds": N_("a table at a server plays on while anyone sits at it"),
    "save": N_("the server keeps the table's history"),
}
"""The options of a table here that a table at a server has not, and why."""

_JOINING = (
    *("server", "name", "password", "register", "join", "chips", "seat", "odds", "rituals"),
    "fair",  # every table at a server is provably fair
)
"""The options that apply to sitting at a table that is open: the others make a new one."""


def _given(ctx: typer.Context, name: str) -> bool:
    """Whether option `name` was given on the command line."""
    source = ctx.get_parameter_source(name)
    return source is not None and source.name == "COMMANDLINE"


def _flag(ctx: typer.Context, name: str) -> str:
    """A parameter as its option is written: `--time-limit`, `--commission-taken`."""
    (option,) = (param for param in ctx.command.get_params(ctx) if param.name == name)
    return str(option.opts[0])


def _at_server(
    ctx: typer.Context,
    options: Given,
    rules: Any,
    seating: _Seating,
    given: list[str],
    usual: int,
) -> None:
    """Play at the server --server names: at table --join, or at a new table of `rules`
    with --bots bots (`usual` unless told) and the --time-limit and --bot-pause given.
    Options a table at a server has not are refused in one line, as is anything that goes
    wrong there; after Ctrl-C, exit 130."""
    params = ctx.params
    for name in given:
        if name in _HERE_ONLY:
            said = _("{option} is not for a table at a server: {why}")
            raise fail(said.format(option=_flag(ctx, name), why=_(_HERE_ONLY[name])))
    join = params["join"]
    for name in given:
        if join is not None and name not in _JOINING:
            said = _("{option} is for a new table: table {table} has its own")
            raise fail(said.format(option=_flag(ctx, name), table=join))
    if params["name"] is None:
        raise fail(_("--server needs --name NAME (and --register the first time)"))
    try:
        from croupier.cli import remote
    except ImportError:
        raise fail(_("--server needs the server extra: pip install croupier[server]")) from None
    bots = params["bots"] if params["bots"] is not None else usual
    seat = params["seat"] - 1 if "seat" in given else None
    if join is None:
        _seats(rules.seats, False, params["seat"], bots, usual=(usual, usual))
        if seat is not None and 1 <= seat <= bots:
            free = _("--seat {seat}: at a new table the bots sit in seats 2 to {last}: take seat 1")
            more = _("{free}, or {low} to {high}").format(free=free, low=bots + 2, high=rules.seats)
            said = more if bots + 2 <= rules.seats else free
            raise fail(said.format(seat=seat + 1, last=bots + 1))
    password = params["password"]
    if password is None:
        password = typer.prompt(_("Password"), hide_input=True)
    server = remote.Server(
        url=params["server"],
        name=params["name"],
        password=password,
        register=params["register"],
        table=join,
        bots=bots,
        rules={option: encode(value) for option, value in options.chosen.items()},
        settings={"time_limit": params["time_limit"], "bot_pause": params["bot_pause"]},
        seat=seat,
        chips=params["chips"] if "chips" in given else None,
        usual=params["chips"],
    )
    console = Console(highlight=False)
    try:
        status = remote.play(
            console,
            registry.get(options.game),
            server,
            lambda rules, seat, chips: seating(rules, seat, 0, chips),
        )
    except remote.Failed as error:
        raise fail(str(error)) from None
    if status:
        raise typer.Exit(status)


def _seats(
    places: int,
    auto: bool,
    place: int,
    bots: int | None,
    *,
    usual: tuple[int, int],
    banked: bool = False,
) -> tuple[int | None, int]:
    """Your seat (none with --auto), and how many bots: `usual` with you and without,
    unless told; all checked against the table's `places`. Where a seat holds the bank
    (`banked`), --auto needs a banker and a punter."""
    if not auto and not 1 <= place <= places:
        said = _("--seat {seat} is not at this table: its seats are 1 to {last}")
        raise fail(said.format(seat=place, last=places))
    wanted = bots if bots is not None else (usual[1] if auto else usual[0])
    room = places - (0 if auto else 1)
    if wanted > room:
        raise fail(
            _("--bots {bots}: this table has room for {room} bots").format(bots=wanted, room=room)
        )
    if banked and auto and wanted < 2:
        raise fail(_("--auto needs at least 2 bots: one banks, the others punt"))
    if not banked and auto and wanted < 1:
        raise fail(_("--auto needs at least 1 bot: with no one at the table, nothing is dealt"))
    return (None if auto else place - 1), wanted


def _run(table: TerminalSession, save: Path | None) -> None:
    """Play the session, and save its history if asked; after Ctrl-C, exit 130 as `simulate`
    does."""
    table.run()
    if save is not None:
        table.save(save)
    if table.interrupted:
        raise typer.Exit(130)  # as a shell reports Ctrl-C, once the summary is out

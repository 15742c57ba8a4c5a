"""`croupier play <game>`: sit at a table at the terminal, against bots, or watch them; or
sit at a table of a croupier server (--server, cli/remote)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from croupier import games as registry
from croupier.cli.banchek.session import Session as BanchekSession
from croupier.cli.chemin_de_fer.session import Session as CheminDeFerSession
from croupier.cli.library_words import Typer
from croupier.cli.monte_bank.session import Session as MonteBankSession
from croupier.cli.options import (
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
from croupier.cli.private_monte.session import PrivateSession
from croupier.cli.punto_banco.session import Session
from croupier.cli.rule_options import Given, with_rules
from croupier.cli.session import TerminalSession
from croupier.cli.usage import GameCommands, fail
from croupier.engine.codec import encode
from croupier.errors import InvalidInput
from croupier.i18n import N_, _

__all__ = ["play_app"]

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
command's name, filled in by cli/usage.py)."""


_Rituals = Annotated[
    bool,
    typer.Option("--rituals", metavar="", help=N_("Be asked to shuffle and cut (MB-5, PM-2).")),
]


@play_app.command(
    "punto-banco",
    help=N_(
        "Sit at a Punto Banco table: bet punto, banco or égalité against the house.\n\nYou are "
        "asked for your bets each coup, to cut when a new shoe starts, to turn punto's cards "
        "when yours is the highest punto stake, and to choose on 5. Type `help` at any prompt "
        "for the commands. Your seat is a box."
    ),
    epilog=N_(
        "Examples: `croupier play punto-banco --seed 7` (the same cards each time); "
        "`croupier play punto-banco --auto --seed 7 --rounds 200` (watch bots play); "
        "`croupier rules punto-banco` (the rules)."
    )
    + "\n\n"
    + _AT_A_SERVER,
)
@with_rules("punto-banco")
def _punto_banco(
    ctx: typer.Context,
    given: Given,
    seed: Seed = None,
    auto: Auto = False,
    rounds: Rounds = None,
    bots: Annotated[
        int | None, number(N_("Bots at the table (default: 4 with you, 6 with --auto)."), 0, 20)
    ] = None,
    chips: Chips = 1000,
    seat: Seat = 1,
    save: Save = None,
    fair: Fair = False,
    odds: Annotated[
        bool,
        typer.Option(
            "--odds",
            metavar="",
            help=N_("Show each bet's exact house edge for the cards not yet seen, every coup."),
        ),
    ] = False,
    server: ServerUrl = None,
    name: Name = None,
    password: Password = None,
    register: Register = False,
    join: JoinTable = None,
    time_limit: TimeLimit = 30.0,
    bot_pause: BotPause = 0.8,
) -> None:
    def session(rules: Any, box: int | None, bots: int, chips: int) -> TerminalSession:
        return Session(
            Console(highlight=False),
            rules,
            seed=seed,
            coups=rounds,
            bots=bots,
            chips=chips,
            human_box=box,
            odds=odds,
        )

    _play(ctx, given, session, usual=(4, 6))


@play_app.command(
    "chemin-de-fer",
    help=N_(
        "Sit at a Chemin de Fer table: bid for the bank, call banco or stake against it, play "
        "the punters' hand, and bank in your turn.\n\nThe bots bid, bank and stake by their own "
        "ways and draw as the game's equilibrium says. The commission is the house's share of "
        "the banker's winning coups (CF-16). Type `help` at any prompt for the commands, "
        "`table` to see the table again, `quit` to leave."
    ),
    epilog=N_(
        "Examples: `croupier play chemin-de-fer --seed 7`; "
        "`croupier play chemin-de-fer --auto --seed 7 --rounds 100`; "
        "`croupier rules chemin-de-fer`."
    )
    + "\n\n"
    + _AT_A_SERVER,
)
@with_rules("chemin-de-fer")
def _chemin_de_fer(
    ctx: typer.Context,
    given: Given,
    seed: Seed = None,
    auto: Auto = False,
    rounds: Rounds = None,
    bots: Annotated[
        int | None, number(N_("Bots at the table (default: 4 with you, 5 with --auto)."), 1, 20)
    ] = None,
    chips: Chips = 2000,
    seat: Seat = 1,
    save: Save = None,
    fair: Fair = False,
    server: ServerUrl = None,
    name: Name = None,
    password: Password = None,
    register: Register = False,
    join: JoinTable = None,
    time_limit: TimeLimit = 30.0,
    bot_pause: BotPause = 0.8,
) -> None:
    def session(rules: Any, seat: int | None, bots: int, chips: int) -> TerminalSession:
        return CheminDeFerSession(
            Console(highlight=False),
            rules,
            seed=seed,
            coups=rounds,
            bots=bots,
            chips=chips,
            human_seat=seat,
        )

    _play(ctx, given, session, usual=(4, 5), banked=True)


@play_app.command(
    "monte-bank",
    help=N_(
        "Sit at a Monte Bank table: bet circles, crosses, doublers and Monte Carlos on the "
        "layout, watch the gate and the draw, and bank in your turn.\n\nAt the bets prompt "
        "type `help` for the commands; `table` shows the layout again."
    ),
    epilog=N_(
        "Examples: `croupier play monte-bank --seed 7`; "
        "`croupier play monte-bank --auto --seed 7 --rounds 20`; `croupier rules monte-bank`."
    )
    + "\n\n"
    + _AT_A_SERVER,
)
@with_rules("monte-bank")
def _monte_bank(
    ctx: typer.Context,
    given: Given,
    seed: Seed = None,
    auto: Auto = False,
    rounds: Rounds = None,
    bots: Annotated[
        int | None, number(N_("Bots at the table (default: 3 with you, 4 with --auto)."), 1, 20)
    ] = None,
    chips: Chips = 3000,
    seat: Seat = 1,
    rituals: _Rituals = False,
    save: Save = None,
    fair: Fair = False,
    server: ServerUrl = None,
    name: Name = None,
    password: Password = None,
    register: Register = False,
    join: JoinTable = None,
    time_limit: TimeLimit = 30.0,
    bot_pause: BotPause = 0.8,
) -> None:
    _play_banked(
        ctx,
        MonteBankSession,
        given,
        auto=auto,
        rounds=rounds,
        seed=seed,
        rituals=rituals,
    )


@play_app.command(
    "private-monte",
    help=N_(
        "Sit at a Private Monte Bank table: back the top layout, the bottom one or both; the "
        "gate wins for a layout with a card of its suit, 1 to 1. Up to six deals come from one "
        "shuffle, so the cards seen tell which suits are left: `--odds` shows what they are "
        "worth.\n\nAt the bets prompt type `help` for the commands; `table` shows the layout "
        "again."
    ),
    epilog=N_(
        "Examples: `croupier play private-monte --odds`; "
        "`croupier play private-monte --auto --seed 7 --rounds 24 --odds`; "
        "`croupier rules private-monte`."
    )
    + "\n\n"
    + _AT_A_SERVER,
)
@with_rules("private-monte")
def _private_monte(
    ctx: typer.Context,
    given: Given,
    seed: Seed = None,
    auto: Auto = False,
    rounds: Rounds = None,
    bots: Annotated[
        int | None, number(N_("Bots at the table (default: 3 with you, 4 with --auto)."), 1, 20)
    ] = None,
    chips: Chips = 3000,
    seat: Seat = 1,
    odds: Annotated[
        bool,
        typer.Option(
            "--odds",
            metavar="",
            help=N_("Show each layout's exact chance given the cards seen since the shuffle."),
        ),
    ] = False,
    rituals: _Rituals = False,
    save: Save = None,
    fair: Fair = False,
    server: ServerUrl = None,
    name: Name = None,
    password: Password = None,
    register: Register = False,
    join: JoinTable = None,
    time_limit: TimeLimit = 30.0,
    bot_pause: BotPause = 0.8,
) -> None:
    _play_banked(
        ctx,
        PrivateSession,
        given,
        auto=auto,
        rounds=rounds,
        seed=seed,
        rituals=rituals,
        odds=odds,
    )


@play_app.command(
    "banchek",
    help=N_(
        "Sit at a Polish Banchek table: three cards, a stake up to the whole bank, and the card "
        "the banker turns: a card of its suit as high or higher wins. You bank in your turn.\n\n"
        "At the prompt type `help` for the commands; `table` shows the table again."
    ),
    epilog=N_(
        "Examples: `croupier play banchek --odds`; "
        "`croupier play banchek --auto --seed 7 --rounds 40 --riders`; `croupier rules banchek`."
    )
    + "\n\n"
    + _AT_A_SERVER,
)
@with_rules("banchek")
def _banchek(
    ctx: typer.Context,
    given: Given,
    seed: Seed = None,
    auto: Auto = False,
    rounds: Rounds = None,
    bots: Annotated[
        int | None, number(N_("Bots at the table (default: 3 with you, 4 with --auto)."), 1, 20)
    ] = None,
    chips: Chips = 2000,
    seat: Seat = 1,
    odds: Annotated[
        bool,
        typer.Option(
            "--odds",
            metavar="",
            help=N_("Show your cards' exact chance against the next card."),
        ),
    ] = False,
    save: Save = None,
    fair: Fair = False,
    server: ServerUrl = None,
    name: Name = None,
    password: Password = None,
    register: Register = False,
    join: JoinTable = None,
    time_limit: TimeLimit = 30.0,
    bot_pause: BotPause = 0.8,
) -> None:
    _play_banked(
        ctx,
        BanchekSession,
        given,
        auto=auto,
        rounds=rounds,
        seed=seed,
        odds=odds,
    )


def _play_banked(
    ctx: typer.Context,
    session_type: Callable[..., TerminalSession],
    given: Given,
    *,
    auto: bool,
    rounds: int | None,
    **session: Any,
) -> None:
    """A game where the bank passes among the seats, played as `_play` plays it. With
    --auto and no limit, it closes after `_AUTO_ROUNDS`: such a bank may last for ever."""
    if auto and rounds is None:
        rounds = _AUTO_ROUNDS

    def seated(rules: Any, seat: int | None, bots: int, chips: int) -> TerminalSession:
        return session_type(
            Console(highlight=False),
            rules,
            bots=bots,
            human_seat=seat,
            rounds=rounds,
            chips=chips,
            **session,
        )

    _play(ctx, given, seated, usual=(3, 4), banked=True)


_Seating = Callable[[Any, int | None, int, int], TerminalSession]
"""A game's session at the terminal: from the rule set, the person's seat (None: --auto),
how many bots sit with them and the chips each brings."""


def _play(
    ctx: typer.Context,
    given: Given,
    seating: _Seating,
    *,
    usual: tuple[int, int],
    banked: bool = False,
) -> None:
    """Play the game with the rule set from the rule options `given`: at a table here, with
    the seats checked (`_seats`, with `usual` bots) and the session run and saved; or at the
    server --server names (`_at_server`). The options every play command takes are read
    from `ctx`."""
    named = [name for name in ctx.params if _given(ctx, name)]
    try:
        rules = given.table()
    except InvalidInput as error:
        raise fail(str(error)) from None
    params = ctx.params
    if params["server"] is not None:
        _at_server(ctx, given, rules, seating, named, usual[0])
        return
    stray = [name for name in named if name in _AT_SERVER]
    if stray:
        said = _("{option} is for a table at a server: give --server URL too")
        raise fail(said.format(option=_flag(ctx, stray[0])))
    seat, bots = _seats(
        rules.seats, params["auto"], params["seat"], params["bots"], usual=usual, banked=banked
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

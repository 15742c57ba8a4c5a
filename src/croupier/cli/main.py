"""The `croupier` command."""

from __future__ import annotations

import sys
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markdown import Markdown

from croupier import games as registry
from croupier.cli.banchek.session import Session as BanchekSession
from croupier.cli.chemin_de_fer.session import Session as CheminDeFerSession
from croupier.cli.monte_bank.session import Session as MonteBankSession
from croupier.cli.odds import odds_app
from croupier.cli.private_monte.session import PrivateSession
from croupier.cli.punto_banco.session import Session
from croupier.cli.replay import replay_command
from croupier.cli.session import TerminalSession
from croupier.cli.simulate import simulate_app
from croupier.cli.solve import solve_app
from croupier.cli.usage import USAGE_ERROR, GameCommands, fail, output_file
from croupier.errors import InvalidInput

__all__ = ["app", "main"]

app = typer.Typer(
    help="croupier: the classic banking card games, played exactly as the old rule books tell.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
)
_play_app = typer.Typer(
    cls=GameCommands,
    help="Play a game at the terminal, against bots, or watch bots play (--auto).",
    no_args_is_help=True,
)
app.add_typer(_play_app, name="play")

# Options every `play` command has.
_Seed = Annotated[
    int | None,
    typer.Option(
        help="Replay exactly: the same seed deals the same cards. "
        "Without one, the shoe is shuffled from the system's strong random source."
    ),
]
_Auto = Annotated[bool, typer.Option("--auto", help="Bots only, no input: watch a whole session.")]
_Coups = Annotated[int | None, typer.Option(min=0, help="Close the table after this many coups.")]
_Save = Annotated[
    Path | None,
    typer.Option(
        help="Write the session's history here, to replay it later.", callback=output_file
    ),
]
# Options both forms of Monte Bank have.
_AUTO_ROUNDS = 100
"""Where a bank may last for ever (Monte Bank, Banchek), --auto closes after this many rounds
unless told otherwise."""
_Deals = Annotated[
    int | None,
    typer.Option(
        min=0, help=f"Close the table after this many deals (with --auto: {_AUTO_ROUNDS})."
    ),
]
_MonteBots = Annotated[
    int | None,
    typer.Option(min=1, help="Bots at the table (default: 3 with you, 4 with --auto)."),
]
_MonteChips = Annotated[int, typer.Option(min=1, help="Chips each seat brings.")]
_YourSeat = Annotated[int, typer.Option(min=1, help="Your seat.")]
_Rituals = Annotated[
    bool, typer.Option("--rituals", help="Be asked to shuffle and cut (MB-5, PM-2).")
]
app.add_typer(odds_app, name="odds")
app.add_typer(solve_app, name="solve")
app.add_typer(simulate_app, name="simulate")


@_play_app.command(
    "punto-banco",
    epilog="Examples: `croupier play punto-banco --seed 7` (the same cards each time); "
    "`croupier play punto-banco --auto --seed 7 --coups 200` (watch bots play); "
    "`croupier rules punto-banco` (the rules).",
)
def _play_punto_banco(
    seed: _Seed = None,
    auto: _Auto = False,
    coups: _Coups = None,
    bots: Annotated[
        int | None,
        typer.Option(min=0, help="Bots at the table (default: 4 with you, 6 with --auto)."),
    ] = None,
    chips: Annotated[int, typer.Option(min=1, help="Chips each seat brings.")] = 1000,
    box: Annotated[int, typer.Option(min=1, help="Your box (1 is left of the croupier).")] = 1,
    table: Annotated[
        str, typer.Option(help="large: 8 decks, 16 boxes; small: 6 decks, 7 boxes (PB-1).")
    ] = "large",
    tableau: Annotated[
        str,
        typer.Option(help="text: punto chooses on 5 (PB-13e); fixed: punto always draws (PB-14)."),
    ] = "text",
    commission: Annotated[
        str,
        typer.Option(
            help="each-coup: banco's 5% is taken at once; end-of-shoe: owed until "
            "the shoe ends (PB-7)."
        ),
    ] = "each-coup",
    save: _Save = None,
    odds: Annotated[
        bool,
        typer.Option(
            "--odds",
            help="Show each bet's exact house edge for the cards not yet seen, every coup.",
        ),
    ] = False,
) -> None:
    """Sit at a Punto Banco table: bet punto, banco or égalité against the house.

    You are asked for your bets each coup, to cut when a new shoe starts, to
    turn punto's cards when yours is the highest punto stake, and to choose
    on 5. Type `help` at the bets prompt for the commands.
    """
    rules = _rules("punto-banco", table=table, tableau=tableau, commission_timing=commission)
    human_box, wanted = _seats(rules.boxes, auto, box, bots, usual=(4, 6), called="box")
    session = Session(
        Console(highlight=False),
        rules,
        seed=seed,
        coups=coups,
        bots=wanted,
        chips=chips,
        human_box=human_box,
        odds=odds,
    )
    _run(session, save)


@_play_app.command(
    "chemin-de-fer",
    epilog="Examples: `croupier play chemin-de-fer --seed 7`; "
    "`croupier play chemin-de-fer --auto --seed 7 --coups 100`; `croupier rules chemin-de-fer`.",
)
def _play_chemin_de_fer(
    seed: _Seed = None,
    auto: _Auto = False,
    coups: _Coups = None,
    bots: Annotated[
        int | None,
        typer.Option(min=1, help="Bots at the table (default: 4 with you, 5 with --auto)."),
    ] = None,
    chips: Annotated[int, typer.Option(min=1, help="Chips each seat brings.")] = 2000,
    seat: Annotated[int, typer.Option(min=1, help="Your seat (the auction starts at 1).")] = 1,
    decks: Annotated[int, typer.Option(min=3, help="Decks in the shoe (CF-2).")] = 6,
    banker_play: Annotated[
        str,
        typer.Option(help="free: the banker chooses freely (CF-13); tableau: the casino table."),
    ] = "free",
    commission: Annotated[
        str, typer.Option(help="The house's share of the banker's winning coups (CF-16).")
    ] = "0",
    save: _Save = None,
) -> None:
    """Sit at a Chemin de Fer table: bid for the bank, call banco or stake against it,
    play the punters' hand, and bank in your turn.

    The bots bid, bank and stake by their own ways and draw as the game's equilibrium
    says. Type `table` at any prompt to see the table again, `quit` to leave.
    """
    rules = _rules("chemin-de-fer", decks=decks, banker_play=banker_play, commission=commission)
    human_seat, wanted = _seats(rules.seats, auto, seat, bots, usual=(4, 5), banked=True)
    session = CheminDeFerSession(
        Console(highlight=False),
        rules,
        seed=seed,
        coups=coups,
        bots=wanted,
        chips=chips,
        human_seat=human_seat,
    )
    _run(session, save)


@_play_app.command(
    "monte-bank",
    epilog="Examples: `croupier play monte-bank --seed 7`; "
    "`croupier play monte-bank --auto --seed 7 --deals 20`; `croupier rules monte-bank`.",
)
def _play_monte_bank(
    seed: _Seed = None,
    auto: _Auto = False,
    deals: _Deals = None,
    bots: _MonteBots = None,
    chips: _MonteChips = 3000,
    seat: _YourSeat = 1,
    cava: Annotated[int, typer.Option(min=1, help="The smallest stake (MB-8).")] = 10,
    cut_on: Annotated[
        str,
        typer.Option(
            help="gate: the house's 25% on gate wins (MB-13); first-fall: on the first fall."
        ),
    ] = "gate",
    extra_cards: Annotated[
        int, typer.Option(min=0, max=2, help="MB-17 variant: unpaired cards added to the layout.")
    ] = 0,
    rituals: _Rituals = False,
    save: _Save = None,
) -> None:
    """Sit at a Monte Bank table: bet circles, crosses, doublers and Monte Carlos on the
    layout, watch the gate and the draw, and bank in your turn.

    At the bets prompt type `help` for the commands; `table` shows the layout again.
    """
    _play_banked(
        MonteBankSession,
        "monte-bank",
        {"cava": cava, "cut_on": cut_on, "extra_cards": extra_cards},
        auto=auto,
        seat=seat,
        bots=bots,
        save=save,
        seed=seed,
        rounds=deals,
        chips=chips,
        rituals=rituals,
    )


@_play_app.command(
    "private-monte",
    epilog="Examples: `croupier play private-monte --odds`; "
    "`croupier play private-monte --auto --seed 7 --deals 24 --odds`; "
    "`croupier rules private-monte`.",
)
def _play_private_monte(
    seed: _Seed = None,
    auto: _Auto = False,
    deals: _Deals = None,
    bots: _MonteBots = None,
    chips: _MonteChips = 3000,
    seat: _YourSeat = 1,
    cava: Annotated[int, typer.Option(min=1, help="The smallest stake (PM-4).")] = 10,
    limit: Annotated[int, typer.Option(min=1, help="The largest stake (PM-4).")] = 500,
    deals_per_bank: Annotated[
        int,
        typer.Option(min=1, max=6, help="Deals from one shuffle before the bank passes (PM-8)."),
    ] = 6,
    odds: Annotated[
        bool,
        typer.Option(
            "--odds", help="Show each layout's exact chance given the cards seen since the shuffle."
        ),
    ] = False,
    rituals: _Rituals = False,
    save: _Save = None,
) -> None:
    """Sit at a Private Monte Bank table: back the top layout, the bottom one or both; the
    gate wins for a layout with a card of its suit, 1 to 1. Up to six deals come from one
    shuffle, so the cards seen tell which suits are left: `--odds` shows what they are worth.

    At the bets prompt type `help` for the commands; `table` shows the layout again.
    """
    _play_banked(
        PrivateSession,
        "private-monte",
        {"cava": cava, "limit": limit, "deals_per_bank": deals_per_bank},
        auto=auto,
        seat=seat,
        bots=bots,
        save=save,
        seed=seed,
        rounds=deals,
        chips=chips,
        rituals=rituals,
        odds=odds,
    )


def _play_banked(
    session_type: Callable[..., TerminalSession],
    game: str,
    options: dict[str, Any],
    *,
    auto: bool,
    seat: int,
    bots: int | None,
    rounds: int | None,
    save: Path | None,
    **session: Any,
) -> None:
    """A game where the bank passes among the seats (Monte Bank, Banchek) at the terminal:
    the rule set from `options`, the seats checked, the session run (and saved). With
    --auto and no limit, it closes after `_AUTO_ROUNDS`: such a bank may last for ever."""
    rules = _rules(game, **options)
    human_seat, wanted = _seats(rules.seats, auto, seat, bots, usual=(3, 4), banked=True)
    if auto and rounds is None:
        rounds = _AUTO_ROUNDS
    table = session_type(
        Console(highlight=False),
        rules,
        bots=wanted,
        human_seat=human_seat,
        rounds=rounds,
        **session,
    )
    _run(table, save)


def _rules(game: str, **options: Any) -> Any:
    """The game's rule set from the options given, or one line saying what is wrong."""
    try:
        return registry.get(game).config(**options)
    except InvalidInput as error:
        raise fail(str(error)) from None


def _seats(
    places: int,
    auto: bool,
    place: int,
    bots: int | None,
    *,
    usual: tuple[int, int],
    called: str = "seat",
    banked: bool = False,
) -> tuple[int | None, int]:
    """Your place, a seat or a box as the table `called` them (none with --auto), and how
    many bots: `usual` with you and without, unless told; all checked against the table's
    `places`. Where a seat holds the bank (`banked`), --auto needs a banker and a punter."""
    if not auto and not 1 <= place <= places:
        named = "boxes" if called == "box" else f"{called}s"
        raise fail(f"--{called} {place} is not at this table: {named} are 1 to {places}")
    wanted = bots if bots is not None else (usual[1] if auto else usual[0])
    room = places - (0 if auto else 1)
    if wanted > room:
        raise fail(f"--bots {wanted}: this table has room for {room} bots")
    if banked and auto and wanted < 2:
        raise fail("--auto needs at least 2 bots: one banks, the others punt")
    return (None if auto else place - 1), wanted


def _run(table: TerminalSession, save: Path | None) -> None:
    """Play the session, and save its history if asked; after Ctrl-C, exit 130 as `simulate`
    does."""
    table.run()
    if save is not None:
        table.save(save)
    if table.interrupted:
        raise typer.Exit(130)  # as a shell reports Ctrl-C, once the summary is out


@_play_app.command(
    "banchek",
    epilog="Examples: `croupier play banchek --odds`; "
    "`croupier play banchek --auto --seed 7 --rounds 40 --riders`; `croupier rules banchek`.",
)
def _play_banchek(
    seed: _Seed = None,
    auto: _Auto = False,
    rounds: Annotated[
        int | None,
        typer.Option(
            min=0, help=f"Close the table after this many rounds (with --auto: {_AUTO_ROUNDS})."
        ),
    ] = None,
    bots: _MonteBots = None,
    chips: _MonteChips = 2000,
    seat: _YourSeat = 1,
    minimum: Annotated[int, typer.Option(min=1, help="The smallest stake agreed (BN-5).")] = 5,
    bank: Annotated[
        int, typer.Option(min=1, help="The bank each banker puts up; it passes at 3x (BN-10).")
    ] = 100,
    riders: Annotated[
        bool, typer.Option("--riders", help="Allow riders on another's cards (BN-15, BN-16).")
    ] = False,
    odds: Annotated[
        bool, typer.Option("--odds", help="Show your cards' exact chance against the next card.")
    ] = False,
    save: _Save = None,
) -> None:
    """Sit at a Polish Banchek table: three cards, a stake up to the whole bank, and the card
    the banker turns: a card of its suit as high or higher wins. You bank in your turn.

    At the prompt type `help` for the commands; `table` shows the table again.
    """
    _play_banked(
        BanchekSession,
        "banchek",
        {"minimum": minimum, "bank": bank, "riders": riders},
        auto=auto,
        seat=seat,
        bots=bots,
        save=save,
        seed=seed,
        rounds=rounds,
        chips=chips,
        odds=odds,
    )


@app.command("rules")
def _show_rules(
    game: Annotated[str, typer.Argument(help=f"One of: {', '.join(registry.names())}.")],
) -> None:
    """Print a game's rules, rule by rule, with the IDs the code and tests cite."""
    try:
        registry.get(game)
    except InvalidInput as error:
        raise fail(str(error)) from None
    text = resources.files("croupier").joinpath("rules", f"{game}.md").read_text(encoding="utf-8")
    Console().print(Markdown(text))


@app.command("games")
def _list_games() -> None:
    """List the games croupier can play."""
    console = Console(highlight=False)
    for name in registry.names():
        console.print(f"{name:<16} {registry.get(name).title}")


app.command("replay")(replay_command)


def main() -> None:
    """The `croupier` command. A mistake in how it is called is one line and exit status 2,
    as every other bad input is."""
    try:
        status = app(standalone_mode=False)
    except USAGE_ERROR as error:
        if type(error).__name__ != "NoArgsIsHelpError":  # that one has shown the help
            fail(error.format_message())
        sys.exit(2)
    except typer.Abort:
        fail("aborted")
        sys.exit(1)
    sys.exit(status if isinstance(status, int) else 0)

"""`croupier solve`: equilibria of the games' decisions, as a table or as JSON."""

from __future__ import annotations

import time
from fractions import Fraction
from typing import Annotated, Any

import typer
from rich import box as boxes
from rich.console import Console
from rich.table import Table

from croupier.cli._json_output import emit
from croupier.cli._library_words import Typer
from croupier.cli._options import AsJson
from croupier.cli._usage import GameCommands, fail
from croupier.errors import InvalidInput
from croupier.estimate import exact_json
from croupier.i18n import N_, _, ngettext
from croupier.solve.chemin_de_fer import (
    FIVES,
    CardsSolution,
    Info,
    TotalsSolution,
    on_pairs,
    solve,
    tableau,
)

__all__ = ["chemin_de_fer", "solve_app"]

solve_app = Typer(
    cls=GameCommands,
    help=N_("Equilibria: how to play a game's decisions so that no one can do better."),
    no_args_is_help=True,
)


_MOST_DECKS = 10_000
"""The largest shoe solved exactly; a larger one is as good as `inf`."""


def _decks(text: str) -> int | None:
    if text.strip().lower() in ("inf", "infinite", "∞"):
        return None
    try:
        decks = int(text)
    except ValueError:
        decks = 0
    if not 1 <= decks <= _MOST_DECKS:
        said = _(
            "--decks {text!r} is not valid: a whole number of decks, 1 to {most:,}, "
            "or `inf` for an endless shoe"
        )
        raise InvalidInput(said.format(text=text, most=_MOST_DECKS))
    return decks


@solve_app.command(
    "chemin-de-fer",
    help=N_(
        "Solve the coup as a two-person zero-sum game: the punter's play on 5 (CF-12), the "
        "banker's free draw (CF-13), and the value of the game to the punter (payoff +1, -1, 0 "
        "a unit staked, no commission)."
    ),
    epilog=N_(
        "Examples: `croupier solve chemin-de-fer --decks inf --exact`; "
        "`croupier solve chemin-de-fer --decks 8 --info cards --exploit --json`."
    ),
)
def chemin_de_fer(
    decks: Annotated[
        str,
        typer.Option(
            metavar="DECKS", help=N_("Decks in the shoe, or `inf` to deal with replacement.")
        ),
    ] = "6",
    info: Annotated[
        Info,
        typer.Option(
            help=N_(
                "totals: each side knows its own total (Kemeny-Snell); cards: its two cards "
                "(Ethier-Gámez)."
            )
        ),
    ] = Info.TOTALS,
    as_json: AsJson = False,
    exact: Annotated[
        bool,
        typer.Option(
            "--exact", metavar="", help=N_("Exact fractions (totals: the method gives them).")
        ),
    ] = False,
    exploit: Annotated[
        bool,
        typer.Option(
            "--exploit",
            metavar="",
            help=N_(
                "Also how much the casino tableau, and always drawing or standing on 5, "
                "can be exploited."
            ),
        ),
    ] = False,
) -> None:
    try:
        if exact and Info(info) is Info.CARDS:
            raise InvalidInput(
                _(
                    "--exact is not valid with --info cards: its linear program answers in "
                    "floats; leave out --exact, or solve --info totals"
                )
            )
        start = time.perf_counter()
        solution = solve(_decks(decks), info)
        seconds = time.perf_counter() - start
    except InvalidInput as error:
        raise fail(error) from None
    report = _exploitability(solution) if exploit else None
    if as_json:
        data = solution.as_json()
        if report is not None:
            data["exploitability"] = {name: exact_json(x) for name, x in report.items()}
        emit("solve", "chemin-de-fer", {"decks": solution.decks}, data)
        return
    _show(solution, exact, report, seconds)


def _exploitability(solution: TotalsSolution | CardsSolution) -> dict[str, Any]:
    """What each standard strategy gives away against a best reply."""
    if isinstance(solution, TotalsSolution):
        return {
            "tableau": solution.banker_exploitability(tableau()),
            "always_draw_at_5": solution.punter_exploitability(Fraction(1)),
            "always_stand_at_5": solution.punter_exploitability(Fraction(0)),
        }
    as_floats = {cell: float(p) for cell, p in on_pairs(tableau()).items()}
    return {
        "tableau": solution.banker_exploitability(as_floats),
        "always_draw_at_5": solution.punter_exploitability(dict.fromkeys(FIVES, 1.0)),
        "always_stand_at_5": solution.punter_exploitability(dict.fromkeys(FIVES, 0.0)),
    }


_EXPLOITED = {
    "tableau": N_("tableau"),
    "always_draw_at_5": N_("always draw at 5"),
    "always_stand_at_5": N_("always stand at 5"),
}
"""The standard strategies `_exploitability` measures, as the report names them."""


def _cell(p: Any, exact: bool) -> str:
    if p == 1:
        return _("[green]D[/]")
    if p == 0:
        return _("[dim]S[/]")
    return f"[yellow]{p}[/]" if exact and isinstance(p, Fraction) else f"[yellow]{float(p):.4f}[/]"


def _show(
    solution: TotalsSolution | CardsSolution,
    exact: bool,
    report: dict[str, Any] | None,
    seconds: float,
) -> None:
    console = Console(highlight=False)
    _show_punter(console, solution, exact)
    table = Table(
        title=_("The banker draws (D), stands (S), or draws with this probability"),
        box=boxes.SIMPLE_HEAD,
    )
    table.add_column(_("Banker"))
    columns: list[int | None] = [None, *range(10)]
    for column in columns:
        table.add_column(_("stood") if column is None else str(column), justify="center")
    rows: dict[str, dict[int | None, Any]] = {}
    banker: dict[tuple[Any, int | None], Any] = dict(solution.banker)
    for (hand, column), chance in banker.items():
        name = f"{hand[0]}-{hand[1]}" if isinstance(hand, tuple) else str(hand)
        rows.setdefault(name, {})[column] = chance
    for name, row in sorted(rows.items()):
        table.add_row(name, *(_cell(row[column], exact) for column in columns))
    console.print(table)
    if report is not None:
        console.print(_("What a best reply takes from each standard strategy, a unit staked:"))
        for name, x in report.items():
            console.print(f"  {_(_EXPLOITED[name])}: {float(x):.7f}")
    console.print(_("[dim]Solved in {seconds} s.[/]").format(seconds=f"{seconds:.2f}"))


def _show_punter(console: Console, solution: TotalsSolution | CardsSolution, exact: bool) -> None:
    """The shoe, what each side knows, the punter's play on 5 and the game's value."""
    if solution.decks is None:
        shoe = _("an endless shoe")
    else:
        shoe = ngettext("{n} deck", "{n} decks", solution.decks).format(n=solution.decks)
    if isinstance(solution, TotalsSolution):
        said = _("[bold]Chemin de Fer[/], {shoe}, each side knowing its own total:")
    else:
        said = _("[bold]Chemin de Fer[/], {shoe}, each side knowing its own two cards:")
    console.print(said.format(shoe=shoe))
    if isinstance(solution, TotalsSolution):
        x = solution.punter_draw_at_5
        shown = f"{x} ≈ {float(x):.6f}" if exact else f"{float(x):.6f}"
        console.print(_("  the punter draws on 5 with probability {p}").format(p=shown))
    else:
        holding = _("  the punter holding {low}-{high} draws with probability {p}")
        for pair, p in sorted(solution.punter_draw_at_5.items()):
            console.print(holding.format(low=pair[0], high=pair[1], p=f"{p:.5f}"))
    value = solution.value
    shown = (
        f"{value} ≈ {float(value):.7f}"
        if exact and isinstance(value, Fraction)
        else f"{float(value):.7f}"
    )
    console.print(
        _("  the value of the game to the punter: {value} a unit staked").format(value=shown)
    )

"""`croupier odds`: exact odds at the terminal, as a table or as JSON."""

from __future__ import annotations

import json
import re
from typing import Annotated, Any

import typer
from rich import box as boxes
from rich.console import Console
from rich.table import Table

from croupier.engine.config import make_config
from croupier.errors import InvalidInput
from croupier.games.punto_banco import Bet
from croupier.odds.punto_banco import (
    Odds,
    OddsRules,
    check_remaining,
    effect_of_removal,
    exact,
    shoe_counts,
)

__all__ = ["odds_app"]

odds_app = typer.Typer(
    help="Exact odds and house edges, for a fresh shoe or the cards that remain.",
    no_args_is_help=True,
)

_NAMES = {Bet.PUNTO: "punto", Bet.BANCO: "banco", Bet.EGALITE: "tie"}
_VALUES = ("10/J/Q/K", "A", "2", "3", "4", "5", "6", "7", "8", "9")


def _fail(message: str) -> typer.Exit:
    Console(stderr=True, highlight=False).print(f"[red]Error:[/] {message}")
    return typer.Exit(2)


def _parse_remaining(text: str) -> list[int]:
    parts = [part for part in re.split(r"[,\s]+", text.strip()) if part]
    try:
        return [int(part) for part in parts]
    except ValueError:
        raise InvalidInput(
            f"--remaining {text!r} is not ten whole numbers: write the counts of tens and "
            "pictures, then aces to nines, e.g. 128,32,32,32,32,32,32,32,32,32"
        ) from None


@odds_app.command(
    "punto-banco",
    epilog="Examples: `croupier odds punto-banco --decks 6 --punto-at-5 best`; "
    "`croupier odds punto-banco --remaining 40,10,9,12,8,10,11,10,10,9 --json`.",
)
def punto_banco(
    decks: Annotated[int, typer.Option(min=1, help="A fresh shoe of this many decks.")] = 8,
    remaining: Annotated[
        str | None,
        typer.Option(
            help="The cards left instead: ten counts, tens and pictures first, then ace to "
            "nine (checked against --decks)."
        ),
    ] = None,
    punto_at_5: Annotated[
        str,
        typer.Option(
            "--punto-at-5",
            help="draw, stand, or best (per two cards, what serves the punto bettor).",
        ),
    ] = "draw",
    commission: Annotated[
        str, typer.Option(help="Taken from banco's wins: 5%, 0.05 or 1/20.")
    ] = "5%",
    tie_pays: Annotated[int, typer.Option(help="Égalité pays this many to one.")] = 8,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object instead.")] = False,
    removal: Annotated[
        bool,
        typer.Option(help="Also the effect of removing one card of each value from a full shoe."),
    ] = False,
) -> None:
    """The probability of punto, banco and égalité and each bet's house edge, exactly."""
    try:
        rules = make_config(
            OddsRules, commission=commission, tie_pays=tie_pays, punto_at_5=punto_at_5
        )
        shoe = shoe_counts(decks) if remaining is None else None
        if remaining is not None:
            shoe = check_remaining(_parse_remaining(remaining), decks)
        assert shoe is not None
        odds = exact(shoe, rules)
        effects = effect_of_removal(decks, rules) if removal else None
    except InvalidInput as error:
        raise _fail(str(error)) from None
    if as_json:
        print(json.dumps(_as_json(odds, decks if remaining is None else None, effects), indent=2))
    else:
        _show(odds, decks, remaining is not None, effects)


def _as_json(
    odds: Odds, decks: int | None, effects: dict[int, dict[Bet, Any]] | None
) -> dict[str, Any]:
    rules = odds.rules
    data: dict[str, Any] = {
        "game": "punto-banco",
        "decks": decks,
        "remaining": list(odds.remaining),
        "rules": {
            "commission": f"{rules.commission.numerator}/{rules.commission.denominator}",
            "tie_pays": rules.tie_pays,
            "punto_at_5": rules.punto_at_5.value,
        },
        "probability": {_NAMES[b]: float(p) for b, p in odds.probability.items()},
        "exact": {_NAMES[b]: f"{p.numerator}/{p.denominator}" for b, p in odds.probability.items()},
        "house_edge": {_NAMES[b]: float(e) for b, e in odds.house_edge.items()},
        "sequences": {_NAMES[b]: n for b, n in odds.sequences.items()},
        "total_sequences": odds.total,
        "punto_draws_on_5": sorted(list(pair) for pair in odds.draws_on_five),
    }
    if effects is not None:
        data["effect_of_removal"] = {
            str(v): {_NAMES[b]: float(e) for b, e in effect.items()}
            for v, effect in effects.items()
        }
    return data


def _show(odds: Odds, decks: int, partial: bool, effects: dict[int, dict[Bet, Any]] | None) -> None:
    console = Console(highlight=False)
    rules = odds.rules
    cards = sum(odds.remaining)
    shoe = f"{cards} cards left" if partial else f"{decks} decks ({cards} cards)"
    on_five = {
        "draw": "punto draws on 5",
        "stand": "punto stands on 5",
        "best": "punto plays 5 best",
    }
    table = Table(
        title=(
            f"Punto Banco: {shoe}, {on_five[rules.punto_at_5.value]}, "
            f"banco pays less {float(rules.commission * 100):g}%, égalité {rules.tie_pays}:1"
        ),
        box=boxes.SIMPLE_HEAD,
    )
    for column in ("Bet", "Probability", "Sequences of six cards", "House edge"):
        table.add_column(column, justify="left" if column == "Bet" else "right")
    for bet in Bet:
        table.add_row(
            bet.label,
            f"{float(odds.probability[bet]):.6f}",
            f"{odds.sequences[bet]:,}",
            f"{float(odds.house_edge[bet]) * 100:.4f}%",
        )
    table.add_row("all", "1", f"{odds.total:,}", "", end_section=True)
    console.print(table)
    exact_line = "  ".join(
        f"{bet.label} {p.numerator}/{p.denominator}" for bet, p in odds.probability.items()
    )
    console.print(f"[dim]Exactly: {exact_line}[/]")
    if rules.punto_at_5.value == "best":
        pairs = ", ".join(f"{_VALUES[i]}-{_VALUES[j]}" for i, j in sorted(odds.draws_on_five))
        console.print(f"Punto draws on 5 holding: {pairs or 'none'}; stands otherwise.")
    if effects is not None:
        removal = Table(
            title=f"Effect of removing one card from {decks} decks (change in house edge, %)",
            box=boxes.SIMPLE_HEAD,
        )
        removal.add_column("Card")
        for bet in Bet:
            removal.add_column(bet.label, justify="right")
        for v in range(10):
            removal.add_row(_VALUES[v], *(f"{float(effects[v][bet]) * 100:+.5f}" for bet in Bet))
        console.print(removal)

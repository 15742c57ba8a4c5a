"""`croupier simulate punto-banco`."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

from croupier import games as registry
from croupier.cli.simulate.common import (
    AsJson,
    AtFive,
    Cluster,
    DaskLocal,
    Plot,
    Seed,
    Shoes,
    Where,
    Workers,
    at_five,
    estimate_table,
    execute,
    hands_or_shoes,
    headline,
    plot_running,
    print_json,
)
from croupier.cli.usage import fail
from croupier.errors import InvalidInput
from croupier.games.punto_banco import Bet
from croupier.sim import punto_banco as kernel
from croupier.sim.punto_banco_results import PuntoBancoResults

__all__ = ["punto_banco"]

_NAMES = {Bet.PUNTO: "punto", Bet.BANCO: "banco", Bet.EGALITE: "tie"}


def punto_banco(
    hands: Annotated[
        int | None, typer.Option(help="Coups to deal, shoe after shoe [default: 10,000,000].")
    ] = None,
    shoes: Shoes = None,
    seed: Seed = None,
    workers: Workers = 1,
    cluster: Cluster = None,
    dask_local: DaskLocal = None,
    table: Annotated[str, typer.Option(help="large: 8 decks; small: 6 (PB-1).")] = "large",
    cut_card: Annotated[int, typer.Option(help="Cards behind the cut card (PB-3).")] = 10,
    at_5: AtFive = "draw",
    as_json: AsJson = False,
    plot: Plot = None,
) -> None:
    """Deal Punto Banco shoes at compiled speed: full shoes with the burn and the cut card
    (PB-3 .. PB-5), the third-card rules, and punto's play on 5 (draw: PB-14; stand, or a
    chance of drawing: PB-13e). Reports how often punto, banco and tie win and each bet's
    house edge, with 95% intervals beside the exact odds of a fresh shoe."""
    console = Console(highlight=False)
    try:
        rules = registry.get("punto-banco").config(table=table, cut_card=cut_card)
        draw_on_5 = at_five(at_5)
        where = Where(workers, cluster, dask_local)
        options = {"decks": rules.decks, "cut": rules.cut_card, "draw_on_5": draw_on_5}
        unit, count, size = hands_or_shoes(hands, shoes, 10_000_000)
        simulate = kernel.simulate if unit == "hands" else kernel.simulate_shoes
        result, seed = execute(simulate, count, unit, seed, options, where, as_json, size)
        decks = rules.decks

        def results(counts: object) -> PuntoBancoResults:
            return PuntoBancoResults.of(counts, decks, draw_on_5)

        final = results(result.totals())
        if as_json:
            coups = final.hands if unit == "shoes" else None
            print_json("punto-banco", unit, result, final.as_json(), seed, where, coups)
        else:
            headline(
                console,
                result,
                f"[bold]Punto Banco[/]: {final.hands:,} coups in {final.counts[3]:,} shoes "
                f"of {decks} decks, {result.seconds:.2f} s "
                f"({final.hands / result.seconds:,.0f} hands/s), "
                f"seed {seed}.",
            )
            named = {_NAMES[bet]: e for bet, e in final.frequencies().items()}
            console.print(estimate_table("How often each wins", named))
            edges = {_NAMES[bet]: e for bet, e in final.house_edges().items()}
            console.print(estimate_table("House edge per chip staked", edges))
            console.print(
                "[dim]Exact: the next coup of a fresh shoe; whole shoes dealt to the cut card "
                "differ from it by far less than these intervals.[/]"
            )
        if plot is not None:
            plot_running(
                plot,
                result,
                f"Punto Banco, {decks} decks: the house edge as the coups add up",
                lambda counts: {
                    f"{_NAMES[bet]} edge": e for bet, e in results(counts).house_edges().items()
                },
                "coups dealt" if unit == "hands" else "shoes dealt",
                None if as_json else console,
            )
    except InvalidInput as error:
        raise fail(str(error)) from None
    if result.interrupted:
        raise typer.Exit(130)  # as a shell reports Ctrl-C, once the partial result is out

"""`croupier simulate private-monte`."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

from croupier.cli.simulate.common import (
    AsJson,
    Cluster,
    DaskLocal,
    Plot,
    Seed,
    Where,
    Workers,
    estimate_table,
    execute,
    headline,
    plot_running,
    print_json,
)
from croupier.cli.usage import fail
from croupier.errors import InvalidInput
from croupier.estimate import Estimate
from croupier.sim import private_monte as kernel
from croupier.sim.private_monte_results import Bettor, PrivateMonteResults

__all__ = ["private_monte"]

_NAMES = {Bettor.FLAT: "flat bettor", Bettor.COUNTER: "counter"}


def private_monte(
    shuffles: Annotated[
        int, typer.Option(help="Shuffles of the pack to deal, each of --deals deals.")
    ] = 1_000_000,
    deals: Annotated[int, typer.Option(help="Deals from one shuffle, 1 to 6 (PM-8).")] = 6,
    seed: Seed = None,
    workers: Workers = 1,
    cluster: Cluster = None,
    dask_local: DaskLocal = None,
    as_json: AsJson = False,
    plot: Plot = None,
) -> None:
    """Deal Private Monte Bank shuffle after shuffle: a flat bettor backs both layouts on
    every deal; a counter backs a layout only when the cards seen since the shuffle make it
    better than even (PM-5, PM-8). Reports each one's edge per chip, by deal, with 95%
    intervals beside the exact edge of a flat bet."""
    console = Console(highlight=False)
    try:
        where = Where(workers, cluster, dask_local)
        result, seed = execute(
            kernel.simulate, shuffles, "shuffles", seed, {"deals": deals}, where, as_json
        )
        final = PrivateMonteResults.of(result.totals(), deals)
        if as_json:
            print_json("private-monte", "shuffles", result, final.as_json(), seed, where)
        else:
            headline(
                console,
                result,
                f"[bold]Private Monte Bank[/]: {final.shuffles:,} shuffles of {deals} deals, "
                f"{result.seconds:.2f} s ({result.rate:,.0f} shuffles/s), seed {seed}.",
            )
            for bettor in Bettor:
                rows: dict[str, Estimate] = {}
                for deal in range(1, deals + 1):
                    edge = final.edge(bettor, deal)
                    if edge is not None:
                        rows[f"deal {deal}"] = edge
                overall = final.edge(bettor)
                if overall is not None:
                    rows["all deals"] = overall
                share = final.share_bet(bettor).value
                title = f"The {_NAMES[bettor]}'s edge per chip (bets on {share:.1%} of deals)"
                console.print(estimate_table(title, rows))
        if plot is not None:

            def series(counts: object) -> dict[str, Estimate]:
                figures = PrivateMonteResults.of(counts, deals)
                return {
                    f"{_NAMES[bettor]}'s edge": edge
                    for bettor in Bettor
                    if (edge := figures.edge(bettor)) is not None
                }

            plot_running(
                plot,
                result,
                "Private Monte Bank: the edge per chip as the shuffles add up",
                series,
                "shuffles dealt",
                None if as_json else console,
            )
    except InvalidInput as error:
        raise fail(str(error)) from None
    if result.interrupted:
        raise typer.Exit(130)  # as a shell reports Ctrl-C, once the partial result is out

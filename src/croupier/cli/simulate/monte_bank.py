"""`croupier simulate monte-bank`."""

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
from croupier.odds.monte_bank import BetKind, Cut
from croupier.sim import monte_bank as kernel
from croupier.sim.monte_bank_results import MonteBankResults

__all__ = ["monte_bank"]

_BETS = {
    BetKind.CIRCLE: "circle 3:1",
    BetKind.CROSS: "cross 1:1",
    BetKind.CROSS_STACKED: "stack cross 1:1",
    BetKind.DOUBLER: "doubler 1:1",
}


def _cut(text: str) -> Cut:
    try:
        return Cut(text.strip().lower())
    except ValueError:
        names = ", ".join(repr(c.value) for c in Cut)
        raise InvalidInput(f"--cut {text!r} is not valid: choose from {names} (MB-13)") from None


def monte_bank(
    deals: Annotated[
        int, typer.Option(help="Valid deals to play, each from a new shuffle.")
    ] = 2_000_000,
    cut: Annotated[
        str,
        typer.Option(
            help="When the house takes 25% of a win (MB-13): gate, or first-fall (variant)."
        ),
    ] = "gate",
    seed: Seed = None,
    workers: Workers = 1,
    cluster: Cluster = None,
    dask_local: DaskLocal = None,
    as_json: AsJson = False,
    plot: Plot = None,
) -> None:
    """Deal Monte Bank layouts at compiled speed, void deals dealt again (MB-7), pairs and
    triples stacked, every wager on every layout settled by the draw with its colour rule
    (MB-10). Reports the void rate, the layouts, and each bet's house edge, with 95%
    intervals beside the exact odds."""
    console = Console(highlight=False)
    try:
        where = Where(workers, cluster, dask_local)
        cut_on = _cut(cut)
        result, seed = execute(kernel.simulate, deals, "deals", seed, {}, where, as_json)

        def results(counts: object) -> MonteBankResults:
            return MonteBankResults.of(counts, cut_on)

        final = results(result.totals())
        if as_json:
            print_json("monte-bank", "deals", result, final.as_json(), seed, where)
        else:
            headline(
                console,
                result,
                f"[bold]Monte Bank[/]: {final.deals:,} deals, {result.seconds:.2f} s "
                f"({result.rate:,.0f} deals/s), seed {seed}; the house's cut on the "
                f"{cut_on.value}.",
            )
            deal = {"void": final.void()}
            deal.update({f"{kind.value} layout": e for kind, e in final.layouts().items()})
            console.print(estimate_table("The deal (MB-7)", deal))
            edges = {
                _BETS[bet]: by_layout[None]
                for bet, by_layout in final.house_edges().items()
                if None in by_layout
            }
            console.print(estimate_table("House edge per chip, over every layout", edges))
        if plot is not None:

            def series(counts: object) -> dict[str, Estimate]:
                return {
                    _BETS[bet]: by_layout[None]
                    for bet, by_layout in results(counts).house_edges().items()
                    if None in by_layout
                }

            plot_running(
                plot,
                result,
                "Monte Bank: the house edge as the deals add up",
                series,
                "deals",
                None if as_json else console,
            )
    except InvalidInput as error:
        raise fail(str(error)) from None
    if result.interrupted:
        raise typer.Exit(130)  # as a shell reports Ctrl-C, once the partial result is out

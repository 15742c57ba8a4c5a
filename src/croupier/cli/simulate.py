"""`croupier simulate`: many hands fast, on one core, local workers or a Dask cluster."""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box as boxes
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskProgressColumn,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from croupier import games as registry
from croupier.errors import InvalidInput
from croupier.games.punto_banco import Bet
from croupier.sim import punto_banco as kernel
from croupier.sim.results import Estimate, PuntoBancoResults
from croupier.sim.runner import Run, chunks, run

__all__ = ["simulate_app"]

simulate_app = typer.Typer(
    help="Simulate many hands at compiled speed, with confidence intervals beside the exact "
    "figures; on one core, local worker processes, or a Dask cluster.",
    no_args_is_help=True,
)

_NAMES = {Bet.PUNTO: "punto", Bet.BANCO: "banco", Bet.EGALITE: "tie"}


def _fail(message: str) -> typer.Exit:
    Console(stderr=True, highlight=False).print(f"[red]Error:[/] {message}")
    return typer.Exit(2)


def _at_five(text: str) -> float:
    """draw, stand, or the chance of drawing."""
    named = {"draw": 1.0, "stand": 0.0}
    try:
        chance = named[text.strip().lower()] if text.strip().lower() in named else float(text)
    except ValueError:
        chance = -1.0
    if not 0.0 <= chance <= 1.0:
        raise InvalidInput(
            f"--at-5 {text!r} is not valid: draw, stand, or the chance of drawing, 0 to 1"
        )
    return chance


@contextmanager
def _client(cluster: str | None, dask_local: int | None) -> Iterator[Any]:
    """A Dask client: to the cluster at `cluster`, or to a local cluster of `dask_local`
    worker processes; None for neither."""
    if cluster is None and dask_local is None:
        yield None
        return
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise InvalidInput(
            "a Dask cluster needs the distributed package: pip install croupier[cluster]"
        ) from None
    if cluster is not None:
        try:
            client = Client(cluster, timeout="5s")
        except (OSError, TimeoutError) as error:
            raise InvalidInput(f"--cluster {cluster!r} does not answer: {error}") from None
        with client:
            yield client
        return
    local = LocalCluster(n_workers=dask_local, threads_per_worker=1, dashboard_address=None)
    with local, Client(local) as client:
        yield client


@simulate_app.command(
    "punto-banco",
    epilog="Examples: `croupier simulate punto-banco --hands 100000000`; "
    "`croupier simulate punto-banco --hands 10000000 --workers 2 --seed 7 --json`; "
    "`croupier simulate punto-banco --at-5 stand --plot edge.png`.",
)
def punto_banco(
    hands: Annotated[int, typer.Option(help="Coups to deal, shoe after shoe.")] = 10_000_000,
    seed: Annotated[
        int | None,
        typer.Option(
            help="The same seed gives the same totals, however many workers. Without one, "
            "a strong random seed is drawn and shown."
        ),
    ] = None,
    workers: Annotated[int, typer.Option(help="Local worker processes.")] = 1,
    cluster: Annotated[
        str | None, typer.Option(help="Run on the Dask scheduler at this address.")
    ] = None,
    dask_local: Annotated[
        int | None, typer.Option(help="Start a local Dask cluster of this many workers.")
    ] = None,
    table: Annotated[str, typer.Option(help="large: 8 decks; small: 6 (PB-1).")] = "large",
    cut_card: Annotated[int, typer.Option(help="Cards behind the cut card (PB-3).")] = 10,
    at_5: Annotated[
        str,
        typer.Option(
            "--at-5", help="Punto on 5: draw (PB-14), stand, or the chance of drawing (PB-13e)."
        ),
    ] = "draw",
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object instead.")] = False,
    plot: Annotated[
        Path | None, typer.Option(help="Draw the running house edges with their band here.")
    ] = None,
) -> None:
    """Deal Punto Banco shoes at compiled speed: full shoes with the burn and the cut card
    (PB-3 .. PB-5), the third-card rules, and punto's play on 5. Reports how often punto,
    banco and tie win and each bet's house edge, with 95% intervals beside the exact odds
    of a fresh shoe."""
    console = Console(highlight=False)
    try:
        rules = registry.get("punto-banco").config(table=table, cut_card=cut_card)
        draw_on_5 = _at_five(at_5)
        if seed is None:
            seed = secrets.randbits(63)
        pieces = chunks(hands, seed)
        if workers < 1 or (dask_local is not None and dask_local < 1):
            raise InvalidInput("--workers and --dask-local take 1 or more")
        options = {"decks": rules.decks, "cut": rules.cut_card, "draw_on_5": draw_on_5}
        with _client(cluster, dask_local) as client, _progress(hands, as_json) as advance:
            result = run(
                kernel.simulate, pieces, options, workers=workers, client=client, progress=advance
            )
    except InvalidInput as error:
        raise _fail(str(error)) from None
    totals = result.totals()
    if totals is None:
        raise _fail("interrupted before any chunk was done")
    results = PuntoBancoResults.of(totals, rules.decks, draw_on_5)
    if as_json:
        print(json.dumps(_as_json(result, results, seed, workers), indent=2))
    else:
        _show(console, result, results, seed)
    if plot is not None:
        _plot(plot, result, rules.decks, draw_on_5)
        if not as_json:
            console.print(f"Plot written to {plot}.")


@contextmanager
def _progress(hands: int, quiet: bool) -> Iterator[Any]:
    """A progress bar with the rate and the time left, on a terminal, for long runs."""
    console = Console(stderr=True)
    if quiet or not console.is_terminal:
        yield None
        return
    columns = (
        TextColumn("[bold]dealing"),
        BarColumn(),
        MofNCompleteColumn(),
        TaskProgressColumn(),
        _Rate(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("hands", total=hands)
        yield lambda done: bar.advance(task, done)


class _Rate(ProgressColumn):
    """Hands a second, once there is a rate to show."""

    def render(self, task: Task) -> Text:
        speed = task.speed
        return Text(f"{speed:,.0f} hands/s" if speed else "", style="progress.data.speed")


def _as_json(result: Run, results: PuntoBancoResults, seed: int, workers: int) -> dict[str, Any]:
    hands = result.hands
    return {
        "game": "punto-banco",
        "hands": hands,
        "seconds": result.seconds,
        "hands_per_second": hands / result.seconds if result.seconds else None,
        "seed": seed,
        "workers": workers,
        "interrupted": result.interrupted,
        "results": results.as_json(),
    }


def _row(name: str, estimate: Estimate) -> tuple[str, ...]:
    exact = f"{estimate.exact:.4%}" if estimate.exact is not None else "—"
    sigmas = f"{estimate.sigmas:+.2f}" if estimate.sigmas is not None else "—"
    return name, f"{estimate.value:.4%} ± {estimate.margin:.4%}", exact, sigmas


def _show(console: Console, result: Run, results: PuntoBancoResults, seed: int) -> None:
    rate = result.hands / result.seconds if result.seconds else 0.0
    if result.interrupted:
        console.print("[yellow]Interrupted: the figures below are for the chunks done.[/]")
    console.print(
        f"[bold]Punto Banco[/]: {result.hands:,} coups in {results.counts[3]:,} shoes of "
        f"{results.decks} decks, {result.seconds:.2f} s ({rate:,.0f} hands/s), seed {seed}."
    )
    for title, estimates in (
        ("How often each wins", results.frequencies()),
        ("House edge per chip staked", results.house_edges()),
    ):
        table = Table(title=title, box=boxes.SIMPLE_HEAD)
        for column in ("", "Simulated ± 95%", "Exact, fresh shoe", "Off by (σ)"):
            table.add_column(column, justify="left" if not column else "right")
        for bet, estimate in estimates.items():
            table.add_row(*_row(_NAMES[bet], estimate))
        console.print(table)
    console.print(
        "[dim]Exact: the next coup of a fresh shoe; whole shoes dealt to the cut card differ "
        "from it by far less than these intervals.[/]"
    )


def _plot(path: Path, result: Run, decks: int, draw_on_5: float) -> None:
    """The running house edge of each bet, with its 95% band and the exact figure."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise _fail("--plot needs matplotlib: pip install croupier[plot]") from None
    points = [(n, PuntoBancoResults.of(c, decks, draw_on_5)) for n, c in result.running()]
    hands = [n for n, _ in points]
    figure, axes = plt.subplots(3, 1, figsize=(8, 9), sharex=True)
    for axis, bet in zip(axes, (Bet.BANCO, Bet.PUNTO, Bet.EGALITE), strict=True):
        edges = [r.house_edges()[bet] for _, r in points]
        value = [100 * e.value for e in edges]
        low = [100 * (e.value - e.margin) for e in edges]
        high = [100 * (e.value + e.margin) for e in edges]
        axis.fill_between(hands, low, high, alpha=0.25, label="95% band")
        axis.plot(hands, value, label="simulated")
        if edges[-1].exact is not None:
            axis.axhline(100 * edges[-1].exact, color="black", lw=0.8, ls="--", label="exact")
        axis.set_ylabel(f"{_NAMES[bet]} edge, %")
        axis.legend(loc="upper right", fontsize="small")
    axes[-1].set_xscale("log")
    axes[-1].set_xlabel("coups dealt")
    figure.suptitle(f"Punto Banco, {decks} decks: the house edge as the coups add up")
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)

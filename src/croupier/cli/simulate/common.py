"""What every `croupier simulate` command shares: the options for seeds and workers, the run
in chunks wherever it goes, the progress bar, the JSON, the tables of estimates, the plot."""

from __future__ import annotations

import functools
import logging
import math
import re
import secrets
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

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

from croupier.cli._json_output import emit
from croupier.cli._options import number
from croupier.errors import InvalidConfig, InvalidInput
from croupier.estimate import Estimate
from croupier.games.baccarat import AtFive as PlayAtFive
from croupier.i18n import N_, _
from croupier.sim.runner import CHUNK, Run, chunks, run

__all__ = [
    "Coups",
    "Shoes",
    "Where",
    "at_five",
    "estimate_table",
    "execute",
    "headline",
    "how_long",
    "plot_running",
    "print_json",
    "pyplot",
]

Coups = Annotated[
    int | None,
    number(help=N_("Coups to deal, shoe after shoe; 10,000,000 if no length is given.")),
]
Shoes = Annotated[
    int | None,
    number(help=N_("Deal this many whole shoes instead, each to its cut card.")),
]


def at_five(text: str) -> PlayAtFive:
    """`--at-5`: draw, stand, or the chance of drawing, 0 to 1 (the simulators deal a fixed
    chance; the best play for the cards is the exact odds')."""
    try:
        play = PlayAtFive.read(text)
    except InvalidConfig:
        play = PlayAtFive.BEST
    if play.draws is None:
        said = _("--at-5 {text!r} is not valid: draw, stand, or the chance of drawing, 0 to 1")
        raise InvalidInput(said.format(text=text))
    return play


_SHOE_CHUNK = CHUNK // 64
"""Shoes in a chunk of a run counted in shoes: some five million coups."""


def how_long(
    default: int,
    hands: int | None,
    shoes: int | None = None,
    sessions: int | None = None,
    session_hands: int = 1,
    *,
    hands_are: str = "hands",
    size: int = CHUNK,
) -> tuple[str, int, int]:
    """What a run counts (`hands`, whole `shoes`, or `sessions` of `session_hands` hands),
    how many, and in chunks of how many; `default` hands if nothing is said. Where a game
    counts its runs in something else, `hands_are` names it (`--deals`, `--banks`) and
    `size` says how many make a chunk."""
    given = {hands_are: hands, "shoes": shoes, "sessions": sessions}
    said = {unit: count for unit, count in given.items() if count is not None}
    if len(said) > 1:
        options = [f"--{unit}" for unit in said]
        both = _("{first} and {second}")
        named = functools.reduce(lambda a, b: both.format(first=a, second=b), options)
        raise InvalidInput(
            _("{named} are ways to say how long a run is: give one").format(named=named)
        )
    unit, count = next(iter(said.items()), (hands_are, default))
    if unit == "sessions":
        return "sessions", count, max(1, CHUNK // max(1, session_hands))
    return unit, count, _SHOE_CHUNK if unit == "shoes" else size


_ADDRESS = re.compile(r"(?:(?:tcp|tls|ws|wss|ucx)://)?[\w.-]+:\d{1,5}|inproc://\S+")
"""What a Dask scheduler's address looks like; distributed reads it when it connects."""


class Where:
    """Where a run goes: `workers` local processes, a Dask `cluster` at an address, or a
    local Dask cluster of `dask_local` workers."""

    def __init__(self, workers: int, cluster: str | None, dask_local: int | None) -> None:
        if workers < 1 or (dask_local is not None and dask_local < 1):
            raise InvalidInput(_("--workers and --dask-local take 1 or more"))
        if cluster is not None and not _ADDRESS.fullmatch(cluster):
            said = _(
                "--cluster {cluster!r} is not a Dask scheduler's address: write tcp://host:port"
            )
            raise InvalidInput(said.format(cluster=cluster))
        self.workers = workers
        self.cluster = cluster
        self.dask_local = dask_local

    @contextmanager
    def client(self) -> Iterator[Any]:
        """A Dask client, or None to run here or on local processes."""
        if self.cluster is None and self.dask_local is None:
            yield None
            return
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            raise InvalidInput(
                _("a Dask cluster needs the distributed package: pip install croupier[cluster]")
            ) from None
        if self.cluster is not None:
            try:
                client = Client(self.cluster, timeout="5s")
            except ValueError as error:  # distributed's reading of the address
                said = _(
                    "--cluster {cluster!r} is not a scheduler's address ({error}): "
                    "write tcp://host:port"
                )
                raise InvalidInput(said.format(cluster=self.cluster, error=error)) from None
            except (OSError, TimeoutError) as error:
                said = _("--cluster {cluster!r} does not answer: {error}")
                raise InvalidInput(said.format(cluster=self.cluster, error=error)) from None
            with client:
                yield client
            return
        # Its workers' own logs are not shown: a worker whose heartbeat crosses the cluster's
        # closing logs a traceback, and a chunk that fails is raised here, by the client.
        local = LocalCluster(
            n_workers=self.dask_local,
            threads_per_worker=1,
            dashboard_address=None,
            silence_logs=logging.CRITICAL,
        )
        with local, Client(local) as client:
            yield client


def execute(
    simulate: Callable[..., Any],
    count: int,
    unit: str,
    seed: int | None,
    options: dict[str, Any],
    where: Where,
    quiet: bool,
    size: int = CHUNK,
) -> tuple[Run, int]:
    """The run, in chunks, wherever it was asked to go; and the seed it used (drawn from a
    strong source when none was given, so the run can be repeated)."""
    if seed is None:
        seed = secrets.randbits(63)
    pieces = chunks(count, seed, size, unit)
    with where.client() as client, _progress(count, unit, quiet) as advance:
        result = run(
            simulate, pieces, options, workers=where.workers, client=client, progress=advance
        )
    if result.totals() is None:
        raise InvalidInput(_("interrupted before any chunk was done"))
    return result, seed


@contextmanager
def _progress(total: int, unit: str, quiet: bool) -> Iterator[Any]:
    """A progress bar with the rate and the time left, on a terminal."""
    console = Console(stderr=True)
    if quiet or not console.is_terminal:
        yield None
        return
    columns = (
        TextColumn(_("[bold]simulating")),
        BarColumn(),
        MofNCompleteColumn(),
        TaskProgressColumn(),
        _Rate(unit),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(unit, total=total)
        yield lambda done: bar.advance(task, done)


_RATES = {
    "hands": N_("{rate} hands/s"),
    "shoes": N_("{rate} shoes/s"),
    "sessions": N_("{rate} sessions/s"),
    "deals": N_("{rate} deals/s"),
    "banks": N_("{rate} banks/s"),
    "shuffles": N_("{rate} shuffles/s"),
}
"""A run's rate, by what it counts."""


class _Rate(ProgressColumn):
    """Units a second, once there is a rate to show."""

    def __init__(self, unit: str) -> None:
        super().__init__()
        self.rate = _(_RATES[unit])

    def render(self, task: Task) -> Text:
        speed = task.speed
        shown = self.rate.format(rate=f"{speed:,.0f}") if speed else ""
        return Text(shown, style="progress.data.speed")


def print_json(
    game: str,
    rules: Mapping[str, Any],
    result: Run,
    results: Mapping[str, Any],
    seed: int,
    where: Where,
    counts: Mapping[str, int],
) -> None:
    """The run's JSON (`_json_output.emit`): what it dealt (`counts`: hands, shoes,
    sessions...), each at its rate a second, how long it took, on how many workers."""
    seconds = result.seconds
    emit(
        "simulate",
        game,
        rules,
        results,
        seed=seed,
        counts=counts,
        interrupted=result.interrupted,
        seconds=seconds,
        per_second={name: n / seconds if seconds else 0.0 for name, n in counts.items()},
        workers=where.workers,
    )


def headline(console: Console, result: Run, text: str) -> None:
    """What was run, after a warning if Ctrl-C cut it short."""
    if result.interrupted:
        console.print(_("[yellow]Interrupted: the figures are for the chunks done.[/]"))
    console.print(text)


def estimate_table(title: str, rows: Mapping[str, Estimate], percent: bool = True) -> Table:
    """Simulated figures with their 95% intervals beside the exact ones, and how many
    standard errors apart they are."""
    table = Table(title=title, box=boxes.SIMPLE_HEAD)
    table.add_column("")
    for column in (N_("Simulated, 95% interval"), N_("Exact"), N_("Off by (σ)")):
        table.add_column(_(column), justify="right")

    def shown(x: float) -> str:
        return f"{x:.4%}" if percent else f"{x:.4f}"

    for name, estimate in rows.items():
        if not math.isfinite(estimate.margin) and estimate.bounds is None:
            simulated = _("{value}, too few for an interval").format(value=shown(estimate.value))
        elif estimate.bounds is None:  # symmetric: the margin either side
            simulated = f"{shown(estimate.value)} ± {shown(estimate.margin)}"
        else:  # a share's Wilson interval, lopsided near 0 and 1
            low, high = estimate.bounds
            between = _("{low} to {high}").format(low=shown(low), high=shown(high))
            simulated = f"{shown(estimate.value)} ({between})"
        exact = shown(float(estimate.exact)) if estimate.exact is not None else "—"
        sigmas = f"{estimate.sigmas:+.2f}" if estimate.sigmas is not None else "—"
        table.add_row(name, simulated, exact, sigmas)
    return table


def pyplot() -> Any:
    """matplotlib's pyplot, drawing to files (`--plot`'s check, `plot_file`, has found it
    installed)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot_running(
    path: Path,
    result: Run,
    title: str,
    series: Callable[[Any], Mapping[str, Estimate]],
    unit: str,
    console: Console | None,
    percent: bool = True,
) -> None:
    """Each figure of `series(counts so far)` as the run adds up, with its 95% band and
    the exact figure, one panel each; said on `console` if one is given."""
    plt = pyplot()
    points = [(n, series(counts)) for n, counts in result.running()]
    names = list(points[-1][1])
    scale = 100 if percent else 1
    figure, axes = plt.subplots(len(names), 1, figsize=(8, 3 * len(names)), sharex=True)
    axes = axes if len(names) > 1 else [axes]
    counts = [n for n, _ in points]
    for axis, name in zip(axes, names, strict=True):
        estimates = [figures[name] for _, figures in points]
        value = [scale * e.value for e in estimates]
        low = [scale * e.interval[0] for e in estimates]
        high = [scale * e.interval[1] for e in estimates]
        axis.fill_between(counts, low, high, alpha=0.25, label=_("95% band"))
        axis.plot(counts, value, label=_("simulated"))
        if estimates[-1].exact is not None:
            exact = scale * float(estimates[-1].exact)
            axis.axhline(exact, color="black", lw=0.8, ls="--", label=_("exact"))
        axis.set_ylabel(f"{name}{', %' if percent else ''}")
        axis.legend(loc="upper right", fontsize="small")
    axes[-1].set_xscale("log")
    axes[-1].set_xlabel(unit)
    figure.suptitle(title)
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)
    if console is not None:
        said = _("Plot written to {path}.").format(path=path)
        console.print(said, soft_wrap=True)  # the path unbroken

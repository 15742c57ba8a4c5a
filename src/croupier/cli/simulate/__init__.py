"""`croupier simulate`: many hands fast, on one core, local workers or a Dask cluster."""

from __future__ import annotations

import typer

from croupier.cli.simulate.banchek import banchek
from croupier.cli.simulate.chemin_de_fer import chemin_de_fer
from croupier.cli.simulate.monte_bank import monte_bank
from croupier.cli.simulate.private_monte import private_monte
from croupier.cli.simulate.punto_banco import punto_banco
from croupier.cli.usage import GameCommands

__all__ = ["simulate_app"]

simulate_app = typer.Typer(
    cls=GameCommands,
    help="Simulate many hands at compiled speed, with 95% intervals beside the exact figures; "
    "on one core, local worker processes, or a Dask cluster (the same seed, the same totals).",
    no_args_is_help=True,
)
simulate_app.command(
    "punto-banco",
    epilog="Examples: `croupier simulate punto-banco --hands 100000000`; "
    "`croupier simulate punto-banco --hands 10000000 --workers 2 --seed 7 --json`; "
    "`croupier simulate punto-banco --at-5 stand --plot edge.png`; "
    "`croupier simulate punto-banco --shoes 100000`; "
    "`croupier simulate punto-banco --sessions 100000 --bet banco --stake 20 --plot paths.png`.",
)(punto_banco)
simulate_app.command(
    "chemin-de-fer",
    epilog="Examples: `croupier simulate chemin-de-fer`; "
    "`croupier simulate chemin-de-fer --strategy tableau --at-5 stand --json`; "
    "`croupier simulate chemin-de-fer --sessions 100000 --side banker --commission 5`.",
)(chemin_de_fer)
simulate_app.command(
    "private-monte",
    epilog="Examples: `croupier simulate private-monte`; "
    "`croupier simulate private-monte --shuffles 10000000 --workers 2 --json`; "
    "`croupier simulate private-monte --sessions 20000 --bettor counter --plot bankrolls.png`.",
)(private_monte)
simulate_app.command(
    "banchek",
    epilog="Examples: `croupier simulate banchek --punters 4 --policy chance`; "
    "`croupier simulate banchek --policy bank --banks 1000000 --json`; "
    "`croupier simulate banchek --sessions 100000 --plot banks.png`.",
)(banchek)
simulate_app.command(
    "monte-bank",
    epilog="Examples: `croupier simulate monte-bank`; "
    "`croupier simulate monte-bank --deals 20000000 --cut-on first-fall --json`; "
    "`croupier simulate monte-bank --sessions 20000 --bet doubler --plot paths.png`.",
)(monte_bank)

"""`croupier simulate`: many hands fast, on one core, local workers or a Dask cluster.

Its implementation, private to the package: `_sessions`; `__all__` names what it offers.
"""

from __future__ import annotations

from croupier.cli._library_words import Typer
from croupier.cli._usage import GameCommands
from croupier.cli.simulate.banchek import banchek
from croupier.cli.simulate.chemin_de_fer import chemin_de_fer
from croupier.cli.simulate.monte_bank import monte_bank
from croupier.cli.simulate.private_monte import private_monte
from croupier.cli.simulate.punto_banco import punto_banco
from croupier.i18n import N_

__all__ = ["simulate_app"]

simulate_app = Typer(
    cls=GameCommands,
    help=N_(
        "Simulate many hands at compiled speed, with 95% intervals beside the exact figures; "
        "on one core, local worker processes, or a Dask cluster (the same seed, the same totals)."
    ),
    no_args_is_help=True,
)
simulate_app.command(
    "punto-banco",
    help=N_(
        "Deal Punto Banco shoes at compiled speed: full shoes with the burn and the cut card "
        "(PB-3 .. PB-5), the third-card rules, and punto's play on 5 (draw: PB-14; stand, or a "
        "chance of drawing: PB-13e). Reports how often punto, banco and tie win and each bet's "
        "house edge, with 95% intervals beside the exact odds of a fresh shoe. With --sessions, "
        "players sit down with a bankroll and stake on one bet until they leave or are ruined; "
        "how they end, and the spread of their bankrolls along the way."
    ),
    epilog=N_(
        "Examples: `croupier simulate punto-banco --hands 100000000`; "
        "`croupier simulate punto-banco --hands 10000000 --workers 2 --seed 7 --json`; "
        "`croupier simulate punto-banco --at-5 stand --plot edge.png`; "
        "`croupier simulate punto-banco --shoes 100000`; "
        "`croupier simulate punto-banco --sessions 100000 --bet banco --stake 20 --plot paths.png`."
    ),
)(punto_banco)
simulate_app.command(
    "chemin-de-fer",
    help=N_(
        "Deal Chemin de Fer coups at compiled speed, both sides playing a strategy, shoe after "
        "shoe with the burn and the cut card. Reports how often each side wins and the "
        "banker's edge, with and without the 5% commission (CF-16 variant), with 95% intervals "
        "beside the exact figures of a fresh shoe for the strategy played."
    ),
    epilog=N_(
        "Examples: `croupier simulate chemin-de-fer`; "
        "`croupier simulate chemin-de-fer --strategy tableau --at-5 stand --json`; "
        "`croupier simulate chemin-de-fer --sessions 100000 --side banker --commission 5`."
    ),
)(chemin_de_fer)
simulate_app.command(
    "private-monte",
    help=N_(
        "Deal Private Monte Bank shuffle after shuffle: a flat bettor backs both layouts on "
        "every deal; a counter backs a layout only when the cards seen since the shuffle make "
        "it better than even (PM-5, PM-8). Reports each one's edge per chip, by deal, with 95% "
        "intervals beside the exact edge of a flat bet. With --sessions, one of them sits down "
        "with a bankroll for a number of deals, paid 1 to 1 (PM-6), until he leaves or cannot "
        "cover a deal; how the sessions end, and the spread of their bankrolls along the way."
    ),
    epilog=N_(
        "Examples: `croupier simulate private-monte`; "
        "`croupier simulate private-monte --shuffles 10000000 --workers 2 --json`; "
        "`croupier simulate private-monte --sessions 20000 --bettor counter --plot bankrolls.png`."
    ),
)(private_monte)
simulate_app.command(
    "banchek",
    help=N_(
        "Play Polish Banchek banks out at compiled speed: the deal, the stakes, the turned "
        "card, the round's cards under the pack with no reshuffle (BN-8, BN-9), until the bank "
        "triples or breaks (BN-10). Reports how banks end and how long they last, with 95% "
        "intervals beside the exact figures where there are any. With --sessions, the banker's "
        "bankroll hand by hand: how banks end and the spread of what they hold along the way."
    ),
    epilog=N_(
        "Examples: `croupier simulate banchek --punters 4 --policy chance`; "
        "`croupier simulate banchek --policy bank --banks 1000000 --json`; "
        "`croupier simulate banchek --sessions 100000 --plot banks.png`."
    ),
)(banchek)
simulate_app.command(
    "monte-bank",
    help=N_(
        "Deal Monte Bank layouts at compiled speed, void deals dealt again (MB-7), pairs and "
        "triples stacked, every wager on every layout settled by the draw with its colour rule "
        "(MB-10). Reports the void rate, the layouts, and each bet's house edge, with 95% "
        "intervals beside the exact odds. With --sessions, punters sit down with a bankroll and "
        "stake on one wager each valid deal (a void deal is dealt again and is no hand), paid "
        "as the engine pays, less the house's cut (MB-13), until they leave or are ruined; how "
        "they end, and the spread of their bankrolls along the way. Any wager of a kind has "
        "the odds of its kind, so which one --bet names changes no figure."
    ),
    epilog=N_(
        "Examples: `croupier simulate monte-bank`; "
        "`croupier simulate monte-bank --deals 20000000 --cut-on first-fall --json`; "
        "`croupier simulate monte-bank --sessions 20000 --bet doubler --plot paths.png`."
    ),
)(monte_bank)

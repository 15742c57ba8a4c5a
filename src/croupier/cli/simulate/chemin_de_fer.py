"""`croupier simulate chemin-de-fer`."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.console import Console

from croupier.cli._options import AsJson, Cluster, DaskLocal, Plot, Seed, Workers, choice
from croupier.cli._usage import fail
from croupier.cli.rule_options import Given, with_rules
from croupier.cli.simulate._sessions import (
    SESSIONS,
    Bankroll,
    SessionHands,
    Sessions,
    Stake,
    report,
)
from croupier.cli.simulate.common import (
    Coups,
    Shoes,
    Where,
    at_five,
    estimate_table,
    execute,
    headline,
    how_long,
    plot_running,
    print_json,
)
from croupier.errors import InvalidInput
from croupier.games.chemin_de_fer.rules import Rules, Winner
from croupier.i18n import N_, _, ngettext
from croupier.sim import chemin_de_fer as kernel
from croupier.sim.chemin_de_fer_results import (
    CheminDeFerResults,
    exact_take,
    rules_json,
    strategy_json,
)
from croupier.sim.runner import Run
from croupier.sim.sessions import Plan

__all__ = ["chemin_de_fer"]

_NAMES = {Winner.PUNTERS: N_("punter"), Winner.BANKER: N_("banker"), Winner.TIE: N_("tie")}
"""Who wins a coup (CF-14), as the report names it."""
_SIDES = {
    "punter": N_("Chemin de Fer, the punter, {strategy}"),
    "banker": N_("Chemin de Fer, the banker, {strategy}"),
}
"""What the sessions play, by `--side`."""
_STRATEGIES = {
    "equilibrium": N_("equilibrium"),
    "tableau": N_("tableau"),
    "draw": N_("draw"),
    "stand": N_("stand"),
}
"""The strategies of `--strategy`, as the report names them."""


def _named(play: kernel.Strategy) -> str:
    """A strategy's name, in the reader's language."""
    return _(_STRATEGIES[play.name]) if play.name in _STRATEGIES else play.name


@with_rules(
    "chemin-de-fer",
    leave_out={
        "banker_play": "--strategy says how both sides play",
        **dict.fromkeys(
            ("seats", "minimum_bank", "minimum_stake"),
            "the kernel deals coups, not a table's seats and banks",
        ),
    },
)
def chemin_de_fer(
    given: Given,
    hands: Coups = None,
    shoes: Shoes = None,
    sessions: Sessions = None,
    session_hands: SessionHands = 500,
    bankroll: Bankroll = 1000,
    stake: Stake = 20,
    side: Annotated[
        str,
        choice(
            "punter",
            "banker",
            help=N_(
                "Whom the sessions stake with: punter (against the bank, even money), or "
                "banker (holding the bank every coup)."
            ),
            rich_help_panel=SESSIONS,
        ),
    ] = "punter",
    seed: Seed = None,
    workers: Workers = 1,
    cluster: Cluster = None,
    dask_local: DaskLocal = None,
    strategy: Annotated[
        str,
        choice(
            *kernel.STRATEGIES,
            help=N_(
                "How both sides play: equilibrium (the solver's, each knowing his total), "
                "tableau (the casino table, CF-13 variant), draw, or stand."
            ),
        ),
    ] = "equilibrium",
    at_5: Annotated[
        str | None,
        typer.Option(
            "--at-5",
            metavar="PLAY",
            help=N_("The punter on 5, instead of the strategy's: draw, stand, or a chance."),
        ),
    ] = None,
    as_json: AsJson = False,
    plot: Plot = None,
) -> None:
    console = Console(highlight=False)
    try:
        play_at_five = at_five(at_5) if at_5 is not None else None
        rules: Rules = given.table()
        play = kernel.strategy(strategy, rules.decks, at_five=play_at_five)
        where = Where(workers, cluster, dask_local)
        options: dict[str, Any] = {"rules": rules, "strategy": play}
        unit, count, size = how_long(10_000_000, hands, shoes, sessions, session_hands)
        if unit == "sessions":
            net = _nets(side, stake, rules)
            plan = Plan(bankroll, stake, session_hands, max(net))
            options |= {"plan": plan, "net": net}
            result, seed = execute(
                kernel.sessions, count, unit, seed, options, where, as_json, size
            )
            report(
                "chemin-de-fer",
                _(_SIDES[side]).format(strategy=_named(play)),
                result,
                plan,
                kernel.filler(net, rules, play),
                exact_take(rules, play, net, stake),
                seed,
                where,
                as_json,
                plot,
                rules=rules_json(rules),
                plays={"side": side, "strategy": strategy_json(play)},
            )
            raise typer.Exit(130 if result.interrupted else 0)
        simulate = kernel.simulate if unit == "hands" else kernel.simulate_shoes
        result, seed = execute(simulate, count, unit, seed, options, where, as_json, size)

        def results(counts: object) -> CheminDeFerResults:
            return CheminDeFerResults.of(counts, rules, play)

        final = results(result.totals())
        if as_json:
            counts = {"hands": final.hands, "shoes": final.shoes}
            table = rules_json(rules)
            print_json("chemin-de-fer", table, result, final.as_json(), seed, where, counts)
        else:
            _show(console, result, final, seed)
        if plot is not None:
            title = _("Chemin de Fer, {strategy}: the banker's edge as the coups add up")
            plot_running(
                plot,
                result,
                title.format(strategy=_named(play)),
                lambda counts: {_("banker's edge"): results(counts).banker_edge()},
                _("coups dealt") if unit == "hands" else _("shoes dealt"),
                None if as_json else console,
            )
    except InvalidInput as error:
        raise fail(error) from None
    if result.interrupted:
        raise typer.Exit(130)  # as a shell reports Ctrl-C, once the partial result is out


def _show(console: Console, result: Run, final: CheminDeFerResults, seed: int) -> None:
    """The run's report: what was dealt, how often each side won, and the banker's edge."""
    play = final.strategy
    said = ngettext(
        "[bold]Chemin de Fer[/], {strategy}: {coups} in {shoes} shoe of {decks}, {seconds} s "
        "({rate} hands/s), seed {seed}; the punter draws on 5 with chance {chance}.",
        "[bold]Chemin de Fer[/], {strategy}: {coups} in {shoes} shoes of {decks}, {seconds} s "
        "({rate} hands/s), seed {seed}; the punter draws on 5 with chance {chance}.",
        final.shoes,
    ).format(
        strategy=_named(play),
        coups=ngettext("{n} coup", "{n} coups", final.hands).format(n=f"{final.hands:,}"),
        shoes=f"{final.shoes:,}",
        decks=ngettext("{n} deck", "{n} decks", final.decks).format(n=final.decks),
        seconds=f"{result.seconds:.2f}",
        rate=f"{final.hands / result.seconds:,.0f}",
        seed=seed,
        chance=f"{float(play.draws_at_5):.4f}",
    )
    headline(console, result, said)
    named = {_(_NAMES[w]): e for w, e in final.frequencies().items()}
    named[_("natural")] = final.naturals()
    console.print(estimate_table(_("How often"), named))
    commission = _("{rate} commission").format(rate=f"{float(final.commission):.0%}")
    edges = {
        _("no commission"): final.banker_edge(),
        commission: final.banker_edge(final.commission),
    }
    console.print(estimate_table(_("The banker's edge a unit staked"), edges))


def _nets(side: str, stake: int, rules: Rules) -> tuple[int, int, int]:
    """What `stake` on `side` wins or loses when the punter wins, the banker wins, or they
    tie (CF-14), the house taking the rules' commission of a banker's win in whole chips
    (CF-16)."""
    if side == "punter":
        return stake, -stake, 0
    return -stake, stake - rules.commission_on(stake), 0  # the banker's (`--side` checks)

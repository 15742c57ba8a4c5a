"""`croupier simulate punto-banco`."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any

import typer
from rich.console import Console

from croupier.cli._options import (
    AsJson,
    AtFive,
    Cluster,
    DaskLocal,
    Plot,
    Seed,
    Workers,
)
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
from croupier.games.baccarat import AtFive as PlayAtFive
from croupier.games.punto_banco import Bet, Rules
from croupier.i18n import N_, _, ngettext
from croupier.sim import punto_banco as kernel
from croupier.sim.punto_banco_results import PuntoBancoResults, fresh_shoe, rules_json
from croupier.sim.runner import Run
from croupier.sim.sessions import Plan

__all__ = ["punto_banco"]

_NAMES = {Bet.PUNTO: N_("punto"), Bet.BANCO: N_("banco"), Bet.EGALITE: N_("égalité")}
"""The bets as the report names them (PB-6)."""
_EDGES = {
    Bet.PUNTO: N_("punto edge"),
    Bet.BANCO: N_("banco edge"),
    Bet.EGALITE: N_("égalité edge"),
}
"""Each bet's house edge, as the plot names it."""


@with_rules(
    "punto-banco",
    leave_out={
        "tableau": "--at-5 says how punto plays on 5, the fixed tableau's draw among them",
        "commission_timing": "the kernel takes the commission each coup",
    },
)
def punto_banco(
    given: Given,
    hands: Coups = None,
    shoes: Shoes = None,
    sessions: Sessions = None,
    session_hands: SessionHands = 500,
    bankroll: Bankroll = 1000,
    stake: Stake = 20,
    bet: Annotated[
        Bet,
        typer.Option(help=N_("The bet of every session hand (PB-6)."), rich_help_panel=SESSIONS),
    ] = Bet.BANCO,
    seed: Seed = None,
    workers: Workers = 1,
    cluster: Cluster = None,
    dask_local: DaskLocal = None,
    at_5: AtFive = "draw",
    as_json: AsJson = False,
    plot: Plot = None,
) -> None:
    console = Console(highlight=False)
    try:
        rules: Rules = given.table()
        play = at_five(at_5)
        where = Where(workers, cluster, dask_local)
        options = {"rules": rules, "at_five": play}
        unit, count, size = how_long(10_000_000, hands, shoes, sessions, session_hands)
        if unit == "sessions":
            plan, net = _plan(rules, bet, stake, bankroll, session_hands)
            options |= {"plan": plan, "net": net}
            result, seed = execute(
                kernel.sessions, count, unit, seed, options, where, as_json, size
            )
            report(
                "punto-banco",
                ngettext(
                    "Punto Banco, {bet} at {decks} deck",
                    "Punto Banco, {bet} at {decks} decks",
                    rules.decks,
                ).format(bet=_(_NAMES[bet]), decks=rules.decks),
                result,
                plan,
                kernel.filler(net, rules, play),
                _edge(fresh_shoe(rules, play), net, stake),
                seed,
                where,
                as_json,
                plot,
                rules=_rules_json(rules, play),
                plays={"bet": bet.value},
            )
            raise typer.Exit(130 if result.interrupted else 0)
        simulate = kernel.simulate if unit == "hands" else kernel.simulate_shoes
        result, seed = execute(simulate, count, unit, seed, options, where, as_json, size)
        decks = rules.decks

        def results(counts: object) -> PuntoBancoResults:
            return PuntoBancoResults.of(counts, rules, play)

        final = results(result.totals())
        if as_json:
            counts = {"hands": final.hands, "shoes": final.counts[3]}
            rules_shown = _rules_json(rules, play)
            print_json("punto-banco", rules_shown, result, final.as_json(), seed, where, counts)
        else:
            _show(console, result, final, seed)
        if plot is not None:
            title = ngettext(
                "Punto Banco, {decks} deck: the house edge as the coups add up",
                "Punto Banco, {decks} decks: the house edge as the coups add up",
                decks,
            )
            plot_running(
                plot,
                result,
                title.format(decks=decks),
                lambda counts: {
                    _(_EDGES[bet]): e for bet, e in results(counts).house_edges().items()
                },
                _("coups dealt") if unit == "hands" else _("shoes dealt"),
                None if as_json else console,
            )
    except InvalidInput as error:
        raise fail(error) from None
    if result.interrupted:
        raise typer.Exit(130)  # as a shell reports Ctrl-C, once the partial result is out


def _show(console: Console, result: Run, final: PuntoBancoResults, seed: int) -> None:
    """The run's report: what was dealt, how often each bet won, and its house edge."""
    said = _(
        "[bold]Punto Banco[/]: {coups} in {shoes} of {decks}, {seconds} s ({rate} hands/s), "
        "seed {seed}."
    )
    decks = final.rules.decks
    shoes = final.counts[3]
    said = said.format(
        coups=ngettext("{n} coup", "{n} coups", final.hands).format(n=f"{final.hands:,}"),
        shoes=ngettext("{n} shoe", "{n} shoes", shoes).format(n=f"{shoes:,}"),
        decks=ngettext("{n} deck", "{n} decks", decks).format(n=decks),
        seconds=f"{result.seconds:.2f}",
        rate=f"{final.hands / result.seconds:,.0f}",
        seed=seed,
    )
    headline(console, result, said)
    named = {_(_NAMES[bet]): e for bet, e in final.frequencies().items()}
    console.print(estimate_table(_("How often each wins"), named))
    edges = {_(_NAMES[bet]): e for bet, e in final.house_edges().items()}
    console.print(estimate_table(_("House edge per chip staked"), edges))
    console.print(
        _(
            "[dim]Exact: the next coup of a fresh shoe; whole shoes dealt to the cut card "
            "differ from it by far less than these intervals.[/]"
        )
    )


def _plan(
    rules: Rules, bet: Bet, stake: int, bankroll: int, hands: int
) -> tuple[Plan, tuple[int, int, int]]:
    """Sessions staking `stake` on `bet` each coup, and what the stake wins on each result."""
    limits = rules.limits(bet)
    if not limits.low <= stake <= limits.high:
        said = _("--stake {stake} is not valid: {bet} takes {low} to {high} (PB-6)")
        raise InvalidInput(
            said.format(stake=stake, bet=_(_NAMES[bet]), low=limits.low, high=limits.high)
        )
    net = kernel.nets(rules, bet, stake)
    return Plan(bankroll, stake, hands, max(net)), net


def _edge(chances: dict[Bet, Fraction], net: tuple[int, int, int], stake: int) -> Fraction:
    """The house's take per chip of `stake` on a fresh shoe, paid `net` in whole chips (the
    commission rounded, PB-7)."""
    results = ((Bet.PUNTO, 0), (Bet.BANCO, 1), (Bet.EGALITE, 2))
    won = sum((chances[b] * net[i] for b, i in results), Fraction(0))
    return -won / stake


def _rules_json(rules: Rules, play: PlayAtFive) -> dict[str, Any]:
    return rules_json(rules, play, decks=rules.decks, cut_card=rules.cut_card)

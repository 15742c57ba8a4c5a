"""`croupier simulate private-monte`."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

from croupier.cli._options import AsJson, Cluster, DaskLocal, Plot, Seed, Workers, number
from croupier.cli._usage import fail
from croupier.cli.rule_options import Given, with_rules
from croupier.cli.simulate._sessions import SESSIONS, Bankroll, Sessions, report
from croupier.cli.simulate.common import (
    Where,
    estimate_table,
    execute,
    headline,
    how_long,
    plot_running,
    print_json,
)
from croupier.errors import InvalidInput
from croupier.estimate import Estimate
from croupier.games.private_monte import PrivateRules
from croupier.i18n import N_, _, ngettext
from croupier.odds.private_monte import first_deal
from croupier.sim import private_monte as kernel
from croupier.sim.private_monte_results import Bettor, PrivateMonteResults, rules_json
from croupier.sim.runner import Run
from croupier.sim.sessions import Plan

__all__ = ["private_monte"]

_SESSIONS = {
    Bettor.FLAT: N_("Private Monte Bank, the flat bettor, {stake} on both layouts every deal"),
    Bettor.COUNTER: N_("Private Monte Bank, the counter, {stake} on each layout better than even"),
}
"""What the sessions play, by `--bettor`."""
_EDGES = {
    Bettor.FLAT: N_("The flat bettor's edge per chip (bets on {share} of deals)"),
    Bettor.COUNTER: N_("The counter's edge per chip (bets on {share} of deals)"),
}
"""Each bettor's table of edges, by deal."""
_PLOTTED = {Bettor.FLAT: N_("flat bettor's edge"), Bettor.COUNTER: N_("counter's edge")}
"""Each bettor's edge, as the plot names it."""


@with_rules(
    "private-monte",
    leave_out={
        **dict.fromkeys(("seats", "minimum_monte", "cap"), "the bank is not followed"),
        "cut": "the private form has no house cut",
        "cut_on": "the private form has no house cut",
        "extra_cards": "the private form adds no cards",
    },
)
def private_monte(
    given: Given,
    shuffles: Annotated[
        int | None,
        number(
            help=N_(
                "Shuffles of the pack to deal, each of --deals-per-bank deals; 1,000,000 if "
                "no length is given."
            )
        ),
    ] = None,
    sessions: Sessions = None,
    session_hands: Annotated[
        int,
        number(
            help=N_(
                "Deals in a session (a hand is a deal), the pack shuffled afresh after every "
                "--deals-per-bank deals."
            ),
            low=1,
            rich_help_panel=SESSIONS,
        ),
    ] = 120,
    bankroll: Bankroll = 1000,
    stake: Annotated[
        int,
        number(
            help=N_(
                "Chips on each layout backed, from --cava to --limit: a deal stakes up to "
                "twice this, which a session must cover."
            ),
            low=1,
            rich_help_panel=SESSIONS,
        ),
    ] = 20,
    bettor: Annotated[
        Bettor,
        typer.Option(
            help=N_(
                "Who sits the sessions: flat (both layouts every deal) or counter (a layout "
                "only when the cards seen make it better than even)."
            ),
            rich_help_panel=SESSIONS,
        ),
    ] = Bettor.FLAT,
    seed: Seed = None,
    workers: Workers = 1,
    cluster: Cluster = None,
    dask_local: DaskLocal = None,
    as_json: AsJson = False,
    plot: Plot = None,
) -> None:
    console = Console(highlight=False)
    try:
        rules = _rules(given)
        deals = rules.deals_per_bank
        assert deals is not None  # the private form's deals are bounded (PM-8)
        where = Where(workers, cluster, dask_local)
        unit, count, size = how_long(
            1_000_000, shuffles, None, sessions, session_hands, hands_are="shuffles"
        )
        if unit == "sessions":
            who = bettor
            fill = kernel.filler(who, stake, rules)
            plan = _plan(stake, bankroll, session_hands, who)
            options = {"plan": plan, "bettor": who, "stake": stake, "rules": rules}
            result, seed = execute(
                kernel.sessions, count, unit, seed, options, where, as_json, size
            )
            report(
                "private-monte",
                _(_SESSIONS[who]).format(stake=f"{stake:,}"),
                result,
                plan,
                fill,
                -first_deal().edge if who is Bettor.FLAT else None,
                seed,
                where,
                as_json,
                plot,
                rules=rules_json(rules),
                plays={"bettor": who.value},
            )
            if not as_json:
                _explain_sessions(console, who, deals, stake, plan)
            raise typer.Exit(130 if result.interrupted else 0)
        result, seed = execute(kernel.simulate, count, unit, seed, {"rules": rules}, where, as_json)
        final = PrivateMonteResults.of(result.totals(), rules)
        if as_json:
            counts = {"shuffles": final.shuffles, "deals": final.shuffles * final.deals}
            table = rules_json(rules)
            print_json("private-monte", table, result, final.as_json(), seed, where, counts)
        else:
            _show(console, result, final, seed)
        if plot is not None:

            def series(counts: object) -> dict[str, Estimate]:
                figures = PrivateMonteResults.of(counts, rules)
                return {
                    _(_PLOTTED[who]): edge
                    for who in Bettor
                    if (edge := figures.edge(who)) is not None
                }

            plot_running(
                plot,
                result,
                _("Private Monte Bank: the edge per chip as the shuffles add up"),
                series,
                _("shuffles dealt"),
                None if as_json else console,
            )
    except InvalidInput as error:
        raise fail(error) from None
    if result.interrupted:
        raise typer.Exit(130)  # as a shell reports Ctrl-C, once the partial result is out


def _show(console: Console, result: Run, final: PrivateMonteResults, seed: int) -> None:
    """The run's report: each bettor's edge per chip, deal by deal."""
    shuffles = ngettext("{n} shuffle", "{n} shuffles", final.shuffles)
    said = _(
        "[bold]Private Monte Bank[/]: {shuffles} of {deals}, {seconds} s ({rate} shuffles/s), "
        "seed {seed}."
    ).format(
        shuffles=shuffles.format(n=f"{final.shuffles:,}"),
        deals=ngettext("{n} deal", "{n} deals", final.deals).format(n=final.deals),
        seconds=f"{result.seconds:.2f}",
        rate=f"{result.rate:,.0f}",
        seed=seed,
    )
    headline(console, result, said)
    for who in Bettor:
        rows: dict[str, Estimate] = {}
        for deal in range(1, final.deals + 1):
            edge = final.edge(who, deal)
            if edge is not None:
                rows[_("deal {deal}").format(deal=deal)] = edge
        overall = final.edge(who)
        if overall is not None:
            rows[_("all deals")] = overall
        share = f"{final.share_bet(who).value:.1%}"
        console.print(estimate_table(_(_EDGES[who]).format(share=share), rows))


def _explain_sessions(console: Console, who: Bettor, deals: int, stake: int, plan: Plan) -> None:
    """What a session's hand is, and what it stakes."""
    if who is Bettor.COUNTER:
        said = _(
            "[dim]A hand is a deal, the pack shuffled after every {deals} (PM-8): {stake} on "
            "each layout backed, up to {most} a deal, which a session must hold to play it. He "
            "sits out the deals with no layout better than even, so his stake varies: his edge "
            "per chip staked is in the run of shuffles.[/]"
        )
    else:
        said = _(
            "[dim]A hand is a deal, the pack shuffled after every {deals} (PM-8): {stake} on "
            "each layout backed, up to {most} a deal, which a session must hold to play it.[/]"
        )
    console.print(said.format(deals=deals, stake=f"{stake:,}", most=f"{plan.stake:,}"))


def _rules(given: Given) -> PrivateRules:
    """The table the options describe; the rule set's refusals name the options that set its
    fields. The bank is not followed, so its smallest monte is only held to the cava."""
    usual = PrivateRules()
    monte = max(given.chosen.get("cava", usual.cava), usual.minimum_monte)
    rules: PrivateRules = given.table(minimum_monte=monte)
    return rules


def _plan(stake: int, bankroll: int, hands: int, who: Bettor) -> Plan:
    """Sessions of `hands` deals with `stake` on each layout `who` backs: a deal stakes, and
    a session must cover, twice `stake` (PM-4); the counter's stakes vary."""
    if 2 * stake > bankroll >= 1:
        said = _(
            "--stake {stake} on each layout is {deal} a deal, more than the --bankroll "
            "{bankroll}: no deal could be played"
        )
        raise InvalidInput(said.format(stake=stake, deal=2 * stake, bankroll=bankroll))
    return Plan(bankroll, 2 * stake, hands, 2 * stake, flat=who is Bettor.FLAT)

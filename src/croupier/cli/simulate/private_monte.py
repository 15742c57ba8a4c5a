"""`croupier simulate private-monte`."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

from croupier.cli.options import AsJson, Cluster, DaskLocal, Plot, Seed, Workers, number
from croupier.cli.simulate.common import (
    Where,
    estimate_table,
    execute,
    headline,
    how_long,
    plot_running,
    print_json,
)
from croupier.cli.simulate.sessions import Bankroll, Sessions, report
from croupier.cli.usage import fail, rule_set
from croupier.errors import InvalidInput
from croupier.estimate import Estimate
from croupier.games.private_monte import PrivateRules
from croupier.odds.private_monte import first_deal
from croupier.sim import private_monte as kernel
from croupier.sim.private_monte_results import Bettor, PrivateMonteResults, rules_json
from croupier.sim.sessions import Plan

__all__ = ["private_monte"]

_NAMES = {Bettor.FLAT: "flat bettor", Bettor.COUNTER: "counter"}
_SITS_OUT = {
    Bettor.FLAT: "",
    Bettor.COUNTER: " He sits out the deals with no layout better than even, so his stake "
    "varies: his edge per chip staked is in the run of shuffles.",
}
_BACKS = {
    Bettor.FLAT: "on both layouts every deal",
    Bettor.COUNTER: "on each layout better than even",
}


def private_monte(
    shuffles: Annotated[
        int | None,
        number(
            help="Shuffles of the pack to deal, each of --deals-per-bank deals; 1,000,000 if "
            "no length is given."
        ),
    ] = None,
    deals_per_bank: Annotated[
        int, number("Deals from one shuffle, before the bank passes (PM-8).")
    ] = 6,
    sessions: Sessions = None,
    session_hands: Annotated[
        int,
        number(
            help="Deals in a session (a hand is a deal), the pack shuffled afresh after every "
            "--deals-per-bank deals.",
            low=1,
            rich_help_panel="Sessions",
        ),
    ] = 120,
    bankroll: Bankroll = 1000,
    stake: Annotated[
        int,
        number(
            help="Chips on each layout backed, from --cava to --limit: a deal stakes up to "
            "twice this, which a session must cover.",
            low=1,
            rich_help_panel="Sessions",
        ),
    ] = 20,
    cava: Annotated[
        int,
        number(help="The smallest stake on a layout (PM-4).", rich_help_panel="Sessions"),
    ] = 10,
    limit: Annotated[
        int,
        number(help="The largest stake on a layout (PM-4).", rich_help_panel="Sessions"),
    ] = 500,
    bettor: Annotated[
        Bettor,
        typer.Option(
            help="Who sits the sessions: flat (both layouts every deal) or counter (a layout "
            "only when the cards seen make it better than even).",
            rich_help_panel="Sessions",
        ),
    ] = Bettor.FLAT,
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
    intervals beside the exact edge of a flat bet. With --sessions, one of them sits down
    with a bankroll for a number of deals, paid 1 to 1 (PM-6), until he leaves or cannot
    cover a deal; how the sessions end, and the spread of their bankrolls along the way."""
    console = Console(highlight=False)
    try:
        rules = _rules(deals_per_bank, cava, limit)
        deals = deals_per_bank
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
                f"Private Monte Bank, the {_NAMES[who]}, {stake:,} {_BACKS[who]}",
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
                console.print(
                    f"[dim]A hand is a deal, the pack shuffled after every {deals} (PM-8): "
                    f"{stake:,} on each layout backed, up to {plan.stake:,} a deal, which a "
                    f"session must hold to play it.{_SITS_OUT[who]}[/]"
                )
            raise typer.Exit(130 if result.interrupted else 0)
        result, seed = execute(kernel.simulate, count, unit, seed, {"rules": rules}, where, as_json)
        final = PrivateMonteResults.of(result.totals(), rules)
        if as_json:
            counts = {"shuffles": final.shuffles, "deals": final.shuffles * final.deals}
            table = rules_json(rules)
            print_json("private-monte", table, result, final.as_json(), seed, where, counts)
        else:
            headline(
                console,
                result,
                f"[bold]Private Monte Bank[/]: {final.shuffles:,} shuffles of {deals} deals, "
                f"{result.seconds:.2f} s ({result.rate:,.0f} shuffles/s), seed {seed}.",
            )
            for who in Bettor:
                rows: dict[str, Estimate] = {}
                for deal in range(1, deals + 1):
                    edge = final.edge(who, deal)
                    if edge is not None:
                        rows[f"deal {deal}"] = edge
                overall = final.edge(who)
                if overall is not None:
                    rows["all deals"] = overall
                share = final.share_bet(who).value
                title = f"The {_NAMES[who]}'s edge per chip (bets on {share:.1%} of deals)"
                console.print(estimate_table(title, rows))
        if plot is not None:

            def series(counts: object) -> dict[str, Estimate]:
                figures = PrivateMonteResults.of(counts, rules)
                return {
                    f"{_NAMES[who]}'s edge": edge
                    for who in Bettor
                    if (edge := figures.edge(who)) is not None
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


def _rules(deals: int, cava: int, limit: int) -> PrivateRules:
    """The table the options describe; the rule set's refusals name the options that set its
    fields. The bank is not followed, so its smallest monte is only held to the cava."""
    monte = max(cava, PrivateRules().minimum_monte)
    fields = {"deals_per_bank": "deals_per_bank", "limit": "limit", "cava": "cava"}
    return rule_set(
        lambda: PrivateRules(cava=cava, limit=limit, deals_per_bank=deals, minimum_monte=monte),
        fields,
    )


def _plan(stake: int, bankroll: int, hands: int, who: Bettor) -> Plan:
    """Sessions of `hands` deals with `stake` on each layout `who` backs: a deal stakes, and
    a session must cover, twice `stake` (PM-4); the counter's stakes vary."""
    if 2 * stake > bankroll >= 1:
        raise InvalidInput(
            f"--stake {stake} on each layout is {2 * stake} a deal, more than the --bankroll "
            f"{bankroll}: no deal could be played"
        )
    return Plan(bankroll, 2 * stake, hands, 2 * stake, flat=who is Bettor.FLAT)

"""`croupier simulate chemin-de-fer`."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.console import Console

from croupier.cli.options import AsJson, Cluster, DaskLocal, Plot, Seed, Workers, choice, number
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
from croupier.cli.simulate.sessions import Bankroll, SessionHands, Sessions, Stake, report
from croupier.cli.usage import fail, table_rules
from croupier.errors import InvalidInput
from croupier.games.chemin_de_fer.rules import Rules, Winner
from croupier.sim import chemin_de_fer as kernel
from croupier.sim.chemin_de_fer_results import (
    CheminDeFerResults,
    exact_take,
    rules_json,
    strategy_json,
)
from croupier.sim.sessions import Plan

__all__ = ["chemin_de_fer"]

_NAMES = {Winner.PUNTERS: "punter", Winner.BANKER: "banker", Winner.TIE: "tie"}


def chemin_de_fer(
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
            help="Whom the sessions stake with: punter (against the bank, even money), or "
            "banker (holding the bank every coup).",
            rich_help_panel="Sessions",
        ),
    ] = "punter",
    commission: Annotated[
        str,
        typer.Option(
            metavar="RATE",
            help="The house's commission on a banker's winning coup: 5%, 0.05 or 1/20 "
            "(CF-16 variant; the text has none).",
        ),
    ] = "0",
    seed: Seed = None,
    workers: Workers = 1,
    cluster: Cluster = None,
    dask_local: DaskLocal = None,
    strategy: Annotated[
        str,
        choice(
            *kernel.STRATEGIES,
            help="How both sides play: equilibrium (the solver's, each knowing his total), "
            "tableau (the casino table, CF-13 variant), draw, or stand.",
        ),
    ] = "equilibrium",
    at_5: Annotated[
        str | None,
        typer.Option(
            "--at-5",
            metavar="PLAY",
            help="The punter on 5, instead of the strategy's: draw, stand, or a chance.",
        ),
    ] = None,
    decks: Annotated[int, number("Decks in the shoe (CF-2).")] = 6,
    burn: Annotated[int, number("Cards burned at each shoe (CF-4).")] = 3,
    cut_card: Annotated[int, number("Cards behind the cut card (the text names none).")] = 10,
    as_json: AsJson = False,
    plot: Plot = None,
) -> None:
    """Deal Chemin de Fer coups at compiled speed, both sides playing a strategy, shoe after
    shoe with the burn and the cut card. Reports how often each side wins and the banker's
    edge, with and without the 5% commission (CF-16 variant), with 95% intervals beside the
    exact figures of a fresh shoe for the strategy played."""
    console = Console(highlight=False)
    try:
        play_at_five = at_five(at_5) if at_5 is not None else None
        rules = _rules(decks, burn, cut_card, commission)
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
                f"Chemin de Fer, the {side}, {play.name}",
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
            headline(
                console,
                result,
                f"[bold]Chemin de Fer[/], {play.name}: {final.hands:,} coups in "
                f"{final.shoes:,} shoes of {decks} decks, {result.seconds:.2f} s "
                f"({final.hands / result.seconds:,.0f} hands/s), seed {seed}; "
                f"the punter draws on 5 with chance "
                f"{float(play.draws_at_5):.4f}.",
            )
            named = {_NAMES[w]: e for w, e in final.frequencies().items()}
            named["natural"] = final.naturals()
            console.print(estimate_table("How often", named))
            edges = {
                "no commission": final.banker_edge(),
                f"{float(final.commission):.0%} commission": final.banker_edge(final.commission),
            }
            console.print(estimate_table("The banker's edge a unit staked", edges))
        if plot is not None:
            plot_running(
                plot,
                result,
                f"Chemin de Fer, {play.name}: the banker's edge as the coups add up",
                lambda counts: {"banker's edge": results(counts).banker_edge()},
                "coups dealt" if unit == "hands" else "shoes dealt",
                None if as_json else console,
            )
    except InvalidInput as error:
        raise fail(str(error)) from None
    if result.interrupted:
        raise typer.Exit(130)  # as a shell reports Ctrl-C, once the partial result is out


def _rules(decks: int, burn: int, cut_card: int, commission: str) -> Rules:
    """The table's rule set from the options (the commission read as `play` reads it); its
    refusals name the options that set its fields."""
    rules: Rules = table_rules(
        "chemin-de-fer", decks=decks, burn=burn, cut_card=cut_card, commission=commission
    )
    return rules


def _nets(side: str, stake: int, rules: Rules) -> tuple[int, int, int]:
    """What `stake` on `side` wins or loses when the punter wins, the banker wins, or they
    tie (CF-14), the house taking the rules' commission of a banker's win in whole chips
    (CF-16)."""
    if side == "punter":
        return stake, -stake, 0
    return -stake, stake - rules.commission_on(stake), 0  # the banker's (`--side` checks)

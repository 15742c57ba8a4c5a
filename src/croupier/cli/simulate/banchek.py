"""`croupier simulate banchek`."""

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
from croupier.cli.simulate.sessions import SessionHands, report
from croupier.cli.usage import fail, rule_set
from croupier.errors import InvalidInput
from croupier.estimate import Estimate
from croupier.games.banchek.rules import MOST_PUNTERS, Rules
from croupier.sim import banchek as kernel
from croupier.sim.banchek import Ending, Policy
from croupier.sim.banchek_results import BanchekResults, rules_json

__all__ = ["banchek", "table"]

_ENDINGS = {Ending.TRIPLED: "tripled", Ending.BROKE: "broke", Ending.ENDLESS: "never ends"}


def banchek(
    banks: Annotated[
        int | None,
        number(help="Banks to play out, each from a fresh shuffle; 200,000 if no length is given."),
    ] = None,
    sessions: Annotated[
        int | None,
        number(
            help="Follow this many banks hand by hand instead, for --session-hands hands at "
            "most: the banker's bankroll, from the bank put up until it triples or breaks.",
            rich_help_panel="Sessions",
        ),
    ] = None,
    session_hands: SessionHands = 300,
    punters: Annotated[int, number("Punters against the banker (BN-1).")] = 2,
    policy: Annotated[
        Policy,
        typer.Option(
            help="How the punters stake (BN-5): flat (the minimum), chance (more when their "
            "exact chance is better than even), or bank (the whole bank)."
        ),
    ] = Policy.FLAT,
    bank: Annotated[
        int, number("The bank put up; it passes at three times (BN-10).", metavar="CHIPS")
    ] = 100,
    minimum: Annotated[int, number("The smallest stake (BN-5).", metavar="CHIPS")] = 5,
    seed: Seed = None,
    workers: Workers = 1,
    cluster: Cluster = None,
    dask_local: DaskLocal = None,
    as_json: AsJson = False,
    plot: Plot = None,
) -> None:
    """Play Polish Banchek banks out at compiled speed: the deal, the stakes, the turned
    card, the round's cards under the pack with no reshuffle (BN-8, BN-9), until the bank
    triples or breaks (BN-10). Reports how banks end and how long they last, with 95%
    intervals beside the exact figures where there are any. With --sessions, the banker's
    bankroll hand by hand: how banks end and the spread of what they hold along the way."""
    console = Console(highlight=False)
    try:
        rules = table(punters, bank, minimum)
        chosen = policy
        kernel.check_table(punters, rules)
        where = Where(workers, cluster, dask_local)
        unit, count, size = how_long(
            200_000, banks, None, sessions, session_hands, hands_are="banks", size=kernel.CHUNK
        )
        options = {"punters": punters, "policy": chosen, "rules": rules}
        if unit == "sessions":
            plan = kernel.banker_plan(session_hands, rules)
            result, seed = execute(
                kernel.sessions, count, unit, seed, {"plan": plan, **options}, where, as_json, size
            )
            report(
                "banchek",
                f"Polish Banchek, the banker against {punters} {chosen.value} punters",
                result,
                plan,
                kernel.filler(session_hands, punters, chosen, rules),
                None,
                seed,
                where,
                as_json,
                plot,
                rules=rules_json(rules),
                plays={"side": "banker", "punters": punters, "policy": chosen.value},
            )
            raise typer.Exit(130 if result.interrupted else 0)
        result, seed = execute(kernel.simulate, count, unit, seed, options, where, as_json, size)

        def results(counts: object) -> BanchekResults:
            return BanchekResults.of(counts, punters, chosen, rules)

        final = results(result.totals())
        if as_json:
            counts, shown = {"banks": final.banks}, rules_json(rules)
            print_json("banchek", shown, result, final.as_json(), seed, where, counts)
        else:
            headline(
                console,
                result,
                f"[bold]Polish Banchek[/]: {final.banks:,} banks of {bank} against {punters} "
                f"{chosen.value} punters, {result.seconds:.2f} s ({result.rate:,.0f} banks/s), "
                f"seed {seed}.",
            )
            endings = {_ENDINGS[e]: final.share(e) for e in Ending}
            endings["first hand won"] = final.first_hand()
            if (won := final.hands_won()) is not None:
                endings["hands won"] = won
            console.print(estimate_table("How banks end, and how often punters win", endings))
            lengths = {
                name: estimate
                for name, estimate in (("rounds", final.rounds()), ("hands", final.hands()))
                if estimate is not None
            }
            if lengths:
                console.print(
                    estimate_table("A bank that ends lasts, on average", lengths, percent=False)
                )
        if plot is not None:

            def series(counts: object) -> dict[str, Estimate]:
                return {"tripled": results(counts).share(Ending.TRIPLED)}

            plot_running(
                plot,
                result,
                "Polish Banchek: banks that triple",
                series,
                "banks played",
                None if as_json else console,
            )
    except InvalidInput as error:
        raise fail(str(error)) from None
    if result.interrupted:
        raise typer.Exit(130)  # as a shell reports Ctrl-C, once the partial result is out


def table(punters: int, bank: int, minimum: int) -> Rules:
    """The table the options describe: the bank put up, the smallest stake, and seats for
    the punters and the banker (the rules' usual number, or more to fit the punters; as
    many as a round of the pack allows at most, beyond which `check_table` refuses the
    punters, BN-1). The rule set's refusals name the options that set its fields."""
    seats = min(max(Rules().seats, punters + 1), MOST_PUNTERS + 1)
    fields = {"minimum": "minimum", "bank": "bank"}
    return rule_set(lambda: Rules(seats=seats, minimum=minimum, bank=bank), fields)

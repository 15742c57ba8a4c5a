"""`croupier simulate banchek`."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

from croupier.cli._options import AsJson, Cluster, DaskLocal, Plot, Seed, Workers, number
from croupier.cli._usage import fail
from croupier.cli.rule_options import Given, with_rules
from croupier.cli.simulate._sessions import SESSIONS, SessionHands, report
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
from croupier.games.banchek.rules import MOST_PUNTERS, Rules
from croupier.i18n import N_, _, ngettext
from croupier.sim import banchek as kernel
from croupier.sim.banchek import Ending, Policy
from croupier.sim.banchek_results import BanchekResults, rules_json
from croupier.sim.runner import Run

__all__ = ["LEFT_OUT", "banchek", "table"]

_ENDINGS = {
    Ending.TRIPLED: N_("tripled"),
    Ending.BROKE: N_("broke"),
    Ending.ENDLESS: N_("never ends"),
}
"""How a bank ends (BN-10), as the report names it."""


LEFT_OUT = {
    "seats": "--punters seats the table",
    "riders": "the kernel deals no riders (BN-15)",
}
"""The rule options the simulation and the odds of Banchek do not take, and why."""


@with_rules("banchek", leave_out=LEFT_OUT)
def banchek(
    given: Given,
    banks: Annotated[
        int | None,
        number(
            help=N_("Banks to play out, each from a fresh shuffle; 200,000 if no length is given.")
        ),
    ] = None,
    sessions: Annotated[
        int | None,
        number(
            help=N_(
                "Follow this many banks hand by hand instead, for --session-hands hands at "
                "most: the banker's bankroll, from the bank put up until it triples or breaks."
            ),
            rich_help_panel=SESSIONS,
        ),
    ] = None,
    session_hands: SessionHands = 300,
    punters: Annotated[int, number(N_("Punters against the banker (BN-1)."))] = 2,
    policy: Annotated[
        Policy,
        typer.Option(
            help=N_(
                "How the punters stake (BN-5): flat (the minimum), chance (more when their "
                "exact chance is better than even), or bank (the whole bank)."
            )
        ),
    ] = Policy.FLAT,
    seed: Seed = None,
    workers: Workers = 1,
    cluster: Cluster = None,
    dask_local: DaskLocal = None,
    as_json: AsJson = False,
    plot: Plot = None,
) -> None:
    console = Console(highlight=False)
    try:
        rules = table(given, punters)
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
                ngettext(
                    "Polish Banchek, the banker against {punters} {policy} punter",
                    "Polish Banchek, the banker against {punters} {policy} punters",
                    punters,
                ).format(punters=punters, policy=chosen.value),
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
            _show(console, result, final, seed)
        if plot is not None:

            def series(counts: object) -> dict[str, Estimate]:
                return {_("tripled"): results(counts).share(Ending.TRIPLED)}

            plot_running(
                plot,
                result,
                _("Polish Banchek: banks that triple"),
                series,
                _("banks played"),
                None if as_json else console,
            )
    except InvalidInput as error:
        raise fail(error) from None
    if result.interrupted:
        raise typer.Exit(130)  # as a shell reports Ctrl-C, once the partial result is out


def _show(console: Console, result: Run, final: BanchekResults, seed: int) -> None:
    """The run's report: what was played, how the banks ended and how long they lasted."""
    banks = ngettext("{n} bank", "{n} banks", final.banks).format(n=f"{final.banks:,}")
    punters = ngettext("{n} {policy} punter", "{n} {policy} punters", final.punters).format(
        n=final.punters, policy=final.policy.value
    )
    said = _(
        "[bold]Polish Banchek[/]: {banks} of {bank} against {punters}, {seconds} s "
        "({rate} banks/s), seed {seed}."
    ).format(
        banks=banks,
        bank=final.bank,
        punters=punters,
        seconds=f"{result.seconds:.2f}",
        rate=f"{result.rate:,.0f}",
        seed=seed,
    )
    headline(console, result, said)
    endings = {_(_ENDINGS[e]): final.share(e) for e in Ending}
    endings[_("first hand won")] = final.first_hand()
    if (won := final.hands_won()) is not None:
        endings[_("hands won")] = won
    console.print(estimate_table(_("How banks end, and how often punters win"), endings))
    figures = ((N_("rounds"), final.rounds()), (N_("hands"), final.hands()))
    lengths = {_(name): estimate for name, estimate in figures if estimate is not None}
    if lengths:
        title = _("A bank that ends lasts, on average")
        console.print(estimate_table(title, lengths, percent=False))


def table(given: Given, punters: int) -> Rules:
    """The table the options describe: the bank put up, the smallest stake, and seats for
    the punters and the banker (the rules' usual number, or more to fit the punters; as
    many as a round of the pack allows at most, beyond which `check_table` refuses the
    punters, BN-1). The rule set's refusals name the options that set its fields."""
    seats = min(max(Rules().seats, punters + 1), MOST_PUNTERS + 1)
    rules: Rules = given.table(seats=seats)
    return rules

"""`croupier simulate monte-bank`."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated

import typer
from rich.console import Console

from croupier.cli._options import (
    AsJson,
    Cluster,
    DaskLocal,
    Plot,
    Seed,
    Workers,
    choice,
    number,
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
    Where,
    estimate_table,
    execute,
    headline,
    how_long,
    plot_running,
    print_json,
)
from croupier.errors import InvalidConfig, InvalidInput
from croupier.estimate import Estimate
from croupier.games.monte_bank import CutOn, Rules
from croupier.games.monte_bank.layout import Kind
from croupier.i18n import N_, _, ngettext
from croupier.odds.monte_bank import BetKind, WagerOdds, bet_table, check_rules
from croupier.sim import monte_bank as kernel
from croupier.sim.monte_bank_results import MonteBankResults, rules_json
from croupier.sim.runner import Run
from croupier.sim.sessions import Plan

__all__ = ["LEFT_OUT", "monte_bank", "table"]

_BETS = {
    BetKind.CIRCLE: N_("circle 3:1"),
    BetKind.CROSS: N_("cross 1:1"),
    BetKind.CROSS_STACKED: N_("stack cross 1:1"),
    BetKind.DOUBLER: N_("doubler 1:1"),
}
"""The kinds of bet and what they pay, as the report names them (MB-9)."""
_SESSION_BETS = {
    "circle": (BetKind.CIRCLE, N_("a circle on the top-left card (3 to 1)")),
    "cross": (BetKind.CROSS, N_("a cross, bottom-left against bottom-right (1 to 1)")),
    "stack-cross": (
        BetKind.CROSS_STACKED,
        N_("a cross, the stack against the top-right (1 to 1)"),
    ),
    "doubler": (BetKind.DOUBLER, N_("a doubler, the top row against the bottom (1 to 1)")),
}
"""`--bet`: the wager of `kernel.SESSION_WAGERS` of each kind, and what it is."""
_LAYOUTS = {
    Kind.PLAIN: N_("plain layout"),
    Kind.PAIR: N_("pair layout"),
    Kind.TRIPLE: N_("triple layout"),
}
"""The layouts by their stack (MB-7c), as the report names them."""
_CUT_ON = {CutOn.GATE: N_("on the gate"), CutOn.FIRST_FALL: N_("on the first fall")}
"""Where the house takes its cut (MB-13), as the report says it."""


LEFT_OUT = dict.fromkeys(
    ("seats", "cava", "minimum_monte", "cap", "deals_per_bank"),
    "no wager's odds depend on it (the odds are of a stake the bank covers)",
)
"""The rule options the odds and the simulation of Monte Bank do not take, and why."""


def table(given: Given) -> Rules:
    """The table the options describe, read as `croupier play monte-bank` reads its options
    (the game's `config`); the rule set's refusals, and those of the odds and the kernel
    (`check_rules`), name the options that set its fields."""
    rules = given.table()
    try:
        return check_rules(rules)
    except InvalidConfig as error:
        raise given.refusal(error) from None


@with_rules("monte-bank", leave_out=LEFT_OUT)
def monte_bank(
    given: Given,
    deals: Annotated[
        int | None,
        number(
            help=N_(
                "Valid deals to play, each from a new shuffle; 2,000,000 if no length is given."
            )
        ),
    ] = None,
    sessions: Sessions = None,
    session_hands: SessionHands = 500,
    bankroll: Bankroll = 1000,
    stake: Stake = 20,
    bet: Annotated[
        str,
        choice(
            *_SESSION_BETS,
            help=N_(
                "The wager of every session hand (MB-9): circle (the top-left card), cross "
                "(bottom-left against bottom-right), stack-cross (the stack against the "
                "top-right card; only deals with a pair or triple are hands), or doubler (top "
                "row against bottom)."
            ),
            rich_help_panel=SESSIONS,
        ),
    ] = "circle",
    seed: Seed = None,
    workers: Workers = 1,
    cluster: Cluster = None,
    dask_local: DaskLocal = None,
    as_json: AsJson = False,
    plot: Plot = None,
) -> None:
    console = Console(highlight=False)
    try:
        where = Where(workers, cluster, dask_local)
        rules = table(given)
        on = _(_CUT_ON[rules.cut_on])
        rate = f"{float(rules.cut):.0%}"
        unit, count, size = how_long(
            2_000_000, deals, sessions=sessions, session_hands=session_hands, hands_are="deals"
        )
        if unit == "sessions":
            kind, plan, net = _plan(rules, bet, stake, bankroll, session_hands)
            options = {"plan": plan, "bet": kind, "net": net, "rules": rules}
            result, seed = execute(
                kernel.sessions, count, unit, seed, options, where, as_json, size
            )
            report(
                "monte-bank",
                _("Monte Bank, {bet}, the cut {on}").format(bet=_(_SESSION_BETS[bet][1]), on=on),
                result,
                plan,
                kernel.filler(kind, net, rules),
                _edge(bet_table(rules).overall(kind), net, stake),
                seed,
                where,
                as_json,
                plot,
                rules=rules_json(rules),
                plays={"bet": bet},
            )
            if not as_json:
                if kind is BetKind.CROSS_STACKED:
                    said = _(
                        "[dim]A hand is a valid deal with a pair or triple (the others are sat "
                        "out); a void one is dealt again (MB-7). The house takes {rate} of a win "
                        "{on}, rounded to a chip (MB-13).[/]"
                    )
                else:
                    said = _(
                        "[dim]A hand is a valid deal; a void one is dealt again (MB-7). The house "
                        "takes {rate} of a win {on}, rounded to a chip (MB-13).[/]"
                    )
                console.print(said.format(rate=rate, on=on))
            raise typer.Exit(130 if result.interrupted else 0)
        options = {"rules": rules}
        result, seed = execute(kernel.simulate, count, unit, seed, options, where, as_json)

        def results(counts: object) -> MonteBankResults:
            return MonteBankResults.of(counts, rules)

        final = results(result.totals())
        if as_json:
            counts, shown = {"deals": final.deals}, rules_json(rules)
            print_json("monte-bank", shown, result, final.as_json(), seed, where, counts)
        else:
            _show(console, result, final, seed)
        if plot is not None:

            def series(counts: object) -> dict[str, Estimate]:
                return _edges(results(counts))

            plot_running(
                plot,
                result,
                _("Monte Bank: the house edge as the deals add up"),
                series,
                _("valid deals"),
                None if as_json else console,
            )
    except InvalidInput as error:
        raise fail(error) from None
    if result.interrupted:
        raise typer.Exit(130)  # as a shell reports Ctrl-C, once the partial result is out


def _show(console: Console, result: Run, final: MonteBankResults, seed: int) -> None:
    """The run's report: the deals, how often each was void or of each layout, and each
    bet's house edge."""
    said = _(
        "[bold]Monte Bank[/]: {deals}, {seconds} s ({rate} deals/s), seed {seed}; the house's "
        "cut, {cut} of a win, {on}."
    ).format(
        deals=ngettext("{n} deal", "{n} deals", final.deals).format(n=f"{final.deals:,}"),
        seconds=f"{result.seconds:.2f}",
        rate=f"{result.rate:,.0f}",
        seed=seed,
        cut=f"{float(final.rules.cut):.0%}",
        on=_(_CUT_ON[final.rules.cut_on]),
    )
    headline(console, result, said)
    deal = {_("void"): final.void()}
    deal.update({_(_LAYOUTS[kind]): e for kind, e in final.layouts().items()})
    console.print(estimate_table(_("The deal (MB-7)"), deal))
    console.print(estimate_table(_("House edge per chip, over every layout"), _edges(final)))


def _edges(final: MonteBankResults) -> dict[str, Estimate]:
    """Each kind of bet's house edge, over every layout."""
    return {
        _(_BETS[bet]): by_layout[None]
        for bet, by_layout in final.house_edges().items()
        if None in by_layout
    }


def _plan(
    rules: Rules, bet: str, stake: int, bankroll: int, hands: int
) -> tuple[BetKind, Plan, tuple[int, int, int]]:
    """Sessions staking `stake` on the wager `bet` names each valid deal, and what the stake
    wins or loses: lost, won, won with the cut taken."""
    if stake < rules.cava:
        said = _("--stake {stake} is not valid: a stake is at least the cava, {cava} (MB-8)")
        raise InvalidInput(said.format(stake=stake, cava=rules.cava))
    kind = _SESSION_BETS[bet][0]
    net = kernel.nets(rules, kind, stake)
    return kind, Plan(bankroll, stake, hands, max(net)), net


def _edge(odds: WagerOdds, net: tuple[int, int, int], stake: int) -> Fraction:
    """The house's take per chip of `stake`, paid `net` in whole chips (the cut rounded,
    MB-13), from the wager's exact odds."""
    lost, won, cut = net
    return -(odds.lose * lost + (odds.win - odds.win_cut) * won + odds.win_cut * cut) / stake

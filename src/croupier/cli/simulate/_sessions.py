"""Session runs (`--sessions`): their options, their report, and the plot of bankroll paths
with their spread."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any

from rich import box as boxes
from rich.console import Console
from rich.table import Table

from croupier.cli._options import number
from croupier.cli.simulate.common import Where, estimate_table, headline, print_json, pyplot
from croupier.i18n import N_, _, ngettext
from croupier.sim import sessions as money
from croupier.sim.rng import seeded
from croupier.sim.runner import Run
from croupier.sim.session_results import QUANTILES, SessionResults

__all__ = ["SESSIONS", "Bankroll", "SessionHands", "Sessions", "Stake", "report"]

SESSIONS = N_("Sessions")
"""The help panel of the options for session runs."""

Sessions = Annotated[
    int | None,
    number(
        help=N_(
            "Play this many sessions instead: each sits down with --bankroll chips and "
            "stakes --stake on every hand for --session-hands hands, or until he cannot cover "
            "the stake (ruined)."
        ),
        rich_help_panel=SESSIONS,
    ),
]
SessionHands = Annotated[int, number(N_("Hands in a session."), 1, rich_help_panel=SESSIONS)]
Bankroll = Annotated[int, number(N_("Chips a session starts with."), 1, rich_help_panel=SESSIONS)]
Stake = Annotated[int, number(N_("Chips staked on each hand."), 1, rich_help_panel=SESSIONS)]

_SAMPLE = 20
"""Sessions drawn whole in the plot: the run's first."""
_COLUMNS_SHOWN = 5
"""Points of a session shown in the table of its spread."""


def report(
    game: str,
    title: str,
    result: Run,
    plan: money.Plan,
    fill: money.Fill,
    exact_edge: Fraction | None,
    seed: int,
    where: Where,
    as_json: bool,
    plot: Path | None,
    *,
    rules: Mapping[str, Any],
    plays: Mapping[str, Any],
) -> None:
    """The sessions' figures, as a report or JSON; their paths and spread drawn to `plot`.
    `title` says what was played, and `plays` the same for the JSON (the bet, the side);
    `rules` is the table's rules in JSON; `fill` deals the hands of the run's sessions (the
    plot draws the first ones again from the first chunk's seed). The loss per chip staked
    is shown only if every hand stakes the same (a `flat` plan)."""
    console = Console(highlight=False)
    final = SessionResults.of(result.totals(), plan)
    if as_json:
        counts = {"sessions": final.sessions, "hands": final.hands}
        figures = {**plays, **final.as_json(exact_edge)}
        print_json(game, rules, result, figures, seed, where, counts)
    else:
        headline(console, result, _headline(title, final, result, seed))
        shares = {
            _("ruined"): final.ruined(),
            _("ahead"): final.ahead(),
            _("behind"): final.behind(),
        }
        console.print(estimate_table(_("How the sessions ended"), shares))
        if plan.flat:
            lost = {_("all hands"): final.edge(exact_edge)}
            console.print(estimate_table(_("Lost per chip staked (below 0: won)"), lost))
        ending = {_("mean"): final.final()}
        console.print(estimate_table(_("Chips at the end"), ending, False))
        console.print(_spread_table(final))
    if plot is not None:
        sample = money.paths(fill, seeded(result.chunks[0].seed), _SAMPLE, plan)
        _plot(plot, _("{title}: bankrolls").format(title=title), final, sample, exact_edge)
        if not as_json:
            said = _("Plot written to {path}.").format(path=plot)
            console.print(said, soft_wrap=True)  # the path unbroken


def _headline(title: str, final: SessionResults, result: Run, seed: int) -> str:
    """What the sessions were and how long they took."""
    plan = final.plan
    sessions = ngettext("{n} session", "{n} sessions", final.sessions)
    up_to = ngettext("up to {n} hand", "up to {n} hands", plan.hands)
    each = ngettext("{n} chip each", "{n} chips each", plan.bankroll)
    hands = ngettext("{n} hand", "{n} hands", final.hands)
    said = _(
        "{title}: {sessions} of {up_to}, {each}{stake}; {hands} in {seconds} s "
        "({rate} hands/s), seed {seed}."
    )
    return said.format(
        title=title,
        sessions=sessions.format(n=f"{final.sessions:,}"),
        up_to=up_to.format(n=f"{plan.hands:,}"),
        each=each.format(n=f"{plan.bankroll:,}"),
        stake=_(", {stake} a hand").format(stake=f"{plan.stake:,}") if plan.flat else "",
        hands=hands.format(n=f"{final.hands:,}"),
        seconds=f"{result.seconds:.2f}",
        rate=f"{final.hands / result.seconds:,.0f}",
        seed=seed,
    )


def _spread_table(final: SessionResults) -> Table:
    spread = final.spread()
    points = len(spread["hand"])
    shown = sorted({round(k * (points - 1) / _COLUMNS_SHOWN) for k in range(_COLUMNS_SHOWN + 1)})
    table = Table(title=_("The bankroll along the way"), box=boxes.SIMPLE_HEAD)
    table.add_column(_("hands"))
    for k in shown:
        table.add_column(f"{spread['hand'][k]:,}", justify="right")
    for q in QUANTILES:
        name = _("median") if q == 0.5 else f"{q:.0%}"
        table.add_row(name, *(f"{spread[f'{q:.0%}'][k]:,.0f}" for k in shown))
    table.add_row(_("ruined"), *(f"{spread['ruined'][k]:.1%}" for k in shown))
    return table


def _plot(
    path: Path, title: str, final: SessionResults, sample: Any, exact_edge: Fraction | None
) -> None:
    """Above, the first sessions' paths over the spread of all (5-95% and 25-75% bands,
    the median) and the bankroll the exact edge expects of a session never ruined; below,
    the share ruined."""
    plt = pyplot()
    spread = final.spread()
    hands = spread["hand"]
    figure, (top, bottom) = plt.subplots(
        2, 1, figsize=(9, 7), sharex=True, gridspec_kw={"height_ratios": [3, 1]}
    )
    top.fill_between(hands, spread["5%"], spread["95%"], alpha=0.15, color="C0", label="5-95%")
    top.fill_between(hands, spread["25%"], spread["75%"], alpha=0.3, color="C0", label="25-75%")
    top.plot(hands, spread["50%"], color="C0", lw=2, label=_("median"))
    first = ngettext("the first {n} session", "the first {n} sessions", len(sample))
    for k, row in enumerate(sample):
        top.plot(
            range(len(row)),
            row,
            lw=0.6,
            alpha=0.6,
            color="C1",
            label=first.format(n=len(sample)) if k == 0 else None,
        )
    top.axhline(final.plan.bankroll, color="black", lw=0.8, ls="--", label=_("bankroll"))
    if exact_edge is not None:
        loss = float(exact_edge) * final.plan.stake
        expected = [final.plan.bankroll - loss * h for h in hands]
        top.plot(
            hands,
            expected,
            color="black",
            lw=1.2,
            ls=":",
            label=_("expected if never ruined (exact edge)"),
        )
    top.set_ylabel(_("chips"))
    top.legend(loc="best", fontsize="small")
    ruined = [100 * r for r in spread["ruined"]]
    bottom.plot(hands, ruined, color="C3")
    bottom.set_ylim(0, max(1.0, 1.05 * max(ruined)))
    bottom.set_ylabel(_("ruined, %"))
    bottom.set_xlabel(_("hands played"))
    sessions = ngettext("{n} session", "{n} sessions", final.sessions)
    figure.suptitle(
        _("{title}, {sessions}").format(
            title=title, sessions=sessions.format(n=f"{final.sessions:,}")
        )
    )
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)

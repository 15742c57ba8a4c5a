"""Drawing Private Monte Bank at the terminal: Monte Bank's table, with the exact odds of each
layout given the cards seen since the shuffle."""

from __future__ import annotations

from collections.abc import Callable

from rich import box as boxes
from rich.console import RenderableType
from rich.table import Table

from croupier.cli.monte_bank.render import row_name, table_panel
from croupier.games.monte_bank import MonteView
from croupier.games.private_monte import PrivateRules
from croupier.i18n import N_, _, ngettext
from croupier.odds.private_monte import layouts
from croupier.words.markup import card_markup

__all__ = ["odds_table", "private_panel"]

_COLUMNS = (N_("Layout"), N_("Cards"), N_("P(win)"), N_("Exactly"), N_("Your edge"))
"""The odds table's columns."""


def odds_table(view: MonteView) -> Table:
    """Each layout's exact chance of winning, given every card seen since the shuffle."""
    seen = len(view.seen)
    table = Table(
        title=ngettext(
            "Odds given the {n} card seen", "Odds given the {n} cards seen", seen
        ).format(n=seen),
        box=boxes.SIMPLE_HEAD,
        title_justify="left",
    )
    for column in _COLUMNS:
        table.add_column(_(column), justify="left" if column in ("Layout", "Cards") else "right")
    for row, cards, odds in layouts(view):
        edge = float(odds.edge) * 100
        colour = "green" if odds.edge > 0 else "red" if odds.edge < 0 else "white"
        table.add_row(
            row_name(row.value),
            " ".join(card_markup(card) for card in cards),
            f"{float(odds.win):.4f}",
            str(odds.win),
            f"[{colour}]{edge:+.2f}%[/]",
        )
    return table


def private_panel(view: MonteView, name: Callable[[int], str], odds: bool) -> RenderableType:
    """The table as a seat sees it, and the odds panel if asked for."""
    rules = view.rules
    assert isinstance(rules, PrivateRules)
    seen = len(view.seen)
    terms = ngettext(
        "stakes {cava} to {limit} · a layout pays 1:1 when the gate has a suit of its cards · "
        "{n} card seen since the shuffle",
        "stakes {cava} to {limit} · a layout pays 1:1 when the gate has a suit of its cards · "
        "{n} cards seen since the shuffle",
        seen,
    ).format(cava=rules.cava, limit=rules.limit, n=seen)
    extra = (odds_table(view),) if odds and view.layout is not None else ()
    title = N_("Private Monte Bank")
    return table_panel(view, name, title=title, terms=terms, extra=extra)

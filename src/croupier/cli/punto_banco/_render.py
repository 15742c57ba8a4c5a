"""Drawing a Punto Banco table at the terminal."""

from __future__ import annotations

from collections.abc import Callable

from rich import box as boxes
from rich.console import Group, JustifyMethod, RenderableType
from rich.panel import Panel
from rich.progress_bar import ProgressBar
from rich.table import Table
from rich.text import Text

from croupier.engine.actors import HOUSE
from croupier.games.punto_banco import Bet, HandView, Phase, PuntoBancoView
from croupier.i18n import N_, _, ngettext
from croupier.odds.punto_banco import next_coup
from croupier.words.markup import cards_markup, signed
from croupier.words.punto_banco import bet_name, rules_line, table_name

__all__ = ["edges_line", "table_panel"]

_COLUMNS: tuple[tuple[str, JustifyMethod], ...] = (
    (N_("Box"), "right"),
    (N_("Player"), "left"),
    (N_("Chips"), "right"),
    (N_("Punto"), "left"),
    (N_("Banco"), "left"),
    (N_("Égalité"), "left"),
    ("", "left"),
)
"""The columns of the boxes, and how each is justified."""


def edges_line(view: PuntoBancoView, *, short: bool = False) -> str:
    """The exact house edge of each bet on the next coup, for the cards not yet seen."""
    edge = next_coup(view).house_edge
    if short:
        edges = " ".join(f"{bet_name(b)[0].upper()} {float(edge[b]) * 100:.2f}%" for b in Bet)
        return _("edge {edges}").format(edges=edges)
    parts = " · ".join(f"{bet_name(b)} {float(edge[b]) * 100:.3f}%" for b in Bet)
    unseen = sum(view.unseen)
    said = ngettext(
        "House edge on the next coup, for the {n} card not yet seen: {edges}",
        "House edge on the next coup, for the {n} cards not yet seen: {edges}",
        unseen,
    )
    return said.format(n=unseen, edges=parts)


def _hand(label: str, hand: HandView) -> str:
    points = "" if hand.points is None else f"  [bold]{hand.points}[/]"
    return f"[bold]{label}[/]  {cards_markup(hand.cards)}{points}"


def _shoe(view: PuntoBancoView) -> Table:
    """The shoe's row: how far it is dealt, the cards left, and the cut card once out."""
    size = view.rules.decks * 52
    left = ngettext("{n} card left", "{n} cards left", view.cards_left).format(n=view.cards_left)
    if view.cut_card_out:
        left = _("{left} · [red]cut card out[/]").format(left=left)
    shoe = Table.grid(padding=(0, 1))
    shoe.add_row(
        _("Shoe"), ProgressBar(total=size, completed=size - view.cards_left, width=30), left
    )
    return shoe


def table_panel(
    view: PuntoBancoView, name: Callable[[int], str], *, odds: bool = False
) -> RenderableType:
    """The table as `view` shows it: the shoe, the hands, every box, and (with `odds`)
    the exact edge of each bet for the cards not yet seen."""
    parts: list[RenderableType] = [_shoe(view)]
    if view.punto.cards or view.banco.cards:
        punto, banco = _hand(_("PUNTO"), view.punto), _hand(_("BANCO"), view.banco)
        parts.append(Text.from_markup(f"{punto}      {banco}"))
    parts.append(_boxes(view, name))
    takings = _("House takings {amount}").format(amount=signed(view.house))
    parts.append(Text.from_markup(f"[dim]{rules_line(view.rules)}[/]   {takings}"))
    if odds:
        parts.append(Text.from_markup(f"[cyan]{edges_line(view)}[/]"))
    title = _("Punto Banco · {table} · shoe {shoe} · coup {coup}").format(
        table=table_name(view.rules.table),
        shoe=view.shoe_number,
        coup=view.coups + (0 if view.phase is Phase.SHUFFLE else 1),
    )
    return Panel(Group(*parts), title=title, title_align="left", border_style="green")


def _boxes(view: PuntoBancoView, name: Callable[[int], str]) -> Table:
    table = Table(box=boxes.SIMPLE_HEAD, pad_edge=False)
    for column, justify in _COLUMNS:
        table.add_column(_(column) if column else "", justify=justify)
    for index, box in enumerate(view.boxes):
        if box is None:
            continue
        table.add_row(
            str(index + 1),
            name(index),
            str(box.chips),
            *(str(box.stakes[bet]) if box.stakes[bet] else "·" for bet in Bet),
            ", ".join(_notes(view, index, box.owed)),
        )
    if HOUSE in view.to_act and len(view.to_act) == 1 and view.phase is Phase.BETTING:
        table.caption = _("every box has finished betting")
    return table


def _notes(view: PuntoBancoView, index: int, owed: int) -> list[str]:
    """What the last column says of a box: the shoe, the deal, its betting, what it owes."""
    notes = []
    if index == view.holder:
        notes.append(_("holds the shoe"))
    if index == view.dealer:
        notes.append(_("deals"))
    if index in view.to_act and view.phase is Phase.BETTING:
        notes.append(_("[yellow]betting[/]"))
    if owed:
        notes.append(_("owes {amount}").format(amount=owed))
    return notes

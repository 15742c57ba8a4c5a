"""Drawing a Punto Banco table at the terminal."""

from __future__ import annotations

from collections.abc import Callable

from rich import box as boxes
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.progress_bar import ProgressBar
from rich.table import Table
from rich.text import Text

from croupier.engine.actors import HOUSE
from croupier.games.punto_banco import Bet, HandView, Phase, PuntoBancoView
from croupier.odds.punto_banco import next_coup
from croupier.words.markup import cards_markup, signed
from croupier.words.punto_banco import rules_line

__all__ = ["edges_line", "table_panel"]


def edges_line(view: PuntoBancoView, *, short: bool = False) -> str:
    """The exact house edge of each bet on the next coup, for the cards not yet seen."""
    edge = next_coup(view).house_edge
    if short:
        return "edge " + " ".join(f"{b.label[0].upper()} {float(edge[b]) * 100:.2f}%" for b in Bet)
    parts = " · ".join(f"{b.label} {float(edge[b]) * 100:.3f}%" for b in Bet)
    return f"House edge on the next coup, for the {sum(view.unseen)} cards not yet seen: {parts}"


def _hand(label: str, hand: HandView) -> str:
    points = "" if hand.points is None else f"  [bold]{hand.points}[/]"
    return f"[bold]{label}[/]  {cards_markup(hand.cards)}{points}"


def table_panel(
    view: PuntoBancoView, name: Callable[[int], str], *, odds: bool = False
) -> RenderableType:
    """The table as `view` shows it: the shoe, the hands, every box, and (with `odds`)
    the exact edge of each bet for the cards not yet seen."""
    rules = view.rules
    size = rules.decks * 52
    shoe = Table.grid(padding=(0, 1))
    shoe.add_row(
        "Shoe",
        ProgressBar(total=size, completed=size - view.cards_left, width=30),
        f"{view.cards_left} cards left" + (" · [red]cut card out[/]" if view.cut_card_out else ""),
    )
    parts: list[RenderableType] = [shoe]
    if view.punto.cards or view.banco.cards:
        parts.append(
            Text.from_markup(f"{_hand('PUNTO', view.punto)}      {_hand('BANCO', view.banco)}")
        )
    parts.append(_boxes(view, name))
    parts.append(
        Text.from_markup(f"[dim]{rules_line(view.rules)}[/]   House takings {signed(view.house)}")
    )
    if odds:
        parts.append(Text.from_markup(f"[cyan]{edges_line(view)}[/]"))
    title = (
        f"Punto Banco · {rules.table.value} table · shoe {view.shoe_number} · "
        f"coup {view.coups + (0 if view.phase is Phase.SHUFFLE else 1)}"
    )
    return Panel(Group(*parts), title=title, title_align="left", border_style="green")


def _boxes(view: PuntoBancoView, name: Callable[[int], str]) -> Table:
    table = Table(box=boxes.SIMPLE_HEAD, pad_edge=False)
    for column in ("Box", "Player", "Chips", "Punto", "Banco", "Égalité", ""):
        table.add_column(column, justify="right" if column in ("Box", "Chips") else "left")
    for index, box in enumerate(view.boxes):
        if box is None:
            continue
        notes = []
        if index == view.holder:
            notes.append("holds the shoe")
        if index == view.dealer:
            notes.append("deals")
        if index in view.to_act and view.phase is Phase.BETTING:
            notes.append("[yellow]betting[/]")
        if box.owed:
            notes.append(f"owes {box.owed}")
        table.add_row(
            str(index + 1),
            name(index),
            str(box.chips),
            *(str(box.stakes[bet]) if box.stakes[bet] else "·" for bet in Bet),
            ", ".join(notes),
        )
    if HOUSE in view.to_act and len(view.to_act) == 1 and view.phase is Phase.BETTING:
        table.caption = "every box has finished betting"
    return table

"""Drawing a Chemin de Fer table at the terminal."""

from __future__ import annotations

from collections.abc import Callable

from rich import box as boxes
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.progress_bar import ProgressBar
from rich.table import Table
from rich.text import Text

from croupier.cards import Card
from croupier.games.baccarat import points
from croupier.games.chemin_de_fer import ChemmyView
from croupier.words.markup import cards_markup, signed

__all__ = ["table_panel"]


def _hand(label: str, cards: tuple[Card | None, ...]) -> str:
    known = [card for card in cards if card is not None]
    total = f"  [bold]{points(known)}[/]" if known and len(known) == len(cards) else ""
    return f"[bold]{label}[/] {cards_markup(cards)}{total}"


def table_panel(view: ChemmyView, name: Callable[[int], str]) -> RenderableType:
    """The table as `view` shows it: the shoe, the bank, the hands, every seat."""
    size = view.rules.decks * 52
    top = Table.grid(padding=(0, 1))
    top.add_row(
        "Shoe",
        ProgressBar(total=size, completed=size - view.cards_left, width=30),
        f"{view.cards_left} cards left",
    )
    parts: list[RenderableType] = [top] if view.shoe_number else []
    if view.banker is not None:
        parts.append(
            Text.from_markup(
                f"Bank [bold]{view.bank}[/], held by {name(view.banker)}"
                + (f"; {view.uncovered} not yet covered" if view.stakes else "")
            )
        )
    if view.punter_cards or view.banker_cards:
        punter = "" if view.punter is None else f" ({name(view.punter)})"
        parts.append(
            Text.from_markup(
                f"{_hand('Punters' + punter, view.punter_cards)}      "
                f"{_hand('Banker', view.banker_cards)}"
                + ("   [dim]the punter stood[/]" if view.punter_stood else "")
            )
        )
    seats = Table(box=boxes.SIMPLE_HEAD, pad_edge=False)
    for column in ("Seat", "Player", "Chips", "Stake", ""):
        seats.add_column(
            column, justify="right" if column in ("Seat", "Chips", "Stake") else "left"
        )
    staked = dict(view.stakes)
    for seat, chips in enumerate(view.seats):
        if chips is None:
            continue
        notes = []
        if seat == view.banker:
            notes.append(f"banker, bank {view.bank}")
        if view.high_bid is not None and view.high_bid[0] == seat:
            notes.append(f"bids {view.high_bid[1]}")
        if seat in view.passed:
            notes.append("passed")
        if seat in view.to_act:
            notes.append("[yellow]to speak[/]")
        seats.add_row(
            str(seat + 1), name(seat), str(chips), str(staked.get(seat, "·")), ", ".join(notes)
        )
    parts.append(seats)
    parts.append(
        Text.from_markup(
            f"[dim]minimum bank {view.rules.minimum_bank} · minimum stake "
            f"{view.rules.minimum_stake}[/]   House {signed(view.house)}"
        )
    )
    title = f"Chemin de Fer · shoe {view.shoe_number} · coup {view.coups + 1}"
    return Panel(Group(*parts), title=title, title_align="left", border_style="green")

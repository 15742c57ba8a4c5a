"""Drawing a Banchek table at the terminal: the seats, the bank, your cards, what is shown,
and, if asked for, your hand's exact chance."""

from __future__ import annotations

from collections.abc import Callable

from rich import box as boxes
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from croupier.games.banchek import BanchekView
from croupier.odds.banchek import own_hand
from croupier.words.markup import card_markup, cards_markup

__all__ = ["table_panel"]


def table_panel(view: BanchekView, name: Callable[[int], str], odds: bool) -> RenderableType:
    parts: list[RenderableType] = []
    seats = Table(box=boxes.SIMPLE_HEAD, pad_edge=False)
    for column in ("Seat", "Player", "Chips", "Shown", ""):
        seats.add_column(column, justify="right" if column in ("Seat", "Chips") else "left")
    shown = dict(view.shown)
    stakes = dict(view.stakes)
    for seat, chips in enumerate(view.seats):
        if chips is None:
            continue
        notes = []
        if seat == view.banker:
            notes.append(f"banker, bank {view.bank} (passes at {view.rules.tripled} or 0)")
        if seat in stakes:
            notes.append(f"stakes {stakes[seat]}")
        if seat == view.punter:
            notes.append("[yellow]in play[/]")
        cards = cards_markup(shown[seat]) if seat in shown else ""
        seats.add_row(str(seat + 1), name(seat), str(chips), cards, ", ".join(notes))
    parts.append(seats)
    if view.hand:
        line = f"Your cards: {cards_markup(view.hand)}"
        figures = own_hand(view) if odds else None
        if figures is not None:
            win, edge = figures
            line += f"   exact chance {float(win):.4f} ({win}), edge {float(edge):+.2%}"
        parts.append(Text.from_markup(line))
    if view.turned:
        parts.append(Text.from_markup(f"Turned this round: {cards_markup(view.turned)}"))
    if view.early is not None:
        parts.append(Text.from_markup(f"Turned early: {card_markup(view.early)} (BN-14)"))
    if view.peeked_card is not None:
        parts.append(Text.from_markup(f"You peeked at: {card_markup(view.peeked_card)} (BN-17)"))
    rules = view.rules
    riders = "riders allowed" if rules.riders else "no riders"
    parts.append(
        Text.from_markup(
            f"[dim]stakes {rules.minimum} up to the bank · 1:1 · {riders} · "
            f"{view.fresh} fresh cards on top, {view.cards_left} in the pack[/]"
        )
    )
    title = f"Polish Banchek · round {view.rounds + 1}"
    return Panel(Group(*parts), title=title, title_align="left", border_style="green")

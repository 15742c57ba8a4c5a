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
from croupier.i18n import N_, _, ngettext, pgettext
from croupier.words.markup import cards_markup, signed

__all__ = ["table_panel"]


_COLUMNS = (N_("Seat"), N_("Player"), N_("Chips"), N_("Stake"), "")
"""The seats' columns."""
_RIGHT = ("Seat", "Chips", "Stake")


def _hand(label: str, cards: tuple[Card | None, ...]) -> str:
    known = [card for card in cards if card is not None]
    total = f"  [bold]{points(known)}[/]" if known and len(known) == len(cards) else ""
    return f"[bold]{label}[/] {cards_markup(cards)}{total}"


def _shoe(view: ChemmyView) -> Table:
    """The shoe: how much of it is dealt."""
    size = view.rules.decks * 52
    left = ngettext("{n} card left", "{n} cards left", view.cards_left)
    top = Table.grid(padding=(0, 1))
    top.add_row(
        pgettext("chemin-de-fer", "Shoe"),
        ProgressBar(total=size, completed=size - view.cards_left, width=30),
        left.format(n=view.cards_left),
    )
    return top


def _bank(view: ChemmyView, name: Callable[[int], str]) -> Text:
    """The bank, its banker, and what of it stakes have not yet covered."""
    assert view.banker is not None
    if view.stakes:
        said = _("Bank [bold]{bank}[/], held by {banker}; {uncovered} not yet covered")
    else:
        said = _("Bank [bold]{bank}[/], held by {banker}")
    return Text.from_markup(
        said.format(bank=view.bank, banker=name(view.banker), uncovered=view.uncovered)
    )


def _hands(view: ChemmyView, name: Callable[[int], str]) -> Text:
    """The two hands, as far as the seat sees them."""
    if view.punter is None:
        punters = _("Punters")
    else:
        punters = _("Punters ({name})").format(name=name(view.punter))
    banker = _hand(_("Banker"), view.banker_cards)
    stood = _("   [dim]the punter stood[/]") if view.punter_stood else ""
    return Text.from_markup(f"{_hand(punters, view.punter_cards)}      {banker}{stood}")


def _notes(view: ChemmyView, seat: int) -> str:
    """What is said of a seat beside it: banker, bid, passed, to speak."""
    notes = []
    if seat == view.banker:
        notes.append(_("banker, bank {bank}").format(bank=view.bank))
    if view.high_bid is not None and view.high_bid[0] == seat:
        notes.append(_("bids {amount}").format(amount=view.high_bid[1]))
    if seat in view.passed:
        notes.append(_("passed"))
    if seat in view.to_act:
        notes.append(_("[yellow]to speak[/]"))
    return ", ".join(notes)


def table_panel(view: ChemmyView, name: Callable[[int], str]) -> RenderableType:
    """The table as `view` shows it: the shoe, the bank, the hands, every seat."""
    parts: list[RenderableType] = [_shoe(view)] if view.shoe_number else []
    if view.banker is not None:
        parts.append(_bank(view, name))
    if view.punter_cards or view.banker_cards:
        parts.append(_hands(view, name))
    seats = Table(box=boxes.SIMPLE_HEAD, pad_edge=False)
    for column in _COLUMNS:
        seats.add_column(
            _(column) if column else "", justify="right" if column in _RIGHT else "left"
        )
    staked = dict(view.stakes)
    for seat, chips in enumerate(view.seats):
        if chips is not None:
            stake = str(staked.get(seat, "·"))
            seats.add_row(str(seat + 1), name(seat), str(chips), stake, _notes(view, seat))
    parts.append(seats)
    footer = _("[dim]minimum bank {bank} · minimum stake {stake}[/]   House {house}")
    rules = view.rules
    parts.append(
        Text.from_markup(
            footer.format(
                bank=rules.minimum_bank, stake=rules.minimum_stake, house=signed(view.house)
            )
        )
    )
    title = _("Chemin de Fer · shoe {shoe} · coup {coup}").format(
        shoe=view.shoe_number, coup=view.coups + 1
    )
    return Panel(Group(*parts), title=title, title_align="left", border_style="green")

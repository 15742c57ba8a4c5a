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
from croupier.i18n import N_, _
from croupier.odds.banchek import own_hand
from croupier.words.markup import card_markup, cards_markup

__all__ = ["table_panel"]

_COLUMNS = (N_("Seat"), N_("Player"), N_("Chips"), N_("Shown"), "")
"""The seats' columns."""
_RIGHT = ("Seat", "Chips")


def _notes(view: BanchekView, seat: int, stakes: dict[int, int]) -> str:
    """What is said of a seat beside it: the banker and his bank, a stake, the one in play."""
    notes = []
    if seat == view.banker:
        said = _("banker, bank {bank} (passes at {tripled} or 0)")
        notes.append(said.format(bank=view.bank, tripled=view.rules.tripled))
    if seat in stakes:
        notes.append(_("stakes {amount}").format(amount=stakes[seat]))
    if seat == view.punter:
        notes.append(_("[yellow]in play[/]"))
    return ", ".join(notes)


def _seats(view: BanchekView, name: Callable[[int], str]) -> Table:
    """Every seat: its player, chips, the cards it has shown, and notes."""
    seats = Table(box=boxes.SIMPLE_HEAD, pad_edge=False)
    for column in _COLUMNS:
        seats.add_column(
            _(column) if column else "", justify="right" if column in _RIGHT else "left"
        )
    shown = dict(view.shown)
    stakes = dict(view.stakes)
    for seat, chips in enumerate(view.seats):
        if chips is not None:
            cards = cards_markup(shown[seat]) if seat in shown else ""
            seats.add_row(str(seat + 1), name(seat), str(chips), cards, _notes(view, seat, stakes))
    return seats


def _hand(view: BanchekView, odds: bool) -> Text:
    """Your cards, and, if asked for, their exact chance against the next card."""
    cards = cards_markup(view.hand)
    figures = own_hand(view) if odds else None
    if figures is None:
        return Text.from_markup(_("Your cards: {cards}").format(cards=cards))
    win, edge = figures
    said = _("Your cards: {cards}   exact chance {chance:.4f} ({fraction}), edge {edge:+.2%}")
    return Text.from_markup(
        said.format(cards=cards, chance=float(win), fraction=win, edge=float(edge))
    )


def _rules_line(view: BanchekView) -> Text:
    """The table's rules, and how much of the pack is fresh."""
    rules = view.rules
    # i18n: BN-15, «примазка»
    riders = _("riders allowed") if rules.riders else _("no riders")
    said = _(
        "[dim]stakes {minimum} up to the bank · 1:1 · {riders} · {fresh} fresh cards on top, "
        "{left} in the pack[/]"
    )
    return Text.from_markup(
        said.format(minimum=rules.minimum, riders=riders, fresh=view.fresh, left=view.cards_left)
    )


def table_panel(view: BanchekView, name: Callable[[int], str], odds: bool) -> RenderableType:
    """The table as `view` shows it: the seats, your cards, the cards turned, the rules."""
    parts: list[RenderableType] = [_seats(view, name)]
    if view.hand:
        parts.append(_hand(view, odds))
    if view.turned:
        said = _("Turned this round: {cards}").format(cards=cards_markup(view.turned))
        parts.append(Text.from_markup(said))
    if view.early is not None:
        said = _("Turned early: {card} (BN-14)").format(card=card_markup(view.early))
        parts.append(Text.from_markup(said))
    if view.peeked_card is not None:
        said = _("You peeked at: {card} (BN-17)").format(card=card_markup(view.peeked_card))
        parts.append(Text.from_markup(said))
    parts.append(_rules_line(view))
    title = _("Polish Banchek · round {round}").format(round=view.rounds + 1)
    return Panel(Group(*parts), title=title, title_align="left", border_style="green")

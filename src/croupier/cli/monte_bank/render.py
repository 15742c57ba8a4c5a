"""Drawing a Monte Bank table at the terminal: the 2x2 layout, the bets on it, the seats."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich import box as boxes
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from croupier.games.monte_bank import Circle, Cross, CutOn, Layout, MonteView, Phase, Spot, Wager
from croupier.games.monte_bank.layout import Place, RowWager, opposite
from croupier.i18n import N_, _, ngettext
from croupier.words.markup import card_markup, signed
from croupier.words.monte_bank import kind_name

__all__ = ["ROWS", "layout_grid", "row_name", "table_panel", "wager_text"]

_GATHERED = frozenset({Phase.FIRST_BANKER, Phase.MONTE, Phase.OFFER, Phase.SHUFFLES})
"""Before the banker's shuffle every card is gathered in, whatever was left of the last."""

ROWS = {"top": N_("top"), "bottom": N_("bottom"), "left": N_("left"), "right": N_("right")}
"""The layout's rows and columns, as the grid heads them and a doubler names them (MB-9c)."""

_COLUMNS = (N_("Seat"), N_("Player"), N_("Chips"), "")
"""The seats' columns."""


def row_name(row: str) -> str:
    """`top`, `left`, ... in the context's language."""
    return _(ROWS[row])


def _spot(layout: Layout, spot: Place, view: MonteView) -> str:
    stack = layout.spots[spot] if isinstance(spot, Spot) else (layout.card(spot),)
    cards = " ".join(card_markup(card) for card in stack)
    if spot in view.falls.fallen:
        # i18n: struck-out cards that fell (the same in English's two forms)
        fell = ngettext("[strike dim]{cards}[/] fell", "[strike dim]{cards}[/] fell", len(stack))
        return fell.format(cards=cards)
    if spot in view.falls.matched:
        return _("{cards} [dim](matched)[/]").format(cards=cards)
    return cards


def layout_grid(view: MonteView) -> Table:
    """The layout as the banker sees it: the top layout above the bottom one."""
    layout = view.layout
    assert layout is not None
    grid = Table(box=boxes.SIMPLE, show_header=True, pad_edge=False)
    grid.add_column("")
    grid.add_column(row_name("left"), justify="center")
    grid.add_column(row_name("right"), justify="center")
    grid.add_row(
        row_name("top"), _spot(layout, Spot.TOP_LEFT, view), _spot(layout, Spot.TOP_RIGHT, view)
    )
    grid.add_row(
        row_name("bottom"),
        _spot(layout, Spot.BOTTOM_LEFT, view),
        _spot(layout, Spot.BOTTOM_RIGHT, view),
    )
    if layout.extras:  # MB-17 variant
        grid.add_row(_("added"), *(_spot(layout, place, view) for place in layout.extras))
    return grid


def wager_text(layout: Layout, wager: Wager | RowWager) -> str:
    def cards(places: frozenset[Place]) -> str:
        return "+".join(layout.card(p).pretty for p in layout.places if p in places)

    if isinstance(wager, RowWager):
        said = (
            _("top layout ({cards})")
            if Spot.TOP_LEFT in wager.row
            else _("bottom layout ({cards})")
        )
        return said.format(cards=cards(wager.row))
    if isinstance(wager, Circle):
        return kind_name("circle", cards(frozenset({wager.spot})))
    if isinstance(wager, Cross):
        return kind_name(
            "cross", cards(frozenset({wager.backed})), cards(frozenset({wager.against}))
        )
    return kind_name("doubler", cards(wager.group), cards(opposite(wager.group)))


def _seats(view: MonteView, name: Callable[[int], str]) -> Table:
    """Who sits where, with what, the banker and who is to speak."""
    seats = Table(box=boxes.SIMPLE_HEAD, pad_edge=False)
    for column in _COLUMNS:
        right = column in ("Seat", "Chips")
        seats.add_column(_(column) if column else "", justify="right" if right else "left")
    for seat, chips in enumerate(view.seats):
        if chips is None:
            continue
        notes = []
        if seat == view.banker:
            notes.append(_("banker, monte {bank}").format(bank=view.bank))
        if seat in view.to_act:
            notes.append(_("[yellow]to speak[/]"))
        seats.add_row(str(seat + 1), name(seat), str(chips), ", ".join(notes))
    return seats


def _club_terms(view: MonteView) -> str:
    """The club form's terms of play (MB-8, MB-9, MB-13)."""
    rules = view.rules
    said = (
        _(
            "cava {cava} · circle pays 3:1, cross and doubler 1:1 · the house takes {cut}% of "
            "gate wins ({apart} kept apart)"
        )
        if rules.cut_on is CutOn.GATE
        else _(
            "cava {cava} · circle pays 3:1, cross and doubler 1:1 · the house takes {cut}% of "
            "first-fall wins ({apart} kept apart)"
        )
    )
    return said.format(cava=rules.cava, cut=f"{float(rules.cut * 100):g}", apart=view.apart)


def table_panel(
    view: MonteView,
    name: Callable[[int], str],
    *,
    title: str = N_("Monte Bank"),
    terms: str | None = None,
    extra: Sequence[RenderableType] = (),
) -> RenderableType:
    """The table as a seat sees it: the layout and its bets, the seats, and the `terms` of
    play (the club form's by default), then any `extra` parts. `title` is a message id."""
    parts: list[RenderableType] = []
    if view.layout is not None:
        parts.append(layout_grid(view))
        if view.bets:
            lines = [
                f"{bet.number}. {name(bet.seat)}: {wager_text(view.layout, bet.wager)}, {bet.stake}"
                for bet in view.bets
            ]
            parts.append(Text.from_markup(_("Bets: {bets}").format(bets=" · ".join(lines))))
    parts.append(_seats(view, name))
    terms = terms or _club_terms(view)
    said = _("[dim]{terms}[/]   House {house}").format(terms=terms, house=signed(view.house))
    parts.append(Text.from_markup(said))
    parts.extend(extra)
    if view.phase in _GATHERED:
        pack = _("the cards gathered for the shuffle")
    else:
        n = view.cards_left
        pack = ngettext("{n} card in the pack", "{n} cards in the pack", n).format(n=n)
    heading = _("{title} · deal {deal} · {pack}").format(
        title=_(title), deal=view.deals + 1, pack=pack
    )
    return Panel(Group(*parts), title=heading, title_align="left", border_style="green")

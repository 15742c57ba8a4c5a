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
from croupier.words.markup import card_markup, signed

__all__ = ["layout_grid", "table_panel", "wager_text"]

_GATHERED = frozenset({Phase.FIRST_BANKER, Phase.MONTE, Phase.OFFER, Phase.SHUFFLES})
"""Before the banker's shuffle every card is gathered in, whatever was left of the last."""


def _spot(layout: Layout, spot: Place, view: MonteView) -> str:
    stack = layout.spots[spot] if isinstance(spot, Spot) else (layout.card(spot),)
    cards = " ".join(card_markup(card) for card in stack)
    if spot in view.falls.fallen:
        return f"[strike dim]{cards}[/] fell"
    if spot in view.falls.matched:
        return f"{cards} [dim](matched)[/]"
    return cards


def layout_grid(view: MonteView) -> Table:
    """The layout as the banker sees it: the top layout above the bottom one."""
    layout = view.layout
    assert layout is not None
    grid = Table(box=boxes.SIMPLE, show_header=True, pad_edge=False)
    grid.add_column("")
    grid.add_column("left", justify="center")
    grid.add_column("right", justify="center")
    grid.add_row("top", _spot(layout, Spot.TOP_LEFT, view), _spot(layout, Spot.TOP_RIGHT, view))
    grid.add_row(
        "bottom", _spot(layout, Spot.BOTTOM_LEFT, view), _spot(layout, Spot.BOTTOM_RIGHT, view)
    )
    if layout.extras:  # MB-17 variant
        grid.add_row("added", *(_spot(layout, place, view) for place in layout.extras))
    return grid


def wager_text(layout: Layout, wager: Wager | RowWager) -> str:
    def cards(places: frozenset[Place]) -> str:
        return "+".join(layout.card(p).pretty for p in layout.places if p in places)

    if isinstance(wager, RowWager):
        return f"{'top' if Spot.TOP_LEFT in wager.row else 'bottom'} layout ({cards(wager.row)})"
    if isinstance(wager, Circle):
        return f"circle on {cards(frozenset({wager.spot}))}"
    if isinstance(wager, Cross):
        return f"cross {cards(frozenset({wager.backed}))} v {cards(frozenset({wager.against}))}"
    return f"doubler {cards(wager.group)} v {cards(opposite(wager.group))}"


def table_panel(
    view: MonteView,
    name: Callable[[int], str],
    *,
    title: str = "Monte Bank",
    terms: str | None = None,
    extra: Sequence[RenderableType] = (),
) -> RenderableType:
    """The table as a seat sees it: the layout and its bets, the seats, and the `terms` of
    play (the club form's by default), then any `extra` parts."""
    parts: list[RenderableType] = []
    if view.layout is not None:
        parts.append(layout_grid(view))
        if view.bets:
            lines = [
                f"{bet.number}. {name(bet.seat)}: {wager_text(view.layout, bet.wager)}, {bet.stake}"
                for bet in view.bets
            ]
            parts.append(Text.from_markup("Bets: " + " · ".join(lines)))
    seats = Table(box=boxes.SIMPLE_HEAD, pad_edge=False)
    for column in ("Seat", "Player", "Chips", ""):
        seats.add_column(column, justify="right" if column in ("Seat", "Chips") else "left")
    for seat, chips in enumerate(view.seats):
        if chips is None:
            continue
        notes = []
        if seat == view.banker:
            notes.append(f"banker, monte {view.bank}")
        if seat in view.to_act:
            notes.append("[yellow]to speak[/]")
        seats.add_row(str(seat + 1), name(seat), str(chips), ", ".join(notes))
    parts.append(seats)
    rules = view.rules
    wins = "gate wins" if rules.cut_on is CutOn.GATE else "first-fall wins"
    terms = terms or (
        f"cava {rules.cava} · circle pays 3:1, cross and doubler 1:1 · the house takes "
        f"{float(rules.cut * 100):g}% of {wins} ({view.apart} kept apart)"
    )
    parts.append(Text.from_markup(f"[dim]{terms}[/]   House {signed(view.house)}"))
    parts.extend(extra)
    pack = (
        "the cards gathered for the shuffle"
        if view.phase in _GATHERED
        else f"{view.cards_left} cards in the pack"
    )
    heading = f"{title} · deal {view.deals + 1} · {pack}"
    return Panel(Group(*parts), title=heading, title_align="left", border_style="green")

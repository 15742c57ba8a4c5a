"""The pieces of a line: cards in colour, counts and signed amounts, in rich's console markup
(`[bold]…[/]`), which the terminal prints as styles and `croupier.words.plain` strips."""

from __future__ import annotations

from croupier.cards import Card, Colour

__all__ = ["card_markup", "cards_markup", "plural", "signed"]


def card_markup(card: Card | None) -> str:
    """A card in colour (red or black on white), or a face-down card."""
    if card is None:
        return "[white on blue]▒▒[/]"
    colour = "red" if card.colour is Colour.RED else "black"
    return f"[bold {colour} on white]{card.pretty}[/]"


def cards_markup(cards: tuple[Card | None, ...]) -> str:
    """Cards side by side, or a dim dash for none."""
    return " ".join(card_markup(card) for card in cards) if cards else "[dim]—[/]"


def plural(count: int, noun: str) -> str:
    """`1 coup`, `2 coups`."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def signed(amount: int) -> str:
    """`+10`, `−20` or `0`, coloured."""
    if amount > 0:
        return f"[green]+{amount}[/]"
    if amount < 0:
        return f"[red]−{-amount}[/]"
    return "0"

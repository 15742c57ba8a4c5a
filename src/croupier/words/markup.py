"""The pieces of a line: cards in colour, counts and signed amounts, in rich's console markup
(`[bold]…[/]`), which the terminal prints as styles and `croupier.words.plain` strips."""

from __future__ import annotations

from collections.abc import Callable

from croupier.cards import Card, Colour
from croupier.i18n import ngettext

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


_COUNTED: dict[str, Callable[[int], str]] = {
    "coup": lambda n: ngettext("{n} coup", "{n} coups", n),
    "deal": lambda n: ngettext("{n} deal", "{n} deals", n),
    "round": lambda n: ngettext("{n} round", "{n} rounds", n),
    "shuffle": lambda n: ngettext("{n} shuffle", "{n} shuffles", n),
    "signature": lambda n: ngettext("{n} signature", "{n} signatures", n),
}
"""The nouns counted in a line, each with its plural forms (Russian has three)."""


def plural(count: int, noun: str) -> str:
    """`1 coup`, `2 coups` (`noun` one of coup, deal, round, shuffle, signature), in the
    context's language: «1 кон», «2 кона», «5 конов»."""
    return _COUNTED[noun](count).format(n=count)


def signed(amount: int) -> str:
    """`+10`, `−20` or `0`, coloured."""
    if amount > 0:
        return f"[green]+{amount}[/]"
    if amount < 0:
        return f"[red]−{-amount}[/]"
    return "0"

"""Private Monte Bank in words: Monte Bank's, with the layout bets, the gate by suit and the
discards, and its rule set."""

from __future__ import annotations

from croupier.engine.events import Event
from croupier.games.monte_bank.events import BetsClosed, BetSettled, BetVoided, CardShown
from croupier.games.private_monte import Discarded, PrivateRules, RowBetPlaced
from croupier.words.markup import card_markup
from croupier.words.monte_bank import ROUND, Narrator
from croupier.words.narration import Names

__all__ = ["ROUND", "PrivateNarrator", "header"]

_OWN_RULES = {"MB-3": "PM-2", "MB-15": "PM-8"}
"""Where the table runs as in the club form, the private form's own rule is cited."""

_OWN_WORDS = {"a monte of": "a bank of", "the monte is used up": "the bank is used up"}
"""The private form's one word for what the banker puts up: the bank (PM-6), as its table
says, where the club form's is the monte (MB-4)."""


def header(rules: PrivateRules) -> tuple[str, ...]:
    """What is played at a table of these rules, said once at the start."""
    return (
        f"[bold]Private Monte Bank[/] — the 40-card pack, matched by suit; stakes "
        f"{rules.cava} to {rules.limit}, paid 1:1; {rules.deals_per_bank} deals a shuffle.",
    )


class PrivateNarrator(Narrator):
    """Tells the private form's events; the table's own (the bank, the shuffles and cuts,
    the settling) as Monte Bank does."""

    def __init__(self, names: Names) -> None:
        super().__init__(names)
        self.rows: dict[int, RowBetPlaced] = {}

    def __call__(self, event: Event) -> str | None:
        if isinstance(event, RowBetPlaced):
            self.rows[event.number] = event
            return (
                f"{self.subject(event.seat)} bets {event.stake} on the {event.row.value} "
                f"layout (bet {event.number})."
            )
        if isinstance(event, BetsClosed):
            return "The banker turns the pack face up (PM-5)."
        if isinstance(event, CardShown):
            return f"The gate: {card_markup(event.card)}, {event.card.suit.name.lower()}."
        if isinstance(event, Discarded):
            return "[dim]The layout and the gate go to the discards; no shuffle (PM-7).[/]"
        line = super().__call__(event)
        if isinstance(event, BetSettled | BetVoided):
            self.rows.pop(event.number, None)
        for club, private in _OWN_RULES.items():
            line = line.replace(f"({club})", f"({private})") if line else line
        for club, private in _OWN_WORDS.items():
            line = line.replace(club, private) if line else line
        return line

    def bet(self, number: int) -> str:
        placed = self.rows[number]
        return (
            f"bet {number} ({self.short(placed.seat)}, {placed.row.value} layout, {placed.stake})"
        )

"""Private Monte Bank in words: Monte Bank's, with the layout bets, the gate by suit and the
discards, and its rule set."""

from __future__ import annotations

from croupier.cards import Suit
from croupier.engine.events import Event
from croupier.games.monte_bank.events import (
    BetsClosed,
    BetSettled,
    BetVoided,
    CardShown,
    MontePutUp,
)
from croupier.games.private_monte import Discarded, PrivateMonte, PrivateRules, Row, RowBetPlaced
from croupier.i18n import N_, _, ngettext
from croupier.words._registration import GameWords
from croupier.words.markup import card_markup
from croupier.words.monte_bank import ROUND, TELLERS, Narrator
from croupier.words.narration import Names, Tellers

__all__ = ["ROUND", "WORDS", "PrivateNarrator", "header"]

_OWN_RULES = {"MB-3": "PM-2", "MB-15": "PM-8"}
"""Where the table runs as in the club form, the private form's own rule is cited."""

_PLACED = {
    Row.TOP: N_("{who} bets {stake} on the top layout (bet {number})."),
    Row.BOTTOM: N_("{who} bets {stake} on the bottom layout (bet {number})."),
}
_BET = {
    Row.TOP: N_("bet {number} ({who}, top layout, {stake})"),
    Row.BOTTOM: N_("bet {number} ({who}, bottom layout, {stake})"),
}
"""A bet on a layout, placed and then named (PM-4)."""

_GATE = {
    Suit.SPADES: N_("The gate: {card}, spades."),
    Suit.HEARTS: N_("The gate: {card}, hearts."),
    Suit.DIAMONDS: N_("The gate: {card}, diamonds."),
    Suit.CLUBS: N_("The gate: {card}, clubs."),
}
"""The gate and its suit, which decides the bets (PM-5)."""

_OWN_TELLERS: Tellers = {
    **TELLERS,
    # The private form's one word for what the banker puts up: the bank (PM-6), as its
    # table says, where the club form's is the monte (MB-4).
    MontePutUp: lambda n, e: _("[bold]{who} puts up a bank of {amount} (MB-4).[/]").format(
        who=n.subject(e.seat), amount=e.amount
    ),
    BetVoided: lambda n, e: _(
        "  {bet} is void: the bank is used up; stake returned (MB-4)."
    ).format(bet=n.bet(e.number)),
    BetsClosed: lambda n, e: _("The banker turns the pack face up (PM-5)."),
    CardShown: lambda n, e: _(_GATE[e.card.suit]).format(card=card_markup(e.card)),
    Discarded: lambda n, e: _(
        "[dim]The layout and the gate go to the discards; no shuffle (PM-7).[/]"
    ),
}
"""How the private form tells its events: Monte Bank's way, but for its own."""


def header(rules: PrivateRules) -> tuple[str, ...]:
    """What is played at a table of these rules, said once at the start."""
    said = ngettext(
        "[bold]Private Monte Bank[/] — the 40-card pack, matched by suit; stakes {cava} to "
        "{limit}, paid 1:1; {deals} deal a shuffle.",
        "[bold]Private Monte Bank[/] — the 40-card pack, matched by suit; stakes {cava} to "
        "{limit}, paid 1:1; {deals} deals a shuffle.",
        rules.deals_per_bank or 0,
    )
    return (said.format(cava=rules.cava, limit=rules.limit, deals=rules.deals_per_bank),)


class PrivateNarrator(Narrator):
    """Tells the private form's events; the table's own (the bank, the shuffles and cuts,
    the settling) as Monte Bank does."""

    def __init__(self, names: Names) -> None:
        super().__init__(names, _OWN_TELLERS)
        self.rows: dict[int, RowBetPlaced] = {}

    def __call__(self, event: Event) -> str | None:
        if isinstance(event, RowBetPlaced):
            self.rows[event.number] = event
            return _(_PLACED[event.row]).format(
                who=self.subject(event.seat), stake=event.stake, number=event.number
            )
        line = super().__call__(event)
        if isinstance(event, BetSettled | BetVoided):
            self.rows.pop(event.number, None)
        for club, private in _OWN_RULES.items():
            line = line.replace(f"({club})", f"({private})") if line else line
        return line

    def bet(self, number: int) -> str:
        placed = self.rows[number]
        return _(_BET[placed.row]).format(
            number=number, who=self.short(placed.seat), stake=placed.stake
        )


WORDS = GameWords(PrivateMonte.name, header, PrivateNarrator, ROUND)
"""This game's words, for `croupier.words`."""

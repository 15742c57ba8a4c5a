"""Monte Bank in words: its events, with the reason for every bet's fate, and its rule set."""

from __future__ import annotations

from croupier.engine.events import Event, SeatJoined, SeatLeft, SessionEnded, ShoeCut
from croupier.games.monte_bank.events import (
    AcesCalled,
    BankBroken,
    BankDeclined,
    BankPassed,
    BetPlaced,
    BetsClosed,
    BetSettled,
    BetVoided,
    CardFell,
    CardShown,
    CutShared,
    DealEnded,
    DealVoid,
    DrawnForBank,
    ExtraCard,
    ExtraDiscarded,
    FirstBanker,
    LayoutCard,
    MonteAdded,
    MontePutUp,
    OrdinaryMatch,
    PackShuffled,
    RitualPassed,
    Stacked,
    TermServed,
)
from croupier.games.monte_bank.layout import Fate, Kind
from croupier.games.monte_bank.rules import Rules
from croupier.words import narration
from croupier.words.markup import card_markup, plural, signed
from croupier.words.narration import Names, Tellers

__all__ = ["ROUND", "Narrator", "bet_name", "header"]

ROUND = "deal"
"""What one round of the game is called."""


def bet_name(e: BetPlaced) -> str:
    backs = " ".join(card.pretty for card in e.backs)
    if e.kind.value == "circle":
        return f"circle on {backs}"
    against = " ".join(card.pretty for card in e.against)
    return f"{e.kind.value} {backs} v {against}"


def header(rules: Rules) -> tuple[str, ...]:
    """What is played at a table of these rules, said once at the start."""
    return (
        f"[bold]Monte Bank[/] — the 40-card pack; cava {rules.cava}; the house takes "
        f"{float(rules.cut * 100):g}% of winnings on the {rules.cut_on.value}.",
    )


class Narrator(narration.Narrator):
    """Tells Monte Bank's events. It keeps the open bets, so that it can name them, and at
    the end of each step says which of them a card of their rank did not touch."""

    remembers = True

    def __init__(self, names: Names) -> None:
        super().__init__(names, _TELLERS)
        self.open: dict[int, BetPlaced] = {}
        self._matched: OrdinaryMatch | None = None

    def __call__(self, event: Event) -> str | None:
        line = super().__call__(event)
        if isinstance(event, BetPlaced):
            self.open[event.number] = event
        elif isinstance(event, BetSettled | BetVoided):
            self.open.pop(event.number, None)
        elif isinstance(event, OrdinaryMatch):
            self._matched = event
        return line

    def bet(self, number: int) -> str:
        placed = self.open[number]
        return f"bet {number} ({self.short(placed.seat)}, {bet_name(placed)}, {placed.stake})"

    def end_of_step(self) -> list[str]:
        """After an ordinary match: the open bets on that card, which it did not settle."""
        match, self._matched = self._matched, None
        if match is None:
            return []
        colour = "same" if match.stack is Kind.PAIR else "other"
        return [
            f"  {self.bet(number)}: not a fall for this bet: {colour} colour (MB-10)."
            for number, placed in self.open.items()
            if match.card.rank in {card.rank for card in (*placed.backs, *placed.against)}
        ]


def _matched(n: Narrator, e: OrdinaryMatch) -> str:
    wanted = "the other" if e.stack is Kind.PAIR else "its own"
    return (
        f"  {card_markup(e.card)} is of the {e.spot.value} card's rank; with a {e.stack.value} "
        f"standing, that card falls only to {wanted} colour (MB-10): an ordinary match, which "
        "settles only cross bets between plain cards."
    )


def _settled(n: Narrator, e: BetSettled) -> str:
    if e.fate is Fate.LOSE:
        return f"  {n.bet(e.number)} loses."
    cut = f", the house takes {e.cut} (MB-13)" if e.cut else ""
    return f"  {n.bet(e.number)} wins {signed(e.paid)}{cut}."


_TELLERS: Tellers = {
    PackShuffled: lambda n, e: f"{n.subject(e.by)} shuffles the pack.",
    DrawnForBank: lambda n, e: f"{n.subject(e.seat)} draws {card_markup(e.card)} for the bank.",
    FirstBanker: lambda n, e: f"[bold]{n.subject(e.seat)} has the lowest card and banks (MB-3).[/]",
    MontePutUp: lambda n, e: f"[bold]{n.subject(e.seat)} puts up a monte of {e.amount} (MB-4).[/]",
    MonteAdded: lambda n, e: f"{n.subject(e.seat)} adds {e.amount}: the bank is {e.bank}.",
    BankDeclined: lambda n, e: f"{n.subject(e.seat)} declines the bank.",
    AcesCalled: lambda n, e: (
        f'{n.subject(e.seat)} says "aces": gives up the bank of {e.bank} (MB-15).'
    ),
    BankBroken: lambda n, e: f"[bold]{n.subject(e.seat)}'s bank is broken (MB-15).[/]",
    TermServed: lambda n, e: (
        f"[bold]{e.reason[0].upper()}{e.reason[1:]}: {n.name(e.seat)} gives up the bank of "
        f"{e.bank}.[/]"
    ),
    CutShared: lambda n, e: (
        f"The cut kept apart is shared: {e.house} to the house, "
        f"{e.banker} to {n.name(e.seat)} (MB-14)."
    ),
    BankPassed: lambda n, e: f"The bank passes to the left, to {n.name(e.to_seat)} (MB-15).",
    RitualPassed: lambda n, e: f"{n.subject(e.seat)} lets the {e.ritual} go by.",
    ShoeCut: lambda n, e: f"{n.subject(e.by)} cuts the pack at {e.amount}.",
    LayoutCard: lambda n, e: (
        f"Layout, {e.spot.value}: {card_markup(e.card)} (from the {e.end.value})."
    ),
    Stacked: lambda n, e: f"A {e.kind.value} on the top layout: stacked (MB-7c).",
    ExtraCard: lambda n, e: f"Added to the layout: {card_markup(e.card)} (MB-17).",
    ExtraDiscarded: lambda n, e: f"{card_markup(e.card)} would pair: set aside (MB-17).",
    DealVoid: lambda n, e: (
        f"[yellow]The deal is void ({e.rule}): the cards are gathered, shuffled and cut "
        "again (MB-5).[/]"
    ),
    BetPlaced: lambda n, e: (
        f"{n.subject(e.seat)} bets {e.stake} on {bet_name(e)} (bet {e.number})."
    ),
    BetsClosed: lambda n, e: 'The cutter: "All!" (MB-11)',
    CardShown: lambda n, e: ("The gate: " if e.gate else "Shown: ") + card_markup(e.card) + ".",
    CardFell: lambda n, e: (
        f"  The {e.spot.value} card falls to {card_markup(e.card)} and leaves the layout."
    ),
    OrdinaryMatch: _matched,
    BetSettled: _settled,
    BetVoided: lambda n, e: (
        f"  {n.bet(e.number)} is void: the monte is used up; stake returned (MB-4)."
    ),
    DealEnded: lambda n, e: f"[bold]Deal {e.deal} is over.[/] The bank holds {e.bank}.",
    SeatJoined: lambda n, e: f"{n.subject(e.seat)} sits down with {e.chips} chips.",
    SeatLeft: lambda n, e: f"{n.subject(e.seat)} gets up with {e.chips} chips.",
    SessionEnded: lambda n, e: f"\n[bold]The table closes after {plural(e.coups, 'deal')}.[/]",
}

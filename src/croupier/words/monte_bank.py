"""Monte Bank in words: its events, with the reason for every bet's fate, and its rule set."""

from __future__ import annotations

import re
from collections.abc import Callable

from croupier.engine.events import Event, SeatJoined, SeatLeft, SessionEnded, ShoeCut
from croupier.games.monte_bank import MonteBank
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
from croupier.games.monte_bank.layout import Extra, Fate, Kind, Place, Spot
from croupier.games.monte_bank.rules import CutOn, Rules
from croupier.i18n import N_, _, ngettext
from croupier.shoe import End
from croupier.words import narration
from croupier.words._registration import GameWords
from croupier.words.markup import card_markup, plural, signed
from croupier.words.narration import Names, Tellers

__all__ = [
    "ROUND",
    "TELLERS",
    "WORDS",
    "Narrator",
    "bet_name",
    "header",
    "kind_name",
    "place_name",
    "term",
]

ROUND = "deal"
"""What one round of the game is called."""

_PLACES: dict[Place, str] = {
    Spot.TOP_LEFT: N_("top-left"),
    Spot.TOP_RIGHT: N_("top-right"),
    Spot.BOTTOM_LEFT: N_("bottom-left"),
    Spot.BOTTOM_RIGHT: N_("bottom-right"),
    Extra.FIRST: N_("extra-1"),
    Extra.SECOND: N_("extra-2"),
}
"""Where a layout card lies, as a line names it (MB-6, MB-17)."""

_BETS = {
    "circle": N_("circle on {backs}"),
    "cross": N_("cross {backs} v {against}"),
    "doubler": N_("doubler {backs} v {against}"),
}
"""A bet by its kind and the cards it backs and is against (MB-9)."""


def place_name(place: Place) -> str:
    """`top-left`, in the context's language."""
    return _(_PLACES[place])


def kind_name(kind: str, backs: str, against: str = "") -> str:
    """`circle on 7♠`, `cross 7♠ v K♥`: a bet of `kind` (circle, cross, doubler)."""
    return _(_BETS[kind]).format(backs=backs, against=against)


def bet_name(e: BetPlaced) -> str:
    backs = " ".join(card.pretty for card in e.backs)
    return kind_name(e.kind.value, backs, " ".join(card.pretty for card in e.against))


def header(rules: Rules) -> tuple[str, ...]:
    """What is played at a table of these rules, said once at the start."""
    said = (
        _(
            "[bold]Monte Bank[/] — the 40-card pack; cava {cava}; the house takes {cut}% of "
            "winnings on the gate."
        )
        if rules.cut_on is CutOn.GATE
        else _(
            "[bold]Monte Bank[/] — the 40-card pack; cava {cava}; the house takes {cut}% of "
            "winnings on the first-fall."
        )
    )
    return (said.format(cava=rules.cava, cut=f"{float(rules.cut * 100):g}"),)


_TERMS: tuple[tuple[re.Pattern[str], Callable[[int], str]], ...] = (
    (
        re.compile(r"the (?P<n>\d+) deals agreed are dealt \((?P<rule>[A-Z]+-\d+)\)"),
        lambda n: _("the {n} deals agreed are dealt ({rule})"),
    ),
    (
        re.compile(
            r"another deal would leave fewer than (?P<n>\d+) cards undealt \((?P<rule>[A-Z]+-\d+)\)"
        ),
        lambda n: ngettext(
            "another deal would leave fewer than {n} card undealt ({rule})",
            "another deal would leave fewer than {n} cards undealt ({rule})",
            n,
        ),
    ),
)
"""Why a banker's term is over, as the game records it (MB-15, PM-8), and in words."""


def term(reason: str) -> str:
    """A term's `reason` (`TermServed`) in the context's language; as recorded if unknown."""
    for pattern, said in _TERMS:
        if found := pattern.fullmatch(reason):
            n = int(found["n"])
            return said(n).format(n=n, rule=found["rule"])
    return reason


class Narrator(narration.Narrator):
    """Tells Monte Bank's events. It keeps the open bets, so that it can name them, and at
    the end of each step says which of them a card of their rank did not touch."""

    remembers = True

    def __init__(self, names: Names, tellers: Tellers | None = None) -> None:
        super().__init__(names, tellers or TELLERS)
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
        return _("bet {number} ({who}, {bet}, {stake})").format(
            number=number, who=self.short(placed.seat), bet=bet_name(placed), stake=placed.stake
        )

    def end_of_step(self) -> list[str]:
        """After an ordinary match: the open bets on that card, which it did not settle."""
        match, self._matched = self._matched, None
        if match is None:
            return []
        said = (
            _("  {bet}: not a fall for this bet: same colour (MB-10).")
            if match.stack is Kind.PAIR
            else _("  {bet}: not a fall for this bet: other colour (MB-10).")
        )
        return [
            said.format(bet=self.bet(number))
            for number, placed in self.open.items()
            if match.card.rank in {card.rank for card in (*placed.backs, *placed.against)}
        ]


def _matched(n: Narrator, e: OrdinaryMatch) -> str:
    said = (
        _(
            "  {card} is of the {spot} card's rank; with a pair standing, that card falls only "
            "to the other colour (MB-10): an ordinary match, which settles only cross bets "
            "between plain cards."
        )
        if e.stack is Kind.PAIR
        else _(
            "  {card} is of the {spot} card's rank; with a triple standing, that card falls "
            "only to its own colour (MB-10): an ordinary match, which settles only cross bets "
            "between plain cards."
        )
    )
    return said.format(card=card_markup(e.card), spot=place_name(e.spot))


def _settled(n: Narrator, e: BetSettled) -> str:
    if e.fate is Fate.LOSE:
        return _("  {bet} loses.").format(bet=n.bet(e.number))
    if e.cut:
        said = _("  {bet} wins {paid}, the house takes {cut} (MB-13).")
    else:
        said = _("  {bet} wins {paid}.")
    return said.format(bet=n.bet(e.number), paid=signed(e.paid), cut=e.cut)


def _term(n: Narrator, e: TermServed) -> str:
    reason = term(e.reason)
    said = _("[bold]{reason}: {who} gives up the bank of {bank}.[/]")
    return said.format(reason=reason[:1].upper() + reason[1:], who=n.name(e.seat), bank=e.bank)


_RITUALS = {
    "shuffle": N_("{who} lets the shuffle go by."),
    "cut": N_("{who} lets the cut go by."),
}
"""A punter letting his shuffle or cut go by (MB-5), by the ritual's name in the event."""


def _layout_card(n: Narrator, e: LayoutCard) -> str:
    said = (
        _("Layout, {spot}: {card} (from the bottom).")
        if e.end is End.BOTTOM
        else _("Layout, {spot}: {card} (from the top).")
    )
    return said.format(spot=place_name(e.spot), card=card_markup(e.card))


def _stacked(n: Narrator, e: Stacked) -> str:
    if e.kind is Kind.PAIR:
        return _("A pair on the top layout: stacked (MB-7c).")
    return _("A triple on the top layout: stacked (MB-7c).")


def _shown(n: Narrator, e: CardShown) -> str:
    said = _("The gate: {card}.") if e.gate else _("Shown: {card}.")
    return said.format(card=card_markup(e.card))


TELLERS: Tellers = {
    PackShuffled: lambda n, e: _("{who} shuffles the pack.").format(who=n.subject(e.by)),
    DrawnForBank: lambda n, e: _("{who} draws {card} for the bank.").format(
        who=n.subject(e.seat), card=card_markup(e.card)
    ),
    FirstBanker: lambda n, e: _("[bold]{who} has the lowest card and banks (MB-3).[/]").format(
        who=n.subject(e.seat)
    ),
    MontePutUp: lambda n, e: _("[bold]{who} puts up a monte of {amount} (MB-4).[/]").format(
        who=n.subject(e.seat), amount=e.amount
    ),
    MonteAdded: lambda n, e: _("{who} adds {amount}: the bank is {bank}.").format(
        who=n.subject(e.seat), amount=e.amount, bank=e.bank
    ),
    BankDeclined: lambda n, e: _("{who} declines the bank.").format(who=n.subject(e.seat)),
    AcesCalled: lambda n, e: _('{who} says "aces": gives up the bank of {bank} (MB-15).').format(
        who=n.subject(e.seat), bank=e.bank
    ),
    BankBroken: lambda n, e: _("[bold]{who}'s bank is broken (MB-15).[/]").format(
        who=n.subject(e.seat)
    ),
    TermServed: _term,
    CutShared: lambda n, e: _(
        "The cut kept apart is shared: {house} to the house, {banker} to {who} (MB-14)."
    ).format(house=e.house, banker=e.banker, who=n.name(e.seat)),
    BankPassed: lambda n, e: _("The bank passes to the left, to {who} (MB-15).").format(
        who=n.name(e.to_seat)
    ),
    RitualPassed: lambda n, e: _(_RITUALS[e.ritual]).format(who=n.subject(e.seat)),
    # i18n: the number of cards taken off the top of the pack (the same in English's two forms)
    ShoeCut: lambda n, e: ngettext(
        "{who} cuts the pack at {amount}.", "{who} cuts the pack at {amount}.", e.amount
    ).format(who=n.subject(e.by), amount=e.amount),
    LayoutCard: _layout_card,
    Stacked: _stacked,
    ExtraCard: lambda n, e: _("Added to the layout: {card} (MB-17).").format(
        card=card_markup(e.card)
    ),
    ExtraDiscarded: lambda n, e: _("{card} would pair: set aside (MB-17).").format(
        card=card_markup(e.card)
    ),
    DealVoid: lambda n, e: _(
        "[yellow]The deal is void ({rule}): the cards are gathered, shuffled and cut "
        "again (MB-5).[/]"
    ).format(rule=e.rule),
    BetPlaced: lambda n, e: _("{who} bets {stake} on {bet} (bet {number}).").format(
        who=n.subject(e.seat), stake=e.stake, bet=bet_name(e), number=e.number
    ),
    BetsClosed: lambda n, e: _('The cutter: "All!" (MB-11)'),
    CardShown: _shown,
    CardFell: lambda n, e: _("  The {spot} card falls to {card} and leaves the layout.").format(
        spot=place_name(e.spot), card=card_markup(e.card)
    ),
    OrdinaryMatch: _matched,
    BetSettled: _settled,
    BetVoided: lambda n, e: _(
        "  {bet} is void: the monte is used up; stake returned (MB-4)."
    ).format(bet=n.bet(e.number)),
    DealEnded: lambda n, e: _("[bold]Deal {deal} is over.[/] The bank holds {bank}.").format(
        deal=e.deal, bank=e.bank
    ),
    SeatJoined: lambda n, e: ngettext(
        "{who} sits down with {chips} chip.", "{who} sits down with {chips} chips.", e.chips
    ).format(who=n.subject(e.seat), chips=e.chips),
    SeatLeft: lambda n, e: ngettext(
        "{who} gets up with {chips} chip.", "{who} gets up with {chips} chips.", e.chips
    ).format(who=n.subject(e.seat), chips=e.chips),
    SessionEnded: lambda n, e: _("\n[bold]The table closes after {deals}.[/]").format(
        deals=plural(e.coups, "deal")
    ),
}
"""How each of Monte Bank's events is told (the private form changes a few)."""

WORDS = GameWords(MonteBank.name, header, Narrator, ROUND)
"""This game's words, for `croupier.words`."""

"""Polish Banchek in words: its events, with the rule behind each turn of play, and its rule
set."""

from __future__ import annotations

from croupier.engine.events import SeatJoined, SeatLeft, SessionEnded, ShoeCut
from croupier.games.banchek.events import (
    BankEnded,
    BankPutUp,
    BankSkipped,
    CardTurned,
    DrawnForBank,
    FirstBanker,
    HandDealt,
    HandShown,
    HandsVoid,
    PackShuffled,
    PeekClaimed,
    Peeked,
    RidersRefused,
    RiderStaked,
    RoundGathered,
    Settled,
    Staked,
    Why,
)
from croupier.games.banchek.rules import Rules
from croupier.words import narration
from croupier.words.markup import card_markup, cards_markup, plural
from croupier.words.narration import Names, Tellers

__all__ = ["ROUND", "Narrator", "header"]

ROUND = "round"
"""What one round of the game is called."""


def header(rules: Rules) -> tuple[str, ...]:
    """What is played at a table of these rules, said once at the start."""
    riders = "riders allowed (BN-15)" if rules.riders else "no riders"
    return (
        f"[bold]Polish Banchek[/] — two packs; stakes from {rules.minimum} to the whole "
        f"bank; a bank of {rules.bank} passes when it triples or breaks; {riders}.",
    )


class Narrator(narration.Narrator):
    """Tells Banchek's events."""

    def __init__(self, names: Names) -> None:
        super().__init__(names, _TELLERS)


def _dealt(n: Narrator, e: HandDealt) -> str | None:
    if e.cards is None:
        return None  # another's hand: only he sees it
    return f"Your cards: {cards_markup(e.cards)}."


def _turned(n: Narrator, e: CardTurned) -> str:
    if e.early:
        return (
            f"[yellow]The banker turns {n.name(e.seat)}'s card before the stake: "
            f"{card_markup(e.card)}. It is the punter's to use (BN-14).[/]"
        )
    return f"The banker turns {card_markup(e.card)}."


def _settled(n: Narrator, e: Settled) -> str:
    on = "" if e.seat == e.hand else f" riding on {n.name(e.hand)}"
    result = "wins" if e.won else "loses"
    return f"  {n.subject(e.seat)}{on} {result} {e.stake}."


def _peeked(n: Narrator, e: Peeked) -> str:
    seen = f": {card_markup(e.card)}" if e.card is not None else ""
    return f"[yellow]{n.subject(e.banker)} peeks at the card before turning it{seen} (BN-17).[/]"


def _claimed(n: Narrator, e: PeekClaimed) -> str:
    whose = "" if e.seat == e.punter else f", {n.name(e.punter)}'s to play"
    return f"{n.subject(e.seat)} has the peeked card count as turned{whose} (BN-17, BN-14)."


def _ended(n: Narrator, e: BankEnded) -> str:
    how = "has tripled" if e.why is Why.TRIPLED else "is broken"
    return (
        f"[bold]The bank {how}: {n.name(e.seat)} takes off {e.bank} and the pack passes to "
        "the left (BN-10).[/]"
    )


_TELLERS: Tellers = {
    DrawnForBank: lambda n, e: f"{n.subject(e.seat)} draws {card_markup(e.card)} for the bank.",
    FirstBanker: lambda n, e: f"[bold]{n.subject(e.seat)} has the lowest card and banks (BN-2).[/]",
    BankPutUp: lambda n, e: f"[bold]{n.subject(e.seat)} puts up a bank of {e.amount}.[/]",
    BankSkipped: lambda n, e: (
        f"{n.subject(e.seat)} has {e.chips} chips, not the bank agreed: the turn to bank passes."
    ),
    PackShuffled: lambda n, e: f"{n.subject(e.by)} shuffles the two packs ({e.cards} cards).",
    ShoeCut: lambda n, e: f"{n.subject(e.by)} cuts at {e.amount} (BN-4).",
    HandDealt: _dealt,
    Staked: lambda n, e: f"{n.subject(e.seat)} stakes {e.amount}.",
    RidersRefused: lambda n, e: (
        f"{n.subject(e.seat)} allows no riders on the hand, and will ride on no one's (BN-16)."
    ),
    HandShown: lambda n, e: f"{n.subject(e.seat)} shows {cards_markup(e.cards)}.",
    RiderStaked: lambda n, e: (
        f"{n.subject(e.seat)} rides {e.amount} on {n.name(e.on)}'s cards (BN-15)."
    ),
    Peeked: _peeked,
    PeekClaimed: _claimed,
    CardTurned: _turned,
    Settled: _settled,
    BankEnded: _ended,
    HandsVoid: lambda n, e: (
        f"  Hands not played are void: {', '.join(n.name(s) for s in e.seats)}."
    ),
    RoundGathered: lambda n, e: (
        f"[dim]{n.subject(e.by)} puts the round's {e.cards} cards under the pack; no shuffle "
        "(BN-8, BN-9).[/]"
    ),
    SeatJoined: lambda n, e: f"{n.subject(e.seat)} sits down with {e.chips} chips.",
    SeatLeft: lambda n, e: f"{n.subject(e.seat)} leaves the game with {e.chips} chips.",
    SessionEnded: lambda n, e: f"\n[bold]The table closes after {plural(e.coups, 'round')}.[/]",
}

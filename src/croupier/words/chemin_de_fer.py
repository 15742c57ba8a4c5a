"""Chemin de Fer in words: its events, its rule set, a coup's result."""

from __future__ import annotations

from croupier.engine.events import (
    CutCardPlaced,
    SeatJoined,
    SeatLeft,
    SessionEnded,
    ShoeCut,
    ShoeEnded,
    ShoeShuffled,
)
from croupier.games.chemin_de_fer.events import (
    AuctionPassed,
    BancoCalled,
    BankDeclined,
    BankerDecided,
    BankGivenUp,
    BankKept,
    BankOpened,
    BankPassed,
    BidMade,
    CallPassed,
    CallsOpen,
    CardBurned,
    CoupResult,
    HandShown,
    NoBanker,
    NoStakes,
    PunterDecided,
    Settled,
    StakePassed,
    StakePlaced,
    ThirdCard,
)
from croupier.games.chemin_de_fer.rules import BankerPlay, Outcome, Rules, Winner
from croupier.words import narration
from croupier.words.markup import card_markup, cards_markup, plural, signed
from croupier.words.narration import Names, Tellers

__all__ = ["ROUND", "Narrator", "header", "result_line"]

ROUND = "coup"
"""What one round of the game is called."""


def result_line(e: CoupResult) -> str:
    if e.winner is Winner.TIE:
        return f"[bold]A TIE[/] at {e.punter}: stakes are returned (CF-14)"
    who = "the BANKER wins" if e.winner is Winner.BANKER else "the PUNTERS win"
    return f"[bold]{who}[/] {max(e.punter, e.banker)} to {min(e.punter, e.banker)}"


def header(rules: Rules) -> tuple[str, ...]:
    """What is played at a table of these rules, said once at the start."""
    play = "chooses freely" if rules.banker_play is BankerPlay.FREE else "follows the tableau"
    return (
        f"[bold]Chemin de Fer[/] — {rules.decks} decks; the banker {play} (CF-13); "
        f"minimum bank {rules.minimum_bank}, minimum stake {rules.minimum_stake}.",
    )


class Narrator(narration.Narrator):
    """Tells Chemin de Fer's events."""

    def __init__(self, names: Names) -> None:
        super().__init__(names, _TELLERS)


_TELLERS: Tellers = {
    BidMade: lambda n, e: f"{n.subject(e.seat)} bids {e.amount} for the bank.",
    AuctionPassed: lambda n, e: f"{n.subject(e.seat)} passes (for good).",
    NoBanker: lambda n, e: "Nobody will bank (CF-15).",
    BankOpened: lambda n, e: (
        f"[bold]{n.subject(e.seat)} banks {e.amount}[/]"
        + (" (won the auction, CF-3)." if e.by_auction else " (CF-14).")
    ),
    BankDeclined: lambda n, e: f"{n.subject(e.seat)} declines the bank (CF-15).",
    BankKept: lambda n, e: f"{n.subject(e.seat)} keeps the bank: {e.bank}.",
    BankGivenUp: lambda n, e: (
        f"{n.subject(e.seat)} gives up the bank and keeps {e.amount} (CF-15)."
    ),
    BankPassed: lambda n, e: (
        f"The bank passes to the right; {n.name(e.from_seat)} takes back {e.returned} (CF-14)."
    ),
    ShoeShuffled: lambda n, e: f"[bold]Shoe {e.shoe}[/]: {e.cards} cards are shuffled.",
    ShoeCut: lambda n, e: f"{n.subject(e.by)} cuts the shoe at {e.amount}.",
    CutCardPlaced: lambda n, e: f"The cut card goes in {e.from_bottom} from the bottom.",
    CardBurned: lambda n, e: f"{n.subject(e.by)} burns {card_markup(e.card)} (CF-4).",
    CallsOpen: lambda n, e: (
        f"\n[bold]— Coup {e.coup} —[/] {n.subject(e.banker)} has a bank of {e.bank}. Banco?"
    ),
    BancoCalled: lambda n, e: f"[bold]{n.subject(e.seat)}: banco![/] ({e.amount}, CF-6)",
    CallPassed: lambda n, e: f"{n.subject(e.seat)} does not call banco.",
    StakePlaced: lambda n, e: (
        f"{n.subject(e.seat)} stakes {e.amount}"
        + (f"; {e.uncovered} still uncovered." if e.uncovered else "; the bank is covered.")
    ),
    StakePassed: lambda n, e: f"{n.subject(e.seat)} passes.",
    NoStakes: lambda n, e: "Nobody stakes: no coup.",
    PunterDecided: lambda n, e: (
        f"{n.subject(e.seat)} {'asks for a card' if e.draws else 'stands'}."
    ),
    BankerDecided: lambda n, e: (
        f"{n.subject(e.seat)} {'draws' if e.draws else 'stands'}"
        + (" (tableau)." if e.forced else ".")
    ),
    ThirdCard: lambda n, e: f"{e.hand.value.title()}'s third card, face up: {card_markup(e.card)}.",
    HandShown: lambda n, e: (
        f"{e.hand.value.title()} shows {cards_markup(e.cards)} — {e.points}"
        + (" [bold]natural[/]" if e.natural else "")
        + "."
    ),
    CoupResult: lambda n, e: result_line(e).replace("the ", "The ", 1) + ".",
    Settled: lambda n, e: (
        f"  {n.name(e.seat)}: stake {e.stake} "
        + ("returned." if e.outcome is Outcome.PUSH else f"{e.outcome.value}s {signed(e.net)}.")
    ),
    SeatJoined: lambda n, e: f"{n.subject(e.seat)} sits down with {e.chips} chips.",
    SeatLeft: lambda n, e: f"{n.subject(e.seat)} gets up with {e.chips} chips.",
    ShoeEnded: lambda n, e: f"[bold]The cut card is out: shoe {e.shoe} ends.[/]",
    SessionEnded: lambda n, e: f"\n[bold]The table closes after {plural(e.coups, 'coup')}.[/]",
}

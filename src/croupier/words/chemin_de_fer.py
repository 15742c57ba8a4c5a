"""Chemin de Fer in words: its events, its rule set, a coup's result."""

from __future__ import annotations

import re

from croupier.engine.events import (
    CutCardPlaced,
    SeatJoined,
    SeatLeft,
    SessionEnded,
    ShoeCut,
    ShoeEnded,
    ShoeShuffled,
)
from croupier.games.chemin_de_fer import CheminDeFer
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
from croupier.games.chemin_de_fer.rules import BankerPlay, Hand, Outcome, Rules, Winner
from croupier.i18n import N_, _, ngettext, npgettext
from croupier.words import narration
from croupier.words._registration import GameWords
from croupier.words.markup import card_markup, cards_markup, plural, signed
from croupier.words.narration import Names, Tellers

__all__ = ["ROUND", "WORDS", "Narrator", "header", "result_line"]

ROUND = "coup"
"""What one round of the game is called."""

_WINNERS = {Winner.BANKER: N_("the BANKER wins"), Winner.PUNTERS: N_("the PUNTERS win")}
_PLAY = {BankerPlay.FREE: N_("chooses freely"), BankerPlay.TABLEAU: N_("follows the tableau")}


def result_line(e: CoupResult) -> str:
    """`the BANKER wins 7 to 6`, or a tie, as the middle of a line says it."""
    if e.winner is Winner.TIE:
        # i18n: CF-14, equal points: the stakes are cancelled (returned)
        return _("[bold]A TIE[/] at {points}: stakes are returned (CF-14)").format(points=e.punter)
    high, low = max(e.punter, e.banker), min(e.punter, e.banker)
    return _("[bold]{who}[/] {high} to {low}").format(who=_(_WINNERS[e.winner]), high=high, low=low)


def _capitalised(line: str) -> str:
    """`line` with its first letter, after the markup that opens it, in capitals."""
    return _OPENING.sub(lambda m: m[1] + m[2].upper(), line, count=1)


_OPENING = re.compile(r"^((?:\[[^\]]*\])*)(\w)")
"""The markup a line opens with, and its first letter."""


def header(rules: Rules) -> tuple[str, ...]:
    """What is played at a table of these rules, said once at the start."""
    said = ngettext(
        "[bold]Chemin de Fer[/] — {decks} deck; the banker {play} (CF-13); "
        "minimum bank {bank}, minimum stake {stake}.",
        "[bold]Chemin de Fer[/] — {decks} decks; the banker {play} (CF-13); "
        "minimum bank {bank}, minimum stake {stake}.",
        rules.decks,
    )
    play = _(_PLAY[rules.banker_play])
    return (
        said.format(
            decks=rules.decks, play=play, bank=rules.minimum_bank, stake=rules.minimum_stake
        ),
    )


class Narrator(narration.Narrator):
    """Tells Chemin de Fer's events."""

    def __init__(self, names: Names) -> None:
        super().__init__(names, _TELLERS)


def _bank_opened(n: narration.Narrator, e: BankOpened) -> str:
    if e.by_auction:
        said = _("[bold]{who} banks {amount}[/] (won the auction, CF-3).")
    else:
        said = _("[bold]{who} banks {amount}[/] (CF-14).")
    return said.format(who=n.subject(e.seat), amount=e.amount)


def _stake_placed(n: narration.Narrator, e: StakePlaced) -> str:
    if e.uncovered:
        said = _("{who} stakes {amount}; {uncovered} still uncovered.")
    else:
        said = _("{who} stakes {amount}; the bank is covered.")
    return said.format(who=n.subject(e.seat), amount=e.amount, uncovered=e.uncovered)


def _banker_decided(n: narration.Narrator, e: BankerDecided) -> str:
    said = {
        (True, True): _("{who} draws (tableau)."),
        (True, False): _("{who} draws."),
        (False, True): _("{who} stands (tableau)."),
        (False, False): _("{who} stands."),
    }[e.draws, e.forced]
    return said.format(who=n.subject(e.seat))


def _third_card(n: narration.Narrator, e: ThirdCard) -> str:
    if e.hand is Hand.PUNTER:
        # i18n: CF-12, the third card is dealt face up
        said = _("Punter's third card, face up: {card}.")
    else:
        said = _("Banker's third card, face up: {card}.")
    return said.format(card=card_markup(e.card))


def _hand_shown(n: narration.Narrator, e: HandShown) -> str:
    said = {
        (Hand.PUNTER, False): _("Punter shows {cards} — {points}."),
        # i18n: CF-11, a two-card 8 or 9 is a natural
        (Hand.PUNTER, True): _("Punter shows {cards} — {points} [bold]natural[/]."),
        (Hand.BANKER, False): _("Banker shows {cards} — {points}."),
        (Hand.BANKER, True): _("Banker shows {cards} — {points} [bold]natural[/]."),
    }[e.hand, e.natural]
    return said.format(cards=cards_markup(e.cards), points=e.points)


def _settled(n: narration.Narrator, e: Settled) -> str:
    said = {
        Outcome.PUSH: _("  {who}: stake {stake} returned."),
        Outcome.WIN: _("  {who}: stake {stake} wins {net}."),
        Outcome.LOSE: _("  {who}: stake {stake} loses {net}."),
    }[e.outcome]
    return said.format(who=n.name(e.seat), stake=e.stake, net=signed(e.net))


def _punter_decided(n: narration.Narrator, e: PunterDecided) -> str:
    said = _("{who} asks for a card.") if e.draws else _("{who} stands.")
    return said.format(who=n.subject(e.seat))


_TELLERS: Tellers = {
    BidMade: lambda n, e: _("{who} bids {amount} for the bank.").format(
        who=n.subject(e.seat), amount=e.amount
    ),
    AuctionPassed: lambda n, e: _("{who} passes (for good).").format(who=n.subject(e.seat)),
    NoBanker: lambda n, e: _("Nobody will bank (CF-15)."),
    BankOpened: _bank_opened,
    BankDeclined: lambda n, e: _("{who} declines the bank (CF-15).").format(who=n.subject(e.seat)),
    BankKept: lambda n, e: _("{who} keeps the bank: {bank}.").format(
        who=n.subject(e.seat), bank=e.bank
    ),
    BankGivenUp: lambda n, e: _("{who} gives up the bank and keeps {amount} (CF-15).").format(
        who=n.subject(e.seat), amount=e.amount
    ),
    BankPassed: lambda n, e: _(
        "The bank passes to the right; {who} takes back {returned} (CF-14)."
    ).format(who=n.name(e.from_seat), returned=e.returned),
    ShoeShuffled: lambda n, e: npgettext(
        "chemin-de-fer",
        "[bold]Shoe {shoe}[/]: {cards} card is shuffled.",
        "[bold]Shoe {shoe}[/]: {cards} cards are shuffled.",
        e.cards,
    ).format(shoe=e.shoe, cards=e.cards),
    ShoeCut: lambda n, e: _("{who} cuts the shoe at {amount}.").format(
        who=n.subject(e.by), amount=e.amount
    ),
    CutCardPlaced: lambda n, e: _("The cut card goes in {n} from the bottom.").format(
        n=e.from_bottom
    ),
    # i18n: CF-4, cards dealt from the shoe, shown and discarded
    CardBurned: lambda n, e: _("{who} burns {card} (CF-4).").format(
        who=n.subject(e.by), card=card_markup(e.card)
    ),
    CallsOpen: lambda n, e: _(
        "\n[bold]— Coup {coup} —[/] {who} has a bank of {bank}. Banco?"
    ).format(coup=e.coup, who=n.subject(e.banker), bank=e.bank),
    BancoCalled: lambda n, e: _("[bold]{who}: banco![/] ({amount}, CF-6)").format(
        who=n.subject(e.seat), amount=e.amount
    ),
    CallPassed: lambda n, e: _("{who} does not call banco.").format(who=n.subject(e.seat)),
    StakePlaced: _stake_placed,
    StakePassed: lambda n, e: _("{who} passes.").format(who=n.subject(e.seat)),
    NoStakes: lambda n, e: _("Nobody stakes: no coup."),
    PunterDecided: _punter_decided,
    BankerDecided: _banker_decided,
    ThirdCard: _third_card,
    HandShown: _hand_shown,
    CoupResult: lambda n, e: _capitalised(result_line(e)) + ".",
    Settled: _settled,
    SeatJoined: lambda n, e: _("{who} sits down with {chips} chips.").format(
        who=n.subject(e.seat), chips=e.chips
    ),
    SeatLeft: lambda n, e: _("{who} gets up with {chips} chips.").format(
        who=n.subject(e.seat), chips=e.chips
    ),
    ShoeEnded: lambda n, e: _("[bold]The cut card is out: shoe {shoe} ends.[/]").format(
        shoe=e.shoe
    ),
    SessionEnded: lambda n, e: _("\n[bold]The table closes after {coups}.[/]").format(
        coups=plural(e.coups, "coup")
    ),
}

WORDS = GameWords(CheminDeFer.name, header, Narrator, ROUND)
"""This game's words, for `croupier.words`."""

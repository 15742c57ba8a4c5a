"""Polish Banchek in words: its events, with the rule behind each turn of play, and its rule
set."""

from __future__ import annotations

from croupier.engine.events import SatIn, SatOut, SeatJoined, SeatLeft, SessionEnded, ShoeCut
from croupier.games.banchek import Banchek
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
from croupier.i18n import N_, _, ngettext
from croupier.words import narration
from croupier.words._registration import GameWords
from croupier.words.markup import card_markup, cards_markup, plural
from croupier.words.narration import Names, Tellers

__all__ = ["ROUND", "WORDS", "Narrator", "header"]

ROUND = "round"
"""What one round of the game is called."""


def header(rules: Rules) -> tuple[str, ...]:
    """What is played at a table of these rules, said once at the start."""
    allowed = _("riders allowed (BN-15)") if rules.riders else _("no riders")
    said = _(
        "[bold]Polish Banchek[/] — two packs; stakes from {minimum} to the whole bank; a bank "
        "of {bank} passes when it triples or breaks; {riders}."
    )
    return (said.format(minimum=rules.minimum, bank=rules.bank, riders=allowed),)


class Narrator(narration.Narrator):
    """Tells Banchek's events."""

    def __init__(self, names: Names) -> None:
        super().__init__(names, _TELLERS)


def _dealt(n: Narrator, e: HandDealt) -> str | None:
    if e.cards is None:
        return None  # another's hand: only he sees it
    if n.names.held.get(e.seat) != narration.YOU:  # a coup looked back at, its shoe over
        said = _("{who} is dealt {cards}.")
        return said.format(who=n.subject(e.seat), cards=cards_markup(e.cards))
    return _("Your cards: {cards}.").format(cards=cards_markup(e.cards))


def _turned(n: Narrator, e: CardTurned) -> str:
    if e.early:
        said = _(
            "[yellow]The banker turns {who}'s card before the stake: {card}. It is the "
            "punter's to use (BN-14).[/]"
        )
        return said.format(who=n.name(e.seat), card=card_markup(e.card))
    return _("The banker turns {card}.").format(card=card_markup(e.card))


_SETTLED = {
    (True, True): N_("{who} wins {stake}."),
    (True, False): N_("{who} loses {stake}."),
    (False, True): N_("{who} riding on {hand} wins {stake}."),
    (False, False): N_("{who} riding on {hand} loses {stake}."),
}
"""A stake settled: by whether it is the hand's own, and whether it won (BN-6, BN-15)."""


def _settled(n: Narrator, e: Settled) -> str:
    said = _(_SETTLED[e.seat == e.hand, e.won])
    return "  " + said.format(who=n.subject(e.seat), hand=n.name(e.hand), stake=e.stake)


def _peeked(n: Narrator, e: Peeked) -> str:
    if e.card is None:
        said = _("[yellow]{who} peeks at the card before turning it (BN-17).[/]")
    else:
        said = _("[yellow]{who} peeks at the card before turning it: {card} (BN-17).[/]")
    return said.format(who=n.subject(e.banker), card=card_markup(e.card))


def _claimed(n: Narrator, e: PeekClaimed) -> str:
    if e.seat == e.punter:
        said = _("{who} has the peeked card count as turned (BN-17, BN-14).")
    else:
        said = _("{who} has the peeked card count as turned, {punter}'s to play (BN-17, BN-14).")
    return said.format(who=n.subject(e.seat), punter=n.name(e.punter))


def _ended(n: Narrator, e: BankEnded) -> str:
    if e.why is Why.TRIPLED:
        said = _(
            "[bold]The bank has tripled: {who} takes off {bank} and the pack passes to the "
            "left (BN-10).[/]"
        )
    else:
        said = _(
            "[bold]The bank is broken: {who} takes off {bank} and the pack passes to the "
            "left (BN-10).[/]"
        )
    return said.format(who=n.name(e.seat), bank=e.bank)


def _skipped(n: Narrator, e: BankSkipped) -> str:
    said = _("{who} has {chips} chips, not the bank agreed: the turn to bank passes.")
    return said.format(who=n.subject(e.seat), chips=e.chips)


def _shuffled(n: Narrator, e: PackShuffled) -> str:
    # i18n: the cards shuffled (the same in English's two forms)
    said = ngettext(
        "{who} shuffles the two packs ({cards} cards).",
        "{who} shuffles the two packs ({cards} cards).",
        e.cards,
    )
    return said.format(who=n.subject(e.by), cards=e.cards)


def _cut(n: Narrator, e: ShoeCut) -> str:
    # i18n: the cards cut from the top (the same in English's two forms)
    said = ngettext("{who} cuts at {amount} (BN-4).", "{who} cuts at {amount} (BN-4).", e.amount)
    return said.format(who=n.subject(e.by), amount=e.amount)


def _gathered(n: Narrator, e: RoundGathered) -> str:
    # i18n: the round's cards gathered (the same in English's two forms)
    said = ngettext(
        "[dim]{who} puts the round's {cards} cards under the pack; no shuffle (BN-8, BN-9).[/]",
        "[dim]{who} puts the round's {cards} cards under the pack; no shuffle (BN-8, BN-9).[/]",
        e.cards,
    )
    return said.format(who=n.subject(e.by), cards=e.cards)


def _riders_refused(n: Narrator, e: RidersRefused) -> str:
    said = _("{who} allows no riders on the hand, and will ride on no one's (BN-16).")
    return said.format(who=n.subject(e.seat))


def _rider(n: Narrator, e: RiderStaked) -> str:
    said = _("{who} rides {amount} on {on}'s cards (BN-15).")
    return said.format(who=n.subject(e.seat), amount=e.amount, on=n.name(e.on))


def _void(n: Narrator, e: HandsVoid) -> str:
    said = _("Hands not played are void: {seats}.")
    return "  " + said.format(seats=", ".join(n.name(s) for s in e.seats))


_TELLERS: Tellers = {
    DrawnForBank: lambda n, e: _("{who} draws {card} for the bank.").format(
        who=n.subject(e.seat), card=card_markup(e.card)
    ),
    FirstBanker: lambda n, e: _("[bold]{who} has the lowest card and banks (BN-2).[/]").format(
        who=n.subject(e.seat)
    ),
    BankPutUp: lambda n, e: _("[bold]{who} puts up a bank of {amount}.[/]").format(
        who=n.subject(e.seat), amount=e.amount
    ),
    BankSkipped: _skipped,
    PackShuffled: _shuffled,
    ShoeCut: _cut,
    HandDealt: _dealt,
    Staked: lambda n, e: _("{who} stakes {amount}.").format(who=n.subject(e.seat), amount=e.amount),
    RidersRefused: _riders_refused,
    HandShown: lambda n, e: _("{who} shows {cards}.").format(
        who=n.subject(e.seat), cards=cards_markup(e.cards)
    ),
    RiderStaked: _rider,
    Peeked: _peeked,
    PeekClaimed: _claimed,
    CardTurned: _turned,
    Settled: _settled,
    BankEnded: _ended,
    HandsVoid: _void,
    RoundGathered: _gathered,
    SeatJoined: lambda n, e: _("{who} sits down with {chips} chips.").format(
        who=n.subject(e.seat), chips=e.chips
    ),
    SeatLeft: lambda n, e: _("{who} leaves the game with {chips} chips.").format(
        who=n.subject(e.seat), chips=e.chips
    ),
    SatOut: lambda n, e: _(
        "{who} sits out: out of the game, dealt no cards, the seat and chips kept (BN-11)."
    ).format(who=n.subject(e.seat)),
    SatIn: lambda n, e: _("{who} is back in the game, dealt in from the next round.").format(
        who=n.subject(e.seat)
    ),
    SessionEnded: lambda n, e: _("\n[bold]The table closes after {rounds}.[/]").format(
        rounds=plural(e.coups, ROUND)
    ),
}

WORDS = GameWords(Banchek.name, header, Narrator, ROUND)
"""This game's words, for `croupier.words`."""

"""A person playing Polish Banchek at the terminal: prompts, the words each knows, refusals."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import replace

from rich.console import Console, RenderableType

from croupier.bots.defaults import default_action
from croupier.cli._seat import AskedSeat
from croupier.cli._terminal import Prompter, cut_range, middle_cut
from croupier.cli._words import Word, Words, amount, word, word_by
from croupier.cli.banchek._render import table_panel
from croupier.engine.actions import Action, Amounts, Cut, Done, Leave
from croupier.games.banchek import (
    AddToBank,
    BanchekView,
    ClaimTurned,
    Peek,
    Phase,
    PlayOn,
    PutUpBank,
    RefuseRiders,
    Ride,
    Stake,
    TakeFromBank,
    TurnEarly,
    Wait,
)
from croupier.i18n import N_, _

__all__ = ["HumanSeat"]

_PROMPTS = {
    Phase.BANK: N_("The bank comes to you: Enter to put it up, or `leave` the game"),
    Phase.OPEN: N_("You bank: Enter lets the punter stake; or `early`, or `peek`"),
    Phase.PEEKED: N_("The banker peeked at your card: `claim` it as turned, or Enter to play on"),
    Phase.STAKE: N_("Your stake (Enter: the smallest; help for commands)"),
    Phase.RIDING: N_("Ride on these cards? An amount, or Enter to pass"),
}
_OTHERS_PEEKED = N_(
    "The banker peeked at {punter}'s card: `claim` it as turned for him, or Enter to let it go"
)


def _smallest(view: BanchekView) -> Action:
    (stakes,) = (o for o in view.legal.of_type(Stake) if isinstance(o, Amounts))
    return Stake(stakes.low)


def _forbidden() -> tuple[Word[BanchekView, Action], ...]:
    """The banker's words for adding to the bank or taking from it: known, to be refused
    (BN-12), but not offered."""
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    adding = N_("add")
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    taking = N_("take, withdraw")
    return tuple(
        replace(amount(spelled, act, does, example=50, alone=False), offered=False)
        for spelled, act, does in (
            (adding, AddToBank, N_("refused: the banker may not add to the bank (BN-12)")),
            (taking, TakeFromBank, N_("refused: nor take money out of it (BN-12)")),
        )
    )


def _leave() -> Word[BanchekView, Action]:
    """Leaving the game rather than stake or bank (BN-11)."""
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    spelled = N_("leave")
    return word(
        spelled, Leave(), N_("pass your stake, or refuse the bank: you leave the game (BN-11)")
    )


def _bank() -> Words[BanchekView, Action]:
    """The bank offered in turn: put it up, or leave (BN-10, BN-11)."""
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    spelled = N_("bank, Enter, yes")
    put_up = word(spelled, PutUpBank(), N_("put up the bank, the agreed amount (BN-10)"))
    return Words((put_up, _leave()))


def _cut() -> Words[BanchekView, Action]:
    """The cut of a freshly shuffled pack (BN-4)."""
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    spelled = N_("cut")
    cut = amount(spelled, Cut, N_("cut the pack 50 cards from the top (BN-4)"), example=50)
    middle: Word[BanchekView, Action] = word_by(
        "Enter", lambda view: middle_cut(view.legal), N_("cut in the middle")
    )
    return Words((cut, middle))


def _open() -> Words[BanchekView, Action]:
    """The banker before a punter's stake: wait, turn early, or peek (BN-5, BN-14, BN-17)."""
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    waiting = N_("wait, Enter")
    wait = word(waiting, Wait(), N_("let the punter name his stake first (BN-5)"))
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    turning = N_("early")
    early = word(turning, TurnEarly(), N_("turn his card before his stake (BN-14)"))
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    peeking = N_("peek")
    does = N_("look at the card before turning it: not allowed (BN-17)")
    return Words((wait, early, word(peeking, Peek(), does), *_forbidden()))


def _peeked() -> Words[BanchekView, Action]:
    """A punter, the banker having peeked: claim the card, or play on (BN-17)."""
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    claiming = N_("claim")
    claim = word(
        claiming, ClaimTurned(), N_("the peeked card counts as turned, as in BN-14 (BN-17)")
    )
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    playing = N_("play on, Enter, on")
    play_on = word(playing, PlayOn(), N_("let the card be turned as usual (BN-17)"))
    return Words((claim, play_on))


def _riding() -> Words[BanchekView, Action]:
    """Another punter's cards shown: ride on them, or pass (BN-15)."""
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    riding = N_("ride")
    ride = amount(riding, Ride, N_("ride 10 on the punter's cards (BN-15)"), example=10)
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    passing = N_("pass, Enter, no")
    return Words((ride, word(passing, Done(), N_("no ride on these cards"))))


def _staking(view: BanchekView) -> Words[BanchekView, Action]:
    """The punter's stake, up to the bank; or no riders, or leaving (BN-5, BN-11, BN-16)."""
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    staking = N_("stake")
    does = N_("stake 20 on your cards, up to the bank (BN-5, BN-14)")
    stakes: list[Word[BanchekView, Action]] = [amount(staking, Stake, does, example=20)]
    if view.legal.of_type(Stake):
        smallest = N_("stake the smallest you may (BN-5, BN-14)")
        stakes.append(word_by("Enter", _smallest, smallest))
    if view.rules.riders:
        # i18n: the spellings a prompt takes, comma-separated (the first is shown)
        refusing = N_("norides, noriders")
        does = N_("no riders on your cards; then you ride on no one's (BN-16)")
        stakes.append(word(refusing, RefuseRiders(), does))
    return Words((*stakes, _leave()))


_WORDS: dict[Phase, Callable[[], Words[BanchekView, Action]]] = {
    Phase.BANK: _bank,
    Phase.CUT: _cut,
    Phase.OPEN: _open,
    Phase.PEEKED: _peeked,
    Phase.RIDING: _riding,
}
"""The words of each phase's prompt but the stake's, made when it is asked (in the session's
language)."""


class HumanSeat(AskedSeat[BanchekView]):
    """Asks the person at the terminal for the seat's actions; `odds` shows the exact chance
    of his cards."""

    leaving = N_("leave the table: a punter leaves the game; a banker plays on until it closes")

    def __init__(
        self,
        console: Console,
        prompter: Prompter,
        name: Callable[[int], str],
        *,
        odds: bool = False,
    ) -> None:
        super().__init__(console, prompter, name)
        self.odds = odds

    def moment(self, view: BanchekView) -> Hashable:
        return view.rounds, view.phase, view.punter

    def shows(self, view: BanchekView) -> bool:
        first_hand = view.phase is Phase.OPEN and view.punter == view.order[0]
        return first_hand or view.phase in (Phase.STAKE, Phase.RIDING, Phase.PEEKED)

    def panel(self, view: BanchekView) -> RenderableType:
        return table_panel(view, self.name, self.odds)

    def prompt(self, view: BanchekView) -> str:
        if view.phase is Phase.CUT:
            said = _("Cut the pack: how many cards ({cuts})")
            return said.format(cuts=cut_range(view.legal))
        if view.phase is Phase.PEEKED and view.punter != view.viewer:
            assert view.punter is not None
            return _(_OTHERS_PEEKED).format(punter=self.name(view.punter))
        return _(_PROMPTS[view.phase])

    def words(self, view: BanchekView) -> Words[BanchekView, Action]:
        if view.phase is Phase.STAKE:
            return _staking(view)
        return _WORDS[view.phase]()

    def on_the_way_out(self, view: BanchekView) -> Action:
        """Leaving: the punter leaves the game; a banker plays on until the table closes."""
        return default_action(view.legal)

"""A person playing Polish Banchek at the terminal: prompts, the words each knows, refusals."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import replace

from rich.console import Console, RenderableType

from croupier.bots.defaults import default_action
from croupier.cli.banchek.render import table_panel
from croupier.cli.seat import AskedSeat
from croupier.cli.terminal import Prompter, cut_range, middle_cut
from croupier.cli.words import Words, amount, word, word_by
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

__all__ = ["HumanSeat"]

_PROMPTS = {
    Phase.BANK: "The bank comes to you: Enter to put it up, or `leave` the game",
    Phase.OPEN: "You bank: Enter lets the punter stake; or `early`, or `peek`",
    Phase.PEEKED: "The banker peeked at your card: `claim` it as turned, or Enter to play on",
    Phase.STAKE: "Your stake (Enter: the smallest; help for commands)",
    Phase.RIDING: "Ride on these cards? An amount, or Enter to pass",
}
_OTHERS_PEEKED = (
    "The banker peeked at {punter}'s card: `claim` it as turned for him, or Enter to let it go"
)


def _smallest(view: BanchekView) -> Action:
    (stakes,) = (o for o in view.legal.of_type(Stake) if isinstance(o, Amounts))
    return Stake(stakes.low)


_FORBIDDEN = tuple(
    replace(amount(spelled, act, does, example=50, alone=False), offered=False)
    for spelled, act, does in (
        ("add", AddToBank, "refused: the banker may not add to the bank (BN-12)"),
        ("take, withdraw", TakeFromBank, "refused: nor take money out of it (BN-12)"),
    )
)
_LEAVE = word("leave", Leave(), "pass your stake, or refuse the bank: you leave the game (BN-11)")
_WORDS: dict[Phase, Words[BanchekView, Action]] = {
    Phase.BANK: Words(
        (
            word("bank, Enter, yes", PutUpBank(), "put up the bank, the agreed amount (BN-10)"),
            _LEAVE,
        )
    ),
    Phase.CUT: Words(
        (
            amount("cut", Cut, "cut the pack 50 cards from the top (BN-4)", example=50),
            word_by("Enter", lambda view: middle_cut(view.legal), "cut in the middle"),
        )
    ),
    Phase.OPEN: Words(
        (
            word("wait, Enter", Wait(), "let the punter name his stake first (BN-5)"),
            word("early", TurnEarly(), "turn his card before his stake (BN-14)"),
            word("peek", Peek(), "look at the card before turning it: not allowed (BN-17)"),
            *_FORBIDDEN,
        )
    ),
    Phase.PEEKED: Words(
        (
            word("claim", ClaimTurned(), "the peeked card counts as turned, as in BN-14 (BN-17)"),
            word("play on, Enter, on", PlayOn(), "let the card be turned as usual (BN-17)"),
        )
    ),
    Phase.RIDING: Words(
        (
            amount("ride", Ride, "ride 10 on the punter's cards (BN-15)", example=10),
            word("pass, Enter, no", Done(), "no ride on these cards"),
        )
    ),
}
_STAKE = amount("stake", Stake, "stake 20 on your cards, up to the bank (BN-5, BN-14)", example=20)
_SMALLEST = word_by("Enter", _smallest, "stake the smallest you may (BN-5, BN-14)")
_NO_RIDERS = word(
    "norides, noriders",
    RefuseRiders(),
    "no riders on your cards; then you ride on no one's (BN-16)",
)


class HumanSeat(AskedSeat[BanchekView]):
    """Asks the person at the terminal for the seat's actions; `odds` shows the exact chance
    of his cards."""

    leaving = "leave the table: a punter leaves the game; a banker plays on until it closes"

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
            return f"Cut the pack: how many cards ({cut_range(view.legal)})"
        if view.phase is Phase.PEEKED and view.punter != view.viewer:
            assert view.punter is not None
            return _OTHERS_PEEKED.format(punter=self.name(view.punter))
        return _PROMPTS[view.phase]

    def words(self, view: BanchekView) -> Words[BanchekView, Action]:
        if view.phase is not Phase.STAKE:
            return _WORDS[view.phase]
        stakes = (_STAKE, _SMALLEST) if view.legal.of_type(Stake) else (_STAKE,)
        return Words((*stakes, *(_NO_RIDERS,) * view.rules.riders, _LEAVE))

    def on_the_way_out(self, view: BanchekView) -> Action:
        """Leaving: the punter leaves the game; a banker plays on until the table closes."""
        return default_action(view.legal)

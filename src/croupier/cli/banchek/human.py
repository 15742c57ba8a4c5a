"""A person playing Polish Banchek at the terminal: prompts, commands, and refusals."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from rich.console import Console, RenderableType

from croupier.cli.banchek.render import table_panel
from croupier.cli.seat import AskedSeat
from croupier.cli.terminal import CommandError, Prompter, middle_cut, read_amount
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

__all__ = ["HELP", "HumanSeat", "read_command"]

HELP = """\
  20          stake 20 on your cards (Enter: the smallest stake)
  leave       pass your stake or refuse the bank: you leave the game (BN-11)
  norides     no riders on your cards, and you ride on no one's (BN-16)
  ride 10     ride 10 on the punter's cards (Enter: no ride) (BN-15)
  early       as banker: turn the punter's card before his stake (BN-14)
  peek        as banker: look at the card before turning it (BN-17)
  claim       after a peek (any punter may): the card counts as turned, as in BN-14 (BN-17)
  table       show the table again
  quit        leave the table"""

_PROMPTS = {
    Phase.BANK: "The bank comes to you: Enter to put it up, or `leave` the game",
    Phase.CUT: "Cut the pack: how many cards (Enter: the middle)",
    Phase.OPEN: "You bank: Enter lets the punter stake; or `early`, or `peek`",
    Phase.PEEKED: "The banker peeked at your card: `claim` it as turned, or Enter to play on",
    Phase.STAKE: "Your stake (Enter: the smallest; help for commands)",
    Phase.RIDING: "Ride on these cards? An amount, or Enter to pass",
}
_OTHERS_PEEKED = (
    "The banker peeked at {punter}'s card: `claim` it as turned for him, or Enter to let it go"
)
_PEEK_WORDS = {"claim": ClaimTurned(), "": PlayOn(), "on": PlayOn(), "play": PlayOn()}


def read_command(line: str, view: BanchekView) -> Action:
    """The action a command means in the current phase."""
    words = line.lower().split()
    head, rest = (words[0], words[1:]) if words else ("", [])
    if head in ("withdraw", "take") and rest:
        return TakeFromBank(read_amount(rest[0]))  # refused, with its rule (BN-12)
    if head == "add" and rest:
        return AddToBank(read_amount(rest[0]))
    if head == "leave":
        return Leave()
    phase = view.phase
    if phase is Phase.BANK:
        return PutUpBank()
    if phase is Phase.CUT:
        return Cut(read_amount(head)) if head else middle_cut(view.legal)
    if phase is Phase.OPEN:
        return {"early": TurnEarly(), "peek": Peek()}.get(head, Wait())
    if phase is Phase.PEEKED:
        if head not in _PEEK_WORDS:
            raise CommandError(f"{line.strip()!r}: say `claim`, or Enter to play on (BN-17)")
        return _PEEK_WORDS[head]
    if phase is Phase.RIDING:
        amount = rest[0] if head == "ride" and rest else head
        return Ride(read_amount(amount)) if amount else Done()
    if head in ("norides", "noriders"):
        return RefuseRiders()
    if not head:
        options = [o for o in view.legal.of_type(Stake) if isinstance(o, Amounts)]
        return Stake(options[0].low) if options else Leave()
    return Stake(read_amount(rest[0] if head == "stake" and rest else head))


class HumanSeat(AskedSeat[BanchekView]):
    """Asks the person at the terminal for the seat's actions; `odds` shows the exact chance
    of his cards."""

    help_text = HELP

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
        if view.phase is Phase.PEEKED and view.punter != view.viewer:
            assert view.punter is not None
            return _OTHERS_PEEKED.format(punter=self.name(view.punter))
        return _PROMPTS[view.phase]

    def command(self, answer: str, view: BanchekView) -> Action:
        return read_command(answer, view)

    def on_the_way_out(self, view: BanchekView) -> Action:
        """Leaving: the punter leaves the game; a banker plays on until the table closes."""
        for wanted in (Wait(), PlayOn(), Done(), Leave()):
            if wanted in view.legal:
                return wanted
        return read_command("", view)

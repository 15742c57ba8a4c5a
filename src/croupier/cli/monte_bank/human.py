"""A person playing Monte Bank at the terminal: prompts, commands, and refusals."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from rich.console import Console, RenderableType

from croupier.cards import Card
from croupier.cli.monte_bank.render import table_panel
from croupier.cli.seat import AskedSeat
from croupier.cli.terminal import CommandError, Prompter, middle_cut, read_amount
from croupier.engine.actions import Action, Amounts, Cut, Done
from croupier.errors import InvalidCard
from croupier.games.monte_bank import (
    GROUPS,
    AddToBank,
    CircleBet,
    CrossBet,
    DeclineBank,
    DoublerBet,
    GiveUpBank,
    KeepBank,
    MonteCarloBet,
    MonteView,
    Pass,
    Phase,
    PutUpBank,
    ShufflePack,
    Spot,
)

__all__ = ["BETTING_HELP", "BetReader", "HumanSeat", "read_command"]

BETTING_HELP = """\
  circle 7S 20             7♠ falls before the other three (pays 3:1)
  cross 7S KH 20           7♠ falls before K♥ (1:1)
  doubler 7S AD 20         7♠ or A♦, a row or column, before the other (1:1); or `doubler left 20`
  mc 7S KH AD 10 20 30     Monte Carlo: circle 10, cross v K♥ 20, doubler with A♦ 30
  done (Enter)             finished betting on this layout
  table                    show the table again
  quit                     leave the table"""

_PROMPTS = {
    Phase.MONTE: "You bank: the monte to put up (Enter: the smallest), or `decline`",
    Phase.OFFER: "The bank comes to you: a monte to put up (Enter: the smallest), or `decline`",
    Phase.SHUFFLES: "Shuffle the pack yourself? `shuffle`, or Enter to let it go",
    Phase.CUTS: "Cut the pack: how many cards (Enter to let it go)",
    Phase.BETTING: "Your bets (help for commands)",
    Phase.BETWEEN: "Deal again (Enter), `add N` to the bank, or `aces` to give it up",
}
_LAST_CUT = "You cut last (MB-5): how many cards (Enter cuts in the middle)"
_BANKER_BETTING = "No bet is down yet: `aces` to give up the bank, or Enter to let the bets come"
_PRIVATE_BETWEEN = "Deal again (Enter), or `add N` to the bank; it stays yours for the deals agreed"


def _prompt_for(view: MonteView) -> str:
    """What the seat is asked at this moment of the game."""
    phase = view.phase
    if phase is Phase.CUTS and Pass() not in view.legal:
        return _LAST_CUT
    if phase is Phase.BETTING and view.viewer == view.banker:
        return _BANKER_BETTING
    if phase is Phase.BETWEEN and GiveUpBank() not in view.legal:
        return _PRIVATE_BETWEEN
    return _PROMPTS[phase]


def _card(text: str, view: MonteView) -> Card:
    try:
        card = Card.from_str(text)
    except InvalidCard as error:
        raise CommandError(str(error)) from None
    layout = view.layout
    place = layout.spot_of(card) if layout is not None else None
    return card if place is None or layout is None else layout.card(place)  # a stack by its first


BetReader = Callable[[str, list[str], MonteView], Action]


def read_command(line: str, view: MonteView, bet: BetReader | None = None) -> Action:
    """The action a command means in the current phase; `bet` reads the bets (the club
    form's by default)."""
    words = line.lower().split()
    head, rest = (words[0], words[1:]) if words else ("", [])
    phase = view.phase
    if phase in (Phase.MONTE, Phase.OFFER):
        if head in ("decline", "no", "pass"):
            return DeclineBank()
        if not head:  # Enter: the smallest monte, if he has it
            smallest = [o for o in view.legal.of_type(PutUpBank) if isinstance(o, Amounts)]
            return PutUpBank(smallest[0].low) if smallest else DeclineBank()
        return PutUpBank(read_amount(rest[0] if head == "bank" and rest else head))
    if phase is Phase.SHUFFLES:
        return ShufflePack() if head == "shuffle" else Pass()
    if phase is Phase.CUTS:
        if not head:
            if Pass() in view.legal:
                return Pass()
            return middle_cut(view.legal)
        return Cut(read_amount(head))
    if phase is Phase.BETWEEN:
        if head in _ACES:
            return GiveUpBank()
        if head == "add" and rest:
            return AddToBank(read_amount(rest[0]))
        return KeepBank()
    if view.viewer == view.banker:  # bets are open on his layout, none placed yet
        if head in _ACES:
            return GiveUpBank()
        if head in ("", "done", "d", "deal"):
            return Done()
        raise CommandError(f"{line.strip()!r}: say `aces` to give up the bank, or Enter")
    return (bet or _bet)(head, rest, view)


_ACES = ("aces", "give", "giveup")


def _bet(head: str, rest: list[str], view: MonteView) -> Action:
    if head in ("", "done", "d"):
        return Done()
    if head in ("circle", "c") and len(rest) == 2:
        return CircleBet(_card(rest[0], view), read_amount(rest[1]))
    if head in ("cross", "x") and len(rest) == 3:
        return CrossBet(_card(rest[0], view), _card(rest[1], view), read_amount(rest[2]))
    if head in ("doubler", "dbl") and len(rest) == 2 and rest[0] in GROUPS and view.layout:
        first, second = (view.layout.spots[s][0] for s in Spot if s in GROUPS[rest[0]])
        return DoublerBet(first, second, read_amount(rest[1]))
    if head in ("doubler", "dbl") and len(rest) == 3:
        return DoublerBet(_card(rest[0], view), _card(rest[1], view), read_amount(rest[2]))
    if head in ("mc", "montecarlo") and len(rest) == 6:
        card, against, partner = (_card(text, view) for text in rest[:3])
        circle, cross, doubler = (read_amount(text) for text in rest[3:])
        return MonteCarloBet(card, against, partner, circle, cross, doubler)
    raise CommandError(f"{' '.join([head, *rest])!r} is not a bet; type `help` to see them")


class HumanSeat(AskedSeat[MonteView]):
    """Asks the person at the terminal for the seat's actions. A form of the game with its
    own bets gives its `help_text`, `command` and `panel`."""

    help_text = BETTING_HELP

    def __init__(
        self,
        console: Console,
        prompter: Prompter,
        name: Callable[[int], str],
        *,
        rituals: bool = False,
    ) -> None:
        super().__init__(console, prompter, name)
        self.rituals = rituals

    def decide(self, view: MonteView) -> Action | None:
        if not self.rituals and view.phase in (Phase.SHUFFLES, Phase.CUTS) and Pass() in view.legal:
            return Pass()  # the optional shuffles and cuts go by unless asked for (--rituals)
        return super().decide(view)

    def moment(self, view: MonteView) -> Hashable:
        return view.deals, view.phase

    def prompt(self, view: MonteView) -> str:
        return _prompt_for(view)

    def command(self, answer: str, view: MonteView) -> Action:
        return read_command(answer, view)

    def panel(self, view: MonteView) -> RenderableType:
        return table_panel(view, self.name)

    def on_the_way_out(self, view: MonteView) -> Action:
        for wanted in (Done(), GiveUpBank(), DeclineBank(), Pass()):
            if wanted in view.legal:
                return wanted
        return self.command("", view)  # the last cut, in the middle

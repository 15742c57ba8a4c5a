"""A person playing Chemin de Fer at the terminal: prompts, commands, and refusals."""

from __future__ import annotations

from collections.abc import Hashable

from rich.console import RenderableType

from croupier.cli.chemin_de_fer.render import table_panel
from croupier.cli.seat import AskedSeat
from croupier.cli.terminal import QUIT, CommandError, middle_cut, read_amount
from croupier.engine.actions import Action, Amounts, Cut, Leave
from croupier.games.chemin_de_fer import (
    Banco,
    Bid,
    ChemmyView,
    DeclineBank,
    DrawCard,
    GiveUpBank,
    KeepBank,
    OpenBank,
    Pass,
    Phase,
    Stake,
    Stand,
)

__all__ = ["HumanSeat", "read_command"]


_PROMPTS = {
    Phase.AUCTION: "Bid for the bank: an amount, or `pass` (for good)",
    Phase.OFFER: "The bank is offered to you: an amount to bank, or `decline`",
    Phase.KEEP: "Keep the bank (Enter) or `give up`?",
    Phase.CALLS: "`banco` to stake the whole bank, Enter to pass, `leave` to get up",
    Phase.STAKES: "Stake an amount, or Enter to pass",
    Phase.PUNTER: "You play the punters' hand: `draw` or `stand`",
    Phase.BANKER: "You bank: `draw` or `stand`",
}


def read_command(line: str, view: ChemmyView) -> Action:
    """The action a command means in the current phase."""
    words = line.lower().split()
    head = words[0] if words else ""
    number = next((w for w in words if w.lstrip("-").isdigit()), None)
    phase = view.phase
    if phase is Phase.AUCTION:
        if head in ("", "pass", "p", "no"):
            return Pass()
        return Bid(read_amount(number or head))
    if phase is Phase.OFFER:
        if head in ("", "decline", "no", "d"):
            return DeclineBank()
        return OpenBank(read_amount(number or head))
    if phase is Phase.KEEP:
        return GiveUpBank() if head in ("give", "giveup", "g") else KeepBank()
    if phase is Phase.CALLS:
        if head in ("banco", "b"):
            return Banco()
        if head == "leave":
            return Leave()
        if head in ("", "pass", "p", "no"):
            return Pass()
    if phase is Phase.STAKES:
        if head in ("", "pass", "p", "no"):
            return Pass()
        return Stake(read_amount(number or head))
    if phase in (Phase.PUNTER, Phase.BANKER):
        if head in ("draw", "d", "card", "carte", "hit"):
            return DrawCard()
        if head in ("stand", "s", "no", "non"):
            return Stand()
        if head == "" and len(view.legal) == 1:
            (only,) = view.legal
            assert not isinstance(only, Amounts)
            return only
    raise CommandError(f"{line.strip()!r} is not understood here: {_PROMPTS.get(phase, '')}")


class HumanSeat(AskedSeat[ChemmyView]):
    """Asks the person at the terminal for the seat's actions."""

    def decide(self, view: ChemmyView) -> Action | None:
        if view.legal and not self.quitting and view.phase is Phase.CUT:
            self.show_once(view)
            return self._cut(view)
        return super().decide(view)

    def moment(self, view: ChemmyView) -> Hashable:
        return view.coups, view.phase

    def panel(self, view: ChemmyView) -> RenderableType:
        return table_panel(view, self.name)

    def prompt(self, view: ChemmyView) -> str:
        return _PROMPTS[view.phase]

    def command(self, answer: str, view: ChemmyView) -> Action:
        return read_command(answer, view)

    def _cut(self, view: ChemmyView) -> Action:
        (option,) = view.legal.of_type(Cut)
        assert isinstance(option, Amounts)
        while True:
            answer = self.prompter.ask(
                f"You cut the shoe: how many cards ({option.low}-{option.high}, Enter: the middle)?"
            )
            if not answer or answer.lower() in QUIT:
                return middle_cut(view.legal)
            try:
                return Cut(read_amount(answer))
            except CommandError as error:
                self.console.print(f"[red]{error}[/]")

    def on_the_way_out(self, view: ChemmyView) -> Action:
        """Leaving: pass or decline, give up a bank, get up when called; in a coup, the
        forced play or standing."""
        for wanted in (Leave(), GiveUpBank(), DeclineBank(), Pass(), Stand(), DrawCard()):
            if wanted in view.legal:
                return wanted
        return middle_cut(view.legal)

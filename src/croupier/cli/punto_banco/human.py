"""A person playing Punto Banco at the terminal: prompts, commands, and refusals."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from rich.console import Console, RenderableType

from croupier.cli.punto_banco.render import table_panel
from croupier.cli.seat import TerminalSeat
from croupier.cli.terminal import QUIT, CommandError, Prompter, middle_cut, read_amount
from croupier.engine.actions import Action, Amounts, Cut, Done, Leave
from croupier.games.punto_banco import (
    Bet,
    Choose,
    Decision,
    DeclineTurn,
    OfferTurn,
    PassShoe,
    Phase,
    PuntoBancoView,
    Stake,
    TurnCards,
    Withdraw,
)

__all__ = ["BETTING_HELP", "HumanPunter", "parse_bet_command"]

BETTING_HELP = """\
  punto 100   (p 100)    stake 100 on punto; `punto` alone stakes the table minimum
  banco 100   (b 100)    stake on banco
  tie 10      (t 10)     stake on égalité (also `egalite 10`)
  withdraw punto  (w p)  take back your stake on a bet
  pass                   decline the shoe when it is offered to you; the holder deals
                         only on banco: a punto or égalité stake passes it too (PB-8)
  done        (Enter)    you have finished betting for this coup
  table                  show the table again
  quit                   take back your stakes and leave the table"""

_BETS = {
    "p": Bet.PUNTO,
    "punto": Bet.PUNTO,
    "b": Bet.BANCO,
    "banco": Bet.BANCO,
    "t": Bet.EGALITE,
    "tie": Bet.EGALITE,
    "e": Bet.EGALITE,
    "egalite": Bet.EGALITE,
    "égalité": Bet.EGALITE,
}
_QUIT = QUIT | {"leave"}


def parse_bet_command(line: str, view: PuntoBancoView) -> Action | str:
    """An action from a betting command, or a word the caller handles (`help`, `table`, `quit`)."""
    words = line.lower().split()
    if not words or words[0] in ("done", "d", "ok", "no"):
        return Done()
    head, rest = words[0], words[1:]
    if head in _QUIT or head in ("help", "?", "table", "show"):
        return head
    if head in _BETS:
        bet = _BETS[head]
        if len(rest) > 1:
            raise CommandError(f"write `{head} AMOUNT`, e.g. `{head} 100`")
        amount = read_amount(rest[0]) if rest else view.rules.limits(bet).low
        return Stake(bet, amount)
    if head in ("w", "withdraw"):
        if len(rest) != 1 or rest[0] not in _BETS:
            raise CommandError("write `withdraw punto`, `withdraw banco` or `withdraw tie`")
        return Withdraw(_BETS[rest[0]])
    if head == "pass":
        return PassShoe()
    raise CommandError(f"{line.strip()!r} is not a command here; type `help` to see them")


class HumanPunter(TerminalSeat[PuntoBancoView]):
    """Asks the person at the terminal for the seat's actions, a prompt for each decision."""

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

    def moment(self, view: PuntoBancoView) -> Hashable:
        return view.coups, view.phase

    def panel(self, view: PuntoBancoView) -> RenderableType:
        return table_panel(view, self.name, odds=self.odds)

    def decide(self, view: PuntoBancoView) -> Action | None:
        if not view.legal:
            return None
        if self.quitting:
            return self._on_the_way_out(view)
        while True:
            try:
                action = self._ask(view)
            except CommandError as error:
                self.console.print(f"[red]{error}[/]")
                continue
            if action is not None:
                return action
            if self.quitting:
                return self._on_the_way_out(view)

    def _ask(self, view: PuntoBancoView) -> Action | None:
        """One prompt; None when the answer was for the screen only."""
        if view.phase is Phase.BETTING:
            return self._bet(view)
        if view.phase is Phase.CUT:
            return self._cut(view)
        if view.phase is Phase.TURN:
            return self._turn(view)
        if view.phase is Phase.CHOOSE:
            return self._choose(view)
        return None

    def _bet(self, view: PuntoBancoView) -> Action | None:
        self.show_once(view)
        mine = view.boxes[view.viewer] if isinstance(view.viewer, int) else None
        if view.holder == view.viewer and mine is not None and not mine.stakes.banco:
            self.console.print(
                "[yellow]The shoe is offered to you: bet banco alone to deal (a punto or "
                "égalité stake passes it), or `pass`.[/]"
            )
        answer = parse_bet_command(self.prompter.ask("Your bets (help for commands) >"), view)
        if isinstance(answer, Action):
            return answer
        if answer in _QUIT:
            self.quitting = True
        elif answer in ("table", "show"):
            self.console.print(self.panel(view))
        else:
            self.console.print(BETTING_HELP)
        return None

    def _cut(self, view: PuntoBancoView) -> Action | None:
        (option,) = view.legal.of_type(Cut)
        assert isinstance(option, Amounts)
        answer = self.prompter.ask(
            f"You cut the shoe: how many cards from the top ({option.low}-{option.high}, "
            "Enter for the middle)?"
        )
        if answer.lower() in _QUIT:
            self.quitting = True
            return None
        return Cut(read_amount(answer)) if answer else middle_cut(view.legal)

    def _turn(self, view: PuntoBancoView) -> Action | None:
        self.show_once(view)
        offers = [o.box for o in view.legal.options if isinstance(o, OfferTurn)]
        hint = (
            "`turn`"
            + (", `offer BOX`" if offers else "")
            + (", `decline`" if DeclineTurn() in view.legal else "")
        )
        answer = self.prompter.ask(f"You turn punto's cards (PB-10): {hint} (Enter: turn) >")
        words = answer.lower().split()
        if not words or words[0] == "turn":
            return TurnCards()
        if words[0] in _QUIT:
            self.quitting = True
            return None
        if words[0] == "offer" and len(words) == 2:
            return OfferTurn(read_amount(words[1]) - 1)
        if words[0] == "decline":
            return DeclineTurn()
        raise CommandError(f"{answer!r}: answer {hint}")

    def _choose(self, view: PuntoBancoView) -> Action | None:
        self.show_once(view)
        answer = self.prompter.ask("Punto has 5. Draw or stand (PB-13e)? [draw/stand] >").lower()
        if answer in ("draw", "d", "hit", "card"):
            return Choose(Decision.DRAW)
        if answer in ("stand", "s", "no"):
            return Choose(Decision.STAND)
        if answer in _QUIT:
            self.quitting = True
            return None
        raise CommandError(f"{answer!r}: answer `draw` or `stand`")

    def _on_the_way_out(self, view: PuntoBancoView) -> Action:
        """Leaving: take back every stake and get up; decisions in a coup take the default."""
        for option in view.legal:
            if isinstance(option, Withdraw):
                return option
        if Leave() in view.legal:
            return Leave()
        if view.phase is Phase.CUT:
            return middle_cut(view.legal)
        if view.phase is Phase.CHOOSE:
            return Choose(Decision.DRAW)
        if view.phase is Phase.TURN:
            return TurnCards()
        return Done()

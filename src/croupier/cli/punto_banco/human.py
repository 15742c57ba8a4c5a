"""A person playing Punto Banco at the terminal: prompts, the words each knows, refusals."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from rich.console import Console, RenderableType

from croupier.bots.defaults import default_action
from croupier.cli.punto_banco.render import table_panel
from croupier.cli.seat import AskedSeat
from croupier.cli.terminal import CommandError, Prompter, cut_range, middle_cut, read_amount
from croupier.cli.words import Word, Words, amount, command, word, word_by
from croupier.engine.actions import Action, Cut, Done, Leave
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

__all__ = ["HumanPunter"]

_BETS = {
    "punto": Bet.PUNTO,
    "p": Bet.PUNTO,
    "banco": Bet.BANCO,
    "b": Bet.BANCO,
    "tie": Bet.EGALITE,
    "t": Bet.EGALITE,
    "egalite": Bet.EGALITE,
    "égalité": Bet.EGALITE,
    "e": Bet.EGALITE,
}


def _spelled(bet: Bet) -> str:
    return ", ".join(name for name, named in _BETS.items() if named is bet)


def _stake(bet: Bet) -> Callable[[list[str], PuntoBancoView], Action]:
    def read(rest: list[str], view: PuntoBancoView) -> Action:
        if len(rest) > 1:
            raise CommandError(f"write `{bet.value} AMOUNT`, e.g. `{bet.value} 100`")
        return Stake(bet, read_amount(rest[0]) if rest else view.rules.limits(bet).low)

    return read


def _withdraw(rest: list[str], view: PuntoBancoView) -> Action:
    if len(rest) != 1 or rest[0] not in _BETS:
        raise CommandError("write `withdraw punto`, `withdraw banco` or `withdraw tie`")
    return Withdraw(_BETS[rest[0]])


def _offer(rest: list[str], view: PuntoBancoView) -> Action:
    if len(rest) != 1:
        raise CommandError("write `offer BOX`, e.g. `offer 2`")
    return OfferTurn(read_amount(rest[0]) - 1)


_BETTING = Words(
    (
        command(
            _spelled(Bet.PUNTO),
            "punto 100",
            _stake(Bet.PUNTO),
            "stake 100 on punto, 1:1; `punto` alone stakes the table minimum (PB-6, PB-7)",
        ),
        command(
            _spelled(Bet.BANCO),
            "banco 100",
            _stake(Bet.BANCO),
            "stake on banco, 1:1 less the 5% commission (PB-7)",
        ),
        command(_spelled(Bet.EGALITE), "tie 10", _stake(Bet.EGALITE), "stake on égalité, 8:1"),
        command("withdraw, w", "withdraw punto", _withdraw, "take back your stake on a bet"),
        word(
            "pass",
            PassShoe(),
            "decline the shoe offered to you: its holder deals only on banco alone (PB-8)",
        ),
        word("done, Enter, d, ok, no", Done(), "you have finished betting for this coup"),
    )
)
_CUT: Words[PuntoBancoView, Action] = Words(
    (
        amount("cut", Cut, "cut the shoe 200 cards from the top (PB-3)"),
        word_by("Enter", lambda view: middle_cut(view.legal), "cut in the middle"),
    )
)
_TURN = word("turn, Enter", TurnCards(), "turn punto's cards yourself (PB-10)")
_DECLINE = word("decline", DeclineTurn(), "decline the turning offered to you (PB-10)")
_CHOOSE: Words[PuntoBancoView, Action] = Words(
    (
        word("draw, d, hit, card", Choose(Decision.DRAW), "punto draws a third card (PB-13e)"),
        word("stand, s, no", Choose(Decision.STAND), "punto stands on 5 (PB-13e)"),
    )
)
_PROMPTS = {
    Phase.BETTING: "Your bets (help for commands)",
    Phase.CHOOSE: "Punto has 5. Draw or stand (PB-13e)?",
}
_SHOE_OFFERED = (
    "The shoe is offered to you: bet banco alone to deal (a punto or égalité stake passes it), "
    "or `pass`. Your bets (help for commands)"
)


class HumanPunter(AskedSeat[PuntoBancoView]):
    """Asks the person at the terminal for the seat's actions, a prompt for each decision."""

    leaving = (
        "take back your stakes and leave the table; in a coup under way, you turn punto's "
        "cards and punto draws on 5"
    )
    quit_words = "quit, q, exit, leave"

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

    def shows(self, view: PuntoBancoView) -> bool:
        return view.phase is not Phase.CUT

    def panel(self, view: PuntoBancoView) -> RenderableType:
        return table_panel(view, self.name, odds=self.odds)

    def prompt(self, view: PuntoBancoView) -> str:
        if view.phase is Phase.CUT:
            return f"You cut the shoe: how many cards from the top ({cut_range(view.legal)})?"
        if view.phase is Phase.TURN:
            return f"You turn punto's cards (PB-10): {self.words(view).choices()}"
        mine = view.boxes[view.viewer] if isinstance(view.viewer, int) else None
        if view.phase is Phase.BETTING and view.holder == view.viewer and mine is not None:
            return _SHOE_OFFERED if not mine.stakes.banco else _PROMPTS[view.phase]
        return _PROMPTS[view.phase]

    def words(self, view: PuntoBancoView) -> Words[PuntoBancoView, Action]:
        if view.phase is Phase.BETTING:
            return _BETTING
        if view.phase is Phase.CUT:
            return _CUT
        if view.phase is Phase.CHOOSE:
            return _CHOOSE
        turn: tuple[Word[PuntoBancoView, Action], ...] = (_TURN,)
        boxes = [str(o.box + 1) for o in view.legal if isinstance(o, OfferTurn)]
        if boxes:
            does = f"hand the turning to another punto bettor: box {' or '.join(boxes)} (PB-10)"
            turn += (command("offer", f"offer {boxes[0]}", _offer, does),)
        return Words(turn + (_DECLINE,) * (DeclineTurn() in view.legal))

    def on_the_way_out(self, view: PuntoBancoView) -> Action:
        """Leaving: take back every stake and get up; decisions in a coup take the default."""
        for option in view.legal:
            if isinstance(option, Withdraw):
                return option
        return Leave() if Leave() in view.legal else default_action(view.legal)

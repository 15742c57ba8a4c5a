"""A person playing Punto Banco at the terminal: prompts, the words each knows, refusals."""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable

from rich.console import Console, RenderableType

from croupier.bots.defaults import default_action
from croupier.cli._seat import AskedSeat
from croupier.cli._terminal import CommandError, Prompter, cut_range, middle_cut, read_amount
from croupier.cli._words import Word, Words, amount, command, word, word_by
from croupier.cli.punto_banco._render import table_panel
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
from croupier.i18n import N_, _

__all__ = ["HumanPunter"]

_BETS = {
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    Bet.PUNTO: N_("punto, p"),
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    Bet.BANCO: N_("banco, b"),
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    Bet.EGALITE: N_("tie, t, egalite, égalité, e"),
}
"""The spellings of each bet (PB-6), which `withdraw` takes after it too."""
_SAID = {Bet.PUNTO: N_("punto"), Bet.BANCO: N_("banco"), Bet.EGALITE: N_("egalite")}
"""A bet as a refusal of a stake writes it."""


def _bet_named(said: str) -> Bet | None:
    """The bet `said` names, in the session's language or in English."""
    for bet, spelled in _BETS.items():
        if said in {name.strip() for name in f"{_(spelled)},{spelled}".split(",")}:
            return bet
    return None


def _stake(bet: Bet) -> Callable[[list[str], PuntoBancoView], Action]:
    def read(rest: list[str], view: PuntoBancoView) -> Action:
        if len(rest) > 1:
            said = _("write `{bet} AMOUNT`, e.g. `{bet} 100`")
            raise CommandError(said.format(bet=_(_SAID[bet])))
        return Stake(bet, read_amount(rest[0]) if rest else view.rules.limits(bet).low)

    return read


def _withdraw(rest: list[str], view: PuntoBancoView) -> Action:
    bet = _bet_named(rest[0]) if len(rest) == 1 else None
    if bet is None:
        raise CommandError(_("write `withdraw punto`, `withdraw banco` or `withdraw tie`"))
    return Withdraw(bet)


def _offer(rest: list[str], view: PuntoBancoView) -> Action:
    if len(rest) != 1:
        raise CommandError(_("write `offer BOX`, e.g. `offer 2`"))
    return OfferTurn(read_amount(rest[0]) - 1)


def _betting() -> Words[PuntoBancoView, Action]:
    """The words of the bets (PB-6, PB-7, PB-8), made in the session's language."""
    return Words(
        (
            command(
                _BETS[Bet.PUNTO],
                N_("punto 100"),
                _stake(Bet.PUNTO),
                N_("stake 100 on punto, 1:1; `punto` alone stakes the table minimum (PB-6, PB-7)"),
            ),
            command(
                _BETS[Bet.BANCO],
                N_("banco 100"),
                _stake(Bet.BANCO),
                N_("stake on banco, 1:1 less the 5% commission (PB-7)"),
            ),
            command(
                _BETS[Bet.EGALITE], N_("tie 10"), _stake(Bet.EGALITE), N_("stake on égalité, 8:1")
            ),
            command(
                # i18n: the spellings a prompt takes, comma-separated (the first is shown)
                N_("withdraw, w"),
                N_("withdraw punto"),
                _withdraw,
                N_("take back your stake on a bet"),
            ),
            word(
                # i18n: the spellings a prompt takes, comma-separated (the first is shown)
                N_("pass"),
                PassShoe(),
                N_("decline the shoe offered to you: its holder deals only on banco alone (PB-8)"),
            ),
            word(
                # i18n: the spellings a prompt takes, comma-separated (the first is shown)
                N_("done, Enter, d, ok, no"),
                Done(),
                N_("you have finished betting for this coup"),
            ),
        )
    )


def _cut() -> Words[PuntoBancoView, Action]:
    """The words of the cut (PB-3)."""
    return Words(
        (
            # i18n: the spellings a prompt takes, comma-separated (the first is shown)
            amount(N_("cut"), Cut, N_("cut the shoe 200 cards from the top (PB-3)")),
            word_by("Enter", lambda view: middle_cut(view.legal), N_("cut in the middle")),
        )
    )


def _choose() -> Words[PuntoBancoView, Action]:
    """The words of punto's choice on 5 (PB-13e)."""
    return Words(
        (
            word(
                # i18n: the spellings a prompt takes, comma-separated (the first is shown)
                N_("draw, d, hit, card"),
                Choose(Decision.DRAW),
                N_("punto draws a third card (PB-13e)"),
            ),
            word(
                # i18n: the spellings a prompt takes, comma-separated (the first is shown)
                N_("stand, s, no"),
                Choose(Decision.STAND),
                N_("punto stands on 5 (PB-13e)"),
            ),
        )
    )


def _turn(view: PuntoBancoView) -> Words[PuntoBancoView, Action]:
    """The words of turning punto's cards (PB-10): turn, offer the right, or decline it."""
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    turn = word(N_("turn, Enter"), TurnCards(), N_("turn punto's cards yourself (PB-10)"))
    words: tuple[Word[PuntoBancoView, Action], ...] = (turn,)
    boxes = [str(o.box + 1) for o in view.legal if isinstance(o, OfferTurn)]
    if boxes:
        said = _("hand the turning to another punto bettor: box {boxes} (PB-10)")
        does = said.format(boxes=functools.reduce(_or, boxes))
        form = _("offer {box}").format(box=boxes[0])
        # i18n: the spellings a prompt takes, comma-separated (the first is shown)
        words += (command(N_("offer"), form, _offer, does),)
    if DeclineTurn() in view.legal:
        # i18n: the spellings a prompt takes, comma-separated (the first is shown)
        spelled = N_("decline")
        words += (word(spelled, DeclineTurn(), N_("decline the turning offered to you (PB-10)")),)
    return Words(words)


def _or(some: str, last: str) -> str:
    return _("{some} or {last}").format(some=some, last=last)


_PROMPTS = {
    Phase.BETTING: N_("Your bets (help for commands)"),
    Phase.CHOOSE: N_("Punto has 5. Draw or stand (PB-13e)?"),
}
_SHOE_OFFERED = N_(
    "The shoe is offered to you: bet banco alone to deal (a punto or égalité stake passes it), "
    "or `pass`. Your bets (help for commands)"
)


class HumanPunter(AskedSeat[PuntoBancoView]):
    """Asks the person at the terminal for the seat's actions, a prompt for each decision."""

    leaving = N_(
        "take back your stakes and leave the table; in a coup under way, you turn punto's "
        "cards and punto draws on 5"
    )
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    quit_words = N_("quit, q, exit, leave")

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
            said = _("You cut the shoe: how many cards from the top ({cuts})?")
            return said.format(cuts=cut_range(view.legal))
        if view.phase is Phase.TURN:
            said = _("You turn punto's cards (PB-10): {choices}")
            return said.format(choices=self.words(view).choices())
        mine = view.boxes[view.viewer] if isinstance(view.viewer, int) else None
        if view.phase is Phase.BETTING and view.holder == view.viewer and mine is not None:
            return _(_SHOE_OFFERED if not mine.stakes.banco else _PROMPTS[view.phase])
        return _(_PROMPTS[view.phase])

    def words(self, view: PuntoBancoView) -> Words[PuntoBancoView, Action]:
        if view.phase is Phase.BETTING:
            return _betting()
        if view.phase is Phase.CUT:
            return _cut()
        if view.phase is Phase.CHOOSE:
            return _choose()
        return _turn(view)

    def on_the_way_out(self, view: PuntoBancoView) -> Action:
        """Leaving: take back every stake and get up; decisions in a coup take the default."""
        for option in view.legal:
            if isinstance(option, Withdraw):
                return option
        return Leave() if Leave() in view.legal else default_action(view.legal)

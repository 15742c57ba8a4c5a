"""A person playing Private Monte Bank at the terminal: Monte Bank's prompts, with the
private form's one bet."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console, RenderableType

from croupier.cli._terminal import CommandError, Prompter, read_amount
from croupier.cli._words import Words, command, word
from croupier.cli.monte_bank.human import HumanSeat
from croupier.cli.private_monte._render import private_panel
from croupier.engine.actions import Action, Done
from croupier.games.monte_bank import MonteView
from croupier.games.private_monte import LayoutBet, Row
from croupier.i18n import N_, _

__all__ = ["PrivateSeat"]

_WRITE = {
    Row.TOP: N_("write `top AMOUNT`, e.g. `top 20`"),
    Row.BOTTOM: N_("write `bottom AMOUNT`, e.g. `bottom 20`"),
}
"""How a bet on each layout is written."""


def _layout_bet(row: Row) -> Callable[[list[str], MonteView], Action]:
    def read(rest: list[str], view: MonteView) -> Action:
        if len(rest) != 1:
            raise CommandError(_(_WRITE[row]))
        return LayoutBet(row, read_amount(rest[0]))

    return read


def _bets() -> Words[MonteView, Action]:
    """The private form's bets (PM-4), in the session's language."""
    return Words(
        (
            command(
                # i18n: the spellings a prompt takes, comma-separated (the first is shown)
                N_("top, t"),
                N_("top 20"),
                _layout_bet(Row.TOP),
                N_("20 on the top layout: it wins if the gate's suit is on it (PM-4, PM-5)"),
            ),
            command(
                # i18n: the spellings a prompt takes, comma-separated (the first is shown)
                N_("bottom, b"),
                N_("bottom 20"),
                _layout_bet(Row.BOTTOM),
                N_("20 on the bottom layout; you may back both, once each (PM-4)"),
            ),
            # i18n: the spellings a prompt takes, comma-separated (the first is shown)
            word(N_("done, Enter, d"), Done(), N_("finished betting on this layout")),
        )
    )


class PrivateSeat(HumanSeat):
    """The person at a Private Monte table; `odds` adds the exact odds to the table shown."""

    def __init__(
        self,
        console: Console,
        prompter: Prompter,
        name: Callable[[int], str],
        *,
        rituals: bool = False,
        odds: bool = False,
    ) -> None:
        super().__init__(console, prompter, name, rituals=rituals)
        self.odds = odds

    def bets(self) -> Words[MonteView, Action]:
        return _bets()

    def panel(self, view: MonteView) -> RenderableType:
        return private_panel(view, self.name, self.odds)

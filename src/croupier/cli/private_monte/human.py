"""A person playing Private Monte Bank at the terminal: Monte Bank's prompts, with the
private form's one bet."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console, RenderableType

from croupier.cli.monte_bank.human import HumanSeat
from croupier.cli.private_monte.render import private_panel
from croupier.cli.terminal import CommandError, Prompter, read_amount
from croupier.cli.words import Words, command, word
from croupier.engine.actions import Action, Done
from croupier.games.monte_bank import MonteView
from croupier.games.private_monte import LayoutBet, Row

__all__ = ["PrivateSeat"]


def _layout_bet(row: Row) -> Callable[[list[str], MonteView], Action]:
    def read(rest: list[str], view: MonteView) -> Action:
        if len(rest) != 1:
            raise CommandError(f"write `{row.value} AMOUNT`, e.g. `{row.value} 20`")
        return LayoutBet(row, read_amount(rest[0]))

    return read


_BETS = Words(
    (
        command(
            "top, t",
            "top 20",
            _layout_bet(Row.TOP),
            "20 on the top layout: it wins if the gate's suit is on it (PM-4, PM-5)",
        ),
        command(
            "bottom, b",
            "bottom 20",
            _layout_bet(Row.BOTTOM),
            "20 on the bottom layout; you may back both, once each (PM-4)",
        ),
        word("done, Enter, d", Done(), "finished betting on this layout"),
    )
)


class PrivateSeat(HumanSeat):
    """The person at a Private Monte table; `odds` adds the exact odds to the table shown."""

    bets = _BETS

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

    def panel(self, view: MonteView) -> RenderableType:
        return private_panel(view, self.name, self.odds)

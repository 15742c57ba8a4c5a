"""A person playing Private Monte Bank at the terminal: Monte Bank's prompts, with the
private form's one bet."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console, RenderableType

from croupier.cli.monte_bank.human import HumanSeat, read_command
from croupier.cli.private_monte.render import private_panel
from croupier.cli.terminal import CommandError, Prompter, read_amount
from croupier.engine.actions import Action, Done
from croupier.games.monte_bank import MonteView
from croupier.games.private_monte import LayoutBet, Row

__all__ = ["PRIVATE_HELP", "PrivateSeat"]

PRIVATE_HELP = """\
  top 20                   20 on the top layout: it wins if the gate has a suit of its cards
  bottom 20                20 on the bottom layout (you may back both, once each)
  done (Enter)             finished betting on this layout
  table                    show the table again
  quit                     leave the table"""

_ROWS = {"top": Row.TOP, "t": Row.TOP, "bottom": Row.BOTTOM, "b": Row.BOTTOM}


def _read_bet(head: str, rest: list[str], view: MonteView) -> Action:
    """`top 20`, `bottom 20`, or done."""
    if head in ("", "done", "d"):
        return Done()
    if head in _ROWS and len(rest) == 1:
        return LayoutBet(_ROWS[head], read_amount(rest[0]))
    raise CommandError(f"{' '.join([head, *rest])!r} is not a bet; type `help` to see them")


class PrivateSeat(HumanSeat):
    """The person at a Private Monte table; `odds` adds the exact odds to the table shown."""

    help_text = PRIVATE_HELP

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

    def command(self, answer: str, view: MonteView) -> Action:
        return read_command(answer, view, _read_bet)

    def panel(self, view: MonteView) -> RenderableType:
        return private_panel(view, self.name, self.odds)

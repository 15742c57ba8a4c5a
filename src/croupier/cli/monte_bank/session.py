"""`croupier play monte-bank`: a session at the terminal, with bots and perhaps you."""

from __future__ import annotations

from rich.console import Console

from croupier.bots.monte_bank import ROSTER, MonteBot
from croupier.cli._session import Sitting, TerminalSession, bots_at_table
from croupier.cli._terminal import Prompter
from croupier.cli.monte_bank.human import HumanSeat
from croupier.cli.monte_bank.render import layout_grid
from croupier.engine.events import Event
from croupier.games.monte_bank import MonteBank, MonteView, Phase, Rules
from croupier.games.monte_bank.events import (
    DrawnForBank,
    LayoutCard,
    PackShuffled,
    RitualPassed,
)
from croupier.i18n import N_
from croupier.table import Player

__all__ = ["PLAY", "Session"]

_QUIET = (PackShuffled, RitualPassed, DrawnForBank)


class Session(TerminalSession):
    """A Monte Bank table: bots from the roster, and you at `seat` unless --auto."""

    def __init__(
        self,
        console: Console,
        rules: Rules,
        *,
        seed: int | None,
        rounds: int | None,
        bots: int,
        chips: int,
        seat: int | None,
        rituals: bool = False,
    ) -> None:
        players = self.bots(bots, rules.seats, seat, seed)
        if seat is not None:
            players[seat] = Player("you", self.human(console, rituals), refusals=None)
        super().__init__(
            console,
            self.game_type(),
            rules,
            players,
            chips,
            seed=seed,
            coups=rounds,
            human_seat=seat,
        )
        self._dealing = False

    game_type: type[MonteBank] = MonteBank

    def bots(
        self, count: int, seats: int, human_seat: int | None, seed: int | None
    ) -> dict[int, Player]:
        return bots_at_table(count, seats, human_seat, ROSTER, MonteBot, seed)

    def human(self, console: Console, rituals: bool) -> HumanSeat:
        return HumanSeat(console, Prompter(console), self.short_name, rituals=rituals)

    def tell(self, event: Event) -> None:
        auto = self.human_seat is None  # nobody at the terminal: the layout is drawn
        self._dealing = self._dealing or (auto and isinstance(event, LayoutCard))
        line = self.narrator(event)
        quiet = self.human_seat is None and isinstance(event, _QUIET)
        if line is not None and not quiet:
            self.console.print(line)

    def after_step(self) -> None:
        super().after_step()
        if not self._dealing:
            return
        view = self.game.view(self.table.state, None)
        if view.phase is Phase.BETTING:  # the layout stands: bets come next
            self._dealing = False
            self.show_layout(view)

    def show_layout(self, view: MonteView) -> None:
        """With nobody at the terminal, the layout drawn once it stands, before its bets."""
        self.console.print(layout_grid(view))


PLAY = Sitting(
    game="monte-bank",
    session=Session,
    help=N_(
        "Sit at a Monte Bank table: bet circles, crosses, doublers and Monte Carlos on the "
        "layout, watch the gate and the draw, and bank in your turn.\n\nAt the bets prompt "
        "type `help` for the commands; `table` shows the layout again."
    ),
    examples=N_(
        "Examples: `croupier play monte-bank --seed 7`; "
        "`croupier play monte-bank --auto --seed 7 --rounds 20`; `croupier rules monte-bank`."
    ),
    bots=N_("Bots at the table (default: 3 with you, 4 with --auto)."),
    usual=(3, 4),
    chips=3000,
    rituals=True,
)
"""How monte-bank is played at the terminal (`croupier play monte-bank`)."""

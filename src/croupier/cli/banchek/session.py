"""`croupier play banchek`: a session at the terminal, with bots and perhaps you."""

from __future__ import annotations

from rich.console import Console

from croupier.bots.banchek import ROSTER, BanchekBot
from croupier.cli.banchek.human import HumanSeat
from croupier.cli.session import TerminalSession, bots_at_table
from croupier.cli.terminal import Prompter
from croupier.engine.events import Event
from croupier.games.banchek import Banchek, Rules
from croupier.games.banchek.events import DrawnForBank, PackShuffled
from croupier.table import Player

__all__ = ["Session"]

_QUIET = (PackShuffled, DrawnForBank)


class Session(TerminalSession):
    """A Banchek table: bots from the roster, and you at `human_seat` unless --auto."""

    def __init__(
        self,
        console: Console,
        rules: Rules,
        *,
        seed: int | None,
        rounds: int | None,
        bots: int,
        chips: int,
        human_seat: int | None,
        odds: bool = False,
    ) -> None:
        players = bots_at_table(bots, rules.seats, human_seat, ROSTER, BanchekBot, seed)
        if human_seat is not None:
            human = HumanSeat(console, Prompter(console), self.short_name, odds=odds)
            players[human_seat] = Player("you", human, refusals=None)
        super().__init__(
            console,
            Banchek(),
            rules,
            players,
            chips,
            seed=seed,
            coups=rounds,
            human_seat=human_seat,
        )

    def tell(self, event: Event) -> None:
        line = self.narrator(event)
        quiet = self.human_seat is None and isinstance(event, _QUIET)
        if line is not None and not quiet:
            self.console.print(line)

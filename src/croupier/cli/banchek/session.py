"""`croupier play banchek`: a session at the terminal, with bots and perhaps you."""

from __future__ import annotations

from rich.console import Console

from croupier.bots.banchek import ROSTER, BanchekBot
from croupier.cli._session import Sitting, TerminalSession, bots_at_table
from croupier.cli._terminal import Prompter
from croupier.cli.banchek._human import HumanSeat
from croupier.engine.events import Event
from croupier.games.banchek import Banchek, Rules
from croupier.games.banchek.events import DrawnForBank, PackShuffled
from croupier.i18n import N_
from croupier.table import Player

__all__ = ["PLAY", "Session"]

_QUIET = (PackShuffled, DrawnForBank)


class Session(TerminalSession):
    """A Banchek table: bots from the roster, and you at `seat` unless --auto."""

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
        odds: bool = False,
    ) -> None:
        players = bots_at_table(bots, rules.seats, seat, ROSTER, BanchekBot, seed)
        if seat is not None:
            human = HumanSeat(console, Prompter(console), self.short_name, odds=odds)
            players[seat] = Player("you", human, refusals=None)
        super().__init__(
            console,
            Banchek(),
            rules,
            players,
            chips,
            seed=seed,
            coups=rounds,
            human_seat=seat,
        )

    def tell(self, event: Event) -> None:
        line = self.narrator(event)
        quiet = self.human_seat is None and isinstance(event, _QUIET)
        if line is not None and not quiet:
            self.console.print(line)


PLAY = Sitting(
    game="banchek",
    session=Session,
    help=N_(
        "Sit at a Polish Banchek table: three cards, a stake up to the whole bank, and the card "
        "the banker turns: a card of its suit as high or higher wins. You bank in your turn.\n\n"
        "At the prompt type `help` for the commands; `table` shows the table again."
    ),
    examples=N_(
        "Examples: `croupier play banchek --odds`; "
        "`croupier play banchek --auto --seed 7 --rounds 40 --riders`; `croupier rules banchek`."
    ),
    bots=N_("Bots at the table (default: 3 with you, 4 with --auto)."),
    usual=(3, 4),
    chips=2000,
    odds=N_("Show your cards' exact chance against the next card."),
)
"""How banchek is played at the terminal (`croupier play banchek`)."""

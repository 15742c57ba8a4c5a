"""`croupier play private-monte`: a session at the terminal, with bots and perhaps you."""

from __future__ import annotations

from rich.console import Console

from croupier.bots.private_monte import ROSTER, LayoutBettor
from croupier.cli._session import Sitting, bots_at_table
from croupier.cli._terminal import Prompter
from croupier.cli.monte_bank.session import Session
from croupier.cli.private_monte._human import PrivateSeat
from croupier.cli.private_monte._render import odds_table
from croupier.games.monte_bank import MonteView
from croupier.games.private_monte import PrivateMonte, PrivateRules
from croupier.i18n import N_, _
from croupier.table import Player

__all__ = ["PLAY", "PrivateSession"]


class PrivateSession(Session):
    """A Private Monte table: bots that bet flat or count the pack, and you unless --auto;
    `odds` shows the exact odds of each layout given the cards seen."""

    game_type = PrivateMonte

    def __init__(
        self,
        console: Console,
        rules: PrivateRules,
        *,
        seed: int | None,
        rounds: int | None,
        bots: int,
        chips: int,
        seat: int | None,
        rituals: bool = False,
        odds: bool = False,
    ) -> None:
        self.odds = odds
        super().__init__(
            console,
            rules,
            seed=seed,
            rounds=rounds,
            bots=bots,
            chips=chips,
            seat=seat,
            rituals=rituals,
        )

    def bots(
        self, count: int, seats: int, human_seat: int | None, seed: int | None
    ) -> dict[int, Player]:
        return bots_at_table(count, seats, human_seat, ROSTER, LayoutBettor.seated, seed)

    def human(self, console: Console, rituals: bool) -> PrivateSeat:
        return PrivateSeat(
            console, Prompter(console), self.short_name, rituals=rituals, odds=self.odds
        )

    def show_layout(self, view: MonteView) -> None:
        super().show_layout(view)
        if self.odds:
            self.console.print(odds_table(view))

    def header(self) -> None:
        super().header()
        counters = [
            self.short_name(seat)
            for seat, player in self.players.items()
            if isinstance(player.controller, LayoutBettor) and player.controller.counting
        ]
        if counters:
            said = _("Counting the pack: {names}.").format(names=", ".join(counters))
            self.console.print(said)


PLAY = Sitting(
    game="private-monte",
    session=PrivateSession,
    help=N_(
        "Sit at a Private Monte Bank table: back the top layout, the bottom one or both; the "
        "gate wins for a layout with a card of its suit, 1 to 1. Up to six deals come from one "
        "shuffle, so the cards seen tell which suits are left: `--odds` shows what they are "
        "worth.\n\nAt the bets prompt type `help` for the commands; `table` shows the layout "
        "again."
    ),
    examples=N_(
        "Examples: `croupier play private-monte --odds`; "
        "`croupier play private-monte --auto --seed 7 --rounds 24 --odds`; "
        "`croupier rules private-monte`."
    ),
    bots=N_("Bots at the table (default: 3 with you, 4 with --auto)."),
    usual=(3, 4),
    chips=3000,
    odds=N_("Show each layout's exact chance given the cards seen since the shuffle."),
    rituals=True,
)
"""How private-monte is played at the terminal (`croupier play private-monte`)."""
